// SPDX-License-Identifier: MIT
// ResultIO writing through SafeFile: atomic replacement (no partial or temporary file left
// behind), write errors, non-regular targets, symlinks, file modes, read-only files and the
// preflight check of unwritable folders.

#include "resultiotest.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <atomic>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <functional>
#include <optional>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace speeduplab;
using namespace resultiotest;

namespace {

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

/// The file's permission bits, or -1 when it cannot be stat'ed.
int modeOf(const QString &path)
{
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

bool writeRaw(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Runs f as user nobody (65534) in a child process, when this test runs as root: root passes
/// every permission check, a plain user does not. Returns what f returned, or why it could not.
QString asNobody(const std::function<QString()> &f)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return QStringLiteral("pipe failed");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::string out;
        if (::setgid(65534) != 0 || ::setuid(65534) != 0)
            out = "setuid failed";
        else
            out = f().toStdString();
        const ssize_t n = ::write(fds[1], out.data(), out.size());
        ::_exit(n == ssize_t(out.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    QByteArray got;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        got.append(buf, int(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return QString::fromUtf8(got);
}

/// SafeFile::check's message, "" when it passed.
QString checkMessage(const std::string &path)
{
    try {
        SafeFile::check(path);
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TestResultIO : public QObject {
    Q_OBJECT

private slots:
    void atomicWriteReplacesWhole_data();
    void atomicWriteReplacesWhole();
    void writeErrors_data();
    void writeErrors();
    void unwritableFolder();
    void refusesNonRegularTargets_data();
    void refusesNonRegularTargets();
    void devNullIsRefused();
    void symlinkIsFollowed();
    void modeIsKept_data();
    void modeIsKept();
    void readOnlyNeedsForce();
    void sameFileTwice();
    void preflightFindsUnwritableFolders();
    void staleTemporariesAreRemoved();
    void neverAFileTooLargeToOpen();
    void noTemporaryAfterAFailedWrite();
    void streamedWriteStops_data();
    void streamedWriteStops();
    void filesAreWrittenAsTheTextIs();
    void createOnlyNeverReplaces();
    void sameFileByAnyName();
};

void TestResultIO::atomicWriteReplacesWhole_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::newRow("new file") << QByteArray() << QByteArray("one line\n");
    QTest::newRow("longer file replaced by a shorter one")
        << QByteArray(200000, 'x') << QByteArray("short\n");
    QTest::newRow("shorter file replaced by a longer one")
        << QByteArray("short\n") << QByteArray(300000, 'y');
    QTest::newRow("replaced by an empty file") << QByteArray("something\n") << QByteArray();
}

void TestResultIO::atomicWriteReplacesWhole()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    if (!before.isEmpty())
        SafeFile::write(path.toStdString(), before.toStdString());
    SafeFile::write(path.toStdString(), after.toStdString());
    QCOMPARE(readAll(path), after);
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"}); // no temporary file left beside it

    // Results are shared like any other file: mode 0666 & ~umask, whatever the umask is.
    // (A new file: an existing one keeps its mode, as modeIsKept checks.)
    for (const mode_t mask : {mode_t(022), mode_t(027), mode_t(077)}) {
        QVERIFY(QFile::remove(path));
        const mode_t old = umask(mask);
        SafeFile::write(path.toStdString(), after.toStdString());
        umask(old);
        struct stat st {};
        QCOMPARE(stat(path.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), int(0666 & ~mask));
        // The writer never changes the umask itself (other threads may be creating files).
        QCOMPARE(umask(old), old);
    }
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
}

void TestResultIO::writeErrors_data()
{
    QTest::addColumn<QString>("relative"); ///< the target, relative to a fresh folder
    QTest::addColumn<QString>("mentions");
    QTest::newRow("folder does not exist") << "missing/out.csv"
                                           << "does not exist";
    QTest::newRow("deep folder does not exist") << "a/b/c/out.json"
                                                << "does not exist";
    QTest::newRow("target is a folder") << "sub"
                                        << "is a folder";
    QTest::newRow("no name") << ""
                             << "no output file name";
}

void TestResultIO::writeErrors()
{
    QFETCH(QString, relative);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    const QString path = relative.isEmpty() ? QString() : dir.filePath(relative);
    const QStringList before = entries(dir.path());
    for (int how = 0; how < 3; ++how) {
        const auto msg = thrown<WriteError>([&] {
            if (how == 0)
                ResultIO::writeCsv(sampleSet(), path.toStdString());
            else if (how == 1)
                ResultIO::writeJson(sampleSet(), path.toStdString());
            else
                SafeFile::check(path.toStdString());
        });
        QVERIFY2(msg, "no WriteError");
        QVERIFY2(!msg->startsWith(kWrongType), qPrintable(*msg));
        QVERIFY2(msg->contains(mentions), qPrintable(*msg));
        if (!path.isEmpty())
            QVERIFY2(msg->contains(path), qPrintable(*msg));
        // Nothing was created: not the file, not a temporary, not the missing folder.
        QCOMPARE(entries(dir.path()), before);
        QVERIFY(entries(dir.filePath("sub")).isEmpty());
    }
}

void TestResultIO::unwritableFolder()
{
    if (geteuid() == 0)
        QSKIP("running as root: a read-only folder is still writable");
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("ro"));
    const QString ro = dir.filePath("ro");
    QVERIFY(QFile::setPermissions(ro, QFile::ReadOwner | QFile::ExeOwner));
    const auto msg =
        thrown<WriteError>([&] { ResultIO::writeCsv(sampleSet(), (ro + "/out.csv").toStdString()); });
    QFile::setPermissions(ro, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QVERIFY(msg);
    QVERIFY2(msg->contains("not writable"), qPrintable(*msg));
    QVERIFY(entries(ro).isEmpty());
}

void TestResultIO::refusesNonRegularTargets_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("FIFO") << "fifo"
                          << "it is a FIFO (named pipe), not a regular file";
    QTest::newRow("socket") << "socket"
                            << "it is a socket, not a regular file";
    QTest::newRow("device node like /dev/null") << "device"
                                                << "it is a character device, not a regular file";
    QTest::newRow("folder") << "folder"
                            << "it is a folder, not a regular file";
    QTest::newRow("symlink to a FIFO") << "link to fifo"
                                       << "(a link to ";
}

void TestResultIO::refusesNonRegularTargets()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("out.csv");
    const QByteArray p = QFile::encodeName(path);
    mode_t type = S_IFIFO;
    if (kind == "fifo" || kind == "link to fifo") {
        const QString fifo = dir.filePath(kind == "fifo" ? "out.csv" : "pipe");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0666), 0);
        if (kind == "link to fifo")
            QVERIFY(QFile::link("pipe", path));
    } else if (kind == "socket") {
        type = S_IFSOCK;
        const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(s >= 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        QVERIFY(size_t(p.size()) < sizeof addr.sun_path);
        std::memcpy(addr.sun_path, p.constData(), size_t(p.size()));
        QCOMPARE(::bind(s, reinterpret_cast<const sockaddr *>(&addr), sizeof addr), 0);
        ::close(s);
    } else if (kind == "device") {
        // A node like /dev/null (character device 1:3), made here: a broken check replaces
        // this one, never the real /dev/null.
        type = S_IFCHR;
        if (::mknod(p.constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            QSKIP(qPrintable("cannot make a device node here (" + QString::fromUtf8(std::strerror(errno)) +
                             "); /dev/null is checked by SafeFile::check only, in devNullIsRefused"));
    } else {
        type = S_IFDIR;
        QVERIFY(QDir(dir.path()).mkdir("out.csv"));
    }
    const QStringList before = entries(dir.path());
    for (int how = 0; how < 3; ++how) {
        const auto msg = thrown<WriteError>([&] {
            if (how == 0)
                SafeFile::check(path.toStdString());
            else if (how == 1)
                ResultIO::writeCsv(sampleSet(), path.toStdString(), WriteOptions{true});
            else
                ResultIO::writeJson(sampleSet(), path.toStdString());
        });
        QVERIFY2(msg, "no WriteError");
        QVERIFY2(msg->startsWith("cannot write " + path + ": ") ||
                     msg->startsWith("cannot write " + path + " ("),
                 qPrintable(*msg));
        QVERIFY2(msg->contains(mentions), qPrintable(*msg));
        // Still the same thing, and nothing else created beside it (no temporary file).
        QCOMPARE(entries(dir.path()), before);
        struct stat st {};
        QCOMPARE(::stat(p.constData(), &st), 0);
        QCOMPARE(st.st_mode & S_IFMT, type);
    }
}

void TestResultIO::devNullIsRefused()
{
    // Only through checks that refuse it: nothing here writes to /dev/null.
    QString msg = checkMessage("/dev/null");
    QCOMPARE(msg, QStringLiteral("cannot write /dev/null: it is a character device, not a regular file"));
    QTemporaryDir dir;
    const QString link = dir.filePath("null.csv");
    QVERIFY(QFile::link("/dev/null", link));
    msg = checkMessage(link.toStdString());
    QCOMPARE(msg,
             "cannot write " + link + " (a link to /dev/null): it is a character device, not a regular file");
    const auto twice = thrown<WriteError>([&] { SafeFile::checkAll({"/dev/null"}); });
    QVERIFY(twice && twice->contains("character device"));
    QCOMPARE(entries(dir.path()), QStringList{"null.csv"});
}

void TestResultIO::symlinkIsFollowed()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("data"));
    const QString target = dir.filePath("data/target.csv");
    QVERIFY(writeRaw(target, "old\n"));
    QCOMPARE(::chmod(QFile::encodeName(target).constData(), 0640), 0);
    const QString link = dir.filePath("link.csv");
    QVERIFY(QFile::link("data/target.csv", link)); // relative: resolved from the link's folder
    const QString chain = dir.filePath("chain.csv");
    QVERIFY(QFile::link("link.csv", chain)); // a link to the link

    ResultIO::writeCsv(sampleSet(), chain.toStdString());
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(QFileInfo(chain).isSymLink());
    QCOMPARE(QFile::symLinkTarget(chain), link);
    QCOMPARE(readAll(target), QByteArray::fromStdString(ResultIO::toCsv(sampleSet())));
    QCOMPARE(modeOf(target), 0640);
    // The temporary file was made beside the target, and is gone.
    // Its metadata lies beside the target, where it is found through the links or without them.
    QCOMPARE(entries(dir.filePath("data")), (QStringList{"target.csv", "target.csv.meta.json"}));
    QCOMPARE(entries(dir.path()), (QStringList{"chain.csv", "data", "link.csv"}));
    QVERIFY(ResultIO::load(chain.toStdString()).machine == sampleSet().machine);
    QVERIFY(ResultIO::load(target.toStdString()).machine == sampleSet().machine);

    // A dangling link: the file it names is created, the link stays.
    const QString dangling = dir.filePath("dangling.json");
    QVERIFY(QFile::link("data/new.json", dangling));
    ResultIO::writeJson(sampleSet(), dangling.toStdString());
    QVERIFY(QFileInfo(dangling).isSymLink());
    QCOMPARE(readAll(dir.filePath("data/new.json")),
             QByteArray::fromStdString(ResultIO::toJson(sampleSet())));

    // A loop of links is refused with a sentence, not followed forever.
    QVERIFY(QFile::link("loop-b", dir.filePath("loop-a")));
    QVERIFY(QFile::link("loop-a", dir.filePath("loop-b")));
    const auto msg =
        thrown<WriteError>([&] { ResultIO::writeCsv(sampleSet(), dir.filePath("loop-a").toStdString()); });
    QVERIFY2(msg && msg->contains("symbolic links"), msg ? qPrintable(*msg) : "no WriteError");
}

void TestResultIO::modeIsKept_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("0600") << 0600;
    QTest::newRow("0640") << 0640;
    QTest::newRow("0604") << 0604;
    QTest::newRow("0664") << 0664;
    QTest::newRow("0755") << 0755;
}

void TestResultIO::modeIsKept()
{
    QFETCH(int, mode);
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QVERIFY(writeRaw(path, "old\n"));
    QCOMPARE(::chmod(QFile::encodeName(path).constData(), mode_t(mode)), 0);
    SafeFile::write(path.toStdString(), "new\n");
    QCOMPARE(readAll(path), QByteArray("new\n"));
    QCOMPARE(modeOf(path), mode);
    ResultIO::writeCsv(sampleSet(), path.toStdString()); // and again: still the same mode
    QCOMPARE(modeOf(path), mode);
    QCOMPARE(entries(dir.path()), (QStringList{"out.csv", "out.csv.meta.json"}));
}

void TestResultIO::readOnlyNeedsForce()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QVERIFY(writeRaw(path, "keep me\n"));
    QCOMPARE(::chmod(QFile::encodeName(path).constData(), 0444), 0);
    for (int how = 0; how < 2; ++how) {
        try {
            if (how == 0)
                SafeFile::check(path.toStdString());
            else
                ResultIO::writeCsv(sampleSet(), path.toStdString());
            QFAIL("a read-only file was accepted without force");
        } catch (const WriteError &e) {
            QCOMPARE(QString::fromUtf8(e.what()), "cannot write " + path + ": the file is read-only");
            QVERIFY(e.kind() == WriteError::Kind::ReadOnly);
        }
        QCOMPARE(readAll(path), QByteArray("keep me\n"));
        QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
    }
    // Forced: replaced, and still read-only.
    SafeFile::check(path.toStdString(), WriteOptions{true});
    ResultIO::writeCsv(sampleSet(), path.toStdString(), WriteOptions{true});
    QCOMPARE(readAll(path), QByteArray::fromStdString(ResultIO::toCsv(sampleSet())));
    QCOMPARE(modeOf(path), 0444);
    QCOMPARE(entries(dir.path()), (QStringList{"out.csv", "out.csv.meta.json"}));
}

void TestResultIO::sameFileTwice()
{
    QTemporaryDir dir;
    const std::string a = dir.filePath("a.csv").toStdString();
    auto refused = [](const std::vector<std::string> &paths) -> QString {
        const auto msg = thrown<WriteError>([&] { SafeFile::checkAll(paths); });
        return msg ? *msg : QString();
    };
    QCOMPARE(refused({a, a}),
             QString::fromStdString(a) + " is given as two outputs: give each output its own file");
    const std::string dotted = dir.path().toStdString() + "/./sub/../a.csv";
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    QVERIFY(refused({a, dotted}).contains("are the same file"));

    // Relative and absolute, from the current folder.
    const QString cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    const QString relative = refused({"a.csv", "./a.csv"});
    const QString mixed = refused({"a.csv", a});
    QVERIFY(QDir::setCurrent(cwd));
    QCOMPARE(relative, QStringLiteral("a.csv and ./a.csv are the same file: give each output its own file"));
    QVERIFY2(mixed.contains("are the same file"), qPrintable(mixed));

    // A symlink and its target (the target does not exist yet), and two hard links.
    QVERIFY(QFile::link("a.csv", dir.filePath("link.csv")));
    QVERIFY(refused({a, dir.filePath("link.csv").toStdString()}).contains("are the same file"));
    QVERIFY(writeRaw(dir.filePath("b.csv"), "b\n"));
    QCOMPARE(::link(QFile::encodeName(dir.filePath("b.csv")).constData(),
                    QFile::encodeName(dir.filePath("hard.csv")).constData()),
             0);
    QVERIFY(refused({dir.filePath("b.csv").toStdString(), dir.filePath("hard.csv").toStdString()})
                .contains("are the same file"));

    // Different files pass, and the preflight leaves nothing behind.
    SafeFile::checkAll({a, dir.filePath("a.json").toStdString(), dir.filePath("b.csv").toStdString()});
    QCOMPARE(entries(dir.path()), (QStringList{"b.csv", "hard.csv", "sub"})); // QDir skips a dangling link
    QVERIFY(QFileInfo(dir.filePath("link.csv")).isSymLink());
    QVERIFY(!QFileInfo::exists(dir.filePath("a.csv")));
}

void TestResultIO::preflightFindsUnwritableFolders()
{
    // A folder that refuses new files even to root: sysfs.
    if (QFileInfo(QStringLiteral("/sys")).isDir()) {
        const QString msg = checkMessage("/sys/speeduplab-preflight.csv");
        QVERIFY2(msg.startsWith("cannot write /sys/speeduplab-preflight.csv: ") && msg.contains("/sys"),
                 qPrintable(msg));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/speeduplab-preflight.csv")));
    }
    if (::geteuid() != 0)
        QSKIP("the sticky-folder case needs another user's file, which only root can make here");
    // Root passes permission bits and sticky folders: check as user nobody instead.
    QTemporaryDir dir;
    QCOMPARE(::chmod(QFile::encodeName(dir.path()).constData(), 0755), 0);
    QVERIFY(QDir(dir.path()).mkdir("closed"));
    QCOMPARE(::chmod(QFile::encodeName(dir.filePath("closed")).constData(), 0755), 0);
    QVERIFY(QDir(dir.path()).mkdir("sticky"));
    QCOMPARE(::chmod(QFile::encodeName(dir.filePath("sticky")).constData(), 01777), 0);
    const QString other = dir.filePath("sticky/other.csv"); // root's, writable by all
    QVERIFY(writeRaw(other, "root's\n"));
    QCOMPARE(::chmod(QFile::encodeName(other).constData(), 0666), 0);

    const QString closed =
        asNobody([&] { return checkMessage(dir.filePath("closed/out.csv").toStdString()); });
    QVERIFY2(closed.startsWith("cannot write " + dir.filePath("closed/out.csv")) &&
                 closed.contains("not writable"),
             qPrintable(closed));
    const QString sticky = asNobody([&] { return checkMessage(other.toStdString()); });
    QCOMPARE(sticky, "cannot write " + other + ": it belongs to another user, and its folder " +
                         dir.filePath("sticky") + " lets only a file's owner replace it");
    // A new file in the same folder is fine: the probe creates and renames files of its own.
    const QString mine = asNobody([&] {
        const QString m = checkMessage(dir.filePath("sticky/mine.csv").toStdString());
        return m.isEmpty() ? QStringLiteral("ok") : m;
    });
    QCOMPARE(mine, QStringLiteral("ok"));
    QCOMPARE(entries(dir.filePath("sticky")), QStringList{"other.csv"});
    QCOMPARE(readAll(other), QByteArray("root's\n"));
}

void TestResultIO::staleTemporariesAreRemoved()
{
    QTemporaryDir dir;
    auto make = [&](const QString &name, qint64 ageSeconds) {
        const QString p = dir.filePath(name);
        QVERIFY(writeRaw(p, "half a file"));
        timespec times[2];
        ::clock_gettime(CLOCK_REALTIME, &times[0]);
        times[0].tv_sec -= ageSeconds;
        times[1] = times[0];
        QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(p).constData(), times, 0), 0);
    };
    make("out.csv.tmp-0123456789ab", 3600);                      // a killed write's, an hour ago: removed
    make("out.csv.tmp-abcdefabcdef", 3600);                      // the same
    make("out.csv.tmp-0123456789ac", 0);                         // written after this process started: kept
    make("out.csv.tmp-0123456789abc", 3600);                     // not the pattern (13 digits): kept
    make("out.csv.tmp-xyz", 3600);                               // not the pattern: kept
    make("other.csv.tmp-0123456789ab", 3600);                    // another file's: kept
    QVERIFY(QDir(dir.path()).mkdir("out.csv.tmp-ffffffffffff")); // not a regular file: kept
    QVERIFY(QFile::link("other.csv.tmp-0123456789ab", dir.filePath("out.csv.tmp-eeeeeeeeeeee")));
    QStringList kept = entries(dir.path());
    kept.removeAll("out.csv.tmp-0123456789ab");
    kept.removeAll("out.csv.tmp-abcdefabcdef");

    SafeFile::check(dir.filePath("out.csv").toStdString()); // the preflight cleans up too
    QCOMPARE(entries(dir.path()), kept);
    make("out.csv.tmp-0123456789ab", 3600);
    ResultIO::writeCsv(sampleSet(), dir.filePath("out.csv").toStdString());
    kept << "out.csv"
         << "out.csv.meta.json";
    kept.sort();
    QCOMPARE(entries(dir.path()), kept);

    // Issue 36: a writer paused mid-write (SIGSTOP, Ctrl+Z) lost its temporary to a second writer
    // of the same file, which took it for a killed write's. A live writer holds a lock on its
    // temporary: an old one that is locked is kept, whatever its age.
    make("out.csv.tmp-0a0a0a0a0a0a", 3600);
    const int owner =
        ::open(QFile::encodeName(dir.filePath("out.csv.tmp-0a0a0a0a0a0a")).constData(), O_RDONLY);
    QVERIFY(owner >= 0);
    QCOMPARE(::flock(owner, LOCK_EX | LOCK_NB), 0);
    ResultIO::writeCsv(sampleSet(), dir.filePath("out.csv").toStdString());
    QVERIFY(entries(dir.path()).contains("out.csv.tmp-0a0a0a0a0a0a"));
    ::close(owner); // its writer gone: the next write cleans it up
    ResultIO::writeCsv(sampleSet(), dir.filePath("out.csv").toStdString());
    QVERIFY(!entries(dir.path()).contains("out.csv.tmp-0a0a0a0a0a0a"));
}

