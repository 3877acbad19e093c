// SPDX-License-Identifier: MIT
// The Runs panel (RunsPanel).
#pragma once

#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace speeduplab {

class RunStore;

/// The Runs dock: every run the window holds, each with its colour family, its label (edited
/// in place: double-click or F2), a check box that shows or hides it and a remove button; and
/// the two runs compared across (A and B: the crossover of A's CPU with B's GPU on the time
/// chart, B's time over A's on the compare chart).
class RunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunsPanel(RunStore *store, QWidget *parent = nullptr);
    QListWidget *list() const { return m_list; }
    QComboBox *runAChooser() const { return m_a; }
    QComboBox *runBChooser() const { return m_b; }

private:
    void refresh();
    void itemChanged(QListWidgetItem *item);
    void removeSelected();
    void choosePair();
    RunStore *m_store;
    QListWidget *m_list = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_undo = nullptr;     ///< puts back what Remove or Close all took (RunStore::undoRemove)
    QPushButton *m_closeAll = nullptr; ///< every run but the live one (RunStore::removeAll)
    QComboBox *m_a = nullptr;
    QComboBox *m_b = nullptr;
    QFormLayout *m_form = nullptr; ///< A and B: shown with two runs or more
    QLabel *m_hint = nullptr;      ///< what A and B do, or how to get a second run
    QString m_bTip;                ///< B's tooltip, to which refresh() adds why it offers no run
    bool m_refreshing = false;
    bool m_deferRefresh = false; ///< inside itemChanged: the item must outlive the store's signals
};

} // namespace speeduplab
