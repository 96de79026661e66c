package io.durabench.chart;

import java.awt.Color;

/** How one series looks: its colour and its mark. Two series of one panel never share both. */
public record Look(Color colour, Marker marker) {
}
