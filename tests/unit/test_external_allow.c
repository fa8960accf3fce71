/* Unit tests for src/exec/exec_external_allow.c: the allow-list is sorted
 * (binary search depends on it), has no duplicates, holds the functions it
 * promises, and none of the ones it deliberately leaves out. */
#include "check.h"
#include "exec/exec_external_allow.h"

#include <string.h>

/* What --external-calls=safe must never run natively: they change files,
 * read stdin, change symplex's process, or hand back host memory. */
static const char *const refused[] = {
    "unlink", "remove", "rename", "open", "fopen", "creat", "truncate", "write", "read", "close",
    "getchar", "fgets", "scanf", "__isoc99_scanf", "mkdir", "rmdir", "chdir", "setenv", "putenv",
    "setlocale", "fesetround", "sleep", "nanosleep", "getenv", "localtime", "strerror", "strtok",
    "asprintf", "strsep", "vsprintf", "system", "fork", "setjmp", "longjmp", "initstate", "mmap",
};

static const char *const allowed[] = {
    "sqrt", "sqrtf", "sqrtl", "sin", "pow", "floor", "frexp", "lgammaf_r", "__fpclassify", "isblank",
    "towupper", "stpcpy", "memrchr", "strtod", "atof", "__isoc99_sscanf", "time", "clock_gettime",
    "localtime_r", "strftime", "rand_r", "drand48", "getpid", "uname",
};

int main(void) {
    size_t n = ext_allowed_count();
    CHECK(n > 300);
    for (size_t i = 1; i < n; i++)
        CHECK_MSG(strcmp(ext_allowed_name(i - 1), ext_allowed_name(i)) < 0, "'%s' before '%s'",
                  ext_allowed_name(i - 1), ext_allowed_name(i));
    for (size_t i = 0; i < n; i++) CHECK_MSG(ext_allowed(ext_allowed_name(i)), "%s not found", ext_allowed_name(i));
    CHECK(ext_allowed_name(n) == NULL);
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++) CHECK_MSG(ext_allowed(allowed[i]), "%s", allowed[i]);
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) CHECK_MSG(!ext_allowed(refused[i]), "%s", refused[i]);
    CHECK(!ext_allowed(""));
    CHECK(!ext_allowed("sqrtx"));
    return check_report();
}
