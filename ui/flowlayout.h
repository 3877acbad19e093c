// SPDX-License-Identifier: MIT
// FlowLayout: widgets laid out left to right, wrapping to a new row where the width runs out, so
// that a row of buttons fits a narrow dock (its minimum width is its widest item's, not the sum).
#pragma once

#include <QLayout>
#include <QList>

namespace speeduplab {

class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    /// Places the visible items in rect (or only measures, when place is false); the height used.
    int arrange(const QRect &rect, bool place) const;
    int spacingOrDefault() const;
    QList<QLayoutItem *> m_items;
};

} // namespace speeduplab
