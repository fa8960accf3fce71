/*
 * utf8_decode.c -- a strict UTF-8 decoder/validator with UTF-16 output.
 *
 * Workload class: byte-level decoding (bit manipulation, range checks,
 * multi-byte sequences), buffer management, text classification.
 *
 * The program decodes a symbolic byte string as UTF-8 following RFC 3629:
 * it rejects stray continuation bytes, overlong forms (C0/C1 leads and
 * too-small 3- and 4-byte values), UTF-16 surrogates encoded in UTF-8, code
 * points above U+10FFFF, leads F5..FF and truncated sequences. In "replace"
 * mode an invalid sequence becomes U+FFFD and decoding resumes after its
 * maximal valid prefix, as browsers do; in strict mode the first error stops
 * the conversion. A leading byte-order mark is stripped unless asked to keep
 * it. The code points are converted to UTF-16 (surrogate pairs above U+FFFF)
 * through a CHUNK-unit staging buffer that is flushed whenever the next
 * character does not fit; the result is checked by decoding the UTF-16 back
 * and, in strict mode, by re-encoding to UTF-8 and comparing with the input.
 * Finally a simplified grapheme segmentation classifies the text (scripts,
 * mixed-script confusables, combining marks, regional-indicator flags, ZWJ
 * emoji sequences), each outcome with its own exit status.
 *
 * Symbolic input:
 *   in[16]   -- the bytes to decode, unconstrained.
 *   len      -- unsigned char, number of bytes of `in` used, assumed 0..16.
 *   mode     -- unsigned char, bit 0: 1 = replace errors with U+FFFD,
 *               0 = strict; bit 1: 1 = keep a leading BOM. Other bits unused.
 *
 * Planted bug:
 *   units_for() sizes a character with "cp > 0x10000" where it should be
 *   ">= 0x10000", so U+10000 itself (F0 90 80 80) is counted as one UTF-16
 *   unit but written as a surrogate pair. When it arrives with exactly
 *   CHUNK-1 (2) units already staged, put_cp() does not flush and writes one
 *   unit past the 3-unit stack buffer (out-of-bounds write). That needs
 *   characters worth two UTF-16 units (two BMP characters, or one other
 *   supplementary character) followed by F0 90 80 80: at least six decoded
 *   bytes on a specific path. Flags and ZWJ sequences (two or three
 *   multi-byte characters in narrow ranges) are deeper still.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <assert.h>
#include <symplex.h>

#define IN_MAX 16
#define CHUNK 3 /* UTF-16 units in the conversion chunk */
#define REPLACEMENT 0xFFFDu

enum decode_error {
    E_NONE = 0,
    E_STRAY_CONT = -1, /* continuation byte without a lead */
    E_OVERLONG = -2,   /* value encoded with more bytes than needed */
    E_SURROGATE = -3,  /* U+D800..U+DFFF are not scalar values */
    E_RANGE = -4,      /* above U+10FFFF */
    E_BAD_LEAD = -5,   /* F5..FF */
    E_TRUNCATED = -6,  /* sequence cut short or continuation missing */
};

/* Lead-byte classes, filled in by init_lead_class(). */
enum { LC_ASCII, LC_CONT, LC_OVERLONG, LC_TWO, LC_THREE, LC_FOUR, LC_BAD };
static uint8_t lead_class[256];

static void init_lead_class(void) {
    for (int b = 0; b < 256; b++) {
        uint8_t c;
        if (b < 0x80) c = LC_ASCII;
        else if (b < 0xC0) c = LC_CONT;
        else if (b < 0xC2) c = LC_OVERLONG; /* C0, C1 can only encode ASCII */
        else if (b < 0xE0) c = LC_TWO;
        else if (b < 0xF0) c = LC_THREE;
        else if (b < 0xF5) c = LC_FOUR;
        else c = LC_BAD;
        lead_class[b] = c;
    }
}

struct stats {
    int ascii, two, three, four;
    int errors[7]; /* by -enum decode_error */
};

/* Decode one scalar value from s[0..n). Returns bytes consumed (> 0) or a
 * negative error code; *skip is how many bytes the replace
 * mode should skip (the maximal invalid subpart, at least 1). */
