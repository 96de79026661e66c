package io.durabench.output;

/**
 * One self-contained HTML5 page around a body: its CSS and its script inline, no request to any
 * network (no CDN, no web font, not even a favicon), so report.html opens the same from a laptop
 * on a plane as from a CI artifact. The script makes every {@code table.sortable} sortable by a
 * click on (or Enter on) a header: ascending first, then descending; a cell sorts by its leading
 * number where it has one ("1,234", "3.4x", "[3.32, 3.55]", "-9.96"), else by its text, and an
 * empty, "n/a" or "FAILED" cell (a note's mark after it, "n/a¹", or not) sorts last either way;
 * ties keep the Markdown's order.
 */
public final class HtmlPage {
    private HtmlPage() {
    }

    static String of(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<link rel=\"icon\" href=\"data:,\">\n"
                + "<title>" + InlineMarkdown.escape(title) + "</title>\n"
                + "<style>\n" + CSS + "</style>\n</head>\n<body>\n<main>\n" + body + "</main>\n"
                + "<script>\n" + SCRIPT + "</script>\n</body>\n</html>\n";
    }

    static final String CSS = """
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif;
                   color: #1f2328; background: #fff; margin: 0; }
            main { max-width: 1440px; margin: 0 auto; padding: 8px 20px 40px; }
            h1 { font-size: 1.45em; margin: .3em 0 .3em; }
            h2 { font-size: 1.2em; margin: 1.3em 0 .4em; padding-bottom: .15em; border-bottom: 1px solid #d8dee4; }
            h3 { font-size: 1.05em; margin: 1.1em 0 .3em; }
            h4 { font-size: 1em; margin: 1em 0 .3em; color: #3b434b; }
            p, ul, ol { margin: .35em 0 .6em; }
            ul, ol { padding-left: 1.4em; }
            li { margin: .12em 0; }
            code { font: 12.5px/1.3 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
                   background: #f2f3f5; padding: 0 .25em; border-radius: 3px; }
            pre { background: #f6f8fa; padding: 8px 10px; overflow-x: auto; }
            pre code { background: none; padding: 0; }
            a { color: #0a58ca; }
            hr { border: 0; border-top: 1px solid #d8dee4; margin: 1.5em 0; }
            .table-wrap { overflow-x: auto; margin: .4em 0 .7em; }
            table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
            th, td { padding: 2px 8px; border-bottom: 1px solid #e5e8eb; text-align: left; }
            td { white-space: nowrap; }
            td.long { white-space: normal; min-width: 24em; }
            th { background: #f3f4f6; border-bottom: 2px solid #c9ced4; vertical-align: bottom;
                 cursor: pointer; user-select: none; }
            th:hover, th:focus { background: #e6e9ee; outline: none; }
            th[aria-sort="ascending"]::after { content: " \\25B2"; font-size: .8em; }
            th[aria-sort="descending"]::after { content: " \\25BC"; font-size: .8em; }
            .num { text-align: right; }
            .center { text-align: center; }
            tbody tr:nth-child(even) { background: #fafbfc; }
            tbody.rule th { text-align: left; font-style: italic; font-weight: normal; border-top: 2px solid #999; }
            tbody tr:hover { background: #eef4ff; }
            figure.chart { margin: .4em 0 1em; }
            figure.chart svg, figure.chart img { display: block; max-width: 100%; height: auto; }
            """;

    static final String SCRIPT = """
            (function () {
              "use strict";
              var NUMBER = /^[\\s\\[(~≈<>≤≥]*([-+\\u2212]?(?:\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)(?:[eE][-+]?\\d+)?)/;
              // [rank, value]: numbers first, then text, empty and n/a last whichever the direction.
              function key(cell) {
                var t = cell.textContent.trim();
                if (t === "" || /^(?:n\\/a|failed|-|\\u2014)(?![\\w.])/i.test(t)) return [2, ""];
                var m = NUMBER.exec(t);
                if (m) return [0, parseFloat(m[1].replace(/,/g, "").replace("\\u2212", "-"))];
                return [1, t.toLowerCase()];
              }
              function compare(a, b, sign) {
                if (a.k[0] !== b.k[0]) return a.k[0] - b.k[0];
                if (a.k[0] === 0 && a.k[1] !== b.k[1]) return sign * (a.k[1] - b.k[1]);
                if (a.k[0] === 1 && a.k[1] !== b.k[1]) return sign * (a.k[1] < b.k[1] ? -1 : 1);
                return a.i - b.i;
              }
              function sort(table, th) {
                var column = th.cellIndex;
                var ascending = th.getAttribute("aria-sort") !== "ascending";
                Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
                th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
                // Each body sorts on its own: a decision table's not-durable rows stay below their rule.
                Array.prototype.forEach.call(table.tBodies, function (body) {
                  if (body.classList.contains("rule")) return;
                  var rows = Array.prototype.map.call(body.rows, function (row) {
                    var cell = row.cells[column];
                    return { row: row, i: Number(row.getAttribute("data-order")), k: cell ? key(cell) : [2, ""] };
                  });
                  rows.sort(function (a, b) { return compare(a, b, ascending ? 1 : -1); });
                  rows.forEach(function (r) { body.appendChild(r.row); });
                });
              }
              Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
                if (!table.tHead || !table.tBodies.length) return;
                Array.prototype.forEach.call(table.tBodies, function (body) {
                  Array.prototype.forEach.call(body.rows, function (row, i) { row.setAttribute("data-order", i); });
                });
                Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
                  th.tabIndex = 0;
                  th.title = "Sort by this column";
                  th.addEventListener("click", function () { sort(table, th); });
                  th.addEventListener("keydown", function (e) {
                    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(table, th); }
                  });
                });
              });
            })();
            """;
}
