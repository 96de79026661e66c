package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.testing.Evidence;
import io.durabench.testing.FleetFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `durabench report FLEET` and `durabench compare` between a fleet's hosts, on fleets built from the
 * committed runs: the files --out writes (the chart among them), report.json's fleet tables, the
 * options refused, two hosts measured alike compared, two measured unalike refused with the reason.
 */
@Evidence
class FleetCommandTest {
    @TempDir
    static Path tmp;
    private static Path nine;
    private static Path alike;

    @BeforeAll
    static void fleets() {
        nine = FleetFixture.nine(tmp);
        alike = FleetFixture.alike(tmp);
    }

    @Test
    void reportOutWritesTheFleetPagesJsonCsvAndTheChart() throws Exception {
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("report", nine.toString(), "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        for (String f : new String[] {"report.md", "report.html", "report.json", "report-fleet.csv", "chart-fleet.png", "chart-fleet.svg"}) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
            assertTrue(run.out().contains("wrote " + out.resolve(f)), run.out());
        }
        assertTrue(run.out().contains("[not-measured] host-x: unreachable"), run.out());
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("![Durability cost per host](chart-fleet.png)"), md);
        assertTrue(Files.readString(out.resolve("report.html")).contains("<svg"), "the chart inline");
        JsonObject json = JsonParser.parseString(Files.readString(out.resolve("report.json"))).getAsJsonObject();
        assertEquals("durabench-fleet-report/1", json.get("schema").getAsString());
        assertEquals(10, json.getAsJsonArray("hosts").size());
        JsonObject first = json.getAsJsonArray("tables").get(0).getAsJsonObject();
        assertEquals(9, first.getAsJsonArray("columns").size());
        assertTrue(json.getAsJsonObject("report").getAsJsonArray("contexts").get(0).getAsJsonObject().get("host").getAsString().startsWith("host-"));
    }

    @Test
    void groupByIsForFleetsAndTakesItsFiveWords() {
        CliRun.of("report", nine.toString(), "--group-by", "rack").assertRefused("--group-by rack", "host, device, kernel, filesystem, jdk");
        CliRun.of("report", "results/design-review-quick", "--group-by", "kernel").assertRefused("name one fleet folder");
        CliRun.of("report", nine.toString(), "results/design-review-quick").assertRefused("a fleet folder is reported on its own");
        CliRun run = CliRun.of("report", nine.toString(), "--group-by", "filesystem");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("Columns: ext4: host-a, host-e, host-f, host-g, host-h, host-i; xfs: host-b; btrfs: host-c; tmpfs*: host-d."),
                run.out());
    }

    @Test
    void twoHostFoldersMeasuredAlikeCompareAndUnlikeOnesAreRefusedWithTheReason() {
        CliRun same = CliRun.of("compare", alike.resolve("host-p").toString(), alike.resolve("host-q").toString(), "--fail-on", "never");
        assertEquals(0, same.exitCode(), same.err());
        assertTrue(same.out().contains("durabench compare"), same.out());
        CliRun hosts = CliRun.of("compare", alike.toString(), "--host", "host-p", "--host", "host-q", "--fail-on", "never");
        assertEquals(0, hosts.exitCode(), hosts.err());
        assertTrue(hosts.out().contains("fleet-alike:host-p") && hosts.out().contains("fleet-alike:host-q"), hosts.out());
        CliRun.of("compare", nine.resolve("host-a").toString(), nine.resolve("host-b").toString())
                .assertRefused("not measured alike", "filesystem: ext4 (base) vs xfs (candidate)", "--allow-different filesystem");
        CliRun.of("compare", nine.toString(), "--host", "host-a", "--host", "host-b").assertRefused("filesystem: ext4 (base) vs xfs (candidate)");
        CliRun.of("compare", nine.toString(), "--host", "host-a", "--host", "host-x").assertRefused("--host host-x: unreachable");
        CliRun.of("compare", nine.toString(), "--host", "host-a", "--host", "host-z").assertRefused("--host host-z: not a host of fleet lab9");
    }

    @Test
    void aGroupOfHostsIsPooledAgainstAnother() {
        CliRun run = CliRun.of("compare", nine.toString(), "--host", "host-a,host-g", "--host", "host-e", "--fail-on", "never",
                "--allow-different", "forks,warmup-time,iteration-time");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("base:        fleet-lab9:host-a,host-g"), run.out());
    }
}
