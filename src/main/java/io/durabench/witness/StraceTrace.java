package io.durabench.witness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The system calls of one {@code strace -f -y -qq -s 0 -e signal=none -e trace=...} run, read back
 * from its {@code -o} file, in entry order. What the parser accepts (a test shows each):
 * <ul>
 *   <li>a thread-id prefix ({@code 8317  pwrite64(...)}), the {@code [pid  8317] } form, or none;</li>
 *   <li>complete calls {@code name(args) = result}: a number, a hex address, an fd with its -y path
 *       ({@code = 79</x/y.log>}), {@code -1 ERRNO (text)} or {@code ? ERRNO (text)};</li>
 *   <li>an interrupted call, {@code name(args <unfinished ...>}, and later from the same thread
 *       {@code <... name resumed>rest) = result}: one call, entered at the first line and completed
 *       at the second; a call never resumed (the process died) is kept as never returned;</li>
 *   <li>signal ({@code --- SIGSEGV ...---}) and exit ({@code +++ exited with 0 +++}) lines, and
 *       {@code ???( <detached ...>} (a thread caught inside a call strace never saw begin), skipped.</li>
 * </ul>
 * Anything else fails with the line number: the witness must not silently skip a call it did not understand.
 */
public final class StraceTrace {
    /**
     * The calls strace is asked for. Writes and syncs are what is compared; opens (with their flags)
     * tell which file and which kind of fd each fd is, and fcntl F_SETFL can change that kind later
     * (O_DIRECT: the JDK sets it again that way for ExtendedOpenOption.DIRECT); close ends an fd;
     * mmap/munmap tell which file an msync address belongs to; io_uring_enter is all strace sees of a
     * ring method's writes and syncs (io_uring_setup, before the markers, makes the ring's fd).
     */
    public static final List<String> TRACED_CALLS = List.of(
            "write", "pwrite64", "writev", "pwritev", "pwritev2",
            "fsync", "fdatasync", "msync", "sync_file_range", "fallocate", "ftruncate",
            "open", "openat", "openat2", "creat", "close", "fcntl", "mmap", "munmap", "io_uring_setup", "io_uring_enter");

    private static final Pattern PID_PREFIX = Pattern.compile("^(?:\\[pid\\s+(\\d+)\\]|(\\d+))\\s+");
    private static final Pattern RESUMED = Pattern.compile("^<\\.\\.\\. (\\w+) resumed>");
    private static final Pattern CALL_START = Pattern.compile("^(\\w+)\\(");
    private static final Pattern ERRNO = Pattern.compile("^\\s+([A-Z][A-Z0-9_]*)\\b.*");
    private static final String UNFINISHED = " <unfinished ...>";

    private final List<SyscallEvent> events;

    private StraceTrace(List<SyscallEvent> events) {
        this.events = List.copyOf(events);
    }

    /** Every call, in the order strace saw them entered. */
    public List<SyscallEvent> events() {
        return events;
    }

    public static StraceTrace read(Path file) {
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the strace output " + file + ": " + e.getMessage(), e);
        }
    }

    private record Pending(int slot, int entryLine, String name, String argsText) {
    }

    public static StraceTrace parse(List<String> lines) {
        List<SyscallEvent> slots = new ArrayList<>();
        Map<Integer, Pending> pending = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            int lineNo = i + 1;
            String line = lines.get(i);
            if (line.isBlank()) continue;
            int pid = 0;
            String rest = line;
            Matcher p = PID_PREFIX.matcher(line);
            if (p.find()) {
                pid = Integer.parseInt(p.group(1) != null ? p.group(1) : p.group(2));
                rest = line.substring(p.end());
            }
            if (rest.startsWith("--- ") || rest.startsWith("+++ ")) continue;
            if (rest.startsWith("???(") && rest.strip().endsWith("<detached ...>")) continue;
            Matcher resumed = RESUMED.matcher(rest);
            if (resumed.find()) {
                Pending started = pending.remove(pid);
                if (started == null || !started.name().equals(resumed.group(1))) {
                    throw malformed(lineNo, line, "a resumed " + resumed.group(1) + " that thread " + pid + " never started");
                }
                String joined = started.argsText() + rest.substring(resumed.end());
                slots.set(started.slot(), complete(started.entryLine(), lineNo, pid, started.name(), joined, line));
                continue;
            }
            Matcher call = CALL_START.matcher(rest);
            if (!call.find()) throw malformed(lineNo, line, "not a system call");
            String name = call.group(1);
            if (rest.endsWith(UNFINISHED)) {
                Pending earlier = pending.put(pid, new Pending(slots.size(), lineNo, name,
                        rest.substring(call.end(), rest.length() - UNFINISHED.length())));
                if (earlier != null) slots.set(earlier.slot(), neverReturned(earlier, pid));
                slots.add(null);
                continue;
            }
            slots.add(complete(lineNo, lineNo, pid, name, rest.substring(call.end()), line));
        }
        for (Map.Entry<Integer, Pending> e : pending.entrySet()) {
            slots.set(e.getValue().slot(), neverReturned(e.getValue(), e.getKey()));
        }
        return new StraceTrace(slots);
    }

    private static SyscallEvent neverReturned(Pending p, int pid) {
        return new SyscallEvent(p.entryLine(), -1, pid, p.name(), StraceText.splitArgs(p.argsText(), 0).args(), 0, null, null);
    }

    /** Parses {@code args) = result} (the text after {@code name(}). */
    private static SyscallEvent complete(int entryLine, int lineNo, int pid, String name, String text, String line) {
        if (text.contains(UNFINISHED)) {
            // "<... read resumed> <unfinished ...>) = ?": the process went away inside the call.
            String argsText = text.replace(UNFINISHED, "");
            return new SyscallEvent(entryLine, -1, pid, name, StraceText.splitArgs(argsText, 0).args(), 0, null, null);
        }
        StraceText.Split split = StraceText.splitArgs(text, 0);
        if (split.end() < 0) throw malformed(lineNo, line, "the argument list of " + name + " is not closed");
        String tail = text.substring(split.end()).strip();
        if (!tail.startsWith("=")) throw malformed(lineNo, line, "no '= result' after the arguments of " + name);
        String result = tail.substring(1).strip();
        if (result.startsWith("?")) {
            Matcher errno = ERRNO.matcher(result.substring(1));
            if (!errno.matches()) return new SyscallEvent(entryLine, -1, pid, name, split.args(), 0, null, null);
            return new SyscallEvent(entryLine, lineNo, pid, name, split.args(), -1, errno.group(1), null);
        }
        int numberEnd = 0;
        while (numberEnd < result.length() && result.charAt(numberEnd) != ' ' && result.charAt(numberEnd) != '<') numberEnd++;
        long value;
        try {
            String number = result.substring(0, numberEnd);
            value = number.startsWith("0x") ? Long.parseUnsignedLong(number.substring(2), 16) : Long.parseLong(number);
        } catch (NumberFormatException e) {
            throw malformed(lineNo, line, "result '" + result + "' of " + name + " is not a number");
        }
        String after = result.substring(numberEnd);
        String resultPath = null;
        if (after.startsWith("<")) {
            int end = StraceText.skipAnnotation(after, 0);
            if (after.charAt(end - 1) != '>') throw malformed(lineNo, line, "the path after the result of " + name + " is not closed");
            resultPath = StraceText.unescape(after.substring(1, end - 1));
            after = after.substring(end);
        }
        String errno = null;
        if (value < 0) {
            Matcher m = ERRNO.matcher(after);
            if (!m.matches()) throw malformed(lineNo, line, name + " returned " + value + " without an errno name");
            errno = m.group(1);
        }
        return new SyscallEvent(entryLine, lineNo, pid, name, split.args(), value, errno, resultPath);
    }

    private static IllegalArgumentException malformed(int lineNo, String line, String why) {
        return new IllegalArgumentException("strace output line " + lineNo + " is not understood (" + why + "): " + line);
    }
}
