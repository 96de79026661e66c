package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.testing.Cdp;
import io.durabench.testing.Evidence;
import io.durabench.testing.HeadlessChromium;
import io.durabench.testing.TimingFree;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * report.html as a reader opens it: the committed standard run's report, written by `report --out`
 * (the code `run` writes its report with), opened from disk in a real headless Chromium at
 * 1280x800. It must render without a console error or any network request, show its first table
 * (the decision table) on the first screen, and sort a table when a header is clicked. The first
 * screen is saved as target/report-html-it/first-screen.png. Nothing here depends on how fast the browser is
 * (a layout, a click, what was requested), so it runs beside another IT.
 */
@Evidence
@TimingFree
class ReportHtmlIT {
    private static final Path RUN = Path.of("results/reference-standard");
    private static final Path OUT = Path.of("target/report-html-it");
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;

    private static Path html;
    private static long chartsWritten;

    @BeforeEach
    void needsChromium() {
        HeadlessChromium.require();
    }

    /** report.html of the standard run, written once for the class. */
    private static synchronized Path reportHtml() {
        if (html == null) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            picocli.CommandLine cl = DurabenchMain.commandLine();
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(err));
            assertEquals(0, cl.execute("report", RUN.toString(), "--out", OUT.toString()), err.toString());
            html = OUT.resolve("report.html").toAbsolutePath();
            assertTrue(out.toString().lines().anyMatch(l -> l.startsWith("wrote ") && l.endsWith("report.html")), out.toString());
            chartsWritten = out.toString().lines().filter(l -> l.startsWith("wrote ") && l.endsWith(".svg")).count();
        }
        return html;
    }

    @Test
    void opensWithoutConsoleErrorsOrNetworkRequestsWithEveryChartInline() throws Exception {
        try (HeadlessChromium browser = HeadlessChromium.launch(WIDTH, HEIGHT)) {
            browser.open(reportHtml().toUri());
            Cdp page = browser.page();
            List<String> problems = new ArrayList<>();
            page.events("Runtime.exceptionThrown").forEach(e -> problems.add("exception: " + e.get("exceptionDetails")));
            page.events("Runtime.consoleAPICalled").stream().filter(e -> List.of("error", "assert").contains(e.get("type").getAsString()))
                    .forEach(e -> problems.add("console." + e.get("type").getAsString() + ": " + e.get("args")));
            page.events("Log.entryAdded").stream().map(e -> e.getAsJsonObject("entry"))
                    .filter(e -> "error".equals(e.get("level").getAsString())).forEach(e -> problems.add("log: " + e));
            page.events("Network.loadingFailed").forEach(e -> problems.add("failed request: " + e));
            page.events("Network.requestWillBeSent").stream().map(e -> e.getAsJsonObject("request").get("url").getAsString())
                    .filter(url -> !url.startsWith("file:") && !url.startsWith("data:")).forEach(url -> problems.add("network request: " + url));
            assertEquals(List.of(), problems, "report.html must open cleanly and offline");

            long drawn = chartsWritten;
            JsonObject counts = page.evaluate("({svg: document.querySelectorAll('figure.chart > svg').length,"
                    + " img: document.images.length, external: document.querySelectorAll('script[src], link[rel=stylesheet]').length,"
                    + " tables: document.querySelectorAll('table.sortable').length, h2: document.querySelectorAll('h2[id]').length})")
                    .getAsJsonObject();
            assertTrue(drawn > 0, "the standard run has charts");
            assertEquals(drawn, counts.get("svg").getAsLong(), "every chart inline as SVG: " + counts);
            assertEquals(0, counts.get("img").getAsInt(), "no image file needed: " + counts);
            assertEquals(0, counts.get("external").getAsInt(), "no external script or style: " + counts);
            assertTrue(counts.get("tables").getAsInt() > 10 && counts.get("h2").getAsInt() > 3, counts.toString());
        }
    }

    @Test
    void firstTableIsOnTheFirstScreen() throws Exception {
        try (HeadlessChromium browser = HeadlessChromium.launch(WIDTH, HEIGHT)) {
            browser.open(reportHtml().toUri());
            // Saved before the check, so the screen a failure describes can be looked at.
            browser.screenshot(OUT.resolve("first-screen.png"));
            JsonObject rect = browser.page().evaluate("(() => { const r = document.querySelector('table').getBoundingClientRect();"
                    + " return {top: r.top, left: r.left, width: r.width, height: r.height, scrollY: window.scrollY,"
                    + " innerWidth: window.innerWidth, innerHeight: window.innerHeight}; })()").getAsJsonObject();
            assertEquals(WIDTH, rect.get("innerWidth").getAsInt(), rect.toString());
            assertEquals(HEIGHT, rect.get("innerHeight").getAsInt(), rect.toString());
            assertEquals(0, rect.get("scrollY").getAsDouble(), rect.toString());
            double top = rect.get("top").getAsDouble();
            assertTrue(top >= 0 && top < HEIGHT && rect.get("width").getAsDouble() > 0 && rect.get("height").getAsDouble() > 0,
                    "the first table must start on the first " + WIDTH + "x" + HEIGHT + " screen (see " + OUT.resolve("first-screen.png")
                            + "): " + rect);
        }
    }

    @Test
    void clickingAHeaderSortsAscendingThenDescending() throws Exception {
        try (HeadlessChromium browser = HeadlessChromium.launch(WIDTH, HEIGHT)) {
            browser.open(reportHtml().toUri());
            Cdp page = browser.page();
            // The first numeric column of the first table whose rows are not already in ascending order.
            int column = -1;
            int columns = page.evaluate("document.querySelector('table').tHead.rows[0].cells.length").getAsInt();
            for (int c = 0; c < columns && column < 0; c++) {
                List<String> cells = column(page, c);
                if (headerClass(page, c).contains("num") && cells.stream().filter(s -> rank(s) == 0).distinct().count() > 1
                        && !isSorted(cells, true)) {
                    column = c;
                }
            }
            assertTrue(column >= 0, "the first table has a numeric column out of order to sort");
            List<String> before = column(page, column);
            List<String> rowsBefore = rowTexts(page);

            click(page, column);
            List<String> ascending = column(page, column);
            assertTrue(isSorted(ascending, true), "ascending after one click: " + ascending);
            assertNotEquals(before, ascending, "the rows moved");
            assertEquals("ascending", ariaSort(page, column));

            click(page, column);
            List<String> descending = column(page, column);
            assertTrue(isSorted(descending, false), "descending after a second click: " + descending);
            assertEquals("descending", ariaSort(page, column));

            List<String> rowsAfter = rowTexts(page);
            Collections.sort(rowsBefore);
            Collections.sort(rowsAfter);
            assertEquals(rowsBefore, rowsAfter, "sorting moves rows, it neither loses nor changes one");
            // The decision table's not-durable rows sit in their own body under the rule, and stay there.
            String below = page.evaluate("(() => { const t = document.querySelector('table'); return t.tBodies.length + '|'"
                    + " + t.tBodies[1].className + '|' + Array.from(t.tBodies[2].rows, r => r.cells[0].textContent).sort().join(',') })()")
                    .getAsString();
            assertEquals("3|rule|CHANNEL_DIRECT,NONE (baseline),O_DIRECT,SYNC_FILE_RANGE", below);
        }
    }

    private static void click(Cdp page, int column) throws InterruptedException {
        page.evaluate("document.querySelector('table').tHead.rows[0].cells[" + column + "].click()");
    }

    private static String headerClass(Cdp page, int column) throws InterruptedException {
        return page.evaluate("document.querySelector('table').tHead.rows[0].cells[" + column + "].className").getAsString();
    }

    private static String ariaSort(Cdp page, int column) throws InterruptedException {
        JsonElement v = page.evaluate("document.querySelector('table').tHead.rows[0].cells[" + column + "].getAttribute('aria-sort')");
        return v == null || v.isJsonNull() ? null : v.getAsString();
    }

    private static List<String> column(Cdp page, int column) throws InterruptedException {
        return strings(page.evaluate("Array.from(document.querySelector('table').tBodies[0].rows, r => r.cells[" + column
                + "] ? r.cells[" + column + "].textContent.trim() : '')"));
    }

    private static List<String> rowTexts(Cdp page) throws InterruptedException {
        return strings(page.evaluate("Array.from(document.querySelector('table').tBodies[0].rows, r => r.textContent)"));
    }

    private static List<String> strings(JsonElement array) {
        List<String> out = new ArrayList<>();
        for (JsonElement e : (JsonArray) array) out.add(e.getAsString());
        return out;
    }

    /**
     * The order the page promises, checked here independently of its script: numbers (by their
     * leading number: "1,234", "3.4x", "[3.32, 3.55]") before text, empty, "n/a" and "FAILED" (with a
     * note's mark or not: "n/a¹") last either way.
     */
    private static boolean isSorted(List<String> cells, boolean ascending) {
        for (int k = 1; k < cells.size(); k++) {
            String a = cells.get(k - 1);
            String b = cells.get(k);
            if (rank(a) != rank(b)) {
                if (rank(a) > rank(b)) return false;
            } else if (rank(a) == 0) {
                double d = number(b) - number(a);
                if (ascending ? d < 0 : d > 0) return false;
            }
        }
        return true;
    }

    private static final Pattern LEADING_NUMBER = Pattern.compile("^[\\s\\[(~≈<>≤≥]*([-+−]?(?:\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)(?:[eE][-+]?\\d+)?)");

    private static final Pattern NOT_A_NUMBER = Pattern.compile("^(?:n/a|failed|-|—)(?![\\w.])", Pattern.CASE_INSENSITIVE);

    private static int rank(String cell) {
        if (cell.isBlank() || NOT_A_NUMBER.matcher(cell).find()) return 2;
        return LEADING_NUMBER.matcher(cell).find() ? 0 : 1;
    }

    private static double number(String cell) {
        Matcher m = LEADING_NUMBER.matcher(cell);
        if (!m.find()) throw new IllegalArgumentException(cell);
        return Double.parseDouble(m.group(1).replace(",", "").replace('−', '-'));
    }
}
