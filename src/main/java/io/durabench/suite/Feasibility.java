package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.nativeio.Syscalls;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The feasibility verdicts of a target's cells on one JVM: tried in this process when the slot is
 * the launcher's own JVM, else in that JVM ({@link ProbeMain}), all cells in one process.
 */
final class Feasibility {
    private Feasibility() {
    }

    /** Per cell: empty when it can run, else why not. */
    static Map<Cell, Optional<FeasibilityProbe.Outcome>> of(List<Cell> cells, JvmSlot slot, Environment env, Syscalls launcherSyscalls) {
        Map<Cell, Optional<FeasibilityProbe.Outcome>> out = new LinkedHashMap<>();
        if (!slot.forksAnotherJvm()) {
            FeasibilityProbe probe = FeasibilityProbe.forTarget(launcherSyscalls, env);
            for (Cell c : cells) out.put(c, probe.check(c));
            return out;
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(slot.facts().java().toString());
        cmd.addAll(slot.jvmFlags());
        Integer lbs = env.device() == null ? null : env.device().logicalBlockSize();
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ProbeMain.class.getName(),
                String.valueOf(env.filesystem()), String.valueOf(env.flushDevice() != null), lbs == null ? "-" : lbs.toString()));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (PrintWriter in = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8)) {
                cells.forEach(c -> in.println(ProbeMain.encode(c)));
            }
            BufferedReader reply = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            for (Cell c : cells) {
                String line = reply.readLine();
                if (line == null) throw new IllegalStateException("the probe in " + slot.describe() + " stopped after " + out.size() + " cells");
                out.put(c, parse(line));
            }
            p.waitFor();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run the feasibility probe in " + slot.describe() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while probing cells in " + slot.describe(), e);
        }
        return out;
    }

    private static Optional<FeasibilityProbe.Outcome> parse(String line) {
        if (line.equals(ProbeMain.OK)) return Optional.empty();
        int tab = line.indexOf('\t');
        String kind = tab < 0 ? line : line.substring(0, tab), reason = tab < 0 ? "" : line.substring(tab + 1);
        return Optional.of(new FeasibilityProbe.Outcome(kind.equals("n/a"), reason));
    }
}
