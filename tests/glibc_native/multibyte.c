/* Prints what the multibyte conversions make of many byte sequences and
 * wide characters, in the locale named by argv[1]. Built once against glibc
 * and once against musl with runtime/posix/multibyte.c linked over musl's
 * (tests/test_glibc_native.py); the two outputs must be equal. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static unsigned long long seed = 88172645463325252ull;

static unsigned next(unsigned n) { /* the same sequence under both libraries */
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(seed >> 33) % n;
}

/* one sequence: mbrtowc on all of it, then byte by byte; mbtowc; mblen */
static void sequence(const unsigned char *s, size_t n) {
    mbstate_t st;
    wchar_t wc = 0;
    memset(&st, 0, sizeof st);
    for (size_t i = 0; i < n; i++) printf("%02x", s[i]);
    errno = 0;
    size_t r = mbrtowc(&wc, (const char *)s, n, &st);
    printf(" %d %x %d %d |", (int)r, (unsigned)wc, errno, mbsinit(&st));
    memset(&st, 0, sizeof st);
    wc = 0;
    for (size_t i = 0; i < n; i++) {
        errno = 0;
        r = mbrtowc(&wc, (const char *)s + i, 1, &st);
        printf(" %d", (int)r);
        if (r != (size_t)-2) break;
    }
    errno = 0;
    mbtowc(NULL, NULL, 0); /* glibc's mbtowc keeps what an earlier call left incomplete; symplex's does not */
    int k = mbtowc(&wc, (const char *)s, n);
    printf(" %x | %d %x %d %d\n", (unsigned)wc, k, (unsigned)wc, errno, mblen((const char *)s, n));
}

static unsigned char continuation(void) {
    static const unsigned char odd[] = {0x00, 0x41, 0xc2, 0xe0, 0xff};
    return next(8) ? (unsigned char)(0x80 + next(64)) : odd[next(sizeof odd)];
}

static void sequences(void) {
    unsigned char b[8];
    for (int i = 0; i < 256; i++) {
        b[0] = (unsigned char)i;
        sequence(b, 1);
    }
    for (int i = 0x80; i < 256; i++)
        for (int j = 0; j < 256; j++) {
            b[0] = (unsigned char)i, b[1] = (unsigned char)j;
            sequence(b, 2);
        }
    for (int k = 0; k < 60000; k++) {
        size_t n = 3 + next(4);
        b[0] = (unsigned char)(0xe0 + next(32));
        for (size_t i = 1; i < n; i++) b[i] = continuation();
        sequence(b, n);
    }
}

static void wide(void) {
    char out[8];
    mbstate_t st;
    for (unsigned v = 0; v < 0x110000; v += next(300) + 1) {
        memset(&st, 0, sizeof st);
        errno = 0;
        size_t r = wcrtomb(out, (wchar_t)v, &st);
        printf("wcrtomb %x %d %d", v, (int)r, errno);
        for (size_t i = 0; r != (size_t)-1 && i < r; i++) printf(" %02x", (unsigned char)out[i]);
        printf(" wctomb %d\n", wctomb(out, (wchar_t)v));
    }
    unsigned big[] = {0x10ffff, 0x110000, 0x1fffff, 0x200000, 0x3ffffff, 0x4000000, 0x7fffffff, 0x80000000u,
                      0xd800, 0xdfff, 0xdf80, 0xdfff, 0xfffe, 0xffffffffu, 0xe0000, 0xe0029, 0xe007f, 0xe0080};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        memset(&st, 0, sizeof st);
        errno = 0;
        size_t r = wcrtomb(out, (wchar_t)big[i], &st);
        printf("wcrtomb %x %d %d wctob %d\n", big[i], (int)r, errno, wctob(big[i]));
    }
    for (int c = -1; c < 256; c++) printf("btowc %d %x wctob %d\n", c, (unsigned)btowc(c), wctob((wint_t)c));
}

/* strings: mbstowcs, mbsrtowcs with a short destination, wcstombs, printf's
 * %ls, and fgetwc on a stream */
static void strings(void) {
    for (int k = 0; k < 20000; k++) {
        char s[16];
        size_t n = next(12);
        for (size_t i = 0; i < n; i++) s[i] = (char)(next(3) ? 0x80 + next(128) : 0x20 + next(96));
        s[n] = 0;
        wchar_t w[16] = {0};
        errno = 0;
        size_t r = mbstowcs(w, s, 16), whole = r;
        printf("mbstowcs ");
        for (size_t i = 0; i < n; i++) printf("%02x", (unsigned char)s[i]);
        printf(" %d %d %x %x |", (int)r, errno, (unsigned)w[0], (unsigned)w[1]);
        const char *p = s;
        mbstate_t st;
        memset(&st, 0, sizeof st);
        errno = 0;
        r = mbsrtowcs(w, &p, 2, &st);
        /* where *src is left after a refused sequence differs (docs/limitations.md) */
        printf(" %d %d %d |", (int)r, errno, r == (size_t)-1 ? -2 : p ? (int)(p - s) : -1);
        errno = 0;
        printf(" %d", (int)mbstowcs(NULL, s, 0));
        /* written past the stream (which stays unoriented): glibc's fmemopen
         * streams have no wide orientation */
        FILE *f = tmpfile();
        if (write(fileno(f), s, n) != (ssize_t)n || lseek(fileno(f), 0, SEEK_SET)) return 3;
        wint_t c;
        errno = 0;
        while ((c = fgetwc(f)) != WEOF) printf(" %x", (unsigned)c);
        /* after an incomplete last sequence glibc's errno is at times 0, symplex's EILSEQ (docs/limitations.md) */
        printf(" end %d\n", whole == (size_t)-1 ? -3 : errno);
        fclose(f);
    }
    for (int k = 0; k < 5000; k++) {
        wchar_t w[4] = {(wchar_t)(next(2) ? next(0x200) : next(0x110000)), (wchar_t)next(0x800), 0, 0};
        char out[32];
        errno = 0;
        size_t r = wcstombs(out, w, sizeof out);
        int m = snprintf(out, sizeof out, "%ls", w);
        printf("wcstombs %x %x %d %d printf %d\n", (unsigned)w[0], (unsigned)w[1], (int)r, errno, m);
    }
}

int main(int argc, char **argv) {
    if (argc < 2 || !setlocale(LC_ALL, argv[1])) return 2;
    printf("MB_CUR_MAX %d\n", (int)MB_CUR_MAX);
    sequences();
    wide();
    strings();
    return 0;
}
