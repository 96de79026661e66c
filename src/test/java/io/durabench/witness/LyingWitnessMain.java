package io.durabench.witness;

import io.durabench.jdkio.JdkCallsOnSyscalls;
import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link WitnessMain} with workloads that lie, for the tests that prove the witness catches lies.
 * It lives in test code only: production has no way to reach it.
 *
 * <pre>
 * LyingWitnessMain [--lie CELL=LIE]... WITNESS-MAIN-ARGS
 * LIE: drop-fdatasync:K | drop-fsync:K    the K-th such call of the cell (setup and warmup included) is not made, yet "succeeds"
 *      strip-o_dsync                      files are opened without O_DSYNC whatever the workload asked
 *      drop-jdk-sync:K                    the K-th JDK sync (force, FileDescriptor.sync, msync) is not made, yet returns
 *      strip-jdk-sync-options             JDK files are opened without DSYNC/SYNC ("rw" for "rwd"/"rws")
 *      count-one-more:COUNTER             the counter reads one more after the measured operations than the calls made
 * </pre>
 * Cells without a lie run honestly, through the same machinery.
 */
public final class LyingWitnessMain {
    private LyingWitnessMain() {
    }

    public static void main(String[] args) {
        Map<Integer, String> lies = new HashMap<>();
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        while (rest.size() >= 2 && rest.get(0).equals("--lie")) {
            String[] kv = rest.get(1).split("=", 2);
            lies.put(Integer.parseInt(kv[0]), kv[1]);
            rest.subList(0, 2).clear();
        }
        int[] opened = {0};
        WitnessMain.Opener opener = (cell, dir) -> open(cell, dir, lies.get(opened[0]++));
        System.exit(WitnessMain.run(rest.toArray(String[]::new), opener, System.out, System.err));
    }

    private static WitnessedWorkload open(SizedCell cell, Path dir, String lie) {
        if (lie == null) return WitnessWorkloads.open(cell, dir, NativeLayers.current());
        String[] kind = lie.split(":", 2);
        return switch (kind[0]) {
            case "drop-fdatasync" -> WitnessWorkloads.open(cell, dir, DroppingSyscalls.dropping(Call.FDATASYNC, Integer.parseInt(kind[1])));
            case "drop-fsync" -> WitnessWorkloads.open(cell, dir, DroppingSyscalls.dropping(Call.FSYNC, Integer.parseInt(kind[1])));
            case "strip-o_dsync" -> WitnessWorkloads.open(cell, dir, DroppingSyscalls.strippingOpenFlags(OpenFlags.O_DSYNC));
            case "drop-jdk-sync" -> WitnessWorkloads.open(cell, dir, new JdkCallsOnSyscalls(LyingJdkCalls.droppingSync(Integer.parseInt(kind[1]))));
            case "strip-jdk-sync-options" -> WitnessWorkloads.open(cell, dir, new JdkCallsOnSyscalls(LyingJdkCalls.strippingSyncOptions()));
            case "count-one-more" -> countingOneMore(WitnessWorkloads.open(cell, dir, NativeLayers.current()), kind[1]);
            default -> throw new IllegalArgumentException("unknown lie " + lie);
        };
    }

    /** The counter is honest when first read (before BEGIN) and one too high ever after. */
    private static WitnessedWorkload countingOneMore(WitnessedWorkload real, String counter) {
        return new WitnessedWorkload() {
            private int reads;

            @Override
            public void operate() {
                real.operate();
            }

            @Override
            public Map<String, Long> counters() {
                Map<String, Long> c = new LinkedHashMap<>(real.counters());
                if (reads++ > 0) c.merge(counter, 1L, Long::sum);
                return c;
            }

            @Override
            public void close() {
                real.close();
            }
        };
    }
}
