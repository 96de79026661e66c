package io.durabench.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A renamed option's old spelling keeps working for one release: hidden from --help, listed in
 * docs/cli.md with its replacement, and each use says so in one line on stderr. The hidden option's
 * description starts with {@link #DESCRIPTION}, which is how docs/cli.md's table finds it.
 */
final class OldSpelling {
    /** The start of every old spelling's description: "Deprecated: use --dir." */
    static final String DESCRIPTION = "Deprecated: use ";

    /** An old spelling that is a form of a value, not an option of its own, so the command model cannot list it. */
    record Form(String command, String old, String replacement) {
        void used(CommandSpec spec) {
            OldSpelling.used(spec, old, replacement);
        }
    }

    static final Form ENV_DIR = new Form("env", "env DIR", "env --dir DIR");
    static final Form ENV_OUT_FILE = new Form("env", "--out FILE", "--out DIR (environment.json is written into it)");
    static final Form RUN_PASSED_FORKS = new Form("run, gate", "-f N after '--'", "--forks N");
    /** Every such form, for docs/cli.md. */
    static final List<Form> FORMS = List.of(ENV_DIR, ENV_OUT_FILE, RUN_PASSED_FORKS);

    private OldSpelling() {
    }

    /** "durabench: warning: -d is deprecated; use --dir" on the command's stderr. */
    static void used(CommandSpec spec, String old, String replacement) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(notice(old, replacement));
        err.flush();
    }

    static String notice(String old, String replacement) {
        return "durabench: warning: " + old + " is deprecated; use " + replacement;
    }
}
