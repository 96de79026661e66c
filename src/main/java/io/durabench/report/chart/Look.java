package io.durabench.report.chart;

import java.awt.Color;

/** How one series looks: its colour and its mark. Two series of one panel never share both. */
record Look(Color colour, Marker marker) {
}
