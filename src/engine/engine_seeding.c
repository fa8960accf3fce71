/* KLEE's seeding for the forking engine (engine_seeding.h). */
#include "engine_seeding.h"
#include "engine.h"
#include "../out/ktest.h"
#include "../util/ptrmap.h"
#include "../util/util.h"
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SEEDING_QUANTUM 10000 /* instructions between two looks at the clock */

typedef struct EngineSeeding {
    Seed **seeds;
    uint32_t n;
    uint32_t followed;   /* seeds a state of the tree took as its model */
    uint32_t explored;   /* seeds whose whole path earlier seeds had followed */
    uint32_t replayed;   /* --only-replay-seeds: seeds run concolically */
    uint32_t not_reached; /* seeds left when a limit or --seed-time ended the seeding */
    double time_s;
} EngineSeeding;

static bool seeding_add_file(SeedOptions *o, const char *path, char **err) {
    KTest *kt = ktest_read(path, err);
    if (!kt) return false;
    Seed *sd = seed_new(kt->nobjects);
    for (uint32_t i = 0; i < kt->nobjects; i++) seed_set(sd, i, kt->objects[i].bytes, kt->objects[i].nbytes);
    seed_seal(sd);
    ktest_free(kt);
    o->loaded = util_realloc(o->loaded, (o->nloaded + 1) * sizeof *o->loaded);
    o->loaded[o->nloaded++] = sd;
    return true;
}

