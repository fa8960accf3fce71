/* wctype.c: the wide character classes, widths and case mappings of the
 * host's C library (glibc), linked over musl's.
 *
 * A test replays natively, on glibc. musl's tables come from another Unicode
 * version and other rules: of the 1,114,112 code points, musl called 829,800
 * printable that glibc's C.UTF-8 does not (unassigned ones), gave 832,671
 * another width and 70 another case; and in the C locale glibc's classes are
 * ASCII alone (iswalpha(0xe9) is 0, wcwidth -1), where musl's do not depend on
 * the locale. A program branching on them took another path than natively.
 * The tables (wctype_tables.h) are generated at build time from the host's
 * C.UTF-8 locale by scripts/wctype-tables.c. wctype, iswctype, towctrans and
 * wcswidth are musl's, which call these. */
#include <wchar.h>
#include <wctype.h>

#include "locale_impl.h"
#include "wctype_tables.h"

/* In the C locale glibc knows ASCII alone; its ASCII is C.UTF-8's. */
static int wct_known(wint_t wc) {
    return wc < 0x80 || (wc < 0x110000 && CURRENT_UTF8);
}

static const WctRange *wct_range(wint_t wc) {
    for (unsigned i = 0; i < sizeof wct_ranges / sizeof wct_ranges[0]; i++)
        if (wc < wct_ranges[i].hi) return &wct_ranges[i];
    return NULL;
}

/* A property below WCT_SPLIT (scripts/wctype-tables.c): a block number per
 * 2^shift code points, then the blocks; a bit, or a byte, per code point. */
#define WCT_TABLE(name) wct_##name##_index, wct_##name##_blocks, WCT_##name##_SHIFT

static unsigned wct_bit(const unsigned char *index, const unsigned char *blocks, unsigned shift, wint_t wc) {
    unsigned i = wc & ((1u << shift) - 1);
    return blocks[index[wc >> shift] * ((1u << shift) / 8) + (i >> 3)] >> (i & 7) & 1;
}

static unsigned wct_byte(const unsigned char *index, const unsigned char *blocks, unsigned shift, wint_t wc) {
    return blocks[index[wc >> shift] * (1u << shift) + (wc & ((1u << shift) - 1))];
}

static int wct_class(wint_t wc, const unsigned char *index, const unsigned char *blocks, unsigned shift,
                     unsigned bit) {
    if (!wct_known(wc)) return 0;
    if (wc >= WCT_SPLIT) return wct_range(wc)->mask >> bit & 1;
    return (int)wct_bit(index, blocks, shift, wc);
}

/* iswalnum and the others: one function per class, each over its table */
#define WCT_CLASS_FUNCTION(name)                                   \
    int isw##name(wint_t wc) {                                     \
        return wct_class(wc, WCT_TABLE(name), WCT_BIT_##name);     \
    }
WCT_CLASS_FUNCTION(alnum)
WCT_CLASS_FUNCTION(alpha)
WCT_CLASS_FUNCTION(blank)
WCT_CLASS_FUNCTION(cntrl)
WCT_CLASS_FUNCTION(graph)
WCT_CLASS_FUNCTION(lower)
WCT_CLASS_FUNCTION(print)
WCT_CLASS_FUNCTION(punct)
WCT_CLASS_FUNCTION(space)
WCT_CLASS_FUNCTION(upper)
WCT_CLASS_FUNCTION(xdigit)

int(iswdigit)(wint_t wc) { /* wctype.h has a macro of that name */
    return wct_class(wc, WCT_TABLE(digit), WCT_BIT_digit);
}

/* -1 where a character is not printable (U+0000 aside), else 0, 2 or 1: the
 * generator checks that glibc's widths follow this rule. */
int wcwidth(wchar_t wc) {
    wint_t c = (wint_t)wc;
    if (!c) return 0;
    if (!wct_known(c)) return -1;
    if (c >= WCT_SPLIT) return wct_range(c)->width;
    if (!wct_bit(WCT_TABLE(print), c)) return -1;
    if (wct_bit(WCT_TABLE(width0), c)) return 0;
    return wct_bit(WCT_TABLE(width2), c) ? 2 : 1;
}

wint_t towupper(wint_t wc) {
    if (!wct_known(wc)) return wc;
    if (wc >= WCT_SPLIT) return wc + (wint_t)wct_range(wc)->upper;
    return wc + (wint_t)wct_deltas[wct_byte(WCT_TABLE(toupper), wc)];
}

wint_t towlower(wint_t wc) {
    if (!wct_known(wc)) return wc;
    if (wc >= WCT_SPLIT) return wc + (wint_t)wct_range(wc)->lower;
    return wc + (wint_t)wct_deltas[wct_byte(WCT_TABLE(tolower), wc)];
}
