package io.durabench.fleet;

import io.durabench.output.Table;
import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.results.FleetFolder.Host;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The words the fleet report's text and Markdown share, so the two cannot say different things. */
final class FleetProse {
    static final String TITLE = "durabench fleet report";

    private FleetProse() {
    }

    /** "Fleet lab9: 9 hosts listed, 8 measured, 1 unreachable; columns: one per host target." */
    static String summary(FleetView v) {
        Map<String, Integer> byStatus = new LinkedHashMap<>();
        for (Host h : v.fleet().hosts()) byStatus.merge(h.status(), 1, Integer::sum);
        List<String> parts = new ArrayList<>();
        byStatus.forEach((s, n) -> parts.add(n + " " + s));
        String columns = switch (v.groupBy()) {
            case HOST -> "one column per host (per host target where a host measured several)";
            default -> "one column per " + v.groupBy().word() + " (--group-by " + v.groupBy().word() + "), its hosts' median";
        };
        return "Fleet " + v.fleet().name() + ": " + v.fleet().hosts().size() + " hosts listed in hosts.json, "
                + ContextNames.join(parts) + "; baseline " + v.report().baseline() + "; " + columns + ".";
    }

    static String howToRead() {
        return "A cell is a method's durability cost on a host (time per operation minus the baseline's in the same group on the "
                + "same host), mean without stalls [99.9% interval over forks]; a column of several hosts shows their median "
                + "(lowest..highest host). "
                + "* = no stable storage: nothing there is durable. Outside the fleet's spread: the host's whole interval beyond the "
                + "median over hosts times e^(±3 MAD-SDs of the logs), at least ±10%, with " + FleetSpread.MIN_HOSTS + "+ hosts. "
                + "Each host's own report: durabench report FLEET/HOST.";
    }

    /** The hosts table: one line per host target, then one per host without results. */
    static Table hosts(FleetView v) {
        Table t = new Table(List.of("host", "status", "target", "kernel", "device", "JDK"));
        Map<String, Host> listed = new LinkedHashMap<>();
        v.fleet().hosts().forEach(h -> listed.put(h.host(), h));
        for (Context c : v.report().contexts()) {
            Host h = listed.get(c.host());
            t.add(List.of(c.host() == null ? "?" : c.host(), h == null ? "?" : h.status(),
                    (c.hasNoStableStorage() ? "*" : "") + c.place().replaceFirst("^" + java.util.regex.Pattern.quote(c.host() + ": "), ""),
                    kernel(c.environment()), device(c.environment()), c.jdk() == null ? "?" : c.jdk().replaceFirst("^JDK ", "")));
        }
        List<String> reported = v.measuredHosts();
        for (Host h : v.fleet().hosts()) {
            if (!reported.contains(h.host())) t.add(List.of(h.host(), h.status(), "(no results)", "", "", ""));
        }
        return t;
    }

    /** "SyncWriteCost.writeBlock, 8 KiB, ...: durability cost over NONE (µs per write)". */
    static String heading(FleetTable t) {
        return t.group();
    }

    /** "durability cost over NONE, µs per write": what the table's cells are. */
    static String figure(FleetTable t) {
        return t.figure() + ", " + t.unit();
    }

    /** Under a grouped table: which hosts each column holds (nothing when every column is one host). */
    static String members(FleetView v, FleetTable t) {
        if (v.groupBy() == GroupBy.HOST) return "";
        List<String> parts = new ArrayList<>();
        for (FleetTable.FleetColumn c : t.columns()) parts.add(c.name() + ": " + String.join(", ", c.hosts()));
        return "Columns: " + String.join("; ", parts) + ".";
    }

    private static String kernel(Environment env) {
        return env == null || env.kernel() == null || env.kernel().release() == null ? "?" : env.kernel().release();
    }

    private static String device(Environment env) {
        BlockDevice d = env == null ? null : env.flushDevice();
        if (d == null) return "?";
        return (d.name() == null ? "?" : d.name()) + (d.model() == null || d.model().isBlank() ? "" : " " + d.model().strip());
    }
}
