/*
 * durabench-twin --lock-step-side A|B: the twin as one side of a lock-step pair, with the arguments
 * io.durabench.lockstep.LockStepSide takes after its --side (docs/lockstep.md, "The protocol"). It
 * pins itself first (--pin-thread), A listens at the socket and B connects, then both run their
 * cells in order (lockstep_cell.c); one result line per cell on stdout, as LockStepSide.json writes it.
 * --parent PID: the durabench process that started it; when that is gone (even SIGKILLed), the side
 * stops as on SIGTERM, deleting its files, as a child JVM of durabench's does (ParentWatch).
 */
#define _GNU_SOURCE
#include "lockstep.h"
#include "checked.h"
#include "hand_off.h"
#include "jmh_json.h"
#include "measure.h"
#include "owner_lock.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* LockStepSide.CONNECT_LIMIT */
#define CONNECT_LIMIT_SECONDS 60

static const char USAGE[] =
    "usage: durabench-twin --lock-step-side A|B [--parent PID] [--opener A|B] [--pin-thread CPUS] --socket PATH --dir DIR --blocks K --block-ms T"
    " --grain G --order alternate|a-first|b-first --warmup MIN:MAX:UNITS [--busy-wait-ns D] [--busy-wait-pad-ns P] [--witness-token T]"
    " [--units N] [--size REGION:CHUNK] SPEC...";

struct side_args {
    struct side side;
    const char *socket, *pin;
    int parent;
    struct side_cell_spec *cells;
    size_t count;
};

static char side_named(const char *option, const char *v) {
    if (strcmp(v, "A") != 0 && strcmp(v, "B") != 0) usage_error("%s takes A or B, not '%s'", option, v);
    return v[0];
}

/* LockStepSide.Args.whole: a whole number, 0 or more. */
static int whole(const char *option, const char *v) {
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (v[0] < '0' || v[0] > '9' || *end != '\0' || errno != 0 || n > INT_MAX) {
        usage_error("%s takes a whole number, 0 or more, not '%s'", option, v);
    }
    return (int) n;
}

static enum order order_named(const char *v) {
    if (strcmp(v, "alternate") == 0) return ORDER_ALTERNATE;
    if (strcmp(v, "a-first") == 0) return ORDER_A_FIRST;
    if (strcmp(v, "b-first") == 0) return ORDER_B_FIRST;
    usage_error("unknown order '%s': use alternate, a-first or b-first", v);
}

/* MIN:MAX:UNITS, three whole numbers. */
static void warmup(const char *v, struct lock_step_settings *s) {
    int parts[3];
    const char *p = v;
    for (int k = 0; k < 3; k++) {
        size_t len = strcspn(p, ":");
        char one[32];
        if (len >= sizeof one || p[len] != (k < 2 ? ':' : '\0')) usage_error("--warmup takes MIN:MAX:UNITS, not '%s'", v);
        memcpy(one, p, len);
        one[len] = '\0';
        parts[k] = whole("--warmup", one);
        p += len + 1;
    }
    s->warmup_min = parts[0];
    s->warmup_max = parts[1];
    s->warmup_units = parts[2];
}

/* WorkloadSize.parse: REGION:CHUNK in bytes, both positive. */
static struct workload_size size_named(const char *v) {
    char *end;
    errno = 0;
    long long region = strtoll(v, &end, 10);
    long chunk = 0;
    bool ok = v[0] >= '0' && v[0] <= '9' && *end == ':' && errno == 0 && end[1] >= '0' && end[1] <= '9';
    if (ok) chunk = strtol(end + 1, &end, 10);
    if (!ok || *end != '\0' || errno != 0 || region <= 0 || chunk <= 0 || chunk > INT_MAX) {
        usage_error("a workload size is REGION:CHUNK in bytes (65536:16384), not '%s'", v);
    }
    return (struct workload_size) {region, (int) chunk};
}

static void check_token(const char *token) {
    size_t n = strspn(token, "abcdefghijklmnopqrstuvwxyz0123456789");
    if (n != strlen(token) || n < 8 || n > 64) usage_error("marker token '%s' must be 8-64 of [a-z0-9]", token);
}

/* LockStepSettings' checks, and every cell's units, before anything runs. */
static void check_settings(const struct side_args *a) {
    const struct lock_step_settings *s = &a->side.settings;
    if (s->blocks < 2) usage_error("a lock-step cell needs at least 2 measured blocks, not %d", s->blocks);
    if (s->grain < 1) usage_error("the grain (units per turn) must be 1 or more, not %d", s->grain);
    for (size_t i = 0; i < a->count; i++) {
        int u = a->cells[i].units;
        if (u != 0 && (u < s->grain || u % s->grain != 0)) usage_error("units per block (%d) must be a multiple of the grain (%d)", u, s->grain);
    }
    if (s->warmup_units < s->grain || s->warmup_units % s->grain != 0) {
        usage_error("warmup units per block (%d) must be a multiple of the grain (%d)", s->warmup_units, s->grain);
    }
    if (s->warmup_min < QUIET_BLOCKS || s->warmup_max < s->warmup_min) {
        usage_error("warmup blocks: at least %d, and the most no fewer than the least", QUIET_BLOCKS);
    }
}

