package io.durabench.report;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a design review asks first, for one benchmark family: durable methods (rows) x targets
 * (columns) at the family's centre cell, each cell the row of that method on that target, the
 * fastest set per target (the lowest mean and every method not resolved slower than it: ties stay
 * ties), and below a rule the methods that are not durable, with their reasons. Targets with no
 * stable storage are not columns (nothing is durable there) but are named in {@code leftOut}.
 *
 * @param family      the family's short name (its {@code BenchmarkFamily.simpleName()})
 * @param centre      the fixed parameters of the centre cell, in words ("8 KiB, 1 write per sync, prealloc NONE")
 * @param unit        what one figure is ("µs per write")
 * @param replication forks x iterations behind the intervals ("1 fork x 5 iterations", or a range)
 * @param betweenForks true when every interval in the table varies between forks (else nothing can be resolved apart)
 * @param lockStep     per target with lock-step figures against the run's reference at the centre: those figures and
 *                     the fastest set decided on them (which is then the one marked); targets without keep the rounds' set
 */
public record DecisionTable(String family, String centre, String unit, String replication, boolean betweenForks,
                            List<Context> targets, List<Line> durable, List<Line> notDurable, List<Context> leftOut,
                            Map<Context, LockStepColumn> lockStep) {

    /** One method: its row per target (absent where it was not measured there) and the targets where it is in the fastest set. */
    public record Line(String method, Map<Context, ReportRow> rows, Set<Context> fastestIn) {
        public ReportRow on(Context target) {
            return rows.get(target);
        }
    }

    /** Whether the fastest set on a target was decided on lock-step figures. */
    public boolean decidedInLockStep(Context target) {
        return lockStep.containsKey(target);
    }

    /** The fastest set on a target, in table order. */
    public List<Line> fastestOn(Context target) {
        return durable.stream().filter(l -> l.fastestIn().contains(target)).toList();
    }

    /** Durable methods measured on a target. */
    public List<Line> durableOn(Context target) {
        return durable.stream().filter(l -> l.on(target) != null && l.on(target).measured()).toList();
    }
}
