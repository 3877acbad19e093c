// SPDX-License-Identifier: MIT
// SourceSnippets: the marked regions of the embedded kernel sources that the Source tab shows.
#pragma once

#include <QString>
#include <QStringList>

namespace speeduplab {

/// The regions of the real kernel sources that the Source view shows. The build embeds
/// cuda/kernels.cu, cuda/gpurun.cpp and core/kernels/cpukernels.cpp as resources (ui/CMakeLists.txt), so
/// the code shown is the code that was compiled. A region runs from a line
/// `// source-view: <id>` to the next `// source-view: end`.
class SourceSnippets {
public:
    struct Snippet {
        QString id;
        QString file;      ///< relative to the source tree, e.g. "cuda/kernels.cu"
        int firstLine = 0; ///< 1-based, the first line after the opening marker
        int lastLine = 0;  ///< the last line before the closing marker
        QString code;      ///< the lines, common indentation removed
        bool isValid() const { return !id.isEmpty(); }
    };

    /// The files the snippets come from (the embedded copies live under :/source/).
    static QStringList files();
    /// The region called id; an invalid Snippet when no file marks it.
    static Snippet find(const QString &id);
    /// Every region found, in file order.
    static const QList<Snippet> &all();
    /// Problems with the markers (unclosed, unopened or duplicate regions, missing files); empty
    /// when they are well formed.
    static QStringList errors();
};

} // namespace speeduplab
