// SPDX-License-Identifier: MIT
// The banner that says why there is no usable GPU (in the user's language where it can).
#include "ui/gpubanner.h"

#include "ui/datatexts.h"

#include "words/format.h"

namespace speeduplab {

GpuBanner::GpuBanner(const MachineInfo::GpuState &state, QWidget *parent)
    : Banner(QStringLiteral("gpuBanner"), parent)
{
    setState(state);
}

void GpuBanner::setState(const MachineInfo::GpuState &state)
{
    const bool changed = !m_shown || state.usable != m_state.usable || state.reason != m_state.reason;
    m_shown = true;
    m_state = state;
    if (state.usable) {
        setText(QString());
        setVisible(false);
        return;
    }
    // The reason is CUDA's; a laptop's Intel or AMD GPU has other routes, which the banner names
    // without probing for them (a probe loads a driver: the sweep panel does it on demand). Debian
    // 12's OpenCL reaches no AMD laptop GPU; Mesa's Vulkan (RADV) does.
    setText(tr("No usable GPU: %1 CPU sweeps and opening recorded results (also GPU runs "
               "recorded elsewhere) work fully.")
                .arg(Format::sentence(DataTexts::gpuReason(state))) +
            tr(" An Intel or AMD GPU is reached through OpenCL or Vulkan instead: install its driver "
               "(intel-opencl-icd, mesa-vulkan-drivers) and choose it under Device."));
    if (changed) // a note the user closed stays closed while it says the same
        setVisible(true);
}

} // namespace speeduplab
