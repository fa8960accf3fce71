/* Differential check of runtime/libc/stdlib.c (compiled natively with its
 * functions renamed my_*) against glibc: strto* results, end pointers and
 * errno, atoi, abs, qsort, bsearch, rand. Driven by test_runtime_libc.c. */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
int my_rand(void); void my_srand(unsigned);
long my_strtol(const char*, char**, int); unsigned long my_strtoul(const char*, char**, int);
long long my_strtoll(const char*, char**, int); unsigned long long my_strtoull(const char*, char**, int);
int *my_errno_location(void); int my_atoi(const char*); int my_abs(int); long my_labs(long);
void my_qsort(void*, size_t, size_t, int(*)(const void*, const void*));
void *my_bsearch(const void*, const void*, size_t, size_t, int(*)(const void*, const void*));
static int cmpint(const void *a, const void *b) { int x = *(const int*)a, y = *(const int*)b; return (x > y) - (x < y); }
int main(void) {
    const char *in[] = {"", "  ", "0", "-0", "+5", "  -17xyz", "0x1f", "0X", "0xg", "0x", "017", "08", "z", "Zz",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "-1", "-18446744073709551615", "-18446744073709551616",
        "\t\n 42", "1010", "777", "-", "+", " +-1", "99999999999999999999999999", "0x7fffffffffffffff", "11111111111111111111111111111111111111111111111111111111111111111"};
    int bases[] = {0, 2, 8, 10, 16, 36};
    int bad = 0;
    for (size_t i = 0; i < sizeof in / sizeof *in; i++)
        for (size_t b = 0; b < sizeof bases / sizeof *bases; b++) {
            char *e1, *e2; int base = bases[b];
            errno = 0; *my_errno_location() = 0;
            long r1 = strtol(in[i], &e1, base), r2 = my_strtol(in[i], &e2, base);
            if (r1 != r2 || e1 != e2 || errno != *my_errno_location()) { bad++; printf("strtol '%s' %d: %ld/%ld end %td/%td errno %d/%d\n", in[i], base, r1, r2, e1-in[i], e2-in[i], errno, *my_errno_location()); }
            errno = 0; *my_errno_location() = 0;
            unsigned long u1 = strtoul(in[i], &e1, base), u2 = my_strtoul(in[i], &e2, base);
            if (u1 != u2 || e1 != e2 || errno != *my_errno_location()) { bad++; printf("strtoul '%s' %d: %lu/%lu end %td/%td errno %d/%d\n", in[i], base, u1, u2, e1-in[i], e2-in[i], errno, *my_errno_location()); }
            errno = 0; *my_errno_location() = 0;
            long long l1 = strtoll(in[i], &e1, base), l2 = my_strtoll(in[i], &e2, base);
            if (l1 != l2 || e1 != e2 || errno != *my_errno_location()) bad++;
            errno = 0; *my_errno_location() = 0;
            unsigned long long q1 = strtoull(in[i], &e1, base), q2 = my_strtoull(in[i], &e2, base);
            if (q1 != q2 || e1 != e2 || errno != *my_errno_location()) bad++;
            if (base == 10 && atoi(in[i]) != my_atoi(in[i]) && l1 >= -2147483648LL && l1 <= 2147483647LL) { bad++; printf("atoi %s\n", in[i]); }
        }
    int vals[] = {0, 1, -1, 5, -5, 2147483647, -2147483647 - 1};
    for (size_t i = 0; i < 7; i++) if (my_abs(vals[i]) != (int)((vals[i] < 0) ? 0u - (unsigned)vals[i] : (unsigned)vals[i])) { bad++; printf("abs %d\n", vals[i]); }
    if (my_labs(-7L) != 7) bad++;
    int a[] = {5, 3, 9, 1, 5, -2, 7, 0}, s[8]; memcpy(s, a, sizeof a);
    my_qsort(a, 8, sizeof *a, cmpint); qsort(s, 8, sizeof *s, cmpint);
    if (memcmp(a, s, sizeof a)) { bad++; printf("qsort\n"); }
    for (int k = -3; k < 11; k++) {
        int *p1 = bsearch(&k, s, 8, sizeof *s, cmpint), *p2 = my_bsearch(&k, a, 8, sizeof *a, cmpint);
        if ((p1 == NULL) != (p2 == NULL) || (p1 && *p1 != *p2)) { bad++; printf("bsearch %d\n", k); }
    }
    /* rand/srand reproduce glibc's sequence, so replays see the same numbers */
    srand(1); my_srand(1);
    for (int k = 0; k < 1000; k++) bad += rand() != my_rand();
    unsigned seeds[] = {0, 2, 42, 0x7fffffff, 0x80000000u, 0xdeadbeefu, 0xffffffffu};
    for (unsigned s = 0; s < sizeof seeds / sizeof *seeds; s++) {
        srand(seeds[s]); my_srand(seeds[s]);
        for (int k = 0; k < 500; k++) bad += rand() != my_rand();
    }
    printf("bad=%d\n", bad); return bad != 0;
}
