package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.env.JvmFacts;
import io.durabench.results.RunManifest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slots a run.json recorded, made again for --resume and the gate (one piece both use). */
class JvmSlotTest {
    private static final String THIS_JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void aRunThatNamedNoJvmIsRepeatedOnTheLaunchersJvmInTheFlatLayout() {
        List<JvmSlot> slots = JvmSlot.recorded(manifest(List.of()));
        assertEquals(1, slots.size());
        assertNull(slots.get(0).label(), "no slot folder: the results stay in the target's folder");
        assertTrue(slots.get(0).facts().isCurrent());
    }

    @Test
    void recordedSlotsKeepTheirLabelsAndOrderSoResultsLandInTheSameFolders() {
        String version = JvmFacts.current().version();
        List<JvmSlot> slots = JvmSlot.recorded(manifest(List.of(new RunManifest.Jvm("jvm1-" + version, THIS_JAVA, version),
                new RunManifest.Jvm("jvm2-" + version, THIS_JAVA, version))));
        assertEquals(List.of("jvm1-" + version, "jvm2-" + version), slots.stream().map(JvmSlot::label).toList());
        assertEquals(version, slots.get(1).facts().version(), "the JVM is asked again, not trusted from the file");
    }

    @Test
    void aRecordedJvmThatIsGoneIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JvmSlot.recorded(manifest(List.of(new RunManifest.Jvm("jvm1-17", "/nonexistent/bin/java", "17")))));
        assertTrue(e.getMessage().contains("/nonexistent/bin/java"), e.getMessage());
    }

    private static RunManifest manifest(List<RunManifest.Jvm> jvms) {
        return RunManifest.starting("quick", "2026-12-01T00:00:00Z", List.of(), 3, 1L, List.of(new RunManifest.Target("/d", "d")), jvms,
                List.of(), RunManifest.Options.DEFAULT);
    }
}
