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
 * The errno behind a JDK I/O exception, where the JDK gives one. The JDK does not pass errno
 * numbers on: it puts strerror's text in the message ({@code IOException: No space left on device}
 * from FileChannel.write, RandomAccessFile.write and FileOutputStream.write; {@code FileNotFoundException:
 * /x/y (Permission denied)} from the stream constructors; {@code FileSystemException.getReason()}
 * from FileChannel.open, or a subclass such as NoSuchFileException). That text is looked up among
 * Linux's strerror texts ({@link LinuxErrno}), so the name is the one
 * {@link io.durabench.nativeio.NativeCallException} gives the same errno.
 *
 * <p>No errno where the JDK gives none: {@code FileDescriptor.sync()} throws
 * {@code SyncFailedException("sync failed")} whatever fsync said, and a message that is no errno's
 * text stays without one rather than being guessed. One exception to "the kernel's words only": with
 * {@code ExtendedOpenOption.DIRECT} the JDK refuses an unaligned position, buffer or length itself,
 * before any system call, exactly where the kernel would return EINVAL; that refusal is named EINVAL
 * so that it is treated like the kernel's (an n/a combination, not a broken run).
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
