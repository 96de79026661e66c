/*
 * One cell on one side of a lock-step pair: io.durabench.lockstep.SideCell in C, step for step.
 * Open in turn (the cell's opener first, 'r' or 'x'); warmup blocks of the warmup's units in
 * alternate order until both sides said 'e' for QUIET_BLOCKS blocks in a row (this side always does:
 * no JIT), after at least the minimum and at most the maximum; the blocks sized from the slower
 * side's last warmup unit unless given; then the measured blocks. Inside a block the sides strictly
 * alternate turns of grain units; a unit is operations until the workload is at a durable point
 * (one operation for a cell that never is), timed alone with CLOCK_MONOTONIC, then settled untimed.
 * A failed unit writes '!' in place of its next byte: the cell ends on both sides, the next one runs.
 */
#define _GNU_SOURCE
#include "lockstep.h"
#include "checked.h"
#include "hand_off.h"
#include "measure.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How a step left the cell: on, or ended by this side's failed unit or by the other side's. */
enum ending { GOES_ON, UNIT_FAILED, PARTNER_FAILED };

struct cell_run {
    const struct side *side;
    struct workload w;
    bool durable;        /* the cell ends durable at all (HandOffRule.endsDurable) */
    bool discarded;      /* a unit failed: the workload closed, deleted its files and freed itself already */
    int64_t *unit_times; /* the warmup block's unit times, for the stall threshold; NULL while measuring */
    int64_t stall_nanos;
    char *error;         /* the outcome's */
};

static char first_in(enum order o, int block) {
    return o == ORDER_A_FIRST ? 'A' : o == ORDER_B_FIRST ? 'B' : block % 2 == 0 ? 'A' : 'B';
}

static char other(char side) {
    return side == 'A' ? 'B' : 'A';
}

/* The other side broke the protocol: nothing sensible can follow (the Java side dies of it too). */
static _Noreturn void protocol_error(const char *expected, char got) {
    fprintf(stderr, "durabench-twin: lock-step protocol: expected %s, got '%c'\n", expected, got);
    cleanup_and_exit(TWIN_EXIT_FAILED);
}

/* TraceMarkers.emit: an open of a path that cannot exist, for the syscall witness to find in its trace. */
static void mark(const struct side *sd, int cell, const char *which) {
    if (sd->witness_token == NULL) return;
    char path[160];
    snprintf(path, sizeof path, "/durabench-witness-%s/cell-%d/%s", sd->witness_token, cell, which);
    int fd = open(path, O_RDONLY);
    if (fd >= 0) {
        chk_close(fd, path);
        fprintf(stderr, "durabench-twin: the witness marker %s exists; it must not: remove it\n", path);
        cleanup_and_exit(TWIN_EXIT_FAILED);
    }
}

/* The test hook: spins inside the timed unit, a known extra cost per operation. */
static void busy_wait(uint64_t nanos) {
    uint64_t end = monotonic_ns() + nanos;
    while (monotonic_ns() < end) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
}

static bool at_durable_point(const struct cell_run *r) {
    return r->w.at_durable_point == NULL || r->w.at_durable_point(r->w.self);
}

/* The unit proper: operations until a durable point, timed; the settle after it, untimed. A failure jumps out. */
static void timed_unit(struct cell_run *r, int64_t *nanos, int64_t *ops) {
    uint64_t busy = r->side->settings.busy_wait_ns, pad = r->side->settings.busy_wait_pad_ns, padded = 0;
    long n = 0;
    uint64_t start = monotonic_ns();
    do {
        r->w.op(r->w.self);
        if (busy > 0) busy_wait(busy);
        if (pad > 0) {
            uint64_t p0 = monotonic_ns();
            busy_wait(pad);
            padded += monotonic_ns() - p0;
        }
        n++;
    } while (r->durable && !at_durable_point(r) && n < MAX_OPERATIONS_PER_UNIT);
    uint64_t end = monotonic_ns() - padded;
    if (r->durable && !at_durable_point(r)) fail_because("the workload is not at a durable point after %ld operations: it never syncs", n);
    if (r->w.settle != NULL) r->w.settle(r->w.self);
    *nanos = (int64_t) (end - start);
    *ops = n;
}

/* One unit; false when it failed: the workload is discarded, '!' sent in place of this side's next byte. */
static bool unit(struct cell_run *r, int64_t *nanos, int64_t *ops) {
    jmp_buf failed;
    if (setjmp(failed) != 0) {
        r->discarded = true;
        snprintf(r->error, OUTCOME_ERROR_BYTES, "%s", failure_text());
        hand_off_send(r->side->line, HAND_OFF_FAILED);
        return false;
    }
    fail_recover_at(&failed);
    timed_unit(r, nanos, ops);
    fail_recover_at(NULL);
    return true;
}

