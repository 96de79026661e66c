#define _GNU_SOURCE
#include "cells.h"
#include "checked.h"

#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const BENCHMARK_NAMES[BENCHMARK_COUNT] = {
    "io.durabench.bench.SyncWriteCost.writeBlock",
    "io.durabench.bench.PgTestFsyncEquivalent.rewriteFirstBlock",
    "io.durabench.bench.FileCreateCost.createWriteSync",
    "io.durabench.bench.NativeCallCost.getppid",
    "io.durabench.bench.PgTwoWrites.rewriteTwoBlocks",
    "io.durabench.bench.PgOpenSyncSizes.write16k",
    "io.durabench.bench.PgFsyncDescriptor.writeAndSync",
};

enum axis { AX_SYNC_METHOD, AX_BLOCK, AX_BATCH, AX_PREALLOC, AX_PG_METHOD, AX_SYNC_DIR, AX_OPEN_SYNC, AX_FSYNC_THROUGH, AXIS_COUNT };
static const char *const AXIS_NAMES[AXIS_COUNT] = {
    "syncMethod", "blockSizeBytes", "writesPerSync", "preallocation", "pgMethod", "syncDirectory", "openSyncWrites", "fsyncThrough"};
_Static_assert(AXIS_COUNT <= AXIS_SLOTS, "struct axes has a slot per axis");
/* SyncMethod's JDK-path methods: real durabench methods, deliberately outside the C twin. */
static const char *const JDK_METHODS[] = {"CHANNEL_FORCE_DATA", "CHANNEL_FORCE_ALL", "CHANNEL_DSYNC", "MMAP_FORCE"};
/* SuitePlanner.CENTRE_BLOCK: the quick profile's block size, and FileCreateCost's always. */
#define CENTRE_BLOCK 8192

void cell_list_push(struct cell_list *l, struct cell c) {
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? l->capacity * 2 : 64;
        l->cells = realloc(l->cells, l->capacity * sizeof *l->cells);
        if (l->cells == NULL) fail_call("realloc", ENOMEM, "(memory)");
    }
    l->cells[l->count++] = c;
}

static int enum_index(const char *const *names, int count, const char *value) {
    for (int i = 0; i < count; i++) if (strcmp(names[i], value) == 0) return i;
    return -1;
}

static void list_names(const char *const *names, int count, char *buf, size_t size) {
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        strncat(buf, names[i], size - strlen(buf) - 1);
        if (i + 1 < count) strncat(buf, ", ", size - strlen(buf) - 1);
    }
}

/* An enum parameter's index; a value it cannot take is a usage error listing the ones it can. */
static int enum_value(const char *const *names, int count, const char *value, const char *param, const char *what, const char *where) {
    int i = enum_index(names, count, value);
    if (i < 0) {
        char known[256];
        list_names(names, count, known, sizeof known);
        usage_error("%s%s=%s: not %s; use %s", where, param, value, what, known);
    }
    return i;
}

