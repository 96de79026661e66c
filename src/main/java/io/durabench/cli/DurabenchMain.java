package io.durabench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The durabench command line: one subcommand class per job. */
@Command(name = "durabench", mixinStandardHelpOptions = true, version = "durabench 0.1.0",
        description = "Measures what durability really costs on this machine, filesystem and JDK.",
        subcommands = {
                CommandLine.HelpCommand.class,
                ReportCommand.class,
                PlotCommand.class,
        })
public final class DurabenchMain implements Runnable {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, shared by main and tests (exit codes and error handling included). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new DurabenchMain());
        cl.setExecutionExceptionHandler(new OneLineErrors());
        cl.setParameterExceptionHandler(new OneLineErrors());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command: try 'durabench --help'");
    }
}