void TestResultIO::noTemporaryAfterAFailedWrite()
{
    // A write that fails half-way (a file size limit: EFBIG) keeps the old file whole and
    // leaves no temporary behind.
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QVERIFY(writeRaw(path, "old\n"));
    rlimit old{};
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit small = old;
    small.rlim_cur = 4096;
    auto *previous = std::signal(SIGXFSZ, SIG_IGN);
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const auto msg =
        thrown<WriteError>([&] { SafeFile::write(path.toStdString(), std::string(100000, 'x')); });
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);
    QVERIFY2(msg, "no WriteError");
    QVERIFY2(msg->startsWith("cannot write " + path + ": ") && msg->contains(std::strerror(EFBIG)),
             qPrintable(*msg));
    QCOMPARE(readAll(path), QByteArray("old\n"));
    QCOMPARE(entries(dir.path()), QStringList{"out.csv"});
}

void TestResultIO::streamedWriteStops_data()
{
    QTest::addColumn<bool>("stop");        ///< the stop flag is set after the first piece
    QTest::addColumn<quint64>("maxBytes"); ///< WriteOptions::maxBytes
    QTest::addColumn<int>("kind");         ///< the WriteError::Kind expected; -1: written
    QTest::addColumn<QString>("mentions");
    QTest::newRow("written") << false << quint64(0) << -1 << QString();
    QTest::newRow("within the limit") << false << quint64(3000000) << -1 << QString();
    QTest::newRow("stopped") << true << quint64(0) << int(WriteError::Kind::Stopped) << "stopped";
    QTest::newRow("too large") << false << quint64(2500000) << int(WriteError::Kind::TooLarge)
                               << "larger than 2 MiB";
}

