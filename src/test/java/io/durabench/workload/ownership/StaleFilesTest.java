package io.durabench.workload.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * After a SIGKILL the next run removes the dead run's files, and only those whose owner is provably
 * gone: real child JVMs that claim a directory and open every kind of workload there, then are
 * killed (SIGKILL: no hook runs), or interrupted (SIGINT, SIGTERM: the shutdown hook deletes), next
 * to a user's own files, files named like ours without a lock, and locks that cannot be taken.
 */
class StaleFilesTest {
    private static final String OTHER_TOKEN = "123456789012345678";

    @AfterEach
    void killLeftoverChildren() {
        Child.STARTED.forEach(Process::destroyForcibly);
        Child.STARTED.clear();
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void theFilesOfAKilledRunAreRemovedByTheNextRunAndNothingElse(Medium medium) throws Exception {
        try (ScratchDir dir = ScratchDir.on(medium)) {
            Set<String> users = plantUsersFiles(dir.path());
            Child child = Child.start(dir.path(), "idle");
            // Named with the child's own token, but not regular files: never ours to delete.
            Files.createSymbolicLink(dir.path().resolve("durabench-evil-" + child.token + "9"), dir.path().resolve("notes.txt"));
            Files.createDirectory(dir.path().resolve("durabench-dir-" + child.token + "8"));
            Files.writeString(dir.path().resolve("durabench-dir-" + child.token + "8").resolve("inside"), "keep");
            users.addAll(List.of("durabench-evil-" + child.token + "9", "durabench-dir-" + child.token + "8"));

            child.process.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, the files stay
            assertTrue(names(dir).containsAll(child.files), "a SIGKILLed run leaves its files: " + names(dir));

            StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir.path());
            assertEquals(new TreeSet<>(child.files), names(removal.removed()), removal.summary());
            assertEquals(child.lockName(), removal.removed().get(removal.removed().size() - 1).getFileName().toString(), "the lock goes last");
            assertEquals(List.of(), removal.kept());
            assertTrue(removal.summary().startsWith("removed " + child.files.size() + " files of 1 killed durabench run from " + dir.path()),
                    removal.summary());
            assertEquals(users, names(dir), "only the dead run's files went");
            assertEquals("keep", Files.readString(dir.path().resolve("durabench-dir-" + child.token + "8").resolve("inside")));
            assertEquals(List.of(), StaleFiles.removeDeadOwners(dir.path()).removed(), "nothing left to remove");
            removeAll(dir.path());
        }
    }

    /**
     * Ctrl-C of a fork (SIGINT) or its termination (SIGTERM): the shutdown hook deletes the files and
     * the lock, also while the run is busy creating files (the hook's guard against that race).
     */
    @ParameterizedTest
    @CsvSource({"INT, idle", "TERM, idle", "INT, busy", "TERM, busy"})
    void aLiveRunIsLeftAloneAndItsOwnShutdownHookDeletesItsFilesOnASignal(String signal, String activity) throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Set<String> users = plantUsersFiles(dir.path());
            Child child = Child.start(dir.path(), activity);

            StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir.path());
            assertEquals(List.of(), removal.removed(), "a live run's files are not stale");
            assertEquals(1, removal.kept().size(), removal.summary());
            assertTrue(removal.kept().get(0).contains(child.lockName()) && removal.kept().get(0).contains("alive"), removal.kept().get(0));
            if (activity.equals("idle")) assertTrue(names(dir).containsAll(child.files));
            else Thread.sleep(300); // let it create a few hundred files

            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(child.process.pid())).start().waitFor());
            assertTrue(child.process.waitFor(30, TimeUnit.SECONDS), "the child did not exit on SIG" + signal);
            assertEquals(users, names(dir), "SIG" + signal + ": the run's hook deleted its files and its lock");
            removeAll(dir.path());
        }
    }

    /**
     * A run that cannot delete one of its files at exit (here: made immutable, so unlink fails with
     * EPERM even for root) deletes the others and leaves its lock, let go, so the next run removes the rest.
     * Only chattr +i (root) makes one file of a directory undeletable while its neighbours are not.
     */
    @Test
    void aRunThatCouldNotDeleteAFileAtExitLeavesItsLockForTheNextRun() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Requires.immutableFiles(dir.path());
            Child child = Child.start(dir.path(), "idle");
            Path stuck = dir.path().resolve(child.files.get(0));
            chattr("+i", stuck);
            try {
                child.process.destroy(); // SIGTERM: the hook runs, and fails to unlink that one
                assertTrue(child.process.waitFor(30, TimeUnit.SECONDS));
            } finally {
                chattr("-i", stuck);
            }
            assertEquals(Set.of(child.files.get(0), child.lockName()), names(dir), "the others went; the stuck file's lock stayed");
            StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir.path());
            assertEquals(Set.of(child.files.get(0), child.lockName()), names(removal.removed()), removal.summary());
            assertEquals(Set.of(), names(dir));
        }
    }

    @Test
    void aLockHeldByAnotherDescriptorEvenInThisProcessIsBusyUntilLetGo() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            Path file = dir.path().resolve(OwnedNames.fileName("fdatasync", OTHER_TOKEN, 0, ".log"));
            Files.writeString(file, "x");
            OwnerLock lock = OwnerLock.create(dir.path().resolve(OwnedNames.lockName(OTHER_TOKEN)));
            StaleFiles.Removal busy = StaleFiles.removeDeadOwners(dir.path());
            assertEquals(List.of(), busy.removed());
            assertTrue(busy.kept().get(0).contains("alive"), busy.kept().toString());
            assertTrue(Files.exists(file));

            lock.close(); // as a dying owner's descriptor would
            StaleFiles.Removal gone = StaleFiles.removeDeadOwners(dir.path());
            assertEquals(Set.of(file.getFileName().toString(), OwnedNames.lockName(OTHER_TOKEN)), names(gone.removed()));
        }
    }

    @Test
    void locksThatCannotBeTakenAreLeftWithTheirFiles() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK); ScratchDir elsewhere = ScratchDir.on(Medium.DISK)) {
            if (Requires.isRoot()) Requires.immutableFiles(dir.path()); // before anything is made, so a skip leaves nothing
            // A directory named like a lock.
            String t1 = "111111111111111111";
            Files.createDirectory(dir.path().resolve(OwnedNames.lockName(t1)));
            // A symlink named like a lock, to a free lock file somewhere else.
            String t2 = "222222222222222222";
            Path realLock = Files.writeString(elsewhere.path().resolve(OwnedNames.lockName(t2)), "");
            Files.createSymbolicLink(dir.path().resolve(OwnedNames.lockName(t2)), realLock);
            // A lock file that cannot be opened for writing: for root, immutable (EPERM); for anyone else, mode 0444 (EACCES).
            String t3 = "333333333333333333";
            Path unopenable = Files.writeString(dir.path().resolve(OwnedNames.lockName(t3)), "");
            String refusal = Requires.isRoot() ? "EPERM" : "EACCES";
            if (Requires.isRoot()) chattr("+i", unopenable);
            else Files.setPosixFilePermissions(unopenable, PosixFilePermissions.fromString("r--r--r--"));
            try {
                for (String t : List.of(t1, t2, t3)) Files.writeString(dir.path().resolve(OwnedNames.fileName("fdatasync", t, 0, ".log")), "x");
                Set<String> before = names(dir);

                StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir.path());
                assertEquals(List.of(), removal.removed(), removal.summary());
                assertEquals(3, removal.kept().size(), removal.summary());
                assertTrue(removal.kept().get(0).contains("not a regular file"), removal.kept().get(0));
                assertTrue(removal.kept().get(1).contains("not a regular file") || removal.kept().get(1).contains("symbolic link"), removal.kept().get(1));
                assertTrue(removal.kept().get(2).contains(refusal), removal.kept().get(2));
                assertEquals(before, names(dir));
                assertTrue(Files.exists(realLock), "a symlink's target is never touched");
            } finally {
                if (Requires.isRoot()) chattr("-i", unopenable);
            }
            removeAll(dir.path());
            Files.delete(realLock);
        }
    }

    @Test
    void thisJvmsOwnRunIsNeverStale() throws Exception {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            assertEquals(java.util.Optional.empty(), OwnedFiles.claim(dir.path()));
            try (DurableWriteLoop loop = DurableWriteLoop.open(JnrSyscalls.get(),
                    WorkloadConfig.of(dir.path(), SyncMethod.NONE, 4096, 1, Preallocation.NONE).withRegionBytes(1 << 20))) {
                StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir.path());
                assertEquals(List.of(), removal.removed());
                assertEquals(List.of(), removal.kept());
                assertTrue(Files.exists(loop.path()));
            } finally {
                OwnedFiles.release(dir.path());
            }
            assertEquals(Set.of(), names(dir), "released: the lock is gone with the files");
        }
    }

    // ---- helpers ----

    /** A user's files: unrelated, named like ours with a malformed token, and named like ours with a token no lock vouches for. */
    private static Set<String> plantUsersFiles(Path dir) throws IOException {
        Set<String> users = new TreeSet<>(List.of("notes.txt", "durabench-fdatasync-12.log", "durabench-fdatasync-" + OTHER_TOKEN + "5.log",
                "durabench-owner-12.lock"));
        for (String u : users) Files.writeString(dir.resolve(u), "the user's");
        return users;
    }

    /** chattr(1) on a file or directory under target/ (ext4): +i makes it immutable, even for root. */
    private static void chattr(String flag, Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("chattr", flag, path.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "chattr " + flag + " " + path + ": " + out);
    }

    private static Set<String> names(ScratchDir dir) {
        return new TreeSet<>(dir.listing());
    }

    private static Set<String> names(List<Path> paths) {
        Set<String> s = new TreeSet<>();
        paths.forEach(p -> s.add(p.getFileName().toString()));
        return s;
    }

    private static void removeAll(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir)) Files.delete(p);
            }
        }
    }

    /** A child JVM running {@link OwnerChild}, ready: its token and the names of its files (the lock last). */
    private static final class Child {
        /** Every child started, killed after each test: one a failed assertion left running must not go on writing. */
        static final List<Process> STARTED = new ArrayList<>();
        Process process;
        String token;
        List<String> files;

        static Child start(Path dir, String activity) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path err = Files.createTempFile(Path.of("target"), "owner-child-", ".err");
            Child c = new Child();
            // SIGINT and SIGTERM at their default action, as in a terminal: a run started in the background
            // (nohup, `&` in a script) passes them on ignored, and an ignored SIGINT never reaches the hooks.
            c.process = new ProcessBuilder("env", "--default-signal=INT,TERM", java, "-cp", System.getProperty("java.class.path"), OwnerChild.class.getName(), dir.toString(), activity)
                    .redirectError(err.toFile()).start();
            STARTED.add(c.process);
            BufferedReader out = new BufferedReader(new InputStreamReader(c.process.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            String stderr = Files.readString(err);
            Files.delete(err);
            assertNotNull(line, "the child ended before it was ready: " + stderr);
            String[] words = line.split(" ");
            assertEquals("READY", words[0], line + " " + stderr);
            c.token = words[1];
            c.files = Arrays.stream(words, 2, words.length).map(p -> Path.of(p).getFileName().toString()).toList();
            assertEquals(c.lockName(), c.files.get(c.files.size() - 1));
            assertTrue(c.files.size() >= 6, "loop, 3 created files, pg file, group-commit log, lock: " + c.files);
            return c;
        }

        String lockName() {
            return OwnedNames.lockName(token);
        }
    }
}
