package io.durabench.fleet;

import io.durabench.format.Fmt;
import java.util.List;

/**
 * One line of a fleet's findings, about one host (or, for a note, the fleet).
 *
 * @param hosts the inventory names it is about; empty for a note about the fleet as a whole
 */
public record FleetFinding(Kind kind, List<String> hosts, String message) {

    public enum Kind {
        /** hosts.json says the host was not measured (unreachable, failed, skipped), or its folder holds no results. */
        NOT_MEASURED,
        /** A host target without stable storage (tmpfs): nothing measured there is durable. */
        NOT_DURABLE,
        /** The report's implausibly-fast rule, per host: flushes cheaper than the host's device can make them. */
        IMPLAUSIBLY_FAST,
        /** A host's figure whose whole interval is outside the fleet's band ({@link FleetSpread}). */
        OUTSIDE_SPREAD,
        /** A host whose fastest durable method (set) does not include the fleet's. */
        FASTEST_DIFFERS,
        /** What the fleet's findings could not judge, and why. */
        NOTE;

        public String id() {
            return Fmt.id(this);
        }
    }
}
