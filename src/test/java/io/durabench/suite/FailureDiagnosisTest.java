package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.child.ChildJvm;
import io.durabench.child.JvmProbe;
import io.durabench.testing.TestJdks;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failed cell says why in one line: the benchmark's exception, or which JDK setting refused which library. */
class FailureDiagnosisTest {

    @Test
    void theBenchmarksOwnExceptionIsTheReason() {
        String jmh = "# Fork: 1 of 1\nIteration   1: <failure>\n\nio.durabench.nativeio.NativeCallException: fdatasync failed: EIO (I/O error)"
                + " on /mnt/x/durabench-fdatasync-1.log\n\tat io.durabench.nativeio.NativeFile.fdatasync(NativeFile.java:60)\n";
        assertEquals("fdatasync failed: EIO (I/O error) on /mnt/x/durabench-fdatasync-1.log",
                FailureDiagnosis.explain(jmh, "Benchmark error during the run", List.of("true")));
        String other = "Iteration   1: <failure>\n\njava.lang.IllegalArgumentException: targetDir /x is not a writable directory\n";
        assertEquals("IllegalArgumentException: targetDir /x is not a writable directory",
                FailureDiagnosis.explain(other, "Benchmark error during the run", List.of("true")));
    }

    @Test
    void aForkThatDiedSilentlyIsExplainedByTheForkCheck() {
        String trace = "Exception in thread \"main\" java.lang.ExceptionInInitializerError\n"
                + "Caused by: java.lang.RuntimeException: java.lang.UnsupportedOperationException: putLong\n"
                + "Caused by: java.lang.UnsupportedOperationException: putLong\n"
                + "\tat jdk.unsupported/sun.misc.Unsafe.beforeMemoryAccessSlow(Unsafe.java:1822)\n"
                + "\tat com.kenai.jffi.UnsafeMemoryIO$UnsafeMemoryIO64.putAddress(UnsafeMemoryIO.java:147)\n";
        String why = FailureDiagnosis.refusal(trace, List.of("java", "--sun-misc-unsafe-memory-access=allow",
                "--sun-misc-unsafe-memory-access=deny", "-cp", "x", "Main"));
        assertEquals("--sun-misc-unsafe-memory-access=deny: this JDK refuses sun.misc.Unsafe memory access and jffi/jnr"
                + " (durabench's native layer) needs it; drop that option or set it to allow (UnsupportedOperationException: putLong)", why);
    }

    /** ForkCheck for real, in a JDK 23+ (Temurin 25) whose fork got the option that refuses jffi: the option is named; without it, the check passes. */
    @Test
    void theForkCheckInTheCellsJvmNamesTheOptionThatStoppedIt() {
        TestJdks.Result found = TestJdks.find("temurin25");
        assumeTrue(found.jdk().isPresent(), found.whyMissing());
        ChildJvm check = ChildJvm.of(JvmProbe.of(found.jdk().get().java()), ForkCheck.class);
        String jmh = "# Fork: 1 of 1\n<forked VM failed with exit code 1>\n";
        String refused = FailureDiagnosis.explain(jmh, "x", check.withJvmArgs(List.of("--sun-misc-unsafe-memory-access=deny")).command());
        assertTrue(refused.startsWith("the benchmark JVM exited with code 1 before reporting: --sun-misc-unsafe-memory-access=deny: this JDK"
                + " refuses sun.misc.Unsafe memory access and jffi/jnr (durabench's native layer) needs it; drop that option or set it to allow"
                + " (UnsupportedOperationException: "), refused);
        assertEquals("the benchmark JVM exited with code 1 before reporting (it printed nothing; see jmh-log.txt)",
                FailureDiagnosis.explain(jmh, "x", check.command()));
    }

    @Test
    void aForkKilledFromOutsideIsSaidToBeKilledWithoutBlamingItsFlags() {
        String jmh = "# Fork: 1 of 1\n<forked VM failed with exit code 137>\n<stdout last='20 lines'>\n</stdout>\n";
        // A JVM killed from outside was not refused by its flags: the message says so without a fork check.
        assertEquals("the benchmark JVM was killed with SIGKILL (exit code 137: by a user, or the kernel's out-of-memory killer, see dmesg)",
                FailureDiagnosis.explain(jmh, "Forked VM failed with exit code 137", List.of("/bin/false")));
        assertTrue(FailureDiagnosis.explain(jmh.replace("137", "143"), "x", List.of("/bin/false")).contains("SIGTERM"));
        assertTrue(FailureDiagnosis.explain(jmh.replace("137", "130"), "x", List.of("/bin/false")).contains("SIGINT"));
        assertEquals(null, FailureDiagnosis.stoppedFromOutside(1));
    }

    @Test
    void nothingToGoOnFallsBackToJmhsMessage() {
        assertTrue(FailureDiagnosis.explain("", "Unable to extract forked JVM properties", List.of("true"))
                .startsWith("JMH run failed: Unable to extract"));
    }
}