/* One block of units per side: turns alternate from the order's first side; each of this side's turns but the block's first waits for 'g'. */
static enum ending block(struct cell_run *r, int index, int units, enum order order, struct block *b) {
    const struct side *sd = r->side;
    char first = first_in(order, index);
    int turns = 2 * units / sd->settings.grain;
    memset(b, 0, sizeof *b);
    for (int t = 0; t < turns; t++) {
        if ((t % 2 == 0 ? first : other(first)) != sd->me) continue;
        if (t > 0) {
            char got = hand_off_receive(sd->line);
            if (got == HAND_OFF_FAILED) return PARTNER_FAILED;
            if (got != HAND_OFF_GO) protocol_error("a hand-over", got);
        }
        for (int g = 0; g < sd->settings.grain; g++) {
            int64_t nanos, ops;
            if (!unit(r, &nanos, &ops)) return UNIT_FAILED;
            if (r->unit_times != NULL) r->unit_times[b->units] = nanos;
            b->nanos += nanos;
            b->operations += ops;
            if (nanos > b->max_unit_nanos) b->max_unit_nanos = nanos;
            if (r->unit_times == NULL && nanos > r->stall_nanos) {
                b->stalls++;
                b->stalled_nanos += nanos;
                b->stalled_operations += ops;
            }
            b->units++;
        }
        if (t < turns - 1) hand_off_send(sd->line, HAND_OFF_GO);
    }
    return GOES_ON;
}

/* A block's end: the side that took the last turn says 'e' first, the other answers; both_quiet: both said 'e'. */
static enum ending end_block(const struct cell_run *r, char last, bool *both_quiet) {
    const struct side *sd = r->side;
    char theirs;
    if (sd->me == last) {
        hand_off_send(sd->line, HAND_OFF_END_QUIET);
        theirs = hand_off_receive(sd->line);
    } else {
        theirs = hand_off_receive(sd->line);
        if (theirs == HAND_OFF_FAILED) return PARTNER_FAILED;
        hand_off_send(sd->line, HAND_OFF_END_QUIET);
    }
    if (theirs != HAND_OFF_END_QUIET && theirs != HAND_OFF_END_COMPILING) protocol_error("a block's end", theirs);
    *both_quiet = theirs == HAND_OFF_END_QUIET;
    return GOES_ON;
}

static int compare_times(const void *a, const void *b) {
    int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
    return (x > y) - (x < y);
}

static int64_t median(const int64_t *times, int n) {
    int64_t *sorted = malloc((size_t) n * sizeof *sorted);
    if (sorted == NULL) fail_call("malloc", ENOMEM, "(memory)");
    memcpy(sorted, times, (size_t) n * sizeof *sorted);
    qsort(sorted, (size_t) n, sizeof *sorted, compare_times);
    int64_t m = sorted[n / 2];
    free(sorted);
    return m;
}

/* LockStepSettings.sizedUnits: the slower side's block takes about block_ms; within [MIN_UNITS, MAX_UNITS], rounded up to the grain. */
static int sized_units(const struct lock_step_settings *s, int64_t unit_nanos_a, int64_t unit_nanos_b) {
    int64_t slower = unit_nanos_a > unit_nanos_b ? unit_nanos_a : unit_nanos_b;
    if (slower < 1) slower = 1;
    long long n = llround(s->block_ms * 1e6 / (double) slower);
    int clamped = (int) (n < MIN_UNITS ? MIN_UNITS : n > MAX_UNITS ? MAX_UNITS : n);
    return (clamped + s->grain - 1) / s->grain * s->grain;
}

static struct counters difference(const struct counters *after, const struct counters *before) {
    return (struct counters) {
        .operations = after->operations - before->operations, .writes = after->writes - before->writes,
        .bytes = after->bytes - before->bytes, .sync_calls = after->sync_calls - before->sync_calls,
        .synced_writes = after->synced_writes - before->synced_writes, .prealloc_bytes = after->prealloc_bytes - before->prealloc_bytes,
        .prealloc_syncs = after->prealloc_syncs - before->prealloc_syncs, .recycles = after->recycles - before->recycles,
        .settle_syncs = after->settle_syncs - before->settle_syncs, .ring_enters = after->ring_enters - before->ring_enters,
    };
}

