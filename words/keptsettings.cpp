// SPDX-License-Identifier: MIT
// KeptSettings: a settings file changed only where the app changed a value (see keptsettings.h).
#include "words/keptsettings.h"

#include "core/io/readfile.h"
#include "core/io/safefile.h"

#include <QDebug>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace speeduplab {

namespace {

/// The text of the settings file at `path`: empty when there is none; nullopt, with why, when
/// what is there is not a regular file of at most maxBytes (ReadFile: a FIFO cannot hang the app).
std::optional<QByteArray> readSettings(const QString &path, QString *why)
{
    ReadFile::Result r =
        ReadFile::read(QFile::encodeName(path).toStdString(), std::size_t(KeptSettings::maxBytes));
    if (r.why == ReadFile::Why::Open && r.errnum == ENOENT)
        return QByteArray();
    if (!r.ok()) {
        *why = QString::fromStdString(r.sentence);
        return std::nullopt;
    }
    return QByteArray::fromStdString(r.text);
}

bool writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

bool isKeyLine(const QByteArray &line)
{
    const QByteArray t = line.trimmed();
    return !t.isEmpty() && !t.startsWith(';') && !t.startsWith('#') && !t.startsWith('[') &&
           t.indexOf('=') > 0;
}

/// For each key QSettings reads from these lines, the line it comes from (of a key given twice,
/// the last, which QSettings keeps), found by QSettings itself so that its rules for keys,
/// sections and escapes need no copy here: each key line's value is replaced by its index.
std::map<QString, qsizetype> keyLines(const QList<QByteArray> &lines, const QString &path)
{
    QByteArray probe;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (isKeyLine(lines[i]))
            probe += lines[i].left(lines[i].indexOf('=')) + "=L" + QByteArray::number(i);
        else if (lines[i].trimmed().startsWith('['))
            probe += lines[i];
        probe += '\n';
    }
    std::map<QString, qsizetype> at;
    const QVariantMap keys = KeptSettings::read(probe, path);
    for (auto it = keys.begin(); it != keys.end(); ++it) {
        const QString v = it.value().toString();
        bool ok = false;
        const qsizetype i = v.startsWith(QLatin1Char('L')) ? v.mid(1).toLongLong(&ok) : -1;
        if (ok && i >= 0 && i < lines.size())
            at[it.key()] = i;
    }
    return at;
}

} // namespace

detail::SettingsScratch::SettingsScratch(const QString &f) : file(f)
{
    const std::optional<QByteArray> text = readSettings(file, &unusable);
    if (text)
        original = *text;
    else // read and written as an empty file in the scratch folder: nothing of it is used or lost
        unusable = QStringLiteral("the settings file %1 was not read: %2").arg(file, unusable);
    if (dir.isValid()) {
        work = dir.filePath(QStringLiteral("work.ini"));
        if (writeText(work, original))
            return;
    }
    // No scratch copy: the file itself, read and written by QSettings as it always was, or,
    // when it cannot be read, nothing.
    work = text ? file : QString();
}

KeptSettings::KeptSettings(const QString &file, bool makeFolder)
    : SettingsScratch(file), QSettings(work, QSettings::IniFormat), m_makeFolder(makeFolder)
{
}

KeptSettings::~KeptSettings()
{
    if (work == file || work.isEmpty())
        return; // QSettings writes (or, with no file, does not) as it always did
    sync();
    writeBack();
}

QVariantMap KeptSettings::read(const QByteArray &text, const QString &path)
{
    if (!writeText(path, text))
        return {};
    const QSettings s(path, QSettings::IniFormat);
    QVariantMap out;
    for (const QString &key : s.allKeys())
        out.insert(key, s.value(key));
    return out;
}

