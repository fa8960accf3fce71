/* Minimal unit-test harness: CHECK records a failure and continues; main()
 * ends with check_report(), which prints "N passed, N failed" and returns the
 * process exit code. A test that checked nothing fails: a set-up step that
 * returned early would otherwise pass it. */
#ifndef SYMPLEX_CHECK_H
#define SYMPLEX_CHECK_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) check_passed++;                                                \
        else {                                                                   \
            check_failed++;                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

#define CHECK_MSG(cond, ...)                                                     \
    do {                                                                         \
        if (cond) check_passed++;                                                \
        else {                                                                   \
            check_failed++;                                                      \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                        \
            fputc('\n', stderr);                                                 \
        }                                                                        \
    } while (0)

/* How many rounds a randomised differential test runs: `normal` in `make
 * test`, which must stay fast enough to run before every commit, and
 * `longer` under `make test-long` (SYMPLEX_TEST_LONG=1). */
static inline int check_scale(int normal, int longer) {
    const char *v = getenv("SYMPLEX_TEST_LONG");
    return v && *v && strcmp(v, "0") != 0 ? longer : normal;
}

static inline int check_report(void) {
    printf("%d passed, %d failed\n", check_passed, check_failed);
    if (!check_passed && !check_failed) fprintf(stderr, "no check ran\n");
    return check_failed || !check_passed ? 1 : 0;
}
#endif
