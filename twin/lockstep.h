/*
 * The C twin as one side of a lock-step pair: io.durabench.lockstep.LockStepSide and SideCell in C,
 * speaking docs/lockstep.md's protocol byte for byte over the hand-off (hand_off.h), so a pair may be
 * a JVM and the twin, or two twins. The twin has no JIT: at every block's end it says 'e' (quiet).
 */
#ifndef TWIN_LOCKSTEP_H
#define TWIN_LOCKSTEP_H

#include "cells.h"
#include "workloads.h"

#include <stdbool.h>
#include <stdint.h>

/* Order: which side opens each block (ALTERNATE: A in even blocks, B in odd ones). */
enum order { ORDER_ALTERNATE, ORDER_A_FIRST, ORDER_B_FIRST };

/* LockStepSettings, as the side's options give them, and the test hook's spin per operation. */
struct lock_step_settings {
    int blocks, block_ms, grain;
    enum order order;
    int warmup_min, warmup_max, warmup_units;
    uint64_t busy_wait_ns;
    /* The other side's extra spin, done here untimed: both sides then leave each other the same gaps. */
    uint64_t busy_wait_pad_ns;
};

/* LockStepSettings: warmup ends when neither side's JIT compiled for this many blocks in a row. */
#define QUIET_BLOCKS 3
/* Units per block sized from the warmup stay within these. */
#define MIN_UNITS 10
#define MAX_UNITS 1000
/* SideCell.STALL_FACTOR: a measured unit over this many times the last warmup block's median unit is a stall. */
#define STALL_FACTOR 20
/* SideCell.MAX_OPERATIONS_PER_UNIT: a durable workload still not at a durable point after this many is broken. */
#define MAX_OPERATIONS_PER_UNIT (1L << 21)

/* One cell as this side runs it: the cell, its spec as CellSpec writes it, units per block (0: sized), its size. */
struct side_cell_spec {
    struct cell cell;
    char spec[512];
    int units;
    struct workload_size size;
};

/* LockStepFile.Block: one block's units on this side. */
struct block {
    int64_t nanos;
    int units;
    int64_t operations, max_unit_nanos;
    int stalls;
    int64_t stalled_nanos, stalled_operations;
};

/* SideCell.Outcome: error[0] == '\0' when the cell was measured. */
#define OUTCOME_ERROR_BYTES 4600
struct outcome {
    int warmup_blocks;
    bool warmup_capped;
    int units_per_block;
    struct block *blocks; /* settings.blocks of them, measured; the caller frees */
    int block_count;
    bool counted;         /* false for the no-op syscall, which counts nothing */
    struct counters counters;
    char error[OUTCOME_ERROR_BYTES];
    bool partner_failed;
    long long cell_millis;
};

/* This side of the pair. */
struct side {
    char me, opener; /* 'A' or 'B' */
    int line;        /* the hand-off */
    const char *dir;
    struct lock_step_settings settings;
    const char *witness_token; /* NULL: no marker calls */
};

/* SideCell.run: the cell from opening its workload to closing it, in lock-step with the other side. */
void side_cell_run(const struct side *side, int index, const struct side_cell_spec *c, struct outcome *out);

/* durabench-twin --lock-step-side A|B ...: exit 0 every result printed, 2 bad arguments, 3 the other side went away. */
int lock_step_side_main(int argc, char **argv);

#endif
