/* End-to-end test of native replay (runtime/replay + tools/symplex-replay.sh):
 * hand-written ktests drive a small KLEE-API program built by the installed
 * build/bin/symplex-replay; each input must produce its own outcome (assert
 * fires only for the failing input, exit status passes through, malformed
 * tests and violated assumptions give the documented exit codes). */
#include "check.h"
#include "out/ktest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/symplex-test-replay-XXXXXX";

static const char *program =
    "#include <klee/klee.h>\n"
    "#include <assert.h>\n"
    "#include <stdio.h>\n"
    "extern _Bool __VERIFIER_nondet_bool(void);\n"
    "extern void reach_error(void);\n"
    "int main(void) {\n"
    "    int x;\n"
    "    klee_make_symbolic(&x, sizeof x, \"x\");\n"
    "    int r = klee_range(10, 20, \"r\");\n"
    "    _Bool b = __VERIFIER_nondet_bool();\n"
    "    printf(\"x=%d r=%d b=%d\\n\", x, r, b);\n"
    "    assert(x != 42);\n"
    "    if (b && r == 13) reach_error();\n"
    "    return x > 100 ? 7 : 0;\n"
    "}\n";

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* A ktest with objects x (int), r (int) and __VERIFIER_nondet_bool (1 byte). */
static void write_test(const char *path, int x, int r, unsigned char b, int nobjects) {
    KTestObject objs[3] = {{"x", 4, (unsigned char *)&x},
                           {"r", 4, (unsigned char *)&r},
                           {"__VERIFIER_nondet_bool", 1, &b}};
    char *args[] = {"prog.c"};
    KTest t = {KTEST_VERSION, 1, args, 0, 0, (uint32_t)nobjects, objs};
    char *err = NULL;
    CHECK(ktest_write(path, &t, &err));
    free(err);
}

/* Runs symplex-replay on prog.c and the ktest; returns its exit status and
 * leaves its stderr in dir/err.txt. */
static int replay(const char *ktest) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "SYMPLEX_REPLAY_CACHE=%s/cache %s/bin/symplex-replay %s/prog.c %s >%s/out.txt 2>%s/err.txt",
             dir, SYMPLEX_BINARY_DIR, dir, ktest, dir, dir);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool file_contains(const char *name, const char *needle) {
    char path[512], buf[8192] = {0};
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strstr(buf, needle) != NULL;
}

int main(void) {
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char prog[256], kt[256];
    snprintf(prog, sizeof prog, "%s/prog.c", dir);
    snprintf(kt, sizeof kt, "%s/t.ktest", dir);
    write_file(prog, program);

    write_test(kt, 5, 12, 0, 3);
    CHECK(replay(kt) == 0);
    CHECK(file_contains("out.txt", "x=5 r=12 b=0"));

    write_test(kt, 42, 12, 0, 3); /* the assert fires natively: SIGABRT */
    CHECK(replay(kt) == 128 + 6);
    CHECK(file_contains("err.txt", "Assertion `x != 42' failed"));

    write_test(kt, 200, 12, 0, 3); /* exit status passes through */
    CHECK(replay(kt) == 7);

    write_test(kt, 1, 13, 1, 3); /* weak reach_error of the replay library */
    CHECK(replay(kt) == 128 + 6);
    CHECK(file_contains("err.txt", "symplex-replay: reach_error called"));

    write_test(kt, 1, 25, 0, 3); /* outside klee_range's [10, 20) */
    CHECK(replay(kt) == 4);
    CHECK(file_contains("err.txt", "assumption violated"));

    write_test(kt, 1, 12, 2, 3); /* a bool object must be 0 or 1 */
    CHECK(replay(kt) == 4);

    write_test(kt, 1, 12, 0, 2); /* too few objects */
    CHECK(replay(kt) == 3);
    CHECK(file_contains("err.txt", "symplex-replay:"));

    char missing[300];
    snprintf(missing, sizeof missing, "%s/none.ktest", dir);
    CHECK(replay(missing) == 2);

    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    return check_report();
}
