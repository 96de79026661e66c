/*
 * durabench-twin: durabench's workloads in C, timed like JMH's AverageTime mode, written as JMH JSON
 * into a folder shaped like one `durabench run` target folder (OUT/<label>/jmh-result.json and
 * not-applicable.json), so durabench's own report reads both tools alike. It exists to check the
 * harness: the same syscalls with no JVM, jnr or JMH in between. Usage: durabench-twin --help.
 */
#define _GNU_SOURCE
#include "cells.h"
#include "checked.h"
#include "jmh_json.h"
#include "lockstep.h"
#include "measure.h"
#include "workloads.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

static const char USAGE[] =
    "usage: durabench-twin --dir DIR (--out OUT | --list) [--bench REGEX]... [-p NAME=V1,V2]... [--cells FILE]\n"
    "                      [-wi N] [-w TIME] [-i N] [-r TIME] [--lock FILE | --no-lock]\n"
    "Runs durabench's workloads in C on DIR and writes OUT/<label>/jmh-result.json (JMH JSON, the Java\n"
    "benchmarks' names and params) and OUT/<label>/not-applicable.json; <label> as `durabench run` names it.\n"
    "  --bench REGEX  only benchmarks whose full name matches (SyncWriteCost, PgTestFsyncEquivalent,\n"
    "                 FileCreateCost, NativeCallCost; and pg_test_fsync's other sections, only when named:\n"
    "                 PgTwoWrites, PgOpenSyncSizes, PgFsyncDescriptor); default the quick profile's four\n"
    "  -p NAME=V,...  replaces one axis of durabench's quick profile: syncMethod (native methods), blockSizeBytes,\n"
    "                 writesPerSync, preallocation, pgMethod, syncDirectory, openSyncWrites, fsyncThrough\n"
    "  --cells FILE   exactly these cells, one per line: BENCHMARK NAME=VALUE... (not with -p/--bench)\n"
    "  --list         print the cells (in --cells form; n/a ones as comments) and exit without running any\n"
    "  -wi N -w TIME  warmup iterations and time (default 1, 300ms: durabench's quick profile)\n"
    "  -i N -r TIME   measurement iterations and time (default 5, 300ms); TIME as JMH: 300ms, 1s, 50ms\n"
    "  --lock FILE    JMH's lock file (default /tmp/jmh.lock): the twin waits for it and holds it, so it never\n"
    "                 measures while a JMH run does (and no JMH starts while it measures)\n"
    "  --no-lock      take no lock (for tests that measure nothing)\n"
    "Exit: 0 done, 1 a call failed (no result written), 2 bad arguments, 130/143 interrupted.\n"
    "\n"
    "durabench-twin --lock-step-side A|B [--opener A|B] [--pin-thread CPUS] --socket PATH --dir DIR --blocks K\n"
    "                      --block-ms T --grain G --order O --warmup MIN:MAX:UNITS [--busy-wait-ns D] [--witness-token T]\n"
    "                      [--units N] [--size REGION:CHUNK] SPEC...\n"
    "One side of a lock-step pair (docs/lockstep.md): LockStepSide's arguments and protocol, one result line a cell.\n"
    "Exit: 0 every result printed, 2 bad arguments, 3 the other side went away.\n";

/* JMH's TimeValue.fromString, then its toString spelling ("300 ms") for the JSON. */
static uint64_t parse_time(const char *opt, const char *text, char *spelled, size_t size) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || errno != 0 || v <= 0 || v > INT_MAX) {
        usage_error("%s %s: expected a positive time such as 300ms, 1s or 50ms", opt, text);
    }
    static const struct { const char *suffix, *spelling; uint64_t ns; } UNITS[] = {
        {"ns", "ns", 1}, {"us", "us", 1000}, {"ms", "ms", 1000000}, {"", "s", 1000000000}, {"s", "s", 1000000000},
        {"m", "min", 60000000000ULL}, {"min", "min", 60000000000ULL},
    };
    for (size_t i = 0; i < sizeof UNITS / sizeof *UNITS; i++) {
        if (strcmp(end, UNITS[i].suffix) == 0) {
            snprintf(spelled, size, "%ld %s", v, UNITS[i].spelling);
            return (uint64_t) v * UNITS[i].ns;
        }
    }
    usage_error("%s %s: unknown unit '%s'; use ns, us, ms, s or min", opt, text, end);
}

