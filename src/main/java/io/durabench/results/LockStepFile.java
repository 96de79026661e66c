package io.durabench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import io.durabench.stats.LockStepEstimate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * lockstep.json, at the top of a lock-step run's folder: the two sides (each JVM, target and the
 * slot folder its JMH-format results are in), how the pair was placed and ordered, and every block
 * of every fork pair of every cell, as each side measured it. It is the ground truth of the run's
 * lock-step figures (each cell pair's {@link CellRecord#estimate}); each side's
 * jmh-result.json is derived from it for every reader of absolute figures.
 *
 * @param pairing   the kind of pairing in words (HandOffRule.Kind)
 * @param placement "unpinned", or "pinned to CPUs 0" (both sides alike, never changed within a fork pair)
 */
public record LockStepFile(String started, String finished, Sides sides, String pairing, Settings settings, String placement,
                           List<CellRecord> cells) {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-lockstep", 1);
    public static final String FILE = "lockstep.json";
    /** The slot of a side that is the C twin (twin/, no JVM): what readers recognise the twin by. */
    public static final String TWIN_SLOT = "c-twin";

    /** Side A (the base of every ratio B/A) and side B. */
    public record Sides(SideInfo a, SideInfo b) {
    }


    /**
     * One side: its JVM and native layer ("jnr", "ffm"; null in files written before there were two), its
     * target directory, the slot folder under the target's that holds its JMH-format results, and the
     * test hook's extra nanoseconds per operation (0 in a real run).
     */
    public record SideInfo(String slot, String java, String version, String nativeLayer, String dir, String target, long busyWaitNanos) {
        /** Whether this side is the C twin rather than a JVM. */
        public boolean twin() {
            return TWIN_SLOT.equals(slot);
        }
    }

    /**
     * How every cell was measured. {@code bothWays}: each cell ran in two halves of {@code blocks / 2}, opened with either
     * side first (files of older runs: false); {@code pairs}: the fork pairs' precision rule, null for fixed fork pairs
     * (and files written before the rule), where every cell has the run's fork pairs.
     */
    public record Settings(int blocks, int blockTargetMillis, int grain, String order, int warmupMinBlocks, int warmupMaxBlocks,
                           int warmupUnits, boolean bothWays, PairsRule pairs) {
        public Settings withPairs(PairsRule rule) {
            return new Settings(blocks, blockTargetMillis, grain, order, warmupMinBlocks, warmupMaxBlocks, warmupUnits, bothWays, rule);
        }
    }

    /**
     * One cell pair: what ran on side A and on B (CellSpec text), the JMH benchmark and params of
     * each (as in its result file), the units per block, and its fork pairs in the order they ran.
     */
    public record CellRecord(String specA, String specB, String benchmark, Map<String, String> paramsA, Map<String, String> paramsB,
                             int unitsPerBlock, List<PairRecord> forkPairs) {
        public CellRecord {
            // In the order given (a file's, written sorted), not Map.copyOf's, which differs from JVM to JVM: a cell's label follows it.
            paramsA = Collections.unmodifiableMap(new LinkedHashMap<>(paramsA));
            paramsB = Collections.unmodifiableMap(new LinkedHashMap<>(paramsB));
            forkPairs = List.copyOf(forkPairs);
        }

        public CellRecord with(PairRecord p, int units) {
            List<PairRecord> more = new ArrayList<>(forkPairs);
            more.add(p);
            return new CellRecord(specA, specB, benchmark, paramsA, paramsB, units, more);
        }

        /** The fork pairs in which both sides measured. */
        public List<PairRecord> measured() {
            return forkPairs.stream().filter(PairRecord::measured).toList();
        }

        /**
         * The half-width of B/A's interval between the measured fork pairs as a share of B/A, at the level the report
         * prints it ({@link LockStepEstimate#CONFIDENCE}): what the precision rule reads ({@link PairsRule}). NaN with
         * fewer than two measured pairs.
         */
        public double halfWidth() {
            return measured().size() < 2 ? Double.NaN : estimate(LockStepEstimate.CONFIDENCE).halfWidth();
        }

        /** The first fork pair in which the cell failed (it is not measured after it), if any. */
        public Optional<PairRecord> failed() {
            return forkPairs.stream().filter(p -> !p.measured()).findFirst();
        }

        /** One side's figure ({@code PairRecord::a} or {@code ::b}) in each measured fork pair: µs per operation, its stalled units left out. */
        public double[] stallFree(Function<PairRecord, SideRecord> side) {
            return measured().stream().mapToDouble(p -> side.apply(p).microsPerOperationWithoutStalls()).toArray();
        }

        /** B against A between the measured fork pairs, from their stall-free figures: the one estimate of a cell pair. */
        public LockStepEstimate estimate(double confidence) {
            return LockStepEstimate.of(stallFree(PairRecord::a), stallFree(PairRecord::b), confidence);
        }

        /** Each measured fork pair's B/A of the same figures (the gate's control ratios). */
        public double[] ratios() {
            double[] a = stallFree(PairRecord::a), ratio = stallFree(PairRecord::b);
            for (int i = 0; i < ratio.length; i++) ratio[i] /= a[i];
            return ratio;
        }

        /** One side's stalled units over the measured fork pairs, counted apart from its figures. */
        public long stalls(Function<PairRecord, SideRecord> side) {
            return measured().stream().mapToLong(p -> side.apply(p).stalls()).sum();
        }
    }

    /**
     * One fork pair of one cell: both sides' blocks (or why not), when the pair started, and the
     * pair's wall time in all (its JVMs' start, every cell of it, their end).
     */
    public record PairRecord(int pair, String started, long pairMillis, SideRecord a, SideRecord b) {
        public boolean measured() {
            return a.error() == null && b.error() == null;
        }
    }

    /**
     * One side in one fork pair: its error (null when it measured; {@code partnerFailed} when the
     * error was the other side's), the warmup it took, the JIT time spent while measuring, the cell's
     * wall time on this side (open to close), the CPUs its measuring thread was allowed (as the kernel
     * said), its blocks and its counters over them; and what the test hook's timed spin really took in
     * the stall-free measured units (0: no spin; a preemption can outlast the spin's deadline, so the
     * known effect is this, not the nominal D).
     */
    public record SideRecord(String error, boolean partnerFailed, int warmupBlocks, boolean warmupCapped, long compileMillisWhileMeasured,
                             long cellMillis, String cpus, List<Block> blocks, Map<String, Long> counters, long testSpinNanos) {
        public SideRecord {
            blocks = List.copyOf(blocks);
            counters = Map.copyOf(counters);
        }

        public SideRecord(String error, boolean partnerFailed, int warmupBlocks, boolean warmupCapped, long compileMillisWhileMeasured,
                          long cellMillis, String cpus, List<Block> blocks, Map<String, Long> counters) {
            this(error, partnerFailed, warmupBlocks, warmupCapped, compileMillisWhileMeasured, cellMillis, cpus, blocks, counters, 0);
        }

        public static SideRecord failed(String error, boolean partnerFailed) {
            return new SideRecord(error, partnerFailed, 0, false, 0, 0, null, List.of(), Map.of());
        }

        /** Whether this side's own unit or workload failed, not the other side's. */
        public boolean failedItself() {
            return error != null && !partnerFailed;
        }

        /** The test spin's real microseconds per stall-free operation (0 without one). */
        public double testSpinMicrosPerOperation() {
            long ops = 0;
            for (Block b : blocks) ops += b.operations() - b.stalledOperations();
            return testSpinNanos / 1000.0 / ops;
        }

        /** Microseconds per operation over every block, stalls included: all the time its units took over all their operations. */
        public double microsPerOperation() {
            long nanos = 0, ops = 0;
            for (Block b : blocks) {
                nanos += b.nanos();
                ops += b.operations();
            }
            return nanos / 1000.0 / ops;
        }

        /** Microseconds per operation over every block, its stalled units left out: what lock-step compares (the stalls are counted apart). */
        public double microsPerOperationWithoutStalls() {
            long nanos = 0, ops = 0;
            for (Block b : blocks) {
                nanos += b.nanos() - b.stalledNanos();
                ops += b.operations() - b.stalledOperations();
            }
            return nanos / 1000.0 / ops;
        }

        /** Stalled units over every block. */
        public int stalls() {
            return blocks.stream().mapToInt(Block::stalls).sum();
        }
    }

    /**
     * One side's share of one measured block: its units, the operations they held (a unit of N
     * writes per sync is N operations), the nanoseconds they took (each unit timed on its own, the
     * hand-overs not), the slowest unit, and its stalls: units longer than 20 times the median unit of
     * the side's last warmup block (a single flush the disk held for tens of ms), with their
     * nanoseconds and operations. A stall lands on whichever side is in its unit at the time: it is
     * not common-mode, so one stall moves a pair's ratio by itself (docs/lockstep.md).
     */
    public record Block(long nanos, int units, long operations, long maxUnitNanos, int stalls, long stalledNanos, long stalledOperations) {
        public double microsPerOperation() {
            return nanos / 1000.0 / operations;
        }

        /** "nanos units operations max stalls stalledNanos stalledOperations": one short line per block, since a run holds thousands. */
        public String text() {
            return nanos + " " + units + " " + operations + " " + maxUnitNanos + " " + stalls + " " + stalledNanos + " " + stalledOperations;
        }

        /** A block as {@link #text} writes it; a block of four fields (a file without stall counts) reads as a block without stalls. */
        public static Block parse(String text) {
            String[] f = text.trim().split(" ");
            if (f.length != 7 && f.length != 4) {
                throw new IllegalArgumentException("a block is 'nanos units operations max stalls stalledNanos stalledOperations', not '" + text + "'");
            }
            boolean counted = f.length == 7;
            return new Block(Long.parseLong(f[0]), Integer.parseInt(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                    counted ? Integer.parseInt(f[4]) : 0, counted ? Long.parseLong(f[5]) : 0, counted ? Long.parseLong(f[6]) : 0);
        }
    }

    public LockStepFile {
        cells = List.copyOf(cells);
    }

    public LockStepFile withCells(List<CellRecord> newCells, String finishedAt) {
        return new LockStepFile(started, finishedAt, sides, pairing, settings, placement, newCells);
    }

    /** The file with why its precision rule added no more fork pairs (a file with fixed fork pairs stays as it is). */
    public LockStepFile withPairsStopped(String why) {
        if (settings.pairs() == null) return this;
        return new LockStepFile(started, finished, sides, pairing, settings.withPairs(settings.pairs().withStopped(why)), placement, cells);
    }

    /** Whether {@code folder} is a lock-step run's (it holds lockstep.json). */
    public static boolean isLockStep(Path folder) {
        return Files.isRegularFile(folder.resolve(FILE));
    }

    public void write(Path folder) {
        JsonFiles.write(toJson(), folder.resolve(FILE));
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("schema", SCHEMA.toString());
        o.addProperty("design", "lock-step");
        o.addProperty("started", started);
        o.addProperty("finished", finished);
        JsonObject s = new JsonObject();
        s.add("a", side(sides.a()));
        s.add("b", side(sides.b()));
        o.add("sides", s);
        o.addProperty("pairing", pairing);
        o.addProperty("placement", placement);
        JsonObject set = new JsonObject();
        set.addProperty("blocks", settings.blocks());
        set.addProperty("blockTargetMillis", settings.blockTargetMillis());
        set.addProperty("grain", settings.grain());
        set.addProperty("order", settings.order());
        set.addProperty("warmupMinBlocks", settings.warmupMinBlocks());
        set.addProperty("warmupMaxBlocks", settings.warmupMaxBlocks());
        set.addProperty("warmupUnits", settings.warmupUnits());
        if (settings.bothWays()) set.addProperty("bothWays", true);
        if (settings.pairs() != null) settings.pairs().write(set, o);
        o.add("settings", set);
        JsonArray cs = new JsonArray();
        for (CellRecord c : cells) {
            JsonObject cj = new JsonObject();
            cj.addProperty("a", c.specA());
            cj.addProperty("b", c.specB());
            cj.addProperty("benchmark", c.benchmark());
            cj.add("paramsA", params(c.paramsA()));
            cj.add("paramsB", params(c.paramsB()));
            cj.addProperty("unitsPerBlock", c.unitsPerBlock());
            JsonArray pairs = new JsonArray();
            for (PairRecord p : c.forkPairs()) {
                JsonObject pj = new JsonObject();
                pj.addProperty("pair", p.pair());
                pj.addProperty("started", p.started());
                pj.addProperty("pairMillis", p.pairMillis());
                pj.add("a", sideRecord(p.a()));
                pj.add("b", sideRecord(p.b()));
                pairs.add(pj);
            }
            cj.add("forkPairs", pairs);
            cs.add(cj);
        }
        o.add("cells", cs);
        return o;
    }

    private static JsonObject side(SideInfo s) {
        JsonObject j = new JsonObject();
        j.addProperty("slot", s.slot());
        j.addProperty("java", s.java());
        j.addProperty("version", s.version());
        j.addProperty("nativeLayer", s.nativeLayer());
        j.addProperty("dir", s.dir());
        j.addProperty("target", s.target());
        j.addProperty("busyWaitNanos", s.busyWaitNanos());
        return j;
    }

    private static JsonObject params(Map<String, String> p) {
        JsonObject j = new JsonObject();
        new java.util.TreeMap<>(p).forEach(j::addProperty);
        return j;
    }

    private static JsonObject sideRecord(SideRecord r) {
        JsonObject j = new JsonObject();
        if (r.error() != null) {
            j.addProperty("error", r.error());
            j.addProperty("partnerFailed", r.partnerFailed());
            return j;
        }
        j.addProperty("warmupBlocks", r.warmupBlocks());
        j.addProperty("warmupCapped", r.warmupCapped());
        j.addProperty("compileMillisWhileMeasured", r.compileMillisWhileMeasured());
        j.addProperty("cellMillis", r.cellMillis());
        j.addProperty("cpus", r.cpus());
        JsonArray bs = new JsonArray();
        for (Block b : r.blocks()) bs.add(b.text());
        j.add("blocks", bs);
        JsonObject c = new JsonObject();
        new java.util.TreeMap<>(r.counters()).forEach(c::addProperty);
        j.add("counters", c);
        if (r.testSpinNanos() > 0) j.addProperty("testSpinNanos", r.testSpinNanos());
        return j;
    }

    /** One side's record as the side printed it (its result line, or the file's entry). */
    public static SideRecord sideRecord(JsonObject j) {
        String error = JsonFields.string(j, "error");
        if (error != null) return SideRecord.failed(error, Boolean.TRUE.equals(JsonFields.bool(j, "partnerFailed")));
        List<Block> blocks = new ArrayList<>();
        for (JsonElement b : required(JsonFields.array(j, "blocks"), "blocks")) blocks.add(Block.parse(b.getAsString()));
        Map<String, Long> counters = new LinkedHashMap<>();
        JsonObject c = JsonFields.object(j, "counters");
        if (c != null) c.entrySet().forEach(e -> counters.put(e.getKey(), e.getValue().getAsLong()));
        Long cell = JsonFields.whole(j, "cellMillis"), spin = JsonFields.whole(j, "testSpinNanos");
        return new SideRecord(null, false, JsonFields.integer(j, "warmupBlocks"), Boolean.TRUE.equals(JsonFields.bool(j, "warmupCapped")),
                JsonFields.whole(j, "compileMillisWhileMeasured"), cell == null ? 0 : cell, JsonFields.string(j, "cpus"), blocks, counters,
                spin == null ? 0 : spin);
    }

    public static LockStepFile read(Path folder) {
        Path file = folder.resolve(FILE);
        JsonElement root = JsonFiles.parse(file, "durabench's lockstep.json");
        if (!root.isJsonObject()) throw malformed(file, "expected an object");
        JsonObject o = root.getAsJsonObject();
        try {
            SCHEMA.check(file, JsonFields.string(o, "schema"));
            JsonObject s = JsonFields.object(o, "sides");
            JsonObject set = JsonFields.object(o, "settings");
            Settings settings = new Settings(JsonFields.integer(set, "blocks"), JsonFields.integer(set, "blockTargetMillis"),
                    JsonFields.integer(set, "grain"), JsonFields.string(set, "order"), JsonFields.integer(set, "warmupMinBlocks"),
                    JsonFields.integer(set, "warmupMaxBlocks"), JsonFields.integer(set, "warmupUnits"),
                    Boolean.TRUE.equals(JsonFields.bool(set, "bothWays")), PairsRule.read(set, o));
            List<CellRecord> cells = new ArrayList<>();
            for (JsonElement ce : required(JsonFields.array(o, "cells"), "cells")) {
                JsonObject c = ce.getAsJsonObject();
                List<PairRecord> pairs = new ArrayList<>();
                for (JsonElement pe : required(JsonFields.array(c, "forkPairs"), "forkPairs")) {
                    JsonObject p = pe.getAsJsonObject();
                    Long pairMillis = JsonFields.whole(p, "pairMillis");
                    pairs.add(new PairRecord(JsonFields.integer(p, "pair"), JsonFields.string(p, "started"), pairMillis == null ? 0 : pairMillis,
                            sideRecord(JsonFields.object(p, "a")), sideRecord(JsonFields.object(p, "b"))));
                }
                cells.add(new CellRecord(JsonFields.string(c, "a"), JsonFields.string(c, "b"), JsonFields.string(c, "benchmark"),
                        stringMap(JsonFields.object(c, "paramsA")), stringMap(JsonFields.object(c, "paramsB")),
                        JsonFields.integer(c, "unitsPerBlock"), pairs));
            }
            return new LockStepFile(JsonFields.string(o, "started"), JsonFields.string(o, "finished"),
                    new Sides(sideInfo(JsonFields.object(s, "a")), sideInfo(JsonFields.object(s, "b"))), JsonFields.string(o, "pairing"),
                    settings, JsonFields.string(o, "placement"), cells);
        } catch (IllegalArgumentException | NullPointerException | IllegalStateException | UnsupportedOperationException e) {
            if (e instanceof ResultsFileException r) throw r;
            // A field the record needs is missing or null: the JDK's message would name our code, not the file's field.
            throw malformed(file, e instanceof NullPointerException ? "a required field is missing or null"
                    : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static <T> T required(T value, String field) {
        if (value == null) throw new IllegalArgumentException("field \"" + field + "\" is missing");
        return value;
    }

    private static SideInfo sideInfo(JsonObject j) {
        return new SideInfo(JsonFields.string(j, "slot"), JsonFields.string(j, "java"), JsonFields.string(j, "version"),
                JsonFields.string(j, "nativeLayer"), JsonFields.string(j, "dir"), JsonFields.string(j, "target"), JsonFields.whole(j, "busyWaitNanos"));
    }

    private static Map<String, String> stringMap(JsonObject j) {
        Map<String, String> m = new LinkedHashMap<>();
        if (j != null) j.entrySet().forEach(e -> m.put(e.getKey(), e.getValue().getAsString()));
        return m;
    }

    private static ResultsFileException malformed(Path file, String why) {
        // A damaged value may hold line breaks or other control characters: the message stays one line.
        return new ResultsFileException(file + ": not a durabench lockstep.json (" + why.replaceAll("\\p{Cntrl}", "?")
                + "); `durabench run --lock-step` writes it");
    }
}
