package io.durabench.fleet;

import io.durabench.output.HtmlRenderer;
import io.durabench.output.TextFiles;
import io.durabench.chart.ChartFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** `report FLEET --out DIR`: report.md, report.html, report.json, report-fleet.csv and the fleet chart (PNG, SVG). */
public final class FleetWriter {
    private FleetWriter() {
    }

    public static List<Path> writeAll(FleetView v, Path dir) {
        List<ChartFile> charts = FleetChart.write(v, dir);
        String markdown = FleetMarkdown.render(v, charts);
        List<Path> written = new ArrayList<>();
        written.add(TextFiles.write(dir.resolve("report.md"), markdown));
        written.add(TextFiles.write(dir.resolve("report.html"), HtmlRenderer.fromMarkdown(markdown, charts)));
        written.add(TextFiles.write(dir.resolve("report.json"), FleetJson.render(v)));
        written.add(TextFiles.write(dir.resolve("report-fleet.csv"), FleetJson.csv(v)));
        for (ChartFile c : charts) {
            if (c.png() != null) {
                written.add(c.png());
                written.add(c.svg());
            }
        }
        return written;
    }

    /** The fleet's page on stdout, its chart inline. */
    public static String html(FleetView v) {
        return HtmlRenderer.render(dir -> FleetChart.write(v, dir), charts -> FleetMarkdown.render(v, charts));
    }
}
