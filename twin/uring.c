/*
 * The io_uring of URING_FDATASYNC, URING_DSYNC and URING_DIRECT_DSYNC through raw syscalls. The kernel
 * ABI's structs are declared here (their layout is fixed by the kernel), so the twin builds with no
 * liburing and no <linux/io_uring.h>. No SQPOLL: every submission goes through io_uring_enter, a
 * syscall and so a full barrier, and the kernel has posted every awaited completion before it
 * returns: plain loads and stores of the ring's head and tail around it are ordered (the only
 * other party, the kernel, runs inside the call). Buffers and files are not registered.
 */
#define _GNU_SOURCE
#include "uring.h"
#include "checked.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define URING_KNOWN_ARCH 1
#define NR_IO_URING_SETUP 425
#define NR_IO_URING_ENTER 426
#define NR_IO_URING_REGISTER 427
#else
#define URING_KNOWN_ARCH 0
#define NR_IO_URING_SETUP (-1)
#define NR_IO_URING_ENTER (-1)
#define NR_IO_URING_REGISTER (-1)
#endif

#define IORING_OP_FSYNC 3
#define IORING_OP_WRITE 23
#define IOSQE_IO_DRAIN (1U << 1)
#define IOSQE_IO_LINK (1U << 2)
#define IORING_FSYNC_DATASYNC 1U
#define IORING_ENTER_GETEVENTS 1U
#define IORING_FEAT_SINGLE_MMAP 1U
#define IORING_OFF_SQ_RING 0LL
#define IORING_OFF_CQ_RING 0x8000000LL
#define IORING_OFF_SQES 0x10000000LL
#define IORING_REGISTER_PROBE 8
#define IO_URING_OP_SUPPORTED 1U
#define PROBE_OPS 256
/* IoUring.MAX_INTERRUPTS: io_uring_enter interrupted (EINTR) this many times in a row is a failure. */
#define MAX_INTERRUPTS 100

/* struct io_uring_sqe: 64 bytes. */
struct sqe {
    uint8_t opcode;
    uint8_t flags;
    uint16_t ioprio;
    int32_t fd;
    uint64_t off;
    uint64_t addr;
    uint32_t len;
    uint32_t op_flags; /* rw_flags for a write, fsync_flags for an fsync */
    uint64_t user_data;
    uint16_t buf_index;
    uint16_t personality;
    int32_t splice_fd_in;
    uint64_t addr3;
    uint64_t pad;
};
_Static_assert(sizeof(struct sqe) == 64, "io_uring_sqe is 64 bytes");

/* struct io_uring_cqe without IORING_SETUP_CQE32: 16 bytes. */
struct cqe {
    uint64_t user_data;
    int32_t res;
    uint32_t flags;
};
_Static_assert(sizeof(struct cqe) == 16, "io_uring_cqe is 16 bytes");

struct sq_offsets { uint32_t head, tail, ring_mask, ring_entries, flags, dropped, array, resv1; uint64_t user_addr; };
struct cq_offsets { uint32_t head, tail, ring_mask, ring_entries, overflow, cqes, flags, resv1; uint64_t user_addr; };
struct params {
    uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle, features, wq_fd, resv[3];
    struct sq_offsets sq_off;
    struct cq_offsets cq_off;
};
_Static_assert(sizeof(struct params) == 120, "io_uring_params is 120 bytes");

struct probe_op { uint8_t op, resv; uint16_t flags; uint32_t resv2; };
struct probe { uint8_t last_op, ops_len; uint16_t resv; uint32_t resv2[3]; struct probe_op ops[PROBE_OPS]; };

/* What one queued SQE is, to check its completion: a write of len bytes, or the fsync (len 0). */
struct pending { bool write; unsigned len; long long offset; };

struct uring {
    int ring_fd;
    int fd;
    const char *path;
    void *sq_ring, *cq_ring;
    size_t sq_ring_bytes, cq_ring_bytes;
    struct sqe *sqes;
    size_t sqes_bytes;
    uint32_t *sq_head, *sq_tail, *sq_mask, *sq_array;
    uint32_t *cq_head, *cq_tail, *cq_mask;
    struct cqe *cqes;
    unsigned entries;
    unsigned queued;            /* SQEs written since the last submission */
    struct pending *pending;    /* per user_data (the SQE's index in the submission) */
    int32_t *results;           /* each completion's res, per user_data */
    bool *completed;
};

static long sys_setup(unsigned entries, struct params *p) {
    return syscall(NR_IO_URING_SETUP, entries, p);
}

static long sys_enter(int ring_fd, unsigned to_submit, unsigned min_complete, unsigned flags) {
    return syscall(NR_IO_URING_ENTER, ring_fd, to_submit, min_complete, flags, NULL, 0);
}

