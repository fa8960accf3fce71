/* symplex-test
 * args: --posix --sym-stdin 2
 * paths: 13
 * exits: 5 6 7 15
 * mbrtowc on two symbolic bytes of stdin, first in the C locale (no LANG:
 * symplex's environment), then in C.UTF-8, as glibc converts them (tests
 * replay there): the C locale refuses bytes from 0x80 up (musl mapped each
 * to a character of its own); glibc's UTF-8 finds "\xe0\x80" or "\xf8\x88"
 * incomplete (exit 6), where musl refused them.
 */
#include <locale.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static int kind(const unsigned char *b) {
    mbstate_t st;
    wchar_t wc;
    memset(&st, 0, sizeof st);
    size_t r = mbrtowc(&wc, (const char *)b, 2, &st);
    return r == (size_t)-1 ? 1 : r == (size_t)-2 ? 2 : 3;
}

int main(void) {
    unsigned char b[2];
    if (read(0, b, 2) != 2) return 0;
    int c = kind(b);
    if (!setlocale(LC_ALL, "C.UTF-8")) return 1;
    return c * 4 + kind(b);
}
