/* replay.c: the symplex and KLEE primitives for native replay. A program
 * built with clang (plus sanitizers) and linked with this library runs one
 * concrete path: each make_symbolic takes the next object of the .ktest file
 * named by $SYMPLEX_KTEST (or $KTEST_FILE, as KLEE's replay library reads),
 * so the program sees exactly the input the engine generated. The file may
 * also be a Test-Comp testcase: each nondet call then takes the next value.
 *
 * Exit codes chosen so a harness can tell a broken replay from the program's
 * own outcome: 3 = the ktest does not fit the program (missing file, too few
 * objects, size mismatch), 4 = an assumption does not hold for this input. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <klee/klee.h>
#include <symplex.h>

#include "out/ktest.h"
#include "out/testcomp.h"

size_t replay_strnlen_mapped(const char *s); /* klee_extra.c */

static KTest *replay_test;         /* the test, when it is a .ktest file */
static TestcompCase *replay_case;  /* or a Test-Comp testcase XML file */
static uint32_t replay_next;

/* path.c, linked only into a --check-path build. */
__attribute__((weak)) void symplex_path_abandon(void);

__attribute__((noreturn, format(printf, 1, 2))) static void replay_bad_test(const char *fmt, ...) {
    if (symplex_path_abandon)
        symplex_path_abandon();
    va_list ap;
    va_start(ap, fmt);
    fputs("symplex-replay: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(3);
}

static unsigned char *replay_slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        replay_bad_test("cannot open test '%s'", path);
    size_t cap = 4096, n = 0, got;
    unsigned char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *grown = realloc(buf, 2 * cap + 1);
            if (!grown) { free(buf); buf = NULL; break; }
            buf = grown;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        replay_bad_test("out of memory reading '%s'", path);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Where the test is, taken from the environment before the program's own
 * environment is restored (below). */
static char *replay_test_path;

__attribute__((constructor(201))) static void replay_find_test(void) {
    const char *path = getenv("SYMPLEX_KTEST");
    if (!path || !*path)
        path = getenv("KTEST_FILE");
    if (path && *path)
        replay_test_path = strdup(path);
}

/* symplex-replay sets variables of its own (the test, the sanitizers'
 * options, --check-path's files) and runs the program from bash, which sets
 * SHLVL and _: the program sees instead the environment symplex-replay was
 * started with, saved in $SYMPLEX_REPLAY_ENVIRON (NUL-separated, in order),
 * the environment symplex passes to main when started alike. The sanitizers
 * read their options before this runs, the replay library's own variables
 * at priority 201, the program's constructors after. */
int replay_environ_anchor; /* path.c refers to it, so that a path build has this file */

__attribute__((constructor(202))) static void replay_restore_environ(void) {
    const char *file = getenv("SYMPLEX_REPLAY_ENVIRON");
    FILE *f = file && *file ? fopen(file, "rb") : NULL;
    if (!f)
        return;
    size_t cap = 1 << 14, len = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap && !(buf = realloc(buf, (cap *= 2) + 1)))
            break;
    fclose(f);
    if (!buf)
        return;
    buf[len] = 0; /* a last entry without its NUL */
    size_t n = 0;
    for (size_t i = 0; i < len; i += strlen(buf + i) + 1)
        n++;
    char **env = malloc((n + 1) * sizeof *env);
    if (!env)
        return;
    n = 0;
    for (size_t i = 0; i < len; i += strlen(buf + i) + 1)
        env[n++] = buf + i;
    env[n] = NULL;
    environ = env;
}

/* The test is read on first use, so programs that never ask for input run
 * without one. Its format is told by its first bytes, not its name. */
static void replay_load(void) {
    if (replay_test || replay_case)
        return;
    const char *path = replay_test_path;
    if (!path || !*path)
        replay_bad_test("no test to replay: set SYMPLEX_KTEST to a .ktest or Test-Comp .xml file");
    size_t len;
    unsigned char *buf = replay_slurp(path, &len);
    char *err = NULL;
    bool is_ktest = len >= 5 && (memcmp(buf, "KTEST", 5) == 0 || memcmp(buf, "BOUT\n", 5) == 0);
    if (is_ktest)
        replay_test = ktest_parse(buf, len, &err);
    else
        replay_case = testcomp_parse((const char *)buf, len, &err);
    free(buf);
    if (!replay_test && !replay_case)
        replay_bad_test("%s: %s", path, err ? err : "cannot read test");
    /* A test written under --posix starts with the environment's objects
     * (arguments, files, stdin), up to "model_version": symplex-posix-run
     * turned them into the process's environment; the program's own
     * make_symbolic calls take the objects after them. */
    for (uint32_t i = 0; replay_test && i < replay_test->nobjects; i++)
        if (strcmp(replay_test->objects[i].name, "model_version") == 0) {
            replay_next = i + 1;
            break;
        }
}

/* A Test-Comp test holds only the values of nondet calls, as literals. */
static void replay_take_literal(void *addr, size_t nbytes, const char *name) {
    const char *type = testcomp_type_of(name);
    if (!type)
        replay_bad_test("a Test-Comp test holds only __VERIFIER_nondet_* values; the program asks for '%s'",
                        name ? name : "");
    if (replay_next >= replay_case->ninputs)
        replay_bad_test("the test has only %u inputs; the program asks for another (%s)", replay_case->ninputs,
                        name);
    const char *text = replay_case->inputs[replay_next];
    if (!testcomp_parse_value(name, text, addr, (uint32_t)nbytes))
        replay_bad_test("input %u ('%s') is not a literal of type %s", replay_next + 1, text, type);
    replay_next++;
}

