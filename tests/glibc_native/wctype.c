/* Prints the classes, width and case mappings of every code point (and a few
 * past them), in the locale named by argv[1], through the functions and
 * through wctype/iswctype and wctrans/towctrans. Built once against glibc and
 * once against musl with runtime/posix/wctype.c linked over musl's
 * (tests/test_glibc_native.py). */
#define _XOPEN_SOURCE 700
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <wctype.h>

int main(int argc, char **argv) {
    static const char *const names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                        "lower", "print", "punct", "space", "upper", "xdigit"};
    int (*const fns[])(wint_t) = {iswalnum, iswalpha, iswblank, iswcntrl, iswdigit, iswgraph,
                                  iswlower, iswprint, iswpunct, iswspace, iswupper, iswxdigit};
    if (argc < 2 || !setlocale(LC_ALL, argv[1])) return 2;
    wctrans_t up = wctrans("toupper"), low = wctrans("tolower");
    for (unsigned c = 0; c < 0x110010; c++) {
        unsigned mask = 0, via = 0;
        for (int k = 0; k < 12; k++) {
            mask |= (unsigned)!!fns[k](c) << k;
            via |= (unsigned)!!iswctype(c, wctype(names[k])) << k;
        }
        printf("%x %x %x %d %x %x %x %x\n", c, mask, via, wcwidth((wchar_t)c), (unsigned)towupper(c),
               (unsigned)towlower(c), (unsigned)towctrans(c, up), (unsigned)towctrans(c, low));
    }
    static const wchar_t *strings[] = {L"abc", L"a\x4e00", L"\x378", L"\x301x", L"\xe9\x10ffff", L""};
    for (int i = 0; i < 6; i++) printf("wcswidth %d %d\n", wcswidth(strings[i], 8), wcswidth(strings[i], 1));
    printf("%d %d\n", (int)towupper(WEOF), iswalpha(WEOF));
    return 0;
}
