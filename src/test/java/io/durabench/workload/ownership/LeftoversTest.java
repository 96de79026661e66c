package io.durabench.workload.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a run names as left behind: the files named as durabench's that appeared during the run and
 * whose owner is gone, each with its size; never what was there before, a live run's, or a user's.
 */
class LeftoversTest {
    private static final String DEAD = "111111111111111111", LIVE = "222222222222222222", OLD = "333333333333333333",
            UNLOCKED = "444444444444444444";

    @Test
    void theFilesOfDeadOwnersThatAppearedDuringTheRunAreNamedWithTheirSizes() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path d = dir.path();
            Files.writeString(d.resolve(OwnedNames.lockName(OLD)), "");
            Files.write(d.resolve(OwnedNames.fileName("fsync", OLD, 0, ".log")), new byte[10]);
            Files.writeString(d.resolve("notes.txt"), "the user's");
            Set<Path> before = Leftovers.before(d);

            Path log = Files.write(d.resolve(OwnedNames.fileName("fdatasync", DEAD, 0, ".log")), new byte[(int) (5.9 * (1 << 20))]);
            Path lock = Files.writeString(d.resolve(OwnedNames.lockName(DEAD)), "");
            Path orphan = Files.write(d.resolve(OwnedNames.fileName("pg", UNLOCKED, 7, ".out")), new byte[1536]);
            Files.writeString(d.resolve("later-notes.txt"), "the user's too");
            try (OwnerLock live = OwnerLock.create(d.resolve(OwnedNames.lockName(LIVE)))) {
                Files.write(d.resolve(OwnedNames.fileName("fsync", LIVE, 0, ".log")), new byte[1]);

                Leftovers left = Leftovers.since(d, before);
                assertEquals(List.of(new Leftovers.Leftover(log, 6186598, true), new Leftovers.Leftover(lock, 0, true),
                        new Leftovers.Leftover(orphan, 1536, false)), left.files());
                assertEquals(List.of("WARNING: durabench left 3 files in " + d + " that it could not delete (Read-only file system); "
                                + "the next run in that directory removes them once it can:",
                        "  " + log + " (5.9 MiB)",
                        "  " + lock + " (0 B)",
                        "  " + orphan + " (1.5 KiB): no owner lock names it, so no run removes it: delete it yourself"),
                        left.describe("Read-only file system"));
                live.release();
            }
            assertEquals(List.of(), Leftovers.since(d, Leftovers.before(d)).describe("anything"), "nothing new: no line at all");
            try (var files = Files.list(d)) {
                for (Path p : files.toList()) Files.delete(p);
            }
        }
    }
}
