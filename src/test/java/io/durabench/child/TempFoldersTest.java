package io.durabench.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only a folder of ours whose lock is free is removed: a live parent's (this JVM's own, locked), one
 * without a lock, a folder named otherwise and a link stay. (A SIGKILLed parent's folder, its lock let
 * go by the kernel, is TempDirectoryIT's.)
 */
class TempFoldersTest {

    @Test
    void aFreeLockMarksADeadParentsFolderAndNothingElseIsTouched(@TempDir Path tmp) throws IOException {
        Path dead = Files.createDirectory(tmp.resolve("durabench-child-1"));
        Files.writeString(dead.resolve(TempFolders.LOCK), "");
        Files.writeString(dead.resolve("stdout"), "a dead parent's child printed this\n");
        Path noLock = Files.createDirectory(tmp.resolve("durabench-lockstep-2"));
        Path other = Files.createDirectory(tmp.resolve("my-folder"));
        Files.writeString(other.resolve(TempFolders.LOCK), "");
        Path link = Files.createSymbolicLink(tmp.resolve("durabench-child-3"), dead);

        assertEquals(List.of(dead), TempFolders.removeDead(tmp));
        assertFalse(Files.exists(dead));
        assertTrue(Files.isDirectory(noLock), "no lock: its parent is not provably dead");
        assertTrue(Files.exists(other.resolve(TempFolders.LOCK)), "not named as ours");
        assertTrue(Files.isSymbolicLink(link), "a link is never followed or removed");
    }

    @Test
    void aLiveParentsFolderStaysUntilItDeletesIt(@TempDir Path tmp) throws IOException {
        // The test's own temporary directory, so that its sweep never meets the machine's.
        String machines = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", tmp.toString());
        Path folder;
        try {
            folder = TempFolders.create("durabench-child-");
        } finally {
            System.setProperty("java.io.tmpdir", machines);
        }
        try {
            assertEquals(tmp, folder.getParent());
            assertTrue(folder.getFileName().toString().startsWith("durabench-child-"), folder.toString());
            assertTrue(Files.isRegularFile(folder.resolve(TempFolders.LOCK)));
            assertFalse(TempFolders.removeDead(tmp).contains(folder), "this JVM's own folder, its lock held");
            assertTrue(Files.isDirectory(folder));
        } finally {
            TempFolders.delete(folder);
        }
        assertFalse(Files.exists(folder));
    }
}
