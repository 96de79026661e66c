package io.durabench.workload;

import io.durabench.nativeio.CountingSyscalls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The two native descriptors of a {@link DurableWriteLoop}, told apart from the recorded opens:
 * the loop opens its plain control fd (preallocation) first, then the method's data fd.
 */
record LoopFds(CountingSyscalls.Open control, CountingSyscalls.Open data) {

    static LoopFds of(CountingSyscalls sys, DurableWriteLoop loop) {
        List<CountingSyscalls.Open> opens = sys.opensOf(loop.path().toString());
        if (opens.size() != 2) throw new AssertionError("expected a control and a data open of " + loop.path() + ", got " + opens);
        return new LoopFds(opens.get(0), opens.get(1));
    }

    /** The open flags the kernel holds for {@code fd} in this process (octal "flags:" of /proc/self/fdinfo). */
    static int kernelFlags(int fd) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
                if (line.startsWith("flags:")) return Integer.parseInt(line.substring(6).trim(), 8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError("no flags line in /proc/self/fdinfo/" + fd);
    }
}
