package io.durabench.suite;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.child.ResultLines;
import io.durabench.nativeio.NativeLayers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The feasibility probe in another JVM (a run's --jvm): a cell must be tried by the JVM that will
 * run it, since whether a method works can depend on the JDK (virtual threads need 21+).
 * Arguments: filesystem, whether a block device backs the target, its logical block size ("-" if
 * unknown). Reads one cell per line from stdin ({@link #encode(Cell)}); prints one result line per
 * cell, in order ({@link ResultLines}): {@code {"status":"ok"}}, or status {@code n/a} or
 * {@code failed} with its {@code reason}.
 */
public final class ProbeMain {
    static final String STATUS = "status", REASON = "reason", OK = "ok", NOT_APPLICABLE = "n/a", FAILED = "failed";

    private ProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        io.durabench.child.ParentWatch.start();
        FeasibilityProbe probe = new FeasibilityProbe(NativeLayers.current(), args[0], Boolean.parseBoolean(args[1]),
                args[2].equals("-") ? null : Integer.valueOf(args[2]));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            ResultLines.print(System.out, result(probe.check(decode(line))));
        }
    }

    static JsonObject result(Optional<FeasibilityProbe.Outcome> o) {
        JsonObject r = new JsonObject();
        r.addProperty(STATUS, o.map(x -> x.unsupported() ? NOT_APPLICABLE : FAILED).orElse(OK));
        o.ifPresent(x -> r.addProperty(REASON, x.reason()));
        return r;
    }

    /** A result line read back: what {@link #result} was given. */
    static Optional<FeasibilityProbe.Outcome> outcome(JsonObject r) {
        String status = r.get(STATUS).getAsString();
        if (status.equals(OK)) return Optional.empty();
        return Optional.of(new FeasibilityProbe.Outcome(status.equals(NOT_APPLICABLE), r.get(REASON).getAsString()));
    }

    /** "jmhName\tname=value\tname=value..." (values never hold tabs: paths with tabs are refused by the run). */
    static String encode(Cell cell) {
        StringBuilder sb = new StringBuilder(cell.benchmark().jmhName());
        cell.jmhParams().forEach((k, v) -> sb.append('\t').append(k).append('=').append(v));
        return sb.toString();
    }

    static Cell decode(String line) {
        String[] parts = line.split("\t");
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            params.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return Catalogue.cell(parts[0], params).orElseThrow(() -> new IllegalArgumentException("not a durabench benchmark: " + parts[0]));
    }
}
