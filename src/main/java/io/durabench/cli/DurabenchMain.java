package io.durabench.cli;

import io.durabench.nativeio.LayerRefusal;
import io.durabench.nativeio.NativeLayers;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The durabench command line: one subcommand class per job. */
@Command(name = "durabench", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Measures what durability really costs on this machine, filesystem and JDK.",
        exitCodeListHeading = "%nExit codes (every command):%n",
        exitCodeList = {
                "0:fine",
                "1:the measurement says no: a counted regression (compare, gate), a FAILED cell (run, gate), lab check's passes disagreeing, a missed SLO (report --slo)",
                "2:usage or bad input: an unknown option, a missing, unreadable or malformed file, compare refusing sets measured differently",
                "3:durabench itself failed (an internal error: a bug, a lab that cannot be brought up, results that cannot be written)",
        },
        subcommands = {
                RunCommand.class,
                EnvCommand.class,
                CommandLine.HelpCommand.class,
                ReportCommand.class,
                PlotCommand.class,
                LabCommand.class,
                CompareCommand.class,
                GateCommand.class,
                PgCommand.class,
                EtcdCheckCommand.class,
                UringCheckCommand.class,
                SoakCommand.class,
                ForkStartupCommand.class,
        })
public final class DurabenchMain implements Runnable {

    /** Read by {@link OneLineErrors} from the parse result; inherited so it works after the subcommand too. */
    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "On an error, also print its stack trace to stderr (as DURABENCH_DEBUG=1 does).")
    boolean debug;

    public static void main(String[] args) {
        try {
            NativeLayers.currentKind(); // -Ddurabench.native asking for what this JVM cannot have: refused before anything runs
        } catch (LayerRefusal e) {
            System.err.println("durabench: " + e.getMessage());
            System.exit(OneLineErrors.EXIT_USAGE);
        }
        System.exit(execute(commandLine(), args));
    }

    /**
     * Runs the command line and returns its exit code. picocli's handlers see Exceptions only: an Error
     * that escapes (a broken classpath, OOM, a failed assertion) is the tool failing too, exit 3 in one
     * line (its stack trace first with --debug or DURABENCH_DEBUG), never the JVM's own exit 1.
     */
    static int execute(CommandLine cl, String... args) {
        String slowdown = TestHooks.slowdownWarning();
        if (slowdown != null) {
            cl.getErr().println(slowdown);
            cl.getErr().flush();
        }
        try {
            return cl.execute(args);
        } catch (Error e) {
            if (OneLineErrors.debugRequested(args)) e.printStackTrace(cl.getErr());
            cl.getErr().println(OneLineErrors.internalError(e, OneLineErrors.debugRequested(args)));
            cl.getErr().flush();
            return OneLineErrors.EXIT_INTERNAL;
        }
    }

    /** The configured command line, shared by main and tests (exit codes and error handling included). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new DurabenchMain());
        cl.setExecutionExceptionHandler(new OneLineErrors());
        cl.setParameterExceptionHandler(new OneLineErrors());
        cl.setExecutionStrategy(unknownCommandRefused(forcibleInternalError(cl.getExecutionStrategy())));
        versionOnHelpCommand(cl.getSubcommands().get("help"));
        return cl;
    }

    /** picocli's own help command has -h but no --version; every other command has both from mixinStandardHelpOptions. */
    private static void versionOnHelpCommand(CommandLine help) {
        help.getCommandSpec().versionProvider(new BuildVersion());
        help.getCommandSpec().addOption(CommandLine.Model.OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    /**
     * An unknown command is refused whatever follows it: picocli would print the main usage and exit
     * 0 for {@code durabench frobnicate --help}, since help wins over an unmatched word.
     */
    private static CommandLine.IExecutionStrategy unknownCommandRefused(CommandLine.IExecutionStrategy strategy) {
        return parseResult -> {
            CommandLine root = parseResult.commandSpec().commandLine();
            Optional<String> unknown = unknownCommand(root, parseResult.originalArgs());
            if (unknown.isPresent()) throw new CommandLine.ParameterException(root, unknown.get());
            return strategy.execute(parseResult);
        };
    }

    /**
     * The one line refusing the command word of {@code args} when it is no command, else empty. The
     * first word that is not an option is the command (durabench's own options take no value); after
     * {@code help}, the next one must be a command too.
     */
    static Optional<String> unknownCommand(CommandLine root, List<String> args) {
        Map<String, CommandLine> commands = root.getSubcommands();
        if (commands.isEmpty()) return Optional.empty(); // a command line of one command (tests build such)
        boolean afterHelp = false;
        for (String word : args) {
            if (word.startsWith("-")) continue;
            if (!commands.containsKey(word)) {
                // Hidden commands (fork-startup: a tool for measuring durabench itself) are not offered.
                List<String> names = commands.entrySet().stream().filter(e -> !e.getKey().equals("help") && !e.getValue().getCommandSpec().usageMessage().hidden())
                        .map(Map.Entry::getKey).toList();
                return Optional.of("unknown command '" + word + "': the commands are " + String.join(", ", names)
                        + " and help (durabench --help says what each does)");
            }
            if (afterHelp || !word.equals("help")) return Optional.empty();
            afterHelp = true;
        }
        return Optional.empty();
    }

    /**
     * Test hook ({@link TestHooks}): with DURABENCH_FORCE_INTERNAL_ERROR set (non-empty) in the environment, or the system
     * property durabench.forceInternalError=true, every command fails as an unexpected internal error
     * (exit 3) after its arguments are parsed and before it does anything: the way a test, or a script
     * that relies on the exit codes, proves that exit 3 and its one line come through. Read when the
     * command line executes, not when it is built. Bad arguments are still refused first (exit 2).
     */
    private static CommandLine.IExecutionStrategy forcibleInternalError(CommandLine.IExecutionStrategy strategy) {
        return parseResult -> {
            if (TestHooks.internalErrorForced()) {
                List<CommandLine> parsed = parseResult.asCommandLineList();
                throw new CommandLine.ExecutionException(parsed.get(parsed.size() - 1), "internal error forced by the test hook",
                        new IllegalStateException("forced by " + TestHooks.FORCE_INTERNAL_ERROR_ENV));
            }
            return strategy.execute(parseResult);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command: try 'durabench --help'");
    }
}
