package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.child.ChildProcess;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A side stopped by a signal is named with it; its partner, which then ends by itself, is not blamed. */
class SideExitTest {
    private static ChildProcess.Exit exit(int code, String... stderr) {
        return new ChildProcess.Exit(code, List.of(), List.of(stderr));
    }

    @Test
    void aSignalIsNamedAndAnyOtherCodeIsTheExitWithTheEndOfStderr() {
        assertEquals("side B was killed with SIGKILL (exit code 137: by a user, or the kernel's out-of-memory killer, see dmesg)",
                SideExit.describe(Side.B, exit(137)));
        assertEquals("side A was terminated by SIGTERM (exit code 143)", SideExit.describe(Side.A, exit(143)));
        assertEquals("side A ended (exit 3: lock-step side A: the other side is gone)",
                SideExit.describe(Side.A, exit(3, "lock-step side A: the other side is gone")));
        assertEquals("side B printed no result for it", SideExit.describe(Side.B, exit(0)));
        assertNull(SideExit.signalled(1));
        assertNull(SideExit.signalled(200));
    }

    @Test
    void theSurvivorOfAKilledPartnerIsNotTheCause() {
        assertTrue(SideExit.partnerStopped(exit(3), exit(137)), "A ended because B was killed");
        assertFalse(SideExit.partnerStopped(exit(137), exit(3)), "the killed side is the cause");
        assertFalse(SideExit.partnerStopped(exit(130), exit(130)), "both stopped (Ctrl-C to the group): each its own");
        assertFalse(SideExit.partnerStopped(exit(1), exit(0)));
    }
}
