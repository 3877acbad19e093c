// SPDX-License-Identifier: MIT
// What the speeduplab-cli end-to-end tests (tst_cli.cpp, tst_clifiles.cpp) share: running the
// built binary with QProcess, describing its result for a failure message, and small file helpers.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <csignal>
#include <sys/types.h>

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

/// Starts the CLI, waits until its stdout holds `waitFor` (at most a minute; "" waits for
/// nothing), then `delayMs` more, sends it `sig` (SIGINT, SIGTERM) and waits for it to exit
/// (generously: the command is expected to stop soon, but the test does not time it). exitCode is
/// -1 when it did not exit by itself (killed by the signal, or timed out).
inline Result interruptCli(const QStringList &args, const QString &waitFor, int sig, int delayMs = 0)
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
    QByteArray out;
    while (!waitFor.isEmpty() && !QString::fromUtf8(out).contains(waitFor) && p.state() == QProcess::Running)
        if (p.waitForReadyRead(60000))
            out += p.readAllStandardOutput();
        else
            break;
    if (p.state() != QProcess::Running) {
        p.waitForFinished(1000);
        r.out = QString::fromUtf8(out + p.readAllStandardOutput());
        r.err = "exited before it was interrupted\n" + QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    if (delayMs > 0)
        p.waitForFinished(delayMs); // a short wait, not a deadline: it returns early if the command ends
    if (p.state() == QProcess::Running)
        ::kill(pid_t(p.processId()), sig);
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = "still running 10 s after the signal";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(out + p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

inline QByteArray readBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
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
