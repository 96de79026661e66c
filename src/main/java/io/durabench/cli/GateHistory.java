package io.durabench.cli;

import io.durabench.compare.Verdict;
import io.durabench.gate.GateJson;
import io.durabench.gate.History;
import io.durabench.gate.HistoryJudge;
import io.durabench.gate.HistoryText;
import io.durabench.gate.HistoryVerdict;
import io.durabench.gate.JudgedRow;
import io.durabench.gate.RunValues;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.results.RunManifest;
import io.durabench.suite.JvmSlot;
import io.durabench.suite.Profile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * `gate --history DIR`: the new run measured with the history's settings, judged against the
 * history's newest runs ({@link HistoryJudge}), written to OUT/gate/gate.txt, and admitted into the
 * history unless it regressed. The admission rules keep a history of one setup: a run with a row
 * flagged as a regression (on either rule), or with a FAILED cell, stays out; a deliberate change
 * starts a new history with --start-over.
 */
final class GateHistory {
    private final GateCommand g;

    GateHistory(GateCommand g) {
        this.g = g;
    }

    int call() {
        var settings = g.options.settings();
        if (!(g.falseAlarm > 0 && g.falseAlarm < 0.5)) {
            throw new UsageException("--false-alarm " + g.falseAlarm + ": give the share of unchanged runs that may fail, e.g. 0.01");
        }
        if (g.spec.commandLine().getParseResult().hasMatchedOption("--alpha")) {
            throw new UsageException("--alpha is compare's family-wise level, for gate BASELINE; against a history the gate's is --false-alarm (default 0.01)");
        }
        if (g.window < HistoryJudge.MIN_RUNS) throw new UsageException("--window " + g.window + ": give " + HistoryJudge.MIN_RUNS + " or more");
        if (Files.exists(g.history) && !Files.isDirectory(g.history)) {
            throw new UsageException("--history " + g.history + " is a file: name a folder (it is created when missing)");
        }
        if (!(g.ratioThreshold >= 0) || Double.isInfinite(g.ratioThreshold)) {
            throw new UsageException("--ratio-threshold " + g.ratioThreshold + ": give the smallest change of a ratio that counts in %, 0 or more (e.g. 1)");
        }
        History h = new History(g.history);
        List<String> notes = new ArrayList<>();
        Path target = g.checkedTarget(notes);
        Path outDir = g.outDir();
        // Everything that can refuse is checked before --start-over moves a single run.
        List<History.Run> runs = g.startOver ? List.of() : h.runs();
        GateCommand.Rerun rerun = runs.isEmpty() ? firstRun() : later(runs.get(runs.size() - 1), notes);
        String control = rerun.runOptions().control();
        if (control != null) requireTwin();
        List<History.Run> window = runs.subList(Math.max(0, runs.size() - g.window), runs.size());
        List<List<ResultSet>> windowSets = window.stream().map(r -> ResultsLoader.load(List.of(r.folder()))).toList();
        if (!window.isEmpty()) {
            g.requireSameSetup(windowSets.get(windowSets.size() - 1), target, "the history's newest run " + window.get(window.size() - 1).folder());
        }
        if (g.startOver) {
            Path retired = h.startOver();
            notes.add(retired == null ? "--start-over: the history was empty" : "--start-over: the history's runs retired into " + retired);
        }
        String noControl = control != null ? null : runs.isEmpty() ? "--control none: every row is judged on its absolute values alone, and they decide the build"
                : "the history's runs have no control (made before the control design, or with --control none): every row is judged on its absolute"
                        + " values alone, and they decide the build, as before; --start-over begins a history with the control design";
        if (noControl != null) notes.add("# note: " + noControl);
        notes.forEach(g.out()::println);
        boolean failed = g.measure(rerun, target, outDir, "profile " + rerun.profile().label() + " " + String.join(" ", rerun.jmhArgs())
                + (control == null ? "" : ", each row also beside its C twin in lock-step") + " on " + target + ", judged against the history "
                + g.history + " (" + runs.size() + " runs)");

        HistoryJudge judge = new HistoryJudge(g.falseAlarm, settings.thresholdPercent());
        List<RunValues> past = new ArrayList<>();
        for (int i = 0; i < window.size(); i++) {
            past.add(RunValues.of(window.get(i).folder().toString(), windowSets.get(i), window.get(i).manifest().options().control() != null));
        }
        RunValues now = RunValues.of(outDir.toString(), ResultsLoader.load(List.of(outDir)), control != null);
        boolean judging = window.size() >= HistoryJudge.MIN_RUNS;
        List<JudgedRow> rows = judging ? judge.judge(past, now) : List.of();
        HistoryVerdict.RatioRule ratio = null;
        if (control != null) {
            HistoryJudge ratioJudge = new HistoryJudge(g.falseAlarm, g.ratioThreshold);
            ratio = new HistoryVerdict.RatioRule(ratioJudge, judging ? ratioJudge.judge(past.stream().map(RunValues::ratios).toList(), now.ratios())
                    : List.of(), now.control().unpaired());
        }
        boolean failOnAbsolute = g.options.failOn == CompareOptions.FailOn.absolute;
        HistoryVerdict v = new HistoryVerdict(g.history.toString(), window.size(), g.window,
                window.isEmpty() ? "" : window.get(0).manifest().started(), window.isEmpty() ? "" : window.get(window.size() - 1).manifest().started(),
                judge, rows, ratio, noControl, failOnAbsolute);
        String text = HistoryText.render(v);
        g.out().println();
        g.out().print(text);

        long regressions = v.counted(Verdict.REGRESSION), improvements = v.counted(Verdict.IMPROVEMENT);
        int rc = g.options.exitCode(regressions, improvements);
        write(outDir.resolve("gate").resolve("gate.txt"), text);
        write(outDir.resolve("gate").resolve(GateJson.FILE), GateJson.render(v, g.options.failOn.name(), g.finalCode(rc, failed)));
        if (!v.absoluteDecides() && v.count(Verdict.REGRESSION) > 0) {
            g.out().println("durabench gate: the absolute rule flags " + v.count(Verdict.REGRESSION) + " regression(s): the machine's, not counted"
                    + " (--fail-on absolute counts them)");
        }
        if (rc != 0) {
            g.err().println("durabench gate: FAILED: " + regressions + " regression(s), " + improvements + " improvement(s)"
                    + (v.ratio() == null ? "" : " in the ratio to the control" + (failOnAbsolute ? " or the absolute values" : ""))
                    + " against the history " + g.history + " (--fail-on " + g.options.failOn + ")");
        }
        admit(h, outDir, v, failed);
        return g.finish(rc, failed, "against the history " + g.history);
    }