/* Warmup, sizing and the measured blocks (SideCell.measure). */
static enum ending measure(struct cell_run *r, int index, const struct side_cell_spec *c, struct outcome *out) {
    const struct side *sd = r->side;
    const struct lock_step_settings *s = &sd->settings;
    int warmup = 0, quiet = 0;
    int64_t last_unit_nanos = 0;
    r->unit_times = calloc((size_t) s->warmup_units, sizeof *r->unit_times);
    if (r->unit_times == NULL) fail_call("calloc", ENOMEM, "(memory)");
    for (;;) {
        struct block b;
        bool both_quiet;
        enum ending e = block(r, warmup, s->warmup_units, ORDER_ALTERNATE, &b);
        if (e != GOES_ON) return e;
        /* The median, not the mean, as the Java side (SideCell): one stalled unit would shrink the blocks. */
        last_unit_nanos = median(r->unit_times, b.units);
        r->stall_nanos = STALL_FACTOR * last_unit_nanos;
        e = end_block(r, other(first_in(ORDER_ALTERNATE, warmup)), &both_quiet);
        if (e != GOES_ON) return e;
        warmup++;
        quiet = both_quiet ? quiet + 1 : 0;
        if (warmup >= s->warmup_min && quiet >= QUIET_BLOCKS) break;
        if (warmup >= s->warmup_max) {
            out->warmup_capped = true;
            break;
        }
    }
    free(r->unit_times);
    r->unit_times = NULL;
    int units = c->units;
    if (units == 0) {
        int64_t theirs = hand_off_swap(sd->line, last_unit_nanos, sd->me == 'A');
        units = sd->me == 'A' ? sized_units(s, last_unit_nanos, theirs) : sized_units(s, theirs, last_unit_nanos);
    }
    struct counters start = r->w.counters != NULL ? *r->w.counters : (struct counters) {0};
    out->blocks = calloc((size_t) s->blocks, sizeof *out->blocks);
    if (out->blocks == NULL) fail_call("calloc", ENOMEM, "(memory)");
    mark(sd, index, "begin");
    for (int i = 0; i < s->blocks; i++) {
        bool ignored;
        enum ending e = block(r, i, units, s->order, &out->blocks[i]);
        if (e != GOES_ON) return e;
        e = end_block(r, other(first_in(s->order, i)), &ignored);
        if (e != GOES_ON) return e;
        out->block_count++;
    }
    mark(sd, index, "end");
    out->warmup_blocks = warmup;
    out->units_per_block = units;
    out->counted = r->w.counters != NULL;
    if (out->counted) out->counters = difference(r->w.counters, &start);
    return GOES_ON;
}

/* Opens the cell's workload; false with the error set when it could not (the files it made are deleted). */
static bool open_workload(struct cell_run *r, const struct side_cell_spec *c) {
    jmp_buf failed;
    if (setjmp(failed) != 0) {
        snprintf(r->error, OUTCOME_ERROR_BYTES, "opening the workload failed: %s", failure_text());
        return false;
    }
    fail_recover_at(&failed);
    r->w = cell_open(&c->cell, r->side->dir, c->size);
    fail_recover_at(NULL);
    return true;
}

/* Closes the workload (deleting its files); why not into why[size], or false when it closed. */
static bool close_failed(struct cell_run *r, char *why, size_t size) {
    jmp_buf failed;
    if (setjmp(failed) != 0) {
        snprintf(why, size, "%s", failure_text());
        return true;
    }
    fail_recover_at(&failed);
    r->w.close(r->w.self);
    fail_recover_at(NULL);
    return false;
}

static void set_error(struct outcome *out, bool partner, const char *why) {
    snprintf(out->error, sizeof out->error, "%s", why);
    out->partner_failed = partner;
}

void side_cell_run(const struct side *side, int index, const struct side_cell_spec *c, struct outcome *out) {
    uint64_t started = monotonic_ns();
    memset(out, 0, sizeof *out);
    struct cell_run r = {.side = side, .durable = cell_ends_durable(&c->cell), .error = out->error};
    /* Open, in turn: the cell's opener first (its file gets the first of the free space), then the other. The pair's
     * opener opens even cells first, the other side odd ones (LockStepSide.openerOf), so a cell listed twice opens both ways. */
    char opener = index % 2 == 0 ? side->opener : side->opener == 'A' ? 'B' : 'A';
    bool partner_ready = true;
    if (side->me != opener) partner_ready = hand_off_receive(side->line) == HAND_OFF_READY;
    bool opened = open_workload(&r, c);
    hand_off_send(side->line, opened ? HAND_OFF_READY : HAND_OFF_NOT_READY);
    if (side->me == opener) partner_ready = hand_off_receive(side->line) == HAND_OFF_READY;
    if (opened && !partner_ready) set_error(out, true, "the other side could not open its workload");
    if (opened && partner_ready) {
        enum ending e = measure(&r, index, c, out);
        if (e == PARTNER_FAILED) set_error(out, true, "the other side's unit failed");
        free(r.unit_times);
    }
    char why[4400];
    if (opened && !r.discarded && close_failed(&r, why, sizeof why) && out->error[0] == '\0') {
        snprintf(out->error, sizeof out->error, "closing the workload failed: %s", why);
    }
    mark(side, index, "closed");
    if (out->error[0] != '\0') {
        free(out->blocks);
        out->blocks = NULL;
        out->block_count = 0;
    }
    out->cell_millis = (long long) ((monotonic_ns() - started) / 1000000u);
}
