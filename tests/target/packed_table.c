/* symplex-target
 * expect: reached
 * args: --search=dfs --branch-order=true-first
 * The example of issue 28: handler's address sits in a packed struct, at
 * offset 1 of the table's initializer. The call graph once read function
 * addresses in initializers only at 8-byte-aligned offsets, took handler for
 * uncallable and proved the line "unreachable". Any use of a function other
 * than as a direct callee makes it a possible indirect-call target: Phase I's
 * trace ends at handler's entry and forward execution reaches the line.
 * The line also holds handler's closing brace, its return for any v, which
 * gcov (the native check) does not count as the line: the search takes
 * v == 42 first, so the reaching test is the one that runs hit = 1.
 */
#include <klee/klee.h>

static int hit;
static void handler(int v) { if (v == 42)
    hit = 1; }                      /* the target line */ /* TARGET */
struct __attribute__((packed)) entry { char tag; void (*fn)(int); };
struct entry table[1] = {{'h', handler}};
int main(void) { int v; klee_make_symbolic(&v, sizeof v, "v"); table[0].fn(v); return hit; }
