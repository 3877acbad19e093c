// SPDX-License-Identifier: MIT
// RowFields, the one declaration of a result row's columns: the CSV header and a JSON row are
// made from it, the readers take back what the writers wrote, and the JSON Schema and
// docs/results-format.md name exactly its columns, required where it says so.
#include "core/results/resultio.h"
#include "core/results/rowfields.h"
#include "resultiotest.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

using namespace speeduplab;
using nlohmann::json;

namespace {

std::string source(const std::string &path)
{
    std::ifstream in(std::string(SPEEDUPLAB_SOURCE_DIR) + "/" + path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestRowFields : public QObject {
    Q_OBJECT

private slots:
    // The CSV header starts with the table's columns, in its order.
    void csvHeaderIsTheTable()
    {
        std::string expected;
        for (const RowField &f : RowFields::all()) {
            if (!expected.empty())
                expected += ',';
            expected += f.name;
        }
        const std::string header = ResultIO::csvHeader();
        expected += ',';
        QVERIFY2(header.rfind(expected, 0) == 0, header.c_str());
    }

    // Every field written comes back, in both formats (the round-trip set of tst_resultio: quoted
    // and extreme values, every status); a point without quartiles reads back without them.
    void writtenFieldsComeBack()
    {
        const ResultSet r = resultiotest::sampleSet();
        const ResultSet fromCsv = ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r));
        const ResultSet fromJson = ResultIO::fromJson(ResultIO::toJson(r));
        QCOMPARE(fromJson.rows, r.rows);
        QCOMPARE(fromCsv.rows.size(), r.rows.size());
        bool blankQuartiles = false;
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            for (const RowField &f : RowFields::all()) {
                if (f.type == RowField::Type::Text)
                    QCOMPARE(f.text(fromCsv.rows[i]), f.text(r.rows[i]));
                else
                    QCOMPARE(f.number(fromCsv.rows[i]), f.number(r.rows[i]));
            }
            QCOMPARE(fromCsv.rows[i].stats.hasQuartiles(), r.rows[i].stats.hasQuartiles());
            blankQuartiles = blankQuartiles || !r.rows[i].stats.hasQuartiles();
        }
        QVERIFY(blankQuartiles);
        // A JSON row has every field of the table, and the samples.
        const json doc = json::parse(ResultIO::toJson(r));
        for (const RowField &f : RowFields::all())
            QVERIFY2(doc["rows"][0].contains(f.name), f.name);
        QVERIFY(doc["rows"][0].contains("samples"));
    }

    // The schema's row has a property for every column, and requires exactly the required ones.
    void schemaIsTheTable()
    {
        const json schema = json::parse(source("docs/results.schema.json"));
        const json &rowSchema = schema["$defs"]["row"];
        QVERIFY(rowSchema.is_object());
        std::set<std::string> required, schemaRequired;
        for (const RowField &f : RowFields::all()) {
            QVERIFY2(rowSchema["properties"].contains(f.name), f.name);
            if (f.required)
                required.insert(f.name);
        }
        for (const json &name : rowSchema["required"])
            schemaRequired.insert(name.get<std::string>());
        QCOMPARE(schemaRequired, required);
    }

    // docs/results-format.md lists each column under "Row fields": required or optional as the
    // table says.
    void docsListTheTable()
    {
        const std::string doc = source("docs/results-format.md");
        const std::size_t at = doc.find("### Row fields");
        QVERIFY(at != std::string::npos);
        const std::size_t optional = doc.find("Optional", at);
        const std::size_t end = doc.find("\n\n", optional);
        QVERIFY(optional != std::string::npos && end != std::string::npos);
        const std::string requiredPart = doc.substr(at, optional - at);
        const std::string optionalPart = doc.substr(optional, end - optional);
        for (const RowField &f : RowFields::all()) {
            std::string quoted = "`";
            quoted += f.name;
            quoted += '`';
            QVERIFY2((f.required ? requiredPart : optionalPart).find(quoted) != std::string::npos, f.name);
        }
    }

    // A described device's fields are declared once (DeviceDescription::fields): the schema's
    // described_device has exactly them and the index, the docs name each, and a device written
    // with every field set comes back equal from JSON and from CSV's metadata line.
    void deviceFieldsAreTheTable()
    {
        std::set<std::string> table{"index"}, schema;
        for (const DeviceDescription::Field &f : DeviceDescription::fields())
            table.insert(f.key);
        const json schemaDoc = json::parse(source("docs/results.schema.json"));
        for (const auto &[key, value] : schemaDoc["$defs"]["described_device"]["properties"].items())
            schema.insert(key);
        QCOMPARE(schema, table);
        const std::string doc = source("docs/results-format.md");
        const std::size_t at = doc.find("| `opencl_devices` |");
        QVERIFY(at != std::string::npos);
        const std::string line = doc.substr(at, doc.find('\n', at) - at);
        for (const std::string &key : table)
            QVERIFY2(line.find('`' + key + '`') != std::string::npos, key.c_str());

        ResultSet r = resultiotest::sampleSet();
        DeviceDescription d;
        d.index = 3;
        d.name = "Radeon \"780M\"";
        d.vendor = "AMD";
        d.platform = "rusticl";
        d.platformVersion = "OpenCL 3.0";
        d.driverVersion = "23.1";
        d.deviceVersion = "OpenCL 3.0 Mesa";
        d.type = "GPU";
        d.computeUnits = 12;
        d.globalMemoryBytes = 8e9;
        d.maxAllocBytes = 2e9;
        d.unifiedMemory = true;
        d.fp16 = true;
        d.clockMHz = 2700;
        d.timerResolutionS = 1e-9;
        d.pciBusId = "0000:c5:00.0";
        r.machine.described = {d};
        r.machine.describedStatus.clear();
        QCOMPARE(ResultIO::fromJson(ResultIO::toJson(r)).machine.described, r.machine.described);
        QCOMPARE(ResultIO::fromCsv(ResultIO::toCsv(r), ResultIO::csvMetadata(r)).machine.described,
                 r.machine.described);
        // A negative number in any of them is refused, naming the field.
        for (const DeviceDescription::Field &f : DeviceDescription::fields()) {
            json doc = json::parse(ResultIO::toJson(r));
            json &field = doc["machine"]["opencl_devices"][0][f.key];
            if (!field.is_number())
                continue;
            field = -1;
            try {
                ResultIO::fromJson(doc.dump());
                QFAIL(f.key);
            } catch (const std::exception &e) {
                QVERIFY2(std::string(e.what()).find(f.key) != std::string::npos, e.what());
            }
        }
    }
};

QTEST_MAIN(TestRowFields)
#include "tst_rowfields.moc"