/* Parses one value of an axis into the cell; a bad value is a usage error naming where it came from. */
static void set_value(struct cell *c, enum axis ax, const char *value, const char *where) {
    char known[256];
    switch (ax) {
        case AX_SYNC_METHOD: {
            int m = enum_index(SYNC_METHOD_NAMES, SYNC_METHOD_COUNT, value);
            if (m < 0) {
                list_names(SYNC_METHOD_NAMES, SYNC_METHOD_COUNT, known, sizeof known);
                for (size_t i = 0; i < sizeof JDK_METHODS / sizeof *JDK_METHODS; i++) {
                    if (strcmp(JDK_METHODS[i], value) == 0) {
                        usage_error("%ssyncMethod=%s goes through the JDK (FileChannel/MappedByteBuffer), which the C twin does not "
                                    "mirror; use the native methods: %s", where, value, known);
                    }
                }
                usage_error("%ssyncMethod=%s: not a sync method; use %s", where, value, known);
            }
            c->method = (enum sync_method) m;
            return;
        }
        case AX_PREALLOC:
            c->prealloc = (enum preallocation) enum_value(PREALLOCATION_NAMES, PREALLOCATION_COUNT, value, "preallocation",
                                                          "a preallocation", where);
            return;
        case AX_PG_METHOD:
            c->pg_method = (enum pg_method) enum_value(PG_METHOD_NAMES, PG_METHOD_COUNT, value, "pgMethod", "a pg_test_fsync method", where);
            return;
        case AX_OPEN_SYNC:
            c->open_sync = (enum pg_open_sync) enum_value(PG_OPEN_SYNC_NAMES, PG_OPEN_SYNC_COUNT, value, "openSyncWrites",
                                                          "an open_sync write size", where);
            return;
        case AX_FSYNC_THROUGH:
            c->fsync_through = (enum pg_descriptor) enum_value(PG_DESCRIPTOR_NAMES, PG_DESCRIPTOR_COUNT, value, "fsyncThrough",
                                                               "a descriptor", where);
            return;
        case AX_SYNC_DIR:
            if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) usage_error("%ssyncDirectory=%s: use true or false", where, value);
            c->sync_directory = strcmp(value, "true") == 0;
            return;
        case AX_BLOCK:
        case AX_BATCH: {
            char *end;
            errno = 0;
            long v = strtol(value, &end, 10);
            if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0 || v <= 0 || v > INT_MAX) {
                usage_error("%s%s=%s: must be a positive whole number", where, AXIS_NAMES[ax], value);
            }
            if (ax == AX_BLOCK) c->block_bytes = (int) v; else c->writes_per_sync = (int) v;
            return;
        }
        default: return;
    }
}

/* WorkloadConfig's checks and FeasibilityProbe's tmpfs rule: durabench lists these as n/a, never runs them. */
void cell_mark_not_applicable(struct cell *c, bool tmpfs) {
    if (c->benchmark == BENCH_PG_TWO_WRITES && c->pg_method == PG_WRITE) { /* PgTwoWritesFamily.invalidCombination */
        snprintf(c->na_reason, sizeof c->na_reason, "pg_test_fsync's two-writes table has no non-sync'ed line (its 'write' "
                 "is in the one-write section)");
    }
    if (c->benchmark != BENCH_SYNC_WRITE) return;
    const char *m = SYNC_METHOD_NAMES[c->method];
    if (c->writes_per_sync > 1 && !method_batches(c->method)) {
        snprintf(c->na_reason, sizeof c->na_reason, "writesPerSync=%d does not apply to %s: it issues no separate sync call "
                 "(use writesPerSync=1)", c->writes_per_sync, m);
    } else if (c->block_bytes > REGION_BYTES) {
        snprintf(c->na_reason, sizeof c->na_reason, "region %lld B is smaller than one block", REGION_BYTES);
    } else if (tmpfs && method_uses_direct_io(c->method)) {
        snprintf(c->na_reason, sizeof c->na_reason, "no block device behind tmpfs: O_DIRECT cannot bypass anything (tmpfs "
                 "refuses it with EINVAL before Linux 6.6 and turns it into a page-cache copy since); a number here would "
                 "not measure direct I/O");
    }
}

struct workload cell_open(const struct cell *c, const char *dir, struct workload_size size) {
    switch (c->benchmark) {
        case BENCH_SYNC_WRITE: return sync_write_open(dir, c->method, c->block_bytes, c->writes_per_sync, c->prealloc, size);
        case BENCH_PG_EQUIVALENT: return pg_open(dir, c->pg_method, 1);
        case BENCH_PG_TWO_WRITES: return pg_open(dir, c->pg_method, 2);
        case BENCH_PG_OPEN_SYNC: return pg_open_sync_open(dir, c->open_sync);
        case BENCH_PG_FSYNC_DESCRIPTOR: return pg_fd_sync_open(dir, c->fsync_through);
        case BENCH_FILE_CREATE: return file_create_open(dir, c->block_bytes, c->sync_directory);
        default: return getppid_open();
    }
}

