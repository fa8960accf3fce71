/* libgen.c: dirname as the host's C library (glibc) computes it, linked over
 * musl's.
 *
 * POSIX leaves a leading "//" to the implementation. glibc keeps it where
 * the parent is the root ("//a" has the parent "//", "//" is itself), musl
 * gives "/"; a program comparing the result saw another string than in its
 * native replay. Three or more leading slashes are "/" in both. */
#include <libgen.h>
#include <string.h>

static char *libgen_root(const char *s) {
    return s[1] == '/' && s[2] != '/' ? "//" : "/";
}

char *dirname(char *s) {
    size_t i;
    if (!s || !*s) return ".";
    i = strlen(s) - 1;
    while (s[i] == '/') /* trailing slashes */
        if (!i--) return libgen_root(s);
    while (s[i] != '/') /* the last component */
        if (!i--) return ".";
    while (s[i] == '/') /* the slashes before it */
        if (!i--) return libgen_root(s);
    s[i + 1] = 0;
    return s;
}
