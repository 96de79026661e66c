package io.durabench.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * The real {@link Shell}: each command is resolved to an absolute program path through
 * {@link Tools} (so a JVM started without /usr/sbin on its PATH still finds mkfs and losetup),
 * stdout and stderr are read concurrently (a chatty mkfs cannot block on a full pipe), and a
 * command that hangs is killed after a generous timeout instead of hanging the lab.
 */
public final class ProcessShell implements Shell {
    /** Zero-filling is done in Java; the slowest tool here is mkfs on a 1 GiB image (seconds). */
    private static final long TIMEOUT_SECONDS = 600;

    private final Tools tools;

    public ProcessShell(Tools tools) {
        this.tools = tools;
    }

    @Override
    public Result run(List<String> command) {
        List<String> resolved = new ArrayList<>(command);
        resolved.set(0, tools.require(command.get(0)).toString());
        Process p;
        try {
            p = new ProcessBuilder(resolved).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        } catch (IOException e) {
            throw new LabFailure("cannot start " + command.get(0) + ": " + e.getMessage());
        }
        FutureTask<String> out = drainer(p.getInputStream());
        FutureTask<String> err = drainer(p.getErrorStream());
        // Uninterruptible (bounded by the timeout): teardown must be able to run its tools even
        // from a thread that was interrupted; the interrupt is kept for the caller.
        boolean interrupted = false;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (true) {
                try {
                    if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                        p.destroyForcibly();
                        throw new LabFailure(String.join(" ", command) + " did not finish in " + TIMEOUT_SECONDS + " s");
                    }
                    return new Result(List.copyOf(command), p.exitValue(), out.get(), err.get());
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            throw new LabFailure("cannot read the output of " + command.get(0) + ": " + e.getCause());
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** Its own thread per stream, not a shared pool: a pool of one would read stderr only after stdout ends. */
    private static FutureTask<String> drainer(InputStream in) {
        FutureTask<String> task = new FutureTask<>(() -> drain(in));
        Thread t = new Thread(task, "durabench-lab-drain");
        t.setDaemon(true);
        t.start();
        return task;
    }

    private static String drain(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