/* Each family's notDurableBecause: the method's durability, pg_test_fsync's plain write, the directory fsync, the no-op. */
bool cell_ends_durable(const struct cell *c) {
    switch (c->benchmark) {
        case BENCH_SYNC_WRITE: return method_durable(c->method);
        case BENCH_PG_EQUIVALENT:
        case BENCH_PG_TWO_WRITES: return c->pg_method != PG_WRITE;
        case BENCH_PG_OPEN_SYNC:
        case BENCH_PG_FSYNC_DESCRIPTOR: return true;
        case BENCH_FILE_CREATE: return c->sync_directory;
        default: return false;
    }
}

void cell_set_param(struct cell *c, const char *name, const char *value, const char *where) {
    for (int i = 0; i < AXIS_COUNT; i++) {
        if (strcmp(AXIS_NAMES[i], name) == 0) {
            set_value(c, (enum axis) i, value, where);
            return;
        }
    }
    usage_error("%sunknown parameter '%s'", where, name);
}

void axes_put(struct axes *a, const char *arg) {
    const char *eq = strchr(arg, '=');
    if (eq == NULL || eq == arg || eq[1] == '\0') usage_error("-p %s: expected NAME=VALUE[,VALUE...]", arg);
    size_t len = (size_t) (eq - arg);
    if (len == strlen("targetDir") && strncmp(arg, "targetDir", len) == 0) usage_error("-p targetDir: give the directory with --dir");
    for (int i = 0; i < AXIS_COUNT; i++) {
        if (strlen(AXIS_NAMES[i]) == len && strncmp(AXIS_NAMES[i], arg, len) == 0) {
            free(a->values[i]);
            a->values[i] = strdup(eq + 1);
            return;
        }
    }
    char known[256];
    list_names(AXIS_NAMES, AXIS_COUNT, known, sizeof known);
    usage_error("-p %.*s: unknown parameter; the twin's are %s", (int) len, arg, known);
}

/* Splits an axis's values (the -p list, or the profile's default) into a NULL-terminated array. */
static char **axis_values(const struct axes *a, enum axis ax, const char *profile_default) {
    const char *src = a->values[ax] != NULL ? a->values[ax] : profile_default;
    char *copy = strdup(src);
    size_t n = 1;
    for (const char *p = copy; *p; p++) if (*p == ',') n++;
    char **out = calloc(n + 1, sizeof *out);
    size_t i = 0;
    for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) out[i++] = tok;
    if (i == 0) usage_error("-p %s=%s: no values", AXIS_NAMES[ax], src);
    return out;
}

/* The --bench patterns select b; with none, every benchmark of the quick profile (not pg_test_fsync's other sections). */
static bool selected(enum benchmark b, const char *const *patterns, size_t count) {
    if (count == 0) return b != BENCH_PG_TWO_WRITES && b != BENCH_PG_OPEN_SYNC && b != BENCH_PG_FSYNC_DESCRIPTOR;
    for (size_t i = 0; i < count; i++) {
        regex_t re;
        if (regcomp(&re, patterns[i], REG_EXTENDED | REG_NOSUB) != 0) usage_error("--bench %s: not a valid regular expression", patterns[i]);
        bool hit = regexec(&re, BENCHMARK_NAMES[b], 0, NULL, 0) == 0;
        regfree(&re);
        if (hit) return true;
    }
    return false;
}

