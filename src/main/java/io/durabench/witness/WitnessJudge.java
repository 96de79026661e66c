package io.durabench.witness;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.SyscallRules;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.child.ChildStatus;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.nativeio.TraceMarkers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns one trace and the witnessed JVM's result lines into a verdict per cell: finds each cell's
 * markers, takes what the kernel saw between them ({@link TracedCell}) and compares it with what the
 * counters imply (the family's {@link SyscallRules}, {@link ExpectationCheck}).
 */
final class WitnessJudge {
    private final List<FileCall> calls;
    private final String token;
    private final String dir;
    private final int ops;
    /** Positions (in {@link #calls}) of every marker call of this run, by marker path. */
    private final Map<String, List<Integer>> markers = new LinkedHashMap<>();
    private final TreeMap<Integer, String> markerAt = new TreeMap<>();

    WitnessJudge(List<FileCall> calls, String token, String dir, int ops) {
        this.calls = calls;
        this.token = token;
        this.dir = dir;
        this.ops = ops;
        String prefix = TraceMarkers.path(token, 0, TraceMarkers.BEGIN).replace("/cell-0/begin", "/");
        for (int i = 0; i < calls.size(); i++) {
            FileCall c = calls.get(i);
            if (c.call().equals("openat") && c.path() != null && c.path().startsWith(prefix)) {
                markers.computeIfAbsent(c.path(), k -> new ArrayList<>()).add(i);
                markerAt.put(i, c.path());
            }
        }
    }

    List<CellVerdict> judge(List<SizedCell> cells, List<JsonObject> results) {
        List<CellVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) verdicts.add(judge(i, cells.get(i), results.get(i)));
        return verdicts;
    }

    private CellVerdict judge(int index, SizedCell cell, JsonObject result) {
        if (result == null) return notWitnessed(cell, "the witnessed JVM printed no result for it");
        if (!cell.spec().equals(result.get(WitnessMain.SPEC).getAsString())) { // both checked present by WitnessProcessOutput
            return notWitnessed(cell, "the witnessed JVM ran " + result.get(WitnessMain.SPEC).getAsString() + " in its place");
        }
        if (ChildStatus.of(result) != ChildStatus.OK) return notWitnessed(cell, "its workload failed: " + ChildStatus.reason(result));
        Map<String, Long> counters = new LinkedHashMap<>();
        result.getAsJsonObject(WitnessMain.COUNTERS).entrySet().forEach(e -> counters.put(e.getKey(), e.getValue().getAsLong()));
        Integer begin = onlyMarker(index, TraceMarkers.BEGIN);
        Integer end = onlyMarker(index, TraceMarkers.END);
        if (begin == null || end == null || begin > end) {
            return new CellVerdict(cell, counters, List.of(), "the trace does not hold exactly one BEGIN and then one END marker for it");
        }
        Integer previous = markerAt.lowerKey(begin);
        SyscallExpectation expected;
        try {
            expected = expectation(cell.cell(), cell.size(), counters, ops);
        } catch (IllegalArgumentException e) {
            return new CellVerdict(cell, counters, List.of(), e.getMessage());
        }
        TracedCell seen = TracedCell.of(calls, previous == null ? -1 : previous, begin, end, dir, expected.hasLog());
        List<String> mismatches = new ArrayList<>(new ExpectationCheck(expected, seen, dir).mismatches());
        List<String> notes = new ArrayList<>();
        mismatches.addAll(RingOpsCheck.mismatches(expected, result, notes));
        return new CellVerdict(cell, counters, mismatches, null, notes);
    }

    /**
     * What the kernel must have seen of {@code ops} operations of {@code cell} (its workload at
     * {@code size}) that counted {@code counters}, and what the counters must say of the operations
     * themselves: its family's rules. A counter the rules need and the workload did not report is an
     * IllegalArgumentException.
     */
    static SyscallExpectation expectation(Cell cell, WorkloadSize size, Map<String, Long> counters, int ops) {
        SyscallRules rules = SizedCell.rules(cell);
        SyscallExpectation x = new SyscallExpectation(counters);
        rules.expect(cell, size, x);
        rules.expectOperations(cell, ops, x);
        return x;
    }

    private Integer onlyMarker(int cell, String which) {
        List<Integer> at = markers.getOrDefault(TraceMarkers.path(token, cell, which), List.of());
        return at.size() == 1 ? at.get(0) : null;
    }

    private static CellVerdict notWitnessed(SizedCell cell, String why) {
        return new CellVerdict(cell, Map.of(), List.of(), why);
    }
}
