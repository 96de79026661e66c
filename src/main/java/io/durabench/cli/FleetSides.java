package io.durabench.cli;

import io.durabench.results.FleetFolder;
import io.durabench.results.FleetFolder.Fleet;
import io.durabench.results.FleetFolder.Host;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * `compare FLEET --host A --host B`: each side one host of a fleet, or a group of hosts ("a,b"),
 * whose result sets are pooled per target. A host that hosts.json does not list, or that came back
 * without results, is bad input naming what hosts.json says of it.
 */
final class FleetSides {
    private FleetSides() {
    }

    /** One side: the sets of its hosts (comma-separated), each read from FLEET/HOST. */
    static List<ResultSet> side(Path fleetDir, String hosts) {
        Fleet fleet = FleetFolder.read(fleetDir);
        List<ResultSet> sets = new ArrayList<>();
        for (String name : hosts.split(",")) {
            String host = name.strip();
            Optional<Host> h = fleet.hosts().stream().filter(x -> x.host().equals(host)).findFirst();
            if (h.isEmpty()) {
                throw new UsageException("--host " + host + ": not a host of fleet " + fleet.name() + " (its hosts: "
                        + String.join(", ", fleet.hosts().stream().map(Host::host).toList()) + ")");
            }
            if (!h.get().measured()) {
                throw new UsageException("--host " + host + ": " + h.get().status() + (h.get().reason() == null ? "" : " (" + h.get().reason() + ")")
                        + " per " + fleetDir.resolve(FleetFolder.HOSTS) + ": it has no results to compare");
            }
            ResultsLoader.load(List.of(fleetDir.resolve(host))).forEach(s -> sets.add(s.onHost(host)));
        }
        return sets;
    }

    /** "fleet-x:host-a,host-b". */
    static String describe(Path fleetDir, String hosts) {
        return fleetDir.getFileName() + ":" + hosts;
    }
}
