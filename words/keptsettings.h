// SPDX-License-Identifier: MIT
// KeptSettings: the app's QSettings, over a scratch copy of the settings file, written back into
// the file's own text only where the app changed a value.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <QTemporaryDir>

namespace speeduplab {

namespace detail {
/// What KeptSettings holds beside its QSettings, made first (a base before QSettings): the real
/// file, its text when opened, and the scratch copy that QSettings reads and writes.
struct SettingsScratch {
    explicit SettingsScratch(const QString &file);
    QString file;
    QByteArray original;
    QTemporaryDir dir;
    QString work;     ///< the scratch copy, or `file` itself when no scratch folder could be made
    QString unusable; ///< why `file` is neither read nor written back (not regular, too large)
};
} // namespace detail

/// QSettings rewrites a whole INI file in its own layout: a hand-written file lost its comments,
/// `value;with;semicolons` became `value`, and a 530 KB file the app had accepted came back at
/// 1.07 MB, which the next start refused. KeptSettings reads and writes a scratch copy instead; when
/// it is destroyed, the keys whose values changed are written into the file's text as it is
/// then (another writer's changes stay): a changed value replaces only the value of its line, a
/// removed key loses its line, a new key goes to the end of its section. Comments, blank lines,
/// order and every other line stay as the user wrote them, and a file is left untouched when no
/// value changed. The result is read back and must hold exactly the intended values (else
/// QSettings' own rewrite of the same changes is written); it is written through SafeFile, and
/// never when it would pass maxBytes, the most a settings file may hold (AppSettings::refusal).
class KeptSettings final : private detail::SettingsScratch, public QSettings {
public:
    /// makeFolder: the user's settings, whose folder is made when it is first written (as
    /// QSettings does); a --settings FILE in a folder that is not there is not written.
    explicit KeptSettings(const QString &file, bool makeFolder = false);
    ~KeptSettings() override;
    KeptSettings(const KeptSettings &) = delete;
    KeptSettings &operator=(const KeptSettings &) = delete;

    static constexpr qint64 maxBytes = 1 << 20;

    /// `current` with each of `changed` set to its value in `fresh` (an INI text QSettings wrote,
    /// holding every key) and each of `removed` dropped, by the rules above. `scratch` is a folder
    /// for the INI texts it asks QSettings to read. Not checked: the caller reads the result back.
    static QByteArray merge(const QByteArray &current, const QByteArray &fresh, const QStringList &changed,
                            const QStringList &removed, const QString &scratch);
    /// Every key QSettings reads from `text` (written to `path`), with its value.
    static QVariantMap read(const QByteArray &text, const QString &path);

private:
    void writeBack();
    bool m_makeFolder;
};

} // namespace speeduplab
