/* symplex-test
 * args: --posix --sym-stdin 3
 * paths: 30
 * exits: 0 2 3 4 5
 * simplex: no
 * The class and width of a character read from three symbolic bytes in
 * C.UTF-8, as glibc's tables give them (tests replay there): a character
 * Unicode leaves unassigned is neither printable nor of any width (exit 4 in
 * three bytes, 5 in two, such as U+0378); musl's tables called such
 * characters printable, of width 1. A byte from
 * 0x80 up, as a wide character in the C locale, is of no class (exit 1 is
 * not reached; musl's classes did not depend on the locale).
 * No run with --array-solver=cegar: its CEGAR layer runs out of memory on
 * reads of small constant tables at symbolic indices (issue 30's finding;
 * musl's own iswalpha did the same), which Z3's multiplexer answers at once.
 */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include <locale.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

int main(void) {
    unsigned char b[3];
    wchar_t wc;
    mbstate_t st;
    if (read(0, b, 3) != 3) return 0;
    if (iswalpha(b[0]) && b[0] >= 0x80) return 1; /* the C locale's classes are ASCII */
    if (!setlocale(LC_ALL, "C.UTF-8")) return 1;
    memset(&st, 0, sizeof st);
    size_t r = mbrtowc(&wc, (const char *)b, 3, &st);
    if (r == (size_t)-1 || r == (size_t)-2 || r < 2) return 2;
    if (iswalpha(wc)) return wcwidth(wc) == 2 ? 3 : 0;
    if (!iswprint(wc) && wcwidth(wc) < 0) return b[0] >= 0xe0 ? 4 : 5;
    return 3;
}
