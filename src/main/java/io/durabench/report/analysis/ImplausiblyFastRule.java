package io.durabench.report.analysis;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.ReportWarning.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One warning per flush device (a disk behind several loop filesystems is one device): its
 * cheapest durable row whose whole cost-per-sync interval lies below the device's floor
 * ({@link FlushFloor}), then how many other rows are below it too. A cost whose interval reaches
 * zero is not resolved and never counted; a disk whose cache ignores flushes makes every row cheap,
 * and one line per row would bury the other warnings.
 */
final class ImplausiblyFastRule {
    private ImplausiblyFastRule() {
    }

    /** The suspects found behind one device. */
    private static final class Suspects {
        final FlushFloor floor;
        final List<ReportRow> rows = new ArrayList<>();
        final Map<ReportRow, double[]> perSync = new HashMap<>();

        Suspects(FlushFloor floor) {
            this.floor = floor;
        }

        Set<Context> contexts() {
            Set<Context> cs = new LinkedHashSet<>();
            rows.forEach(r -> cs.add(r.context()));
            return cs;
        }
    }

    static List<ReportWarning> warnings(List<ReportRow> rows, ContextNames names) {
        Map<String, Suspects> byDevice = suspects(rows);
        List<ReportWarning> out = new ArrayList<>();
        for (Suspects s : byDevice.values()) {
            s.rows.sort(Comparator.comparingDouble(r -> s.perSync.get(r)[1]));
            ReportRow r = s.rows.get(0);
            double[] cheapest = s.perSync.get(r);
            var env = r.context().environment();
            String message = String.format("%s costs %s µs per sync on %s (%s), 99.9%% interval [%s, %s], below %s µs: %s.%s Device %s%s: "
                            + "a cache that does not honour flushes (or a hypervisor that drops them) would explain it.",
                    r.methodLabel(), Fmt.us(cheapest[1]), r.context().place(), r.groupLabel(), Fmt.us(cheapest[0]), Fmt.us(cheapest[2]),
                    Fmt.usRounded(s.floor.floorUs()), s.floor.why(), othersBelow(s, names),
                    s.floor.describeDevice(), env.viaLoopDevice() ? " (backing the loop device)" : "");
            String brief = String.format("%d durable %s on %s flush in < %s µs, from %s µs [%s, %s]",
                    s.rows.size(), s.rows.size() == 1 ? "row" : "rows", names.list(s.contexts()),
                    Fmt.usRounded(s.floor.floorUs()), Fmt.usRounded(cheapest[1]), Fmt.usRounded(cheapest[0]), Fmt.usRounded(cheapest[2]));
            out.add(new ReportWarning(Kind.IMPLAUSIBLY_FAST, message, s.rows.stream().map(ReportRow::id).toList(),
                    s.floor.briefDevice(), s.floor.floorUs() / cheapest[1], brief));
        }
        return out;
    }

    /** Durable rows whose whole flush-cost interval is below their device's floor, by device. */
    private static Map<String, Suspects> suspects(List<ReportRow> rows) {
        Map<String, Suspects> byDevice = new LinkedHashMap<>();
        Map<Context, java.util.Optional<FlushFloor>> floors = new HashMap<>();
        Map<String, List<ReportRow>> groups = FindingRows.groups(rows);
        for (ReportRow r : rows) {
            var floor = floors.computeIfAbsent(r.context(), FlushFloor::of);
            if (floor.isEmpty()) continue;
            var perSync = FlushFloor.perSync(r, groups.get(r.groupKey()));
            if (perSync.isEmpty() || !floor.get().implausiblyCheap(perSync.get())) continue;
            Suspects s = byDevice.computeIfAbsent(floor.get().deviceKey(), k -> new Suspects(floor.get()));
            s.rows.add(r);
            s.perSync.put(r, perSync.get());
        }
        return byDevice;
    }

    private static String othersBelow(Suspects s, ContextNames names) {
        if (s.rows.size() == 1) return "";
        ReportRow worst = s.rows.get(s.rows.size() - 1);
        Set<String> methods = new LinkedHashSet<>();
        s.rows.subList(1, s.rows.size()).forEach(x -> methods.add(x.methodLabel()));
        String where = s.contexts().size() > 1 ? " on " + names.list(s.contexts()) : " there";
        int more = s.rows.size() - 1;
        return String.format(" %d more durable %s%s %s below it too, up to %s µs (%s).", more, more == 1 ? "row" : "rows",
                where, more == 1 ? "is" : "are", Fmt.us(s.perSync.get(worst)[1]), String.join(", ", methods));
    }

    /** For the findings: the devices behind which durable rows flush implausibly cheaply, with their suspects. */
    static List<DeviceSuspects> devices(List<ReportRow> rows) {
        List<DeviceSuspects> out = new ArrayList<>();
        for (Suspects s : suspects(rows).values()) {
            s.rows.sort(Comparator.comparingDouble(r -> s.perSync.get(r)[1]));
            out.add(new DeviceSuspects(s.floor, List.copyOf(s.rows), s.perSync.get(s.rows.get(0)),
                    s.perSync.get(s.rows.get(s.rows.size() - 1)), List.copyOf(s.contexts())));
        }
        return out;
    }

    /** The suspects behind one device, cheapest first, with the cheapest and dearest flush costs [low, mean, high]. */
    record DeviceSuspects(FlushFloor floor, List<ReportRow> rows, double[] cheapest, double[] dearest, List<Context> contexts) {
    }
}
