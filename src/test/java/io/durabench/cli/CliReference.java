package io.durabench.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * docs/cli.md, written from the command line's own model (picocli's CommandSpec): every option of every
 * command with its argument, default and meaning; the old spellings with their replacements; the test
 * hooks. {@link CliReferenceTest} holds the file to it.
 */
final class CliReference {
    static final String FILE = "docs/cli.md";
    static final String REGENERATE = "mvn -q -B -o test -Dtest=CliReferenceTest -Ddurabench.writeCliDoc=true";
    /** The options every command has: listed once, at the top. */
    private static final Set<String> EVERY_COMMAND = Set.of("--help", "--version", "--debug");

    private CliReference() {
    }

    static String markdown(CommandLine root) {
        List<String> md = new ArrayList<>();
        md.add("# The durabench command line");
        md.add("");
        md.add("Every option of every command: its argument, default and meaning. Generated from the command line's own model by");
        md.add("`CliReferenceTest`, which fails when this file and the code differ; regenerate it with");
        md.add("`" + REGENERATE + "`. `durabench COMMAND --help` says the same per command.");
        md.add("");
        md.add("One spelling per idea, on every command that has the idea:");
        md.add("");
        md.add("* `--dir DIR`: the directory a command measures or probes (run, gate, soak, pg, etcd-check, uring-check, env, fork-startup); in `lab`, the lab's own folder.");
        md.add("* `--out DIR`: always a folder (created if missing; a new run's must be missing or empty).");
        md.add("* `--forks N`: the number of forks (run, gate's first run of a history, pg, etcd-check, uring-check, fork-startup; in `run --lock-step`, fork pairs).");
        md.add("* `--reference METHOD` (run): the durable method each cell is measured beside in lock-step. Not `--cost-baseline METHOD`");
        md.add("  (report, plot): the method ratios and durability costs are taken against, `NONE` by default. Nor gate's `BASELINE`, a run folder.");
        md.add("* `-h`/`--help`, `-V`/`--version` (the build's version) and `--debug` on every command, lab's subcommands included.");
        md.add("* Old spellings keep working for one release, each use printing one line `durabench: warning: OLD is deprecated; use NEW`");
        md.add("  on stderr: [Old spellings](#old-spellings).");
        md.add("");
        md.add("## Every command");
        md.add("");
        table(md, root.getCommandSpec().options().stream().filter(o -> EVERY_COMMAND.contains(o.longestName())).toList(), List.of());
        commands(root, md);
        md.add("## Old spellings");
        md.add("");
        md.add("| Command | Old spelling | Use instead |");
        md.add("|---|---|---|");
        oldSpellings(root, md);
        for (OldSpelling.Form f : OldSpelling.FORMS) md.add("| " + f.command() + " | `" + f.old() + "` | `" + f.replacement() + "` |");
        md.add("");
        md.add("## Test hooks");
        md.add("");
        md.add("For tests and scripts that need a known effect or a known failure; hidden from `--help`, read in one class");
        md.add("(`cli/TestHooks`), never for a measurement.");
        md.add("");
        md.add("| Where | Hook | Meaning |");
        md.add("|---|---|---|");
        hooks(root, md);
        md.add("| every command | `" + TestHooks.FORCE_INTERNAL_ERROR_ENV + "` (environment, non-empty) or `-D" + TestHooks.FORCE_INTERNAL_ERROR_PROPERTY
                + "=true` | Fails as an internal error (exit 3, one line) once the arguments are parsed, before the command does anything. |");
        md.add("| the build | `mvn package -Ddurabench.testSlowdownNanos=N` | Every write of the Java side spins N ns more (the gate's test of a"
                + " slower Java path, docs/gate.md); such a jar says so on every command's stderr. |");
        return String.join("\n", md) + "\n";
    }

