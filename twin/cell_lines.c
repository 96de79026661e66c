/*
 * Cells as text: a cell's JMH parameters (alphabetical, as JMH writes them), its one-line
 * description, and the --cells file, one cell per line in that description's form:
 *     SyncWriteCost.writeBlock syncMethod=FDATASYNC blockSizeBytes=8192 writesPerSync=1 preallocation=NONE
 * (the full name io.durabench.bench.SyncWriteCost.writeBlock works too; '#' starts a comment).
 * Every parameter of the benchmark must be given; targetDir may be, if it names --dir.
 */
#define _GNU_SOURCE
#include "cells.h"
#include "checked.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parameter names per benchmark, alphabetical (JMH's order), targetDir included where it exists. */
static const char *const PARAM_NAMES[BENCHMARK_COUNT][MAX_PARAMS] = {
    {"blockSizeBytes", "preallocation", "syncMethod", "targetDir", "writesPerSync"},
    {"pgMethod", "targetDir"},
    {"blockSizeBytes", "syncDirectory", "targetDir"},
    {NULL},
    {"pgMethod", "targetDir"},
    {"openSyncWrites", "targetDir"},
    {"fsyncThrough", "targetDir"},
};

static const char *param_value(const struct cell *c, const char *name, const char *target_dir, char *buf, size_t size) {
    if (strcmp(name, "targetDir") == 0) return target_dir;
    if (strcmp(name, "syncMethod") == 0) return SYNC_METHOD_NAMES[c->method];
    if (strcmp(name, "preallocation") == 0) return PREALLOCATION_NAMES[c->prealloc];
    if (strcmp(name, "pgMethod") == 0) return PG_METHOD_NAMES[c->pg_method];
    if (strcmp(name, "openSyncWrites") == 0) return PG_OPEN_SYNC_NAMES[c->open_sync];
    if (strcmp(name, "fsyncThrough") == 0) return PG_DESCRIPTOR_NAMES[c->fsync_through];
    if (strcmp(name, "syncDirectory") == 0) return c->sync_directory ? "true" : "false";
    snprintf(buf, size, "%d", strcmp(name, "blockSizeBytes") == 0 ? c->block_bytes : c->writes_per_sync);
    return buf;
}

size_t cell_params(const struct cell *c, const char *target_dir, struct param out[MAX_PARAMS]) {
    size_t n = 0;
    char num[32];
    for (; n < MAX_PARAMS && PARAM_NAMES[c->benchmark][n] != NULL; n++) {
        out[n].name = PARAM_NAMES[c->benchmark][n];
        snprintf(out[n].value, sizeof out[n].value, "%s", param_value(c, out[n].name, target_dir, num, sizeof num));
    }
    return n;
}

void cell_describe(const struct cell *c, char *buf, size_t size) {
    /* SuitePlanner's order: the method first, then the axes. */
    static const char *const ORDER[BENCHMARK_COUNT][4] = {
        {"syncMethod", "blockSizeBytes", "writesPerSync", "preallocation"},
        {"pgMethod"},
        {"blockSizeBytes", "syncDirectory"},
        {NULL},
        {"pgMethod"},
        {"openSyncWrites"},
        {"fsyncThrough"},
    };
    const char *full = BENCHMARK_NAMES[c->benchmark];
    const char *simple = full + strlen("io.durabench.bench.");
    int used = snprintf(buf, size, "%s", simple);
    char num[32];
    for (int i = 0; i < 4 && ORDER[c->benchmark][i] != NULL && used >= 0 && (size_t) used < size; i++) {
        const char *name = ORDER[c->benchmark][i];
        used += snprintf(buf + used, size - (size_t) used, " %s=%s", name, param_value(c, name, NULL, num, sizeof num));
    }
}

static enum benchmark benchmark_named(const char *name, const char *where) {
    for (int b = 0; b < BENCHMARK_COUNT; b++) {
        const char *full = BENCHMARK_NAMES[b];
        if (strcmp(name, full) == 0 || strcmp(name, full + strlen("io.durabench.bench.")) == 0) return (enum benchmark) b;
    }
    usage_error("%sunknown benchmark '%s'; the twin runs SyncWriteCost.writeBlock, PgTestFsyncEquivalent.rewriteFirstBlock, "
                "FileCreateCost.createWriteSync, NativeCallCost.getppid, PgTwoWrites.rewriteTwoBlocks, PgOpenSyncSizes.write16k, "
                "PgFsyncDescriptor.writeAndSync", where, name);
}

static bool benchmark_has_param(enum benchmark b, const char *name) {
    for (int i = 0; i < MAX_PARAMS && PARAM_NAMES[b][i] != NULL; i++) if (strcmp(PARAM_NAMES[b][i], name) == 0) return true;
    return false;
}