static int parse_count(const char *opt, const char *text, int min) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || v < min || v > 100000) {
        usage_error("%s %s: expected a whole number >= %d", opt, text, min);
    }
    return (int) v;
}

/* Path.toAbsolutePath().normalize(): lexical, no symlinks resolved (TargetLabel reads like what was typed). */
static void absolute_normalized(const char *in, char *out, size_t size) {
    char joined[2 * PATH_MAX];
    if (in[0] == '/') {
        snprintf(joined, sizeof joined, "%s", in);
    } else {
        char cwd[PATH_MAX];
        if (getcwd(cwd, sizeof cwd) == NULL) usage_error("cannot read the working directory (%s)", strerror(errno));
        snprintf(joined, sizeof joined, "%s/%s", cwd, in);
    }
    char *parts[PATH_MAX / 2];
    size_t n = 0;
    for (char *save = NULL, *p = strtok_r(joined, "/", &save); p; p = strtok_r(NULL, "/", &save)) {
        if (strcmp(p, ".") == 0) continue;
        if (strcmp(p, "..") == 0) { if (n > 0) n--; continue; }
        parts[n++] = p;
    }
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) used += (size_t) snprintf(out + used, size - used, "/%s", parts[i]);
    if (n == 0) snprintf(out, size, "/");
    if (used >= size) usage_error("path too long: %s", in);
}

/* TargetLabel.label: '/' -> '-', leading '-' dropped, "/" -> "root". */
static void target_label(const char *abs, char *out, size_t size) {
    snprintf(out, size, "%s", abs[1] == '\0' ? "root" : abs + 1);
    for (char *p = out; *p; p++) if (*p == '/') *p = '-';
}

/* The result folder is created only after every cell succeeded: check now that it can be. */
static void check_out_writable(const char *out_dir) {
    char probe[PATH_MAX];
    snprintf(probe, sizeof probe, "%s", out_dir);
    struct stat st;
    while (stat(probe, &st) != 0) {
        char *slash = strrchr(probe, '/');
        if (slash == NULL || slash == probe) { snprintf(probe, sizeof probe, "/"); break; }
        *slash = '\0';
    }
    if (stat(probe, &st) != 0 || !S_ISDIR(st.st_mode) || access(probe, W_OK) != 0) {
        usage_error("--out %s: %s is not a writable directory; pass an --out under a writable folder", out_dir, probe);
    }
}

static void mkdirs(const char *path) {
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) fail_call("mkdir", errno, buf);
        *p = '/';
    }
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) fail_call("mkdir", errno, buf);
}

/*
 * JMH's machine-wide lock (jmh-core Runner: a FileLock on java.io.tmpdir/jmh.lock, i.e. fcntl F_SETLK
 * over the whole file): holding it keeps a JMH run and the twin from measuring each other. Held until exit.
 */
static void take_jmh_lock(const char *path) {
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) fail_call("open", errno, path);
    struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_SETLK, &lock) == 0) return;
    if (errno != EAGAIN && errno != EACCES) fail_call("fcntl(F_SETLK)", errno, path);
    fprintf(stderr, "# durabench-twin: another JMH holds %s; waiting for it to finish (--no-lock skips this)\n", path);
    while (fcntl(fd, F_SETLKW, &lock) != 0) {
        if (errno != EINTR) fail_call("fcntl(F_SETLKW)", errno, path);
    }
}

static void check_interrupted(void) {
    int sig = stop_signal();
    if (sig != 0) fail_interrupted(sig);
}

/* One JMH trial: setup, warmup and measurement iterations (each with its iteration setup/teardown), teardown. */
static struct cell_result run_cell(const struct cell *c, const char *dir, const struct run_settings *s) {
    struct cell_result r = {.cell = *c, .n = (size_t) s->measurement_iterations};
    r.scores = calloc(r.n, sizeof *r.scores);
    struct workload w = cell_open(c, dir, WORKLOAD_SIZE_DEFAULT);
    if (w.counters != NULL) r.counters = calloc(r.n, sizeof *r.counters);
    check_interrupted();
    for (int i = 0, measured = 0; i < s->warmup_iterations + s->measurement_iterations; i++) {
        bool warmup = i < s->warmup_iterations;
        if (w.iteration_setup) w.iteration_setup(w.self);
        struct iteration_result it = measure_iteration(w.op, w.self, warmup ? s->warmup_ns : s->measurement_ns);
        check_interrupted();
        if (!warmup) {
            r.scores[measured] = (double) it.elapsed_ns / 1000.0 / (double) it.ops;
            if (w.counters != NULL) r.counters[measured] = *w.counters;
            measured++;
        }
        if (w.iteration_teardown) w.iteration_teardown(w.self);
    }
    w.close(w.self);
    return r;
}

