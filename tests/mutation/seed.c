/* The valid program whose bitcode tests/test_bitcode_mutation.py and
 * bench/mutation/run damage byte by byte. Small (a few KiB of bitcode) but with
 * what a reader must get right: globals with initializers, a struct, a switch,
 * a loop, a call through a pointer, a string, debug info. */
#include <symplex.h>

struct pair { int a; short b; };
static const char greeting[] = "hello";
static int table[4] = {3, 1, 4, 1};

static int twice(int v) { return v * 2; }
static int pick(int (*f)(int), int v) { return f(v); }

int main(void) {
    struct pair p;
    symplex_make_symbolic(&p, sizeof p, "p");
    int sum = 0;
    for (int i = 0; i < 4; i++) sum += table[i];
    switch (p.b & 3) {
    case 0: sum += greeting[1]; break;
    case 1: sum -= 1; break;
    default: sum = pick(twice, sum); break;
    }
    if (p.a > sum) return 1;
    return 0;
}
