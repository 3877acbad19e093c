// SPDX-License-Identifier: MIT
// TextWrap: greedy line filling for notes, a number kept with its unit.
#include "ui/charts/textwrap.h"

#include "words/format.h"

#include <QFontMetricsF>

#include <vector>

namespace speeduplab {

QStringList TextWrap::lines(const QString &text, const QFont &font, qreal width, bool indented)
{
    const QFontMetricsF fm(font);
    const qreal space = fm.horizontalAdvance(QLatin1Char(' '));
    const QString indent = indented ? QStringLiteral("    ") : QString();
    const qreal indentWidth = fm.horizontalAdvance(indent);
    QStringList out;
    std::vector<qreal> widths;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        // A number and its unit stay together ("1.66 µs" was split across two lines).
        const QChar joiner(0xe000); // a private-use mark: the text's own characters stay as they are
        QStringList words = Format::keepUnits(line, joiner).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (QString &w : words)
            w.replace(joiner, QLatin1Char(' '));
        if (words.isEmpty()) {
            out << QString();
            continue;
        }
        widths.resize(std::size_t(words.size()));
        for (qsizetype i = 0; i < words.size(); ++i)
            widths[std::size_t(i)] = fm.horizontalAdvance(words[i]);
        bool first = true;
        for (qsizetype a = 0; a < words.size();) {
            // Greedy: as many words as fit after the first one.
            qreal used = (first ? 0 : indentWidth) + widths[std::size_t(a)];
            qsizetype chars = words[a].size(), b = a + 1;
            qsizetype semi = words[a].endsWith(QLatin1Char(';')) ? a : -1, semiChars = chars;
            for (; b < words.size() && used + space + widths[std::size_t(b)] <= width; ++b) {
                used += space + widths[std::size_t(b)];
                chars += 1 + words[b].size();
                if (words[b].endsWith(QLatin1Char(';'))) {
                    semi = b;
                    semiChars = chars;
                }
            }
            // The line breaks: after a semicolon in its second half rather than mid-clause.
            if (b < words.size() && semi >= a && semi + 1 < b && 2 * semiChars > chars)
                b = semi + 1;
            out << (first ? QString() : indent) + words.mid(a, b - a).join(QLatin1Char(' '));
            a = b;
            first = false;
        }
    }
    return out;
}

} // namespace speeduplab