    private static void commands(CommandLine cl, List<String> md) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            md.add("## durabench " + qualifiedName(sub));
            md.add("");
            String[] description = spec.usageMessage().description();
            if (description.length > 0) md.add(cell(description[0]) + (spec.usageMessage().hidden() ? " (Hidden from `durabench --help`.)" : ""));
            md.add("");
            List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden() && !EVERY_COMMAND.contains(o.longestName()))
                    .sorted(Comparator.comparing(o -> o.longestName().replaceFirst("^-+", ""))).toList();
            List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
            if (options.isEmpty() && positionals.isEmpty()) {
                md.add("No options beyond every command's.");
                md.add("");
            } else {
                table(md, options, positionals);
            }
            commands(sub, md);
        }
    }

    private static void table(List<String> md, List<OptionSpec> options, List<PositionalParamSpec> positionals) {
        md.add("| Option | Argument | Default | Meaning |");
        md.add("|---|---|---|---|");
        for (PositionalParamSpec p : positionals) {
            md.add("| (positional) | `" + cell(p.paramLabel()) + (p.isMultiValue() && !p.paramLabel().endsWith("...") ? "..." : "") + "` | "
                    + defaultOf(p) + " | " + meaning(p) + " |");
        }
        for (OptionSpec o : options) {
            String names = String.join(", ", List.of(o.names()).stream().map(n -> "`" + n + "`").toList());
            md.add("| " + names + " | " + argument(o) + " | " + defaultOf(o) + " | " + meaning(o) + " |");
        }
        md.add("");
    }

    private static void oldSpellings(CommandLine cl, List<String> md) {
        for (OptionSpec o : cl.getCommandSpec().options()) {
            String d = String.join(" ", o.description());
            if (o.hidden() && d.startsWith(OldSpelling.DESCRIPTION)) {
                String replacement = d.substring(OldSpelling.DESCRIPTION.length()).replaceFirst("\\.$", "");
                md.add("| " + qualifiedName(cl) + " | `" + o.longestName() + "` | `" + replacement + "` |");
            }
        }
        cl.getSubcommands().values().forEach(sub -> oldSpellings(sub, md));
    }

    private static void hooks(CommandLine cl, List<String> md) {
        for (OptionSpec o : cl.getCommandSpec().options()) {
            String d = String.join(" ", o.description());
            if (o.hidden() && d.startsWith(TestHooks.DESCRIPTION)) {
                md.add("| " + qualifiedName(cl) + " | `" + o.longestName() + " " + o.paramLabel() + "` | "
                        + cell(d.substring(TestHooks.DESCRIPTION.length())) + " |");
            }
        }
        cl.getSubcommands().values().forEach(sub -> hooks(sub, md));
    }

    private static String qualifiedName(CommandLine cl) {
        return cl.getCommandSpec().qualifiedName(" ").replaceFirst("^durabench ?", "");
    }

    private static String argument(OptionSpec o) {
        if (o.arity().max() == 0) return "";
        return "`" + cell(o.paramLabel()) + "`" + (o.isMultiValue() ? " (repeatable)" : "");
    }

    /** The default picocli shows (a declared one, else the field's initial value); nothing for a flag, an empty list or none. */
    private static String defaultOf(ArgSpec a) {
        String declared = a.defaultValue();
        if (declared != null) return "`" + declared + "`";
        Object initial = a.initialValue();
        if (initial == null || Boolean.FALSE.equals(initial) || (initial instanceof Collection<?> c && c.isEmpty())) return "";
        return "`" + initial + "`";
    }

    private static String meaning(ArgSpec a) {
        String d = String.join(" ", a.description());
        String shown = a.defaultValue() != null ? a.defaultValue() : String.valueOf(a.initialValue());
        return cell(d.replace("${DEFAULT-VALUE}", shown));
    }

    /** Text as one Markdown table cell: picocli's %% as %, a | escaped, on one line. */
    private static String cell(String text) {
        return text.replace("%%", "%").replace("%n", " ").replace("|", "\\|").replace("\n", " ").strip();
    }
}
