package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every old spelling still works as its replacement does, and says so in exactly one line on stderr
 * naming the replacement (docs/cli.md, "Old spellings").
 */
class OldSpellingsTest {
    @TempDir
    Path tmp;

    /** The old options the model holds, "command option": each has a test below. */
    @Test
    void everyOldOptionOfTheModelIsTestedHere() {
        Set<String> old = new TreeSet<>();
        collect(DurabenchMain.commandLine(), old);
        assertEquals(new TreeSet<>(List.of("etcd-check -d", "pg -d", "plot --baseline", "report --baseline")), old);
    }

    private static void collect(CommandLine cl, Set<String> into) {
        for (OptionSpec o : cl.getCommandSpec().options()) {
            if (o.hidden() && String.join(" ", o.description()).startsWith(OldSpelling.DESCRIPTION)) {
                into.add(cl.getCommandName() + " " + o.longestName());
            }
        }
        cl.getSubcommands().values().forEach(sub -> collect(sub, into));
    }

    @Test
    void reportBaseline() throws Exception {
        String results = Path.of(getClass().getResource("/report/seed004").toURI()).toString();
        CliRun now = CliRun.of("report", results, "--cost-baseline", "FDATASYNC");
        CliRun old = CliRun.of("report", results, "--baseline", "FDATASYNC");
        assertEquals(0, now.exitCode(), now.err());
        assertSameWithNotice(now, old, "--baseline", "--cost-baseline");
        assertEquals(now.out(), old.out());
    }

    @Test
    void plotBaseline() throws Exception {
        String results = Path.of(getClass().getResource("/report/seed004").toURI()).toString();
        CliRun now = CliRun.of("plot", results, "--cost-baseline", "FSYNC", "--out", tmp.resolve("now").toString());
        CliRun old = CliRun.of("plot", results, "--baseline", "FSYNC", "--out", tmp.resolve("old").toString());
        assertEquals(0, now.exitCode(), now.err());
        assertSameWithNotice(now, old, "--baseline", "--cost-baseline");
        assertEquals(now.out().replace(tmp.resolve("now").toString(), "OUT"), old.out().replace(tmp.resolve("old").toString(), "OUT"));
    }

    @Test
    void pgD() {
        String missing = tmp.resolve("missing").toString();
        CliRun now = CliRun.of("pg", "--dir", missing);
        assertEquals(2, now.exitCode(), now.err());
        assertSameWithNotice(now, CliRun.of("pg", "-d", missing), "-d", "--dir");
    }

    @Test
    void etcdCheckD() {
        String missing = tmp.resolve("missing").toString();
        CliRun now = CliRun.of("etcd-check", "--dir", missing, "--out", tmp.resolve("out").toString());
        assertEquals(2, now.exitCode(), now.err());
        assertSameWithNotice(now, CliRun.of("etcd-check", "-d", missing, "--out", tmp.resolve("out").toString()), "-d", "--dir");
    }

    @Test
    void envPositionalDir() {
        CliRun now = CliRun.of("env", "--dir", "/dev/shm");
        CliRun old = CliRun.of("env", "/dev/shm");
        assertEquals(0, now.exitCode(), now.err());
        assertSameWithNotice(now, old, OldSpelling.ENV_DIR.old(), OldSpelling.ENV_DIR.replacement());
        assertEquals(directoryIn(now.out()), directoryIn(old.out()));
    }

    @Test
    void envDirGivenBothWaysIsRefused() {
        CliRun.of("env", "/dev/shm", "--dir", "/tmp").assertRefused("give --dir only");
    }

    @Test
    void envOutFile() throws Exception {
        Path file = tmp.resolve("env.json");
        CliRun now = CliRun.of("env", "--dir", "/dev/shm", "--out", tmp.resolve("folder").toString());
        CliRun old = CliRun.of("env", "--dir", "/dev/shm", "--out", file.toString());
        assertEquals(0, now.exitCode(), now.err());
        assertSameWithNotice(now, old, OldSpelling.ENV_OUT_FILE.old(), OldSpelling.ENV_OUT_FILE.replacement());
        assertEquals(directoryIn(Files.readString(tmp.resolve("folder/environment.json"))), directoryIn(Files.readString(file)));
        assertEquals("wrote " + file.toRealPath() + System.lineSeparator(), old.out());
    }

    /** run's -f after '--': the same refusal as --forks (no benchmark is run here), with the notice first. */
    @Test
    void runPassedThroughForks() {
        for (List<String> args : List.of(List.of("--dir", "/proc"), List.of("--dir", "/dev/shm", "--lock-step", "--repeat", "2"))) {
            List<String> now = new ArrayList<>(List.of("run"));
            now.addAll(args);
            now.addAll(List.of("--forks", "2", "--", "GroupCommit"));
            List<String> old = new ArrayList<>(List.of("run"));
            old.addAll(args);
            old.addAll(List.of("--", "GroupCommit", "-f", "2"));
            CliRun n = CliRun.of(now.toArray(String[]::new));
            assertEquals(2, n.exitCode(), n.err());
            assertSameWithNotice(n, CliRun.of(old.toArray(String[]::new)), OldSpelling.RUN_PASSED_FORKS.old(),
                    OldSpelling.RUN_PASSED_FORKS.replacement());
        }
    }

    /** gate's first run of a history: the same, and --forks is refused against one BASELINE. */
    @Test
    void gatePassedThroughForks() {
        String history = tmp.resolve("history").toString();
        CliRun now = CliRun.of("gate", "--history", history, "--dir", "/proc", "--forks", "2");
        assertEquals(2, now.exitCode(), now.err());
        assertSameWithNotice(now, CliRun.of("gate", "--history", history, "--dir", "/proc", "--", "-f", "2"),
                OldSpelling.RUN_PASSED_FORKS.old(), OldSpelling.RUN_PASSED_FORKS.replacement());
        CliRun.of("gate", tmp.toString(), "--forks", "2").assertRefused("--forks goes with --history");
    }

    /** The old spelling's run: the same exit code and stdout as the new one's, its stderr the one notice and then the new one's. */
    private static void assertSameWithNotice(CliRun now, CliRun old, String oldSpelling, String replacement) {
        assertEquals(now.exitCode(), old.exitCode(), old.err());
        String notice = OldSpelling.notice(oldSpelling, replacement);
        assertTrue(notice.matches("durabench: warning: .+ is deprecated; use .+"), notice);
        assertEquals(notice + System.lineSeparator() + now.err(), old.err());
        assertEquals(1, old.err().lines().filter(l -> l.contains("deprecated")).count(), old.err());
    }

    private static String directoryIn(String json) {
        return JsonParser.parseString(json).getAsJsonObject().getAsJsonObject("target").get("directory").getAsString();
    }
}
