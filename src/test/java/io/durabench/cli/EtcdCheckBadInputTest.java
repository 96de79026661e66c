package io.durabench.cli;

import static io.durabench.cli.ResultFixtures.write;

import io.durabench.cli.BadInputTrials.Case;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to `durabench etcd-check --dir DIR [--forks N] [--out DIR]`: no --dir, a DIR that is
 * missing, a file or /proc, forks that give no interval or too many, an --out that holds files. Each
 * is refused before anything runs: one line, exit 2, nothing on stdout, no file written (no --out
 * folder, nothing in DIR).
 */
class EtcdCheckBadInputTest {
    private static final BadInputTrials TRIALS = new BadInputTrials();

    @TempDir
    static Path tmp;

    @AfterAll
    static void writeTable() {
        TRIALS.write("etcd-check");
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputIsOneLineExitTwoAndWritesNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        int n = 0;
        for (Case c : cases()) {
            Path dir = tmp.resolve("case-" + n++);
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                Files.createDirectories(dir.resolve("target"));
                List<String> args = new ArrayList<>(List.of("etcd-check"));
                args.addAll(c.args().apply(dir));
                TRIALS.refused(c.name(), args, tmp, c.fragments());
            }));
        }
        return tests.stream();
    }

    private static List<Case> cases() {
        return List.of(
                new Case("no --dir", d -> List.of("--out", out(d)), "missing --dir DIR", "etcd's data will live on"),
                new Case("DIR missing", d -> List.of("--dir", d.resolve("nope").toString(), "--out", out(d)),
                        "does not exist or is not a directory", "create it or pass another --dir"),
                new Case("DIR is a file", d -> List.of("--dir", write(d.resolve("f"), "x").toString(), "--out", out(d)),
                        "is not a directory"),
                new Case("DIR is /proc", d -> List.of("--dir", "/proc", "--out", out(d)), "kernel pseudo-filesystem"),
                new Case("--forks 1", d -> List.of("--dir", target(d), "--forks", "1", "--out", out(d)),
                        "--forks 1: an interval over forks needs 2 to 100 of them"),
                new Case("--forks 101", d -> List.of("--dir", target(d), "--forks", "101", "--out", out(d)), "--forks 101", "2 to 100"),
                new Case("--forks not a number", d -> List.of("--dir", target(d), "--forks", "many", "--out", out(d)),
                        "Invalid value for option '--forks'"),
                new Case("--out not empty", d -> List.of("--dir", target(d), "--out", write(d.resolve("full/x"), "x").getParent().toString()),
                        "already exists and is not empty", "name a new folder"),
                new Case("--out under a file", d -> List.of("--dir", target(d), "--out", write(d.resolve("f"), "x").resolve("out").toString()),
                        "cannot be created"));
    }

    private static String target(Path d) {
        return d.resolve("target").toString();
    }

    private static String out(Path d) {
        return d.resolve("out").toString();
    }
}
