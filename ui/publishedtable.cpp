// SPDX-License-Identifier: MIT
// The original answer's published table: its label and reading it from the resources as a reference run.
#include "ui/publishedtable.h"

#include "core/results/resultio.h"

#include <QFile>

#include <stdexcept>

namespace speeduplab {

QString PublishedTable::name()
{
    return QStringLiteral("original-answer");
}

QString PublishedTable::path()
{
    return QStringLiteral(":/examples/original-answer/published-table.csv");
}

QString PublishedTable::title()
{
    return tr("The original answer's published table (another machine, GPU not synchronised)");
}

QString PublishedTable::description()
{
    return tr("b += b, 1000 iterations, n = 4, 40, 400 and 4000, as the widely cited answer published it: "
              "seconds for the whole loop, measured on a machine it does not describe, its GPU column "
              "timed without synchronising the device. Drawn dashed beside your runs.");
}

QString PublishedTable::label()
{
    return tr("published with the original answer; another machine; GPU not synchronised");
}

RunRecord PublishedTable::load()
{
    QFile f(path());
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error("the original answer's published table is missing from this build");
    const QByteArray bytes = f.readAll();
    RunRecord run;
    run.results = ResultIO::fromCsv(std::string(bytes.constData(), std::size_t(bytes.size())));
    run.label = label().toStdString();
    run.reference = true;
    run.source = path().toStdString();
    return run;
}

} // namespace speeduplab
