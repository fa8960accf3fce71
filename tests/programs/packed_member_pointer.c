/* symplex-test
 * paths: 2
 * Pointers to members of a packed struct are misaligned (an 8-byte value at
 * offset 1, a 4-byte one at offset 9). x86-64 reads and writes through them,
 * symplex does not report misaligned accesses, and so the native replay must
 * not either: symplex-replay leaves UBSan's alignment check off. csmith's
 * packed structs do this (bench/fuzz found it); with the check on, every
 * test of such a program replayed as an error symplex never claimed.
 */
#include <klee/klee.h>
#include <stdint.h>

#pragma pack(push, 1)
struct Packed {
    char tag;
    uint64_t value;
    uint32_t small;
};
#pragma pack(pop)

static struct Packed p = {'p', 1, 2};

int main(void) {
    uint64_t v;
    klee_make_symbolic(&v, sizeof v, "v");
    uint64_t *q = &p.value;
    uint32_t *r = &p.small;
    *q = v;
    *r = (uint32_t)*q + 1;
    klee_assert(p.tag == 'p' && p.value == v && p.small == (uint32_t)v + 1);
    if (*r > 100)
        return 1;
    return 0;
}
