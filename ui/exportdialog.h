// SPDX-License-Identifier: MIT
// The export dialog (ExportDialog): the pixel size a chart is exported at, asked by FileDialogs.
#pragma once

#include <QDialog>

#include <optional>

class QComboBox;
class QSpinBox;

namespace speeduplab {

/// Asks for the pixel size of an exported chart; 1920 x 1080 (a slide) by default.
class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(const QSize &initial, const QSize &window, QWidget *parent = nullptr);
    QSize pixelSize() const;

    /// Shows the dialog; nothing when the user cancels.
    static std::optional<QSize> ask(QWidget *parent, const QSize &initial, const QSize &window);

private:
    QComboBox *m_preset = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
};

} // namespace speeduplab
