package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.expectation.CallHow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Replaying the fd table and the file mappings: which file and which kind of fd each call used. */
class FileCallsTest {

    @Test
    void twoFdsOnOneFileAreToldApartByTheirOpenFlags() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/l.log\", O_RDWR|O_CLOEXEC) = 78</d/l.log>",
                "9  openat(AT_FDCWD</d>, \"/d/l.log\", O_RDWR|O_CREAT|O_DSYNC|O_CLOEXEC, 0644) = 79</d/l.log>",
                "9  pwrite64(79</d/l.log>, \"\"..., 4096, 0) = 4096",
                "9  pwrite64(78</d/l.log>, \"\"..., 65536, 0) = 65536",
                "9  fdatasync(78</d/l.log>) = 0");
        assertEquals("no creation or sync flags", calls.get(0).how());
        assertEquals("O_CREAT|O_DSYNC", calls.get(1).how());
        assertTrue(calls.get(1).creates());
        assertEquals(new FileCallView("pwrite64", "/d/l.log", "O_DSYNC fd", 4096), view(calls.get(2)));
        assertEquals(new FileCallView("pwrite64", "/d/l.log", "plain fd", 65536), view(calls.get(3)));
        assertEquals(new FileCallView("fdatasync", "/d/l.log", "plain fd", 0), view(calls.get(4)));
    }

    /** pg_test_fsync's "write, close, fsync": the fsync through a second descriptor is told apart from the writer's own. */
    @Test
    void anFsyncThroughADescriptorThatWroteNothingIsToldApart() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/pg.out\", O_RDWR|O_CLOEXEC) = 5</d/pg.out>",
                "9  pwrite64(5</d/pg.out>, \"\"..., 8192, 0) = 8192",
                "9  fsync(5</d/pg.out>) = 0",
                "9  close(5</d/pg.out>) = 0",
                "9  openat(AT_FDCWD</d>, \"/d/pg.out\", O_RDWR|O_CLOEXEC) = 5</d/pg.out>",
                "9  pwrite64(5</d/pg.out>, \"\"..., 8192, 0) = 8192",
                "9  close(5</d/pg.out>) = 0",
                "9  openat(AT_FDCWD</d>, \"/d/pg.out\", O_RDWR|O_CLOEXEC) = 5</d/pg.out>",
                "9  fsync(5</d/pg.out>) = 0",
                "9  openat(AT_FDCWD</d>, \"/d\", O_RDONLY|O_DIRECTORY|O_CLOEXEC) = 6</d>",
                "9  fsync(6</d>) = 0",
                "9  openat(AT_FDCWD</d>, \"/d/l.log\", O_RDWR|O_CLOEXEC) = 7</d/l.log>",
                "9  ftruncate(7</d/l.log>, 65536) = 0",
                "9  fsync(7</d/l.log>) = 0");
        assertEquals("plain fd", calls.get(2).how(), "the writer's own fsync");
        assertEquals("plain fd, nothing written through it", calls.get(8).how(), "a new descriptor on the same fd number wrote nothing");
        assertEquals("plain fd", calls.get(10).how(), "a directory's fsync is not a checkpointer's");
        assertEquals("plain fd", calls.get(13).how(), "an ftruncate changes the file through the descriptor as a write does");
    }

    /**
     * Linux frees an fd as close begins: another thread's open can get the number while the close is still
     * unfinished in the trace (seen under load), and the new file's calls must not lose their open.
     */
    @Test
    void anFdReusedByAnotherThreadBeforeItsCloseReturnsKeepsItsNewOpen() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/old\", O_RDWR|O_CLOEXEC) = 7</d/old>",
                "12 close(7</d/old> <unfinished ...>",
                "9  openat(AT_FDCWD</d>, \"/d/new\", O_RDWR|O_CREAT|O_CLOEXEC, 0644) = 7</d/new>",
                "12 <... close resumed>) = 0",
                "9  pwrite64(7</d/new>, \"\"..., 4096, 0) = 4096");
        assertEquals(new FileCallView("pwrite64", "/d/new", "plain fd", 4096), view(calls.get(3)));
    }

    @Test
    void directAndSyncFlagsMakeTheFdKind() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/a\", O_RDWR|O_SYNC|O_DIRECT|O_CLOEXEC) = 5</d/a>",
                "9  pwrite64(5</d/a>, \"\"..., 8192, 0) = 8192",
                "9  openat(AT_FDCWD</d>, \"/d/b\", O_RDWR|O_DIRECT) = 6</d/b>",
                "9  pwrite64(6</d/b>, \"\"..., 8192, 0) = 8192",
                "9  fallocate(6</d/b>, 0, 0, 1048576) = 0",
                "9  sync_file_range(6</d/b>, 0, 4096, SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE|SYNC_FILE_RANGE_WAIT_AFTER) = 0");
        assertEquals("O_DIRECT|O_SYNC fd", calls.get(1).how());
        assertEquals("O_DIRECT fd", calls.get(3).how());
        assertEquals("O_DIRECT fd, mode 0", calls.get(4).how());
        assertEquals("O_DIRECT fd, SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE|SYNC_FILE_RANGE_WAIT_AFTER", calls.get(5).how());
    }

    /** fcntl F_SETFL changes an fd's O_DIRECT (as the JDK does for ExtendedOpenOption.DIRECT), never its O_DSYNC. */
    @Test
    void fcntlSetflChangesWhetherAnFdIsDirect() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/a\", O_RDWR|O_DSYNC|O_DIRECT) = 5</d/a>",
                "9  fcntl(5</d/a>, F_GETFL) = 0xd002 (flags O_RDWR|O_DSYNC|O_DIRECT|O_LARGEFILE)",
                "9  fcntl(5</d/a>, F_SETFL, O_RDWR|O_DSYNC|O_DIRECT|O_LARGEFILE) = 0",
                "9  pwrite64(5</d/a>, \"\"..., 4096, 0) = 4096",
                "9  fcntl(5</d/a>, F_SETFL, O_RDWR|O_LARGEFILE) = 0",
                "9  pwrite64(5</d/a>, \"\"..., 4096, 0) = 4096",
                "9  openat(AT_FDCWD</d>, \"/d/b\", O_RDWR) = 6</d/b>",
                "9  fcntl(6</d/b>, F_SETFL, O_RDWR|O_DIRECT) = 0",
                "9  pwrite64(6</d/b>, \"\"..., 4096, 0) = 4096",
                "9  fcntl(6</d/b>, F_SETFL, O_RDWR) = -1 EBADF (Bad file descriptor)",
                "9  pwrite64(6</d/b>, \"\"..., 4096, 0) = 4096");
        assertEquals("O_DIRECT|O_DSYNC fd", calls.get(1).how());
        assertEquals("O_DSYNC fd", calls.get(2).how(), "F_SETFL cleared O_DIRECT; O_DSYNC stays");
        assertEquals("O_DIRECT fd", calls.get(4).how(), "F_SETFL set O_DIRECT on a plain fd");
        assertEquals("O_DIRECT fd", calls.get(5).how(), "a failed F_SETFL changes nothing");
    }

    /**
     * Seen in a real JDK 17 trace: the workload thread's openat is entered, another thread closes
     * fd 79 (a cgroup file) and the openat then returns 79. Replaying by entry order alone would
     * let that close erase the new fd.
     */
    @Test
    void anFdReusedWhileAnotherThreadClosesItIsTheNewFile() {
        List<FileCall> calls = calls(
                "8909  openat(AT_FDCWD</>, \"/sys/fs/cgroup/memory.stat\", O_RDONLY) = 79</sys/fs/cgroup/memory.stat>",
                "8897  openat(AT_FDCWD</>, \"/d/create-0\", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0644 <unfinished ...>",
                "8909  close(79</sys/fs/cgroup/memory.stat>) = 0",
                "8897  <... openat resumed>) = 79</d/create-0>",
                "8897  pwrite64(79</d/create-0>, \"\"..., 4096, 0) = 4096",
                "8897  fsync(79</d/create-0>) = 0");
        assertEquals(new FileCallView("close", "/sys/fs/cgroup/memory.stat", "plain fd", 0), view(calls.get(2)));
        assertEquals(new FileCallView("pwrite64", "/d/create-0", "plain fd", 4096), view(calls.get(3)));
        assertEquals(new FileCallView("fsync", "/d/create-0", "plain fd", 0), view(calls.get(4)));
    }

    @Test
    void msyncBelongsToTheFileWhoseSharedMappingHoldsTheAddressUntilItIsUnmapped() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/m.log\", O_RDWR|O_CREAT, 0666) = 42</d/m.log>",
                "9  mmap(NULL, 1048576, PROT_READ|PROT_WRITE, MAP_SHARED, 42</d/m.log>, 0) = 0x7f0000000000",
                "9  mmap(NULL, 4096, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = 0x7f1000000000",
                "9  msync(0x7f0000005000, 20480, MS_SYNC) = 0",
                "9  msync(0x7f1000000000, 4096, MS_SYNC) = 0",
                "9  munmap(0x7f0000000000, 1048576) = 0",
                "9  msync(0x7f0000005000, 20480, MS_SYNC) = -1 ENOMEM (Cannot allocate memory)");
        assertEquals(new FileCallView("msync", "/d/m.log", "MS_SYNC", 0), view(calls.get(1)));
        assertNull(calls.get(2).path(), "an anonymous mapping is no file");
        assertNull(calls.get(3).path(), "after munmap the address is no longer the file's");
        assertFalse(calls.get(3).succeeded());
    }

    @Test
    void anFdNoTracedOpenMadeIsSaidToBeSo() {
        List<FileCall> calls = calls("9  fdatasync(7</d/x.log>) = 0");
        assertEquals(new FileCallView("fdatasync", "/d/x.log", CallHow.UNKNOWN_FD, 0), view(calls.get(0)));
    }

    @Test
    void aClosedFdIsForgottenAndAFailedOpenCreatesNothing() {
        List<FileCall> calls = calls(
                "9  openat(AT_FDCWD</d>, \"/d/a\", O_RDWR|O_DSYNC) = 5</d/a>",
                "9  close(5</d/a>) = 0",
                "9  fsync(5</d/b>) = 0",
                "9  openat(AT_FDCWD</d>, \"rel/c\", O_RDWR|O_CREAT, 0644) = -1 ENOENT (No such file or directory)");
        assertEquals(new FileCallView("close", "/d/a", "O_DSYNC fd", 0), view(calls.get(1)), "a close is of the fd it ends");
        assertEquals(CallHow.UNKNOWN_FD, calls.get(2).how());
        assertEquals("/d/b", calls.get(2).path());
        assertEquals("/d/rel/c", calls.get(3).path(), "a relative path is resolved against the dirfd's path");
        assertFalse(calls.get(3).creates());
    }

    @Test
    void creatOpenAndOpenat2AreOpensToo() {
        List<FileCall> calls = calls(
                "9  creat(\"/d/a\", 0644) = 5</d/a>",
                "9  open(\"/d/b\", O_RDWR|O_DSYNC) = 6</d/b>",
                "9  openat2(AT_FDCWD</d>, \"/d/c\", {flags=O_RDWR|O_CREAT|O_DIRECT, mode=0644, resolve=0}, 24) = 7</d/c>",
                "9  write(5</d/a>, \"\"..., 10) = 10",
                "9  write(6</d/b>, \"\"..., 10) = 10",
                "9  write(7</d/c>, \"\"..., 10) = 10");
        assertTrue(calls.get(0).creates());
        assertEquals("O_CREAT|O_TRUNC", calls.get(0).how());
        assertEquals("O_DSYNC fd", calls.get(4).how());
        assertEquals("O_DIRECT fd", calls.get(5).how());
        assertTrue(calls.get(2).creates());
    }

    private record FileCallView(String call, String path, String how, long bytes) {
    }

    private static FileCallView view(FileCall c) {
        return new FileCallView(c.call(), c.path(), c.how(), c.bytes());
    }

    private static List<FileCall> calls(String... lines) {
        return FileCalls.of(StraceTrace.parse(List.of(lines)));
    }
}
