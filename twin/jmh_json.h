/*
 * JMH's JSON result format (jmh-core 1.37 JSONResultFormat), field for field, and JMH's statistics
 * over iteration scores: the mean with a 99.9% Student t half-width (NaN below 3 iterations, written
 * as "NaN" as JMH does), commons-math's legacy percentiles, and AuxCounters EVENTS as sums.
 */
#ifndef TWIN_JMH_JSON_H
#define TWIN_JMH_JSON_H

#include "cells.h"

#include <stdint.h>
#include <stdio.h>

struct run_settings {
    int warmup_iterations;
    uint64_t warmup_ns;
    char warmup_time[32]; /* JMH's TimeValue spelling: "300 ms" */
    int measurement_iterations;
    uint64_t measurement_ns;
    char measurement_time[32];
};

/* What one cell measured: one score (us/op) and one counter set per measurement iteration. */
struct cell_result {
    struct cell cell;
    size_t n;
    double *scores;
    struct counters *counters; /* NULL for the no-op syscall */
};

/* JMH statistics of values[0..n): mean and its 99.9% half-width (NaN when n <= 2). */
double stats_mean(const double *values, size_t n);
double stats_error_999(const double *values, size_t n);
/* The two-sided 99.9% Student t quantile for df degrees of freedom. */
double student_t_999(double df);
/* commons-math3 Percentile (legacy estimation), as JMH's ListStatistics.getPercentile; rank 0 = min. */
double stats_percentile(const double *values, size_t n, double rank);

/* s as a JSON string: quoted, the quote and backslash escaped, control characters as \u00XX. */
void json_string(FILE *f, const char *s);

void write_jmh_json(FILE *f, const struct run_settings *s, const struct cell_result *results, size_t count, const char *target_dir);
/* durabench's not-applicable.json: [{benchmark, params, kind: "n/a", reason}]. */
void write_not_applicable(FILE *f, const struct cell_list *cells, const char *target_dir);

#endif
