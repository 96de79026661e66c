package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A lock-step comparison's design line counts its fork pairs in the singular for one, as before for more. */
class LockStepPairingWordsTest {
    @Test
    void oneForkPairIsSingularAndMoreReadAsTheCommittedComparisonsDo() {
        String ten = Pairing.lockStep(10).reason();
        assertTrue(ten.startsWith("lock-step: the sides alternated one durable unit at a time in each of 10 fork pairs (two JVMs each), so "), ten);
        String one = Pairing.lockStep(1).reason();
        assertTrue(one.startsWith("lock-step: the sides alternated one durable unit at a time in 1 fork pair (two JVMs), so "), one);
        assertEquals(ten.substring(ten.indexOf(", so ")), one.substring(one.indexOf(", so ")));
    }
}
