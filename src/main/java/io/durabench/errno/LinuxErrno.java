package io.durabench.errno;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Linux's errno numbers, names and strerror texts, for every layer that reports a failed call: the
 * native layers (jnr or java.lang.foreign: {@code nativeio.NativeCallException}) and the JDK paths
 * ({@code jdkio.JdkErrno}, which reads the text the JDK puts in its exceptions back into a name).
 *
 * <p>A table of our own rather than jnr-constants' so that naming an errno loads no jnr class: a JVM
 * on the java.lang.foreign layer loads none at all. The numbers are asm-generic/errno*.h's, the same
 * on x86_64 and aarch64; names and texts are glibc's strerror, as jnr-constants carried them
 * (ErrnoTest holds the two equal). Where Linux gives one number two names, the name is jnr-constants'
 * (EAGAIN, EDEADLOCK), except 95, EOPNOTSUPP: the man pages of the calls durabench makes
 * (fallocate, sync_file_range) name it so.
 */
public final class LinuxErrno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    /** The same number as EAGAIN on Linux: flock(LOCK_NB) on a held lock. */
    public static final int EWOULDBLOCK = EAGAIN;
    public static final int EACCES = 13;
    public static final int EEXIST = 17;
    public static final int EINVAL = 22;
    public static final int ENOSPC = 28;
    public static final int EROFS = 30;
    public static final int ENOSYS = 38;
    public static final int ELOOP = 40;
    public static final int EOPNOTSUPP = 95;
    public static final int EDQUOT = 122;
    /** A linked io_uring entry whose predecessor failed. */
    public static final int ECANCELED = 125;

    /** "NAME text" by number; null where Linux defines no errno (41, 58). */
    private static final String[] TABLE = {
            null, // 0: no error
            "EPERM Operation not permitted", // 1
            "ENOENT No such file or directory", // 2
            "ESRCH No such process", // 3
            "EINTR Interrupted system call", // 4
            "EIO Input/output error", // 5
            "ENXIO No such device or address", // 6
            "E2BIG Argument list too long", // 7
            "ENOEXEC Exec format error", // 8
            "EBADF Bad file descriptor", // 9
            "ECHILD No child processes", // 10
            "EAGAIN Resource temporarily unavailable", // 11
            "ENOMEM Cannot allocate memory", // 12
            "EACCES Permission denied", // 13
            "EFAULT Bad address", // 14
            "ENOTBLK Block device required", // 15
            "EBUSY Device or resource busy", // 16
            "EEXIST File exists", // 17
            "EXDEV Invalid cross-device link", // 18
            "ENODEV No such device", // 19
            "ENOTDIR Not a directory", // 20
            "EISDIR Is a directory", // 21
            "EINVAL Invalid argument", // 22
            "ENFILE Too many open files in system", // 23
            "EMFILE Too many open files", // 24
            "ENOTTY Inappropriate ioctl for device", // 25
            "ETXTBSY Text file busy", // 26
            "EFBIG File too large", // 27
            "ENOSPC No space left on device", // 28
            "ESPIPE Illegal seek", // 29
            "EROFS Read-only file system", // 30
            "EMLINK Too many links", // 31
            "EPIPE Broken pipe", // 32
            "EDOM Numerical argument out of domain", // 33
            "ERANGE Numerical result out of range", // 34
            "EDEADLOCK Resource deadlock avoided", // 35
            "ENAMETOOLONG File name too long", // 36
            "ENOLCK No locks available", // 37
            "ENOSYS Function not implemented", // 38
            "ENOTEMPTY Directory not empty", // 39
            "ELOOP Too many levels of symbolic links", // 40
            null, // 41
            "ENOMSG No message of desired type", // 42
            "EIDRM Identifier removed", // 43
            "ECHRNG Channel number out of range", // 44
            "EL2NSYNC Level 2 not synchronized", // 45
            "EL3HLT Level 3 halted", // 46
            "EL3RST Level 3 reset", // 47
            "ELNRNG Link number out of range", // 48
            "EUNATCH Protocol driver not attached", // 49
            "ENOCSI No CSI structure available", // 50
            "EL2HLT Level 2 halted", // 51
            "EBADE Invalid exchange", // 52
            "EBADR Invalid request descriptor", // 53
            "EXFULL Exchange full", // 54
            "ENOANO No anode", // 55
            "EBADRQC Invalid request code", // 56
            "EBADSLT Invalid slot", // 57
            null, // 58
            "EBFONT Bad font file format", // 59
            "ENOSTR Device not a stream", // 60
            "ENODATA No data available", // 61
            "ETIME Timer expired", // 62
            "ENOSR Out of streams resources", // 63
            "ENONET Machine is not on the network", // 64
            "ENOPKG Package not installed", // 65
            "EREMOTE Object is remote", // 66
            "ENOLINK Link has been severed", // 67
            "EADV Advertise error", // 68
            "ESRMNT Srmount error", // 69
            "ECOMM Communication error on send", // 70
            "EPROTO Protocol error", // 71
            "EMULTIHOP Multihop attempted", // 72
            "EDOTDOT RFS specific error", // 73
            "EBADMSG Bad message", // 74
            "EOVERFLOW Value too large for defined data type", // 75
            "ENOTUNIQ Name not unique on network", // 76
            "EBADFD File descriptor in bad state", // 77
            "EREMCHG Remote address changed", // 78
            "ELIBACC Can not access a needed shared library", // 79
            "ELIBBAD Accessing a corrupted shared library", // 80
            "ELIBSCN .lib section in a.out corrupted", // 81
            "ELIBMAX Attempting to link in too many shared libraries", // 82
            "ELIBEXEC Cannot exec a shared library directly", // 83
            "EILSEQ Invalid or incomplete multibyte or wide character", // 84
            "ERESTART Interrupted system call should be restarted", // 85
            "ESTRPIPE Streams pipe error", // 86
            "EUSERS Too many users", // 87
            "ENOTSOCK Socket operation on non-socket", // 88
            "EDESTADDRREQ Destination address required", // 89
            "EMSGSIZE Message too long", // 90
            "EPROTOTYPE Protocol wrong type for socket", // 91
            "ENOPROTOOPT Protocol not available", // 92
            "EPROTONOSUPPORT Protocol not supported", // 93
            "ESOCKTNOSUPPORT Socket type not supported", // 94
            "EOPNOTSUPP Operation not supported", // 95
            "EPFNOSUPPORT Protocol family not supported", // 96
            "EAFNOSUPPORT Address family not supported by protocol", // 97
            "EADDRINUSE Address already in use", // 98
            "EADDRNOTAVAIL Cannot assign requested address", // 99
            "ENETDOWN Network is down", // 100
            "ENETUNREACH Network is unreachable", // 101
            "ENETRESET Network dropped connection on reset", // 102
            "ECONNABORTED Software caused connection abort", // 103
            "ECONNRESET Connection reset by peer", // 104
            "ENOBUFS No buffer space available", // 105
            "EISCONN Transport endpoint is already connected", // 106
            "ENOTCONN Transport endpoint is not connected", // 107
            "ESHUTDOWN Cannot send after transport endpoint shutdown", // 108
            "ETOOMANYREFS Too many references: cannot splice", // 109
            "ETIMEDOUT Connection timed out", // 110
            "ECONNREFUSED Connection refused", // 111
            "EHOSTDOWN Host is down", // 112
            "EHOSTUNREACH No route to host", // 113
            "EALREADY Operation already in progress", // 114
            "EINPROGRESS Operation now in progress", // 115
            "ESTALE Stale file handle", // 116
            "EUCLEAN Structure needs cleaning", // 117
            "ENOTNAM Not a XENIX named type file", // 118
            "ENAVAIL No XENIX semaphores available", // 119
            "EISNAM Is a named type file", // 120
            "EREMOTEIO Remote I/O error", // 121
            "EDQUOT Disk quota exceeded", // 122
            "ENOMEDIUM No medium found", // 123
            "EMEDIUMTYPE Wrong medium type", // 124
            "ECANCELED Operation canceled", // 125
            "ENOKEY Required key not available", // 126
            "EKEYEXPIRED Key has expired", // 127
            "EKEYREVOKED Key has been revoked", // 128
            "EKEYREJECTED Key was rejected by service", // 129
            "EOWNERDEAD Owner died", // 130
            "ENOTRECOVERABLE State not recoverable", // 131
            "ERFKILL Operation not possible due to RF-kill", // 132
            "EHWPOISON Memory page has hardware error", // 133
    };
    /** The second names of numbers that have two, and the name the table gives the number. */
    private static final Map<String, Integer> ALIASES = Map.of("EWOULDBLOCK", EAGAIN, "EDEADLK", 35, "ENOTSUP", EOPNOTSUPP);
    private static final Map<String, Integer> BY_NAME = new HashMap<>(ALIASES);
    private static final Map<String, String> NAME_BY_TEXT = new HashMap<>();

    static {
        for (int n = 1; n < TABLE.length; n++) {
            if (TABLE[n] == null) continue;
            BY_NAME.put(name(n), n);
            NAME_BY_TEXT.put(text(n), name(n));
        }
    }

    private LinuxErrno() {
    }

    /** "EIO"; "errno 41" for a number Linux does not define. */
    public static String name(int errno) {
        String entry = entry(errno);
        return entry == null ? "errno " + errno : entry.substring(0, entry.indexOf(' '));
    }

    /** strerror's text: "Input/output error"; "unknown" for a number Linux does not define. */
    public static String text(int errno) {
        String entry = entry(errno);
        return entry == null ? "unknown" : entry.substring(entry.indexOf(' ') + 1);
    }

    /** The number of {@code name} ("EIO", or a second name such as "EWOULDBLOCK"); empty for no errno's name. */
    public static OptionalInt number(String name) {
        Integer n = BY_NAME.get(name);
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /** The name whose strerror text is {@code text} ("No space left on device" -> "ENOSPC"); empty for any other text. */
    public static Optional<String> nameOfText(String text) {
        return Optional.ofNullable(NAME_BY_TEXT.get(text));
    }

    private static String entry(int errno) {
        return errno > 0 && errno < TABLE.length ? TABLE[errno] : null;
    }
}
