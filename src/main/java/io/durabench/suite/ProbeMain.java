package io.durabench.suite;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.CellSpec;
import io.durabench.child.ChildStatus;
import io.durabench.child.ResultLines;
import io.durabench.nativeio.NativeLayers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The feasibility probe in another JVM (a run's --jvm): a cell must be tried by the JVM that will
 * run it, since whether a method works can depend on the JDK (virtual threads need 21+).
 * Arguments: filesystem, whether a block device backs the target, its logical block size ("-" if
 * unknown). Reads one request per line from stdin, a JSON object ({@link #request(Cell)}: the
 * cell's {@link CellSpec} and, apart, its target directory); answers each in order with one result
 * line ({@link ResultLines}) of status ok, or n/a or failed with its reason ({@link ChildStatus}).
 */
public final class ProbeMain {
    private static final String CELL = "cell", DIR = "dir";

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
            ResultLines.print(System.out, result(probe.check(cell(line))));
        }
    }

    static JsonObject result(Optional<FeasibilityProbe.Outcome> o) {
        return o.map(x -> (x.unsupported() ? ChildStatus.NOT_APPLICABLE : ChildStatus.FAILED).answer(x.reason())).orElse(ChildStatus.OK.answer());
    }

    /** A result line read back: what {@link #result} was given. */
    static Optional<FeasibilityProbe.Outcome> outcome(JsonObject r) {
        ChildStatus status = ChildStatus.of(r);
        if (status == ChildStatus.OK) return Optional.empty();
        if (status == ChildStatus.ERROR) throw new IllegalStateException("the feasibility probe failed: " + ChildStatus.reason(r));
        return Optional.of(new FeasibilityProbe.Outcome(status == ChildStatus.NOT_APPLICABLE, ChildStatus.reason(r)));
    }

    /** One line: the cell's spec, and its target directory apart (a path may hold any character). */
    static String request(Cell cell) {
        JsonObject o = new JsonObject();
        o.addProperty(CELL, CellSpec.of(cell));
        if (cell.targetDir() != null) o.addProperty(DIR, cell.targetDir());
        return o.toString();
    }

    static Cell cell(String request) {
        JsonObject o = JsonParser.parseString(request).getAsJsonObject();
        Cell cell = CellSpec.parse(o.get(CELL).getAsString());
        return o.has(DIR) ? cell.with(Catalogue.TARGET_DIR, o.get(DIR).getAsString()) : cell;
    }
}
