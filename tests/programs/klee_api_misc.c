/* symplex-test
 * paths: 3
 * stdout: hooks=0 envp=ok
 * The rest of klee.h a harness calls: klee_choose (a value in [0, n)),
 * klee_get_valuel, klee_print_range, klee_stack_trace, klee_mark_global and
 * klee_posix_prefer_cex (hints), klee_open_merge/klee_close_merge (no
 * merging: warned, paths explored separately); klee_warning given a buffer
 * with no NUL reads up to the end of its object (no out-of-bounds report);
 * main's third argument is the environment (NULL-terminated); a weak function
 * nothing defines compares equal to NULL.
 * Paths: klee_choose(3) gives 0, 1, 2.
 */
#include <klee/klee.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((weak)) void optional_hook(int);

static int envp_ok(char **envp) {
    if (!envp)
        return 0;
    int n = 0;
    while (envp[n])
        n++;
    const char *path = getenv("PATH");
    for (int i = 0; path && i < n; i++)
        if (strncmp(envp[i], "PATH=", 5) == 0)
            return strcmp(envp[i] + 5, path) == 0;
    return path == NULL;
}

int main(int argc, char **argv, char **envp) {
    static int counter;
    char unterminated[4] = {'a', 'b', 'c', 'd'};
    klee_mark_global(&counter);
    klee_warning(unterminated);
    printf("hooks=%d envp=%s\n", optional_hook != 0, envp_ok(envp) ? "ok" : "bad");
    long v = klee_get_valuel(7L);
    klee_stack_trace();
    klee_open_merge();
    unsigned c = (unsigned)klee_choose(3);
    klee_close_merge();
    klee_posix_prefer_cex(&c, c == 1);
    klee_print_range("c", (int)c);
    if (c == 0)
        return (int)v - 7;
    if (c == 1)
        return 1;
    return 2;
}
