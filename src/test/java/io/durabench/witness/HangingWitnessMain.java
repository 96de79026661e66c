package io.durabench.witness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A witnessed process that never finishes: it leaves a {@code durabench-} file in the target
 * directory (as a workload killed mid-run would) and sleeps, so a test can show that the witness
 * kills it on timeout and removes that file. Test code only.
 */
public final class HangingWitnessMain {
    private HangingWitnessMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = null;
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals("--dir")) dir = Path.of(args[i + 1]);
        }
        Files.createTempFile(dir, "durabench-hang-", ".log");
        Thread.sleep(600_000);
    }
}
