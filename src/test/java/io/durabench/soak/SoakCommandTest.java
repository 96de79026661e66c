package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.durabench.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** durabench soak refuses bad input in one line, exit 2, before anything is written (no folder, no workload file). */
class SoakCommandTest {
    @TempDir
    Path tmp;

    private void refused(List<String> args, String... fragments) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("data"));
        Path out = tmp.resolve("out");
        List<String> all = new ArrayList<>(List.of("soak", "--out", out.toString()));
        all.addAll(args.stream().map(a -> a.replace("DATA", dir.toString())).toList());
        CliRun cli = new CliRun();
        cli.assertOneLineError(cli.run(all), fragments);
        assertEquals("", cli.out());
        assertFalse(Files.exists(out), "nothing written: " + out);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "no workload file left");
        }
    }

    @Test
    void aMissingDirectoryIsRefused() throws IOException {
        refused(List.of("--dir", tmp.resolve("nope").toString(), "--duration", "5s"), "nope", "does not exist", "--dir");
    }

    @Test
    void aBadDurationIsRefused() throws IOException {
        refused(List.of("--dir", "DATA", "--duration", "ten minutes"), "--duration ten minutes", "10m");
        refused(List.of("--dir", "DATA", "--duration", "0s"), "--duration 0s", "above zero");
    }

    @Test
    void aRateAtOrBelowZeroOrNotANumberIsRefused() throws IOException {
        refused(List.of("--dir", "DATA", "--rate", "0/s"), "--rate 0/s", "above 0", "500/s");
        refused(List.of("--dir", "DATA", "--rate", "-5"), "--rate -5");
        refused(List.of("--dir", "DATA", "--rate", "fast"), "--rate fast");
    }

    @Test
    void anUnknownMethodOrAnImpossibleCellIsRefused() throws IOException {
        refused(List.of("--dir", "DATA", "--method", "BOGUS"), "--method BOGUS", "FDATASYNC");
        refused(List.of("--dir", "DATA", "--method", "O_DSYNC", "--writes-per-sync", "10"), "writesPerSync=10", "O_DSYNC");
        refused(List.of("--dir", "DATA", "--block-size", "0"), "--block-size 0");
        refused(List.of("--dir", "DATA", "--preallocation", "SOMETIMES"), "--preallocation SOMETIMES", "ZERO_FILL");
    }

    @Test
    void aMissingDirOptionIsRefused() throws IOException {
        refused(List.of("--duration", "5s"), "--dir");
    }
}
