/* multibyte.c: conversions between multibyte and wide characters as the
 * host's C library (glibc) makes them, linked over musl's.
 *
 * A test replays natively, on glibc. Where musl converts another way, a
 * program branching on the result took a path its native run does not
 * (found by running every short byte sequence under both,
 * tests/test_multibyte_glibc.py):
 *   - the C locale: glibc's is ASCII, and refuses bytes 0x80-0xff (EILSEQ);
 *     musl maps each to a wide character of its own (0xdf80 + byte);
 *   - UTF-8: glibc reads sequences of up to 6 bytes (lead bytes 0xc2-0xfd,
 *     values up to 0x7fffffff) and refuses an overlong form or a surrogate
 *     only once the sequence is complete, so "\xe0\x80" is incomplete there;
 *     musl reads up to U+10FFFF and refuses at the first byte that rules a
 *     sequence out; MB_CUR_MAX is 6 (musl: 4);
 *   - a refused sequence leaves the state as the call found it; the C
 *     locale's wcrtomb writes nothing for a language tag (U+E0000-U+E007F).
 * musl's regex, fnmatch and iconv keep musl's own conversions
 * (scripts/musl-bitcode.sh renames their calls): in the C locale, glibc's
 * regex and fnmatch match bytes, as musl's mapped bytes do. The wide
 * character classes and widths are glibc's too (wctype.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "locale_impl.h"

/* A state in the middle of a UTF-8 sequence: the first word (what mbsinit
 * reads) holds PENDING, the sequence's length and the bytes it still needs;
 * the second the value so far. PENDING is the sign bit: musl's mbrtoc16 keeps
 * a surrogate waiting there as a positive number. */
#define MB_PENDING 0x80000000u

typedef struct {
    unsigned head, value;
} MbState;

static int mb_utf8(void) {
    return CURRENT_UTF8;
}

/* The length of the sequence lead byte c begins, or 0 for a byte that
 * begins none. */
static unsigned mb_length(unsigned c) {
    if (c < 0xc2) return 0;
    if (c < 0xe0) return 2;
    if (c < 0xf0) return 3;
    if (c < 0xf8) return 4;
    if (c < 0xfc) return 5;
    return c < 0xfe ? 6 : 0;
}

static const unsigned mb_least[7] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};

/* A refused sequence leaves the state as the call found it, as glibc's does
 * (a sequence begun by an earlier call is still waiting). */
static size_t mb_fail(MbState *st, MbState before) {
    *st = before;
    errno = EILSEQ;
    return (size_t)-1;
}

/* UTF-8 as glibc reads it: bytes are taken until the sequence is complete
 * (returns the bytes taken by this call), refused (-1) or n runs out (-2,
 * with the state kept). */
static size_t mb_utf8_step(wchar_t *wc, const unsigned char *s, size_t n, MbState *st) {
    MbState before = *st;
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i], len, need;
        if (!st->head) {
            if (c < 0x80) {
                *wc = (wchar_t)c;
                return c ? 1 : 0;
            }
            if (!(len = mb_length(c))) return mb_fail(st, before);
            st->value = c & (0x7fu >> len);
            st->head = MB_PENDING | len << 4 | (len - 1);
            continue;
        }
        if (c - 0x80 >= 0x40) return mb_fail(st, before);
        st->value = st->value << 6 | (c & 0x3f);
        len = st->head >> 4 & 7;
        need = (st->head & 7) - 1;
        st->head = MB_PENDING | len << 4 | need;
        if (need) continue;
        unsigned v = st->value;
        if (v < mb_least[len] || (v >= 0xd800 && v < 0xe000)) return mb_fail(st, before);
        st->head = st->value = 0;
        *wc = (wchar_t)v;
        return i + 1;
    }
    return (size_t)-2;
}

size_t mbrtowc(wchar_t *restrict wc, const char *restrict src, size_t n, mbstate_t *restrict ps) {
    static mbstate_t internal;
    MbState *st = (MbState *)(ps ? ps : &internal);
    const unsigned char *s = (const unsigned char *)src;
    wchar_t dummy;
    if (!s) {
        if (st->head) return mb_fail(st, *st);
        return 0;
    }
    if (!wc) wc = &dummy;
    if (!n) return (size_t)-2;
    if (mb_utf8()) return mb_utf8_step(wc, s, n, st);
    if (*s >= 0x80) return mb_fail(st, *st);
    *wc = *s;
    return *s ? 1 : 0;
}

/* mbtowc starts afresh each time (so musl's mblen, which calls it, does
 * too), and an incomplete sequence is -1 with
 * errno untouched. (glibc's keeps that sequence in a state of its own, for a
 * later call to complete; musl's fgetwc and wide printf call mbtowc expecting
 * no state, so it keeps none: docs/limitations.md.) */
int mbtowc(wchar_t *restrict wc, const char *restrict src, size_t n) {
    mbstate_t st = {0};
    if (!src) return 0;
    size_t r = mbrtowc(wc, src, n, &st);
    return r > n ? -1 : (int)r;
}

size_t mbsrtowcs(wchar_t *restrict ws, const char **restrict src, size_t len, mbstate_t *restrict ps) {
    static mbstate_t internal;
    const char *s = *src;
    size_t count = 0;
    if (!ps) ps = &internal;
    while (!ws || count < len) {
        wchar_t wc;
        /* a NUL ends every sequence, so this reads no further than the string */
        size_t r = mbrtowc(&wc, s, 6, ps);
        if (r == (size_t)-1) { /* *src: the refused sequence (glibc's is elsewhere in it at times) */
            if (ws) *src = s;
            return r;
        }
        if (ws) ws[count] = wc;
        if (r == 0) {
            if (ws) *src = NULL;
            return count;
        }
        s += r;
        count++;
    }
    *src = s;
    return count;
}

size_t wcrtomb(char *restrict s, wchar_t wc, mbstate_t *restrict ps) {
    unsigned v = (unsigned)wc, len;
    (void)ps;
    if (!s) return 1;
    if (v < 0x80) {
        *s = (char)v;
        return 1;
    }
    if (!mb_utf8() && v >> 7 == 0xe0000 >> 7) return 0; /* glibc's ASCII drops Unicode's language tags */
    if (!mb_utf8() || (v >= 0xd800 && v < 0xe000) || v > 0x7fffffff) {
        errno = EILSEQ;
        return (size_t)-1;
    }
    for (len = 2; len < 6 && v >= mb_least[len + 1]; len++);
    for (unsigned i = len - 1; i > 0; i--, v >>= 6) s[i] = (char)(0x80 | (v & 0x3f));
    s[0] = (char)((0xff00u >> len) | v);
    return len;
}

/* A single byte is a character of its own only below 0x80, in either locale. */
wint_t btowc(int c) {
    return c >= 0 && c < 0x80 ? (wint_t)c : WEOF;
}

int wctob(wint_t wc) {
    return wc < 0x80 ? (int)wc : EOF;
}

size_t __ctype_get_mb_cur_max(void) {
    return mb_utf8() ? 6 : 1;
}
