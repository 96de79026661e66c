package io.durabench.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new LabFailure(String.join(" ", command) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return new Result(List.copyOf(command), p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            // Teardown must still be able to run tools after an interrupt: keep the flag, report the stop.
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new LabFailure(String.join(" ", command) + " interrupted");
        }
    }

    private static String drain(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
