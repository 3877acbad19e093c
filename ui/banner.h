// SPDX-License-Identifier: MIT
// Banner: the note above the charts, a line of text with a close button, that GpuBanner and LoadBanner fill.
#pragma once

#include <QFrame>

class QAction;
class QHBoxLayout;
class QLabel;

namespace speeduplab {

/// A note above the charts: a line of text on a pale background, and a button that hides it.
/// GpuBanner and LoadBanner decide what it says and when it shows.
class Banner : public QFrame {
    Q_OBJECT
public:
    /// name: the object name; the text label is called name + "Text".
    explicit Banner(const QString &name, QWidget *parent = nullptr);
    QString text() const;
    /// A button under the text that triggers action, shown while the action is visible.
    void addButton(QAction *action);

protected:
    void setText(const QString &text);

private:
    QLabel *m_text = nullptr;
    QHBoxLayout *m_row = nullptr;
};

} // namespace speeduplab
