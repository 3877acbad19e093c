// SPDX-License-Identifier: MIT
// libFuzzer harness for the result loaders (ResultIO::fromCsv and fromJson) and the runs file
// (RunSet::fromJson). Built only with -DSPEEDUPLAB_FUZZ=ON and clang (scripts/fuzz.sh);
// tests/core/tst_fuzzcorpus.cpp replays the corpus and the crash inputs in the regular test run.
//
// Each input is read as CSV, as JSON and as a runs file. A loader may refuse it, with a
// ParseError and nothing else; what it accepts must survive a round trip: written back, it loads
// again and writes the same bytes. Any other exception, a crash, a leak or undefined behaviour
// is a finding.

#include "core/results/resultio.h"
#include "core/results/runset.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace speeduplab;

namespace {

[[noreturn]] void fail(const char *what, const std::string &detail)
{
    std::fprintf(stderr, "fuzz_resultio: %s\n%s\n", what, detail.c_str());
    std::abort();
}

void roundTrip(const ResultSet &r)
{
    const std::string csv = ResultIO::toCsv(r);
    const std::string json = ResultIO::toJson(r);
    try {
        if (ResultIO::toCsv(ResultIO::fromCsv(csv)) != csv)
            fail("a loaded set written as CSV does not load back the same", csv);
        if (ResultIO::toJson(ResultIO::fromJson(json)) != json)
            fail("a loaded set written as JSON does not load back the same", json);
    } catch (const ParseError &e) {
        fail("a loaded set written back is refused", e.what());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    for (auto *load : {&ResultIO::fromCsv, &ResultIO::fromJson}) {
        ResultSet r;
        try {
            r = load(text);
        } catch (const ParseError &) {
            continue; // refused with a sentence: fine
        }
        roundTrip(r);
    }
    std::string runs;
    try {
        runs = RunSet::toJson(RunSet::fromJson(text));
    } catch (const ParseError &) {
        return 0;
    }
    try {
        if (RunSet::toJson(RunSet::fromJson(runs)) != runs)
            fail("a loaded runs file written back does not load back the same", runs);
    } catch (const ParseError &e) {
        fail("a loaded runs file written back is refused", e.what());
    }
    return 0;
}
