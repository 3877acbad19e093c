// SPDX-License-Identifier: MIT
// The Devices panel (DevicesPanel): the window's dock with the machine table and whose machine it is.
#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace speeduplab {

class DeviceModel;

/// The Devices dock: whose machine the facts describe (a caption) over the facts themselves.
class DevicesPanel : public QWidget {
    Q_OBJECT
public:
    explicit DevicesPanel(DeviceModel *model, QWidget *parent = nullptr);
    /// "This machine", or where a recorded run came from.
    void setCaption(const QString &text);

private:
    QLabel *m_caption = nullptr;
};

} // namespace speeduplab
