// SPDX-License-Identifier: MIT
// A tiny test harness for the GPU tests, so that they need no Qt Test and build on the GPU
// machine, which has no Qt. Each TEST_CASE, and each row of a data-driven one (checkRows), is one
// result: passed, failed (the first failed CHECK ends it, as QVERIFY does) or skipped (SKIP, with
// the reason printed). The totals come last as "N passed, N failed, N skipped"; the exit status
// is 1 when anything failed. Arguments, if any, keep only the tests whose name contains one.
#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace speeduplab::check {

/// Thrown by SKIP: the test cannot run here (no GPU), and says why.
struct Skipped {
    explicit Skipped(std::string why) : reason(std::move(why)) {}
    std::string reason;
};
/// Thrown by a failed CHECK: where and what.
struct Failed {
    std::string message;
};

struct Totals {
    int passed = 0;
    int failed = 0;
    int skipped = 0;
};

struct TestCase {
    std::string name;
    std::function<void()> body;
};

inline std::vector<TestCase> &registry()
{
    static std::vector<TestCase> tests;
    return tests;
}

inline Totals &totals()
{
    static Totals t;
    return t;
}

struct Registrar {
    Registrar(const char *name, std::function<void()> body) { registry().push_back({name, std::move(body)}); }
};

[[noreturn]] inline void fail(const char *file, int line, const std::string &what)
{
    std::ostringstream out;
    out << file << ':' << line << ": " << what;
    throw Failed{out.str()};
}

namespace detail {
inline std::string &currentTest()
{
    static std::string name;
    return name;
}
inline bool &hasRows()
{
    static bool rows = false;
    return rows;
}

/// Runs a body and counts its outcome; a pass is counted (and printed) only with countPass.
inline void run(const std::string &name, const std::function<void()> &body, bool countPass)
{
    Totals &t = totals();
    try {
        body();
        if (countPass) {
            ++t.passed;
            std::printf("PASS   %s\n", name.c_str());
        }
    } catch (const Skipped &s) {
        ++t.skipped;
        std::printf("SKIP   %s: %s\n", name.c_str(), s.reason.c_str());
    } catch (const Failed &f) {
        ++t.failed;
        std::printf("FAIL!  %s: %s\n", name.c_str(), f.message.c_str());
    } catch (const std::exception &e) {
        ++t.failed;
        std::printf("FAIL!  %s: unexpected exception: %s\n", name.c_str(), e.what());
    } catch (...) {
        ++t.failed;
        std::printf("FAIL!  %s: unexpected exception of unknown type\n", name.c_str());
    }
    std::fflush(stdout);
}
} // namespace detail

/// Data-driven test (Qt Test's _data() and QFETCH): body(row) once per row, each counted as
/// "test/rowName". The enclosing TEST_CASE then counts only if it fails outside the rows.
template <typename Row, typename Body>
void checkRows(const std::vector<std::pair<std::string, Row>> &rows, Body body)
{
    detail::hasRows() = true;
    for (const auto &[rowName, row] : rows) {
        const auto one = [&] { body(row); };
        detail::run(detail::currentTest() + "/" + rowName, one, true);
    }
}

/// Runs the registered tests (those whose name contains an argument, if any), prints the totals
/// and returns the exit status.
inline int runAll(int argc, char **argv)
{
    for (const TestCase &test : registry()) {
        bool selected = argc <= 1;
        for (int i = 1; i < argc && !selected; ++i)
            selected = test.name.find(argv[i]) != std::string::npos;
        if (!selected)
            continue;
        detail::currentTest() = test.name;
        detail::hasRows() = false;
        // A data-driven test is its rows: its own pass would count them twice.
        const auto whole = [&] {
            test.body();
            if (detail::hasRows())
                return;
            ++totals().passed;
            std::printf("PASS   %s\n", test.name.c_str());
        };
        detail::run(test.name, whole, false);
    }
    const Totals &t = totals();
    std::printf("Totals: %d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
    return t.failed > 0 ? 1 : 0;
}

template <typename T> std::string show(const T &value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

} // namespace speeduplab::check

#define SL_CHECK_CONCAT2(a, b) a##b
#define SL_CHECK_CONCAT(a, b) SL_CHECK_CONCAT2(a, b)

/// Defines and registers a test function.
#define TEST_CASE(name)                                                                                      \
    static void name();                                                                                      \
    static const ::speeduplab::check::Registrar SL_CHECK_CONCAT(name, Registrar)(#name, name);               \
    static void name()

/// Ends the current test (or row) as failed when cond is false.
#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        if (!(cond))                                                                                         \
            ::speeduplab::check::fail(__FILE__, __LINE__, "CHECK(" #cond ") is false");                      \
    } while (false)

/// CHECK with a message (a std::string or const char *) that says what was seen.
#define CHECK_MSG(cond, message)                                                                             \
    do {                                                                                                     \
        if (!(cond))                                                                                         \
            ::speeduplab::check::fail(__FILE__, __LINE__,                                                    \
                                      std::string("CHECK(" #cond ") is false: ") + (message));               \
    } while (false)

/// Compares with ==, printing both values on a mismatch (QCOMPARE).
#define CHECK_EQ(actual, expected)                                                                           \
    do {                                                                                                     \
        const auto &actual_ = (actual);                                                                      \
        const auto &expected_ = (expected);                                                                  \
        if (!(actual_ == expected_))                                                                         \
            ::speeduplab::check::fail(__FILE__, __LINE__,                                                    \
                                      "CHECK_EQ(" #actual ", " #expected "): got " +                         \
                                          ::speeduplab::check::show(actual_) + ", expected " +               \
                                          ::speeduplab::check::show(expected_));                             \
    } while (false)

/// Fails unless expr throws Type (or a type derived from it).
#define CHECK_THROWS(Type, expr)                                                                             \
    do {                                                                                                     \
        bool thrown_ = false;                                                                                \
        try {                                                                                                \
            (void)(expr);                                                                                    \
        } catch (const Type &) {                                                                             \
            thrown_ = true;                                                                                  \
        } catch (const std::exception &e_) {                                                                 \
            ::speeduplab::check::fail(__FILE__, __LINE__,                                                    \
                                      "CHECK_THROWS(" #Type ", " #expr ") threw another exception: " +       \
                                          std::string(e_.what()));                                           \
        }                                                                                                    \
        if (!thrown_)                                                                                        \
            ::speeduplab::check::fail(__FILE__, __LINE__,                                                    \
                                      "CHECK_THROWS(" #Type ", " #expr ") did not throw");                   \
    } while (false)

/// Ends the current test (or row) as failed, with a message.
#define FAIL(message) ::speeduplab::check::fail(__FILE__, __LINE__, (message))

/// Ends the current test (or row) as skipped, with the reason (printed).
#define SKIP(reason) throw ::speeduplab::check::Skipped(std::string(reason))

/// The harness's main: runs every TEST_CASE.
#define CHECK_MAIN()                                                                                         \
    int main(int argc, char **argv)                                                                          \
    {                                                                                                        \
        return ::speeduplab::check::runAll(argc, argv);                                                      \
    }
