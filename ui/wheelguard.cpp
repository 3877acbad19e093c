// SPDX-License-Identifier: MIT
// WheelGuard: a field in a scrolled form takes the wheel only when it has the focus.
#include "ui/wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>

namespace speeduplab {

namespace {

/// A field whose value the wheel would change: a spin box (QSpinBox, QDoubleSpinBox, the date
/// and time edits) or a combo box.
bool isField(const QWidget *w)
{
    return qobject_cast<const QAbstractSpinBox *>(w) || qobject_cast<const QComboBox *>(w);
}

/// Whether w lies inside a scroll area, so that the wheel has something else to move.
bool insideScrollArea(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p && !p->isWindow(); p = p->parentWidget())
        if (qobject_cast<const QAbstractScrollArea *>(p))
            return true;
    return false;
}

} // namespace

void WheelGuard::install(QApplication &app)
{
    if (app.findChild<WheelGuard *>(QString(), Qt::FindDirectChildrenOnly))
        return;
    app.installEventFilter(new WheelGuard(&app));
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (!watched->isWidgetType())
        return false;
    auto *w = static_cast<QWidget *>(watched);
    if (event->type() == QEvent::Polish && isField(w)) {
        // The wheel alone never gives a field the focus: a click or Tab does.
        if (w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    if (event->type() == QEvent::Wheel && isField(w) && !w->hasFocus() && insideScrollArea(w)) {
        // Ignored, the wheel goes on to the parents, up to the scroll area, which scrolls.
        event->ignore();
        return true;
    }
    return false;
}

} // namespace speeduplab
