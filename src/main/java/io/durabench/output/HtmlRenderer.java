package io.durabench.output;

import io.durabench.chart.ChartFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.stream.Stream;

/**
 * report.html: report.md as one page ({@link MarkdownToHtml}), each chart's SVG inline where
 * report.md shows its PNG, so the page holds everything it shows and opens without its folder.
 */
public final class HtmlRenderer {
    private HtmlRenderer() {
    }

    /** The page of {@code markdown}, the Markdown written for these {@code charts}, whose SVG files are inlined. */
    public static String fromMarkdown(String markdown, List<ChartFile> charts) {
        Map<String, ChartFile> byImage = new HashMap<>();
        for (ChartFile c : charts) {
            if (c.png() != null && c.svg() != null) byImage.put(c.png().getFileName().toString(), c);
        }
        String body = MarkdownToHtml.body(markdown, target -> {
            ChartFile c = byImage.get(target);
            return c == null ? null : inlineSvg(c);
        });
        return HtmlPage.of(MarkdownToHtml.title(markdown, "durabench report"), body);
    }

    /**
     * A page with its charts, for stdout: {@code draw} writes them (PNG and SVG) into a temporary
     * folder it is given, they are read into the page and the folder deleted. {@code markdown} is
     * the Markdown for those charts.
     */
    public static String render(Function<Path, List<ChartFile>> draw, Function<List<ChartFile>, String> markdown) {
        Path dir;
        try {
            dir = Files.createTempDirectory("durabench-html-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for the charts: " + e.getMessage(), e);
        }
        try {
            List<ChartFile> charts = draw.apply(dir);
            return fromMarkdown(markdown.apply(charts), charts);
        } finally {
            deleteTree(dir);
        }
    }

    /**
     * The SVG element of a chart file, ready to sit in an HTML page: the XML prolog and DOCTYPE
     * dropped, its ids (clip paths) prefixed with the file's name so two charts' ids never meet in
     * one page, and its title as the accessible name.
     */
    static String inlineSvg(ChartFile chart) {
        String svg;
        try {
            svg = Files.readString(chart.svg(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read chart " + chart.svg() + ": " + e.getMessage(), e);
        }
        int start = svg.indexOf("<svg");
        if (start < 0) throw new IllegalStateException(chart.svg() + " holds no <svg> element");
        String name = chart.svg().getFileName().toString().replaceAll("\\.svg$", "").replaceAll("[^A-Za-z0-9_-]", "_");
        String prefix = name + "-";
        return svg.substring(start).strip()
                .replaceFirst("<svg", "<svg role=\"img\" aria-label=\"" + Matcher.quoteReplacement(InlineMarkdown.escape(chart.title())) + "\"")
                .replace(" id=\"", " id=\"" + prefix)
                .replace("url(#", "url(#" + prefix)
                .replace("href=\"#", "href=\"#" + prefix);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // A temporary folder left behind is not worth failing the report for.
        }
    }
}
