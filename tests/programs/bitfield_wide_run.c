/* symplex-test
 * variants: | --optimize
 * paths: 6
 * A packed struct whose bit-fields run over 169 bits: clang reads and writes
 * the run as one i176 (load, shifts by constants, and/or, trunc, sext/zext,
 * store), wider than symplex's 128-bit registers, so the loader splits it
 * into 64-bit words (ir_wide.c). Fields d and f cross the first and second
 * word boundaries, h lies in the last, narrower word. Symbolic values are
 * written into three fields, the neighbours must keep their values, the
 * fields read back sign- or zero-extended as C says, and a copy of the
 * struct (a global one too) carries them. csmith 2.3.0 --seed 108
 * --max-funcs 4 --max-block-depth 3 made such a struct: before the split
 * every path ended at its first load as "unsupported instruction 'load':
 * result of unsupported type".
 */
#include <klee/klee.h>
#include <stdio.h>

#pragma pack(push, 1)
struct Wide {
    unsigned a : 9;
    signed b : 24;
    unsigned c : 28;
    signed d : 20;   /* bits 61..80 */
    unsigned e : 22;
    signed f : 30;   /* bits 103..132 */
    unsigned g : 21;
    signed h : 15;   /* bits 154..168 */
};
#pragma pack(pop)

static struct Wide global = {300, -5000000, 100000000, 1, 4000000, -1, 2000000, 100};

static int sext(int v, int bits) {
    int m = 1 << (bits - 1);
    v &= (m << 1) - 1;
    return (v ^ m) - m;
}

int main(void) {
    struct Wide w = {1, -2, 3, -4, 5, -6, 7, -8};
    int x = klee_int("x"), y = klee_int("y");
    unsigned z = (unsigned)klee_int("z");
    w.d = x;
    w.f = y;
    w.g = z;
    klee_assert(w.a == 1 && w.b == -2 && w.c == 3 && w.e == 5 && w.h == -8);
    klee_assert(w.d == sext(x, 20) && w.f == sext(y, 30) && w.g == (z & 0x1FFFFF));
    struct Wide copy = w;
    copy.h = copy.d < 0 ? -1 : 1;
    klee_assert(copy.f == w.f && copy.h == (w.d < 0 ? -1 : 1));
    global.h = (short)(global.h + w.g % 3);
    klee_assert(global.a == 300 && global.b == -5000000 && global.f == -1 && global.g == 2000000);
    int r = global.h - 100;  /* 0, 1 or 2: calls keep the branches under --optimize */
    if (r == 0) puts("g % 3 == 0");
    else if (r == 1) puts("g % 3 == 1");
    if (copy.d < 0) {
        puts("d < 0");
        r += 10;
    }
    return r;
}
