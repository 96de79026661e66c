package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.durabench.suite.JmhSettings;
import io.durabench.suite.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run of few cells, given no forks, takes more of them: they are cheap there, and its figures have nothing to borrow from. */
class RunForksTest {
    static final List<String> CELL = List.of("SyncWriteCost", "-p", "syncMethod=FDATASYNC");

    @Test
    void aRunOfFewCellsSpendsAboutThirtyForksUpToTenPerCell() {
        JmhSettings quick = JmhSettings.of(Profile.QUICK, CELL);
        assertEquals(10, forks(RunForks.forFewCells(CELL, quick, 1, false)), "one cell: 10 forks");
        assertEquals(10, forks(RunForks.forFewCells(CELL, quick, 3, false)));
        assertEquals(7, forks(RunForks.forFewCells(CELL, quick, 4, false)));
        assertEquals(5, forks(RunForks.forFewCells(CELL, quick, 6, false)));
        assertSame(CELL, RunForks.forFewCells(CELL, quick, 10, false), "10 cells: the profile's 3");
        assertSame(CELL, RunForks.forFewCells(CELL, quick, 51, false), "the quick profile's sweep: its 3");
    }

    @Test
    void forksTheUserGaveOrRoundsThePrecisionDecidesAreLeftAlone() {
        List<String> three = List.of("SyncWriteCost", "-f", "3");
        assertSame(three, RunForks.forFewCells(three, JmhSettings.of(Profile.QUICK, three), 1, false), "-f 3 given: 3");
        assertSame(CELL, RunForks.forFewCells(CELL, JmhSettings.of(Profile.QUICK, CELL), 1, true), "--precision / --budget decide");
        assertSame(CELL, RunForks.forFewCells(CELL, JmhSettings.of(Profile.COMPARE, CELL), 1, false), "compare's 12 are more already");
    }

    private static int forks(List<String> args) {
        return JmhSettings.of(Profile.QUICK, args).forks();
    }
}
