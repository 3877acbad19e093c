// SPDX-License-Identifier: MIT
// The HTML report (HtmlReport): the runs shown as one self-contained page, to post or to print.
#pragma once

#include "core/io/safefile.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace speeduplab {

class RunStore;

/// One HTML file of what the store shows: the title, what was measured and where, the one-slide
/// summary, every chart that has curves as inline SVG (the figures the exports draw, by the same
/// code) with its note, the Explain text, the crossovers (and the A/B matchups), the data table,
/// and the runs themselves as a runs file (RunSet::toJson) in a JSON block, so that
/// `speeduplab --open report.html` reopens them. It loads nothing (a Content-Security-Policy
/// forbids every outside load and every script), needs no script to read, prints on A4 and
/// Letter, and is written in the window's language. Every text from a file goes in through
/// HtmlText::escaped, the data through HtmlText::scriptData.
class HtmlReport {
    Q_DECLARE_TR_FUNCTIONS(HtmlReport)
public:
    struct Options {
        bool wholeLoop = false; ///< the time charts show whole loops (the original answer's table)
    };
    /// The page, whole. The store's charts are built here, at the report's sizes.
    static std::string build(const RunStore &store, const Options &options);
    /// build(), written as every result file is (ResultIO::writeResultFile: SafeFile's rules, and
    /// never larger than SpeedupLab reads back). Throws WriteError.
    static void write(const RunStore &store, const std::string &path, const Options &options,
                      const WriteOptions &write = {});
    /// The rows the data table lists before it says how many more the embedded results hold.
    static constexpr int tableRows = 2000;
};

} // namespace speeduplab
