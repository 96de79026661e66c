package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.gate.History;
import io.durabench.testing.CliRun;
import io.durabench.gate.HistoryJudge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gate against a history, for real: one FDATASYNC cell in 2 forks of 2 x 50 ms. The history is
 * built on /dev/shm (tmpfs: the sync is nearly free); runs are admitted unjudged until there are
 * {@link HistoryJudge#MIN_RUNS}, then judged; the same cell on the project's disk (every fdatasync a
 * flush) is a real, large slowdown: the gate fails naming the row and keeps it out of the history.
 * The history has no control (--control none), so the absolute rule decides, as in a history from
 * before the control design. One warmup iteration per fork: without it a fork's first calls (the JIT,
 * java.lang.foreign's linking) made the tmpfs history's runs differ so widely that the disk passed inside its limits.
 */
class GateHistoryIT {
    static final List<String> TINY = List.of("SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1",
            "-p", "preallocation=NONE", "-f", "2", "-wi", "1", "-w", "50ms", "-i", "2", "-r", "50ms");

    @BeforeAll
    static void allowConcurrentJmh() {
        System.setProperty("jmh.ignoreLock", "true");
    }

    private final CliRun cli = new CliRun();

    private int gate(Path history, Path dir, Path out, List<String> more) {
        List<String> args = new ArrayList<>(List.of("gate", "--history", history.toString(), "--dir", dir.toString(), "--out", out.toString()));
        args.addAll(more);
        cli.clear();
        return cli.run(args);
    }

    @Test
    void buildsAHistoryJudgesFromFiveRunsAndFailsOnARealSlowdown() throws Exception {
        Path work = Files.createTempDirectory(Path.of("target"), "gate-history-it-").toAbsolutePath();
        Path history = work.resolve("history"), shm = Files.createTempDirectory(Path.of("/dev/shm"), "gate-history-");
        try {
            judge(work, history, shm);
        } finally {
            try (var walk = Files.walk(shm)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private void judge(Path work, Path history, Path shm) throws Exception {
        // Without a control the absolute rule decides, as in a history from before the control design (GateControlIT has one).
        List<String> first = new ArrayList<>(List.of("--profile", "quick", "--control", "none", "--"));
        first.addAll(TINY);
        for (int i = 1; i <= HistoryJudge.MIN_RUNS; i++) {
            assertEquals(0, gate(history, shm, work.resolve("run" + i), i == 1 ? first : List.of()), cli.out() + cli.err());
            assertTrue(cli.out().contains("fewer than the " + HistoryJudge.MIN_RUNS + " it takes to judge"), cli.out());
            assertTrue(cli.out().contains("durabench gate: added to the history as "), cli.out());
            assertTrue(cli.out().contains(i == 1 ? "--control none: every row is judged on its absolute values alone"
                    : "the history's runs have no control"), cli.out());
        }
        assertEquals(HistoryJudge.MIN_RUNS, new History(history).runs().size());

        int rc = gate(history, shm, work.resolve("judged"), List.of());
        assertTrue(cli.out().contains("durabench gate: this run against the history " + history + ": " + HistoryJudge.MIN_RUNS + " runs"), cli.out());
        assertTrue(cli.out().contains("FDATASYNC"), cli.out());
        assertTrue(Files.isRegularFile(work.resolve("judged").resolve("gate").resolve("gate.txt")));
        // An unchanged setup fails at most 1% of the time; if this one did, it must say so and stay out.
        if (rc == 0) assertEquals(HistoryJudge.MIN_RUNS + 1, new History(history).runs().size());

        Path disk = Files.createDirectories(work.resolve("data"));
        int before = new History(history).runs().size();
        rc = gate(history, disk, work.resolve("slower"), List.of("--allow-different", "filesystem,device,mount-options,write-cache"));
        assertEquals(1, rc, cli.out() + cli.err());
        assertTrue(cli.out().contains("regression: "), cli.out());
        assertTrue(cli.out().contains("FDATASYNC"), cli.out());
        assertTrue(cli.out().contains("durabench gate: not added to the history: it was flagged"), cli.out());
        assertEquals(before, new History(history).runs().size());

        assertEquals(2, gate(history, shm, work.resolve("other"), List.of("--forks", "3")), cli.err());
        assertTrue(cli.err().contains("start a new history with --start-over"), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertFalse(Files.exists(work.resolve("other")), "refused before running: nothing written");
    }

    @Test
    void aHistoryThatIsAFileIsOneLineAndExitTwo() throws Exception {
        Path work = Files.createTempDirectory(Path.of("target"), "gate-history-it-").toAbsolutePath();
        Path file = Files.writeString(work.resolve("history.txt"), "not a folder");
        assertEquals(2, gate(file, work, work.resolve("out"), List.of()));
        assertTrue(cli.err().contains("--history " + file + " is a file"), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertEquals(2, gate(work.resolve("h"), work, work.resolve("out"), List.of("--alpha", "0.1")));
        assertTrue(cli.err().contains("against a history the gate's is --false-alarm"), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertFalse(Files.exists(work.resolve("out")), "nothing written");
    }
}
