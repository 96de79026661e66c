package io.durabench.witness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Test code's door to a witness whose workloads lie ({@link LyingWitnessMain}), for tests outside this package. */
public final class LyingWitnesses {
    private LyingWitnesses() {
    }

    /** A factory of witnesses in which the cell at index i tells the lie {@code lies.get(i)} ("drop-fdatasync:61", "count-one-more:syncCalls"). */
    public static Function<Path, SyscallWitness> lying(Map<Integer, String> lies) {
        List<String> args = new ArrayList<>();
        lies.forEach((cell, lie) -> {
            args.add("--lie");
            args.add(cell + "=" + lie);
        });
        return dir -> SyscallWitness.in(dir).withMainClass(LyingWitnessMain.class.getName(), args.toArray(String[]::new));
    }
}
