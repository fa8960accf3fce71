/* The external-call allow-list: the functions --external-calls=safe (the
 * default) lets a program under test run natively through libffi.
 *
 * A function gets in only if running it natively cannot harm the user or
 * symplex: its effect is confined to the memory it is given (symplex passes
 * host copies of the objects its pointer arguments point into and copies them
 * back) and its return value; it does no I/O on files, descriptors or the
 * terminal; it does not change the process (working directory, environment,
 * signals, locale, floating-point environment, limits, time); it does not
 * block or sleep; it neither allocates memory the program would free nor keeps
 * a pointer to its arguments past the call (the copies die when it returns);
 * it reads no pointer stored inside the memory it is given (such a pointer is
 * a symplex address, meaningless to native code); and it returns no pointer
 * into host memory the program cannot read (a pointer into one of its
 * arguments is translated back by exec_external.c).
 *
 * Deliberately left out, with why:
 *  - files, descriptors, directories, stdin (getchar, fgets, scanf, read,
 *    fopen, open, unlink, remove, rename, ...): the program would read or
 *    change the user's files, or block on symplex's own terminal; there is no
 *    symbolic file system or stdin model, so the value read is not an input a
 *    test could record either;
 *  - setenv, putenv, unsetenv, chdir, umask, setlocale, fesetround and the
 *    rest of <fenv.h>, setrlimit, signal masks: they change symplex's own
 *    process (its locale formats summary.json, its floating-point environment
 *    executes the program's floating point);
 *  - sleep, usleep, nanosleep, pause, alarm: they stall or signal the run;
 *  - getenv, localtime, gmtime, ctime, asctime, strerror, strsignal,
 *    localeconv, nl_langinfo, seed48, l64a: their result points into host
 *    storage the program cannot read, so using it would be reported as a bug
 *    of the program (getenv is modelled by the runtime: an empty environment);
 *  - strdup-like allocation (asprintf, getline, realpath, getcwd with NULL):
 *    host memory the program would free with symplex's free;
 *  - strtok, initstate, setstate: they keep a pointer into a host copy that
 *    is freed when the call returns; strsep, wcstok, mbsrtowcs, wcsrtombs:
 *    they read a pointer stored in memory;
 *  - v*printf, v*scanf: a va_list holds symplex addresses.
 * The runtime models many of the listed functions itself (string.h, the
 * strtol family, printf, rand); they are listed anyway because they are
 * harmless, so the list does not depend on what the runtime models today. */
#include "exec_external_allow.h"
#include <stdlib.h>
#include <string.h>

typedef enum ExtGroup {
    /* <math.h>, every float/double/long double variant: pure functions of their
     * arguments; frexp, modf, remquo, sincos and lgamma_r also store a result
     * through a pointer they are given; errno and signgam are the only global
     * state they touch. */
    EXT_MATH,
    /* <ctype.h>, <wctype.h>: pure functions of one character (and of the
     * locale, which they only read). */
    EXT_CTYPE,
    /* <string.h>, <wchar.h> memory and string functions: they read and write
     * only the buffers they are given; a pointer they return into one of them
     * is translated back to the program's address. */
    EXT_MEMORY,
    /* Conversions between text and numbers (strtod, atof, the multibyte
     * converters, sscanf and sprintf into a buffer): they read and write only
     * the buffers they are given. sscanf's %ms, which allocates, would hand the
     * program host memory. */
    EXT_CONVERT,
    /* Time queries and calendar arithmetic: they read the clocks and the time
     * zone and write only the structures they are given. The results differ
     * from run to run (a replay may take another path), as natively. */
    EXT_TIME,
    /* Pseudo-random numbers: the *rand48 family's global state is libc's in
     * symplex's process, shared by all paths (symplex uses its own generator);
     * getrandom/getentropy/arc4random read the kernel's randomness. */
    EXT_RANDOM,
    /* Read-only queries about the process and the machine (ids, page size,
     * host name, whether a descriptor is a terminal). */
    EXT_PROCESS
} ExtGroup;

