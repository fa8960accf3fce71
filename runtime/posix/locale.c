/* locale.c: which locale a name gives, as the native C library decides it
 * (replaces musl's __get_locale, behind setlocale and newlocale).
 *
 * A test replays natively on the host's C library, so the program must see
 * the locales it would see there. musl and glibc disagree on two things that
 * change paths: with no LC_ALL, LC_<category> or LANG, musl picks C.UTF-8
 * (multibyte: MB_CUR_MAX 4) where glibc picks C (single-byte); and musl
 * accepts any other name as a UTF-8 locale where glibc fails (setlocale
 * returns NULL) unless the locale is installed. So the name is resolved from
 * the environment as both do, and the engine asks the host's C library
 * whether it has that locale and whether it is UTF-8
 * (__symplex_host_locale). musl represents only two character sets: C
 * (single-byte) and UTF-8; a host locale with another single-byte set (say
 * ISO-8859-1) gets musl's C character handling under its own name.
 *
 * Compiled with musl's internal headers, and linked over musl's own. */
#include "locale_impl.h"
#include <string.h>

/* 0: the host has no such locale; 1: it has, single-byte; 2: it has, UTF-8
 * (the engine, exec_special.c) */
int __symplex_host_locale(int cat, const char *name);

static const char envvars[][12] = {
    "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES",
};

/* The names met so far, each once, as musl keeps them: setlocale returns
 * the name, and LC_MESSAGES' translations hang off the entry (none here). */
static struct __locale_map *posix_locales;

static const struct __locale_map *posix_named(const char *name, size_t n) {
    for (const struct __locale_map *p = posix_locales; p; p = p->next)
        if (!strcmp(name, p->name)) return p;
    struct __locale_map *m = malloc(sizeof *m);
    if (!m) return LOC_MAP_FAILED;
    m->map = __c_dot_utf8.map;
    m->map_size = __c_dot_utf8.map_size;
    memcpy(m->name, name, n);
    m->name[n] = 0;
    m->next = posix_locales;
    posix_locales = m;
    return m;
}

const struct __locale_map *__get_locale(int cat, const char *val) {
    if (!*val) {
        (val = getenv("LC_ALL")) && *val || (val = getenv(envvars[cat])) && *val ||
            (val = getenv("LANG")) && *val || (val = "C");
    }
    if (!strcmp(val, "C") || !strcmp(val, "POSIX")) return 0;
    size_t n = strnlen(val, LOCALE_NAME_MAX + 1);
    /* musl's limits on a name (no path); glibc refuses such names too */
    if (n > LOCALE_NAME_MAX || val[0] == '.' || strchr(val, '/')) return LOC_MAP_FAILED;
    int host = __symplex_host_locale(cat, val);
    if (host == 0) return LOC_MAP_FAILED;
    /* LC_CTYPE: a non-null map is what makes musl multibyte (CURRENT_UTF8) */
    if (cat == LC_CTYPE && host == 1) return 0;
    /* one entry per name for every category, so setlocale(LC_ALL, NULL)
     * gives the one name, as glibc does */
    return posix_named(val, n);
}
