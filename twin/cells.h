/*
 * Which benchmark cells to run: the same benchmark names and parameter spellings as durabench's
 * JMH benchmarks, planned from -p axes like durabench's quick profile (SuitePlanner), or read
 * one per line from a --cells file so the twin runs exactly the cells a durabench run ran.
 */
#ifndef TWIN_CELLS_H
#define TWIN_CELLS_H

#include "workloads.h"

#include <stdbool.h>
#include <stddef.h>

enum benchmark {
    BENCH_SYNC_WRITE, BENCH_PG_EQUIVALENT, BENCH_FILE_CREATE, BENCH_NOOP_SYSCALL,
    BENCH_PG_TWO_WRITES, BENCH_PG_OPEN_SYNC, BENCH_PG_FSYNC_DESCRIPTOR, /* standard profile: only when --bench names them */
    BENCHMARK_COUNT
};

/* The fully qualified JMH names, e.g. "io.durabench.bench.SyncWriteCost.writeBlock". */
extern const char *const BENCHMARK_NAMES[BENCHMARK_COUNT];

struct cell {
    enum benchmark benchmark;
    enum sync_method method;     /* SyncWriteCost */
    int block_bytes;             /* SyncWriteCost, FileCreateCost */
    int writes_per_sync;         /* SyncWriteCost */
    enum preallocation prealloc; /* SyncWriteCost */
    enum pg_method pg_method;    /* PgTestFsyncEquivalent, PgTwoWrites */
    enum pg_open_sync open_sync; /* PgOpenSyncSizes */
    enum pg_descriptor fsync_through; /* PgFsyncDescriptor */
    bool sync_directory;         /* FileCreateCost */
    char na_reason[256];         /* non-empty: not applicable, not run (durabench's n/a) */
};

struct cell_list {
    struct cell *cells;
    size_t count;
    size_t capacity;
};

/* One parameter of a cell as JMH spells it. */
struct param {
    const char *name;
    char value[4096];
};
#define MAX_PARAMS 5

/* A cell's parameters, targetDir included, in JMH's (alphabetical) order; returns how many. */
size_t cell_params(const struct cell *c, const char *target_dir, struct param out[MAX_PARAMS]);
/* "SyncWriteCost.writeBlock syncMethod=FDATASYNC blockSizeBytes=8192 ..." (BenchmarkCell.toString). */
void cell_describe(const struct cell *c, char *buf, size_t size);

/* The -p overrides: each axis's values, or none given (the quick profile's then). */
#define AXIS_SLOTS 8
struct axes {
    char *values[AXIS_SLOTS]; /* comma-separated lists, indexed by axis */
};

/* Records one "-p name=v1,v2"; bad names are a usage error. */
void axes_put(struct axes *a, const char *arg);
/*
 * The quick profile's cells of durabench's SuitePlanner, native methods only, with each -p axis
 * replacing the profile's values, filtered by the --bench patterns (JMH-style regex, any match).
 * Adds a no-op syscall cell. pg_test_fsync's other sections (PgTwoWrites, PgOpenSyncSizes,
 * PgFsyncDescriptor: the standard profile's) only when a --bench pattern matches them.
 * Cells that make no sense by definition get their n/a reason.
 */
void plan_cells(const struct axes *a, const char *const *patterns, size_t pattern_count,
                const char *target_dir, bool tmpfs, struct cell_list *out);
void cell_list_push(struct cell_list *l, struct cell c);
/* Sets one named parameter (syncMethod, blockSizeBytes, ...) from its text; bad text is a usage error. */
void cell_set_param(struct cell *c, const char *name, const char *value, const char *where);
/* WorkloadConfig's checks and FeasibilityProbe's tmpfs rule: sets na_reason where durabench says n/a. */
void cell_mark_not_applicable(struct cell *c, bool tmpfs);
/* The cell's workload on dir (the region and chunk at size: SyncWriteCost's only), opened as its JMH trial's setup does. */
struct workload cell_open(const struct cell *c, const char *dir, struct workload_size size);
/* HandOffRule.endsDurable: every operation (or batch) of the cell ends with its writes on stable storage. */
bool cell_ends_durable(const struct cell *c);
/*
 * A cell as CellSpec writes it (a lock-step side's argument): the benchmark's short name, then every
 * parameter but targetDir as name=value, e.g. "SyncWriteCost.writeBlock:syncMethod=FDATASYNC,
 * blockSizeBytes=8192,writesPerSync=1,preallocation=NONE". Bad text is a usage error. canonical[size]
 * gets the spec as CellSpec.of writes the cell back (the parameters in the order given).
 */
void cell_spec_parse(const char *spec, struct cell *out, char *canonical, size_t size);
/* Reads a --cells file; any bad line is a usage error naming the file and line. */
void read_cells(const char *file, const char *target_dir, bool tmpfs, struct cell_list *out);

#endif
