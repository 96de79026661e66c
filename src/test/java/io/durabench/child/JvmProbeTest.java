package io.durabench.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.env.JvmFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM asked what it is: this one by its home, and scripts standing in for a java that fails, hangs or is no JVM. */
class JvmProbeTest {
    @TempDir
    Path dir;

    @Test
    void thisJvmByItsHomeSaysWhatItIs() {
        JvmFacts f = JvmProbe.of(Path.of(System.getProperty("java.home")));
        assertEquals(System.getProperty("java.version"), f.version());
        assertEquals(Runtime.version().feature(), f.feature());
        assertTrue(f.isCurrent(), f.toString());
    }

    @Test
    void aFileThatIsNotExecutableIsNamedWithTheFix() throws Exception {
        Path notJava = Files.writeString(dir.resolve("java"), "text");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmProbe.of(notJava));
        assertEquals("--jvm " + notJava + " is not an executable java: pass a JDK's bin/java or its home", e.getMessage());
    }

    @Test
    void aJavaThatFailsIsNamedWithItsFirstLine() throws Exception {
        Path java = script("echo; echo 'Error: could not find libjvm.so' >&2; exit 1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmProbe.of(java));
        assertEquals("--jvm " + java + " did not start as a JVM (Error: could not find libjvm.so): pass a JDK's bin/java or its home",
                e.getMessage());
    }

    @Test
    void aJavaThatPrintsMuchAndHangsIsKilledAtTheLimit() throws Exception {
        Path java = script("seq 1 200000; echo 'still starting' >&2; sleep 600");
        long start = System.nanoTime();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmProbe.of(java, Duration.ofSeconds(1)));
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos(), "the limit fires although stdout is still open");
        assertTrue(e.getMessage().startsWith("--jvm " + java + " did not start as a JVM (" + java
                + " -XshowSettings:properties -version did not finish within 1 s; killed it (its stderr: "), e.getMessage());
        assertTrue(e.getMessage().contains("still starting"), e.getMessage());
    }

    @Test
    void aProgramThatPrintsNoPropertiesIsNotAJava() throws Exception {
        Path java = script("echo hello");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmProbe.of(java));
        assertEquals("--jvm " + java.toAbsolutePath() + " printed no java properties: is it a JDK's java?", e.getMessage());
    }

    private Path script(String body) throws Exception {
        Path f = dir.resolve("java");
        Files.writeString(f, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f;
    }
}
