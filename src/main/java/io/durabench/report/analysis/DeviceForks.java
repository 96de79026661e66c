package io.durabench.report.analysis;

import io.durabench.catalogue.Cell;
import io.durabench.report.DeviceRequests;
import io.durabench.results.CallLatencyLog;
import io.durabench.results.DeviceLog;
import io.durabench.results.ResultSet;
import io.durabench.trace.block.DeviceVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The device witness's forks a results folder recorded ({@link DeviceLog}), by cell (every mode and round of it),
 * and a row's {@link DeviceRequests} from them: the counts summed over its forks, a fork that failed failing
 * the row's counts, one that was n/a making them n/a. A folder written before the witness existed has no log,
 * and its rows no figures; a folder with a log says why a cell has none: its family does no I/O to the target
 * (NativeCallCost), or its forks ran without the witness (a run from before it covered the family).
 */
final class DeviceForks {
    static final DeviceForks NONE = new DeviceForks(false);

    private final Map<String, List<DeviceLog.Fork>> byCell = new HashMap<>();
    private final boolean recorded;

    private DeviceForks(boolean recorded) {
        this.recorded = recorded;
    }

    static DeviceForks of(ResultSet set) {
        Path log = set.folder().resolve(DeviceLog.FILE);
        DeviceForks d = new DeviceForks(Files.exists(log));
        for (DeviceLog.Fork f : DeviceLog.read(log)) {
            d.byCell.computeIfAbsent(f.cellKey(), k -> new ArrayList<>()).add(f);
        }
        return d;
    }

    /** The cell's forks in this folder; null where the folder has no device witness log at all. */
    List<DeviceLog.Fork> forks(String benchmark, Map<String, String> params) {
        if (!recorded) return null;
        return byCell.getOrDefault(CallLatencyLog.cellKey(benchmark, params), List.of());
    }

    /**
     * The row's figures from its forks in every folder ({@code perFolder}: a folder's list, null where the folder
     * has no log); null when no folder of the row recorded the witness at all.
     */
    static DeviceRequests requests(Collection<List<DeviceLog.Fork>> perFolder, Cell cell) {
        if (perFolder.stream().allMatch(Objects::isNull)) return null;
        List<DeviceLog.Fork> forks = perFolder.stream().filter(Objects::nonNull).flatMap(List::stream).toList();
        Optional<String> noIo = cell.family().noTargetIo();
        if (noIo.isPresent()) return new DeviceRequests(DeviceLog.Status.NA, noIo.get(), forks.size(), 0, List.of(), null);
        if (forks.isEmpty()) {
            return new DeviceRequests(DeviceLog.Status.NA, "no record of this cell's forks in " + DeviceLog.FILE
                    + ": a run from before the device witness covered " + cell.family().simpleName(), 0, 0, List.of(), null);
        }
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
