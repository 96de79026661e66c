package io.durabench.lab;

import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildProcess;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The real {@link Shell}: each command is resolved to an absolute program path through
 * {@link Tools} (so a JVM started without /usr/sbin on its PATH still finds mkfs and losetup),
 * started as a {@link ChildProcess} (its output in files, so a chatty mkfs cannot block on a full
 * pipe), and a command that hangs is killed after a generous timeout instead of hanging the lab.
 */
public final class ProcessShell implements Shell {
    /** Zero-filling is done in Java; the slowest tool here is mkfs on a 1 GiB image (seconds). */
    private static final Duration TIMEOUT = Duration.ofSeconds(600);

    private final Tools tools;

    public ProcessShell(Tools tools) {
        this.tools = tools;
    }

    @Override
    public Result run(List<String> command) {
        List<String> resolved = new ArrayList<>(command);
        resolved.set(0, tools.require(command.get(0)).toString());
        ChildProcess p;
        try {
            p = ChildProcess.start(resolved, String.join(" ", command));
        } catch (ChildFailedException e) {
            throw new LabFailure("cannot start " + command.get(0) + ": " + e.getCause().getMessage());
        } catch (UncheckedIOException e) {
            throw new LabFailure("cannot start " + command.get(0) + ": " + e.getMessage());
        }
        // Uninterruptible (bounded by the timeout): teardown must be able to run its tools even
        // from a thread that was interrupted; the interrupt is kept for the caller.
        try (p) {
            ChildProcess.Exit e = p.awaitUninterruptibly(TIMEOUT);
            return new Result(List.copyOf(command), e.code(), text(e.stdout()), text(e.stderr()));
        } catch (ChildFailedException e) {
            throw new LabFailure(e.getMessage());
        } catch (UncheckedIOException e) {
            throw new LabFailure(e.getMessage()); // its output could not be read, or its files deleted: ChildProcess names which
        }
    }

    /** The lines as one text again, each ending in a newline. */
    private static String text(List<String> lines) {
        StringBuilder b = new StringBuilder();
        for (String l : lines) b.append(l).append('\n');
        return b.toString();
    }
}