static void replay_take(void *addr, size_t nbytes, const char *name) {
    replay_load();
    if (replay_case) {
        replay_take_literal(addr, nbytes, name);
        return;
    }
    KTest *t = replay_test;
    if (replay_next >= t->nobjects)
        replay_bad_test("the test has only %u objects; the program asks for another ('%s')",
                        t->nobjects, name ? name : "");
    const KTestObject *o = &t->objects[replay_next];
    if (o->nbytes != nbytes)
        replay_bad_test("object %u ('%s') has %u bytes; the program asks for %zu ('%s')",
                        replay_next, o->name, o->nbytes, nbytes, name ? name : "");
    memcpy(addr, o->bytes, nbytes);
    replay_next++;
}

void symplex_make_symbolic(void *addr, size_t nbytes, const char *name) {
    replay_take(addr, nbytes, name);
}

void klee_make_symbolic(void *addr, size_t nbytes, const char *name) {
    replay_take(addr, nbytes, name);
}

static void replay_assume(uintptr_t cond) {
    if (cond)
        return;
    if (symplex_path_abandon)
        symplex_path_abandon();
    fputs("symplex-replay: assumption violated\n", stderr);
    exit(4);
}

void symplex_assume(uintptr_t cond) {
    replay_assume(cond);
}

/* The engine reports a false klee_assume as a user error (KLEE's "invalid
 * klee_assume call"), so the replay of such a test reports the same. */
void klee_assume(uintptr_t cond) {
    if (!cond) {
        fflush(stdout);
        fputs("symplex-replay: error: invalid klee_assume call (provably false)\n", stderr);
        abort();
    }
}

/* Nothing is symbolic in a native run. */
unsigned symplex_is_symbolic(uintptr_t value) {
    return 0;
}

unsigned klee_is_symbolic(uintptr_t value) {
    return 0;
}

void symplex_silent_exit(int status) {
    exit(status);
}

void klee_silent_exit(int status) {
    exit(status);
}

__attribute__((noreturn)) static void replay_error(const char *file, int line, const char *msg) {
    fflush(stdout);
    fprintf(stderr, "symplex-replay: error: %s:%d: %s\n", file ? file : "?", line,
            msg ? msg : "");
    abort();
}

void symplex_report_error(const char *file, int line, const char *msg, const char *suffix) {
    replay_error(file, line, msg);
}

void klee_report_error(const char *file, int line, const char *msg, const char *suffix) {
    replay_error(file, line, msg);
}

void klee_abort(void) {
    abort();
}

/* On a concrete path every expression has exactly its own value. */
int64_t symplex_get_value_i64(int64_t expr) { return expr; }
int32_t klee_get_value_i32(int32_t expr) { return expr; }
int64_t klee_get_value_i64(int64_t expr) { return expr; }
long klee_get_valuel(long expr) { return expr; }
long long klee_get_valuell(long long expr) { return expr; }
float klee_get_valuef(float expr) { return expr; }
double klee_get_valued(double expr) { return expr; }

void klee_prefer_cex(void *object, uintptr_t condition) {}

void klee_warning(const char *message) {
    fprintf(stderr, "symplex-replay: warning: %.*s\n", (int)replay_strnlen_mapped(message), message);
}

/* "Once" per distinct message text; the table is small because harnesses
 * use a handful of fixed messages. Beyond it, repeats are printed again. */
void klee_warning_once(const char *message) {
    static const char *seen[64];
    static unsigned nseen;
    for (unsigned i = 0; i < nseen; i++)
        if (strcmp(seen[i], message) == 0)
            return;
    if (nseen < sizeof seen / sizeof *seen)
        seen[nseen++] = message;
    klee_warning(message);
}

/* The type of the value argument is unknown here, so only the text is shown. */
void klee_print_expr(const char *msg, ...) {
    fprintf(stderr, "symplex-replay: %s\n", msg);
}

/* Go through the program's own stdio streams so output interleaves in the
 * order the program produced it. */
static FILE *replay_stream(int fd) {
    return fd == 2 ? stderr : stdout;
}

void symplex_output(int fd, const void *buf, size_t n) {
    fwrite(buf, 1, n, replay_stream(fd));
}

int symplex_vformat(int fd, char *buf, size_t cap, const char *fmt, va_list ap) {
    if (fd >= 0)
        return vfprintf(replay_stream(fd), fmt, ap);
    return vsnprintf(buf, cap, fmt, ap);
}

/* SV-COMP's error functions, for programs that only declare them. Both
 * print the same line, so a harness has one message to look for. */
__attribute__((noreturn)) static void replay_reach_error(void) {
    fflush(stdout);
    fputs("symplex-replay: reach_error called\n", stderr);
    abort();
}

__attribute__((weak)) void reach_error(void) {
    replay_reach_error();
}

__attribute__((weak)) void __VERIFIER_error(void) {
    replay_reach_error();
}
