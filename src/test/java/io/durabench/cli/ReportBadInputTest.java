package io.durabench.cli;

import static io.durabench.cli.ResultFixtures.copyFolder;
import static io.durabench.cli.ResultFixtures.mutate;
import static io.durabench.cli.ResultFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.durabench.cli.BadInputTrials.Case;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of bad input to `report` and `plot` the reliability issue lists, each tried on both
 * commands: one line naming the problem and the fix, exit code 2, nothing on stdout, and not a
 * single file written or changed anywhere under the test's folder (the --out folder included).
 */
class ReportBadInputTest {
    private static final BadInputTrials TRIALS = new BadInputTrials();
    private static final String NAME_RESULTS = "name a `durabench run --out` folder";
    private static final String JMH = "jmh-result.json", ENV = "environment.json", NA = "not-applicable.json";

    @TempDir
    static Path tmp;

    @AfterAll
    static void writeTable() {
        TRIALS.write("report-and-plot");
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputIsOneLineExitTwoAndWritesNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        int n = 0;
        for (Case c : cases()) {
            for (String command : List.of("report", "plot")) {
                Path dir = tmp.resolve("case-" + n++);
                tests.add(DynamicTest.dynamicTest(command + ": " + c.name(), () -> tryCase(command, c, dir)));
            }
        }
        return tests.stream();
    }

    private static void tryCase(String command, Case c, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(c.args().apply(dir));
        Path out = dir.resolve("out");
        if (!args.contains("--out")) args.addAll(List.of("--out", out.toString()));
        TRIALS.refused(c.name(), args, tmp, c.fragments());
        assertFalse(Files.exists(out), "no --out folder for bad input");
    }

    private static List<String> path(Path p) {
        return List.of(p.toString());
    }

    /** The real dev-shm results of a run, copied into {@code dir}/results, one file changed by {@code change}. */
    private static List<String> realWith(Path dir, String file, Consumer<JsonElement> change) {
        Path results = copyFolder("real-run/dev-shm", dir.resolve("results"));
        mutate(results.resolve(file), change);
        return path(results);
    }

    /** The real dev-shm results copied into {@code dir}/results, {@code file} replaced by {@code text}. */
    private static List<String> realWithText(Path dir, String file, String text) {
        Path results = copyFolder("real-run/dev-shm", dir.resolve("results"));
        write(results.resolve(file), text);
        return path(results);
    }

    /** A not-applicable.json of the current schema with {@code arrays} ("failed": ..., "notApplicable": ...). */
    private static String notMeasured(String arrays) {
        return "{\"schema\": \"durabench-not-measured/1\", " + arrays + "}";
    }

    private static JsonObject entry0(JsonElement root) {
        return root.getAsJsonArray().get(0).getAsJsonObject();
    }

    private static JsonObject primary(JsonElement root) {
        return entry0(root).getAsJsonObject("primaryMetric");
    }

    private static JsonObject json(String text) {
        return JsonParser.parseString(text).getAsJsonObject();
    }