static void parse(int argc, char **argv, struct side_args *a) {
    int units = 0;
    struct workload_size size = WORKLOAD_SIZE_DEFAULT;
    bool warmed = false;
    a->side = (struct side) {.opener = 'A', .line = -1, .settings = {.grain = 1, .order = ORDER_ALTERNATE}};
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        bool option = strncmp(o, "--", 2) == 0;
        if (option && i + 1 >= argc) usage_error("%s needs a value", o);
        const char *v = option ? argv[++i] : NULL;
        if (strcmp(o, "--lock-step-side") == 0) a->side.me = side_named(o, v);
        else if (strcmp(o, "--parent") == 0) a->parent = whole(o, v);
        else if (strcmp(o, "--opener") == 0) a->side.opener = side_named(o, v);
        else if (strcmp(o, "--pin-thread") == 0) a->pin = v;
        else if (strcmp(o, "--socket") == 0) a->socket = v;
        else if (strcmp(o, "--dir") == 0) a->side.dir = v;
        else if (strcmp(o, "--blocks") == 0) a->side.settings.blocks = whole(o, v);
        else if (strcmp(o, "--block-ms") == 0) a->side.settings.block_ms = whole(o, v);
        else if (strcmp(o, "--grain") == 0) a->side.settings.grain = whole(o, v);
        else if (strcmp(o, "--order") == 0) a->side.settings.order = order_named(v);
        else if (strcmp(o, "--warmup") == 0) { warmup(v, &a->side.settings); warmed = true; }
        else if (strcmp(o, "--busy-wait-ns") == 0) a->side.settings.busy_wait_ns = (uint64_t) whole(o, v);
        else if (strcmp(o, "--busy-wait-pad-ns") == 0) a->side.settings.busy_wait_pad_ns = (uint64_t) whole(o, v);
        else if (strcmp(o, "--witness-token") == 0) { check_token(v); a->side.witness_token = v; }
        else if (strcmp(o, "--units") == 0) units = whole(o, v);
        else if (strcmp(o, "--size") == 0) size = size_named(v);
        else if (option) usage_error("unknown option %s; %s", o, USAGE);
        else {
            a->cells = realloc(a->cells, (a->count + 1) * sizeof *a->cells);
            if (a->cells == NULL) fail_call("realloc", ENOMEM, "(memory)");
            struct side_cell_spec *c = &a->cells[a->count++];
            cell_spec_parse(o, &c->cell, c->spec, sizeof c->spec);
            c->units = units;
            c->size = size;
        }
    }
    if (a->side.me == 0 || a->socket == NULL || a->side.dir == NULL || !warmed || a->side.settings.blocks == 0
        || a->side.settings.block_ms == 0 || a->count == 0) {
        usage_error("%s", USAGE);
    }
    check_settings(a);
}

/* taskset's CPU list: N, N-M, comma-separated. */
static void cpu_list(const char *text, cpu_set_t *set) {
    CPU_ZERO(set);
    const char *p = text;
    for (;;) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (end == p || *p < '0' || *p > '9') break;
        if (*end == '-') {
            p = end + 1;
            hi = strtol(p, &end, 10);
            if (end == p || *p < '0' || *p > '9') break;
        }
        if (hi < lo || hi >= CPU_SETSIZE) break;
        for (long c = lo; c <= hi; c++) CPU_SET((int) c, set);
        if (*end == '\0') return;
        if (*end != ',') break;
        p = end + 1;
    }
    usage_error("--pin-thread %s: give a CPU list as taskset takes it (1, 0-1, 0,2)", text);
}

/* The CPUs in the kernel's list form ("1", "0-1", "0,2-3"), as /proc's Cpus_allowed_list writes them. */
static void describe_cpus(const cpu_set_t *set, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int c = 0; c < CPU_SETSIZE && used < size; c++) {
        if (!CPU_ISSET(c, set)) continue;
        int last = c;
        while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, set)) last++;
        int n = last == c ? snprintf(out + used, size - used, "%s%d", used ? "," : "", c)
                          : snprintf(out + used, size - used, "%s%d-%d", used ? "," : "", c, last);
        used += n > 0 ? (size_t) n : 0;
        c = last;
    }
}

/* Placement.pinThisThread: pins the calling (and only) thread to cpus, if given; returns the CPUs it may run on. */
static void pin(const char *cpus, char *allowed, size_t size) {
    cpu_set_t set;
    if (cpus != NULL) {
        cpu_list(cpus, &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0) fail_call("sched_setaffinity", errno, cpus);
    }
    if (sched_getaffinity(0, sizeof set, &set) != 0) fail_call("sched_getaffinity", errno, "(this thread)");
    describe_cpus(&set, allowed, size);
}

