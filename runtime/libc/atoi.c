/* atoi.c: atoi, atol and atoll as the host's C library (glibc) defines them:
 * strtol and strtoll, so past the range of long they saturate (then atoi
 * cuts to int) and set ERANGE, where a test replays. Used by both runtimes:
 * the libc model, and --posix over musl's (which accumulated in the result's
 * type: atol("9223372036854775808") was LONG_MIN, glibc's LONG_MAX). */
#include <stdlib.h>

int atoi(const char *s) {
    return (int)strtol(s, NULL, 10);
}

long atol(const char *s) {
    return strtol(s, NULL, 10);
}

long long atoll(const char *s) {
    return strtoll(s, NULL, 10);
}
