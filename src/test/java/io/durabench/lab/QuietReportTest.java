package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuietReportTest {
    private static MedianInterval m(double median, double lo, double hi) {
        return new MedianInterval(median * 1e3, lo * 1e3, hi * 1e3, 4096, 0.95);
    }

    @Test
    void theIssuesSparseImageIsNotQuiet() {
        // 829 µs in the first pass, ~470 µs in the second: the first touch costs extra.
        QuietReport r = new QuietReport(m(829, 815, 842), m(470, 462, 483));
        assertEquals(QuietReport.QuietVerdict.FIRST_PASS_SLOWER, r.verdict());
        assertTrue(r.lines().get(2).contains("NOT quiet"), r.lines().toString());
    }

    @Test
    void overlappingIntervalsAgree() {
        assertEquals(QuietReport.QuietVerdict.AGREE, new QuietReport(m(471, 466, 476), m(469, 464, 474)).verdict());
    }

    @Test
    void aSmallButSignificantDifferenceStillAgrees() {
        // 5% apart with disjoint intervals: below the 10% that counts as a first-touch cost.
        assertEquals(QuietReport.QuietVerdict.AGREE, new QuietReport(m(105, 104, 106), m(100, 99, 101)).verdict());
    }

    @Test
    void aLargeDifferenceWithOverlappingIntervalsAgrees() {
        assertEquals(QuietReport.QuietVerdict.AGREE, new QuietReport(m(130, 90, 170), m(100, 80, 120)).verdict());
    }

    @Test
    void aSlowerSecondPassIsNoise() {
        assertEquals(QuietReport.QuietVerdict.SECOND_PASS_SLOWER, new QuietReport(m(100, 98, 102), m(130, 127, 133)).verdict());
    }

    @Test
    void linesShowMediansAndIntervalsInMicroseconds() {
        QuietReport r = new QuietReport(m(471.25, 466, 476), m(469, 464, 474));
        assertEquals("pass 1 (first touch of the blocks): median 471.3 µs, 95% CI [466.0, 476.0] µs (n=4096)", r.lines().get(0));
        assertEquals("pass 1 / pass 2 = 1.005: AGREE within noise: no first-touch cost, the image is quiet", r.lines().get(2));
    }
}