static void print_progress(size_t k, size_t total, const struct cell_result *r) {
    char what[512];
    cell_describe(&r->cell, what, sizeof what);
    fprintf(stderr, "[%zu/%zu] %s: %.3f ± %.3f us/op", k, total, what, stats_mean(r->scores, r->n), stats_error_999(r->scores, r->n));
    if (r->counters != NULL) {
        double writes = 0, syncs = 0;
        for (size_t i = 0; i < r->n; i++) {
            writes += (double) r->counters[i].writes;
            syncs += (double) (r->counters[i].sync_calls + r->counters[i].synced_writes);
        }
        fprintf(stderr, ", %.3f syncs per write", writes > 0 ? syncs / writes : 0.0);
    }
    fputc('\n', stderr);
}

/* Writes FILE.tmp, then renames it: a result file is either whole or absent. */
static FILE *open_temp(const char *final_path, char *tmp, size_t size) {
    snprintf(tmp, size, "%s.tmp", final_path);
    FILE *f = fopen(tmp, "w");
    if (f == NULL) fail_call("fopen", errno, tmp);
    return f;
}

static void finish_temp(FILE *f, const char *tmp, const char *final_path) {
    if (ferror(f) | (fclose(f) != 0)) { unlink(tmp); fail_call("write", errno ? errno : EIO, tmp); }
    if (rename(tmp, final_path) != 0) { unlink(tmp); fail_call("rename", errno, final_path); }
}

