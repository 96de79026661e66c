package io.durabench.cli;

import io.durabench.report.Report;
import io.durabench.slo.Slo;
import io.durabench.slo.SloParser;
import io.durabench.slo.SloVerdict;
import io.durabench.report.slo.SloVerdicts;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --slo}, shared by report, run and gate (and so by {@code mvn verify -Pbench -Ddurabench.slo=...}):
 * parsed before anything is read or measured (a malformed SLO is bad input, exit 2, before a long
 * run), judged on the report, and a missed one is the measurement saying no (exit 1).
 */
public final class SloOptions {
    @Option(names = "--slo", paramLabel = "SLO", split = ";", description = "An objective to judge per target, repeatable (or several"
            + " separated by ';'): METHOD [SIZE|KEY=VALUE...] "
            + "METRIC OP VALUE[UNIT], e.g. 'FDATASYNC sync p99 < 10ms', 'FDATASYNC 8KiB ops/s >= 5000'; metrics mean, p50, p99, p99.9, "
            + "ops/s, sync p50|p99|p99.9 (the sync call alone). Verdicts above the decision table; exit 1 when one is missed.")
    List<String> texts = new ArrayList<>();

    /** Every --slo parsed; a malformed one is a {@link UsageException} naming it. */
    List<Slo> checked() {
        return UsageException.onBadInput(() -> texts.stream().filter(t -> !t.isBlank()).map(SloParser::parse).toList());
    }

    /** The verdicts; a method or cell the results do not hold is bad input, its line listing what they hold. */
    static List<SloVerdict> verdicts(Report report, List<Slo> slos) {
        return UsageException.onBadInput(() -> SloVerdicts.of(report, slos));
    }
}
