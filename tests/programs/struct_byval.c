/* symplex-test
 * paths: 2
 * A struct larger than 16 bytes is passed by value in memory: the callee
 * gets a pointer marked byval and, in LLVM's semantics, its own copy. A
 * callee that writes the caller's struct (here a global) must still see the
 * values it was passed, and one that writes its parameter must leave the
 * caller's struct alone, also through a function pointer. bench/fuzz found
 * this in a csmith program: the callee's parameter aliased the global.
 */
#include <klee/klee.h>

struct Big {
    unsigned a;
    unsigned long long b;
    unsigned c;
};

static struct Big g = {1, 2, 5};

static unsigned writes_global(struct Big p) {
    g.c = 0;
    g.b = 9;
    return p.c + (unsigned)p.b;
}

static unsigned writes_param(struct Big p) {
    p.c = 77;
    p.b++;
    return p.c + (unsigned)p.b;
}

int main(void) {
    unsigned x = (unsigned)klee_int("x");
    g.c = x;
    unsigned seen = writes_global(g);
    klee_assert(seen == x + 2 && g.c == 0 && g.b == 9);
    struct Big local = {3, 4, x};
    unsigned (*fp)(struct Big) = writes_param;
    klee_assert(writes_param(local) == 82 && fp(local) == 82);
    klee_assert(local.c == x && local.b == 4);
    if (seen > 10)
        return 1;
    return 0;
}
