/* Writes JMH's JSON result format (see jmh_json.h), laid out as JMH lays it out. */
#define _GNU_SOURCE
#include "jmh_json.h"

#include <gnu/libc-version.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define TWIN_VERSION "1"
static const double PERCENTILE_RANKS[] = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};
static const char *const PERCENTILE_KEYS[] = {"0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0"};
#define PERCENTILE_COUNT (sizeof PERCENTILE_RANKS / sizeof *PERCENTILE_RANKS)

/* Java's Double.toString (shortest round-trip digits; plain in [1e-3, 1e7), else d.dddE<n>); non-finite as JMH's strings. */
static void emit_double(FILE *f, double d) {
    if (isnan(d)) { fputs("\"NaN\"", f); return; }
    if (isinf(d)) { fputs(d > 0 ? "\"+INF\"" : "\"-INF\"", f); return; }
    if (d == 0) { fputs(signbit(d) ? "-0.0" : "0.0", f); return; }
    char e[48];
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(e, sizeof e, "%.*e", precision - 1, d);
        if (strtod(e, NULL) == d) break;
    }
    bool negative = e[0] == '-';
    char digits[24];
    int nd = 0;
    const char *p = e + (negative ? 1 : 0);
    for (; *p != 'e'; p++) if (*p != '.') digits[nd++] = *p;
    int exp10 = atoi(p + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    if (negative) fputc('-', f);
    double a = fabs(d);
    if (a >= 1e-3 && a < 1e7) {
        int point = exp10 + 1; /* digits before the decimal point */
        if (point <= 0) {
            fputs("0.", f);
            for (int i = 0; i < -point; i++) fputc('0', f);
            fwrite(digits, 1, (size_t) nd, f);
        } else if (point >= nd) {
            fwrite(digits, 1, (size_t) nd, f);
            for (int i = nd; i < point; i++) fputc('0', f);
            fputs(".0", f);
        } else {
            fwrite(digits, 1, (size_t) point, f);
            fputc('.', f);
            fwrite(digits + point, 1, (size_t) (nd - point), f);
        }
    } else {
        fputc(digits[0], f);
        fputc('.', f);
        if (nd > 1) fwrite(digits + 1, 1, (size_t) (nd - 1), f); else fputc('0', f);
        fprintf(f, "E%d", exp10);
    }
}

void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *) s; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
        else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
        else fputc(*p, f);
    }
    fputc('"', f);
}

static void indent(FILE *f, int level) {
    for (int i = 0; i < level; i++) fputs("    ", f);
}

/*
 * One metric object at indentation level `lvl`: AVG policy (primary: mean, t-interval) or SUM policy
 * (AuxCounters EVENTS: sum over iterations, error NaN, confidence [sum, sum]); percentiles and
 * rawData over the per-iteration values in both.
 */
static void emit_metric(FILE *f, int lvl, const double *values, size_t n, bool sum_policy, const char *unit) {
    double score, error, low, high;
    if (sum_policy) {
        score = 0;
        for (size_t i = 0; i < n; i++) score += values[i];
        error = NAN;
        low = high = score;
    } else {
        score = stats_mean(values, n);
        error = stats_error_999(values, n);
        low = score - error;
        high = score + error;
    }
    indent(f, lvl); fputs("\"score\" : ", f); emit_double(f, score); fputs(",\n", f);
    indent(f, lvl); fputs("\"scoreError\" : ", f); emit_double(f, error); fputs(",\n", f);
    indent(f, lvl); fputs("\"scoreConfidence\" : [\n", f);
    indent(f, lvl + 1); emit_double(f, low); fputs(",\n", f);
    indent(f, lvl + 1); emit_double(f, high); fputc('\n', f);
    indent(f, lvl); fputs("],\n", f);
    indent(f, lvl); fputs("\"scorePercentiles\" : {\n", f);
    for (size_t i = 0; i < PERCENTILE_COUNT; i++) {
        indent(f, lvl + 1);
        fprintf(f, "\"%s\" : ", PERCENTILE_KEYS[i]);
        emit_double(f, stats_percentile(values, n, PERCENTILE_RANKS[i]));
        fputs(i + 1 < PERCENTILE_COUNT ? ",\n" : "\n", f);
    }
    indent(f, lvl); fputs("},\n", f);
    indent(f, lvl); fprintf(f, "\"scoreUnit\" : \"%s\",\n", unit);
    indent(f, lvl); fputs("\"rawData\" : [\n", f);
    indent(f, lvl + 1); fputs("[\n", f);
    for (size_t i = 0; i < n; i++) {
        indent(f, lvl + 2);
        emit_double(f, values[i]);
        fputs(i + 1 < n ? ",\n" : "\n", f);
    }
    indent(f, lvl + 1); fputs("]\n", f);
    indent(f, lvl); fputs("]\n", f);
}

/* IssuedCounters' fields, and PgCounters' (pg_test_fsync's multi-call tests), in the alphabetical order JMH writes them in. */
static const char *const ISSUED_COUNTERS[] = {"bytes", "preallocSyncs", "syncCalls", "syncedWrites", "writes", NULL};
static const char *const PG_COUNTERS[] = {"bytes", "operations", "syncCalls", "syncedWrites", "writes", NULL};

static const char *const *counter_names(enum benchmark b) {
    return b == BENCH_PG_TWO_WRITES || b == BENCH_PG_OPEN_SYNC || b == BENCH_PG_FSYNC_DESCRIPTOR ? PG_COUNTERS : ISSUED_COUNTERS;
}

