package io.durabench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's "Layers" table, checked on the compiled classes of src/main and src/jmh: a package uses only
 * packages on floors below its own, a sub-package on its parent's floor uses its floor-mates only as the table lists,
 * and no packages use each other in a circle. A package the table does not name fails until it is given a floor.
 */
class LayeringTest {

    private static final String ROOT = "io.durabench.";

    /** Each top-level package's floor, as in the table (floor, then its packages); a sub-package stands on its parent's floor. */
    private static final Map<String, Integer> FLOORS = floors("""
            7 cli
            6 pg etcd gate suite fleet
            5 report compare soak
            4 lockstep witness bench slo selection
            3 catalogue lab trace
            2 results child workload format output
            1 nativeio jdkio stats env expectation chart
            0 errno
            """);

    /** The uses the table allows between packages of one floor: a report stage's, compare.render's, workload's. */
    private static final Map<String, Set<String>> SAME_FLOOR = Map.of(
            "report.analysis", Set.of("report"),
            "report.chart", Set.of("report", "report.analysis"),
            "report.slo", Set.of("report", "report.analysis"),
            "report.render", Set.of("report", "report.analysis", "report.chart"),
            "compare.render", Set.of("compare"),
            "workload", Set.of("workload.ownership"),
            "workload.groupcommit", Set.of("workload"),
            "trace.block", Set.of("trace"));

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // JMH's generated harness for the bench classes: not ours to layer.
                .withImportOption(location -> !location.contains("/jmh_generated/"))
                .importPackages("io.durabench");
    }

    @Test
    void everyPackageUsesOnlyFloorsBelowItsOwn() {
        classes().should(useOnlyLowerFloors()).check(main);
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        slices().matching("io.durabench.(**)").should().beFreeOfCycles().check(main);
    }

    private static ArchCondition<JavaClass> useOnlyLowerFloors() {
        return new ArchCondition<>("use only packages on floors below their own (docs/architecture.md, Layers)") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                String from = packageOf(origin);
                if (from == null || floor(from) == null) {
                    events.add(SimpleConditionEvent.violated(origin, origin.getPackageName()
                            + " has no floor in the table: " + origin.getName()));
                    return;
                }
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    String to = packageOf(dependency.getTargetClass());
                    if (to == null || to.equals(from) || allowed(from, to)) continue;
                    events.add(SimpleConditionEvent.violated(dependency, from + " (floor " + floor(from) + ") uses "
                            + to + " (floor " + floor(to) + "): " + dependency.getDescription()));
                }
            }
        };
    }

    private static boolean allowed(String from, String to) {
        Integer floorTo = floor(to);
        if (floorTo == null) return false;
        int floorFrom = floor(from);
        if (floorTo < floorFrom) return true;
        return floorTo == floorFrom && SAME_FLOOR.getOrDefault(from, Set.of()).contains(to);
    }

    /** The package below io.durabench ("report.chart"), or null for a class outside durabench. */
    private static String packageOf(JavaClass type) {
        String name = type.getBaseComponentType().getPackageName();
        return name.startsWith(ROOT) ? name.substring(ROOT.length()) : null;
    }

    private static Integer floor(String pkg) {
        int dot = pkg.indexOf('.');
        return FLOORS.get(dot < 0 ? pkg : pkg.substring(0, dot));
    }

    private static Map<String, Integer> floors(String table) {
        Map<String, Integer> floors = new java.util.HashMap<>();
        for (String line : table.strip().split("\n")) {
            String[] words = line.strip().split("\\s+");
            for (int i = 1; i < words.length; i++) floors.put(words[i], Integer.parseInt(words[0]));
        }
        return Map.copyOf(floors);
    }
}
