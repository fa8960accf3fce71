/* symplex-test
 * paths: 6
 * A switch on a symbolic value with fallthrough and default: cases 1, 2
 * (falls into 3), 3, 7, 8 (falls into default) and default each give one
 * path; the returned value identifies the path.
 */
#include <symplex.h>

int main(void) {
    int v, r = 0;
    symplex_make_symbolic(&v, sizeof v, "v");
    switch (v) {
    case 1:
        r = 10;
        break;
    case 2:
        r += 1;
        /* fall through */
    case 3:
        r += 20;
        break;
    case 7:
        r = 30;
        break;
    case 8:
        r = 40;
        /* fall through */
    default:
        r += 2;
        break;
    }
    return r;
}
