// SPDX-License-Identifier: MIT
// libFuzzer harness for the settings file: each input is written to a file and read the way the
// window reads --settings FILE (settingsinput.h). A refusal is fine; what is read must be in
// range. Built only with -DSPEEDUPLAB_FUZZ=ON, clang and the GUI (scripts/fuzz.sh);
// tst_settings replays tests/fuzz/settings/ in the regular test run.
#include "settingsinput.h"

#include "ui/app.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static int argc = 1;
    static char name[] = "fuzz_settings";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    static const QString path = QDir::temp().filePath(QStringLiteral("fuzz_settings.ini"));
    const QString broken =
        fuzzsettings::check(path, QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!broken.isEmpty()) {
        std::fprintf(stderr, "fuzz_settings: %s\n", qPrintable(broken));
        std::abort();
    }
    return 0;
}
