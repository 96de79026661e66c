package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OwnerTest {

    @Test
    void thisProcessIsAliveAndItself() {
        Owner me = Owner.current();
        assertTrue(me.isAlive());
        assertTrue(me.isCurrentProcess());
        assertEquals(ProcessHandle.current().pid(), me.pid());
    }

    @Test
    void anExitedProcessIsGone() throws Exception {
        Process p = new ProcessBuilder("sleep", "30").start();
        Owner child = new Owner(p.pid(), Owner.currentBootId(), Owner.startTicks(p.pid()).orElseThrow());
        assertTrue(child.isAlive());
        assertFalse(child.isCurrentProcess());
        p.destroyForcibly().waitFor();
        assertFalse(child.isAlive());
    }

    @Test
    void aReusedPidOrAnotherBootIsNotTheOwner() {
        Owner me = Owner.current();
        assertFalse(new Owner(me.pid(), me.bootId(), me.startTicks() + 1).isAlive(), "same pid, other start time");
        assertFalse(new Owner(me.pid(), "00000000-0000-0000-0000-000000000000", me.startTicks()).isAlive(), "other boot");
    }

    @Test
    void startTimeIsReadAfterTheLastParenthesisOfTheCommandName() {
        // comm may hold spaces and parentheses; field 22 is starttime.
        String stat = "4242 (evil) (name) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 1000 200";
        assertEquals(987654, Owner.parseStartTicks(stat));
    }
}
