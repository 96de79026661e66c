package io.durabench.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A renamed option's old spelling keeps working for one release: hidden from --help, listed in
 * docs/cli.md with its replacement, and each use says so in one line on stderr. The hidden option's
 * description starts with {@link #DESCRIPTION}, which is how docs/cli.md's table finds it.
 */
final class OldSpelling {
    /** The start of every old spelling's description: "Deprecated: use --dir." */
    static final String DESCRIPTION = "Deprecated: use ";

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
