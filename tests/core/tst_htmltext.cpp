// SPDX-License-Identifier: MIT
// HtmlText: the report's one escaping rule (text and attributes), its JSON block (nothing in it can
// end or change the block, and it is still the same JSON), and the block read back out.

#include "core/io/htmltext.h"
#include "core/io/texts.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <string>

using namespace speeduplab;

class TestHtmlText : public QObject {
    Q_OBJECT
private slots:
    void markupIsText()
    {
        QCOMPARE(HtmlText::escaped("<img src=/etc/passwd onerror=\"x\">"),
                 std::string("&lt;img src=/etc/passwd onerror=&quot;x&quot;&gt;"));
        QCOMPARE(HtmlText::escaped("</script><script>alert(1)</script>"),
                 std::string("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
        // An attribute quoted either way cannot be left, and a character reference stays text.
        QCOMPARE(HtmlText::escaped("a' onclick='x\" &amp;"),
                 std::string("a&#39; onclick=&#39;x&quot; &amp;amp;"));
        QCOMPARE(HtmlText::escaped("javascript:alert(1)"),
                 std::string("javascript:alert(1)")); // never a link
        QCOMPARE(HtmlText::escaped("GPU launch · n ≈ 515"), std::string("GPU launch · n ≈ 515"));
    }

    void invisibleCharactersAreShown()
    {
        // A bidi override would reverse the text after it; a control could hide it.
        QCOMPARE(HtmlText::escaped("abc\u202edcba"), std::string("abc\\u202edcba"));
        QCOMPARE(HtmlText::escaped("a\x1b[31mb"), std::string("a\\x1b[31mb"));
        QCOMPARE(HtmlText::escaped("line one\nline two"), std::string("line one\nline two")); // lines stay
        const std::string longName(100000, 'x');
        QCOMPARE(HtmlText::escaped(longName), longName); // never cut
    }

    void scriptDataCannotEndItsBlock()
    {
        const nlohmann::json value = {
            {"label", "</script><script>alert(1)</script>"},
            {"note", "<!-- <script> -->"},
            {"amp", "a & b > c"},
            {"separators", "a\u2028b\u2029c"},
            {"upper", "</SCRIPT >"},
            {"bidi", "abc\u202edcba\u2066x\u200b"},
            {"text", "中文 · µs ≈ 515"},
        };
        const std::string json = value.dump();
        const std::string data = HtmlText::scriptData(json);
        for (const char *bad : {"<", ">", "&", "\u2028", "\u2029", "\u202e", "\u2066", "\u200b"})
            QVERIFY2(data.find(bad) == std::string::npos, bad);
        QCOMPARE(nlohmann::json::parse(data), value);               // the same values
        QVERIFY(data.find("中文 · µs ≈ 515") != std::string::npos); // the rest as it is
    }

    void resultsBlockReadBack()
    {
        const std::string json = R"({"format":"speeduplab-runs","runs":[{"label":"</script>"}]})";
        const std::string page = "<!DOCTYPE html>\n<html><body><p>text</p>\n" + HtmlText::resultsOpening() +
                                 HtmlText::scriptData(json) + "</script>\n</body></html>\n";
        QVERIFY(HtmlText::isHtml(page));
        const std::optional<std::string> back = HtmlText::embeddedResults(page);
        QVERIFY(back.has_value());
        QCOMPARE(nlohmann::json::parse(*back), nlohmann::json::parse(json));
        // What is not a report of ours: no block, or a block never closed.
        QVERIFY(!HtmlText::embeddedResults("<!doctype html><p>hello</p>").has_value());
        QVERIFY(!HtmlText::embeddedResults("<!doctype html>" + HtmlText::resultsOpening() + "{").has_value());
        QVERIFY(HtmlText::isHtml("\xef\xbb\xbf  \n<!doctype HTML><p>"));
        QVERIFY(HtmlText::isHtml("<HTML lang=en>"));
        QVERIFY(!HtmlText::isHtml("{\"format\": \"speeduplab-runs\"}"));
        QVERIFY(!HtmlText::isHtml("workload,backend\n"));
        QVERIFY(!HtmlText::isHtml(""));
    }

    // The block a browser would see as part of the page, and only that one: decoys in a comment,
    // an attribute, a text-only or inert element or the head do not count; two real ones are
    // refused, naming their lines.
    void resultsBlockAsTheBrowserSeesIt()
    {
        const std::string real = R"({"format":"speeduplab-runs","runs":[]})";
        const std::string decoy = R"({"format":"speeduplab-runs","runs":[{"label":"decoy"}]})";
        const std::string block = HtmlText::resultsOpening() + decoy + "</script>";
        const std::string other =
            "<SCRIPT id='speeduplab-results' type=application/json>" + decoy + "</script>";
        const std::string body = "<body>" + HtmlText::resultsOpening() + real + "</script></body></html>";
        for (const std::string &hidden :
             {"<!-- " + block + " -->", "<textarea>" + block + "</textarea>", "<title>" + block + "</title>",
              "<style>" + block + "</style>", "<noscript>" + block + "</noscript>",
              "<template><template></template>" + block + "</template>", "<div title='" + block + "'>x</div>",
              "<p data-x=\"" + other + "\">x</p>"}) {
            const std::string page = "<!DOCTYPE html><html><head></head>" + hidden + body;
            const std::optional<std::string> back = HtmlText::embeddedResults(page);
            QVERIFY2(back.has_value(), hidden.c_str());
            QCOMPARE(*back, real);
            // The decoy alone: no block at all.
            QVERIFY2(!HtmlText::embeddedResults("<!DOCTYPE html><html><body>" + hidden + "</body></html>")
                          .has_value(),
                     hidden.c_str());
        }
        QVERIFY(
            !HtmlText::embeddedResults("<!DOCTYPE html><html><head>" + block + "</head><body></body></html>")
                 .has_value());
        // Two elements a browser sees, in any spelling of the tag: refused, naming both lines.
        try {
            HtmlText::embeddedResults("<!DOCTYPE html><html><body>\n" + block + "\n" + other +
                                      "\n</body></html>");
            QFAIL("two results blocks were read as one");
        } catch (const ParseError &e) {
            QVERIFY2(std::string(e.what()).find("at lines 2 and 3") != std::string::npos, e.what());
        }
    }

    // A page in any encoding, after comments or an XML declaration, or named as one, is a page.
    void pagesInEveryForm()
    {
        QVERIFY(HtmlText::isHtml("<!-- saved from a browser -->\n<!DOCTYPE html><html>"));
        QVERIFY(HtmlText::isHtml("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">"));
        const std::string utf16le("\xff\xfe<\0h\0t\0m\0l\0>\0", 14);
        QVERIFY(HtmlText::isWideText(utf16le));
        QVERIFY(HtmlText::isHtml(utf16le));
        const std::string utf32be("\0\0\xfe\xff\0\0\0<\0\0\0h\0\0\0t\0\0\0m\0\0\0l", 24);
        QVERIFY(HtmlText::isHtml(utf32be));
        QVERIFY(!HtmlText::isWideText("<!DOCTYPE html>"));
        QVERIFY(HtmlText::namedHtml("/tmp/report.HTML"));
        QVERIFY(HtmlText::namedHtml("r.htm"));
        QVERIFY(!HtmlText::namedHtml("results.csv"));
        QVERIFY(!HtmlText::namedHtml("dir.html/results.csv"));
    }
};

QTEST_GUILESS_MAIN(TestHtmlText)
#include "tst_htmltext.moc"
