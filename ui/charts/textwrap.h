// SPDX-License-Identifier: MIT
// How a chart's notes break into lines at a width: measured text, no chart needed.
#pragma once

#include <QFont>
#include <QString>
#include <QStringList>

namespace speeduplab {

class TextWrap {
public:
    /// Wraps text at width pixels in font: greedy line filling, each word measured once (linear
    /// in the length of the text). Lines break at spaces, and in Chinese or Japanese text between
    /// its characters (not before a comma or a closing mark). A number and its unit stay together. A line
    /// breaks after a semicolon when one lies in its second half; continuation lines are indented unless
    /// `indent` is false. A word wider than the line stands on its own.
    static QStringList lines(const QString &text, const QFont &font, qreal width, bool indent = true);
};

} // namespace speeduplab
