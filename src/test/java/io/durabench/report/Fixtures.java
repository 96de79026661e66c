package io.durabench.report;

import io.durabench.report.analysis.*;
import io.durabench.report.render.*;
import io.durabench.report.chart.*;
import io.durabench.results.*;
import io.durabench.stats.*;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The checked-in report fixtures (src/test/resources/report, see make_fixtures.py there). */
final class Fixtures {
    private Fixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/report/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Report report(String... names) {
        return ReportBuilder.build(ResultsLoader.load(java.util.Arrays.stream(names).map(Fixtures::path).toList()), io.durabench.workload.SyncMethod.NONE);
    }

    static List<ReportWarning> warnings(Report report, ReportWarning.Kind kind) {
        return report.warnings().stream().filter(w -> w.kind() == kind).toList();
    }
}
