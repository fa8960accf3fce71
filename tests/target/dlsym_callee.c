/* symplex-target
 * expect: not-reached
 * phase1: unknown
 * timeout: 20
 * handler is never called directly and its address is never taken, but it
 * is exported and the program calls dlsym, which symplex does not have the
 * code of: natively (linked with -rdynamic) dlsym finds handler by name and
 * the line runs with v = 42. Code outside the module may call any exported
 * function, so the call graph is not complete and Phase I answers unknown,
 * not "unreachable"; forward execution goes on (and ends at dlsym, which the
 * external-call policy does not run).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <klee/klee.h>

int hit;

void handler(int v) {
    if (v == 42)
        hit = 1; /* TARGET */
}

int main(void) {
    int v;
    klee_make_symbolic(&v, sizeof v, "v");
    void (*fn)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "handler");
    if (fn)
        fn(v);
    return hit;
}
