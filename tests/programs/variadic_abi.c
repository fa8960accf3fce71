/* symplex-test
 * paths: 3
 * exits: 0 1 2
 * The x86-64 va_list as clang's va_arg code reads it: integers from the
 * register save area while general registers last (gp_offset < 48), doubles
 * while vector registers last (fp_offset < 176), the rest from the overflow
 * area, and long double, byval structs and a wide integer always or
 * eventually there, 16-byte aligned where the ABI says so. Each list is read
 * twice (va_copy) and its sum asserted; a callee formats its arguments with
 * vsnprintf (the engine's printf model reads the same va_list); a symbolic
 * argument, once in a register slot and once in the overflow area, decides
 * a branch in the callee: x <= 99, x == 100, x >= 101 are the three paths.
 * Every branch inside va_arg is checked against the native run (path check).
 */
#include <symplex.h>
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair { long a; double b; };  /* one general and one vector register */
struct big { long a, b, c; };       /* in memory (byval) */
struct dfl { double d; float f; };  /* two vector registers (a double, a float) */

/* Sums the arguments `types` describes, one letter each. */
static double sum_list(const char *types, va_list ap) {
    double s = 0;
    for (const char *t = types; *t; t++) {
        switch (*t) {
        case 'i': s += va_arg(ap, int); break;
        case 'l': s += (double)va_arg(ap, long); break;
        case 'd': s += va_arg(ap, double); break;
        case 'p': s += *va_arg(ap, int *); break;
        case 'P': { struct pair p = va_arg(ap, struct pair); s += (double)p.a + p.b; break; }
        case 'B': { struct big b = va_arg(ap, struct big); s += (double)(b.a + b.b + b.c); break; }
        case 'F': { struct dfl f = va_arg(ap, struct dfl); s += f.d + f.f; break; }
        case 'L': s += (double)va_arg(ap, long double); break;
        case 'w': s += (double)va_arg(ap, __int128); break;
        }
    }
    return s;
}

/* Reads its list twice, the second time from a copy made before the first. */
static double sum(const char *types, ...) {
    va_list ap, again;
    va_start(ap, types);
    va_copy(again, ap);
    double first = sum_list(types, ap);
    double second = sum_list(types, again);
    va_end(again);
    va_end(ap);
    assert(first == second);
    return first;
}

/* The usual two-pass formatting: measure, allocate, format from a copy. */
static char *format(const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = malloc((size_t)n + 1);
    if (text)
        vsnprintf(text, (size_t)n + 1, fmt, again);
    va_end(again);
    return text;
}

/* How many of its n int arguments exceed 100. */
static int over(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int hits = 0;
    for (int i = 0; i < n; i++)
        if (va_arg(ap, int) > 100)
            hits++;
    va_end(ap);
    return hits;
}

int main(void) {
    unsigned char x;
    symplex_make_symbolic(&x, sizeof x, "x");
    int k = 5;
    struct pair p = {3, 0.5};
    struct big b = {1, 2, 3};
    struct dfl f = {0.25, 0.75f};

    /* ten ints and ten doubles: five and eight in registers, the rest overflow */
    double s1 = sum("iiiiiiiiiidddddddddd", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                    1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0);
    assert(s1 == 110.0);

    /* registers: types, p.a, 7, &k, the __int128 (two); vectors: p.b, 2.5, f.d, f.f;
     * stack: b at 0, 1.5L at 32 (aligned), 9 at 48, 2.25L at 64, 11 at 80,
     * 12 at 88, the second __int128 at 96 */
    double s2 = sum("PiBdFpLwlLilw", p, 7, b, 2.5, f, &k, 1.5L, (__int128)40, 9L, 2.25L, 11, 12L,
                    (__int128)1 << 70);
    assert(s2 == 3.5 + 7 + 6 + 2.5 + 1.0 + 5 + 1.5 + 40 + 9 + 2.25 + 11 + 12 + 0x1p70);

    char *text = format("%d %d %d %d %d %ld %s %c %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %Lf %.2f",
                        1, 2, 3, 4, 5, 6L, "str", 'c', 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 2.5L, 9.25);
    assert(text && strcmp(text, "1 2 3 4 5 6 str c 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 2.500000 9.25") == 0);
    free(text);

    /* x in a register slot, x + 1 in the overflow area */
    return over(8, (int)x, 0, 0, 0, 0, 0, 0, (int)x + 1);
}
