package io.durabench.fleet;

import io.durabench.output.Table;
import io.durabench.output.Wrap;

/**
 * `durabench report FLEET` in the terminal, for 120 columns: the fleet in one line, its hosts (every
 * host of hosts.json, also those without results), the fleet's findings, then one table per
 * benchmark group laid out by {@link FleetGrid}.
 */
public final class FleetText {
    private FleetText() {
    }

    public static String render(FleetView v) {
        StringBuilder sb = new StringBuilder(FleetProse.TITLE).append('\n');
        Wrap.append(sb, FleetProse.summary(v), "", "");
        Wrap.append(sb, FleetProse.howToRead(), "", "");
        sb.append("\nHOSTS\n");
        sb.append(indent(FleetProse.hosts(v).text()));
        sb.append("\nFLEET FINDINGS\n");
        for (FleetFinding f : v.findings()) Wrap.append(sb, "[" + f.kind().id() + "] " + f.message(), "* ", "  ");
        for (FleetTable t : v.tables()) {
            sb.append('\n');
            Wrap.append(sb, "== " + FleetProse.heading(t) + " ==", "", "   ");
            sb.append("  ").append(FleetProse.figure(t)).append('\n');
            String members = FleetProse.members(v, t);
            if (!members.isEmpty()) Wrap.append(sb, members, "  ", "  ");
            for (Table part : FleetGrid.layout(t, table -> indent(table.text()))) sb.append(indent(part.text()));
        }
        return sb.toString();
    }

    private static String indent(String text) {
        StringBuilder sb = new StringBuilder();
        text.lines().forEach(l -> sb.append("  ").append(l).append('\n'));
        return sb.toString();
    }
}
