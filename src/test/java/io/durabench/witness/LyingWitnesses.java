package io.durabench.witness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Test code's door to a witness whose workloads lie ({@link LyingWitnessMain}) or hang, or that finds no strace. */
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
        return dir -> running(SyscallWitness.in(dir), LyingWitnessMain.class.getName(), args.toArray(String[]::new));
    }

    /** {@code w} running another main class (a lying or hanging workload) on the test classpath, with its own leading arguments. */
    static SyscallWitness running(SyscallWitness w, String mainClass, String... args) {
        List<String> main = new ArrayList<>(List.of(mainClass));
        main.addAll(List.of(args));
        return new SyscallWitness(w.dir(), w.jvm(), w.layer(), w.classpath(), w.ops(), w.warmupOps(), w.timeout(), List.copyOf(main), w.straceSearchPath());
    }

    /** {@code w} looking for the strace binary on {@code path} (a PATH value) only. */
    static SyscallWitness searchingStraceIn(SyscallWitness w, String path) {
        return new SyscallWitness(w.dir(), w.jvm(), w.layer(), w.classpath(), w.ops(), w.warmupOps(), w.timeout(), w.main(), path);
    }
}
