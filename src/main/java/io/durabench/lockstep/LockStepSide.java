package io.durabench.lockstep;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.CellSpec;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.TraceMarkers;
import io.durabench.results.LockStepFile;
import io.durabench.workload.ownership.OwnedFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One side of a lock-step pair, in a JVM of its own ({@link ForkPair} starts two):
 * <pre>
 * java -cp CP io.durabench.lockstep.LockStepSide --side A|B [--opener A|B] [--pin-thread CPUS] --socket PATH --dir DIR --blocks K --block-ms T
 *      --grain G --order alternate|a-first|b-first --warmup MIN:MAX:UNITS [--busy-wait-ns D] [--witness-token T]
 *      [--units N] [--size REGION:CHUNK] CELL [[--units N] [--size ...] CELL]...
 * </pre>
 * A listens at the socket, B connects; then both run their cells in order, cell i of A against cell
 * i of B ({@link SideCell}), the {@code --opener} opening first in even cells and the other side in odd ones; {@code --units} (0: sized from the warmup) and {@code --size} apply to
 * the cells after them. {@code --pin-thread} pins the measuring thread first ({@link Placement}).
 * {@code --busy-wait-ns} is the test hook, a known spin per operation inside the timed unit
 * ({@code --busy-wait-pad-ns} the other side's, spun untimed); {@code --witness-token} makes the
 * syscall witness's marker calls ({@link TraceMarkers}) around each cell's measured blocks.
 * One result line per cell on stdout ({@link ResultLines}): its blocks, counters, warmup and the CPUs
 * the thread was allowed, or the error. Exit 0 when every line was printed (a
 * failed cell is a result), 2 on bad arguments, 3 when the other side went away.
 */
public final class LockStepSide {
    /** A failed answer's field: true when the partner's failure ended the cell, not this side's own. */
    static final String PARTNER_FAILED = "partnerFailed";
    static final Duration CONNECT_LIMIT = Duration.ofSeconds(60);

    private LockStepSide() {
    }

    /** One cell as this side runs it. */
    record SideCellSpec(Cell cell, int unitsPerBlock, WorkloadSize size) {
    }

    public static void main(String[] args) {
        io.durabench.child.ParentWatch.start();
        System.exit(run(args));
    }

    static int run(String[] args) {
        Args a;
        try {
            a = Args.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("lock-step side: " + e.getMessage());
            return 2;
        }
        // The side's owner lock, held for its life as a JMH fork holds one: if it is killed outright, its files are a dead owner's,
        // which the parent removes when the pair ends, and any later run otherwise (StaleFiles).
        OwnedFiles.claim(a.dir).ifPresent(problem -> System.err.println("durabench: " + problem));
        String cpus = a.pinThread == null ? Placement.allowedCpus() : Placement.pinThisThread(a.pinThread);
        try (HandOff line = a.side == Side.A ? HandOff.listen(a.socket, CONNECT_LIMIT) : HandOff.connect(a.socket, CONNECT_LIMIT)) {
            for (int i = 0; i < a.cells.size(); i++) {
                SideCellSpec c = a.cells.get(i);
                Cell inDir = c.cell().with(Catalogue.TARGET_DIR, a.dir.toString());
                LockStepSettings s = a.settings.withUnitsPerBlock(c.unitsPerBlock());
                SideCell.UnitWork work = new SideCell.UnitWork(() -> inDir.family().open(NativeLayers.current(), inDir, c.size()),
                        HandOffRule.endsDurable(inDir), a.busyWaitNanos, a.padNanos);
                int cell = i;
                SideCell.Marks marks = a.witnessToken == null ? SideCell.Marks.NONE
                        : new SideCell.Marks(() -> TraceMarkers.emit(a.witnessToken, cell, TraceMarkers.BEGIN),
                        () -> TraceMarkers.emit(a.witnessToken, cell, TraceMarkers.END), () -> TraceMarkers.emit(a.witnessToken, cell, TraceMarkers.CLOSED));
                SideCell.Outcome o = new SideCell(line, a.side, openerOf(cell, a.opener), s, work, marks).run();
                JsonObject result = json(i, c, a.side, o);
                result.addProperty("cpus", cpus);
                ResultLines.print(System.out, result);
            }
            return 0;
        } catch (HandOff.PartnerGoneException e) {
            System.err.println("lock-step side " + a.side + ": " + e.getMessage());
            return 3;
        }
    }

    /**
     * The side that opens cell {@code index} first: the pair's opener in even cells, the other in odd
     * ones, so a cell listed twice in a row ({@link BothWays}) is opened both ways within one fork pair.
     */
    static Side openerOf(int index, Side pairOpener) {
        return index % 2 == 0 ? pairOpener : pairOpener.other();
    }

    static JsonObject json(int index, SideCellSpec c, Side side, SideCell.Outcome o) {
        // A cell that did not measure is failed, its reason the side's own call or the partner's ("partnerFailed").
        JsonObject r = (o.error() == null ? ChildStatus.OK : ChildStatus.FAILED).answer();
        r.addProperty("cell", index);
        r.addProperty("spec", CellSpec.of(c.cell()));
        r.addProperty("side", side.name());
        r.addProperty("cellMillis", o.cellMillis());
        if (o.error() != null) {
            r.addProperty(ChildStatus.REASON, o.error());
            r.addProperty(PARTNER_FAILED, o.partnerFailed());
            return r;
        }
        r.addProperty("warmupBlocks", o.warmupBlocks());
        r.addProperty("warmupCapped", o.warmupCapped());
        r.addProperty("unitsPerBlock", o.unitsPerBlock());
        r.addProperty("compileMillisWhileMeasured", o.compileMillis());
        JsonArray blocks = new JsonArray();
        for (LockStepFile.Block b : o.blocks()) blocks.add(b.text());
        r.add("blocks", blocks);
        JsonObject counters = new JsonObject();
        o.counters().forEach(counters::addProperty);
        r.add("counters", counters);
        if (o.testSpinNanos() > 0) r.addProperty("testSpinNanos", o.testSpinNanos());
        return r;
    }

    /** The command line, checked before anything runs. */
    private record Args(Side side, Side opener, String pinThread, Path socket, Path dir, LockStepSettings settings, long busyWaitNanos, long padNanos, String witnessToken,
                        List<SideCellSpec> cells) {
        static Args parse(String[] args) {
            Side side = null, opener = Side.A;
            String pinThread = null;
            Path socket = null, dir = null;
            int blocks = 0, blockMs = 0, grain = 1;
            Order order = Order.ALTERNATE;
            int[] warmup = null;
            long busy = 0, pad = 0;
            String token = null;
            int units = 0;
            WorkloadSize size = WorkloadSize.DEFAULT;
            List<SideCellSpec> cells = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--side" -> side = Side.valueOf(value(args, ++i, "--side"));
                    case "--opener" -> opener = Side.valueOf(value(args, ++i, "--opener"));
                    case "--pin-thread" -> pinThread = value(args, ++i, "--pin-thread");
                    case "--socket" -> socket = Path.of(value(args, ++i, "--socket"));
                    case "--dir" -> dir = Path.of(value(args, ++i, "--dir"));
                    case "--blocks" -> blocks = whole(value(args, ++i, "--blocks"), "--blocks");
                    case "--block-ms" -> blockMs = whole(value(args, ++i, "--block-ms"), "--block-ms");
                    case "--grain" -> grain = whole(value(args, ++i, "--grain"), "--grain");
                    case "--order" -> order = Order.parse(value(args, ++i, "--order"));
                    case "--warmup" -> warmup = warmup(value(args, ++i, "--warmup"));
                    case "--busy-wait-ns" -> busy = whole(value(args, ++i, "--busy-wait-ns"), "--busy-wait-ns");
                    case "--busy-wait-pad-ns" -> pad = whole(value(args, ++i, "--busy-wait-pad-ns"), "--busy-wait-pad-ns");
                    case "--witness-token" -> token = value(args, ++i, "--witness-token");
                    case "--units" -> units = whole(value(args, ++i, "--units"), "--units");
                    case "--size" -> size = WorkloadSize.parse(value(args, ++i, "--size"));
                    default -> {
                        try {
                            cells.add(new SideCellSpec(CellSpec.parse(args[i]), units, size));
                        } catch (InvalidValueException e) {
                            throw new IllegalArgumentException(e.getMessage());
                        }
                    }
                }
            }
            if (side == null || socket == null || dir == null || warmup == null || blocks == 0 || blockMs == 0 || cells.isEmpty()) {
                throw new IllegalArgumentException("usage: LockStepSide --side A|B --socket PATH --dir DIR --blocks K --block-ms T --grain G"
                        + " --order O --warmup MIN:MAX:UNITS [--busy-wait-ns D] [--busy-wait-pad-ns P] [--units N] [--size REGION:CHUNK] CELL...");
            }
            LockStepSettings s = LockStepSettings.ofSide(blocks, blockMs, grain, order, warmup);
            if (token != null) TraceMarkers.path(token, 0, TraceMarkers.BEGIN); // checks the token before anything runs
            return new Args(side, opener, pinThread, socket, dir, s, busy, pad, token, List.copyOf(cells));
        }

        private static int[] warmup(String text) {
            String[] p = text.split(":", -1);
            if (p.length != 3) throw new IllegalArgumentException("--warmup takes MIN:MAX:UNITS, not '" + text + "'");
            return new int[] {whole(p[0], "--warmup"), whole(p[1], "--warmup"), whole(p[2], "--warmup")};
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
            return args[i];
        }

        private static int whole(String v, String option) {
            try {
                int n = Integer.parseInt(v);
                if (n < 0) throw new NumberFormatException();
                return n;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " takes a whole number, 0 or more, not '" + v + "'");
            }
        }
    }

    /** The arguments that give a side {@code cells} with their units and sizes (what {@link ForkPair} passes). */
    static List<String> cellArgs(List<SideCellSpec> cells) {
        List<String> out = new ArrayList<>();
        for (SideCellSpec c : cells) {
            out.addAll(List.of("--units", Integer.toString(c.unitsPerBlock()), "--size", c.size().text(), CellSpec.of(c.cell())));
        }
        return out;
    }
}
