// SPDX-License-Identifier: MIT
// TranslatedSeriesWords: core's SeriesWords in the user's language (QtCore only). Translations::
// install() installs it, so that every curve's name core composes is already in that language.
#pragma once

#include "core/model/seriesname.h"

namespace speeduplab {

class TranslatedSeriesWords final : public SeriesWords {
public:
    std::string onTheCpu(bool pocl) const override;

protected:
    std::string cpuThreads(int threads) const override;
    std::string threadsNotStated() const override;
    std::string unnamedDevice(int index) const override;
    std::string notSynchronised() const override;
    std::string copies(const std::string &kind) const override;
    std::string coldCache() const override;
};

} // namespace speeduplab
