package io.durabench.report.render;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.env.EnvironmentFacts;
import io.durabench.report.Finding;
import io.durabench.report.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The findings in reading order, grouped under headings: the traps first, then each context
 * ("ext4 (/mnt/data; loop0 on vda: write back cache, rotational 1)"), then across contexts.
 * Shared by the text and Markdown renderers.
 */
final class FindingsText {
    static final String TITLE = "Findings";
    static final String INTRO = "99.9% intervals between forks; a difference is \"resolved\" only between forks, with Holm over its family";
    static final String TRAPS = "Read first";
    static final String ACROSS = "Across contexts";

    private FindingsText() {
    }

    /** Heading -> finding messages, in order. */
    static Map<String, List<String>> sections(Report report) {
        ContextNames names = report.contextNames();
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Finding f : report.findings()) {
            if (f.kind() == Finding.Kind.TRAP) out.computeIfAbsent(TRAPS, k -> new ArrayList<>()).add(f.message());
        }
        for (Context c : report.contexts()) {
            List<String> own = of(report, c);
            if (!own.isEmpty()) out.put(heading(c, names), new ArrayList<>(own));
        }
        for (Finding f : report.findings()) {
            if (f.kind() != Finding.Kind.TRAP && f.context() == null) out.computeIfAbsent(ACROSS, k -> new ArrayList<>()).add(f.message());
        }
        return out;
    }

    static String heading(Context c, ContextNames names) {
        return names.of(c) + " (" + (c.directory() == null ? "directory unknown" : c.directory()) + "; "
                + EnvironmentFacts.briefDevice(c.environment()) + ")";
    }

    /** The opening's findings: the traps and what holds across contexts; each context's own findings go to its section. */
    static Map<String, List<String>> opening(Report report) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        sections(report).forEach((heading, messages) -> {
            if (heading.equals(TRAPS) || heading.equals(ACROSS)) out.put(heading, messages);
        });
        return out;
    }

    /** One context's own findings (not traps), for the top of its section. */
    static List<String> of(Report report, Context c) {
        return report.findings().stream().filter(f -> f.kind() != Finding.Kind.TRAP && c.label().equals(f.context()))
                .map(Finding::message).toList();
    }
}
