package io.durabench.soak;

import java.util.Locale;

/** How a rate reads: whole numbers without decimals, others with one. */
final class Rates {
    private Rates() {
    }

    static String format(double perSecond) {
        if (perSecond == Math.rint(perSecond)) return String.format(Locale.ROOT, "%,d", (long) perSecond);
        return String.format(Locale.ROOT, "%,.1f", perSecond);
    }
}
