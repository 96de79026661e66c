package io.durabench.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.child.ChildProcess;
import io.durabench.testing.TestJdks;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Durabench without its java.lang.foreign layer on a JDK that could use one (a jar built on JDK 17
 * alone; here the test classpath, whose target/classes folder a JVM never reads META-INF/versions
 * from): Temurin 25 says so in one line on stderr and works on jnr; asked for ffm, it refuses in one line.
 */
class WithoutFfmTest {
    @Test
    void temurin25SaysInOneLineThatItRunsOnJnrAndWorks() {
        ChildProcess.Exit exit = run(List.of());
        assertEquals(0, exit.code(), exit.describe());
        assertEquals(List.of("jnr true"), exit.stdout());
        assertEquals(List.of("durabench: this durabench was built without its java.lang.foreign layer (Maven had no JDK 22+), so JDK 25 runs"
                + " it on jnr-posix (rebuild it with JAVA_HOME on a JDK 22+, or with mvn -Pffm-toolchain)"), exit.stderr());
    }

    @Test
    void askedForFfmItRefusesInOneLine() {
        ChildProcess.Exit exit = run(List.of("-Ddurabench.native=ffm"));
        assertEquals(1, exit.code(), exit.describe());
        assertEquals("Caused by: io.durabench.nativeio.LayerRefusal: -Ddurabench.native=ffm: this durabench was built without its java.lang.foreign"
                + " layer (Maven had no JDK 22+): rebuild it with JAVA_HOME on a JDK 22+, or with mvn -Pffm-toolchain, or use jnr",
                exit.stderr().stream().filter(l -> l.contains("LayerRefusal")).findFirst().orElse(String.join("\n", exit.stderr())));
    }

    private static ChildProcess.Exit run(List<String> options) {
        TestJdks.Result found = TestJdks.find("temurin25");
        assumeTrue(found.jdk().isPresent(), found.whyMissing());
        List<String> cmd = new java.util.ArrayList<>(List.of(found.jdk().get().java().toString(), "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-XX:-UsePerfData"));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), LayerOfThisJvm.class.getName()));
        try (ChildProcess p = ChildProcess.start(cmd, "a JVM without the java.lang.foreign layer")) {
            return p.await(Duration.ofSeconds(60));
        }
    }
}
