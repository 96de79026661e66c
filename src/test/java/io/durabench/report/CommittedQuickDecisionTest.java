package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.report.analysis.Decisions;
import io.durabench.report.analysis.Recommendations;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The quick profile on this machine's disk decides (results/quick-vda-reference: its rounds and its 5
 * fork pairs against FDATASYNC): on the SyncWriteCost centre table, fewer than half the durable
 * methods are ★, or the recommendation recommends. Decided against the lowest ratio alone, every
 * method of this run stays ★ (the noisiest method had the lowest point estimate), so this fails on
 * that rule.
 */
@Evidence
class CommittedQuickDecisionTest {
    private static final Path RUN = Path.of("results/quick-vda-reference");

    @Test
    void theQuickProfileOnThisDiskResolvesTheFastestSetOrRecommends() {
        assumeTrue(Files.isDirectory(RUN), RUN + " is not committed: results/README.md says how it was made");
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(RUN)), SyncMethod.NONE);
        DecisionTable t = Decisions.of(report).stream().filter(d -> d.family().equals("SyncWriteCost")).findFirst().orElseThrow();
        Context target = t.targets().get(0);
        assertTrue(t.decidedInLockStep(target), "decided on the reference pairs");
        int starred = t.fastestOn(target).size(), durable = t.durableOn(target).size();
        Map<Context, String> lines = Recommendations.of(t, report.rows(), report.contextNames());
        String line = lines.get(target);
        System.out.println("quick on vda: " + starred + " of " + durable + " durable methods starred; " + line);
        assertTrue(2 * starred < durable || !line.contains("no recommendation"), starred + " of " + durable + " starred; " + line);
    }
}
