// SPDX-License-Identifier: MIT
// SourceSnippets: the embedded files' region markers parsed once, with the errors they hold.
#include "ui/sourcesnippets.h"

#include <QFile>

#include <algorithm>

namespace speeduplab {

namespace {

struct Parsed {
    QList<SourceSnippets::Snippet> snippets;
    QStringList errors;
};

QString dedent(const QStringList &lines)
{
    int indent = INT_MAX;
    for (const QString &l : lines) {
        if (l.trimmed().isEmpty())
            continue;
        int i = 0;
        while (i < l.size() && l.at(i) == QLatin1Char(' '))
            ++i;
        indent = std::min(indent, i);
    }
    QStringList out;
    for (const QString &l : lines)
        out << (l.trimmed().isEmpty() ? QString() : l.mid(indent == INT_MAX ? 0 : indent));
    return out.join(QLatin1Char('\n'));
}

void parseFile(const QString &file, Parsed &p)
{
    QFile f(QStringLiteral(":/source/") + file);
    if (!f.open(QIODevice::ReadOnly)) {
        p.errors << QStringLiteral("%1 is not embedded").arg(file);
        return;
    }
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    const QString marker = QStringLiteral("// source-view: ");
    SourceSnippets::Snippet open;
    QStringList body;
    for (int i = 0; i < lines.size(); ++i) {
        const QString t = lines.at(i).trimmed();
        if (!t.startsWith(marker)) {
            if (open.isValid())
                body << lines.at(i);
            continue;
        }
        const QString id = t.mid(marker.size()).trimmed();
        if (id == QLatin1String("end")) {
            if (!open.isValid()) {
                p.errors << QStringLiteral("%1:%2: an end marker with no region open").arg(file).arg(i + 1);
                continue;
            }
            open.lastLine = i; // the line before this one, 1-based
            open.code = dedent(body);
            p.snippets << open;
            open = {};
            continue;
        }
        if (open.isValid())
            p.errors << QStringLiteral("%1:%2: region %3 opens inside region %4")
                            .arg(file)
                            .arg(i + 1)
                            .arg(id, open.id);
        open = {};
        open.id = id;
        open.file = file;
        open.firstLine = i + 2;
        body.clear();
    }
    if (open.isValid())
        p.errors << QStringLiteral("%1: region %2 is never closed").arg(file, open.id);
}

const Parsed &parsed()
{
    static const Parsed p = [] {
        Parsed r;
        for (const QString &file : SourceSnippets::files())
            parseFile(file, r);
        for (int i = 0; i < r.snippets.size(); ++i)
            for (int j = 0; j < i; ++j)
                if (r.snippets[i].id == r.snippets[j].id)
                    r.errors << QStringLiteral("region %1 is marked twice").arg(r.snippets[i].id);
        return r;
    }();
    return p;
}

} // namespace

QStringList SourceSnippets::files()
{
    return {QStringLiteral("cuda/kernels.cu"),
            QStringLiteral("cuda/gpurun.cpp"),
            QStringLiteral("core/kernels/cpukernels.cpp"),
            QStringLiteral("core/kernels/spmv.cpp"),
            QStringLiteral("cuda/spmvkernels.cu"),
            QStringLiteral("cuda/cusparselibrary.cpp")};
}

SourceSnippets::Snippet SourceSnippets::find(const QString &id)
{
    for (const Snippet &s : all())
        if (s.id == id)
            return s;
    return {};
}

const QList<SourceSnippets::Snippet> &SourceSnippets::all()
{
    return parsed().snippets;
}

QStringList SourceSnippets::errors()
{
    return parsed().errors;
}

} // namespace speeduplab
