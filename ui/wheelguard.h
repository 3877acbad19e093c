// SPDX-License-Identifier: MIT
// WheelGuard: the mouse wheel scrolls a scrolled form instead of changing the field that passes
// under the pointer. A spin box or combo box inside a scroll area takes the wheel only once it has
// the focus (a click or Tab); otherwise the wheel goes on to the scroll area.
#pragma once

#include <QObject>

class QApplication;

namespace speeduplab {

/// One process-wide event filter (App::initialise installs it), so that every form, the sweep
/// panel's and any added later, behaves the same.
class WheelGuard : public QObject {
    Q_OBJECT

public:
    /// Installs the guard on the application, once; later calls do nothing.
    static void install(QApplication &app);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};

} // namespace speeduplab
