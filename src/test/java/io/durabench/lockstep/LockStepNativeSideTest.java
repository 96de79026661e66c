package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.env.JvmFacts;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A side that is the C twin: its command is the twin's binary in its lock-step mode with the very
 * arguments a JVM side gets after --side, and NativeSide finds the binary (a named one, or the
 * project's, built from twin/ where it is missing) or says in one line to run make -C twin.
 */
class LockStepNativeSideTest {
    private static final Path SOURCES = Path.of("twin").toAbsolutePath();

    @Test
    void aTwinSideGetsTheArgumentsAJvmSideGetsAfterItsMode() {
        Cell c = Cells.syncWrite(SyncMethod.FDATASYNC, 8192, 4, Preallocation.ZERO_FILL);
        List<ForkPair.CellPair> cells = List.of(new ForkPair.CellPair(c, c, 6, new WorkloadSize(65536, 16384)));
        LockStepSettings s = new LockStepSettings(4, 0, 25, 2, Order.B_FIRST, 3, 50, 6);
        Path twin = Path.of("/opt/durabench-twin"), socket = Path.of("/tmp/x/hand-off");
        ForkPair.SideSetup twinSide = new ForkPair.SideSetup(new ForkPair.Program.Twin(twin), Path.of("/data"), List.of(), 500, null);
        List<String> cmd = ForkPair.command(Side.B, Side.A, twinSide, 300, cells, s, new Placement("1"), socket);
        List<String> jvm = ForkPair.command(Side.B, Side.A, new ForkPair.SideSetup(new ForkPair.Program.Jvm(JvmFacts.current()), Path.of("/data"),
                List.of(), 500, null), 300, cells, s, new Placement("1"), socket);
        assertEquals(List.of(twin.toString(), "--lock-step-side", "B", "--parent", Long.toString(ProcessHandle.current().pid()), "--opener", "A", "--pin-thread", "1", "--socket", socket.toString(),
                "--dir", "/data", "--blocks", "4", "--block-ms", "25", "--grain", "2", "--order", "b-first", "--warmup", "3:50:6",
                "--busy-wait-ns", "500", "--busy-wait-pad-ns", "300", "--units", "6", "--size", "65536:16384",
                "SyncWriteCost.writeBlock:syncMethod=FDATASYNC,blockSizeBytes=8192,writesPerSync=4,preallocation=ZERO_FILL"), cmd);
        int side = jvm.indexOf("--side");
        assertEquals(List.of("--side", "B"), jvm.subList(side, side + 2));
        assertEquals(cmd.subList(5, cmd.size()), jvm.subList(side + 2, jvm.size()), "the same arguments after the mode and the parent");
        assertThrows(IllegalArgumentException.class, () -> new ForkPair.SideSetup(new ForkPair.Program.Twin(twin), Path.of("/data"),
                List.of("-Xmx1g"), 0, null), "a twin takes no JVM options");
    }

    @Test
    void theProjectsTwinIsBuiltWhereItIsMissingAndAStaleOneWithoutCcIsOneLineNamingMake() throws IOException {
        assumeTrue(onPath("cc"), "no cc on PATH: the twin cannot be built here");
        Path home = Files.createTempDirectory(Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath()), "home-");
        try {
            Files.createDirectories(home.resolve("twin"));
            for (Path p : NativeSide.sources(SOURCES)) Files.copy(p, home.resolve("twin").resolve(p.getFileName()));
            Path built = NativeSide.builtIn(home, System.getenv("PATH"));
            assertEquals(home.resolve("target/twin/durabench-twin"), built);
            assertTrue(Files.isExecutable(built));
            assertEquals(built, NativeSide.builtIn(home, ""), "built and up to date: no compiler needed");
            Path source = home.resolve("twin/lockstep_side.c");
            Files.setLastModifiedTime(source, FileTime.fromMillis(Files.getLastModifiedTime(built).toMillis() + 60_000));
            IllegalStateException stale = assertThrows(IllegalStateException.class, () -> NativeSide.builtIn(home, ""));
            assertTrue(stale.getMessage().contains("older than its sources") && stale.getMessage().endsWith("run make -C twin"), stale.getMessage());
            assertEquals(built, NativeSide.named(built));
        } finally {
            try (Stream<Path> walk = Files.walk(home)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
    }

    @Test
    void withoutBinaryOrSourcesOrWithABadNameTheErrorNamesMake() throws IOException {
        Path home = Files.createTempDirectory(Files.createDirectories(Path.of("target", "twin-test").toAbsolutePath()), "empty-home-");
        try {
            IllegalStateException none = assertThrows(IllegalStateException.class, () -> NativeSide.builtIn(home, System.getenv("PATH")));
            assertEquals("the C twin is not built at " + home.resolve("target/twin/durabench-twin") + " and its sources are not in "
                    + home.resolve("twin") + ": build it with make -C twin", none.getMessage());
            IllegalStateException named = assertThrows(IllegalStateException.class, () -> NativeSide.named(home.resolve("nothing")));
            assertTrue(named.getMessage().startsWith("-Ddurabench.twin=") && named.getMessage().endsWith("make -C twin"), named.getMessage());
        } finally {
            Files.delete(home);
        }
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) return true;
        }
        return false;
    }
}
