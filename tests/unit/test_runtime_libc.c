/* Differential tests of the runtime's libc models against the host glibc.
 * Each model file is compiled natively with clang-16 with its functions
 * renamed to my_* (so both versions live in one process), linked with a
 * checker from tests/unit/runtime_libc/, and run; the checker exits 0 when
 * every result, end pointer, errno value and table entry matches glibc. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

static const char *string_fns[] = {
    "memcpy", "memmove", "memset", "memcmp", "memchr", "strlen", "strnlen", "strcmp",
    "strncmp", "strcpy", "strncpy", "strcat", "strncat", "strchr", "strrchr", "strstr",
    "strdup", "strndup", "strspn", "strcspn", "strpbrk", "strcasecmp", "strncasecmp",
    "strtok", "strtok_r", "bcmp", "mempcpy", "stpcpy", "stpncpy", "strcoll", "strxfrm", "strchrnul",
    "memrchr", "index", "rindex", NULL};
static const char *stdlib_fns[] = {
    "strtol", "strtoul", "strtoll", "strtoull", "atoi", "atol", "atoll", "abs", "labs",
    "llabs", "qsort", "bsearch", "rand", "srand", "random", "srandom", "getenv", NULL};
static const char *byteorder_fns[] = {"htonl", "htons", "ntohl", "ntohs", NULL};
static const char *no_fns[] = {NULL};
/* ctype.c's checker compares the three table accessors under these names. */
static const char *ctype_renames =
    " -D__ctype_b_loc=my_b_loc -D__ctype_tolower_loc=my_lo_loc -D__ctype_toupper_loc=my_up_loc";

static int run(const char *cmd) {
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* model: the checker's name and the first of the model's files (runtime/libc/<name>.c); also: more of its files,
 * or NULL. */
static void check_model(const char *model, const char *also, const char **fns, const char *extra) {
    char cmd[4096], renames[1024] = "";
    int r = 0;
    for (const char **f = fns; *f; f++) r += snprintf(renames + r, sizeof renames - (size_t)r, " -D%s=my_%s", *f, *f);
    int n = snprintf(cmd, sizeof cmd, "set -e; d=$(mktemp -d); for m in %s %s; do %s -w -O0 -fno-builtin -c "
                     "%s/runtime/libc/$m.c -o $d/$m.o%s%s; done", model, also ? also : "", SYMPLEX_CLANG_PATH,
                     SYMPLEX_SOURCE_DIR, renames, extra);
    snprintf(cmd + n, sizeof cmd - (size_t)n,
             "; %s -w -O0 -fno-builtin %s/tests/unit/runtime_libc/%s_check.c $d/*.o -o $d/check;"
             " r=0; $d/check >$d/log || r=$?; tail -n 20 $d/log; rm -rf $d; exit $r",
             SYMPLEX_CLANG_PATH, SYMPLEX_SOURCE_DIR, model);
    int rc = run(cmd);
    CHECK_MSG(rc == 0, "%s model differs from glibc (status %d)", model, rc);
}

int main(void) {
    check_model("string", NULL, string_fns, "");
    check_model("stdlib", "atoi", stdlib_fns, " -D__errno_location=my_errno_location");
    check_model("ctype", NULL, no_fns, ctype_renames);
    check_model("byteorder", NULL, byteorder_fns, "");
    return check_report();
}