void plan_cells(const struct axes *a, const char *const *patterns, size_t pattern_count,
                const char *target_dir, bool tmpfs, struct cell_list *out) {
    (void) target_dir;
    const char *where = "-p ";
    if (selected(BENCH_SYNC_WRITE, patterns, pattern_count)) {
        char **methods = axis_values(a, AX_SYNC_METHOD, "NONE,FSYNC,FDATASYNC,O_DSYNC,O_SYNC,O_DIRECT,O_DIRECT_DSYNC,SYNC_FILE_RANGE");
        char **blocks = axis_values(a, AX_BLOCK, "8192");
        char **preallocs = axis_values(a, AX_PREALLOC, "NONE,ZERO_FILL");
        for (char **m = methods; *m; m++) {
            struct cell c = {.benchmark = BENCH_SYNC_WRITE};
            set_value(&c, AX_SYNC_METHOD, *m, where);
            /* quick: batch 1 and 100 where a separate sync exists, 1 otherwise (unless -p says). */
            char **batches = axis_values(a, AX_BATCH, method_has_explicit_sync(c.method) ? "1,100" : "1");
            for (char **b = blocks; *b; b++) {
                for (char **w = batches; *w; w++) {
                    for (char **p = preallocs; *p; p++) {
                        set_value(&c, AX_BLOCK, *b, where);
                        set_value(&c, AX_BATCH, *w, where);
                        set_value(&c, AX_PREALLOC, *p, where);
                        c.na_reason[0] = '\0';
                        cell_mark_not_applicable(&c, tmpfs);
                        cell_list_push(out, c);
                    }
                }
            }
        }
    }
    /* SuitePlanner: pwritev2 and the io_uring methods are measured at the centre alone (8 KiB, one write a batch, append), unless -p names them. */
    if (selected(BENCH_SYNC_WRITE, patterns, pattern_count) && a->values[AX_SYNC_METHOD] == NULL) {
        static const enum sync_method AT_CENTRE[] = {SM_PWRITEV2_DSYNC, SM_URING_FDATASYNC, SM_URING_DSYNC, SM_URING_DIRECT_DSYNC};
        for (size_t i = 0; i < sizeof AT_CENTRE / sizeof *AT_CENTRE; i++) {
            struct cell c = {.benchmark = BENCH_SYNC_WRITE, .method = AT_CENTRE[i], .block_bytes = CENTRE_BLOCK, .writes_per_sync = 1,
                             .prealloc = PRE_NONE};
            cell_mark_not_applicable(&c, tmpfs);
            cell_list_push(out, c);
        }
    }
    if (selected(BENCH_PG_EQUIVALENT, patterns, pattern_count)) {
        for (char **p = axis_values(a, AX_PG_METHOD, "OPEN_DATASYNC,FDATASYNC,FSYNC,OPEN_SYNC,WRITE"); *p; p++) {
            struct cell c = {.benchmark = BENCH_PG_EQUIVALENT};
            set_value(&c, AX_PG_METHOD, *p, where);
            cell_list_push(out, c);
        }
    }
    /* SuitePlanner.addPgSections; PgTwoWrites leaves out WRITE (no line of pg_test_fsync's two-writes table). */
    if (selected(BENCH_PG_TWO_WRITES, patterns, pattern_count)) {
        for (char **p = axis_values(a, AX_PG_METHOD, "OPEN_DATASYNC,FDATASYNC,FSYNC,OPEN_SYNC,WRITE"); *p; p++) {
            struct cell c = {.benchmark = BENCH_PG_TWO_WRITES};
            set_value(&c, AX_PG_METHOD, *p, where);
            if (c.pg_method != PG_WRITE) cell_list_push(out, c);
        }
    }
    if (selected(BENCH_PG_OPEN_SYNC, patterns, pattern_count)) {
        for (char **z = axis_values(a, AX_OPEN_SYNC, "ONE_16K,TWO_8K,FOUR_4K,EIGHT_2K,SIXTEEN_1K"); *z; z++) {
            struct cell c = {.benchmark = BENCH_PG_OPEN_SYNC};
            set_value(&c, AX_OPEN_SYNC, *z, where);
            cell_list_push(out, c);
        }
    }
    if (selected(BENCH_PG_FSYNC_DESCRIPTOR, patterns, pattern_count)) {
        for (char **d = axis_values(a, AX_FSYNC_THROUGH, "SAME,OTHER"); *d; d++) {
            struct cell c = {.benchmark = BENCH_PG_FSYNC_DESCRIPTOR};
            set_value(&c, AX_FSYNC_THROUGH, *d, where);
            cell_list_push(out, c);
        }
    }
    if (selected(BENCH_FILE_CREATE, patterns, pattern_count)) {
        for (char **s = axis_values(a, AX_SYNC_DIR, "false,true"); *s; s++) {
            struct cell c = {.benchmark = BENCH_FILE_CREATE, .block_bytes = CENTRE_BLOCK};
            set_value(&c, AX_SYNC_DIR, *s, where);
            cell_list_push(out, c);
        }
    }
    if (selected(BENCH_NOOP_SYSCALL, patterns, pattern_count)) cell_list_push(out, (struct cell) {.benchmark = BENCH_NOOP_SYSCALL});
}
