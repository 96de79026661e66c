package io.durabench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.child.ChildJvm;
import io.durabench.child.JvmFlags;
import io.durabench.child.JvmProbe;
import io.durabench.env.JvmFacts;
import io.durabench.nativeio.FfmPackaging;
import io.durabench.nativeio.NativeLayer;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Temurin 25 running the jar under test, where both native layers can run: what the tests that hold
 * the two layers to the same behaviour need. Skips, saying why, when this machine has no Temurin 25 or
 * the jar was built without the java.lang.foreign layer (Maven on JDK 17 without -Pffm-toolchain); the
 * tests run in failsafe, since only the multi-release jar carries that layer where a JVM loads it.
 */
public final class FfmJvm {
    private final JvmFacts jvm;
    private final Path jar;

    private FfmJvm(JvmFacts jvm, Path jar) {
        this.jvm = jvm;
        this.jar = jar;
    }

    /** Call first in the test (or @BeforeEach). */
    public static FfmJvm require() {
        TestJdks.Result found = TestJdks.find("temurin25");
        assumeTrue(found.jdk().isPresent(), found.whyMissing());
        Path jar = CliProcess.jar();
        assumeTrue(FfmPackaging.carriedBy(jar.toString()), () -> jar + " has no java.lang.foreign layer (it was built by Maven on JDK 17"
                + " alone): build it with JAVA_HOME on a JDK 22+, or mvn -Pffm-toolchain with a JDK 22+ in ~/.m2/toolchains.xml, as .ci/run does");
        return new FfmJvm(JvmProbe.of(found.jdk().get().java()), jar);
    }

    public JvmFacts jvm() {
        return jvm;
    }

    public Path jar() {
        return jar;
    }

    /** The jar, then this JVM's test classes: for a child that runs a test's own main class. */
    public String classpathWithTests() {
        String tests = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.endsWith("test-classes")).findFirst().orElseThrow(() -> new IllegalStateException("no test-classes on the classpath"));
        return jar + File.pathSeparator + tests;
    }

    /** {@code main} in Temurin 25 on {@code layer}, with the flags our JVMs get there (deny for ffm), on the jar and the test classes. */
    public ChildJvm child(Class<?> main, NativeLayer.Kind layer, List<String> args) {
        return new ChildJvm(List.of(), jvm.java(), JvmFlags.ours(jvm.feature(), layer), List.of("-XX:-UsePerfData"), classpathWithTests(),
                main.getName(), args);
    }
}