int main(int argc, char **argv) {
    const char *dir_arg = NULL, *out_arg = NULL, *cells_file = NULL;
    const char *patterns[64];
    size_t pattern_count = 0;
    struct axes axes = {{0}};
    bool any_p = false, list = false;
    const char *lock = "/tmp/jmh.lock";
    if (argc > 1 && strcmp(argv[1], "--lock-step-side") == 0) return lock_step_side_main(argc, argv);
    struct run_settings s = {.warmup_iterations = 1, .warmup_ns = 300000000, .warmup_time = "300 ms",
                             .measurement_iterations = 5, .measurement_ns = 300000000, .measurement_time = "300 ms"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) { fputs(USAGE, stdout); return 0; }
        if (strcmp(a, "--no-lock") == 0) { lock = NULL; continue; }
        if (strcmp(a, "--list") == 0) { list = true; continue; }
        if (i + 1 >= argc) usage_error("%s: missing value (see --help)", a);
        const char *v = argv[++i];
        if (strcmp(a, "--dir") == 0) dir_arg = v;
        else if (strcmp(a, "--out") == 0) out_arg = v;
        else if (strcmp(a, "--cells") == 0) cells_file = v;
        else if (strcmp(a, "--lock") == 0) lock = v;
        else if (strcmp(a, "--bench") == 0) {
            if (pattern_count == sizeof patterns / sizeof *patterns) usage_error("too many --bench patterns");
            patterns[pattern_count++] = v;
        } else if (strcmp(a, "-p") == 0) { axes_put(&axes, v); any_p = true; }
        else if (strcmp(a, "-wi") == 0) s.warmup_iterations = parse_count(a, v, 0);
        else if (strcmp(a, "-i") == 0) s.measurement_iterations = parse_count(a, v, 1);
        else if (strcmp(a, "-w") == 0) s.warmup_ns = parse_time(a, v, s.warmup_time, sizeof s.warmup_time);
        else if (strcmp(a, "-r") == 0) s.measurement_ns = parse_time(a, v, s.measurement_time, sizeof s.measurement_time);
        else usage_error("unknown option %s (see --help)", a);
    }
    if (dir_arg == NULL) usage_error("--dir DIR is required: the directory to write in");
    if (out_arg == NULL && !list) usage_error("--out OUT is required: the folder for OUT/<label>/jmh-result.json");
    if (cells_file != NULL && (any_p || pattern_count > 0)) usage_error("--cells lists whole cells: drop -p and --bench");

    struct stat st;
    if (stat(dir_arg, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir_arg, W_OK) != 0) {
        usage_error("targetDir %s is not a writable directory: create it or pass another --dir", dir_arg);
    }
    char dir[PATH_MAX];
    absolute_normalized(dir_arg, dir, sizeof dir);
    struct statfs fs;
    if (statfs(dir, &fs) != 0) usage_error("cannot statfs %s (%s)", dir, strerror(errno));
    bool tmpfs = fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC;

    struct cell_list cells = {0};
    if (cells_file != NULL) read_cells(cells_file, dir, tmpfs, &cells);
    else plan_cells(&axes, patterns, pattern_count, dir, tmpfs, &cells);
    if (list) {
        for (size_t i = 0; i < cells.count; i++) {
            char what[512];
            cell_describe(&cells.cells[i], what, sizeof what);
            if (cells.cells[i].na_reason[0] != '\0') printf("# n/a (%s): %s\n", cells.cells[i].na_reason, what);
            else printf("%s\n", what);
        }
        return 0;
    }

    char out[PATH_MAX], label[PATH_MAX], result_dir[PATH_MAX];
    absolute_normalized(out_arg, out, sizeof out);
    target_label(dir, label, sizeof label);
    int len = snprintf(result_dir, sizeof result_dir, "%s/%s", out, label);
    if (len < 0 || (size_t) len + 32 >= sizeof result_dir) usage_error("--out %s: path too long", out);
    char result_file[PATH_MAX + 32], na_file[PATH_MAX + 32], tmp[PATH_MAX + 40];
    snprintf(result_file, sizeof result_file, "%s/jmh-result.json", result_dir);
    snprintf(na_file, sizeof na_file, "%s/not-applicable.json", result_dir);
    if (access(result_file, F_OK) == 0) usage_error("%s already exists: pass a new --out", result_file);
    check_out_writable(result_dir);
    size_t runnable = 0;
    for (size_t i = 0; i < cells.count; i++) if (cells.cells[i].na_reason[0] == '\0') runnable++;
    if (runnable == 0) usage_error("no cell to run: every selected cell is n/a or none matches --bench");

    if (lock != NULL) take_jmh_lock(lock);
    measure_init(); /* from here on, Ctrl-C deletes the trial's files and writes no result */
    fprintf(stderr, "# durabench-twin: %zu cells on %s, warmup %d x %s, measurement %d x %s\n", cells.count, dir,
            s.warmup_iterations, s.warmup_time, s.measurement_iterations, s.measurement_time);
    struct cell_result *results = calloc(runnable, sizeof *results);
    size_t done = 0;
    for (size_t i = 0; i < cells.count; i++) {
        struct cell *c = &cells.cells[i];
        /* What durabench's probe finds by trying, for what the twin tries too (pg_open_sync_refused, sync_method_refused). */
        if (c->benchmark == BENCH_PG_OPEN_SYNC && c->na_reason[0] == '\0') {
            pg_open_sync_refused(dir, c->open_sync, c->na_reason, sizeof c->na_reason);
            check_interrupted();
        }
        if (c->benchmark == BENCH_SYNC_WRITE && c->na_reason[0] == '\0') {
            sync_method_refused(dir, c->method, c->na_reason, sizeof c->na_reason);
            check_interrupted();
        }
        if (c->na_reason[0] != '\0') {
            char what[512];
            cell_describe(c, what, sizeof what);
            fprintf(stderr, "[%zu/%zu] %s: n/a (%s)\n", i + 1, cells.count, what, c->na_reason);
            continue;
        }
        results[done] = run_cell(c, dir, &s);
        print_progress(i + 1, cells.count, &results[done]);
        done++;
    }
    mkdirs(result_dir);
    FILE *f = open_temp(result_file, tmp, sizeof tmp);
    write_jmh_json(f, &s, results, done, dir);
    finish_temp(f, tmp, result_file);
    f = open_temp(na_file, tmp, sizeof tmp);
    write_not_applicable(f, &cells, dir);
    finish_temp(f, tmp, na_file);
    printf("wrote %s\n", result_file);
    return 0;
}
