/* Prints what strtol, strtoul, strtoll, strtoull, strtoimax, strtod, strtof,
 * strtold, wcstol, wcstod, wcstof, wcstold, atoi, atol and atoll make of numbers around the
 * limits of int and long and of strings that hold none, with errno set to 5
 * before each call. Built once against glibc and once against musl with
 * runtime/posix/strto.c (tests/test_glibc_native.py). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* the call, then errno: read in that order (a function's arguments are not) */
#define CALL(expr, fmt)                     \
    do {                                    \
        errno = 5;                          \
        __typeof__(expr) value_ = (expr);   \
        int errno_ = errno;                 \
        printf(" " fmt " %d", value_, errno_); \
    } while (0)

int main(void) {
    static const char *const bodies[] = {"0", "7", "2147483647", "2147483648", "4294967296", "99999999999",
                                         "9223372036854775807", "9223372036854775808", "18446744073709551616",
                                         "123456789012345678901234567890", "", "x", "12x", "0x10", "0x", "1e3",
                                         "1e999", "nan", "inf", ".", "e5", "0b1", "z"};
    static const char *const heads[] = {"", "-", "+", " ", " \t\n\v\f\r-", "--", "+-", "\x85"};
    char s[64], *end;
    wchar_t w[64];
    for (size_t h = 0; h < sizeof heads / sizeof heads[0]; h++)
        for (size_t b = 0; b < sizeof bodies / sizeof bodies[0]; b++) {
            snprintf(s, sizeof s, "%s%s", heads[h], bodies[b]);
            mbstowcs(w, s, 64);
            printf("[%zu %zu]", h, b);
            CALL(atoi(s), "%d");
            CALL(atol(s), "%ld");
            CALL(atoll(s), "%lld");
            CALL(strtol(s, &end, 10), "%ld");
            printf(" %d", (int)(end - s));
            CALL(strtol(s, &end, 0), "%ld");
            CALL(strtoul(s, &end, 16), "%lu");
            CALL(strtoull(s, &end, 36), "%llu");
            CALL(strtoimax(s, &end, 2), "%jd");
            CALL(strtol(s, &end, 1), "%ld");
            CALL(strtol(s, &end, 37), "%ld");
            CALL(strtod(s, &end), "%a");
            printf(" %d", (int)(end - s));
            CALL((double)strtof(s, &end), "%a");
            CALL((double)strtold(s, &end), "%a");
            CALL(wcstol(w, NULL, 10), "%ld");
            CALL(wcstod(w, NULL), "%a");
            CALL((double)wcstof(w, NULL), "%a");
            CALL((double)wcstold(w, NULL), "%a");
            printf("\n");
        }
    return 0;
}