static double counter_value(const struct counters *c, const char *name) {
    if (strcmp(name, "bytes") == 0) return (double) c->bytes;
    if (strcmp(name, "operations") == 0) return (double) c->operations;
    if (strcmp(name, "preallocSyncs") == 0) return (double) c->prealloc_syncs;
    if (strcmp(name, "syncCalls") == 0) return (double) c->sync_calls;
    if (strcmp(name, "syncedWrites") == 0) return (double) c->synced_writes;
    return (double) c->writes;
}

static void emit_entry(FILE *f, const struct run_settings *s, const struct cell_result *r, const char *target_dir) {
    char vm_version[128];
    snprintf(vm_version, sizeof vm_version, "%s (cc %s, glibc %s)", TWIN_VERSION, __VERSION__, gnu_get_libc_version());
    indent(f, 1); fputs("{\n", f);
    indent(f, 2); fputs("\"jmhVersion\" : \"twin\",\n", f);
    indent(f, 2); fprintf(f, "\"benchmark\" : \"%s\",\n", BENCHMARK_NAMES[r->cell.benchmark]);
    indent(f, 2); fputs("\"mode\" : \"avgt\",\n", f);
    indent(f, 2); fputs("\"threads\" : 1,\n", f);
    indent(f, 2); fputs("\"forks\" : 1,\n", f);
    indent(f, 2); fputs("\"jvm\" : \"durabench-twin (C)\",\n", f);
    indent(f, 2); fputs("\"jvmArgs\" : [\n", f);
    indent(f, 2); fputs("],\n", f);
    indent(f, 2); fputs("\"jdkVersion\" : \"C\",\n", f);
    indent(f, 2); fputs("\"vmName\" : \"durabench-twin\",\n", f);
    indent(f, 2); fputs("\"vmVersion\" : ", f); json_string(f, vm_version); fputs(",\n", f);
    indent(f, 2); fprintf(f, "\"warmupIterations\" : %d,\n", s->warmup_iterations);
    indent(f, 2); fprintf(f, "\"warmupTime\" : \"%s\",\n", s->warmup_time);
    indent(f, 2); fputs("\"warmupBatchSize\" : 1,\n", f);
    indent(f, 2); fprintf(f, "\"measurementIterations\" : %d,\n", s->measurement_iterations);
    indent(f, 2); fprintf(f, "\"measurementTime\" : \"%s\",\n", s->measurement_time);
    indent(f, 2); fputs("\"measurementBatchSize\" : 1,\n", f);
    struct param params[MAX_PARAMS];
    size_t np = cell_params(&r->cell, target_dir, params);
    if (np > 0) {
        indent(f, 2); fputs("\"params\" : {\n", f);
        for (size_t i = 0; i < np; i++) {
            indent(f, 3); fprintf(f, "\"%s\" : ", params[i].name);
            json_string(f, params[i].value);
            fputs(i + 1 < np ? ",\n" : "\n", f);
        }
        indent(f, 2); fputs("},\n", f);
    }
    indent(f, 2); fputs("\"primaryMetric\" : {\n", f);
    emit_metric(f, 3, r->scores, r->n, false, "us/op");
    indent(f, 2); fputs("},\n", f);
    indent(f, 2); fputs("\"secondaryMetrics\" : {\n", f);
    if (r->counters != NULL) {
        double *values = malloc((r->n ? r->n : 1) * sizeof *values);
        const char *const *names = counter_names(r->cell.benchmark);
        for (size_t k = 0; names[k] != NULL; k++) {
            for (size_t i = 0; i < r->n; i++) values[i] = counter_value(&r->counters[i], names[k]);
            indent(f, 3); fprintf(f, "\"%s\" : {\n", names[k]);
            emit_metric(f, 4, values, r->n, true, "#");
            indent(f, 3); fputs(names[k + 1] != NULL ? "},\n" : "}\n", f);
        }
        free(values);
    }
    indent(f, 2); fputs("}\n", f);
    indent(f, 1); fputs("}", f);
}

void write_jmh_json(FILE *f, const struct run_settings *s, const struct cell_result *results, size_t count, const char *target_dir) {
    fputs("[\n", f);
    for (size_t i = 0; i < count; i++) {
        emit_entry(f, s, &results[i], target_dir);
        fputs(i + 1 < count ? ",\n" : "\n", f);
    }
    fputs("]\n", f);
}

void write_not_applicable(FILE *f, const struct cell_list *cells, const char *target_dir) {
    fputs("[", f);
    bool first = true;
    for (size_t i = 0; i < cells->count; i++) {
        const struct cell *c = &cells->cells[i];
        if (c->na_reason[0] == '\0') continue;
        fputs(first ? "\n" : ",\n", f);
        first = false;
        fprintf(f, "  {\n    \"benchmark\": \"%s\",\n    \"params\": {\n", BENCHMARK_NAMES[c->benchmark]);
        struct param params[MAX_PARAMS];
        size_t np = cell_params(c, target_dir, params);
        for (size_t k = 0; k < np; k++) {
            fprintf(f, "      \"%s\": ", params[k].name);
            json_string(f, params[k].value);
            fputs(k + 1 < np ? ",\n" : "\n", f);
        }
        fputs("    },\n    \"kind\": \"n/a\",\n    \"reason\": ", f);
        json_string(f, c->na_reason);
        fputs("\n  }", f);
    }
    fputs(first ? "]\n" : "\n]\n", f);
}
