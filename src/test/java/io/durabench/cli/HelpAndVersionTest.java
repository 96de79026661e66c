package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Every command and subcommand (lab's too, hidden ones too) answers --help and --version, exit 0. */
class HelpAndVersionTest {

    /** Every command's words: "", "run", "lab up", ... */
    static Stream<String> commands() {
        List<String> all = new ArrayList<>();
        collect(DurabenchMain.commandLine(), "", all);
        return all.stream();
    }

    private static void collect(CommandLine cl, String words, List<String> into) {
        into.add(words);
        cl.getSubcommands().forEach((name, sub) -> collect(sub, (words + " " + name).strip(), into));
    }

    @ParameterizedTest(name = "durabench {0} --help")
    @MethodSource("commands")
    void helpExitsZero(String command) {
        CliRun r = CliRun.of(args(command, "--help"));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Usage: durabench"), r.out());
        assertEquals("", r.err());
    }

    @ParameterizedTest(name = "durabench {0} --version")
    @MethodSource("commands")
    void versionIsTheBuilds(String command) {
        CliRun r = CliRun.of(args(command, "--version"));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("durabench " + BuildVersion.version(), r.out().lines().findFirst().orElse(""));
        assertEquals("", r.err());
    }

    @ParameterizedTest(name = "durabench {0} -h")
    @MethodSource("commands")
    void shortHelpToo(String command) {
        assertEquals(0, CliRun.of(args(command, "-h")).exitCode());
    }

    @org.junit.jupiter.api.Test
    void theVersionComesFromTheBuild() {
        assertTrue(BuildVersion.version().matches("\\d+\\.\\d+\\.\\d+.*"), BuildVersion.version());
    }

    private static String[] args(String command, String option) {
        List<String> words = new ArrayList<>(command.isEmpty() ? List.of() : List.of(command.split(" ")));
        words.add(option);
        return words.toArray(String[]::new);
    }
}
