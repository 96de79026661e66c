package io.durabench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.stats.Estimate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The spread rule on figures whose band is worked out here by hand: the median of the logs, the MAD
 * times 1.4826, three of those either side, never narrower than ±10%; a host outside only when its
 * whole interval is.
 */
class FleetSpreadTest {
    private static Estimate e(double mean, double low, double high) {
        return new Estimate(mean, low, high, 3, Double.NaN, 2, Estimate.Basis.FORKS);
    }

    @Test
    void aHostWhoseWholeIntervalIsAboveTheBandIsOutsideWithItsFigure() {
        Map<String, Estimate> hosts = new LinkedHashMap<>();
        hosts.put("a", e(400, 380, 420));
        hosts.put("b", e(420, 400, 440));
        hosts.put("c", e(380, 360, 400));
        hosts.put("d", e(450, 420, 480));
        hosts.put("e", e(3000, 2800, 3200));
        List<FleetSpread.Outside<String>> out = FleetSpread.outside(hosts);
        assertEquals(1, out.size(), out.toString());
        FleetSpread.Outside<String> o = out.get(0);
        assertEquals("e", o.host());
        assertTrue(o.above());
        // By hand: logs of 380, 400, 420, 450, 3000; median ln 420; deviations sorted, the middle one is |ln 400 - ln 420|.
        double[] logs = {Math.log(380), Math.log(400), Math.log(420), Math.log(450), Math.log(3000)};
        double centre = Math.log(420);
        double[] dev = Arrays.stream(logs).map(x -> Math.abs(x - centre)).sorted().toArray();
        double half = Math.max(3 * 1.4826 * dev[2], Math.log(1.10));
        assertEquals(420, o.band().median(), 1e-9);
        assertEquals(Math.exp(centre + half), o.band().high(), 1e-6);
        assertEquals(Math.exp(centre - half), o.band().low(), 1e-6);
        assertEquals(3000 / 420.0, o.timesMedian(), 1e-9);
        assertEquals(5, o.band().hosts());
    }

    @Test
    void anIntervalThatReachesIntoTheBandIsNotCalledAnything() {
        Map<String, Estimate> hosts = new LinkedHashMap<>();
        for (String h : List.of("a", "b", "c", "d")) hosts.put(h, e(400, 380, 420));
        hosts.put("e", e(3000, 100, 9000));
        assertEquals(List.of(), FleetSpread.outside(hosts));
    }

    @Test
    void belowTheBandCountsToo() {
        Map<String, Estimate> hosts = new LinkedHashMap<>();
        for (String h : List.of("a", "b", "c", "d", "e")) hosts.put(h, e(400 + h.charAt(0), 390, 520));
        hosts.put("f", e(20, 18, 22));
        List<FleetSpread.Outside<String>> out = FleetSpread.outside(hosts);
        assertEquals(1, out.size());
        assertEquals("f", out.get(0).host());
        assertTrue(!out.get(0).above());
    }

    @Test
    void fewerThanFiveHostsJudgeNoOne() {
        Map<String, Estimate> hosts = new LinkedHashMap<>();
        for (String h : List.of("a", "b", "c")) hosts.put(h, e(400, 380, 420));
        hosts.put("d", e(30_000, 29_000, 31_000));
        assertTrue(FleetSpread.band(hosts.values().stream().map(Estimate::mean).toList()).isEmpty());
        assertEquals(List.of(), FleetSpread.outside(hosts));
    }

    @Test
    void hostsThatAgreeExactlyStillLeaveTenPercent() {
        Map<String, Estimate> hosts = new LinkedHashMap<>();
        for (String h : List.of("a", "b", "c", "d", "e")) hosts.put(h, e(400, 399, 401));
        hosts.put("f", e(430, 425, 435));
        hosts.put("g", e(460, 450, 470));
        List<FleetSpread.Outside<String>> out = FleetSpread.outside(hosts);
        assertEquals(List.of("g"), out.stream().map(FleetSpread.Outside::host).toList(), "430 is within 400 x 1.1, 450..470 is not");
    }
}