static int seeding_name_cmp(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every .ktest of dir, in name order (as KLEE reads a seed directory). */
static bool seeding_add_dir(SeedOptions *o, const char *dir, char **err) {
    DIR *d = opendir(dir);
    if (!d) {
        *err = util_format("cannot read seed directory '%s': %s", dir, strerror(errno));
        return false;
    }
    VEC(char *) names = {0};
    for (struct dirent *de; (de = readdir(d));) {
        size_t len = strlen(de->d_name);
        if (len > 6 && strcmp(de->d_name + len - 6, ".ktest") == 0) VEC_PUSH(names, util_strdup(de->d_name));
    }
    closedir(d);
    if (names.len) qsort(names.data, names.len, sizeof *names.data, seeding_name_cmp);
    bool ok = names.len > 0;
    if (!ok) *err = util_format("seed directory '%s' holds no .ktest file", dir);
    for (size_t i = 0; i < names.len; i++) {
        char *path = util_format("%s/%s", dir, names.data[i]);
        if (ok && !seeding_add_file(o, path, err)) ok = false;
        free(path);
        free(names.data[i]);
    }
    VEC_FREE(names);
    return ok;
}

bool engine_seeds_read(SeedOptions *o, char **err) {
    for (uint32_t i = 0; i < o->nfiles; i++)
        if (!seeding_add_file(o, o->files[i], err)) return false;
    for (uint32_t i = 0; i < o->ndirs; i++)
        if (!seeding_add_dir(o, o->dirs[i], err)) return false;
    return true;
}

void engine_seeds_free(SeedOptions *o) {
    for (uint32_t i = 0; i < o->nloaded; i++) seed_unref(o->loaded[i]);
    free(o->loaded);
    o->loaded = NULL;
    o->nloaded = 0;
}

void engine_seeding_new(Engine *e) {
    const SeedOptions *o = &e->opt.seeds;
    if (e->opt.engine == ENGINE_DSE || !o->nloaded) return;
    EngineSeeding *sg = util_calloc(1, sizeof *sg);
    sg->n = o->nloaded;
    sg->seeds = util_malloc(sg->n * sizeof *sg->seeds);
    for (uint32_t i = 0; i < sg->n; i++) sg->seeds[i] = seed_ref(o->loaded[i]);
    e->seeding = sg;
}

void engine_seed_run(Engine *e, Seed *sd, double until, const char *end_reason, bool users) {
    State *s = exec_initial_state(e->ex, e->opt.argc, e->opt.argv);
    if (!s->model) { /* the seed's bytes go into the model as make_symbolic meets them */
        s->model = util_malloc(sizeof *s->model);
        assignment_init(s->model);
    }
    s->seed = seed_ref(sd);
    s->concolic = true;
    s->seeded = users; /* a user's seed is a path of the run (engine_test.c counts it) */
    s->covered_new = false;
    engine_adopt(e, s);
    while (engine_run_held(e, s, SEEDING_QUANTUM)) {
        double now = timer_now();
        engine_tick(e, now, s);
        if (engine_over_limits(e, now) || now >= until) {
            exec_terminate_early(e->ex, s, e->halt_reason ? e->halt_reason : end_reason);
            return;
        }
    }
}

/* Does sd satisfy s's path condition? a collects sd's bytes for s's inputs
 * (an input is one array in every state that has it, at the same place in
 * their creation order, so one assignment serves the whole pool); memo holds
 * each path-condition node's answer (1 holds with all older ones, 2 not):
 * the pool's states share their older nodes, so the scan evaluates each
 * node of the tree once, not once per state. */
static bool seeding_fits(const State *s, const Seed *sd, Assignment *a, PtrMap *memo) {
    Symbolic *syms = util_malloc((s->nsyms ? s->nsyms : 1) * sizeof *syms);
    state_symbolics(s, syms);
    for (uint32_t i = 0; i < s->nsyms; i++) {
        Array *arr = syms[i].array;
        if (!assignment_get(a, arr)) seed_assign(sd, i, arr, a);
    }
    free(syms);
    VEC(const PathCond *) walk = {0}; /* the nodes not answered yet, newest first */
    bool ok = true;
    for (const PathCond *p = s->pc; p; p = p->next) {
        const u128 *m = ptrmap_get(memo, p);
        if (m) {
            ok = *m == 1;
            break;
        }
        VEC_PUSH(walk, p);
    }
    for (size_t i = walk.len; i-- > 0;) {
        ok = ok && (expr_eval(walk.data[i]->e, a) & 1);
        ptrmap_put(memo, walk.data[i], ok ? 1 : 2);
    }
    VEC_FREE(walk);
    return ok;
}

/* The state of the pool whose path sd takes, given sd as its model; NULL
 * when there is none (earlier seeds followed sd's whole path). */
static State *seeding_take(Engine *e, Seed *sd) {
    Assignment a;
    assignment_init(&a);
    PtrMap memo;
    ptrmap_init(&memo);
    State *found = NULL;
    for (size_t i = e->pool.len; i-- > 0 && !found;) {
        State *s = e->pool.data[i];
        if (!s->concolic && !s->seeded && seeding_fits(s, sd, &a, &memo)) found = s;
    }
    if (found) {
        Assignment *m = util_malloc(sizeof *m);
        assignment_init(m);
        Symbolic *syms = util_malloc((found->nsyms ? found->nsyms : 1) * sizeof *syms);
        state_symbolics(found, syms);
        for (uint32_t k = 0; k < found->nsyms; k++) assignment_set(m, syms[k].array, assignment_get(&a, syms[k].array));
        free(syms);
        state_set_model(found, m);
        found->seeded = true;
        seed_unref(found->seed);
        found->seed = seed_ref(sd);
        found->seed_next = found->nsyms; /* its later inputs take the seed's later objects */
    }
    assignment_free(&a);
    ptrmap_free(&memo);
    return found;
}

/* The state following the seed after f ran: f itself, or the child its fork
 * gave the seed's model (the newest state of the pool); else a scan. */
static State *seeding_follower(Engine *e, State *f, bool alive) {
    if (alive && f->seeded) return f;
    if (alive && e->pool.len && e->pool.data[e->pool.len - 1]->seeded) return e->pool.data[e->pool.len - 1];
    for (size_t i = e->pool.len; i-- > 0;)
        if (e->pool.data[i]->seeded) return e->pool.data[i];
    return NULL;
}

/* Follows sd until its path ends; false when a limit or the seeding's end
 * stopped it. */
static bool seeding_follow(Engine *e, Seed *sd, double until) {
    State *f = seeding_take(e, sd);
    if (!f) {
        e->seeding->explored++;
        return true;
    }
    e->seeding->followed++;
    while (f) {
        double now = timer_now();
        engine_tick(e, now, f); /* the memory cap may end other states, not f */
        if (engine_over_limits(e, now) || now >= until) {
            f->seeded = false; /* the search takes it from here */
            return false;
        }
        bool alive = exec_ready(e->ex, f) && engine_run_held(e, f, SEEDING_QUANTUM);
        f = seeding_follower(e, f, alive);
    }
    return true;
}

void engine_seeding_explore(Engine *e) {
    EngineSeeding *sg = e->seeding;
    const SeedOptions *o = &e->opt.seeds;
    double start = timer_now(), until = o->time_s > 0 ? start + o->time_s : INFINITY;
    if (!o->only_replay) engine_adopt(e, exec_initial_state(e->ex, e->opt.argc, e->opt.argv));
    uint32_t i = 0;
    for (; i < sg->n; i++) {
        double now = timer_now();
        if (engine_over_limits(e, now) || now >= until) break;
        if (o->only_replay) {
            engine_seed_run(e, sg->seeds[i], until, "seed-time", true);
            sg->replayed++;
        } else if (!seeding_follow(e, sg->seeds[i], until)) {
            break;
        }
    }
    sg->not_reached = sg->n - i;
    sg->time_s = timer_now() - start;
    if (e->halt_reason) return;
    if (o->only_seed || o->only_replay) {
        if (e->pool.len) e->halt_reason = "only-seed"; /* the states alive get their tests */
        return;
    }
    engine_explore(e);
}

void engine_seeding_summary(const Engine *e, FILE *f) {
    const EngineSeeding *sg = e->seeding;
    if (!sg) return;
    fprintf(f, "  \"seeding\": {\"seeds\": %u, \"followed\": %u, \"path_followed_before\": %u, \"replayed\": %u, "
               "\"not_reached\": %u, \"time_s\": %.3f},\n",
            sg->n, sg->followed, sg->explored, sg->replayed, sg->not_reached, sg->time_s);
}

void engine_seeding_free(Engine *e) {
    EngineSeeding *sg = e->seeding;
    if (!sg) return;
    for (uint32_t i = 0; i < sg->n; i++) seed_unref(sg->seeds[i]);
    free(sg->seeds);
    free(sg);
    e->seeding = NULL;
}
