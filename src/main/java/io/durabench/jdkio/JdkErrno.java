package io.durabench.jdkio;

import io.durabench.errno.LinuxErrno;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.SyncFailedException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Optional;

/**
 * The errno behind a JDK I/O exception, where the JDK gives one. The JDK passes no errno numbers
 * on, only strerror's text in the message ({@code IOException: No space left on device},
 * {@code FileNotFoundException: /x/y (Permission denied)}, {@code FileSystemException.getReason()}),
 * so that text is looked up among Linux's ({@link LinuxErrno}) and named as
 * {@link io.durabench.nativeio.NativeCallException} names the same errno.
 *
 * <p>No errno is guessed where the JDK gives none ({@code FileDescriptor.sync()} throws
 * {@code SyncFailedException("sync failed")} whatever fsync said). One exception: with
 * {@code ExtendedOpenOption.DIRECT} the JDK itself refuses an unaligned position, buffer or length
 * before any system call, exactly where the kernel would return EINVAL, so that refusal is named
 * EINVAL and treated like the kernel's (an n/a combination, not a broken run).
 */
public final class JdkErrno {
    /** The JDK's own O_DIRECT alignment checks (sun.nio.ch.Util) all end their message this way. */
    private static final String JDK_ALIGNMENT_REFUSAL = "is not a multiple of the block size";

    /** An errno as named ({@code EIO}) and described ({@code Input/output error}). */
    public record Named(String name, String text) {
    }

    private JdkErrno() {
    }

    /** The errno the JDK reported with {@code e}, if it reported one. */
    public static Optional<Named> of(IOException e) {
        if (e instanceof SyncFailedException) return Optional.empty();
        if (e instanceof NoSuchFileException) return byName("ENOENT");
        if (e instanceof AccessDeniedException) return byName("EACCES");
        if (e instanceof FileAlreadyExistsException) return byName("EEXIST");
        String message = e.getMessage();
        if (message == null) return Optional.empty();
        if (message.contains(JDK_ALIGNMENT_REFUSAL)) {
            return Optional.of(new Named("EINVAL", "refused by the JDK before the kernel, which would say EINVAL: " + message));
        }
        if (e instanceof FileSystemException fse) return byText(fse.getReason());
        if (e instanceof FileNotFoundException) return byText(parenthesisedTail(message));
        return byText(message);
    }

    /** The description strerror gives the errno {@code name} ({@code EIO} → {@code Input/output error}). */
    public static String text(String name) {
        return LinuxErrno.text(LinuxErrno.number(name).orElseThrow(() -> new IllegalArgumentException("no errno named " + name)));
    }

    private static Optional<Named> byName(String name) {
        return Optional.of(new Named(name, text(name)));
    }

    private static Optional<Named> byText(String text) {
        if (text == null) return Optional.empty();
        return LinuxErrno.nameOfText(text).map(name -> new Named(name, text));
    }

    /** "/x/y (Permission denied)" → "Permission denied": how the stream constructors report errno. */
    private static String parenthesisedTail(String message) {
        if (!message.endsWith(")")) return null;
        int open = message.lastIndexOf(" (");
        return open < 0 ? null : message.substring(open + 2, message.length() - 1);
    }
}