static long sys_register(int ring_fd, unsigned opcode, void *arg, unsigned nr_args) {
    return syscall(NR_IO_URING_REGISTER, ring_fd, opcode, arg, nr_args);
}

/* kernel.io_uring_disabled as text ("0", "1", "2"), or "unknown" where the file is missing (before Linux 6.6). */
static void read_disabled(char *out, size_t size) {
    snprintf(out, size, "unknown");
    FILE *f = fopen("/proc/sys/kernel/io_uring_disabled", "re");
    if (f == NULL) return;
    if (fgets(out, (int) size, f) == NULL) snprintf(out, size, "unknown");
    fclose(f);
    out[strcspn(out, "\n")] = '\0';
}

/* IoUringRings.setupRefused: whether io_uring_setup's errno is the platform's refusal (EPERM, ENOSYS), with the reason. */
static bool setup_refused(int err, char *reason, size_t size) {
    if (err == EPERM) {
        char disabled[16];
        read_disabled(disabled, sizeof disabled);
        const char *why = strcmp(disabled, "2") == 0 ? "io_uring is disabled for every process"
                          : strcmp(disabled, "1") == 0 ? "only processes in kernel.io_uring_group (or with CAP_SYS_ADMIN) may set up a ring"
                          : "a seccomp filter (a container's default profile) refuses it";
        snprintf(reason, size, "io_uring_setup refused with EPERM: kernel.io_uring_disabled = %s: %s", disabled, why);
        return true;
    }
    if (err == ENOSYS) {
        snprintf(reason, size, "io_uring_setup refused with ENOSYS: this kernel has no io_uring, or a seccomp filter refuses it");
        return true;
    }
    return false;
}

/*
 * IoUringRings.probe: IORING_REGISTER_PROBE on ring_fd; whether the kernel lacks IORING_OP_WRITE or
 * IORING_OP_FSYNC (or the probe itself: EINVAL, before Linux 5.6), with the reason. Other errors fail.
 */
static bool ops_refused(int ring_fd, const char *path, char *reason, size_t size) {
    struct probe *pr = calloc(1, sizeof *pr);
    if (pr == NULL) fail_call("calloc", ENOMEM, "(memory)");
    long r = sys_register(ring_fd, IORING_REGISTER_PROBE, pr, PROBE_OPS);
    int err = errno;
    bool na = false;
    if (r < 0 && err != EINVAL) {
        free(pr);
        close(ring_fd);
        fail_call("io_uring_register(IORING_REGISTER_PROBE)", err, path);
    }
    if (r < 0) {
        snprintf(reason, size, "io_uring_register(IORING_REGISTER_PROBE) refused with EINVAL: a kernel before 5.6, without "
                 "IORING_OP_WRITE");
        na = true;
    } else {
        static const struct { uint8_t op; const char *name; } NEEDED[] = {{IORING_OP_WRITE, "IORING_OP_WRITE"},
                                                                            {IORING_OP_FSYNC, "IORING_OP_FSYNC"}};
        for (size_t i = 0; i < sizeof NEEDED / sizeof *NEEDED && !na; i++) {
            uint8_t op = NEEDED[i].op;
            if (op >= pr->ops_len || (pr->ops[op].flags & IO_URING_OP_SUPPORTED) == 0) {
                snprintf(reason, size, "this kernel's io_uring has no %s", NEEDED[i].name);
                na = true;
            }
        }
    }
    free(pr);
    return na;
}

#define UNKNOWN_ARCH "io_uring's system call numbers are known to durabench for x86-64 and aarch64 only"

bool uring_refused(char *reason, size_t size) {
    static const char PROBE_RING[] = "(the probe's ring)";
    if (!URING_KNOWN_ARCH) {
        snprintf(reason, size, UNKNOWN_ARCH);
        return true;
    }
    struct params p;
    memset(&p, 0, sizeof p);
    long fd = sys_setup(2, &p);
    if (fd < 0) {
        int err = errno;
        if (setup_refused(err, reason, size)) return true;
        fail_call("io_uring_setup", err, PROBE_RING);
    }
    bool na = ops_refused((int) fd, PROBE_RING, reason, size);
    chk_close((int) fd, PROBE_RING);
    return na;
}

static void *map_ring(struct uring *r, size_t bytes, long long offset) {
    void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, r->ring_fd, offset);
    if (m == MAP_FAILED) {
        int err = errno;
        uring_discard(r);
        fail_call("mmap(io_uring)", err, r->path);
    }
    return m;
}

