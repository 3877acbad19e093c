// SPDX-License-Identifier: MIT
// The export dialog: PNG or SVG, the pixel size, and what that size means.
#include "ui/exportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace speeduplab {

ExportDialog::ExportDialog(const QSize &initial, const QSize &window, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Export chart"));
    auto *form = new QFormLayout(this);
    m_preset = new QComboBox;
    m_preset->addItem(tr("Slide, Full HD (1920 \u00d7 1080)"), QSize(1920, 1080));
    m_preset->addItem(tr("Slide, HD (1280 \u00d7 720)"), QSize(1280, 720));
    m_preset->addItem(tr("Slide, 4K (3840 \u00d7 2160)"), QSize(3840, 2160));
    m_preset->addItem(tr("Document (1600 \u00d7 1000)"), QSize(1600, 1000));
    if (window.isValid())
        m_preset->addItem(tr("As on screen (%1 \u00d7 %2)").arg(window.width()).arg(window.height()), window);
    m_preset->addItem(tr("Custom"), QSize());
    m_width = new QSpinBox;
    m_width->setRange(16, 16384);
    m_width->setSuffix(tr(" px"));
    m_height = new QSpinBox;
    m_height->setRange(16, 16384);
    m_height->setSuffix(tr(" px"));
    m_width->setValue(initial.width());
    m_height->setValue(initial.height());
    auto *about =
        new QLabel(tr("The image's size in pixels (an SVG is given it too). From 1280 pixels wide, the "
                      "chart is laid out as on a 1280-pixel slide and scaled up: a larger image is "
                      "sharper, its text no smaller. The zoom (Ctrl++) applies as on screen."));
    about->setWordWrap(true);
    about->setObjectName(QStringLiteral("exportAbout"));
    form->addRow(about);
    form->addRow(tr("Size:"), m_preset);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    const int match = m_preset->findData(initial);
    m_preset->setCurrentIndex(match >= 0 ? match : m_preset->count() - 1);
    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
        const QSize s = m_preset->currentData().toSize();
        if (s.isValid()) {
            m_width->setValue(s.width());
            m_height->setValue(s.height());
        }
    });
    auto custom = [this] {
        const int i = m_preset->findData(pixelSize());
        QSignalBlocker block(m_preset);
        m_preset->setCurrentIndex(i >= 0 ? i : m_preset->count() - 1);
    };
    connect(m_width, &QSpinBox::valueChanged, this, custom);
    connect(m_height, &QSpinBox::valueChanged, this, custom);
}

QSize ExportDialog::pixelSize() const
{
    return {m_width->value(), m_height->value()};
}

std::optional<QSize> ExportDialog::ask(QWidget *parent, const QSize &initial, const QSize &window)
{
    ExportDialog d(initial, window, parent);
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    return d.pixelSize();
}

} // namespace speeduplab
