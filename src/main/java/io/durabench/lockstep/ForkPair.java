package io.durabench.lockstep;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.child.ChildJvm;
import io.durabench.child.ChildProcess;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.child.TempFolders;
import io.durabench.env.JsonFields;
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.LayerChoice;
import io.durabench.nativeio.NativeLayer;
import io.durabench.results.LockStepFile;
import io.durabench.results.LockStepFile.SideRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One fork pair: two sides started together, joined by their own hand-off line (a UNIX socket in a
 * private temporary folder), measuring the same list of cell pairs in lock-step; then each side's
 * result lines are read. A side is a JVM running {@link LockStepSide}, or the C twin in its
 * lock-step mode ({@link NativeSide}), which speaks the same protocol and prints the same lines.
 * The parent only waits: it is not on the hand-off path, and it reads nothing while the sides run
 * (their output goes to files). Both sides get the same placement ({@link Placement}), so both are
 * placed alike.
 */
public final class ForkPair {
    /** Time allowed per cell on top of the JVMs' start; generous, since a slow disk's warmup alone may take a minute. */
    static final Duration PER_CELL = Duration.ofMinutes(5);
    static final Duration START = Duration.ofMinutes(1);
    /** sun_path's 108 bytes, less its terminating NUL. */
    static final int SOCKET_PATH_BYTES = 107;
    private static final String HAND_OFF_FOLDER = "durabench-lockstep-", HAND_OFF_SOCKET = "hand-off";

    /** What runs a side: {@link LockStepSide} in a JVM, or the C twin's binary in its lock-step mode. */
    public sealed interface Program permits Program.Jvm, Program.Twin {
        /** LockStepSide in this JVM, on this native layer. */
        record Jvm(JvmFacts facts, NativeLayer.Kind layer) implements Program {
            /** On the layer a child of this JDK gets by default from this classpath. */
            public Jvm(JvmFacts facts) {
                this(facts, LayerChoice.ofChild(facts.feature(), System.getProperty("java.class.path")));
            }
        }

        /** The C twin ({@code durabench-twin --lock-step-side}): no JIT, no JVM options. */
        record Twin(Path binary) implements Program {
        }
    }

    /**
     * One side as the parent starts it: what runs it (a JVM on its native layer, or the twin), its
     * target directory, its JVM options (after the flags every JVM of ours gets; none for the twin),
     * the test hook's extra nanoseconds per operation (0: none), and the witness over it (null: none).
     */
    public record SideSetup(Program program, Path dir, List<String> jvmArgs, long busyWaitNanos, Witnessed witnessed) {
        public SideSetup {
            jvmArgs = List.copyOf(jvmArgs);
            if (program instanceof Program.Twin && !jvmArgs.isEmpty()) {
                throw new IllegalArgumentException("the C twin is no JVM: it takes no JVM options (" + String.join(" ", jvmArgs) + ")");
            }
        }

        public static SideSetup of(Program program, Path dir) {
            return new SideSetup(program, dir, List.of(), 0, null);
        }
    }

    /** A side traced by the syscall witness: the tracer's command and the markers' token. */
    public record Witnessed(List<String> tracer, String token) {
        public Witnessed {
            tracer = List.copyOf(tracer);
        }
    }

    /** A cell on side A and one on side B (often the same), the units per block (0: sized from the warmup), and the workload's size. */
    public record CellPair(Cell a, Cell b, int unitsPerBlock, WorkloadSize size) {
        public CellPair withUnits(int n) {
            return new CellPair(a, b, n, size);
        }
    }

    /** Per cell pair, in order: each side's record and the units per block it used (0 where it did not measure). */
    public record Outcome(List<SideRecord> a, List<SideRecord> b, List<Integer> units) {
    }

    private ForkPair() {
    }

    /**
     * Runs one fork pair. A side that ends without a result for a cell (it died, or the other did)
     * gives that cell a failed record saying so, with the side's exit and the end of its stderr.
     *
     * @param opener    the side that opens each cell's workload first in this pair (alternated from pair to pair by the run)
     * @param placement where both sides' measuring threads run
     * @param what      the pair in words for messages ("fork pair 3 of 10")
     */
    public static Outcome run(SideSetup a, SideSetup b, Side opener, List<CellPair> cells, LockStepSettings s, Placement placement, String what) {
        socketPathProblem().ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        Path folder;
        try {
            folder = TempFolders.create(HAND_OFF_FOLDER);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for the hand-off of " + what + ": " + e.getMessage(), e);
        }
        Path socket = folder.resolve(HAND_OFF_SOCKET);
        Duration limit = START.plus(PER_CELL.multipliedBy(cells.size()));
        long spin = Math.max(a.busyWaitNanos(), b.busyWaitNanos());
        try (ChildProcess pa = ChildProcess.start(command(Side.A, opener, a, spin - a.busyWaitNanos(), cells, s, placement, socket), "side A of " + what);
             ChildProcess pb = ChildProcess.start(command(Side.B, opener, b, spin - b.busyWaitNanos(), cells, s, placement, socket), "side B of " + what)) {
            long until = System.nanoTime() + limit.toNanos();
            ChildProcess.Exit ea = pa.await(limit);
            ChildProcess.Exit eb = pb.await(Duration.ofNanos(Math.max(0, until - System.nanoTime())).plusSeconds(10));
            List<SideRecord> ra = new ArrayList<>(), rb = new ArrayList<>();
            List<Integer> units = new ArrayList<>();
            List<JsonObject> la = ResultLines.parse(ea.stdout()), lb = ResultLines.parse(eb.stdout());
            for (int i = 0; i < cells.size(); i++) {
                JsonObject ja = i < la.size() ? la.get(i) : null, jb = i < lb.size() ? lb.get(i) : null;
                ra.add(record(ja, Side.A, ea, eb));
                rb.add(record(jb, Side.B, eb, ea));
                int u = ja != null && ja.has("unitsPerBlock") ? ja.get("unitsPerBlock").getAsInt() : 0;
                units.add(u);
            }
            return new Outcome(ra, rb, units);
        } finally {
            TempFolders.delete(folder);
        }
    }

