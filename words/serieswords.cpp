// SPDX-License-Identifier: MIT
// TranslatedSeriesWords: each piece of a curve's name through the "SeriesWords" translations.
#include "words/serieswords.h"

#include <QCoreApplication>

namespace speeduplab {

namespace {
std::string utf8(const QString &text)
{
    return text.toStdString();
}
} // namespace

// QCoreApplication::translate in full, with literals: lupdate finds them only so.
std::string TranslatedSeriesWords::cpuThreads(int threads) const
{
    return utf8(threads == 1 ? QCoreApplication::translate("SeriesWords", "CPU %1 thread").arg(threads)
                             : QCoreApplication::translate("SeriesWords", "CPU %1 threads").arg(threads));
}

std::string TranslatedSeriesWords::threadsNotStated() const
{
    return utf8(QCoreApplication::translate("SeriesWords", "CPU, threads not stated"));
}

std::string TranslatedSeriesWords::unnamedDevice(int index) const
{
    return utf8(QCoreApplication::translate("SeriesWords", "device %1").arg(index));
}

std::string TranslatedSeriesWords::onTheCpu(bool pocl) const
{
    return utf8(pocl ? QCoreApplication::translate("SeriesWords", "PoCL on the CPU")
                     : QCoreApplication::translate("SeriesWords", "OpenCL on the CPU"));
}

std::string TranslatedSeriesWords::notSynchronised() const
{
    return utf8(QCoreApplication::translate("SeriesWords", " launch, not synchronised"));
}

std::string TranslatedSeriesWords::copies(const std::string &kind) const
{
    return utf8(QCoreApplication::translate("SeriesWords", " + %1 copies").arg(QString::fromStdString(kind)));
}

std::string TranslatedSeriesWords::coldCache() const
{
    return utf8(QCoreApplication::translate("SeriesWords", ", cold cache"));
}

} // namespace speeduplab