    private static List<Case> cases() {
        String oneEntry = "[{\"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"primaryMetric\": {\"score\": 1, %s\"scoreUnit\": \"us/op\"}}]";
        return List.of(
                new Case("missing path", d -> path(d.resolve("nope")), "nope: no such file or directory", NAME_RESULTS),
                new Case("an empty PATH", d -> List.of(""), "an empty PATH", NAME_RESULTS),
                new Case("empty file", d -> path(write(d.resolve("r.json"), "")), "empty file", "JMH JSON"),
                new Case("only whitespace", d -> path(write(d.resolve("r.json"), " \n\t")), "no JSON in the file"),
                new Case("truncated JMH JSON", d -> path(write(d.resolve("r.json"), realText().substring(0, 300))),
                        "truncated or malformed JSON", "-rf json"),
                new Case("JSON that is not JMH (an object)", d -> path(write(d.resolve("r.json"), "{\"name\": \"x\"}")),
                        "not a JMH result", "the top level is not an array", "-rf json"),
                new Case("an array of numbers", d -> path(write(d.resolve("r.json"), "[1, 2]")), "entry 0 is not an object"),
                new Case("a binary file", d -> path(writeBytes(d.resolve("r.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1})),
                        "not UTF-8 text"),
                new Case("a key twice in one object", d -> path(write(d.resolve("r.json"), oneEntry.formatted("\"score\": 2, "))),
                        "key \"score\" appears twice", "$[0].primaryMetric"),
                new Case("nesting 100 deep", d -> path(write(d.resolve("r.json"), "[".repeat(100) + "]".repeat(100))),
                        "nested deeper than 64 levels"),
                new Case("text after the JSON", d -> path(write(d.resolve("r.json"), "[] trailing")), "more after the end"),
                new Case("score is a word", d -> realWith(d, JMH, r -> primary(r).addProperty("score", "abc")),
                        "entry 0, primaryMetric: \"score\" should be a number", "not \"abc\"", "correct that field"),
                new Case("score is an object", d -> realWith(d, JMH, r -> primary(r).add("score", json("{\"x\": 1}"))),
                        "\"score\" should be a number"),
                new Case("no score", d -> realWith(d, JMH, r -> primary(r).remove("score")), "primaryMetric: has no \"score\""),
                new Case("rawData fork is an object", d -> realWith(d, JMH, r -> primary(r).add("rawData", arrayOf(json("{}")))),
                        "\"rawData\" should be an array (per fork)"),
                new Case("rawData value is true", d -> realWith(d, JMH, r -> primary(r).add("rawData", arrayOf(arrayOf(new JsonPrimitive(true))))),
                        "\"rawData\" should be a number", "not true"),
                new Case("threads is \"NaN\"", d -> realWith(d, JMH, r -> entry0(r).addProperty("threads", "NaN")),
                        "entry 0: \"threads\" should be a whole number", "not \"NaN\""),
                new Case("forks is 1.5", d -> realWith(d, JMH, r -> entry0(r).addProperty("forks", 1.5)), "\"forks\" should be a whole number"),
                new Case("a param is an object", d -> realWith(d, JMH, r -> entry0(r).getAsJsonObject("params").add("syncMethod", json("{\"a\": 1}"))),
                        "entry 0, params: \"syncMethod\" should be text"),
                new Case("a param is a number", d -> realWith(d, JMH, r -> entry0(r).getAsJsonObject("params").addProperty("blockSizeBytes", 8192)),
                        "\"blockSizeBytes\" should be text, not 8192"),
                new Case("benchmark is a number", d -> realWith(d, JMH, r -> entry0(r).addProperty("benchmark", 42)),
                        "\"benchmark\" should be text, not 42"),
                new Case("no mode", d -> realWith(d, JMH, r -> entry0(r).remove("mode")), "entry 0: has no \"mode\""),
                new Case("primaryMetric is an array", d -> realWith(d, JMH, r -> entry0(r).add("primaryMetric", new JsonArray())),
                        "\"primaryMetric\" should be an object"),
                new Case("a secondary metric is a number", d -> realWith(d, JMH, r -> entry0(r).getAsJsonObject("secondaryMetrics").addProperty("bytes", 5)),
                        "secondaryMetrics: \"bytes\" should be an object"),
                new Case("a histogram count of -1", d -> path(mutate(copyFile("jmh-samples/sample27-params-sample.json", d),
                        r -> primary(r).getAsJsonArray("rawDataHistogram").get(0).getAsJsonArray().get(0).getAsJsonArray().get(0).getAsJsonArray().set(1, new JsonPrimitive(-1)))),
                        "\"rawDataHistogram count\" should be a whole number of at least 0, not -1"),
                new Case("an unknown sync method", d -> realWith(d, JMH, r -> entry0(r).getAsJsonObject("params").addProperty("syncMethod", "BOGUS")),
                        "syncMethod=BOGUS is unknown: use one of"),
                new Case("a negative block size", d -> realWith(d, JMH, r -> entry0(r).getAsJsonObject("params").addProperty("blockSizeBytes", "-8")),
                        "blockSizeBytes=-8 is out of range"),
                new Case("environment.json is an array", d -> realWithText(d, ENV, "[1, 2]"),
                        ENV + ": not a durabench environment file", "durabench env --dir DIR --out FOLDER"),
                new Case("environment.json: kernel is an array", d -> realWith(d, ENV, r -> r.getAsJsonObject().add("kernel", arrayOf(new JsonPrimitive(1)))),
                        "field \"kernel\" should be an object"),
                new Case("environment.json: cpu count is \"NaN\"", d -> realWith(d, ENV, r -> r.getAsJsonObject().getAsJsonObject("cpu").addProperty("count", "NaN")),
                        "field \"count\" should be a whole number"),
                new Case("environment.json: hostname is a number", d -> realWith(d, ENV, r -> r.getAsJsonObject().addProperty("hostname", 5)),
                        "field \"hostname\" should be a string, not 5"),
                new Case("environment.json: durableStorage is \"maybe\"", d -> realWith(d, ENV, r -> r.getAsJsonObject().getAsJsonObject("target").addProperty("durableStorage", "maybe")),
                        "field \"durableStorage\" should be true or false"),
                new Case("environment.json from a newer durabench", d -> realWith(d, ENV, r -> r.getAsJsonObject().addProperty("schema", "durabench-environment/9")),
                        "upgrade durabench"),
                new Case("environment.json is a directory", d -> {
                    Path results = copyFolder("real-run/dev-shm", d.resolve("results"));
                    try {
                        Files.delete(results.resolve(ENV));
                        Files.createDirectory(results.resolve(ENV));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    return path(results);
                }, ENV + " is a directory where a file is expected"),
                new Case("not-applicable.json: \"failed\" is an object", d -> realWithText(d, NA, notMeasured("\"failed\": {\"a\": 1}")),
                        NA + ": not a durabench n/a list (\"failed\" is not an array)", "correct that entry"),
                new Case("not-applicable.json: a param is an object", d -> realWithText(d, NA, notMeasured(
                        "\"failed\": [{\"benchmark\": \"x\", \"params\": {\"a\": {\"b\": 1}}, \"reason\": \"r\"}]")), "param a should be text"),
                new Case("not-applicable.json: a param is a number", d -> realWithText(d, NA, notMeasured(
                        "\"notApplicable\": [{\"benchmark\": \"x\", \"params\": {\"a\": 1}, \"reason\": \"r\"}]")), "param a should be text, not 1"),
                new Case("not-applicable.json: an entry without benchmark", d -> realWithText(d, NA, notMeasured(
                        "\"notApplicable\": [{\"reason\": \"r\"}]")), "an entry lacks \"benchmark\""),
                new Case("not-applicable.json is empty", d -> realWithText(d, NA, ""),
                        NA + ": empty file"),
                new Case("a folder with no results", d -> path(d), "no jmh-result.json in it or two levels of subfolders", NAME_RESULTS),
                new Case("a results folder with nothing measured", d -> {
                    write(d.resolve("results").resolve(JMH), "[]");
                    return path(d.resolve("results"));
                }, "no benchmark results and no n/a or failed cells", "run it again"),
                new Case("a file in /proc", d -> List.of("/proc/self/status"), "/proc/self/status is on proc, a kernel pseudo-filesystem", NAME_RESULTS),
                new Case("/sys", d -> List.of("/sys"), "/sys is on sysfs"),
                new Case("a character device", d -> List.of("/dev/null"), "/dev/null is a character device", NAME_RESULTS),
                new Case("a FIFO", d -> path(SpecialFiles.fifo(d.resolve("fifo"))), "is a FIFO (named pipe)", NAME_RESULTS),
                new Case("a block device", d -> List.of(blockDevice().toString()), "is a block device", NAME_RESULTS),
                new Case("a dangling symbolic link", d -> path(link(d.resolve("link"), d.resolve("gone"))),
                        "link is a symbolic link to ", "gone, which does not exist"),
                new Case("a link to a malformed results folder", d -> path(link(d.resolve("link"),
                        Path.of(realWith(d, JMH, r -> primary(r).addProperty("score", "abc")).get(0)))),
                        "link/" + JMH + ": entry 0", "link leads to ", "results)"),
                new Case("a run folder with one malformed target", d -> {
                    Path run = d.resolve("run");
                    copyFolder("real-run/dev-shm", run.resolve("dev-shm"));
                    mutate(run.resolve("dev-shm").resolve(JMH), r -> entry0(r).addProperty("threads", -1));
                    return path(run);
                }, "run/dev-shm/" + JMH + ": entry 0: \"threads\" should be a whole number of at least 0, not -1"),
                new Case("--out is empty", d -> List.of(good(d), "--out", ""), "--out is empty: name a folder"),
                new Case("--out is a file", d -> List.of(good(d), "--out", write(d.resolve("f"), "x").toString()),
                        "is a regular file, not a folder", "name a folder"),
                new Case("--out under a file", d -> List.of(good(d), "--out", write(d.resolve("f"), "x").resolve("sub").toString()),
                        "cannot be created", "f is a regular file"),
                new Case("--out in /proc", d -> List.of(good(d), "--out", "/proc/durabench-test-out"),
                        "--out /proc/durabench-test-out is on proc, a kernel pseudo-filesystem", "name a folder on a real filesystem"),
                new Case("--out is a dangling link", d -> List.of(good(d), "--out", link(d.resolve("outlink"), d.resolve("gone")).toString()),
                        "outlink is a symbolic link to", "create that folder, fix the link, or name another folder"),
                new Case("--out is a block device", d -> List.of(good(d), "--out", blockDevice().toString()), "is a block device, not a folder"),
                new Case("an unknown --cost-baseline", d -> List.of(good(d), "--cost-baseline", "FASTEST"), "--cost-baseline FASTEST: not a sync method", "FDATASYNC"),
                new Case("--where with an unknown key", d -> List.of(good(d), "--where", "blockSize=8192"),
                        "--where blockSize=8192: no parameter blockSize in these results", "keys: ", "blockSizeBytes"),
                new Case("--where with a value no row has", d -> List.of(good(d), "--where", "writesPerSync=1,blockSizeBytes=1234"),
                        "--where blockSizeBytes=1234: no row has blockSizeBytes 1234", "its values here: 8192"),
                new Case("--where with a range of words", d -> List.of(good(d), "--where", "blockSizeBytes=4k..8k"),
                        "a range is LOW..HIGH in whole numbers"),
                new Case("--where without a value", d -> List.of(good(d), "--where", "blockSizeBytes"), "write KEY=VALUE"));
    }

    /** A good results folder, so that only the option under test is wrong. */
    private static String good(Path d) {
        return copyFolder("real-run/dev-shm", d.resolve("good")).toString();
    }

    private static JsonArray arrayOf(JsonElement... elements) {
        JsonArray a = new JsonArray();
        for (JsonElement e : elements) a.add(e);
        return a;
    }

    private static String realText() {
        try {
            return Files.readString(ResultFixtures.resource("real-run/dev-shm/" + JMH));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path copyFile(String fixture, Path dir) {
        try {
            return Files.copy(ResultFixtures.resource(fixture), dir.resolve("r.json"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path writeBytes(Path file, byte[] bytes) {
        try {
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Path link(Path link, Path target) {
        try {
            return Files.createSymbolicLink(link, target);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A block device node of this machine (its disk); the case is skipped, with the reason, where /dev has none. */
    static Path blockDevice() {
        Path dev = SpecialFiles.blockDevice();
        assumeTrue(dev != null, "no block device node in /dev on this machine (a container?)");
        return dev;
    }

    /** A real read-only filesystem (a tmpfs mounted ro for the test): --out there is refused before anything is read. */
    @Test
    void anOutOnAReadOnlyFilesystemIsRefusedBeforeAnythingIsRead() {
        Requires.root("mounts a read-only tmpfs");
        Path ro = tmp.resolve("read-only");
        try {
            Files.createDirectories(ro);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Commands.run("mount", "-t", "tmpfs", "-o", "ro,size=1m", "durabench-test-ro", ro.toString());
        try {
            for (String command : List.of("report", "plot")) {
                TRIALS.refused("--out on a read-only filesystem", List.of(command, good(tmp.resolve("ro-" + command)), "--out",
                        ro.resolve("out").toString()), tmp, "read-only filesystem, or no permission", "name a place you can write to");
            }
        } finally {
            Commands.run("umount", ro.toString());
        }
    }

    @Test
    void aSymbolicLinkToGoodResultsIsReadAndSaysWhereItLeads() throws IOException {
        Path real = copyFolder("real-run/dev-shm", tmp.resolve("linked-real"));
        Path link = link(tmp.resolve("linked"), real);
        Path outReal = Files.createDirectory(tmp.resolve("out-real"));
        Path outLink = link(tmp.resolve("out-link"), outReal);
        CliRun run = CliRun.of("report", link.toString(), "--out", outLink.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("read " + link + ": a link to " + real.toRealPath()), run.out());
        assertTrue(run.out().contains("wrote " + outReal.toRealPath().resolve("report.md")), "names where it really wrote:\n" + run.out());
        assertTrue(Files.isRegularFile(outReal.resolve("report.md")));
    }
}