static int decode_one(const uint8_t *s, size_t n, uint32_t *cp, int *skip) {
    uint8_t b0 = s[0];
    *skip = 1;
    if (b0 < 0x80) { /* ASCII fast path */
        *cp = b0;
        return 1;
    }
    int need;
    uint32_t v, min;
    /* one table lookup classifies the lead byte */
    switch (lead_class[b0]) {
    case LC_CONT: return E_STRAY_CONT;
    case LC_OVERLONG: return E_OVERLONG;
    case LC_TWO:
        need = 1;
        v = b0 & 0x1Fu;
        min = 0x80;
        break;
    case LC_THREE:
        need = 2;
        v = b0 & 0x0Fu;
        min = 0x800;
        break;
    case LC_FOUR:
        need = 3;
        v = b0 & 0x07u;
        min = 0x10000;
        break;
    default: return E_BAD_LEAD;
    }

    if ((size_t)need < n) {
        /* Fast path: gather the payload bits and check all continuation
         * bytes at once; the bit operations do not branch. */
        unsigned bad = 0;
        for (int k = 1; k <= need; k++) {
            bad |= (s[k] & 0xC0u) ^ 0x80u;
            v = (v << 6) | (s[k] & 0x3Fu);
        }
        if (!bad) {
            *skip = need + 1;
            bool ok = (v >= min) & (v <= 0x10FFFF) & ((v < 0xD800) | (v > 0xDFFF));
            if (ok) {
                *cp = v;
                return need + 1;
            }
            if (v < min) return E_OVERLONG;
            if (v > 0x10FFFF) return E_RANGE;
            return E_SURROGATE;
        }
    }
    /* Slow path: the sequence is cut short; the maximal valid prefix is
     * skipped as one error. */
    int k = 1;
    while ((size_t)k < n && (s[k] & 0xC0) == 0x80) k++;
    *skip = k;
    return E_TRUNCATED;
}

/* Decode the whole input into cps[]; returns the count or a negative error
 * (strict mode only). */
static int decode_all(const uint8_t *in, size_t n, bool replace, uint32_t *cps, struct stats *st) {
    int count = 0;
    size_t i = 0;
    while (i < n) {
        uint32_t cp = 0;
        int skip;
        int r = decode_one(in + i, n - i, &cp, &skip);
        if (r < 0) {
            st->errors[-r]++;
            if (!replace) return r;
            cps[count++] = REPLACEMENT;
            i += (size_t)skip;
            continue;
        }
        switch (r) {
        case 1: st->ascii++; break;
        case 2: st->two++; break;
        case 3: st->three++; break;
        default: st->four++; break;
        }
        cps[count++] = cp;
        i += (size_t)r;
    }
    return count;
}

/* UTF-16 units needed for one code point. */
static size_t units_for(uint32_t cp) {
    return cp > 0x10000 ? 2 : 1;
}

/* The converter emits UTF-16 into a small chunk buffer owned by the caller
 * (think of a device FIFO or a send window) and flushes it into the
 * accumulated output whenever the next character would not fit. */
struct sink {
    uint16_t *chunk; /* CHUNK units */
    size_t fill;
    uint16_t all[2 * IN_MAX];
    size_t total;
    int flushes;
};

static void flush(struct sink *k) {
    memcpy(k->all + k->total, k->chunk, k->fill * sizeof k->chunk[0]);
    k->total += k->fill;
    k->fill = 0;
    k->flushes++;
}

static void put_cp(struct sink *k, uint32_t cp) {
    if (k->fill + units_for(cp) > CHUNK) flush(k);
    if (cp >= 0x10000) {
        cp -= 0x10000;
        k->chunk[k->fill++] = (uint16_t)(0xD800 | (cp >> 10));
        k->chunk[k->fill++] = (uint16_t)(0xDC00 | (cp & 0x3FF));
    } else {
        k->chunk[k->fill++] = (uint16_t)cp;
    }
}

/* Decode UTF-16 back to code points; returns the count, or -1 on an
 * unpaired surrogate (which put_cp never produces). */
static int from_utf16(const uint16_t *u, size_t n, uint32_t *cps) {
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        uint16_t w = u[i];
        if (w >= 0xD800 && w <= 0xDBFF) {
            if (i + 1 >= n || u[i + 1] < 0xDC00 || u[i + 1] > 0xDFFF) return -1;
            cps[count++] = 0x10000 + (((uint32_t)(w - 0xD800) << 10) | (uint32_t)(u[i + 1] - 0xDC00));
            i++;
        } else if (w >= 0xDC00 && w <= 0xDFFF) {
            return -1;
        } else {
            cps[count++] = w;
        }
    }
    return count;
}