/* LockStepSide.json, field for field, then the CPUs; one line on stdout, flushed. */
static void print_result(int index, const struct side_cell_spec *c, char me, const struct outcome *o, const char *cpus) {
    /* ChildStatus: ok, or failed with its reason (the side's own call, or the partner's: partnerFailed) */
    printf("durabench-result {\"status\":\"%s\",\"cell\":%d,\"spec\":", o->error[0] != '\0' ? "failed" : "ok", index);
    json_string(stdout, c->spec);
    printf(",\"side\":\"%c\",\"cellMillis\":%lld", me, o->cell_millis);
    if (o->error[0] != '\0') {
        fputs(",\"reason\":", stdout);
        json_string(stdout, o->error);
        printf(",\"partnerFailed\":%s", o->partner_failed ? "true" : "false");
    } else {
        printf(",\"warmupBlocks\":%d,\"warmupCapped\":%s,\"unitsPerBlock\":%d,\"compileMillisWhileMeasured\":0,\"blocks\":[", o->warmup_blocks,
               o->warmup_capped ? "true" : "false", o->units_per_block);
        for (int i = 0; i < o->block_count; i++) {
            const struct block *b = &o->blocks[i];
            printf("%s\"%lld %d %lld %lld %d %lld %lld\"", i ? "," : "", (long long) b->nanos, b->units, (long long) b->operations,
                   (long long) b->max_unit_nanos, b->stalls, (long long) b->stalled_nanos, (long long) b->stalled_operations);
        }
        fputs("],\"counters\":{", stdout);
        const struct counters *k = &o->counters;
        if (o->counted) {
            printf("\"writes\":%llu,\"bytes\":%llu,\"syncCalls\":%llu,\"syncedWrites\":%llu,\"preallocSyncs\":%llu,\"preallocBytes\":%llu,"
                   "\"recycles\":%llu,\"settleSyncs\":%llu,\"shortWrites\":0,\"interruptedWrites\":0,\"ringEnters\":%llu,\"operations\":%llu",
                   (unsigned long long) k->writes, (unsigned long long) k->bytes, (unsigned long long) k->sync_calls,
                   (unsigned long long) k->synced_writes, (unsigned long long) k->prealloc_syncs, (unsigned long long) k->prealloc_bytes,
                   (unsigned long long) k->recycles, (unsigned long long) k->settle_syncs, (unsigned long long) k->ring_enters,
                   (unsigned long long) k->operations);
        }
        fputs("}", stdout);
    }
    fputs(",\"cpus\":", stdout);
    json_string(stdout, cpus);
    fputs("}\n", stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) fail_call("write", errno ? errno : EIO, "(stdout)");
}

static pthread_t main_thread;

/* Polls the parent every 100 ms; once it is gone, SIGTERM to the main thread, whose handler the side's loop heeds. */
static void *parent_watch(void *parent) {
    pid_t pid = (pid_t) (intptr_t) parent;
    struct timespec tick = {0, 100000000};
    while (kill(pid, 0) == 0 || errno == EPERM) nanosleep(&tick, NULL);
    fprintf(stderr, "durabench-twin: its parent, process %d, is gone: ending (its files are deleted on the way out)\n", (int) pid);
    pthread_kill(main_thread, SIGTERM);
    return NULL;
}

static void watch_parent(int parent) {
    if (parent == 0) return;
    main_thread = pthread_self();
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old); /* the watcher never takes the stop signals itself */
    pthread_t t;
    int rc = pthread_create(&t, NULL, parent_watch, (void *) (intptr_t) parent);
    if (rc != 0) fail_call("pthread_create", rc, "(parent watch)");
    pthread_detach(t);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int lock_step_side_main(int argc, char **argv) {
    struct side_args a = {0};
    parse(argc, argv, &a);
    owner_lock_claim(a.side.dir); /* as LockStepSide: a SIGKILLed side's files are a dead owner's, which durabench removes */
    char cpus[256];
    pin(a.pin, cpus, sizeof cpus);
    catch_stop_signals(false); /* Ctrl-C or SIGTERM while waiting for a turn: the files deleted, exit 128+signal */
    watch_parent(a.parent);
    a.side.line = a.side.me == 'A' ? hand_off_listen(a.socket, CONNECT_LIMIT_SECONDS) : hand_off_connect(a.socket, CONNECT_LIMIT_SECONDS);
    for (size_t i = 0; i < a.count; i++) {
        struct outcome o;
        side_cell_run(&a.side, (int) i, &a.cells[i], &o);
        print_result((int) i, &a.cells[i], a.side.me, &o, cpus);
        free(o.blocks);
    }
    hand_off_close(a.side.line);
    free(a.cells);
    return 0;
}