typedef struct ExtAllowed { const char *name; ExtGroup group; } ExtAllowed;

/* One table, sorted by strcmp (tests/unit/test_external_allow.c checks it). */
static const ExtAllowed ext_allowed_fns[] = {
    {"__finite", EXT_MATH}, {"__finitef", EXT_MATH}, {"__finitel", EXT_MATH}, {"__fpclassify", EXT_MATH},
    {"__fpclassifyf", EXT_MATH}, {"__fpclassifyl", EXT_MATH}, {"__isinf", EXT_MATH}, {"__isinff", EXT_MATH},
    {"__isinfl", EXT_MATH}, {"__isnan", EXT_MATH}, {"__isnanf", EXT_MATH}, {"__isnanl", EXT_MATH},
    {"__isoc99_sscanf", EXT_CONVERT}, {"__signbit", EXT_MATH}, {"__signbitf", EXT_MATH}, {"__signbitl", EXT_MATH},
    {"a64l", EXT_CONVERT}, {"abs", EXT_CONVERT}, {"acos", EXT_MATH}, {"acosf", EXT_MATH}, {"acosh", EXT_MATH},
    {"acoshf", EXT_MATH}, {"acoshl", EXT_MATH}, {"acosl", EXT_MATH}, {"arc4random", EXT_RANDOM},
    {"arc4random_buf", EXT_RANDOM}, {"arc4random_uniform", EXT_RANDOM}, {"asctime_r", EXT_TIME}, {"asin", EXT_MATH},
    {"asinf", EXT_MATH}, {"asinh", EXT_MATH}, {"asinhf", EXT_MATH}, {"asinhl", EXT_MATH}, {"asinl", EXT_MATH},
    {"atan", EXT_MATH}, {"atan2", EXT_MATH}, {"atan2f", EXT_MATH}, {"atan2l", EXT_MATH}, {"atanf", EXT_MATH},
    {"atanh", EXT_MATH}, {"atanhf", EXT_MATH}, {"atanhl", EXT_MATH}, {"atanl", EXT_MATH}, {"atof", EXT_CONVERT},
    {"atoi", EXT_CONVERT}, {"atol", EXT_CONVERT}, {"atoll", EXT_CONVERT}, {"bcmp", EXT_MEMORY}, {"bcopy", EXT_MEMORY},
    {"btowc", EXT_CONVERT}, {"bzero", EXT_MEMORY}, {"cbrt", EXT_MATH}, {"cbrtf", EXT_MATH}, {"cbrtl", EXT_MATH},
    {"ceil", EXT_MATH}, {"ceilf", EXT_MATH}, {"ceill", EXT_MATH}, {"clock", EXT_TIME}, {"clock_getres", EXT_TIME},
    {"clock_gettime", EXT_TIME}, {"copysign", EXT_MATH}, {"copysignf", EXT_MATH}, {"copysignl", EXT_MATH},
    {"cos", EXT_MATH}, {"cosf", EXT_MATH}, {"cosh", EXT_MATH}, {"coshf", EXT_MATH}, {"coshl", EXT_MATH},
    {"cosl", EXT_MATH}, {"ctime_r", EXT_TIME}, {"difftime", EXT_TIME}, {"div", EXT_CONVERT}, {"drand48", EXT_RANDOM},
    {"drem", EXT_MATH}, {"dremf", EXT_MATH}, {"dreml", EXT_MATH}, {"erand48", EXT_RANDOM}, {"erf", EXT_MATH},
    {"erfc", EXT_MATH}, {"erfcf", EXT_MATH}, {"erfcl", EXT_MATH}, {"erff", EXT_MATH}, {"erfl", EXT_MATH},
    {"exp", EXT_MATH}, {"exp10", EXT_MATH}, {"exp10f", EXT_MATH}, {"exp10l", EXT_MATH}, {"exp2", EXT_MATH},
    {"exp2f", EXT_MATH}, {"exp2l", EXT_MATH}, {"expf", EXT_MATH}, {"expl", EXT_MATH}, {"explicit_bzero", EXT_MEMORY},
    {"expm1", EXT_MATH}, {"expm1f", EXT_MATH}, {"expm1l", EXT_MATH}, {"fabs", EXT_MATH}, {"fabsf", EXT_MATH},
    {"fabsl", EXT_MATH}, {"fdim", EXT_MATH}, {"fdimf", EXT_MATH}, {"fdiml", EXT_MATH}, {"ffs", EXT_MEMORY},
    {"ffsl", EXT_MEMORY}, {"ffsll", EXT_MEMORY}, {"finite", EXT_MATH}, {"finitef", EXT_MATH}, {"finitel", EXT_MATH},
    {"floor", EXT_MATH}, {"floorf", EXT_MATH}, {"floorl", EXT_MATH}, {"fma", EXT_MATH}, {"fmaf", EXT_MATH},
    {"fmal", EXT_MATH}, {"fmax", EXT_MATH}, {"fmaxf", EXT_MATH}, {"fmaxl", EXT_MATH}, {"fmin", EXT_MATH},
    {"fminf", EXT_MATH}, {"fminl", EXT_MATH}, {"fmod", EXT_MATH}, {"fmodf", EXT_MATH}, {"fmodl", EXT_MATH},
    {"frexp", EXT_MATH}, {"frexpf", EXT_MATH}, {"frexpl", EXT_MATH}, {"gamma", EXT_MATH}, {"gammaf", EXT_MATH},
    {"gammal", EXT_MATH}, {"gcvt", EXT_CONVERT}, {"get_nprocs", EXT_PROCESS}, {"get_nprocs_conf", EXT_PROCESS},
    {"getegid", EXT_PROCESS}, {"getentropy", EXT_RANDOM}, {"geteuid", EXT_PROCESS}, {"getgid", EXT_PROCESS},
    {"gethostname", EXT_PROCESS}, {"getpagesize", EXT_PROCESS}, {"getpgrp", EXT_PROCESS}, {"getpid", EXT_PROCESS},
    {"getppid", EXT_PROCESS}, {"getrandom", EXT_RANDOM}, {"gettimeofday", EXT_TIME}, {"getuid", EXT_PROCESS},
    {"gmtime_r", EXT_TIME}, {"hypot", EXT_MATH}, {"hypotf", EXT_MATH}, {"hypotl", EXT_MATH}, {"ilogb", EXT_MATH},
    {"ilogbf", EXT_MATH}, {"ilogbl", EXT_MATH}, {"imaxabs", EXT_CONVERT}, {"index", EXT_MEMORY},
    {"isalnum", EXT_CTYPE}, {"isalpha", EXT_CTYPE}, {"isascii", EXT_CTYPE}, {"isatty", EXT_PROCESS},
    {"isblank", EXT_CTYPE}, {"iscntrl", EXT_CTYPE}, {"isdigit", EXT_CTYPE}, {"isgraph", EXT_CTYPE},
    {"isinf", EXT_MATH}, {"isinff", EXT_MATH}, {"isinfl", EXT_MATH}, {"islower", EXT_CTYPE}, {"isnan", EXT_MATH},
    {"isnanf", EXT_MATH}, {"isnanl", EXT_MATH}, {"isprint", EXT_CTYPE}, {"ispunct", EXT_CTYPE},
    {"isspace", EXT_CTYPE}, {"isupper", EXT_CTYPE}, {"iswalnum", EXT_CTYPE}, {"iswalpha", EXT_CTYPE},
    {"iswblank", EXT_CTYPE}, {"iswcntrl", EXT_CTYPE}, {"iswctype", EXT_CTYPE}, {"iswdigit", EXT_CTYPE},
    {"iswgraph", EXT_CTYPE}, {"iswlower", EXT_CTYPE}, {"iswprint", EXT_CTYPE}, {"iswpunct", EXT_CTYPE},
    {"iswspace", EXT_CTYPE}, {"iswupper", EXT_CTYPE}, {"iswxdigit", EXT_CTYPE}, {"isxdigit", EXT_CTYPE},
    {"j0", EXT_MATH}, {"j0f", EXT_MATH}, {"j0l", EXT_MATH}, {"j1", EXT_MATH}, {"j1f", EXT_MATH}, {"j1l", EXT_MATH},
    {"jn", EXT_MATH}, {"jnf", EXT_MATH}, {"jnl", EXT_MATH}, {"jrand48", EXT_RANDOM}, {"labs", EXT_CONVERT},
    {"lcong48", EXT_RANDOM}, {"ldexp", EXT_MATH}, {"ldexpf", EXT_MATH}, {"ldexpl", EXT_MATH}, {"lgamma", EXT_MATH},
    {"lgamma_r", EXT_MATH}, {"lgammaf", EXT_MATH}, {"lgammaf_r", EXT_MATH}, {"lgammal", EXT_MATH},
    {"lgammal_r", EXT_MATH}, {"llabs", EXT_CONVERT}, {"llrint", EXT_MATH}, {"llrintf", EXT_MATH},
    {"llrintl", EXT_MATH}, {"llround", EXT_MATH}, {"llroundf", EXT_MATH}, {"llroundl", EXT_MATH},
    {"localtime_r", EXT_TIME}, {"log", EXT_MATH}, {"log10", EXT_MATH}, {"log10f", EXT_MATH}, {"log10l", EXT_MATH},
    {"log1p", EXT_MATH}, {"log1pf", EXT_MATH}, {"log1pl", EXT_MATH}, {"log2", EXT_MATH}, {"log2f", EXT_MATH},
    {"log2l", EXT_MATH}, {"logb", EXT_MATH}, {"logbf", EXT_MATH}, {"logbl", EXT_MATH}, {"logf", EXT_MATH},
    {"logl", EXT_MATH}, {"lrand48", EXT_RANDOM}, {"lrint", EXT_MATH}, {"lrintf", EXT_MATH}, {"lrintl", EXT_MATH},
    {"lround", EXT_MATH}, {"lroundf", EXT_MATH}, {"lroundl", EXT_MATH}, {"mblen", EXT_CONVERT},
    {"mbrlen", EXT_CONVERT}, {"mbrtowc", EXT_CONVERT}, {"mbsinit", EXT_CONVERT}, {"mbstowcs", EXT_CONVERT},
    {"mbtowc", EXT_CONVERT}, {"memccpy", EXT_MEMORY}, {"memchr", EXT_MEMORY}, {"memcmp", EXT_MEMORY},
    {"memcpy", EXT_MEMORY}, {"memfrob", EXT_MEMORY}, {"memmem", EXT_MEMORY}, {"memmove", EXT_MEMORY},
    {"mempcpy", EXT_MEMORY}, {"memrchr", EXT_MEMORY}, {"memset", EXT_MEMORY}, {"mktime", EXT_TIME},
    {"modf", EXT_MATH}, {"modff", EXT_MATH}, {"modfl", EXT_MATH}, {"mrand48", EXT_RANDOM}, {"nan", EXT_MATH},
    {"nanf", EXT_MATH}, {"nanl", EXT_MATH}, {"nearbyint", EXT_MATH}, {"nearbyintf", EXT_MATH},
    {"nearbyintl", EXT_MATH}, {"nextafter", EXT_MATH}, {"nextafterf", EXT_MATH}, {"nextafterl", EXT_MATH},
    {"nextdown", EXT_MATH}, {"nextdownf", EXT_MATH}, {"nextdownl", EXT_MATH}, {"nexttoward", EXT_MATH},
    {"nexttowardf", EXT_MATH}, {"nexttowardl", EXT_MATH}, {"nextup", EXT_MATH}, {"nextupf", EXT_MATH},
    {"nextupl", EXT_MATH}, {"nrand48", EXT_RANDOM}, {"pow", EXT_MATH}, {"powf", EXT_MATH}, {"powl", EXT_MATH},
    {"rand", EXT_RANDOM}, {"rand_r", EXT_RANDOM}, {"random", EXT_RANDOM}, {"rawmemchr", EXT_MEMORY},
    {"remainder", EXT_MATH}, {"remainderf", EXT_MATH}, {"remainderl", EXT_MATH}, {"remquo", EXT_MATH},
    {"remquof", EXT_MATH}, {"remquol", EXT_MATH}, {"rindex", EXT_MEMORY}, {"rint", EXT_MATH}, {"rintf", EXT_MATH},
    {"rintl", EXT_MATH}, {"round", EXT_MATH}, {"roundeven", EXT_MATH}, {"roundevenf", EXT_MATH},
    {"roundevenl", EXT_MATH}, {"roundf", EXT_MATH}, {"roundl", EXT_MATH}, {"scalb", EXT_MATH}, {"scalbf", EXT_MATH},
    {"scalbl", EXT_MATH}, {"scalbln", EXT_MATH}, {"scalblnf", EXT_MATH}, {"scalblnl", EXT_MATH}, {"scalbn", EXT_MATH},
    {"scalbnf", EXT_MATH}, {"scalbnl", EXT_MATH}, {"significand", EXT_MATH}, {"significandf", EXT_MATH},
    {"significandl", EXT_MATH}, {"sin", EXT_MATH}, {"sincos", EXT_MATH}, {"sincosf", EXT_MATH}, {"sincosl", EXT_MATH},
    {"sinf", EXT_MATH}, {"sinh", EXT_MATH}, {"sinhf", EXT_MATH}, {"sinhl", EXT_MATH}, {"sinl", EXT_MATH},
    {"snprintf", EXT_CONVERT}, {"sprintf", EXT_CONVERT}, {"sqrt", EXT_MATH}, {"sqrtf", EXT_MATH}, {"sqrtl", EXT_MATH},
    {"srand", EXT_RANDOM}, {"srand48", EXT_RANDOM}, {"srandom", EXT_RANDOM}, {"sscanf", EXT_CONVERT},
    {"stpcpy", EXT_MEMORY}, {"stpncpy", EXT_MEMORY}, {"strcasecmp", EXT_MEMORY}, {"strcasestr", EXT_MEMORY},
    {"strcat", EXT_MEMORY}, {"strchr", EXT_MEMORY}, {"strchrnul", EXT_MEMORY}, {"strcmp", EXT_MEMORY},
    {"strcoll", EXT_MEMORY}, {"strcpy", EXT_MEMORY}, {"strcspn", EXT_MEMORY}, {"strfromd", EXT_CONVERT},
    {"strfromf", EXT_CONVERT}, {"strfroml", EXT_CONVERT}, {"strftime", EXT_TIME}, {"strlcat", EXT_MEMORY},
    {"strlcpy", EXT_MEMORY}, {"strlen", EXT_MEMORY}, {"strncasecmp", EXT_MEMORY}, {"strncat", EXT_MEMORY},
    {"strncmp", EXT_MEMORY}, {"strncpy", EXT_MEMORY}, {"strnlen", EXT_MEMORY}, {"strpbrk", EXT_MEMORY},
    {"strrchr", EXT_MEMORY}, {"strspn", EXT_MEMORY}, {"strstr", EXT_MEMORY}, {"strtod", EXT_CONVERT},
    {"strtof", EXT_CONVERT}, {"strtoimax", EXT_CONVERT}, {"strtol", EXT_CONVERT}, {"strtold", EXT_CONVERT},
    {"strtoll", EXT_CONVERT}, {"strtoq", EXT_CONVERT}, {"strtoul", EXT_CONVERT}, {"strtoull", EXT_CONVERT},
    {"strtoumax", EXT_CONVERT}, {"strtouq", EXT_CONVERT}, {"strverscmp", EXT_MEMORY}, {"strxfrm", EXT_MEMORY},
    {"swab", EXT_MEMORY}, {"sysconf", EXT_PROCESS}, {"tan", EXT_MATH}, {"tanf", EXT_MATH}, {"tanh", EXT_MATH},
    {"tanhf", EXT_MATH}, {"tanhl", EXT_MATH}, {"tanl", EXT_MATH}, {"tgamma", EXT_MATH}, {"tgammaf", EXT_MATH},
    {"tgammal", EXT_MATH}, {"time", EXT_TIME}, {"timegm", EXT_TIME}, {"timelocal", EXT_TIME}, {"toascii", EXT_CTYPE},
    {"tolower", EXT_CTYPE}, {"toupper", EXT_CTYPE}, {"towctrans", EXT_CTYPE}, {"towlower", EXT_CTYPE},
    {"towupper", EXT_CTYPE}, {"trunc", EXT_MATH}, {"truncf", EXT_MATH}, {"truncl", EXT_MATH}, {"tzset", EXT_TIME},
    {"uname", EXT_PROCESS}, {"wcpcpy", EXT_MEMORY}, {"wcpncpy", EXT_MEMORY}, {"wcrtomb", EXT_CONVERT},
    {"wcscasecmp", EXT_MEMORY}, {"wcscat", EXT_MEMORY}, {"wcschr", EXT_MEMORY}, {"wcscmp", EXT_MEMORY},
    {"wcscoll", EXT_MEMORY}, {"wcscpy", EXT_MEMORY}, {"wcscspn", EXT_MEMORY}, {"wcslen", EXT_MEMORY},
    {"wcsncasecmp", EXT_MEMORY}, {"wcsncat", EXT_MEMORY}, {"wcsncmp", EXT_MEMORY}, {"wcsncpy", EXT_MEMORY},
    {"wcsnlen", EXT_MEMORY}, {"wcspbrk", EXT_MEMORY}, {"wcsrchr", EXT_MEMORY}, {"wcsspn", EXT_MEMORY},
    {"wcsstr", EXT_MEMORY}, {"wcstod", EXT_CONVERT}, {"wcstof", EXT_CONVERT}, {"wcstoimax", EXT_CONVERT},
    {"wcstol", EXT_CONVERT}, {"wcstold", EXT_CONVERT}, {"wcstoll", EXT_CONVERT}, {"wcstombs", EXT_CONVERT},
    {"wcstoul", EXT_CONVERT}, {"wcstoull", EXT_CONVERT}, {"wcstoumax", EXT_CONVERT}, {"wcswidth", EXT_CTYPE},
    {"wcsxfrm", EXT_MEMORY}, {"wctob", EXT_CONVERT}, {"wctomb", EXT_CONVERT}, {"wctrans", EXT_CTYPE},
    {"wctype", EXT_CTYPE}, {"wcwidth", EXT_CTYPE}, {"wmemchr", EXT_MEMORY}, {"wmemcmp", EXT_MEMORY},
    {"wmemcpy", EXT_MEMORY}, {"wmemmove", EXT_MEMORY}, {"wmempcpy", EXT_MEMORY}, {"wmemset", EXT_MEMORY},
    {"y0", EXT_MATH}, {"y0f", EXT_MATH}, {"y0l", EXT_MATH}, {"y1", EXT_MATH}, {"y1f", EXT_MATH}, {"y1l", EXT_MATH},
    {"yn", EXT_MATH}, {"ynf", EXT_MATH}, {"ynl", EXT_MATH},
};

#define EXT_NALLOWED (sizeof ext_allowed_fns / sizeof ext_allowed_fns[0])

static int ext_cmp(const void *key, const void *elem) {
    return strcmp((const char *)key, ((const ExtAllowed *)elem)->name);
}

/* Binary search: about nine comparisons, small beside the dlsym and the
 * argument copies of the native call it guards. */
bool ext_allowed(const char *name) {
    return bsearch(name, ext_allowed_fns, EXT_NALLOWED, sizeof ext_allowed_fns[0], ext_cmp) != NULL;
}

size_t ext_allowed_count(void) { return EXT_NALLOWED; }

const char *ext_allowed_name(size_t i) { return i < EXT_NALLOWED ? ext_allowed_fns[i].name : NULL; }
