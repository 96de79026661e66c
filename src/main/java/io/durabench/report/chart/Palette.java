package io.durabench.report.chart;

import java.awt.Color;

/**
 * Eight colours that stay apart for colour-blind readers and in print (Okabe and Ito's set, the
 * yellow darkened to read on white); a panel never needs more, because charts split past eight series.
 */
final class Palette {
    static final int SIZE = 8;
    private static final Color[] COLOURS = {
        new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73), new Color(0xD55E00),
        new Color(0xCC79A7), new Color(0x56B4E9), new Color(0x8C6D1F), new Color(0x555555)};

    private Palette() {
    }

    static Color colour(int i) {
        return COLOURS[Math.floorMod(i, COLOURS.length)];
    }
}
