package io.durabench.compare;

import io.durabench.results.Units;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds a {@link Comparison} from paired result sets: checks each target's fingerprint (refusing
 * what makes the comparison meaningless), measures the A/A noise floor per row from the A/A pairs,
 * matches rows, tests them all as one sweep (one Holm family: a gate must not cry wolf on any row),
 * and, where a group's baseline itself changed, the absolute durability costs.
 */
public final class ComparisonBuilder {
    private final String base;
    private final String candidate;
    private final List<SetPair> pairs;
    private final List<SetPair.AaPair> extraAaPairs;
    private final List<String> notes;

    /**
     * @param base         BASE in words, for the header
     * @param candidate    CANDIDATE in words
     * @param extraAaPairs A/A pairs from separate runs ({@code --aa A A2}), besides those inside the pairs
     * @param notes        what the caller did that the reader should know (slots pooled, slot 1 vs slot 2)
     */
    public ComparisonBuilder(String base, String candidate, List<SetPair> pairs, List<SetPair.AaPair> extraAaPairs, List<String> notes) {
        this.base = base;
        this.candidate = candidate;
        this.pairs = List.copyOf(pairs);
        this.extraAaPairs = List.copyOf(extraAaPairs);
        this.notes = List.copyOf(notes);
    }

    /** @param settings threshold, α and confidence; the noise floor is measured here from the A/A pairs */
    public Comparison compare(CompareSettings settings, Set<FingerprintKey> allowed) {
        boolean several = pairs.size() > 1;
        Map<String, FingerprintCheck> checks = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>(this.notes);
        for (SetPair p : pairs) {
            FingerprintCheck check = FingerprintCheck.of(Fingerprint.of(p.base()), Fingerprint.of(p.candidate()), allowed);
            check.requireComparable(several ? "BASE and CANDIDATE on " + p.label() : "BASE and CANDIDATE");
            checks.put(p.label(), check);
            String unknown = unknownEnvironment(check);
            if (unknown != null) notes.add((several ? p.label() + ": " : "") + unknown);
        }
        List<String> aaText = new ArrayList<>();
        NoiseFloor floor = noiseFloor(several, aaText, notes);
        CompareSettings withFloor = settings.withNoiseFloor(floor);

        List<ComparedRow> rows = new ArrayList<>();
        List<RowInput> inputs = new ArrayList<>();
        List<Integer> inputRows = new ArrayList<>();
        for (SetPair p : pairs) {
            String target = several ? p.label() : null;
            SideRows b = SideRows.of(p.base()), c = SideRows.of(p.candidate());
            boolean sameRounds = sameRounds(p);
            LockStepInputs lockStep = LockStepInputs.of(p);
            for (SideRows.Row row : b.rows()) {
                SideRows.Row other = c.row(row.key().id());
                if (other == null) {
                    rows.add(oneSided(target, row, ComparedRow.Status.ONLY_IN_BASE, ComparedRow.whyMissing("candidate", c.whyMissing(row.key()))));
                    continue;
                }
                String name = target == null ? row.key().name() : target + ": " + row.key().name();
                RowInput lockStepInput = lockStep == null ? null : lockStep.input(name, row);
                Matched m = lockStepInput != null ? new Matched(lockStepInput, null) : match(name, row, other, sameRounds);
                if (m.problem != null) {
                    rows.add(new ComparedRow(target, row.key(), ComparedRow.Status.NOT_COMPARED, row.unit(), row.scores(), other.scores(),
                            null, Double.NaN, Double.NaN, m.problem));
                    continue;
                }
                inputRows.add(rows.size());
                inputs.add(m.input);
                rows.add(new ComparedRow(target, row.key(), ComparedRow.Status.COMPARED, row.unit(), row.scores(), other.scores(),
                        null, Double.NaN, Double.NaN, null));
            }
            for (SideRows.Row row : c.rows()) {
                if (b.row(row.key().id()) == null) {
                    rows.add(oneSided(target, row, ComparedRow.Status.ONLY_IN_CANDIDATE, ComparedRow.whyMissing("base", b.whyMissing(row.key()))));
                }
            }
        }
        if (inputs.isEmpty()) throw nothingInCommon(rows);
        SweepComparison sweep = SweepComparison.of(inputs, withFloor);
        double[] q = sweep.benjaminiHochbergQ();
        Map<String, RowInput> inputByName = new HashMap<>();
        Map<String, ComparedRow> comparedById = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            ComparedRow r = rows.get(inputRows.get(i));
            ComparedRow done = new ComparedRow(r.target(), r.key(), r.status(), r.unit(), r.base(), r.candidate(), sweep.rows().get(i), q[i],
                    floor.percentFor(r.name()), null);
            rows.set(inputRows.get(i), done);
            inputByName.put(done.name(), inputs.get(i));
            comparedById.put(done.target() + "|" + done.key().id(), done);
        }
        List<CostChangeRow> costs = costChanges(rows, comparedById, inputByName, withFloor.confidence());
        return new Comparison(base, candidate, checks, notes, aaText, withFloor, rows, sweep, costs);
    }

    /** The A/A floor of every row: its |change| between the two runs of each A/A pair, the largest when there are several. */
    private NoiseFloor noiseFloor(boolean several, List<String> aaText, List<String> notes) {
        Map<String, Double> byRow = new LinkedHashMap<>();
        List<SetPair.AaPair> all = new ArrayList<>();
        pairs.forEach(p -> all.addAll(p.aaPairs()));
        all.addAll(extraAaPairs);
        for (SetPair.AaPair aa : all) {
            SideRows a = SideRows.of(aa.a()), b = SideRows.of(aa.b());
            List<RowInput> inputs = new ArrayList<>();
            for (SideRows.Row row : a.rows()) {
                SideRows.Row other = b.row(row.key().id());
                if (other == null) continue;
                Matched m = match(several ? aa.label() + ": " + row.key().name() : row.key().name(), row, other, false);
                if (m.input != null) inputs.add(m.input);
            }
            if (inputs.isEmpty()) {
                notes.add("A/A pair " + aa.description() + " shares no row with itself across its two runs: no noise floor from it");
                continue;
            }
            aaText.add(aa.description());
            NoiseFloor.of(inputs).byRow().forEach((row, pct) -> byRow.merge(row, pct, Math::max));
        }
        return byRow.isEmpty() ? NoiseFloor.NONE : new NoiseFloor(byRow, Double.NaN);
    }

    private List<CostChangeRow> costChanges(List<ComparedRow> rows, Map<String, ComparedRow> comparedById, Map<String, RowInput> inputs,
                                            double confidence) {
        List<CostChangeRow> costs = new ArrayList<>();
        for (ComparedRow r : rows) {
            if (r.comparison() == null || BaselineIds.isBaseline(r.key())) continue;
            ComparedRow baseline = BaselineIds.idsFor(r.key()).stream().map(id -> comparedById.get(r.target() + "|" + id))
                    .filter(b -> b != null).findFirst().orElse(null);
            if (baseline == null || !baseline.verdict().counts()) continue;
            // Named by their labels inside the group: "the ratio FDATASYNC/NONE", not two full row names.
            DurabilityCostChange change = DurabilityCostChange.of(inputs.get(r.name()).renamed(r.key().label()),
                    inputs.get(baseline.name()).renamed(baseline.key().label()), baseline.comparison(), confidence);
            costs.add(new CostChangeRow(r.target(), r.key().groupLabel(), r.key().label(), baseline.key().label(), timePerOpUnit(r.unit()), change));
        }
        return costs;
    }


    /** A row's RowInput, the candidate converted into the base's unit; or why the two cannot be compared. */
    private record Matched(RowInput input, String problem) {
    }

    /**
     * Whether the two sides are two slots of one run measured in rounds: then a row's k-th fork on
     * each side ran in round k, seconds apart, and the forks may pair (a row whose fork counts differ,
     * a round FAILED on one side, does not).
     */
    private static boolean sameRounds(SetPair p) {
        if (p.base().size() != 1 || p.candidate().size() != 1) return false;
        java.nio.file.Path b = p.base().get(0).folder(), c = p.candidate().get(0).folder();
        if (JvmSlots.slotNumber(b).isEmpty() || JvmSlots.slotNumber(c).isEmpty() || b.equals(c)) return false;
        java.nio.file.Path target = JvmSlots.targetFolder(p.base().get(0));
        return target.equals(JvmSlots.targetFolder(p.candidate().get(0))) && target.getParent() != null
                && JvmSlots.roundsOf(target.getParent()) > 1;
    }

    private static Matched match(String name, SideRows.Row base, SideRows.Row candidate, boolean sameRounds) {
        Direction direction;
        try {
            direction = Direction.ofUnit(base.unit());
        } catch (IllegalArgumentException e) {
            return new Matched(null, e.getMessage());
        }
        double factor = conversion(base.unit(), candidate.unit(), direction);
        if (Double.isNaN(factor)) {
            return new Matched(null, "units differ: " + base.unit() + " in base, " + candidate.unit() + " in candidate");
        }
        double[] c = candidate.scores().values();
        for (int i = 0; i < c.length; i++) c[i] *= factor;
        try {
            boolean byRound = sameRounds && base.scores().forksAreReplicates() && c.length == base.scores().values().length
                    && base.scores().forks() == candidate.scores().forks();
            return new Matched(new RowInput(name, base.scores().values(), c, direction, byRound), null);
        } catch (IllegalArgumentException e) {
            return new Matched(null, e.getMessage());
        }
    }

    /** What a candidate score in {@code from} is multiplied by to be in {@code to}; NaN when the units do not convert. */
    static double conversion(String to, String from, Direction direction) {
        if (to.equals(from)) return 1;
        try {
            if (Direction.ofUnit(from) != direction) return Double.NaN;
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
        double microsTo = Units.toMicrosPerOp(1, to), microsFrom = Units.toMicrosPerOp(1, from);
        return direction == Direction.LOWER_IS_BETTER ? microsFrom / microsTo : microsTo / microsFrom;
    }

    /** "us/op" stays; a throughput's cost is time per op: "ops/s" → "s/op". */
    private static String timePerOpUnit(String unit) {
        return unit.startsWith("ops/") ? unit.substring("ops/".length()) + "/op" : unit;
    }

    private static ComparedRow oneSided(String target, SideRows.Row row, ComparedRow.Status status, String note) {
        boolean inBase = status == ComparedRow.Status.ONLY_IN_BASE;
        return new ComparedRow(target, row.key(), status, row.unit(), inBase ? row.scores() : null, inBase ? null : row.scores(),
                null, Double.NaN, Double.NaN, note);
    }

    private static String unknownEnvironment(FingerprintCheck check) {
        boolean b = check.base().hasEnvironment(), c = check.candidate().hasEnvironment();
        if (b && c) return null;
        String facts = check.unknown().stream().filter(FingerprintKey::fromEnvironmentOnly).map(FingerprintKey::key)
                .collect(Collectors.joining(", "));
        String who = !b && !c ? "neither side has an environment.json" : (b ? "CANDIDATE" : "BASE") + " has no environment.json";
        return who + " (a plain JMH file): " + facts
                + " unknown, so not checked; compared on what the JMH files record (JDK, JMH version, forks, iterations and their times)";
    }

    private static NotComparableException nothingInCommon(List<ComparedRow> rows) {
        long onlyBase = rows.stream().filter(r -> r.status() == ComparedRow.Status.ONLY_IN_BASE).count();
        long onlyCandidate = rows.stream().filter(r -> r.status() == ComparedRow.Status.ONLY_IN_CANDIDATE).count();
        List<ComparedRow> notCompared = rows.stream().filter(r -> r.status() == ComparedRow.Status.NOT_COMPARED).toList();
        if (!notCompared.isEmpty()) {
            return new NotComparableException("no row can be compared: " + notCompared.get(0).name() + ": " + notCompared.get(0).note());
        }
        return new NotComparableException("BASE and CANDIDATE have no row in common (" + onlyBase + " rows only in BASE, " + onlyCandidate
                + " only in CANDIDATE): rows match on benchmark, mode, threads and parameters other than the target directory");
    }
}
