package io.durabench.witness;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a trace into {@link FileCall}s: which file each write, sync, truncate, allocate, open and
 * close touched (and which io_uring each io_uring_enter entered), and through what kind of fd, by replaying the process's fd table and file mappings.
 * A replay, not only the {@code -y} paths, because the durable-write loop opens its log twice (a
 * control fd and the method's own), so the path alone cannot tell an O_DSYNC write from a plain one.
 *
 * <p>Each fd is traced back to the open that returned it, with its flags, as later changed by a
 * successful fcntl F_SETFL (O_DIRECT among them; the JDK sets DIRECT's that way again after the
 * open); close ends it; an msync address is traced to the MAP_SHARED mapping that holds it. An fd
 * is looked up when its call is entered, but an open creates and a close frees it when they return,
 * and another thread's call can come in between, so the replay walks entries and completions in
 * line order. The witnessed JVM does not fork, so one fd table serves every thread; an fd no traced
 * open made (dup, inherited) is reported as such rather than guessed.
 */
final class FileCalls {
    private static final Pattern OPENAT2_FLAGS = Pattern.compile("flags=([A-Z0-9_|x]+)");
    /** The status flags fcntl(F_SETFL) can change on Linux (fs/fcntl.c SETFL_MASK); the access mode and O_DSYNC/O_SYNC stay. */
    private static final List<String> SETFL_FLAGS = List.of("O_APPEND", "O_ASYNC", "O_DIRECT", "O_NOATIME", "O_NONBLOCK");

    private record Opened(String path, List<String> flags) {
    }

    private record Mapping(long start, long end, Opened file) {
    }

    private FileCalls() {
    }

    /** One FileCall per write, sync, truncate, fallocate, msync, open and close, in entry order. */
    static List<FileCall> of(StraceTrace trace) {
        List<SyscallEvent> events = trace.events();
        // Every event has an entry point (resolve its fd) and, if it returned, a completion point (apply its effect).
        record Point(int line, boolean apply, int index) {
        }
        List<Point> points = new ArrayList<>(events.size() * 2);
        for (int i = 0; i < events.size(); i++) {
            SyscallEvent e = events.get(i);
            points.add(new Point(e.entryLine(), false, i));
            if (e.returned()) points.add(new Point(e.completionLine(), true, i));
        }
        points.sort(Comparator.comparingInt(Point::line).thenComparing(Point::apply));

        Map<Integer, Opened> fds = new HashMap<>();
        // The opens some write, ftruncate or fallocate went through (by identity: two opens of one file are two descriptors).
        Set<Opened> written = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Mapping> mappings = new ArrayList<>();
        FileCall[] calls = new FileCall[events.size()];
        Opened[] mmapTarget = new Opened[events.size()];
        for (Point p : points) {
            SyscallEvent e = events.get(p.index());
            if (!p.apply()) {
                calls[p.index()] = resolve(e, fds, mappings, written);
                if (e.name().equals("mmap")) mmapTarget[p.index()] = owner(e.arg(4), fds);
                // Linux frees the fd as close begins (even when close then reports an error): another thread's open may get
                // the number before this close's line returns, so the fd is forgotten at the entry, not at the completion.
                if (e.name().equals("close")) forget(e, fds);
            } else {
                apply(e, fds, mappings, mmapTarget[p.index()], written);
            }
        }
        return Arrays.stream(calls).filter(c -> c != null).toList();
    }

    private static FileCall resolve(SyscallEvent e, Map<Integer, Opened> fds, List<Mapping> mappings, Set<Opened> written) {
        String name = e.name();
        if (isOpen(name)) {
            List<String> flags = openFlags(e);
            boolean creates = e.succeeded() && flags.contains("O_CREAT");
            return new FileCall(e, "openat", openedPath(e), CallHow.open(flags), 0, creates);
        }
        if (name.equals("msync")) {
            long addr = parseAddress(e.arg(0));
            Opened file = null;
            for (Mapping m : mappings) {
                if (addr >= m.start() && addr < m.end()) file = m.file();
            }
            return new FileCall(e, name, file == null ? null : file.path(), e.arg(2), 0, false);
        }
        if (name.equals("io_uring_enter")) {
            StraceText.FdRef ring = StraceText.fd(e.arg(0));
            return new FileCall(e, name, ring == null ? null : ring.path(), e.arg(3), 0, false);
        }
        boolean write = CallKey.WRITES.contains(name);
        if (!write && !List.of("fsync", "fdatasync", "ftruncate", "fallocate", "sync_file_range", "close").contains(name)) return null;
        StraceText.FdRef ref = StraceText.fd(e.arg(0));
        Opened file = owner(e.arg(0), fds);
        String kind = file == null ? CallHow.UNKNOWN_FD : CallHow.fd(file.flags());
        String path = file != null ? file.path() : ref == null ? null : ref.path();
        String how = switch (name) {
            case "fallocate" -> CallHow.fallocate(kind, e.arg(1));
            case "sync_file_range" -> CallHow.syncFileRange(kind, e.arg(3));
            case "pwritev2" -> CallHow.rwFlags(kind, e.arg(4));
            case "fsync", "fdatasync" -> file != null && !written.contains(file) && !file.flags().contains("O_DIRECTORY") ? CallHow.unwritten(kind) : kind;
            default -> kind;
        };
        long bytes = write && e.succeeded() ? e.result() : 0;
        return new FileCall(e, name, path, how, bytes, false);
    }

    /** The open behind an fd argument, if a traced open made it and -y still names the same file. */
    private static Opened owner(String fdArg, Map<Integer, Opened> fds) {
        StraceText.FdRef ref = StraceText.fd(fdArg);
        if (ref == null) return null;
        Opened file = fds.get(ref.fd());
        if (file == null || (ref.path() != null && !ref.path().equals(file.path()))) return null;
        return file;
    }

    private static void apply(SyscallEvent e, Map<Integer, Opened> fds, List<Mapping> mappings, Opened mmapTarget, Set<Opened> written) {
        String name = e.name();
        if ((CallKey.WRITES.contains(name) || name.equals("ftruncate") || name.equals("fallocate")) && e.succeeded()) {
            Opened file = owner(e.arg(0), fds);
            if (file != null) written.add(file);
        }
        if (isOpen(name) && e.succeeded()) {
            fds.put((int) e.result(), new Opened(openedPath(e), openFlags(e)));
        } else if (name.equals("fcntl") && e.succeeded() && e.arg(1).equals("F_SETFL")) {
            StraceText.FdRef ref = StraceText.fd(e.arg(0));
            Opened file = ref == null ? null : fds.get(ref.fd());
            if (file != null) {
                List<String> flags = new ArrayList<>(file.flags());
                flags.removeAll(SETFL_FLAGS);
                StraceText.flagNames(e.arg(2)).stream().filter(SETFL_FLAGS::contains).forEach(flags::add);
                fds.put(ref.fd(), new Opened(file.path(), flags));
            }
        } else if (name.equals("mmap") && e.succeeded() && mmapTarget != null) {
            mappings.add(new Mapping(e.result(), e.result() + parseLength(e.arg(1)), mmapTarget));
        } else if (name.equals("munmap") && e.succeeded()) {
            long start = parseAddress(e.arg(0));
            long end = start + parseLength(e.arg(1));
            for (Iterator<Mapping> it = mappings.iterator(); it.hasNext(); ) {
                Mapping m = it.next();
                if (m.start() < end && start < m.end()) it.remove();
            }
        }
    }

    private static void forget(SyscallEvent close, Map<Integer, Opened> fds) {
        StraceText.FdRef ref = StraceText.fd(close.arg(0));
        if (ref != null) fds.remove(ref.fd());
    }

    private static boolean isOpen(String name) {
        return name.equals("openat") || name.equals("open") || name.equals("creat") || name.equals("openat2");
    }

    private static List<String> openFlags(SyscallEvent e) {
        return switch (e.name()) {
            case "openat" -> StraceText.flagNames(e.arg(2));
            case "open" -> StraceText.flagNames(e.arg(1));
            case "creat" -> List.of("O_WRONLY", "O_CREAT", "O_TRUNC");
            default -> { // openat2(dirfd, path, {flags=..., ...}, size)
                Matcher m = OPENAT2_FLAGS.matcher(e.arg(2));
                yield m.find() ? StraceText.flagNames(m.group(1)) : List.of();
            }
        };
    }

    /** The kernel's path for a successful open (-y on the result), else the path argument made absolute. */
    private static String openedPath(SyscallEvent e) {
        if (e.resultPath() != null) return e.resultPath();
        boolean hasDirFd = e.name().equals("openat") || e.name().equals("openat2");
        String path = StraceText.unquote(e.arg(hasDirFd ? 1 : 0));
        if (path == null) return null;
        if (path.startsWith("/") || !hasDirFd) return path;
        StraceText.FdRef dir = StraceText.fd(e.arg(0));
        return dir == null || dir.path() == null ? path : Path.of(dir.path()).resolve(path).toString();
    }

    private static long parseAddress(String arg) {
        try {
            return arg.startsWith("0x") ? Long.parseUnsignedLong(arg.substring(2), 16) : Long.parseLong(arg);
        } catch (NumberFormatException ex) {
            return -1;
        }
    }

    private static long parseLength(String arg) {
        long n = parseAddress(arg);
        return Math.max(n, 0);
    }
}
