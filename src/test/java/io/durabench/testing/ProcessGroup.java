package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A process group as a terminal sees it: what a test started with {@code setsid} (the group's id is
 * the leader's pid) and every process it forked, even one whose parent died (an orphan keeps its
 * group). Members are read from /proc, so nothing is missed that ProcessHandle's parent links lose.
 */
public final class ProcessGroup {
    private final long pgid;

    /**
     * The group {@code cli} leads, once it does: started under setsid, the process becomes the group's
     * leader as setsid execs it (a child of a JVM is never one already). Fails the test after 30 s.
     */
    public static ProcessGroup ledBy(CliProcess cli) {
        ProcessGroup group = new ProcessGroup(cli.pid());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!group.members().contains(cli.pid())) {
            if (System.nanoTime() > deadline) fail("the run did not become process group " + cli.pid() + ":\n" + cli.transcript());
            Commands.pause(5);
        }
        return group;
    }

    public ProcessGroup(long pgid) {
        this.pgid = pgid;
    }

    public long id() {
        return pgid;
    }

    /** Sends {@code signal} ("INT", "TERM", "KILL") to every member at once, as Ctrl-C does with INT. */
    public void signal(String signal) {
        Commands.run("kill", "-" + signal, "--", "-" + pgid);
    }

    /** The pids of the group's live processes now. */
    public List<Long> members() {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.toList()) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) continue;
                if (groupOf(p).orElse(-1L) == pgid) pids.add(Long.parseLong(name));
            }
        } catch (IOException e) {
            fail("cannot list /proc: " + e.getMessage());
        }
        return pids;
    }

    /** A member whose command line contains {@code fragment} (e.g. JMH's ForkedMain), if one is running. */
    public Optional<ProcessHandle> member(String fragment) {
        for (long pid : members()) {
            if (commandLine(pid).contains(fragment)) {
                Optional<ProcessHandle> h = ProcessHandle.of(pid);
                if (h.isPresent()) return h;
            }
        }
        return Optional.empty();
    }

    /** Waits for a member running {@code fragment} to appear; fails the test after {@code timeout}. */
    public ProcessHandle awaitMember(String fragment, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> h = member(fragment);
            if (h.isPresent()) return h.get();
            Commands.pause(10);
        }
        return fail("no process running " + fragment + " appeared in process group " + pgid + " within " + timeout);
    }

    /** Waits until no process is left in the group; fails the test (naming them) after {@code timeout}. */
    public void awaitEmpty(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Long> left = members();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Commands.pause(50);
            left = members();
        }
        if (!left.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (long pid : left) sb.append("\n  ").append(pid).append(": ").append(commandLine(pid));
            fail("processes of group " + pgid + " still running after " + timeout + ":" + sb);
        }
    }

    /** Kills whatever is left in the group (a test's clean-up; never fails). */
    public void killAll() {
        for (long pid : members()) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }

    private static Optional<Long> groupOf(Path proc) {
        try {
            String stat = Files.readString(proc.resolve("stat"), StandardCharsets.UTF_8);
            // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so count from the last ')'.
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // A zombie (Z) or dead (X) process holds no files and no locks; an init that does not reap would keep it forever.
            if (after[0].equals("Z") || after[0].equals("X")) return Optional.empty();
            return Optional.of(Long.parseLong(after[2]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the process ended while we looked
        }
    }

    private static String commandLine(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }
}