/* Encode one code point as UTF-8; returns the byte count. */
static int utf8_encode(uint32_t cp, uint8_t *o) {
    if (cp < 0x80) {
        o[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (uint8_t)(0xC0 | (cp >> 6));
        o[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (uint8_t)(0xE0 | (cp >> 12));
        o[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (uint8_t)(0xF0 | (cp >> 18));
    o[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* Scripts, as a bit set. */
enum {
    SC_LATIN = 1,
    SC_GREEK = 2,
    SC_CYRILLIC = 4,
    SC_HAN = 8,
    SC_EMOJI = 16,
    SC_MARK = 32,  /* combining marks */
    SC_OTHER = 64,
};

struct range_script {
    uint32_t lo, hi;
    unsigned script;
};

/* A coarse script table, searched in order. */
static const struct range_script script_table[] = {
    {0x0041, 0x005A, SC_LATIN},     {0x0061, 0x007A, SC_LATIN},
    {0x00C0, 0x024F, SC_LATIN},     {0x0300, 0x036F, SC_MARK},
    {0x0370, 0x03FF, SC_GREEK},     {0x0400, 0x04FF, SC_CYRILLIC},
    {0x20D0, 0x20FF, SC_MARK},      {0x4E00, 0x9FFF, SC_HAN},
    {0x1F300, 0x1FAFF, SC_EMOJI},   {0x20000, 0x2A6DF, SC_HAN},
};

static unsigned script_of(uint32_t cp) {
    for (size_t i = 0; i < sizeof script_table / sizeof script_table[0]; i++)
        if (cp >= script_table[i].lo && cp <= script_table[i].hi) return script_table[i].script;
    return SC_OTHER;
}

struct text_info {
    unsigned scripts;
    int graphemes;     /* user-perceived characters, roughly */
    int flags;         /* regional-indicator pairs */
    int zwj_sequences; /* emoji joined with U+200D */
    int orphan_marks;  /* combining marks with nothing to combine with */
};

/* A simplified grapheme segmentation: marks extend the previous cluster,
 * two regional indicators form one flag, and ZWJ glues an emoji to the next
 * one. */
static void analyse_text(const uint32_t *cps, int n, struct text_info *ti) {
    memset(ti, 0, sizeof *ti);
    bool prev_ri = false, prev_zwj = false, prev_emoji = false;
    for (int i = 0; i < n; i++) {
        uint32_t cp = cps[i];
        bool ri = cp >= 0x1F1E6 && cp <= 0x1F1FF;
        if (cp == 0x200D) {
            prev_zwj = prev_emoji;
            continue; /* joiner belongs to the current cluster */
        }
        unsigned sc = ri ? SC_EMOJI : script_of(cp);
        if (sc == SC_MARK) {
            if (ti->graphemes == 0) ti->orphan_marks++;
            continue;
        }
        ti->scripts |= sc;
        if (ri && prev_ri) {
            ti->flags++;
            prev_ri = false; /* a pair is complete */
            continue;
        }
        if (prev_zwj && sc == SC_EMOJI) {
            ti->zwj_sequences++;
            prev_zwj = false;
            continue;
        }
        ti->graphemes++;
        prev_ri = ri;
        prev_emoji = sc == SC_EMOJI;
        prev_zwj = false;
    }
}

int main(void) {
    uint8_t in[IN_MAX];
    unsigned char len, mode;
    symplex_make_symbolic(in, sizeof in, "in");
    symplex_make_symbolic(&len, sizeof len, "len");
    symplex_make_symbolic(&mode, sizeof mode, "mode");
    symplex_assume(len <= IN_MAX);

    init_lead_class();
    bool replace = (mode & 1) != 0;
    bool keep_bom = (mode & 2) != 0;

    size_t start = 0;
    if (!keep_bom && len >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF) start = 3;

    struct stats st;
    memset(&st, 0, sizeof st);
    uint32_t cps[IN_MAX];
    int n = decode_all(in + start, len - start, replace, cps, &st);
    if (n < 0) return 1; /* strict mode: invalid input */

    uint16_t chunk[CHUNK];
    struct sink sink;
    memset(&sink, 0, sizeof sink);
    sink.chunk = chunk;
    for (int i = 0; i < n; i++) put_cp(&sink, cps[i]);
    flush(&sink);
    size_t written = sink.total;
    const uint16_t *out = sink.all;

    /* the UTF-16 must decode back to the same code points */
    uint32_t back[IN_MAX];
    int m = from_utf16(out, written, back);
    assert(m == n);
    for (int i = 0; i < n; i++) assert(back[i] == cps[i]);

    if (!replace) {
        /* strict mode accepted the input, so re-encoding reproduces it */
        uint8_t re[IN_MAX * 4];
        size_t r = 0;
        for (int i = 0; i < n; i++) r += (size_t)utf8_encode(cps[i], re + r);
        assert(r == len - start);
        assert(memcmp(re, in + start, r) == 0);
    }

    int bad = 0;
    for (int k = 1; k < 7; k++) bad += st.errors[k];
    if (bad > 2) return 3;

    struct text_info ti;
    analyse_text(cps, n, &ti);
    /* a label mixing Latin with Cyrillic or Greek is a confusable (the IDN
     * "paypal" trick) */
    if ((ti.scripts & SC_LATIN) && (ti.scripts & (SC_CYRILLIC | SC_GREEK))) return 4;
    if (ti.flags > 0) return 5;
    if (ti.zwj_sequences > 0) return 6;
    if (ti.orphan_marks > 0) return 7;
    if (ti.graphemes < n && (ti.scripts & SC_HAN)) return 8;
    if (written > (size_t)n) return 9; /* some surrogate pairs */
    return 0;
}
