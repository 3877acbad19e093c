// SPDX-License-Identifier: MIT
// TextWrap: greedy line filling for notes, a number kept with its unit.
#include "ui/charts/textwrap.h"

#include "words/format.h"

#include <QFontMetricsF>

#include <vector>

namespace speeduplab {

namespace {

// Chinese and Japanese text has no spaces: a line may break between two of its characters.
bool cjk(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 0x2e80 && u <= 0x9fff) || (u >= 0xf900 && u <= 0xfaff) || (u >= 0xff00 && u <= 0xffef);
}

// What may not begin a line (a comma, a full stop, a closing bracket) or end one (an opening one).
bool noStart(QChar c)
{
    static const QString marks =
        QStringLiteral("\uff0c\u3002\u3001\uff1b\uff1a\uff01\uff1f\uff09\u3011\u300d\u300f"
                       "\u2019\u201d\u00b7,.;:!?)]%");
    return marks.contains(c);
}
bool noEnd(QChar c)
{
    static const QString marks = QStringLiteral("\uff08\u3010\u300c\u300e\u2018\u201c([");
    return marks.contains(c);
}

// A piece of a line: a word, or a run of one within a CJK word; `spaced`: a space comes before it.
struct Piece {
    QString text;
    bool spaced = false;
    qreal width = 0;
};

// The pieces of a word between which a line may break: between CJK characters, and between one
// and a Latin neighbour, unless a mark forbids it.
void cut(const QString &word, bool spaced, std::vector<Piece> &out)
{
    qsizetype from = 0;
    for (qsizetype i = 1; i < word.size(); ++i) {
        const QChar x = word[i - 1], y = word[i];
        if ((cjk(x) || cjk(y)) && !noStart(y) && !noEnd(x) && !y.isLowSurrogate()) {
            out.push_back({word.mid(from, i - from), from == 0 && spaced});
            from = i;
        }
    }
    out.push_back({word.mid(from), from == 0 && spaced});
}

bool endsClause(const QString &piece)
{
    return piece.endsWith(QLatin1Char(';')) || piece.endsWith(QChar(0xff1b));
}

} // namespace

QStringList TextWrap::lines(const QString &text, const QFont &font, qreal width, bool indented)
{
    const QFontMetricsF fm(font);
    const qreal space = fm.horizontalAdvance(QLatin1Char(' '));
    const QString indent = indented ? QStringLiteral("    ") : QString();
    const qreal indentWidth = fm.horizontalAdvance(indent);
    QStringList out;
    std::vector<Piece> pieces;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        // A number and its unit stay together ("1.66 µs" was split across two lines).
        const QChar joiner(0xe000); // a private-use mark: the text's own characters stay as they are
        QStringList words = Format::keepUnits(line, joiner).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (words.isEmpty()) {
            out << QString();
            continue;
        }
        pieces.clear();
        for (qsizetype i = 0; i < words.size(); ++i)
            cut(words[i].replace(joiner, QLatin1Char(' ')), i > 0, pieces);
        for (Piece &p : pieces)
            p.width = fm.horizontalAdvance(p.text);
        const auto gap = [&](std::size_t i) { return pieces[i].spaced ? space : 0.0; };
        bool first = true;
        for (std::size_t a = 0; a < pieces.size();) {
            // Greedy: as many pieces as fit after the first one.
            qreal used = (first ? 0 : indentWidth) + pieces[a].width;
            qsizetype chars = pieces[a].text.size(), semiChars = chars;
            std::size_t b = a + 1, semi = endsClause(pieces[a].text) ? a : pieces.size();
            for (; b < pieces.size() && used + gap(b) + pieces[b].width <= width; ++b) {
                used += gap(b) + pieces[b].width;
                chars += (pieces[b].spaced ? 1 : 0) + pieces[b].text.size();
                if (endsClause(pieces[b].text)) {
                    semi = b;
                    semiChars = chars;
                }
            }
            // The line breaks: after a semicolon in its second half rather than mid-clause.
            if (b < pieces.size() && semi < pieces.size() && semi + 1 < b && 2 * semiChars > chars)
                b = semi + 1;
            QString l = first ? QString() : indent;
            for (std::size_t i = a; i < b; ++i)
                l += (i > a && pieces[i].spaced ? QStringLiteral(" ") : QString()) + pieces[i].text;
            out << l;
            a = b;
            first = false;
        }
    }
    return out;
}

} // namespace speeduplab
