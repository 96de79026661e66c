/*
 * An io_uring through raw syscalls (io_uring_setup, io_uring_enter, io_uring_register, mmap): no
 * liburing and no kernel header needed at build time, the ABI's structs are declared in uring.c.
 * What the Java side's ring does for URING_FDATASYNC, URING_DSYNC and URING_DIRECT_DSYNC: SQEs are
 * queued without a syscall and one io_uring_enter submits them all and waits for all their
 * completions, each of which is checked. No SQPOLL, no registered buffers or files.
 */
#ifndef TWIN_URING_H
#define TWIN_URING_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct uring;

/*
 * Whether this machine refuses io_uring by design: no syscall numbers for this architecture,
 * io_uring_setup refused (EPERM: kernel.io_uring_disabled, or a seccomp filter; ENOSYS: no io_uring
 * or a seccomp filter), or a kernel without IORING_OP_WRITE or IORING_OP_FSYNC (IORING_REGISTER_PROBE).
 * Sets reason and returns true; any other failure is a failure (exit 1 or a recovered unit).
 */
bool uring_refused(char *reason, size_t size);

/*
 * IoUringRings.setUp: a ring of at least entries SQEs for writes to fd (path names it in failures),
 * IORING_OP_WRITE and IORING_OP_FSYNC probed, the rings mapped; fails on any error, a refusal with its reason.
 */
struct uring *uring_open(unsigned entries, int fd, const char *path);
/* Queues an IORING_OP_WRITE of len bytes from buf at offset, rw_flags as pwritev2's (0 or RWF_DSYNC); no syscall. */
void uring_queue_write(struct uring *r, const void *buf, unsigned len, off_t offset, int rw_flags);
/*
 * Queues an IORING_OP_FSYNC with IORING_FSYNC_DATASYNC after the queued writes: linked (the last
 * write carries IOSQE_IO_LINK) or drained (the fsync carries IOSQE_IO_DRAIN: it starts only once
 * every earlier SQE has completed). No syscall.
 */
void uring_queue_fdatasync(struct uring *r, bool linked);
/* How many SQEs are queued and not submitted yet. */
unsigned uring_queued(const struct uring *r);
/*
 * IoUring.submitAndWait: io_uring_enter(unsubmitted, outstanding, IORING_ENTER_GETEVENTS) until every
 * queued SQE is submitted and completed (one call unless a signal interrupts it: EINTR is waited again,
 * up to 100 times in a row), then every completion checked: a write's result must be its length (less
 * is a short write, a negative one is -errno), an fsync's 0; an fsync cancelled after its linked
 * write failed reports the write's failure. Fails naming the op, the errno and the path. Returns the
 * io_uring_enter calls made (the ringEnters counter).
 */
unsigned long uring_submit_and_wait(struct uring *r);
/* Unmaps the rings and closes the ring's fd; checked. */
void uring_close(struct uring *r);
/* After a failure: the same, errors ignored. NULL is fine. */
void uring_discard(struct uring *r);

/* Whether pwritev2(RWF_DSYNC) is refused here by design (EOPNOTSUPP, ENOSYS), tried on fd; other errors fail. */
bool pwritev2_dsync_refused(int fd, const void *buf, size_t len, const char *path, char *reason, size_t size);
/* pwritev2(fd, {buf, len}, 1, offset, RWF_DSYNC); a short write is an error, as chk_pwrite's. */
void chk_pwritev2_dsync(int fd, const void *buf, size_t len, off_t offset, const char *path);

#endif
