package io.durabench.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.stats.Estimate;
import org.junit.jupiter.api.Test;

/** A positive figure's interval never prints a lower end of 0.00 or an upper end beyond belief: it says it cannot bound. */
class FmtIntervalTest {
    @Test
    void aTimeWhoseEndsAreTwoOrdersOfMagnitudeApartSaysItHasTooFewForks() {
        // The README's old example: 227.0 over 2 forks at 99.9% printed "[0.00, 524,739,345]".
        assertEquals("[too few forks to bound]", Fmt.usCompactInterval(logScale(227.0, 227.0 / 524_739_345.0 * 227.0)));
        // The one-cell run of the issue: 318 [11, 9,395].
        assertEquals("[too few forks to bound]", Fmt.usRoundedInterval(logScale(318, 318.0 / 9_395 * 318)));
        assertEquals("318 µs [too few forks to bound]", Fmt.usWithInterval(logScale(318, 318.0 / 9_395 * 318)));
        // A wide interval that still bounds something prints as ever.
        assertEquals("[73, 1,547]", Fmt.usRoundedInterval(logScale(336, 73)));
    }

    @Test
    void aPositiveLowerEndBelowTheLastDigitKeepsTwoSignificantOnes() {
        assertEquals("[0.0043, 0.08]", Fmt.usCompactInterval(logScale(0.0186, 0.0043)));
        assertEquals("[0.27, 0.40]", Fmt.usCompactInterval(logScale(0.33, 0.27)));
    }

    /** A difference (mean ± h) may rightly end near zero, and is printed as it is. */
    @Test
    void aDifferenceIsNotAFigureOnTheLogScaleAndKeepsItsEnds() {
        Estimate cost = new Estimate(7.75, 0.02, 15.48, 3, 1, 2, Estimate.Basis.FORKS);
        assertEquals("[0.02, 15.48]", Fmt.usCompactInterval(cost));
        Estimate straddling = new Estimate(7.75, -0.004, 15.5, 3, 1, 2, Estimate.Basis.FORKS);
        assertEquals("[-0.00, 15.50]", Fmt.usCompactInterval(straddling));
    }

    /** mean·e^-h and mean·e^h, as ForkIntervals and AbsoluteFigure build them. */
    private static Estimate logScale(double mean, double low) {
        return new Estimate(mean, low, mean * mean / low, 3, 1, 2, Estimate.Basis.FORKS);
    }
}
