package io.durabench.jdkio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A JDK file call failed: names the call, the errno where the JDK gives one, and the path, in the
 * words {@link io.durabench.nativeio.NativeCallException} uses ({@code FileChannel.force failed:
 * EIO (Input/output error) on /x/y.log}), so a failed sync on a JDK path never hides either.
 */
public final class JdkCallException extends UncheckedIOException {
    private final JdkCall call;
    private final String errnoName;
    private final Path path;

    private JdkCallException(JdkCall call, String detail, String errnoName, Path path, IOException cause) {
        super(call.jdkName() + " failed: " + detail + " on " + path, cause);
        this.call = call;
        this.errnoName = errnoName;
        this.path = path;
    }

    /** The JDK threw {@code e} from {@code call} on {@code path}. */
    public static JdkCallException of(JdkCall call, Path path, IOException e) {
        Optional<JdkErrno.Named> errno = JdkErrno.of(e);
        String detail = errno.map(n -> n.name() + " (" + n.text() + ")")
                .orElseGet(() -> e.getClass().getSimpleName() + " \"" + e.getMessage() + "\" (the JDK gives no errno)");
        return new JdkCallException(call, detail, errno.map(JdkErrno.Named::name).orElse(null), path, e);
    }

    /** {@code call} returned, but with something the workload cannot accept (a short direct write). */
    public static JdkCallException problem(JdkCall call, Path path, String problem) {
        return new JdkCallException(call, problem, null, path, new IOException(problem));
    }

    public JdkCall call() {
        return call;
    }

    /** The errno's name ({@code EIO}), or null when the JDK gave none. */
    public String errnoName() {
        return errnoName;
    }

    public Path path() {
        return path;
    }
}