    /** The control design needs the C twin, found or built before anything runs. */
    private void requireTwin() {
        try {
            io.durabench.lockstep.NativeSide.twin();
        } catch (IllegalStateException e) {
            throw new UsageException("the gate's control is each row's C twin: " + e.getMessage() + "; or judge absolute values only with --control none"
                    + " (an empty history, or --start-over)");
        }
    }

    /** A run joins the history unless a row regressed on either rule or a cell FAILED (unjudged while the history is short). */
    private void admit(History h, Path outDir, HistoryVerdict v, boolean failed) {
        String why = g.noAdmit ? "--no-admit" : failed ? "a cell FAILED" : v.regressions() > 0 ? "it was flagged as a regression ("
                + HistoryText.summary(v) + "); a deliberate change starts a new history with --start-over" : null;
        if (why != null) {
            g.out().println("durabench gate: not added to the history: " + why);
            return;
        }
        Path at = h.admit(outDir);
        g.out().println("durabench gate: added to the history as " + at + (v.tooShort() ? " (" + (v.runs() + 1) + " of the "
                + HistoryJudge.MIN_RUNS + " runs it takes before it judges)" : ""));
    }

    /** An empty history: --profile (default quick) and the JMH options given, on the launcher's JVM. */
    private GateCommand.Rerun firstRun() {
        Profile p = RunCommand.parseProfile(g.profile == null || g.profile.isBlank() ? "quick" : g.profile);
        List<String> args = List.copyOf(g.positional);
        return new GateCommand.Rerun(p, args, GateCommand.jmhSettings(p, args, "JMH options"), List.of(JvmSlot.launcher()),
                new RunManifest.Options(false, true).withControl(controlOfEmptyHistory()));
    }

    /** --control of an empty history: c-twin unless none is asked for. */
    private String controlOfEmptyHistory() {
        if (g.control == null || g.control.isBlank() || g.control.equals(RunManifest.Options.C_TWIN)) return RunManifest.Options.C_TWIN;
        if (g.control.equals("none")) return null;
        throw new UsageException("--control " + g.control + ": give c-twin (each row beside its C twin, the default) or none (absolute values only)");
    }

    /** A history with runs: their settings; a different --profile or JMH options would make a different history. */
    private GateCommand.Rerun later(History.Run newest, List<String> notes) {
        GateCommand.Rerun r = g.rerunOf(newest.folder(), newest.manifest(), "the history's newest run");
        if (!g.positional.isEmpty() && !g.positional.equals(r.jmhArgs())) {
            throw new UsageException("the history " + g.history + " was measured with JMH options " + r.jmhArgs() + ", not " + g.positional
                    + ": leave them out, or start a new history with --start-over");
        }
        String theirs = r.runOptions().control() == null ? "none" : r.runOptions().control();
        if (g.control != null && !g.control.isBlank() && !g.control.equals(theirs)) {
            throw new UsageException("the history " + g.history + " was measured with --control " + theirs + ", not " + g.control
                    + ": leave it out, or start a new history with --start-over");
        }
        if (g.profile != null && !g.profile.isBlank() && !g.profile.equalsIgnoreCase(r.profile().label())) {
            notes.add("# note: the history's runs were measured with profile " + r.profile().label() + ", which this run repeats; --profile "
                    + g.profile + " applies to an empty history only");
        }
        return r;
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
