package io.durabench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.CliRun;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * JMH's own sample benchmarks, run under JDK 17 and Temurin 25 (no durabench parameters, no
 * environment.json; see src/test/resources/compare/README.md), compare cleanly: every row matched
 * and given a verdict, the JDK named as the thing compared, the unknown environment said, and the
 * exit code following the verdicts.
 */
class CompareJmhSamplesTest {
    private final CliRun cli = new CliRun();

    private int run(String... args) {
        return cli.run(args);
    }

    private static String fixture(String name) throws URISyntaxException {
        return Path.of(CompareJmhSamplesTest.class.getResource("/compare/jmh-samples/" + name).toURI()).toString();
    }

    @Test
    void jmhSamplesUnderTwoJdksCompareCleanly() throws URISyntaxException {
        int rc = run("compare", fixture("jdk17.json"), fixture("temurin25.json"), "--format", "json");
        JsonObject json = JsonParser.parseString(cli.out()).getAsJsonObject();
        List<JsonObject> rows = json.getAsJsonArray("rows").asList().stream().map(JsonElement::getAsJsonObject).toList();
        assertEquals(3, rows.size());
        long regressions = 0, changes = 0;
        for (JsonObject r : rows) {
            assertEquals("compared", r.get("status").getAsString(), r.toString());
            String verdict = r.get("verdict").getAsString();
            assertTrue(Set.of("regression", "improvement", "~").contains(verdict), verdict);
            assertEquals("6 forks", r.get("baseReplicates").getAsString());
            if (!verdict.equals("~")) changes++;
            if (verdict.equals("regression")) regressions++;
        }
        assertEquals(regressions > 0 ? 1 : 0, rc, cli.err());
        JsonObject hello = rows.stream().filter(r -> r.get("name").getAsString().startsWith("JMHSample_01_HelloWorld.wellHelloThere"))
                .findFirst().orElseThrow();
        assertEquals("higher is better", hello.get("direction").getAsString(), "thrpt: ops/s");
        assertEquals("ops/s", hello.get("unit").getAsString());
        assertTrue(rows.stream().anyMatch(r -> r.get("params").getAsString().equals("arg=31, certainty=0")), rows.toString());
        JsonObject fp = json.getAsJsonArray("fingerprint").get(0).getAsJsonObject();
        assertEquals("jdk", fp.getAsJsonArray("differences").get(0).getAsJsonObject().get("key").getAsString());
        assertTrue(fp.getAsJsonArray("unknown").toString().contains("filesystem"), fp.toString());

        cli.clear();
        assertEquals(changes > 0 ? 1 : 0, run("compare", fixture("jdk17.json"), fixture("temurin25.json"), "--fail-on", "any"));
        String text = cli.out();
        assertTrue(text.contains("compared:    JDK 17.0.15 (base) -> 25.0.3 (candidate), the thing compared"), text);
        assertTrue(text.replaceAll("\\s+", " ").contains("neither side has an environment.json (a plain JMH file): native-layer, "
                + "filesystem, mount-options, device, write-cache, kernel, cpu-count, blackhole-mode unknown, so not checked"), text);
        for (String line : text.lines().toList()) assertTrue(line.length() <= 120, line);
    }
}
