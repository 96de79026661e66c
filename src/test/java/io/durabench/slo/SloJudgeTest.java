package io.durabench.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.slo.SloVerdict.Outcome;
import io.durabench.stats.ForkBounds;
import org.junit.jupiter.api.Test;

/**
 * The verdict on a figure's value per fork: the one-cell run (three forks' sync p99s, 719 to 6,955 µs)
 * is missed against 1 µs and met against 1 s from its three forks; a threshold within the forks' reach is
 * undecided and says how many forks would decide it; the line says the level, the forks and that the bound is
 * one-sided.
 */
class SloJudgeTest {
    private static final double[] FORKS = {719, 1692, 6955};

    private static SloVerdict judge(String slo, double... forks) {
        return SloJudge.onForks(SloParser.parse(slo), "ctx", "ext4", forks);
    }

    @Test
    void thresholdsFarFromEveryForkAreDecidedFromThreeForks() {
        SloVerdict missed = judge("FDATASYNC sync p99 < 1us", FORKS);
        assertEquals(Outcome.MISSED, missed.outcome(), missed.line());
        ForkBounds b = ForkBounds.of(FORKS);
        assertEquals("FDATASYNC sync p99 < 1 us on ext4: missed — 3,122 µs over 3 forks, at least " + io.durabench.format.Fmt.usRounded(b.low())
                + " µs (one-sided 99% bound)", missed.line());
        SloVerdict met = judge("FDATASYNC sync p99 < 1s", FORKS);
        assertEquals(Outcome.MET, met.outcome(), met.line());
        assertTrue(met.line().matches("FDATASYNC sync p99 < 1 s on ext4: met — 3,122 µs over 3 forks, at most [0-9,]+ µs \\(one-sided 99% bound\\)"),
                met.line());
        assertNull(met.why());
        assertTrue(SloJudge.anyMissed(java.util.List.of(met, missed)));
    }

    @Test
    void aThresholdWithinTheForksReachIsUndecidedAndSaysHowManyForksWouldDecideIt() {
        SloVerdict v = judge("FDATASYNC sync p99 < 100us", FORKS);
        assertEquals(Outcome.UNDECIDED, v.outcome(), v.line());
        int n = ForkBounds.of(FORKS).forksToDecide(100);
        assertTrue(v.line().matches("FDATASYNC sync p99 < 100 us on ext4: undecided — 3,122 µs over 3 forks, between [0-9.,]+ and [0-9,]+ µs"
                + " \\(one-sided 99% bounds\\): 100 us lies between them; roughly " + n + " forks in all would decide it \\(an estimate\\)"), v.line());
        // Above the mean but below the slowest fork: forks like these never say met.
        assertEquals("5 ms lies between them; the slowest fork (6,955 µs) reaches 5 ms: more forks like these would not decide it",
                judge("FDATASYNC sync p99 < 5ms", FORKS).why());
    }

    @Test
    void opsPerSecondIsJudgedOnTheTimeInvertedItsBoundsSwapped() {
        double[] us = {200, 205, 210};
        ForkBounds b = ForkBounds.of(us);
        SloVerdict met = judge("FDATASYNC ops/s >= 2000", us);
        assertEquals(Outcome.MET, met.outcome(), met.line());
        assertEquals(1e6 / b.mean(), met.figure().mean(), 1e-9);
        assertEquals(1e6 / b.high(), met.figure().low(), 1e-9, "the slowest fork's margin bounds the rate from below");
        assertTrue(met.line().endsWith("ops/s over 3 forks, at least " + io.durabench.format.Fmt.ops(1e6 / b.high()) + " ops/s (one-sided 99% bound)"),
                met.line());
        SloVerdict missed = judge("FDATASYNC ops/s >= 10000", us);
        assertEquals(Outcome.MISSED, missed.outcome(), missed.line());
        assertTrue(missed.line().contains(", at most " + io.durabench.format.Fmt.ops(1e6 / b.low()) + " ops/s"), missed.line());
    }

    @Test
    void oneForkOrAValueThatIsNotATimeDecidesNothing() {
        SloVerdict one = judge("FDATASYNC mean < 1ms", 300);
        assertEquals(Outcome.UNDECIDED, one.outcome());
        assertEquals(SloJudge.ONE_FORK, one.why());
        assertTrue(one.line().contains("300 µs over 1 fork: one fork per cell"), one.line());
        assertEquals(Outcome.UNDECIDED, judge("FDATASYNC mean < 1ms", 300, 0).outcome());
        assertEquals(SloJudge.ONE_FORK, judge("FDATASYNC mean < 1ms").why());
    }
}
