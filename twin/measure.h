/*
 * JMH's AverageTime loop, in C: an iteration runs the operation back to back until a timer thread
 * says the iteration's wall time is up (JMH's isDone flag), counting operations; its score is the
 * loop's elapsed CLOCK_MONOTONIC time over the operations, like JMH's (stopTime - startTime) / ops.
 * The operation that is running when time is up completes and counts, as in JMH.
 */
#ifndef TWIN_MEASURE_H
#define TWIN_MEASURE_H

#include <stdbool.h>
#include <stdint.h>

struct iteration_result {
    uint64_t ops;
    uint64_t elapsed_ns;
};

/* Starts the timer thread and catches SIGINT/SIGTERM (which end the run with no result). */
void measure_init(void);

/*
 * Catches SIGINT/SIGTERM into stop_signal(). restart: interrupted calls resume (a measuring run checks
 * between iterations); without, a blocking read returns EINTR (a lock-step side waiting for its turn).
 */
void catch_stop_signals(bool restart);

/* The signal that asked the run to stop, or 0. */
int stop_signal(void);

/* One iteration: op(arg) until duration_ns have passed. Returns early (ops may be 0) when interrupted. */
struct iteration_result measure_iteration(void (*op)(void *), void *arg, uint64_t duration_ns);

uint64_t monotonic_ns(void);

#endif
