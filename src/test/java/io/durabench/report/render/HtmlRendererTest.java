package io.durabench.report.render;

import io.durabench.output.HtmlRenderer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Rendered;
import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.chart.ChartFile;
import io.durabench.report.chart.Charts;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html of a real run (the real-run fixture): every word of report.md, the charts inline, a well-nested page. */
class HtmlRendererTest {
    private static final Path RUN = Path.of("src/test/resources/report/real-run");

    @TempDir
    Path dir;

    private static Report report() {
        return ReportBuilder.build(ResultsLoader.load(List.of(RUN)), SyncMethod.NONE);
    }

    @Test
    void everyWordOfTheMarkdownIsInThePageInItsOrder() {
        String markdown = Rendered.markdown(report(), List.of());
        String page = HtmlRenderer.fromMarkdown(markdown, List.of());
        String body = page.substring(page.indexOf("<main>"), page.indexOf("</main>"));
        List<String> mdWords = words(markdown);
        assertTrue(mdWords.size() > 1000, "a real report");
        assertEquals(mdWords, words(text(body)));
    }

    @Test
    void chartsAreInlineSvgWithTheirOwnIds() throws IOException {
        Report report = report();
        List<ChartFile> charts = Charts.write(report, dir, true);
        String page = HtmlRenderer.fromMarkdown(Rendered.markdown(report, charts), charts);
        long drawn = charts.stream().filter(c -> c.svg() != null).count();
        assertTrue(drawn > 0);
        assertEquals(drawn, count(page, "<figure class=\"chart\"><svg role=\"img\" aria-label=\""));
        assertFalse(page.contains("<?xml") || page.contains("<!DOCTYPE svg") || page.contains("<img") || page.contains("(SVG:"), "no prolog, no file");
        Matcher ids = Pattern.compile(" id=\"([^\"]+)\"").matcher(page);
        Set<String> seen = new java.util.HashSet<>();
        while (ids.find()) assertTrue(seen.add(ids.group(1)), "id used twice in one page: " + ids.group(1));
        Matcher refs = Pattern.compile("url\\(#([^)]+)\\)").matcher(page);
        while (refs.find()) assertTrue(seen.contains(refs.group(1)) && refs.group(1).startsWith("chart-"), refs.group());
        assertWellNested(page);
    }

    @Test
    void pageIsSelfContainedHtml5() {
        String page = HtmlRenderer.fromMarkdown("# t & u\n\nx\n", List.of());
        assertTrue(page.startsWith("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"), page);
        assertTrue(page.contains("<title>t &amp; u</title>"), page);
        assertFalse(page.contains("http://") || page.contains("https://") || page.contains("src="), "nothing fetched");
        assertWellNested(page);
    }

    /** Every element closed in the order opened (void elements and self-closed SVG ones aside); script and style skipped. */
    private static void assertWellNested(String page) {
        Set<String> voids = Set.of("meta", "link", "br", "hr", "img", "input", "col", "wbr", "source");
        String html = page.replaceAll("(?s)<script>.*?</script>", "").replaceAll("(?s)<style>.*?</style>", "")
                .replaceAll("(?s)<!--.*?-->", "").replaceFirst("<!DOCTYPE html>", "");
        Deque<String> open = new ArrayDeque<>();
        Matcher tag = Pattern.compile("<(/?)([A-Za-z][A-Za-z0-9:-]*)[^>]*?(/?)>").matcher(html);
        while (tag.find()) {
            String name = tag.group(2).toLowerCase();
            if (tag.group(1).isEmpty()) {
                if (tag.group(3).isEmpty() && !voids.contains(name)) open.push(name);
            } else {
                assertEquals(open.isEmpty() ? "(nothing)" : open.peek(), name, "closing tag at " + tag.start());
                open.pop();
            }
        }
        assertEquals(List.of(), new ArrayList<>(open), "left open");
        assertFalse(html.replaceAll("<[^>]*>", "").contains("<"), "a stray '<' in text");
    }

    private static String text(String html) {
        return html.replaceAll("<[^>]*>", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&#39;", "'").replace("&amp;", "&");
    }

    private static List<String> words(String s) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("[\\p{L}\\p{N}]+").matcher(s);
        while (m.find()) words.add(m.group());
        return words;
    }

    private static long count(String s, String part) {
        return Pattern.compile(Pattern.quote(part)).matcher(s).results().count();
    }
}
