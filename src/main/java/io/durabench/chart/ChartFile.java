package io.durabench.chart;

import java.nio.file.Path;

/** A chart written as PNG and SVG, or the reason it was not drawn (no data of that kind). */
public record ChartFile(String title, Path png, Path svg, String skippedBecause) {
}