struct uring *uring_open(unsigned entries, int fd, const char *path) {
    if (!URING_KNOWN_ARCH) fail_because(UNKNOWN_ARCH);
    struct uring *r = calloc(1, sizeof *r);
    if (r == NULL) fail_call("calloc", ENOMEM, "(memory)");
    r->fd = fd;
    r->path = path;
    struct params p;
    memset(&p, 0, sizeof p);
    long ring_fd = sys_setup(entries, &p);
    char refused[512];
    if (ring_fd < 0) {
        int err = errno;
        free(r);
        if (setup_refused(err, refused, sizeof refused)) fail_because("%s", refused);
        fail_call("io_uring_setup", err, path);
    }
    r->ring_fd = (int) ring_fd;
    if (ops_refused(r->ring_fd, path, refused, sizeof refused)) {
        uring_discard(r);
        fail_because("%s", refused);
    }
    r->entries = p.sq_entries;
    r->sq_ring_bytes = p.sq_off.array + p.sq_entries * sizeof(uint32_t);
    r->cq_ring_bytes = p.cq_off.cqes + p.cq_entries * sizeof(struct cqe);
    if (p.features & IORING_FEAT_SINGLE_MMAP) {
        if (r->cq_ring_bytes > r->sq_ring_bytes) r->sq_ring_bytes = r->cq_ring_bytes;
        r->cq_ring_bytes = 0; /* one mapping holds both rings */
    }
    r->sq_ring = map_ring(r, r->sq_ring_bytes, IORING_OFF_SQ_RING);
    r->cq_ring = r->cq_ring_bytes == 0 ? r->sq_ring : map_ring(r, r->cq_ring_bytes, IORING_OFF_CQ_RING);
    r->sqes_bytes = p.sq_entries * sizeof(struct sqe);
    r->sqes = map_ring(r, r->sqes_bytes, IORING_OFF_SQES);
    char *sq = r->sq_ring, *cq = r->cq_ring;
    r->sq_head = (uint32_t *) (sq + p.sq_off.head);
    r->sq_tail = (uint32_t *) (sq + p.sq_off.tail);
    r->sq_mask = (uint32_t *) (sq + p.sq_off.ring_mask);
    r->sq_array = (uint32_t *) (sq + p.sq_off.array);
    r->cq_head = (uint32_t *) (cq + p.cq_off.head);
    r->cq_tail = (uint32_t *) (cq + p.cq_off.tail);
    r->cq_mask = (uint32_t *) (cq + p.cq_off.ring_mask);
    r->cqes = (struct cqe *) (cq + p.cq_off.cqes);
    r->pending = calloc(r->entries, sizeof *r->pending);
    r->results = calloc(r->entries, sizeof *r->results);
    r->completed = calloc(r->entries, sizeof *r->completed);
    if (r->pending == NULL || r->results == NULL || r->completed == NULL) {
        uring_discard(r);
        fail_call("calloc", ENOMEM, "(memory)");
    }
    return r;
}

/* The next free SQE, zeroed, its index in the submission as user_data; more than the ring holds is a bug. */
static struct sqe *next_sqe(struct uring *r, bool write, unsigned len, off_t offset) {
    if (r->queued == r->entries) fail_because("io_uring: %u SQEs queued, the ring holds %u", r->queued + 1, r->entries);
    uint32_t tail = *r->sq_tail;
    uint32_t index = tail & *r->sq_mask;
    struct sqe *s = &r->sqes[index];
    memset(s, 0, sizeof *s);
    s->user_data = r->queued;
    r->pending[r->queued] = (struct pending) {.write = write, .len = len, .offset = (long long) offset};
    r->sq_array[index] = index;
    *r->sq_tail = tail + 1; /* seen by the kernel only inside the next io_uring_enter */
    r->queued++;
    return s;
}

void uring_queue_write(struct uring *r, const void *buf, unsigned len, off_t offset, int rw_flags) {
    struct sqe *s = next_sqe(r, true, len, offset);
    s->opcode = IORING_OP_WRITE;
    s->fd = r->fd;
    s->addr = (uint64_t) (uintptr_t) buf;
    s->len = len;
    s->off = (uint64_t) offset;
    s->op_flags = (uint32_t) rw_flags;
}

void uring_queue_fdatasync(struct uring *r, bool linked) {
    if (linked && r->queued > 0) r->sqes[(*r->sq_tail - 1) & *r->sq_mask].flags |= IOSQE_IO_LINK;
    struct sqe *s = next_sqe(r, false, 0, 0);
    s->opcode = IORING_OP_FSYNC;
    s->fd = r->fd;
    s->op_flags = IORING_FSYNC_DATASYNC;
    if (!linked) s->flags = IOSQE_IO_DRAIN;
}

unsigned uring_queued(const struct uring *r) {
    return r->queued;
}

/* Takes every completion the kernel has posted; returns how many. */
static unsigned reap(struct uring *r) {
    unsigned n = 0;
    uint32_t head = *r->cq_head;
    for (; head != *r->cq_tail; head++, n++) {
        const struct cqe *c = &r->cqes[head & *r->cq_mask];
        if (c->user_data >= r->queued || r->completed[c->user_data]) {
            *r->cq_head = head + 1;
            fail_because("io_uring: a completion for user_data %llu, which is no queued SQE, on %s", (unsigned long long) c->user_data,
                         r->path);
        }
        r->results[c->user_data] = c->res;
        r->completed[c->user_data] = true;
    }
    *r->cq_head = head;
    return n;
}

