package io.durabench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A count and its noun: singular for exactly one, whether the count is a number or already words. */
class NumbersCountTest {
    @Test
    void oneIsSingularEveryOtherCountPlural() {
        assertEquals("1 fork pair", Numbers.count(1, "fork pair", "fork pairs"));
        assertEquals("2 fork pairs", Numbers.count(2, "fork pair", "fork pairs"));
        assertEquals("0 fork pairs", Numbers.count(0, "fork pair", "fork pairs"));
        assertEquals("11 cells", Numbers.count(11L, "cell", "cells"));
    }

    @Test
    void aCountInWordsIsSingularOnlyForExactlyOne() {
        assertEquals("1 fork pair", Numbers.count("1", "fork pair", "fork pairs"));
        assertEquals("5 fork pairs", Numbers.count("5", "fork pair", "fork pairs"));
        assertEquals("1–5 fork pairs", Numbers.count("1–5", "fork pair", "fork pairs"));
        assertEquals("1 or 5 fork pairs", Numbers.count("1 or 5", "fork pair", "fork pairs"));
    }

    @Test
    void theSignedRankDesignOfOnePairSaysPair() {
        assertEquals("1 pair", DetectableChange.Design.pairs(1).sizes());
        assertEquals("6 pairs", DetectableChange.Design.pairs(6).sizes());
    }
}