    /** A side's record of a cell, or a failed one saying why the side has none. */
    private static SideRecord record(JsonObject line, Side side, ChildProcess.Exit mine, ChildProcess.Exit other) {
        if (line != null) {
            if (ChildStatus.of(line) == ChildStatus.OK) return LockStepFile.sideRecord(line);
            return SideRecord.failed(ChildStatus.reason(line), Boolean.TRUE.equals(JsonFields.bool(line, LockStepSide.PARTNER_FAILED)));
        }
        if (SideExit.partnerStopped(mine, other)) {
            return SideRecord.failed(SideExit.describe(side, mine) + " after " + SideExit.describe(side.other(), other), true);
        }
        String otherWhy = other.code() == 0 ? "" : "; " + SideExit.describe(side.other(), other);
        return SideRecord.failed(SideExit.describe(side, mine) + otherWhy, false);
    }

    /**
     * Why no hand-off socket can be made in {@code java.io.tmpdir}, if none can: a UNIX socket's path holds at most
     * {@value #SOCKET_PATH_BYTES} bytes, and the longest a hand-off folder's can be is checked before any side starts
     * (a side would otherwise wait its minute for a partner that cannot listen).
     */
    public static Optional<String> socketPathProblem() {
        String tmp = System.getProperty("java.io.tmpdir");
        Path longest = Path.of(tmp).toAbsolutePath().resolve(HAND_OFF_FOLDER + "9".repeat(20)).resolve(HAND_OFF_SOCKET);
        int bytes = longest.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes <= SOCKET_PATH_BYTES) return Optional.empty();
        return Optional.of("the temporary directory " + tmp + " is too long for the lock-step hand-off's UNIX socket (up to " + bytes
                + " bytes, at most " + SOCKET_PATH_BYTES + "): give a shorter -Djava.io.tmpdir (in DURABENCH_JAVA_OPTS)");
    }

    /**
     * The side's command: its JVM and LockStepSide with {@code --side}, or the twin with {@code --lock-step-side}, then the same
     * arguments; {@code padNanos}: the other side's extra test spin, which this side spins untimed.
     */
    static List<String> command(Side side, Side opener, SideSetup setup, long padNanos, List<CellPair> cells, LockStepSettings s,
                                Placement placement, Path socket) {
        List<String> args = new ArrayList<>(List.of("--opener", opener.name()));
        args.addAll(placement.sideArgs());
        args.addAll(List.of("--socket", socket.toString(), "--dir", setup.dir().toString(),
                "--blocks", Integer.toString(s.blocks()), "--block-ms", Integer.toString(s.blockTargetMillis()),
                "--grain", Integer.toString(s.grain()), "--order", s.order().text(),
                "--warmup", s.warmupMinBlocks() + ":" + s.warmupMaxBlocks() + ":" + s.warmupUnits()));
        if (setup.busyWaitNanos() > 0) args.addAll(List.of("--busy-wait-ns", Long.toString(setup.busyWaitNanos())));
        if (padNanos > 0) args.addAll(List.of("--busy-wait-pad-ns", Long.toString(padNanos)));
        List<String> before = new ArrayList<>();
        if (setup.witnessed() != null) {
            args.addAll(List.of("--witness-token", setup.witnessed().token()));
            before.addAll(setup.witnessed().tracer());
        }
        List<LockStepSide.SideCellSpec> specs = new ArrayList<>();
        for (CellPair c : cells) specs.add(new LockStepSide.SideCellSpec(side == Side.A ? c.a() : c.b(), c.unitsPerBlock(), c.size()));
        args.addAll(LockStepSide.cellArgs(specs));
        if (setup.program() instanceof Program.Twin twin) {
            List<String> command = new ArrayList<>(before);
            // --parent: the twin ends when this process is gone, as a child JVM does through ChildJvm's ParentWatch.
            command.addAll(List.of(twin.binary().toString(), "--lock-step-side", side.name(), "--parent", Long.toString(ProcessHandle.current().pid())));
            command.addAll(args);
            return command;
        }
        args.addAll(0, List.of("--side", side.name()));
        Program.Jvm jvm = (Program.Jvm) setup.program();
        return ChildJvm.of(jvm.facts(), LockStepSide.class).withLayer(jvm.layer()).withPrefix(before).withJvmArgs(setup.jvmArgs()).withArgs(args)
                .command();
    }
}
