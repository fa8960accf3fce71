/* symplex-test
 * paths: 40
 * exits: 0 1 2 3 4 5
 * The string functions KLEE's klee-libc models beyond the standard's core
 * (bcmp, strcoll, stpcpy, mempcpy, strchrnul, memrchr, index), modelled in
 * runtime/libc/string.c: each decides paths on symbolic bytes (40 in all,
 * most inside the models' loops; pinned from a run, each replayed). Without the
 * models bcmp and strcoll ran natively on concretized bytes, one path in all.
 */
#define _GNU_SOURCE
#include <string.h>
#include <strings.h>
#include <symplex.h>

int main(void) {
    char a[4], b[8];
    symplex_make_symbolic(a, sizeof a, "a");
    a[3] = 0;
    if (bcmp(a, "ok", 2) == 0) return 1;
    if (strcoll(a, "m") < 0) return 2;       /* below 'm', and not "ok" */
    char *end = stpcpy(b, a);
    if (end - b == 1) return 3;               /* a one-byte string */
    if (*strchrnul(a, 'x') == 'x') return 4;  /* an 'x' in it */
    char *p = mempcpy(b, a, 3);
    if (p == b + 3 && memrchr(b, 'z', 3) != NULL && index(a, 'z') == a) return 5;
    return 0;
}
