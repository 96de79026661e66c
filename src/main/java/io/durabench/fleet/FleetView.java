package io.durabench.fleet;

import io.durabench.report.ContextNames;
import io.durabench.report.Report;
import io.durabench.results.FleetFolder.Fleet;
import java.util.List;

/**
 * What `durabench report FLEET` shows: the fleet (every host and what became of it), the tables
 * across hosts (one per benchmark group, columns per {@link GroupBy}), and the fleet's findings, all
 * read from one report over every host's results, whose contexts carry their hosts.
 *
 * @param report the report over every host (filtered as asked); its contexts are named "host-a: ext4 ..."
 */
public record FleetView(Fleet fleet, GroupBy groupBy, Report report, ContextNames names, List<FleetTable> tables,
                        List<FleetFinding> findings) {

    public static FleetView of(Fleet fleet, Report report, GroupBy by) {
        ContextNames names = report.contextNames();
        List<FleetTable> tables = FleetTables.of(report, by, names);
        return new FleetView(fleet, by, report, names, tables, FleetFindings.of(fleet, report, names));
    }

    /** The hosts whose results are in the report, in its order. */
    public List<String> measuredHosts() {
        return report.contexts().stream().map(c -> c.host()).filter(h -> h != null).distinct().toList();
    }
}
