package io.durabench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Markdown subset durabench writes, as HTML; anything else kept as escaped text. */
class MarkdownToHtmlTest {
    private static String html(String markdown) {
        return MarkdownToHtml.body(markdown, target -> null);
    }

    @Test
    void headingsGetUniqueIdSlugs() {
        String h = html("# durabench report\n\n## Findings\n\n## ext4 /mnt/lab, JDK 17.0.15\n\n## Findings\n\n#### 8192 B, `x`\n");
        assertTrue(h.contains("<h1 id=\"durabench-report\">durabench report</h1>"), h);
        assertTrue(h.contains("<h2 id=\"findings\">Findings</h2>"), h);
        assertTrue(h.contains("<h2 id=\"ext4-mntlab-jdk-17015\">"), h);
        assertTrue(h.contains("<h2 id=\"findings-1\">Findings</h2>"), h);
        assertTrue(h.contains("<h4 id=\"8192-b-x\">8192 B, <code>x</code></h4>"), h);
        assertEquals("durabench report", MarkdownToHtml.title("intro\n# durabench report\n", "x"));
    }

    @Test
    void inlineMarkupAndEscaping() {
        assertEquals("<p><strong>Durability cost</strong> = a &lt; b &amp; <em>from the rows</em>, <code>a&lt;b</code> "
                        + "<a href=\"docs/report.md#x\">the page</a></p>\n",
                html("**Durability cost** = a < b & _from the rows_, `a<b` [the page](docs/report.md#x)"));
        // Underscores inside names are names, not italics.
        assertEquals("<p>O_DIRECT_DSYNC and write_cache, pg_test_fsync</p>\n", html("O_DIRECT_DSYNC and write_cache, pg_test_fsync"));
        assertEquals("<p><em>99.9% intervals; &quot;resolved&quot;.</em></p>\n", html("_99.9% intervals; \"resolved\"._"));
        // A marker without its twin stays as written.
        assertEquals("<p>**open, `tick, [link, _under, a * b</p>\n", html("**open, `tick, [link, _under, a * b"));
        assertEquals("<p>[x](javascript:alert(1))</p>\n", html("[x](javascript:alert(1))"));
        assertEquals("<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>\n", html("<script>alert('x')</script>"));
    }

    @Test
    void pipeTablesAreSortableWithTheirAlignment() {
        String h = html("#### group\n\n| Method | Time (µs) | Note |\n|---|---:|:---:|\n| NONE (baseline) | 3.43 | a \\| b |\n"
                + "| FSYNC | 1,473.3 |\n| X | 1 | 2 | extra |\n* Not durable: X\n");
        assertTrue(h.contains("<table class=\"sortable\">"), h);
        assertTrue(h.contains("<thead><tr><th>Method</th><th class=\"num\">Time (µs)</th><th class=\"center\">Note</th></tr></thead>"), h);
        assertTrue(h.contains("<tr><td>NONE (baseline)</td><td class=\"num\">3.43</td><td class=\"center\">a | b</td></tr>"), h);
        assertTrue(h.contains("<tr><td>FSYNC</td><td class=\"num\">1,473.3</td><td class=\"center\"></td></tr>"), h);
        assertTrue(h.contains("<td>extra</td>"), "a cell beyond the header is kept: " + h);
        assertTrue(h.contains("</table></div>\n<ul>\n<li>Not durable: X</li>\n</ul>"), "a list right under a table: " + h);
        String longReason = "n/a: " + "the lab's loop devices have 4096-byte logical sectors ".repeat(3);
        assertTrue(html("| M | t |\n|---|---:|\n| O_DIRECT | " + longReason + " |\n").contains("<td class=\"long\">n/a: the lab"));
    }

    @Test
    void aRuleRowStartsABodyOfItsOwnSoSortingKeepsTheGroupsApart() {
        String h = html("| Method | ext4 |\n|---|---:|\n| FDATASYNC | 398 |\n| not durable: |  |\n| NONE (baseline) | 4.35 |\n");
        assertTrue(h.contains("<tr><td>FDATASYNC</td><td class=\"num\">398</td></tr>\n</tbody>\n<tbody class=\"rule\"><tr>"
                + "<th colspan=\"2\" scope=\"rowgroup\">not durable:</th></tr></tbody>\n<tbody>\n<tr><td>NONE (baseline)</td>"), h);
    }

    @Test
    void aPipeLineWithoutAlignmentRowIsAParagraph() {
        assertEquals("<p>| a | b |\n| c | d |</p>\n", html("| a | b |\n| c | d |"));
    }

    @Test
    void chartImagesBecomeWhatTheResolverGivesAndTheSvgLinkIsDropped() {
        Map<String, String> svgs = Map.of("chart-a.png", "<svg viewBox=\"0 0 1 1\"></svg>");
        String h = MarkdownToHtml.body("### A\n\n![A](chart-a.png)\n\n(SVG: [chart-a.svg](chart-a.svg))\n\n![B](chart-b.png)\n", svgs::get);
        assertTrue(h.contains("<figure class=\"chart\"><svg viewBox=\"0 0 1 1\"></svg></figure>"), h);
        assertTrue(h.contains("<figure class=\"chart\"><img src=\"chart-b.png\" alt=\"B\"></figure>"), h);
        assertFalse(h.contains("SVG:"), h);
    }

    @Test
    void listsRulesAndFencedCode() {
        String h = html("* one **b**\n* two\n  continued\n\n1. first\n2. second\n\n---\n\n```\n<x> | y\n```\ntail");
        assertTrue(h.contains("<ul>\n<li>one <strong>b</strong></li>\n<li>two continued</li>\n</ul>"), h);
        assertTrue(h.contains("<ol>\n<li>first</li>\n<li>second</li>\n</ol>"), h);
        assertTrue(h.contains("<hr>\n<pre><code>&lt;x&gt; | y\n</code></pre>\n<p>tail</p>"), h);
    }

    @Test
    void cellsSplitAtUnescapedPipes() {
        assertEquals(List.of("a", "b \\| c", ""), MarkdownToHtml.cells("| a | b \\| c |  |"));
    }
}