void TestResultIO::streamedWriteStops()
{
    // A streamed write of 3 MB in pieces (several blocks): stopped or over its limit, it keeps
    // the old file whole and leaves no temporary behind; else it writes every piece.
    QFETCH(bool, stop);
    QFETCH(quint64, maxBytes);
    QFETCH(int, kind);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const QString path = dir.filePath("out.json");
    QVERIFY(writeRaw(path, "old\n"));
    std::atomic<bool> flag{false};
    WriteOptions o;
    o.maxBytes = maxBytes;
    o.stop = &flag;
    const std::string piece(1000, 'x');
    std::optional<WriteError::Kind> got;
    QString msg;
    try {
        SafeFile::write(
            path.toStdString(),
            [&](const SafeFile::Append &append) {
                for (int i = 0; i < 3000; ++i) {
                    append(piece);
                    if (stop)
                        flag.store(true);
                }
            },
            o);
    } catch (const WriteError &e) {
        got = e.kind();
        msg = QString::fromStdString(e.what());
    }
    if (kind < 0) {
        QVERIFY2(!got, qPrintable(msg));
        QCOMPARE(readAll(path), QByteArray(3000000, 'x'));
    } else {
        QVERIFY2(got && int(*got) == kind, qPrintable(msg));
        QVERIFY2(msg.contains(mentions), qPrintable(msg));
        QCOMPARE(readAll(path), QByteArray("old\n"));
    }
    QCOMPARE(entries(dir.path()), QStringList{"out.json"});
}