QByteArray KeptSettings::merge(const QByteArray &current, const QByteArray &fresh, const QStringList &changed,
                               const QStringList &removed, const QString &scratch)
{
    if (current.trimmed().isEmpty())
        return fresh;
    QList<QByteArray> lines = current.split('\n');
    const bool endsWithNewline = lines.size() > 1 && lines.back().isEmpty();
    if (endsWithNewline)
        lines.pop_back();
    const QList<QByteArray> freshLines = fresh.split('\n');
    const std::map<QString, qsizetype> at = keyLines(lines, scratch + QStringLiteral("/probe-current.ini"));
    const std::map<QString, qsizetype> freshAt =
        keyLines(freshLines, scratch + QStringLiteral("/probe-fresh.ini"));
    // The section header each of fresh's lines is under, as QSettings wrote it.
    std::vector<QByteArray> freshSection(std::size_t(freshLines.size()));
    QByteArray header;
    for (qsizetype i = 0; i < freshLines.size(); ++i) {
        if (freshLines[i].startsWith('['))
            header = freshLines[i].trimmed();
        freshSection[std::size_t(i)] = header;
    }

    std::vector<bool> drop(std::size_t(lines.size()), false);
    std::vector<std::pair<QByteArray, QList<QByteArray>>> added; // by section, in fresh's order
    for (const QString &key : changed) {
        const auto f = freshAt.find(key);
        if (f == freshAt.end())
            continue;
        const QByteArray &line = freshLines[f->second];
        if (const auto c = at.find(key); c != at.end()) {
            QByteArray &mine = lines[c->second];
            mine = mine.left(mine.indexOf('=') + 1) + line.mid(line.indexOf('=') + 1);
            continue;
        }
        const QByteArray &section = freshSection[std::size_t(f->second)];
        auto s = std::find_if(added.begin(), added.end(), [&](const auto &a) { return a.first == section; });
        if (s == added.end())
            s = added.insert(added.end(), {section, {}});
        s->second.append(line);
    }
    for (const QString &key : removed)
        if (const auto c = at.find(key); c != at.end())
            drop[std::size_t(c->second)] = true;

    // A new key goes after the last key line of the last section of its name; a section the
    // file does not have goes at its end.
    std::map<qsizetype, QList<QByteArray>> after;
    QList<QByteArray> tail;
    for (const auto &[section, newLines] : added) {
        qsizetype last = -1;
        for (qsizetype i = lines.size() - 1; i >= 0 && last < 0; --i)
            if (lines[i].trimmed() == section) {
                last = i;
                for (qsizetype j = i + 1; j < lines.size() && !lines[j].trimmed().startsWith('['); ++j)
                    if (isKeyLine(lines[j]))
                        last = j;
            }
        if (last >= 0) {
            after[last] += newLines;
        } else {
            tail.append(QByteArray());
            tail.append(section);
            tail += newLines;
        }
    }
    QByteArray out;
    out.reserve(current.size() + fresh.size());
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!drop[std::size_t(i)])
            out += lines[i] + '\n';
        if (const auto a = after.find(i); a != after.end())
            for (const QByteArray &l : a->second)
                out += l + '\n';
    }
    for (const QByteArray &l : tail)
        out += l + '\n';
    if (!endsWithNewline && tail.isEmpty() && after.empty() && out.endsWith('\n'))
        out.chop(1);
    return out;
}

void KeptSettings::writeBack()
{
    QFile scratchFile(work);
    if (!scratchFile.open(QIODevice::ReadOnly))
        return;
    const QByteArray fresh = scratchFile.readAll();
    if (fresh == original)
        return; // nothing was set
    const QString scratch = dir.path();
    const QVariantMap before = read(original, scratch + QStringLiteral("/before.ini"));
    const QVariantMap wanted = read(fresh, scratch + QStringLiteral("/after.ini"));
    QStringList changed;
    QStringList removed;
    for (auto it = wanted.begin(); it != wanted.end(); ++it)
        if (const auto b = before.find(it.key()); b == before.end() || b.value() != it.value())
            changed << it.key();
    for (auto it = before.begin(); it != before.end(); ++it)
        if (!wanted.contains(it.key()))
            removed << it.key();
    if (changed.isEmpty() && removed.isEmpty())
        return; // values set as they were: the file stays as written
    if (!unusable.isEmpty()) {
        qWarning().noquote() << "speeduplab: the settings were not saved:" << unusable;
        return;
    }
    QString why;
    const std::optional<QByteArray> current = readSettings(file, &why);
    if (!current) {
        qWarning().noquote() << "speeduplab: the settings were not saved: the settings file" << file
                             << "cannot be read:" << why;
        return;
    }
    // What the file must hold: what it holds now (another writer's changes too), with ours.
    QVariantMap expected =
        *current == original ? before : read(*current, scratch + QStringLiteral("/current.ini"));
    for (const QString &key : changed)
        expected.insert(key, wanted.value(key));
    for (const QString &key : removed)
        expected.remove(key);
    QByteArray text = merge(*current, fresh, changed, removed, scratch);
    if (read(text, scratch + QStringLiteral("/check.ini")) != expected) {
        // A layout the merge does not follow (a value continued over lines, say): QSettings'
        // own rewrite of the same changes, which holds the values though not the layout.
        const QString path = scratch + QStringLiteral("/rewrite.ini");
        writeText(path, *current);
        {
            QSettings s(path, QSettings::IniFormat);
            for (const QString &key : changed)
                s.setValue(key, wanted.value(key));
            for (const QString &key : removed)
                s.remove(key);
        }
        QFile f(path);
        text = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        if (read(text, scratch + QStringLiteral("/check-rewrite.ini")) != expected) {
            qWarning().noquote()
                << "speeduplab: the settings were not saved: they did not read back as written";
            return;
        }
    }
    if (text.size() > maxBytes) {
        qWarning().noquote() << QStringLiteral(
                                    "speeduplab: the settings were not saved: they would take %1 bytes, "
                                    "more than the 1 MiB a settings file may hold")
                                    .arg(text.size());
        return;
    }
    if (m_makeFolder)
        QDir().mkpath(QFileInfo(file).path());
    try {
        SafeFile::write(QFile::encodeName(file).toStdString(), text.toStdString());
    } catch (const WriteError &e) {
        qWarning().noquote() << "speeduplab: the settings were not saved:" << QString::fromUtf8(e.what());
    }
}

} // namespace speeduplab
