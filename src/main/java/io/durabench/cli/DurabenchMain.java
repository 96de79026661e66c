package io.durabench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The durabench command line: one subcommand class per job. */
@Command(name = "durabench", mixinStandardHelpOptions = true, version = "durabench 0.1.0",
        description = "Measures what durability really costs on this machine, filesystem and JDK.",
        subcommands = {
                RunCommand.class,
                EnvCommand.class,
                CommandLine.HelpCommand.class,
                ReportCommand.class,
                PlotCommand.class,
                LabCommand.class,
                CompareCommand.class,
                GateCommand.class,
        })
public final class DurabenchMain implements Runnable {

    /** Read by {@link OneLineErrors} from the parse result; inherited so it works after the subcommand too. */
    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "On an error, also print its stack trace to stderr (as DURABENCH_DEBUG=1 does).")
    boolean debug;

    public static void main(String[] args) {
        int rc;
        try {
            rc = commandLine().execute(args);
        } catch (LinkageError | VirtualMachineError e) {
            // picocli's handlers see Exceptions only; an Error (a broken classpath, OOM) still gets one line.
            System.err.println("durabench: " + e);
            rc = OneLineErrors.EXIT_FAILURE;
        }
        System.exit(rc);
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