/* Parses one line (already stripped of its comment); false for a blank line. */
static bool parse_line(char *line, const char *target_dir, bool tmpfs, const char *where, struct cell *out) {
    char *save = NULL;
    char *tok = strtok_r(line, " \t\r\n", &save);
    if (tok == NULL) return false;
    struct cell c = {.benchmark = benchmark_named(tok, where)};
    unsigned given = 0; /* bit i: PARAM_NAMES[benchmark][i] seen */
    while ((tok = strtok_r(NULL, " \t\r\n", &save)) != NULL) {
        char *eq = strchr(tok, '=');
        if (eq == NULL || eq == tok) usage_error("%s'%s': expected NAME=VALUE", where, tok);
        *eq = '\0';
        const char *name = tok, *value = eq + 1;
        if (!benchmark_has_param(c.benchmark, name)) {
            usage_error("%s%s has no parameter '%s'", where, BENCHMARK_NAMES[c.benchmark], name);
        }
        for (int i = 0; PARAM_NAMES[c.benchmark][i] != NULL; i++) {
            if (strcmp(PARAM_NAMES[c.benchmark][i], name) != 0) continue;
            if (given & (1u << i)) usage_error("%s%s given twice", where, name);
            given |= 1u << i;
        }
        if (strcmp(name, "targetDir") == 0) {
            if (strcmp(value, target_dir) != 0) {
                usage_error("%stargetDir=%s is not --dir %s: run the twin with that --dir", where, value, target_dir);
            }
            continue;
        }
        cell_set_param(&c, name, value, where);
    }
    for (int i = 0; i < MAX_PARAMS && PARAM_NAMES[c.benchmark][i] != NULL; i++) {
        const char *name = PARAM_NAMES[c.benchmark][i];
        if (!(given & (1u << i)) && strcmp(name, "targetDir") != 0) {
            usage_error("%s%s needs %s=VALUE (every parameter is given in a cells file)", where, BENCHMARK_NAMES[c.benchmark], name);
        }
    }
    cell_mark_not_applicable(&c, tmpfs);
    *out = c;
    return true;
}

void cell_spec_parse(const char *spec, struct cell *out, char *canonical, size_t size) {
    char where[700], text[512];
    snprintf(where, sizeof where, "in '%s': ", spec);
    if (snprintf(text, sizeof text, "%s", spec) >= (int) sizeof text) usage_error("%scell spec too long", where);
    char *list = strchr(text, ':');
    if (list != NULL) *list++ = '\0';
    struct cell c = {.benchmark = benchmark_named(text, where)};
    const char *simple = BENCHMARK_NAMES[c.benchmark] + strlen("io.durabench.bench.");
    int used = snprintf(canonical, size, "%s:", simple);
    unsigned given = 0; /* bit i: PARAM_NAMES[benchmark][i] seen */
    bool any = list != NULL && *list != '\0', first = true;
    for (char *kv; any && (kv = strsep(&list, ",")) != NULL; first = false) {
        char *eq = strchr(kv, '=');
        if (eq == NULL || eq == kv) usage_error("%s'%s' is not name=value", where, kv);
        *eq = '\0';
        if (strcmp(kv, "targetDir") == 0) usage_error("%sthe target directory is given apart (--dir)", where);
        int i = 0;
        while (PARAM_NAMES[c.benchmark][i] != NULL && strcmp(PARAM_NAMES[c.benchmark][i], kv) != 0) i++;
        if (PARAM_NAMES[c.benchmark][i] == NULL) usage_error("%s%s has no parameter '%s'", where, simple, kv);
        if (given & (1u << i)) usage_error("%s'%s' is given twice", where, kv);
        given |= 1u << i;
        cell_set_param(&c, kv, eq + 1, where);
        char num[32];
        used += snprintf(canonical + used, size - (size_t) used, "%s%s=%s", first ? "" : ",", kv,
                         param_value(&c, kv, NULL, num, sizeof num));
        if (used < 0 || (size_t) used >= size) usage_error("%scell spec too long", where);
    }
    for (int i = 0; i < MAX_PARAMS && PARAM_NAMES[c.benchmark][i] != NULL; i++) {
        if (!(given & (1u << i)) && strcmp(PARAM_NAMES[c.benchmark][i], "targetDir") != 0) {
            usage_error("%slacks %s=...", where, PARAM_NAMES[c.benchmark][i]);
        }
    }
    *out = c;
}

void read_cells(const char *file, const char *target_dir, bool tmpfs, struct cell_list *out) {
    FILE *f = fopen(file, "r");
    if (f == NULL) usage_error("--cells %s: cannot open (%s)", file, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    int number = 0;
    while (getline(&line, &cap, f) >= 0) {
        number++;
        char *hash = strchr(line, '#');
        if (hash != NULL) *hash = '\0';
        char where[4200];
        snprintf(where, sizeof where, "--cells %s line %d: ", file, number);
        struct cell c;
        if (parse_line(line, target_dir, tmpfs, where, &c)) cell_list_push(out, c);
    }
    free(line);
    fclose(f);
    if (out->count == 0) usage_error("--cells %s: no cells in it", file);
}
