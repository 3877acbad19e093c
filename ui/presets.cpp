#include "ui/presets.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <stdexcept>

namespace speeduplab {

namespace {

QJsonObject presetObject(const QString &name)
{
    QFile f(QStringLiteral(":/presets/%1.json").arg(name));
    if (!f.open(QIODevice::ReadOnly))
        throw std::invalid_argument("unknown preset \"" + name.toStdString() + "\" (choose one of " +
                                    Presets::names().join(QStringLiteral(", ")).toStdString() + ")");
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (!doc.isObject())
        throw std::invalid_argument("preset \"" + name.toStdString() +
                                    "\" is broken: " + err.errorString().toStdString());
    return doc.object();
}

} // namespace

QStringList Presets::names()
{
    return {QStringLiteral("seed"),   QStringLiteral("quick"), QStringLiteral("saxpy"),
            QStringLiteral("reduce"), QStringLiteral("gemm"),  QStringLiteral("transfer")};
}

QString Presets::title(const QString &name)
{
    try {
        return presetObject(name).value(QStringLiteral("title")).toString(name);
    } catch (const std::exception &) {
        return name;
    }
}

QString Presets::description(const QString &name)
{
    try {
        return presetObject(name).value(QStringLiteral("description")).toString();
    } catch (const std::exception &) {
        return {};
    }
}

SweepPlan Presets::plan(const QString &name, int hw)
{
    const QJsonObject o = presetObject(name); // throws for an unknown name
    if (name == QLatin1String("seed"))
        return SweepPlan::seed(hw);
    SweepPlan p;
    p.workload = o.value(QStringLiteral("workload")).toString(QStringLiteral("add")).toStdString();
    p.variants = SweepPlan::parseList(o.value(QStringLiteral("variants")).toString().toStdString());
    if (o.contains(QStringLiteral("range")))
        p.sizes = SweepPlan::parseRange(o.value(QStringLiteral("range")).toString().toStdString());
    else
        p.sizes = SweepPlan::parseSizes(o.value(QStringLiteral("sizes")).toString().toStdString());
    const QString threads = o.value(QStringLiteral("threads")).toString(QStringLiteral("all"));
    if (threads == QLatin1String("pow2"))
        p.threads = SweepPlan::powersOfTwo(hw);
    else
        p.threads =
            SweepPlan::parseThreads(threads == QLatin1String("all") ? "all" : threads.toStdString(), hw);
    p.modes = SweepPlan::parseList(o.value(QStringLiteral("modes")).toString().toStdString());
    p.transfers = o.value(QStringLiteral("transfers")).toBool(false);
    p.pinned = o.value(QStringLiteral("pinned")).toBool(false);
    p.iterations = o.value(QStringLiteral("iterations")).toInt(0);
    p.minTime = o.value(QStringLiteral("minTime")).toDouble(p.minTime);
    p.maxReps = o.value(QStringLiteral("maxReps")).toInt(p.maxReps);
    p.budget = o.value(QStringLiteral("budget")).toDouble(0);
    p.validate(hw);
    return p;
}

} // namespace speeduplab
