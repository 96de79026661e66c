package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one formula for "this interval wants more measurement" and the rule that asks it. */
class PairsRuleTest {
    @Test
    void anIntervalWantsMoreWhileWiderThanThePrecision() {
        assertTrue(PairsRule.wantsMore(0.031, 0.03));
        assertFalse(PairsRule.wantsMore(0.03, 0.03), "exactly at the precision is within");
        assertFalse(PairsRule.wantsMore(0.01, 0.03));
        assertTrue(PairsRule.wantsMore(Double.NaN, 0.03), "no interval yet (fewer than two pairs): more");
        assertTrue(PairsRule.wantsMore(0.0001, Double.NaN), "no precision (--budget alone): every cell wants more");
    }

    @Test
    void theRuleAsksTheSharedFormulaWithItsPrecision() {
        PairsRule rule = new PairsRule(5, 0.03, 10, null);
        for (double w : new double[] {0.0, 0.02, 0.03, 0.04, Double.NaN}) assertEquals(PairsRule.wantsMore(w, 0.03), rule.wants(w), "half-width " + w);
        assertTrue(new PairsRule(5, Double.NaN, 10, null).wants(0.001));
    }

    @Test
    void oneForkPairAndOneCellAreSingular() {
        assertTrue(new PairsRule(1, 0.03, 10, null).words().startsWith("1 fork pair, then"));
        assertTrue(new PairsRule(5, 0.03, 10, null).words().startsWith("5 fork pairs, then"));
        assertEquals("1 cell still wider than ±3%", new PairsRule(5, 0.03, 10, null).stillWider(1));
        assertEquals("2 cells still wider than ±3%", new PairsRule(5, 0.03, 10, null).stillWider(2));
    }
}