/* The first failed completion: writes first (an fsync cancelled after its linked write failed is the write's failure). */
static void check_completions(struct uring *r) {
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < r->queued; i++) {
            const struct pending *p = &r->pending[i];
            if (!r->completed[i] || p->write != (pass == 0)) continue;
            int32_t res = r->results[i];
            const char *op = p->write ? "io_uring write" : "io_uring fsync";
            if (res < 0) fail_call(op, -res, r->path);
            if (p->write && (unsigned) res != p->len) {
                char problem[160];
                snprintf(problem, sizeof problem, "short write of %d of %u bytes at offset %lld: the write was not completed", res, p->len,
                         p->offset);
                fail_problem(op, problem, r->path);
            }
        }
    }
}

unsigned long uring_submit_and_wait(struct uring *r) {
    unsigned batch = r->queued, unsubmitted = batch, outstanding = batch;
    unsigned long enters = 0;
    int interrupts = 0;
    if (batch == 0) return 0;
    memset(r->completed, 0, batch * sizeof *r->completed);
    for (;;) {
        outstanding -= reap(r);
        if (outstanding == 0 && unsubmitted == 0) break;
        long n = sys_enter(r->ring_fd, unsubmitted, outstanding, IORING_ENTER_GETEVENTS);
        enters++;
        if (n < 0) {
            int err = errno;
            if (err == EINTR && ++interrupts < MAX_INTERRUPTS) continue;
            fail_call("io_uring_enter", err, r->path);
        }
        interrupts = 0;
        if (unsubmitted > 0 && n == 0) {
            char problem[96];
            snprintf(problem, sizeof problem, "the kernel took none of the %u entries to submit", unsubmitted);
            fail_problem("io_uring_enter", problem, r->path);
        }
        unsubmitted -= (unsigned) n;
    }
    check_completions(r);
    r->queued = 0;
    return enters;
}

static void unmap(struct uring *r, bool checked) {
    void *maps[] = {r->sqes, r->cq_ring != r->sq_ring ? r->cq_ring : NULL, r->sq_ring};
    size_t sizes[] = {r->sqes_bytes, r->cq_ring_bytes, r->sq_ring_bytes};
    for (int i = 0; i < 3; i++) {
        if (maps[i] == NULL || maps[i] == MAP_FAILED) continue;
        if (munmap(maps[i], sizes[i]) != 0 && checked) fail_call("munmap(io_uring)", errno, r->path);
    }
    r->sqes = NULL;
    r->sq_ring = r->cq_ring = NULL;
}

static void free_ring(struct uring *r) {
    free(r->pending);
    free(r->results);
    free(r->completed);
    free(r);
}

void uring_close(struct uring *r) {
    unmap(r, true);
    int fd = r->ring_fd;
    r->ring_fd = -1;
    chk_close(fd, r->path);
    free_ring(r);
}

void uring_discard(struct uring *r) {
    if (r == NULL) return;
    unmap(r, false);
    if (r->ring_fd >= 0) close(r->ring_fd);
    free_ring(r);
}

bool pwritev2_dsync_refused(int fd, const void *buf, size_t len, const char *path, char *reason, size_t size) {
    struct iovec iov = {.iov_base = (void *) buf, .iov_len = len};
    ssize_t n = pwritev2(fd, &iov, 1, 0, RWF_DSYNC);
    if (n >= 0) {
        if ((size_t) n != len) fail_problem("pwritev2(RWF_DSYNC)", "short write", path);
        return false;
    }
    int err = errno;
    if (err != EOPNOTSUPP && err != ENOSYS) fail_call("pwritev2(RWF_DSYNC)", err, path);
    snprintf(reason, size, "pwritev2(RWF_DSYNC) failed: %s: this kernel has no per-write RWF_DSYNC (Linux 4.7 added it)",
             err == ENOSYS ? "ENOSYS" : "EOPNOTSUPP");
    return true;
}

void chk_pwritev2_dsync(int fd, const void *buf, size_t len, off_t offset, const char *path) {
    struct iovec iov = {.iov_base = (void *) buf, .iov_len = len};
    ssize_t n = pwritev2(fd, &iov, 1, offset, RWF_DSYNC);
    if (n < 0) fail_call("pwritev2(RWF_DSYNC)", errno, path);
    if ((size_t) n != len) {
        char problem[96];
        snprintf(problem, sizeof problem, "short write, %zd of %zu bytes", n, len);
        fail_problem("pwritev2(RWF_DSYNC)", problem, path);
    }
}
