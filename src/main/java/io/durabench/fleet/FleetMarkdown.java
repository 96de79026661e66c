package io.durabench.fleet;

import io.durabench.output.HtmlRenderer;
import io.durabench.output.Table;
import io.durabench.output.Wrap;
import io.durabench.chart.ChartFile;
import java.util.List;

/** report.md of a fleet (and, through {@link HtmlRenderer}, report.html): the text report's sections, and the charts. */
public final class FleetMarkdown {
    private FleetMarkdown() {
    }

    public static String render(FleetView v, List<ChartFile> charts) {
        StringBuilder sb = new StringBuilder("# ").append(FleetProse.TITLE).append(": ").append(v.fleet().name()).append("\n\n");
        Wrap.append(sb, FleetProse.summary(v), "", "");
        sb.append('\n');
        Wrap.append(sb, "_" + FleetProse.howToRead() + "_", "", "");
        sb.append("\n## Hosts\n\n").append(FleetProse.hosts(v).markdown());
        sb.append("\n## Fleet findings\n\n");
        for (FleetFinding f : v.findings()) Wrap.append(sb, "**" + f.kind().id() + "**: " + f.message(), "* ", "  ");
        sb.append("\n## Across the fleet\n");
        for (FleetTable t : v.tables()) {
            sb.append("\n#### ").append(FleetProse.heading(t)).append("\n\n");
            String members = FleetProse.members(v, t);
            Wrap.append(sb, "_" + FleetProse.figure(t) + (members.isEmpty() ? "" : ". " + members) + "_", "", "");
            sb.append('\n');
            List<Table> parts = FleetGrid.layout(t, Table::markdown);
            for (int i = 0; i < parts.size(); i++) sb.append(i == 0 ? "" : "\n").append(parts.get(i).markdown());
        }
        if (!charts.isEmpty()) {
            sb.append("\n## Charts\n");
            for (ChartFile c : charts) {
                sb.append("\n### ").append(c.title()).append("\n\n");
                if (c.png() == null) sb.append("_Not drawn: ").append(c.skippedBecause()).append("._\n");
                else sb.append("![").append(c.title()).append("](").append(c.png().getFileName()).append(")\n");
            }
        }
        return sb.toString();
    }
}