void TestResultIO::createOnlyNeverReplaces()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("results.partial.json"), link = dir.filePath("link.json");
    WriteOptions o;
    o.createOnly = true;
    SafeFile::write(path.toStdString(), "first\n", o);
    QCOMPARE(readAll(path), QByteArray("first\n"));
    // Taken: by a file, or by a link (even a dangling one), it is never replaced.
    QVERIFY(QFile::link(dir.filePath("nowhere.json"), link));
    for (const QString &taken : {path, link}) {
        const auto msg = thrown<WriteError>([&] { SafeFile::write(taken.toStdString(), "second\n", o); });
        QVERIFY2(msg && msg->contains("exists"), qPrintable(taken));
    }
    QCOMPARE(readAll(path), QByteArray("first\n"));
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(!QFileInfo::exists(dir.filePath("nowhere.json")));          // not written through the link
    QCOMPARE(entries(dir.path()), QStringList{"results.partial.json"}); // and no temporary left
}

void TestResultIO::sameFileByAnyName()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    const QString a = dir.filePath("a.json");
    QVERIFY(writeRaw(a, "{}\n"));
    QVERIFY(QFile::link(a, dir.filePath("link.json")));
    QCOMPARE(
        ::link(QFile::encodeName(a).constData(), QFile::encodeName(dir.filePath("hard.json")).constData()),
        0);
    for (const QString &other : {a, dir.filePath("./a.json"), dir.filePath("sub/../a.json"),
                                 dir.filePath("link.json"), dir.filePath("hard.json")})
        QVERIFY2(SafeFile::sameFile(a.toStdString(), other.toStdString()), qPrintable(other));
    QVERIFY(SafeFile::sameFile(dir.filePath("new.json").toStdString(),
                               dir.filePath("sub/../new.json").toStdString()));
    QVERIFY(!SafeFile::sameFile(a.toStdString(), dir.filePath("b.json").toStdString()));
    QVERIFY(!SafeFile::sameFile(a.toStdString(), dir.filePath("sub/a.json").toStdString()));
}

