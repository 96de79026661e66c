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
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Profile defaults, overridden by pass-through JMH options, and -p values reaching JMH. A cell's forks
 * are rounds: each JMH invocation runs one fork, the run repeats it once per fork wanted.
 */
class JmhSettingsTest {
    private static final Cell SYNC_WRITE = Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock());

    @Test
    void profileDefaultsApplyWhenTheUserSetsNothing() {
        JmhSettings s = JmhSettings.of(Profile.QUICK, List.of());
        Options o = applied(s, SYNC_WRITE, List.of());
        // quick: 3 forks of 1 x 100 ms warmup + 3 x 100 ms, each fork in a round of its own.
        assertEquals(3, s.forks());
        assertEquals(3, s.rounds());
        assertEquals(1, s.forksPerRound());
        assertEquals(1, o.getForkCount().get(), "JMH runs one fork per round");
        assertEquals(1, o.getWarmupIterations().get());
        assertEquals(TimeValue.milliseconds(100), o.getWarmupTime().get());
        assertEquals(3, o.getMeasurementIterations().get());
        assertEquals(TimeValue.milliseconds(100), o.getMeasurementTime().get());
        assertEquals(List.of(Mode.AverageTime), List.copyOf(o.getBenchModes()));
        assertFalse(o.getTimeUnit().hasValue(), "each benchmark keeps its own unit unless -tu is given");
    }

    @Test
    void standardAndFullMeasureInSampleTimeOnlyInThreeForks() {
        for (Profile p : List.of(Profile.STANDARD, Profile.FULL)) {
            JmhSettings s = JmhSettings.of(p, List.of());
            assertEquals(List.of(Mode.SampleTime), s.modes(), p + ": the mean and the percentiles from the same forks");
            assertEquals(3, s.rounds(), p.toString());
            assertEquals(1, applied(s, SYNC_WRITE, List.of()).getForkCount().get(), p.toString());
        }
        JmhSettings compare = JmhSettings.of(Profile.COMPARE, List.of());
        assertEquals(12, compare.rounds());
        assertEquals(1, applied(compare, SYNC_WRITE, List.of()).getForkCount().get());
    }

    @Test
    void userOptionsWinOverTheProfileAndTheCellsModes() {
        JmhSettings s = JmhSettings.of(Profile.QUICK, List.of("-f", "5", "-i", "7", "-bm", "sample"));
        Options o = applied(s, SYNC_WRITE, List.of(Mode.Throughput));
        assertTrue(s.userSetsForks());
        assertEquals(5, s.forks(), "the user's -f is the forks per cell");
        assertEquals(5, s.rounds(), "... measured in as many rounds");
        assertEquals(1, o.getForkCount().get(), "... one fork per JMH invocation");
        assertEquals(7, o.getMeasurementIterations().get());
        assertEquals(List.of(Mode.SampleTime), List.copyOf(o.getBenchModes()));
    }

    @Test
    void noForkAtAllIsOneRoundRunInTheLaunchersJvm() {
        JmhSettings s = JmhSettings.of(Profile.QUICK, List.of("-f", "0"));
        assertEquals(1, s.rounds());
        assertEquals(0, s.forksPerRound());
        assertEquals(0, applied(s, SYNC_WRITE, List.of()).getForkCount().get());
    }

    @Test
    void timeEstimatesAreOneForkPerRoundAndEveryForkOverTheRun() {
        // quick, one mode: a fork is 1 x 0.1 s warmup + 3 x 0.1 s measurement + 0.8 s JVM start = 1.2 s; 3 forks = 3.6 s.
        JmhSettings s = JmhSettings.of(Profile.QUICK, List.of());
        assertEquals(1.2, s.secondsPerRound(SYNC_WRITE), 1e-9);
        assertEquals(3.6, s.secondsFor(SYNC_WRITE), 1e-9);
        // -f 4 -i 5 -r 200ms: a fork is 0.1 + 5 x 0.2 + 0.8 = 1.9 s, four of them 7.6 s.
        JmhSettings user = JmhSettings.of(Profile.QUICK, List.of("-f", "4", "-i", "5", "-r", "200ms"));
        assertEquals(1.9, user.secondsPerRound(SYNC_WRITE), 1e-9);
        assertEquals(7.6, user.secondsFor(SYNC_WRITE), 1e-9);
        // A cell with two modes (group commit: throughput and latency) runs each fork twice as long.
        Cell groupCommit = Cell.of(Catalogue.GROUP_COMMIT.groupCommit());
        assertEquals(2, groupCommit.modes().size());
        assertEquals(2.4, s.secondsPerRound(groupCommit), 1e-9);
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
        s.applyTo(b, cellModes, List.of());
        s.applyUserParams(b, cell);
        return b.build();
    }
}
