package io.durabench.cli;

import io.durabench.child.JvmProbe;
import io.durabench.env.JvmFacts;
import io.durabench.lab.Lab;
import io.durabench.lab.LabConfig;
import io.durabench.lab.LabTarget;
import io.durabench.lab.Variant;
import io.durabench.nativeio.NativeLayers;
import io.durabench.suite.JmhSettings;
import io.durabench.suite.JvmSlot;
import io.durabench.suite.LockStepSuite;
import io.durabench.suite.PrecisionTarget;
import io.durabench.suite.Profile;
import io.durabench.suite.Resume;
import io.durabench.suite.RunTarget;
import io.durabench.suite.SuiteRun;
import io.durabench.suite.TargetCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** durabench run: the suite on directories (or the lab's filesystems), on one or several JVMs; results per target. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Runs the durability suite on each --dir (or each --lab filesystem), on each --jvm, interleaved cell by cell:"
                + " JMH JSON, environment and n/a/failed list per target and JVM, one progress line per cell, then a summary.",
                "Standard JMH options may follow '--' (e.g. -- -i 10 -bm sample -p blockSizeBytes=4096); the forks per cell are --forks.",
                "Exit 0: every cell measured or n/a; 1: a cell FAILED or an --slo missed; 2: bad input; 3: durabench itself "
                        + "failed (the lab, writing results, a bug); 130/143: interrupted (Ctrl-C, SIGTERM), resume with --resume."})
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Target directory (repeatable). Default: target/durabench-data in the project, on its own filesystem.")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--lab", paramLabel = "VARIANTS", split = ",",
            description = "Bring up the filesystem lab (root) with these variants (ext4, ext4-journal, ext4-nobarrier, xfs, btrfs, btrfs-nodatacow, tmpfs),"
                    + " run every one, and always tear it down.")
    List<String> lab = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "quick|standard|full|compare", defaultValue = "quick",
            description = "quick: pg_test_fsync's main table, then each durable method beside FDATASYNC in lock-step (5 fork pairs, more"
                    + " to ±3%%, at most 10), ~8 min per dir on a disk, ~9 on the lab's; standard: every axis, ~22 min; full: cross product (hours); "
                    + "compare: every method at the centre, 12 forks each, for durabench compare (~13 min per dir and JVM). Default: ${DEFAULT-VALUE}.")
    String profile;

    @Option(names = "--jvm", paramLabel = "JAVA",
            description = "A JVM to measure with (its bin/java or its home); repeatable: cells are interleaved across JVMs (A B A B ...).")
    List<Path> jvms = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N",
            description = "Measure each JVM as N separate slots, interleaved (--repeat 2 with one JVM: an A/A pair). Default: 1."
                    + " Every cell's forks are spread over the run in rounds whatever this says.")
    Integer repeat;

    @Option(names = "--forks", paramLabel = "N", description = "Forks per cell, one per round (JMH's -f; with --lock-step, fork pairs"
            + " per cell). Default: the profile's (lock-step: " + io.durabench.suite.LockStepSuite.DEFAULT_FORK_PAIRS + ").")
    Integer forks;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder. Default: results/<host>-<yyyymmdd-HHmmss>/")
    Path out;

    @Option(names = "--resume", paramLabel = "FOLDER", description = "Measure only the cells a cut-short run into FOLDER did not finish, with its settings.")
    Path resume;

    @Option(names = "--verbose", description = "Stream JMH's own output to the console too (it always goes to jmh-log.txt).")
    boolean verbose;

    @Option(names = "--reference", paramLabel = "METHOD", description = "The method every durable cell is paired with in lock-step"
            + " (default FDATASYNC): in a quick or standard run on one JVM, after the rounds, for the decision table; with --lock-step,"
            + " side A runs each cell with it beside side B's cell.")
    String reference;

    /** --lock-step and its settings, or the rounds' settings: picocli refuses the two together. */
    @ArgGroup(exclusive = true, multiplicity = "0..1")
    RunModes modes;

    @Mixin
    SloOptions slo;

    @Mixin
    PrecisionOptions precision;

    /** The --slo objectives, parsed before anything is measured. */
    private List<io.durabench.slo.Slo> slos = List.of();

    @Parameters(paramLabel = "JMH-OPTION", arity = "0..*", description = "JMH options passed through (after --).")
    List<String> jmhArgs = new ArrayList<>();

    @Spec
    CommandSpec spec;

    /** The lock-step settings when --lock-step is given, else null. */
    RunModes.LockStep lockStep() {
        return modes == null ? null : modes.lockStep;
    }

    /** The rounds' settings, all unset when none was given. */
    RunModes.RoundsOptions rounds() {
        return modes == null || modes.rounds == null ? new RunModes.RoundsOptions() : modes.rounds;
    }

    @Override
    public Integer call() {
        slos = slo.checked();
        jmhArgs.removeIf(String::isBlank); // Maven passes an unset -Ddurabench.benchmarks as an empty argument
        jmhArgs = RunForks.intoJmhArgs(forks, jmhArgs, spec);
        if (lockStep() != null) return lockStepRun();
        if (resume != null) return resumeRun();
        Profile p = parseProfile(profile);
        List<String> args = jmhArgs;
        JmhSettings settings = settings(p, args);
        if (!dirs.isEmpty() && !lab.isEmpty()) throw new UsageException("--dir and --lab together: measure either your directories or the lab's");
        if (repeat != null && repeat < 1) throw new UsageException("--repeat " + repeat + ": give 1 or more");
        List<String> notes = new ArrayList<>();
        int repeats = repeat == null ? 1 : repeat;
        List<JvmSlot> slots = slots(settings, repeats);
        List<Path> targets = lab.isEmpty() ? checkedTargets(notes) : List.of();
        Path outDir = OutputPaths.newFolder(out != null ? out : defaultOut());
        SuiteRun run = suiteRun(p, args, settings, slots);
        // Planning parses every -p value through the catalogue: a value that can never be valid stops here, before anything is written.
        int cells = run.plan(lab.isEmpty() ? targets.get(0) : Path.of("/")).size();
        if (cells == 0) {
            throw new UsageException("no benchmark of the " + p.label() + " profile matches " + settings.includes()
                    + ": check the pattern (group commit runs in standard and full, not quick)");
        }
        List<String> fewCells = RunForks.forFewCells(args, settings, cells, precision.given());
        SuiteRun chosen = fewCells == args ? run : suiteRun(p, fewCells, settings(p, fewCells), slots);
        notes.forEach(stdout()::println);
        if (lab.isEmpty()) return finish(outDir, chosen.run(targets.stream().map(RunTarget::directory).toList(), outDir, List.of()));
        return finish(outDir, withLab(Variant.parseList(lab), labTargets -> chosen.run(labTargets, outDir, lab)));
    }

    private SuiteRun suiteRun(Profile p, List<String> args, JmhSettings settings, List<JvmSlot> slots) {
        SuiteRun run = new SuiteRun(p, settings, args, slots, options(), NativeLayers.current(), stdout(), spec.commandLine().getErr());
        if (rounds().seed != null) run.seed(rounds().seed);
        if (reference != null) run.reference(referenceMethod());
        if (precision.given()) run.precision(precisionTarget());
        return run;
    }

    private Integer lockStepRun() {
        LockStepCommandLine line = new LockStepCommandLine(this);
        LockStepSuite.Request request = line.request();
        LockStepSuite suite = new LockStepSuite(request, NativeLayers.current(), stdout());
        List<io.durabench.catalogue.Cell> cells = suite.plan();
        if (cells.isEmpty()) {
            throw new UsageException("no benchmark of the " + request.profile().label() + " profile matches " + request.settings().includes());
        }
        // Every pairing is held to the hand-off rule before anything is written: cells it refuses are left out
        // with the reason; when it refuses every cell, nothing would be measured, and that is bad input.
        suite.pairing(cells).refusedAll().ifPresent(why -> {
            throw new UsageException(why);
        });
        Path outDir = OutputPaths.newFolder(out != null ? out : defaultOut());
        if (lab.isEmpty()) return finish(outDir, suite.run(outDir));
        return finish(outDir, withLab(Variant.parseList(lab), labTargets -> new LockStepSuite(line.onLab(request, labTargets), NativeLayers.current(),
                stdout()).run(outDir)));
    }

    /** --reference in a run in rounds: a durable method of SyncWriteCost, with which every durable cell is paired in lock-step. */
    private io.durabench.workload.SyncMethod referenceMethod() {
        io.durabench.workload.SyncMethod m;
        try {
            m = io.durabench.workload.SyncMethod.valueOf(reference);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--reference " + reference + ": not a sync method; use one of "
                    + java.util.Arrays.stream(io.durabench.workload.SyncMethod.values()).filter(io.durabench.workload.SyncMethod::durable)
                    .map(Enum::name).toList());
        }
        if (!m.durable()) throw new UsageException("--reference " + reference + " is not durable (" + m.notDurableBecause() + "): pick a durable method");
        return m;
    }

    private Integer resumeRun() {
        if (!dirs.isEmpty() || !lab.isEmpty() || !jvms.isEmpty() || out != null || !jmhArgs.isEmpty() || rounds().seed != null || precision.given()) {
            throw new UsageException("--resume takes the settings of the run it resumes: give no --dir, --lab, --jvm, --out, --seed, --precision, --budget, --forks or JMH options");
        }
        Resume r = Resume.of(resume);
        JmhSettings settings = settings(r.profile(), r.manifest().jmhArgs());
        List<JvmSlot> slots = JvmSlot.recorded(r.manifest());
        SuiteRun run = new SuiteRun(r.profile(), settings, r.manifest().jmhArgs(), slots,
                new SuiteRun.Options(verbose, r.manifest().options().verifySyscalls(), r.manifest().options().trimHistograms()),
                NativeLayers.current(), stdout(), spec.commandLine().getErr());
        stdout().println("# durabench: resuming " + resume + " (profile " + r.profile().label() + ", " + r.manifest().ran().size()
                + " cells already done)");
        if (r.manifest().labVariants().isEmpty()) {
            return finish(resume, run.resume(r.dirs().stream().map(d -> RunTarget.directory(TargetCheck.check(d, new ArrayList<>()))).toList(), r));
        }
        return finish(resume, withLab(Variant.parseList(r.manifest().labVariants()), labTargets -> run.resume(labTargets, r)));
    }

    /** A run that got to its end writes its report (an interrupted run never returns here), then its exit code. */
    private Integer finish(Path root, boolean failed) {
        RunReport.Outcome report = RunReport.write(root, slos, stdout(), spec.commandLine().getErr());
        return Math.max(exit(failed), report.sloExit());
    }

    /** Brings the lab up, runs, and always tears it down (a shutdown hook covers Ctrl-C). */
    private boolean withLab(List<Variant> variants, java.util.function.Function<List<RunTarget>, Boolean> body) {
        PrintWriter o = stdout();
        try (Lab l = Lab.create(LabConfig.defaults(), line -> {
            o.println("# " + line);
            o.flush();
        })) {
            l.installShutdownHook();
            List<LabTarget> up = l.up(variants);
            List<RunTarget> targets = up.stream().map(t -> new RunTarget(t.directory(), t)).toList();
            return body.apply(targets);
        }
    }

    private JmhSettings settings(Profile p, List<String> args) {
        return UsageException.onBadInput(() -> JmhSettings.of(p, args));
    }

    private List<JvmSlot> slots(JmhSettings settings, int repeat) {
        if (jvms.isEmpty()) {
            if (repeat == 1) return List.of(JvmSlot.launcher());
            return JvmSlot.of(List.of(JvmFacts.current()), repeat);
        }
        if (settings.userJvm().isPresent()) {
            throw new UsageException("-jvm (a JMH option) and --jvm together: pick JVMs with --jvm only");
        }
        return JvmSlot.of(jvmFacts(jvms), repeat);
    }

    /** Each --jvm's facts, as that JVM reports them; one that does not start is a usage error naming it. */
    static List<JvmFacts> jvmFacts(List<Path> jvms) {
        return jvms.stream().map(j -> UsageException.onBadInput(() -> JvmProbe.of(j))).toList();
    }

    /** --precision and --budget as parsed (NONE when neither is given): the rounds' target, or the fork pairs'. */
    PrecisionTarget precisionTarget() {
        return precision.target();
    }

    private SuiteRun.Options options() {
        return new SuiteRun.Options(verbose, rounds().verifySyscalls, rounds().trimHistograms);
    }

    private PrintWriter stdout() {
        return spec.commandLine().getOut();
    }

    /** A FAILED cell is the measurement saying no: exit 1, returned (a run that could not go on at all threw, exit 3). */
    private static Integer exit(boolean failed) {
        return failed ? OneLineErrors.EXIT_FAILURE : 0;
    }

    static Profile parseProfile(String s) {
        try {
            return Profile.valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --profile '" + s + "': use quick, standard, full or compare");
        }
    }

    /** Validates every directory before anything is written, so bad input leaves no stray files. */
    private List<Path> checkedTargets(List<String> notes) {
        List<Path> resolved = new ArrayList<>();
        for (Path d : dirs.isEmpty() ? List.of(DefaultTarget.dir()) : dirs) resolved.add(TargetCheck.check(DefaultTarget.prepared(d), notes));
        return resolved;
    }

    static Path defaultOut() {
        return OutputPaths.timestamped("");
    }
}
