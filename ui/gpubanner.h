// SPDX-License-Identifier: MIT
// GpuBanner: the note above the charts that says why this machine has no usable GPU.
#pragma once

#include "core/machine/machineinfo.h"
#include "ui/banner.h"

namespace speeduplab {

/// The note above the charts when this machine has no usable GPU, with the reason. It follows
/// the GPU state: shown when the GPU is (or becomes) unusable, hidden while it is usable. The
/// user may close it; it comes back only when the reason changes.
class GpuBanner : public Banner {
    Q_OBJECT
public:
    explicit GpuBanner(const MachineInfo::GpuState &state, QWidget *parent = nullptr);

    void setState(const MachineInfo::GpuState &state);

private:
    bool m_shown = false; ///< a state has been applied
    MachineInfo::GpuState m_state;
};

} // namespace speeduplab
