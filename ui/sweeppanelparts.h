// SPDX-License-Identifier: MIT
// Internal to the sweep panel (sweeppanel.cpp, sweeppanelbuild.cpp): its small widgets and helpers.
#pragma once

#include "ui/sweeppanel.h"

#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <functional>
#include <limits>

namespace speeduplab::sweeppanel {

inline const char *const kModes[] = {"launch", "graph", "fused", "unsynced"};
// The device list's "every device in turn" entry.
inline constexpr int kAllDevices = -2;
// The device list's data of the k-th described device (SweepPanel::describedDevices: opencl:0,
// ...); a CUDA GPU's is its index, 0 or more.
inline constexpr int describedEntry(int k)
{
    return -1000 - k;
}
inline constexpr int describedOf(int entry)
{
    return entry <= -1000 ? -1000 - entry : -1;
}
// The rows' name of a described device's backend ("opencl"), as SweepForm::described holds it.
inline QString describedRow(const DeviceDescription &d)
{
    const DescribedBackend *b = describedByPrefix(d.backend);
    return b ? QString::fromLatin1(b->row.data(), qsizetype(b->row.size())) : QString();
}

inline QString modeTip(const QString &mode)
{
    if (mode == QLatin1String("launch"))
        return SweepPanel::tr("One kernel launch per iteration, as the seed's Python loop does.");
    if (mode == QLatin1String("graph"))
        return SweepPanel::tr("The same launches, captured once into a CUDA graph and replayed.");
    if (mode == QLatin1String("fused"))
        return SweepPanel::tr("All iterations in one kernel, where the workload allows it.");
    return SweepPanel::tr("The launches of launch mode, timed as the original answer did: the host's clock "
                          "read before the device is synchronised, which is the time to queue the "
                          "launches, not to run them; the time after synchronising is kept beside it. "
                          "Never part of a crossover.");
}

inline QLabel *infoLabel(const QString &objectName)
{
    auto *l = new QLabel;
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 0.92);
    l->setFont(f);
    return l;
}

/// A spin box that says why it changed what was typed: a value outside its range is set to
/// the nearest bound (rather than refused as it is typed, or reverted), and `corrected` gets
/// the reason; `edited` is called when the user types in it again.
class ExplainingSpinBox : public QSpinBox {
public:
    std::function<void(const QString &)> corrected;
    std::function<void()> edited;

    ExplainingSpinBox()
    {
        connect(lineEdit(), &QLineEdit::textEdited, this, [this] {
            if (edited)
                edited();
        });
    }

    QValidator::State validate(QString &input, int &pos) const override
    {
        const QValidator::State state = QSpinBox::validate(input, pos);
        // Where the reason can be shown, every keystroke is let through and judged when the text
        // is entered (fixup): refusing them one by one made "1e3" into 13 and "-5" into 5 without
        // a word. Elsewhere the spin box refuses them as it always did.
        return state == QValidator::Invalid && corrected ? QValidator::Intermediate : state;
    }

    void fixup(QString &input) const override
    {
        bool ok = false;
        const int v = number(input, &ok);
        if (!ok && corrected && !input.trimmed().isEmpty()) {
            // Not a whole number ("1e3", "4k"): the value stays, and the panel says why.
            const QString typed = input.trimmed();
            input = textFromValue(value());
            corrected(SweepPanel::tr("\u201c%1\u201d is not a whole number: n stays %2.").arg(typed, input));
            return;
        }
        if (!ok || (v >= minimum() && v <= maximum())) {
            QSpinBox::fixup(input);
            return;
        }
        const int bound = v > maximum() ? maximum() : minimum();
        input = textFromValue(bound);
        if (corrected)
            corrected(v > maximum()
                          ? SweepPanel::tr("n is at most %1; %2 was set to %1.").arg(bound).arg(v)
                          : SweepPanel::tr("n is at least %1; %2 was set to %1.").arg(bound).arg(v));
    }

private:
    int number(const QString &input, bool *ok) const
    {
        QString t = input;
        if (t.startsWith(prefix()))
            t.remove(0, prefix().size());
        if (t.endsWith(suffix()))
            t.chop(suffix().size());
        t = t.trimmed();
        t.remove(locale().groupSeparator());
        *ok = false;
        if (t.isEmpty())
            return 0;
        const qlonglong v = locale().toLongLong(t, ok);
        if (!*ok)
            return 0;
        return int(
            std::clamp<qlonglong>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    }
};

enum class Tone { Note, Warning, Error };

inline void setInfo(QLabel *label, const QString &text, Tone tone)
{
    label->setText(text);
    label->setStyleSheet(tone == Tone::Error     ? QStringLiteral("color: #b02a1c;")
                         : tone == Tone::Warning ? QStringLiteral("color: #8a5300;")
                                                 : QStringLiteral("color: palette(mid);"));
    label->setVisible(!text.isEmpty());
}

inline QString gib(double bytes)
{
    return SweepPanel::tr("%1 GiB").arg(bytes / (1024.0 * 1024 * 1024), 0, 'f', 1);
}

} // namespace speeduplab::sweeppanel
