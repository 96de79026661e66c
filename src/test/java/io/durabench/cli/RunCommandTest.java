package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** `durabench run` input checks that need no JMH run: one line, exit 2, nothing written. */
class RunCommandTest {

    @Test
    void aPatternMatchingNothingInTheProfileIsAUsageError() throws Exception {
        assertRefused("no benchmark of the quick profile matches", "--dir", "/dev/shm", "--", "GroupCommit");
    }

    @Test
    void anUnknownProfileIsAUsageError() throws Exception {
        assertRefused("unknown --profile 'huge'", "--dir", "/dev/shm", "--profile", "huge");
    }

    @Test
    void aBadPassThroughJmhOptionIsAUsageError() throws Exception {
        assertRefused("bad JMH option", "--dir", "/dev/shm", "--", "-f", "lots");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "a kernel pseudo-filesystem| --dir /proc",
            "a kernel pseudo-filesystem| --dir /sys/kernel",
            "does not exist or is not a directory| --dir pom.xml",
            "does not exist or is not a directory| --dir /no/such/dir",
            "syncMethod=BOGUS is unknown| --dir /dev/shm -- -p syncMethod=BOGUS",
            "blockSizeBytes=0 is out of range| --dir /dev/shm -- -p blockSizeBytes=0",
            "blockSizeBytes=-8192 is out of range| --dir /dev/shm -- -p blockSizeBytes=-8192",
            "blockSizeBytes=99999999999 is out of range| --dir /dev/shm -- -p blockSizeBytes=99999999999",
            "blockSizeBytes=abc is not a whole number| --dir /dev/shm -- -p blockSizeBytes=abc",
            "preallocation=NOPE is unknown| --dir /dev/shm -- -p preallocation=NOPE",
            "no durabench benchmark has that parameter| --dir /dev/shm -- -p queueDepth=4",
            "commitSiblings=x is not a whole number| --dir /dev/shm -- -p commitSiblings=x",
            "--repeat 0| --dir /dev/shm --repeat 0",
            "is not an executable java| --dir /dev/shm --jvm /no/such/java",
            "--dir and --lab together| --dir /dev/shm --lab ext4",
            "-jvm (a JMH option) and --jvm together| --dir /dev/shm --jvm /usr/lib/jvm/java-17-openjdk-amd64 -- -jvm /usr/bin/java",
            "--resume takes the settings of the run it resumes| --resume /dev/shm",
            "after --, a lock-step run takes only benchmark patterns and -p NAME=VALUES (fork pairs: --forks N): '-i' is JMH's| --dir /dev/shm --lock-step --repeat 2 -- SyncWriteCost -i 3",
            "after --, a lock-step run takes only benchmark patterns| --dir /dev/shm --lock-step --repeat 2 -- -bm sample",
            "--lock-step measures two sides| --dir /dev/shm --lock-step",
            "--lock-step measures two sides| --dir /dev/shm --lock-step --repeat 3",
            "--pin abc: give a CPU list| --dir /dev/shm --lock-step --repeat 2 --pin abc",
            "--pin, --grain, --order and --twin are lock-step settings: add --lock-step| --dir /dev/shm --pin 1",
            "--twin pairs each cell with its C twin on one JVM and one target| --dir /dev/shm --lock-step --twin --repeat 2",
            "--reference NOPE: not a sync method| --dir /dev/shm --reference NOPE",
            "--reference NONE is not durable| --dir /dev/shm --reference NONE",
            "refused: SyncWriteCost.writeBlock:syncMethod=NONE,blockSizeBytes=8192,writesPerSync=1,preallocation=NONE never ends at a durable point| --dir /dev/shm --lock-step --reference FDATASYNC -- SyncWriteCost -p syncMethod=NONE -p blockSizeBytes=8192 -p writesPerSync=1 -p preallocation=NONE",
            "syncMethod=NOPE is unknown| --dir /dev/shm --lock-step --reference NOPE -- SyncWriteCost -p syncMethod=FSYNC",
            "--reference pairs each cell with the reference method on one JVM and one target| --dir /dev/shm --lock-step --repeat 2 --reference FSYNC",
            "unknown order 'sideways'| --dir /dev/shm --lock-step --repeat 2 --order sideways",
            "--precision five: give a percentage| --dir /dev/shm --lock-step --repeat 2 --precision five",
            "--budget soon: give a duration| --dir /dev/shm --lock-step --repeat 2 --budget soon",
            "--resume takes the settings of the run it resumes| --resume /dev/shm --precision 5%",
            "--forks 0: a lock-step run needs 1 or more fork pairs| --dir /dev/shm --lock-step --repeat 2 --forks 0",
            "--forks 3 and -f after '--' together: give --forks only| --dir /dev/shm --forks 3 -- -f 2",
            "--forks -1: give 1 or more| --dir /dev/shm --forks -1",
            "--pin, --grain, --order and --twin are lock-step settings: add --lock-step| --dir /dev/shm --test-busy-wait-b-ns 5",
            "--pin, --grain, --order and --twin are lock-step settings: add --lock-step| --dir /dev/shm --grain 2 --order a-first",
            "are for runs in rounds, not --lock-step| --dir /dev/shm --seed 3 --lock-step --repeat 2",
            "are for runs in rounds, not --lock-step| --dir /dev/shm --lock-step --verify-syscalls --pin 1",
            "--test-busy-wait-*-ns must be 0 or more| --dir /dev/shm --lock-step --repeat 2 --test-busy-wait-b-ns -1",
            "no benchmark of the quick profile matches| --dir /dev/shm --lock-step --repeat 2 -- GroupCommit",
    })
    void impossibleInputIsOneLineExitTwoNothingWritten(String expected, String args) throws Exception {
        assertRefused(expected, args.trim().split("\\s+"));
    }

    @Test
    void aDeviceIsNotADirectory() throws Exception {
        Path device = Path.of("/dev/null");
        assertRefused("is a device, not a directory", "--dir", device.toString());
    }

    private static void assertRefused(String expected, String... args) throws Exception {
        Path out = Files.createTempDirectory(Path.of("target"), "run-test-").resolve("out");
        StringWriter err = new StringWriter();
        CommandLine cl = DurabenchMain.commandLine();
        cl.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 3];
        all[0] = "run";
        all[1] = "--out";
        all[2] = out.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        assertEquals(2, cl.execute(all));
        String msg = err.toString().strip();
        assertEquals(1, msg.lines().count(), msg);
        assertTrue(msg.contains(expected), msg);
        assertFalse(Files.exists(out), "nothing written for refused input");
    }
}
