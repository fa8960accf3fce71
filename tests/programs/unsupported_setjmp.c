/* symplex-test
 * paths: 1
 * early: unsupported 1
 * early-total: 1
 * setjmp/longjmp are not modelled and must never run natively inside symplex
 * (a host longjmp would jump into symplex's own frames). The path that reaches
 * setjmp ends early with reason `unsupported`; the other path completes.
 */
#include <setjmp.h>
#include <symplex.h>

static jmp_buf env;

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    if (x != 3)
        return 0;
    if (setjmp(env) == 0)
        longjmp(env, 1);
    return 1;
}
