package io.durabench.testing;

import io.durabench.nativeio.LayerChoice;
import io.durabench.nativeio.NativeLayer;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The native layer an integration test runs the CLI on: the one failsafe's execution gives the test JVM
 * with {@code -Ddurabench.native} (its reliability-again execution: jnr when Maven runs on JDK 22+), which
 * the CLI's JVM is then given too, else the default of the test's JDK with the jar under test.
 */
public final class TestLayer {
    private static final String PROPERTY = LayerChoice.PROPERTY;

    private TestLayer() {
    }

    /** The execution's {@code -Ddurabench.native=...} for the CLI, when it names a layer. */
    public static Optional<String> option() {
        String v = System.getProperty(PROPERTY);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of("-D" + LayerChoice.PROPERTY + "=" + v.strip());
    }

    /** The layer the CLI gets from {@code jar} on this JVM. */
    public static NativeLayer.Kind of(Path jar) {
        String v = System.getProperty(PROPERTY);
        return LayerChoice.forChild(v == null || v.isBlank() ? null : v.strip(), Runtime.version().feature(), jar.toString());
    }
}
