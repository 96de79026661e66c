package io.durabench.workload.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The names are the whole proof of what a file is: each kind of name is told apart from the others and from a user's. */
class OwnedNamesTest {
    private static final String T = "000000000000000042";

    @Test
    void aRunsFilesCarryItsTokenAndReadBackToIt() {
        String log = OwnedNames.fileName("o_direct_dsync", T, 7, ".log");
        assertEquals("durabench-o_direct_dsync-0000000000000000427.log", log);
        assertEquals(Optional.of(T), OwnedNames.tokenOfFile(log));
        assertEquals(Optional.of(T), OwnedNames.tokenOfFile(OwnedNames.fileName("create_3", T, 123, "")));
        assertEquals(Optional.empty(), OwnedNames.tokenOfLock(log), "a file is no lock");
    }

    @Test
    void aLockIsNamedByItsTokenAndIsNoFile() {
        String lock = OwnedNames.lockName(T);
        assertEquals("durabench-owner-" + T + ".lock", lock);
        assertEquals(Optional.of(T), OwnedNames.tokenOfLock(lock));
        assertEquals(Optional.empty(), OwnedNames.tokenOfFile(lock), "a lock is none of its own files");
    }

    @Test
    void namesLikeOursWithoutAWholeTokenAreNotOurs() {
        for (String user : new String[] {"durabench-fdatasync-12.log", "durabench-fdatasync-" + T + ".log", "durabench-owner-12.lock",
                "durabench-owner-" + T + "1.lock", "Durabench-fdatasync-" + T + "1.log", "durabench-fdatasync-" + T + "1.log.bak",
                "durabench-" + T + "1.log", "x-durabench-fdatasync-" + T + "1.log", "durabench-owner-" + T + "1"}) {
            assertEquals(Optional.empty(), OwnedNames.tokenOfFile(user), user);
            assertEquals(Optional.empty(), OwnedNames.tokenOfLock(user), user);
        }
    }

    @Test
    void kindsAndSuffixesAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> OwnedNames.fileName("owner", T, 1, ".lock"));
        assertThrows(IllegalArgumentException.class, () -> OwnedNames.fileName("with-dash", T, 1, ".log"));
        assertThrows(IllegalArgumentException.class, () -> OwnedNames.fileName("pg", T, 1, "log"));
        assertThrows(IllegalArgumentException.class, () -> OwnedNames.fileName("pg", "42", 1, ".out"));
    }

    @Test
    void tokensAreFreshAndWellFormed() {
        String a = OwnedNames.newToken();
        String b = OwnedNames.newToken();
        assertNotEquals(a, b);
        assertTrue(a.matches("[0-9]{" + OwnedNames.TOKEN_DIGITS + "}"), a);
        assertEquals(Optional.of(a), OwnedNames.tokenOfLock(OwnedNames.lockName(a)));
    }
}
