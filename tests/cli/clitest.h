// SPDX-License-Identifier: MIT
#pragma once
// What the speeduplab-cli end-to-end tests (tst_cli.cpp, tst_clifiles.cpp) share: running the
// built binary with QProcess, describing its result for a failure message, and small file helpers.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#ifndef SPEEDUPLAB_CLI_PATH
#error "SPEEDUPLAB_CLI_PATH must name the speeduplab-cli binary (tests/cli/CMakeLists.txt)"
#endif

namespace speeduplab::clitest {

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

inline Result runCli(const QStringList &args, int timeoutMs = 60000)
{
    QProcess p;
    p.setProgram(QStringLiteral(SPEEDUPLAB_CLI_PATH));
    p.setArguments(args);
    p.start();
    Result r;
    if (!p.waitForStarted(10000)) {
        r.err = "could not start " + p.program() + ": " + p.errorString();
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QString("timed out after %1 ms").arg(timeoutMs);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

inline QString describe(const Result &r)
{
    return QString("exit %1\n--- stdout:\n%2\n--- stderr:\n%3").arg(r.exitCode).arg(r.out.left(4000), r.err);
}

/// Replaces @DIR@ in the arguments with the test's own folder.
inline QStringList expand(const QStringList &args, const QString &dir)
{
    QStringList out;
    for (const QString &a : args)
        out << QString(a).replace("@DIR@", dir);
    return out;
}

inline QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

inline bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace speeduplab::clitest