// Issue 36: --open big.csv --json out.json wrote a 273 MiB file that SpeedupLab then refused to
// read: merge checked the limit, the single-run writers did not. Every result file goes through
// ResultIO::writeResultFile, which stops at the limit (here a smaller one) and leaves nothing.
void TestResultIO::neverAFileTooLargeToOpen()
{
    QTemporaryDir dir;
    const ResultSet r = sampleSet();
    for (const bool csv : {true, false}) {
        const std::string path = dir.filePath(csv ? "big.csv" : "big.json").toStdString();
        WriteOptions small;
        small.maxBytes = 200;
        const auto msg = thrown<WriteError>(
            [&] { csv ? ResultIO::writeCsv(r, path, small) : ResultIO::writeJson(r, path, small); });
        QVERIFY2(msg, "no WriteError");
        QVERIFY2(msg->contains("MiB SpeedupLab opens, so nothing was written"), qPrintable(*msg));
        QCOMPARE(entries(dir.path()), QStringList());
    }
}

void TestResultIO::filesAreWrittenAsTheTextIs()
{
    // Issue 36: writeCsv and writeJson stream their rows (a million rows took 13 GB as one JSON
    // tree); the files hold exactly toCsv's and toJson's text, past CSV's 1 MiB pieces, and the
    // JSON is compact: a line for the format and machine, then a row a line.
    ResultSet r = sampleSet();
    const ResultSet one = r;
    for (int copy = 1; r.rows.size() < 20000; ++copy)
        for (Measurement m : one.rows) {
            m.variant += "copy" + std::to_string(copy); // each point once
            r.add(m);
        }
    QTemporaryDir dir;
    const QString csv = dir.filePath("big.csv"), json = dir.filePath("big.json");
    ResultIO::writeCsv(r, csv.toStdString());
    ResultIO::writeJson(r, json.toStdString());
    const QByteArray csvText = readAll(csv), jsonText = readAll(json);
    QVERIFY(csvText.size() > (1 << 21));
    QCOMPARE(csvText, QByteArray::fromStdString(ResultIO::toCsv(r)));
    QCOMPARE(jsonText, QByteArray::fromStdString(ResultIO::toJson(r)));
    QCOMPARE(jsonText.count('\n'), qsizetype(r.rows.size()) + 1);
    QVERIFY(jsonText.startsWith("{\"format\":\"speeduplab-results\",\"machine\":{"));
    try {
        QCOMPARE(ResultIO::load(json.toStdString()).rows.size(), r.rows.size());
    } catch (const std::exception &e) {
        QFAIL(e.what());
    }
}

QTEST_APPLESS_MAIN(TestResultIO)
#include "tst_resultwrite.moc"
