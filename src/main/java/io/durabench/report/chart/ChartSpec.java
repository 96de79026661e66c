package io.durabench.report.chart;

import io.durabench.chart.Figure;

/** A chart before it is drawn: its file name and title, and its figure or why there is none. */
public record ChartSpec(String name, String title, Figure figure, String skippedBecause) {
    public static ChartSpec of(String name, String title, Figure figure) {
        return new ChartSpec(name, title, figure, null);
    }

    public static ChartSpec skipped(String name, String title, String why) {
        return new ChartSpec(name, title, null, why);
    }
}
