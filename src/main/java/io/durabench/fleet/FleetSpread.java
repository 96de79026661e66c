package io.durabench.fleet;

import io.durabench.stats.Estimate;
import io.durabench.stats.MedianEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which hosts are outside the fleet's spread for one method in one group. The rule, on the log of
 * each host's figure (costs across disks differ by factors, not by microseconds):
 * <ul>
 *   <li>the fleet's centre is the median over hosts, its spread the median absolute deviation from it
 *       times 1.4826 (MAD: a robust SD, which one or two odd hosts cannot inflate, as they would an SD);</li>
 *   <li>the fleet's band is the median times e^(±3 spreads), and never narrower than ±10% (hosts that agree
 *       to the microsecond would otherwise make every other host "outside");</li>
 *   <li>a host is outside only when its whole 99.9% interval lies outside the band: above it (its low end
 *       above the band's top) or below it (its high end below the band's bottom). A host whose interval
 *       reaches into the band, or that has no interval, is not called anything;</li>
 *   <li>only figures above zero take part (a log needs them), and only with at least {@value #MIN_HOSTS} hosts:
 *       with fewer, a median and a MAD over hosts say too little about what is usual.</li>
 * </ul>
 */
public final class FleetSpread {
    public static final int MIN_HOSTS = 5;
    static final double MADS = 3;
    static final double MAD_TO_SD = 1.4826;
    static final double MIN_HALF_WIDTH = Math.log(1.10);

    private FleetSpread() {
    }

    /** The fleet's band: median, bottom and top (µs), over {@code hosts} hosts. */
    public record Band(double median, double low, double high, int hosts) {
    }

    /** A host outside the band, with its figure. */
    public record Outside<K>(K host, Estimate figure, Band band, boolean above) {
        /** How many times the fleet's median the host's figure is. */
        public double timesMedian() {
            return figure.mean() / band.median();
        }
    }

    /** The band of the hosts' figures; empty with fewer than {@link #MIN_HOSTS} figures above zero. */
    public static Optional<Band> band(List<Double> figures) {
        double[] logs = figures.stream().filter(v -> v != null && v > 0 && Double.isFinite(v)).mapToDouble(Math::log).toArray();
        if (logs.length < MIN_HOSTS) return Optional.empty();
        double centre = MedianEstimate.median(logs);
        double[] deviations = new double[logs.length];
        for (int i = 0; i < logs.length; i++) deviations[i] = Math.abs(logs[i] - centre);
        double half = Math.max(MADS * MAD_TO_SD * MedianEstimate.median(deviations), MIN_HALF_WIDTH);
        return Optional.of(new Band(Math.exp(centre), Math.exp(centre - half), Math.exp(centre + half), logs.length));
    }

    /** The hosts whose whole interval is outside the band of all of them (none below {@link #MIN_HOSTS} hosts). */
    public static <K> List<Outside<K>> outside(Map<K, Estimate> byHost) {
        Map<K, Estimate> usable = new LinkedHashMap<>();
        byHost.forEach((k, e) -> {
            if (e != null && Double.isFinite(e.mean())) usable.put(k, e);
        });
        Optional<Band> band = band(usable.values().stream().map(Estimate::mean).toList());
        List<Outside<K>> out = new ArrayList<>();
        if (band.isEmpty()) return out;
        Band b = band.get();
        usable.forEach((k, e) -> {
            if (!e.hasInterval() || !(e.mean() > 0)) return;
            if (e.low() > b.high()) out.add(new Outside<>(k, e, b, true));
            else if (e.high() < b.low()) out.add(new Outside<>(k, e, b, false));
        });
        return out;
    }
}
