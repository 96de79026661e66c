package io.durabench.report.analysis;

import io.durabench.catalogue.Cell;
import io.durabench.report.DeviceRequests;
import io.durabench.results.CallLatencyLog;
import io.durabench.results.DeviceLog;
import io.durabench.results.ResultSet;
import io.durabench.trace.block.DeviceVerdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The device witness's forks a results folder recorded ({@link DeviceLog}), by cell (every mode and round of it),
 * and a row's {@link DeviceRequests} from them: the counts summed over its forks, a fork that failed failing
 * the row's counts, one that was n/a making them n/a. A folder written before the witness existed has none.
 */
final class DeviceForks {
    static final DeviceForks NONE = new DeviceForks();

    private final Map<String, List<DeviceLog.Fork>> byCell = new HashMap<>();

    private DeviceForks() {
    }

    static DeviceForks of(ResultSet set) {
        DeviceForks d = new DeviceForks();
        for (DeviceLog.Fork f : DeviceLog.read(set.folder().resolve(DeviceLog.FILE))) {
            d.byCell.computeIfAbsent(f.cellKey(), k -> new ArrayList<>()).add(f);
        }
        return d;
    }

    List<DeviceLog.Fork> forks(String benchmark, Map<String, String> params) {
        return byCell.getOrDefault(CallLatencyLog.cellKey(benchmark, params), List.of());
    }

    /** The row's figures, or null when none of its forks recorded any. */
    static DeviceRequests requests(List<DeviceLog.Fork> forks, Cell cell) {
        if (forks.isEmpty()) return null;
        for (DeviceLog.Status worst : List.of(DeviceLog.Status.FAILED, DeviceLog.Status.NA)) {
            for (DeviceLog.Fork f : forks) {
                if (f.status() == worst) return new DeviceRequests(worst, f.reason(), forks.size(), 0, List.of(), null);
            }
        }
        List<DeviceLog.Level> sum = new ArrayList<>(forks.get(0).levels());
        long ops = forks.get(0).ops();
        for (DeviceLog.Fork f : forks.subList(1, forks.size())) {
            ops += f.ops();
            if (f.levels().size() != sum.size()) {
                return new DeviceRequests(DeviceLog.Status.FAILED, "its forks saw different device chains (" + sum + " and " + f.levels()
                        + "): the target moved between forks", forks.size(), 0, List.of(), null);
            }
            for (int i = 0; i < sum.size(); i++) sum.set(i, add(sum.get(i), f.levels().get(i)));
        }
        boolean durable = Durabilities.methodNotDurableBecause(cell) == null;
        DeviceVerdict verdict = durable && !sum.isEmpty() && ops > 0 ? DeviceVerdict.judge(sum) : null;
        return new DeviceRequests(DeviceLog.Status.OK, null, forks.size(), ops, sum, verdict);
    }

    private static DeviceLog.Level add(DeviceLog.Level a, DeviceLog.Level b) {
        return new DeviceLog.Level(a.level(), a.device(), a.majorMinor(), a.writeCache(), a.flushes() + b.flushes(),
                a.fuaWrites() + b.fuaWrites(), a.writes() + b.writes(), a.bytesWritten() + b.bytesWritten());
    }
}
