package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.GroupCommitFamily;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/** Profile defaults, overridden by pass-through JMH options, and -p values reaching JMH. */
class JmhSettingsTest {
    private static final Cell SYNC_WRITE = Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock());

    @Test
    void profileDefaultsApplyWhenTheUserSetsNothing() {
        Options o = applied(JmhSettings.of(Profile.QUICK, List.of()), SYNC_WRITE, List.of());
        assertEquals(1, o.getForkCount().get());
        assertEquals(5, o.getMeasurementIterations().get());
        assertEquals(List.of(Mode.AverageTime), List.copyOf(o.getBenchModes()));
        assertFalse(o.getTimeUnit().hasValue(), "each benchmark keeps its own unit unless -tu is given");
    }

    @Test
    void userOptionsWinOverTheProfileAndTheCellsModes() {
        JmhSettings s = JmhSettings.of(Profile.QUICK, List.of("-f", "3", "-i", "7", "-bm", "sample"));
        Options o = applied(s, SYNC_WRITE, List.of(Mode.Throughput));
        assertEquals(3, o.getForkCount().get());
        assertEquals(7, o.getMeasurementIterations().get());
        assertEquals(List.of(Mode.SampleTime), List.copyOf(o.getBenchModes()));
    }

    @Test
    void aCellsOwnModesApplyWhenTheUserGaveNone() {
        Options o = applied(JmhSettings.of(Profile.STANDARD, List.of()), SYNC_WRITE, List.of(Mode.Throughput, Mode.SampleTime));
        assertEquals(List.of(Mode.Throughput, Mode.SampleTime), List.copyOf(o.getBenchModes()));
    }

    @Test
    void userParamsTheCellDoesNotFixReachJmhAndAxisParamsStayTheCells() {
        JmhSettings s = JmhSettings.of(Profile.STANDARD, List.of("-p", "commitSiblings=5", "-p", "committers=8"));
        assertEquals(List.of("8"), s.userParam("committers").orElseThrow());
        ChainedOptionsBuilder b = new OptionsBuilder().param("committers", "8");
        s.applyUserParams(b, Cell.of(Catalogue.GROUP_COMMIT.groupCommit()).with(GroupCommitFamily.COMMITTERS, 8));
        Options o = b.build();
        assertEquals(List.of("5"), List.copyOf(o.getParameter("commitSiblings").get()));
        assertEquals(List.of("8"), List.copyOf(o.getParameter("committers").get()));
    }

    @Test
    void aBadJmhOptionIsRefusedWithItsText() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JmhSettings.of(Profile.QUICK, List.of("-f", "lots")));
        assertTrue(e.getMessage().contains("-f lots"), e.getMessage());
    }

    private static Options applied(JmhSettings s, Cell cell, List<Mode> cellModes) {
        ChainedOptionsBuilder b = new OptionsBuilder();
        s.applyTo(b, cellModes);
        s.applyUserParams(b, cell);
        return b.build();
    }
}
