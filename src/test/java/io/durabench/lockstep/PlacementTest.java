package io.durabench.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * A run's placement says the run's own CPU limit where it had one: it moves a Java-over-C comparison.
 * A thread pins itself with the real taskset, in a thread of its own so the test's threads stay free.
 */
class PlacementTest {
    @Test
    void aRunHeldToFewerCpusThanTheMachineHasSaysSo() {
        Placement cpu0 = Placement.parse("0");
        assertEquals("both measuring threads pinned to CPU 0 (JIT and GC threads free)", cpu0.words("0-1", "0-1"));
        assertEquals("both measuring threads pinned to CPU 0 (JIT and GC threads free); every thread of both sides held to CPU 0 of 0-1"
                + " (the run's own CPU affinity, inherited)", cpu0.words("0", "0-1"));
        assertEquals("unpinned", Placement.UNPINNED.words("unknown", "0-1"));
    }

    @Test
    void aThreadPinsItselfAndReadsBackWhatTheKernelAllows() throws Exception {
        String allowed = onItsOwnThread(Placement::allowedCpus);
        assertEquals(allowed, onItsOwnThread(() -> Placement.pinThisThread(allowed)));
    }

    @Test
    void aPinTheKernelRefusesIsTasksetsOwnWords() {
        ExecutionException e = assertThrows(ExecutionException.class, () -> onItsOwnThread(() -> Placement.pinThisThread("4095")));
        assertTrue(e.getCause() instanceof IllegalStateException, e.getCause().toString());
        assertTrue(e.getCause().getMessage().matches("(?s)taskset -p -c 4095 \\d+ failed: .*taskset.*"), e.getCause().getMessage());
    }

    private static String onItsOwnThread(java.util.function.Supplier<String> work) throws Exception {
        CompletableFuture<String> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(work.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        t.start();
        t.join();
        return f.get();
    }
}
