/* scanf.c: vfscanf as the host's C library (glibc) reads, linked over musl's.
 *
 * A test replays natively, on glibc. Where musl's scanf reads the same input
 * another way, the program under test branched on a result the native run
 * does not see (found by running the same formats and inputs under both,
 * tests/test_posix.py):
 *   - numbers: glibc reads the longest prefix that could begin a number and
 *     converts what the C library's strto* functions accept of it; "0x" with
 *     no hex digit after it is 0 for %x and %i, "1.5e" is 1.5 for %f. musl
 *     reports a matching failure for both;
 *   - %d and %i convert as strtol does, saturating at LONG_MIN and LONG_MAX;
 *     musl converts as strtoull does, so 2^63 read by %lld was LLONG_MIN;
 *   - "nan" is read without a parenthesised suffix, and %p reads "(nil)";
 *   - %5c with fewer characters left stores those and counts as converted;
 *   - a reversed range in %[ ("c-a") is three characters;
 *   - the width of %lc and %ls counts characters, not bytes; an invalid
 *     multibyte sequence and a bad format are matching failures, not EOF;
 *   - %llf is a long double; matching failures leave errno alone, and a
 *     number out of range sets ERANGE as strtol and strtod do. (glibc also
 *     puts back errno's earlier value at some ends of input; that is not
 *     followed here.)
 * Everything else (whitespace, literals, %n, positional arguments, the
 * input failures that return EOF) reads as in both libraries. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "shgetc.h"
#include "stdio_impl.h"

/* One directive's input: musl's scan helpers, with the field width counted
 * here. musl's helpers drop their one character of pushback once they reach
 * a width limit; counting it here keeps a character read always returnable. */
typedef struct {
    FILE *f;
    long left; /* characters the width still allows; -1 without a width */
} ScanIn;

/* shlim(f, 0) is called once per directive, so shcnt counts its input. */
static void scan_begin(ScanIn *in, FILE *f, long width) {
    in->f = f;
    in->left = width > 0 ? width : -1;
}

static int scan_get(ScanIn *in) {
    if (in->left == 0) return EOF;
    int c = shgetc(in->f);
    if (c >= 0 && in->left > 0) in->left--;
    return c;
}

/* Puts back c, the last character scan_get returned; EOF (the end of input
 * or of the width) puts nothing back. */
static void scan_unget(ScanIn *in, int c) {
    if (c < 0) return;
    shunget(in->f);
    if (in->left >= 0) in->left++;
}

static int scan_width_ended(const ScanIn *in, int c) {
    return c < 0 && in->left == 0;
}

typedef enum { SIZE_HH, SIZE_H, SIZE_DEF, SIZE_L, SIZE_LL, SIZE_LD } ScanSize;

static void scan_store_int(void *dest, ScanSize size, unsigned long long v) {
    if (!dest) return;
    switch (size) {
    case SIZE_HH: *(char *)dest = (char)v; break;
    case SIZE_H: *(short *)dest = (short)v; break;
    case SIZE_DEF: *(int *)dest = (int)v; break;
    case SIZE_L: *(long *)dest = (long)v; break;
    case SIZE_LL:
    case SIZE_LD: *(long long *)dest = (long long)v; break;
    }
}

/* c's value as a digit of base, or -1. Written to branch as little as it can
 * on a symbolic c: a character that is no digit is one path, not one per
 * class of character. */
static int scan_digit(int c, int base) {
    unsigned d = (unsigned)c - '0';
    if (d < 10) return d < (unsigned)base ? (int)d : -1;
    if (base <= 10) return -1;
    d = ((unsigned)c | 32) - 'a';
    return d < (unsigned)base - 10 ? (int)d + 10 : -1;
}

/* "(nil)", which glibc's printf writes for a null %p and its scanf reads
 * back (case-insensitive, with no sign and room for all five characters);
 * c is the '(' read. */
static int scan_nil(ScanIn *in, unsigned long long *out) {
    for (const char *w = "nil)"; *w; w++) {
        int c = scan_get(in);
        if (tolower(c) != *w) {
            scan_unget(in, c);
            return 0;
        }
    }
    *out = 0;
    return 1;
}

/* An integer: [sign][0x]digits, the longest such prefix. "0x" followed by no
 * hex digit is the number 0 with the x consumed. Signed conversions saturate
 * as strtol does, the others as strtoul. Returns 0 on a matching failure. */
static int scan_int(ScanIn *in, int base, int conv, unsigned long long *out) {
    int c = scan_get(in), neg = 0, digits = 0, over = 0, is_signed = conv == 'd' || conv == 'i';
    if (conv == 'p' && c == '(' && (in->left < 0 || in->left >= 4)) return scan_nil(in, out);
    if (c == '+' || c == '-') {
        neg = c == '-';
        c = scan_get(in);
    }
    if ((base == 0 || base == 16) && c == '0') {
        digits = 1;
        c = scan_get(in);
        if (c == 'x' || c == 'X') {
            base = 16;
            c = scan_get(in);
        } else if (base == 0) {
            base = 8;
        }
    }
    if (base == 0) base = 10;
    unsigned long long mag = 0;
    for (int v; (v = scan_digit(c, base)) >= 0; c = scan_get(in)) {
        unsigned d = (unsigned)v;
        digits = 1;
        if (mag > (ULLONG_MAX - d) / (unsigned)base) over = 1;
        else mag = mag * (unsigned)base + d;
    }
    scan_unget(in, c);
    if (!digits) return 0;
    if (is_signed) {
        unsigned long long limit = neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX;
        if (over || mag > limit) {
            errno = ERANGE;
            mag = limit;
        }
    } else if (over) {
        errno = ERANGE;
        *out = ULLONG_MAX;
        return 1;
    }
    *out = neg ? 0 - mag : mag;
    return 1;
}

/* The characters of one number, as read; grown as needed. */
typedef struct {
    char *s;
    size_t n, cap;
    char small[64];
} ScanBuf;

static int scan_buf_add(ScanBuf *b, int c) {
    if (b->n + 1 >= b->cap) {
        size_t cap = b->cap * 2;
        char *s = b->s == b->small ? malloc(cap) : realloc(b->s, cap);
        if (!s) return 0;
        if (b->s == b->small) memcpy(s, b->small, b->n);
        b->s = s;
        b->cap = cap;
    }
    b->s[b->n++] = (char)c;
    b->s[b->n] = 0;
    return 1;
}

/* Reads the rest of a word (after its first letter) case-insensitively;
 * returns 0 at the first character that differs, which glibc consumes. */
static int scan_word(ScanIn *in, const char *rest) {
    for (; *rest; rest++)
        if (tolower(scan_get(in)) != *rest) return 0;
    return 1;
}

static void scan_store_float(void *dest, ScanSize size, const char *text, int *ok) {
    char *end;
    int saved = errno;
    if (size == SIZE_LD) {
        long double v = strtold(text, &end);
        if (end != text && dest) *(long double *)dest = v;
    } else if (size == SIZE_L) {
        double v = strtod(text, &end);
        if (end != text && dest) *(double *)dest = v;
    } else {
        float v = strtof(text, &end);
        if (end != text && dest) *(float *)dest = v;
    }
    *ok = end != text;
    if (!*ok) errno = saved; /* musl's strtod sets EINVAL there; glibc's scanf does not */
}

/* inf, infinity or nan after an optional sign (case-insensitive, and nan with
 * no parenthesised suffix). Returns 1 converted, 0 a matching failure. */
static int scan_special(ScanIn *in, int c, int neg, void *dest, ScanSize size) {
    long double v;
    if (tolower(c) == 'i') {
        if (!scan_word(in, "nf")) return 0;
        int d = scan_get(in);
        if (tolower(d) == 'i') {
            if (!scan_word(in, "nity")) return 0;
        } else {
            scan_unget(in, d);
        }
        v = neg ? -(long double)INFINITY : (long double)INFINITY;
    } else {
        if (!scan_word(in, "an")) return 0;
        v = neg ? -(long double)NAN : (long double)NAN;
    }
    if (!dest) return 1;
    if (size == SIZE_LD) *(long double *)dest = v;
    else if (size == SIZE_L) *(double *)dest = (double)v;
    else *(float *)dest = (float)v;
    return 1;
}

/* The digits, point and exponent of a number whose sign and hex prefix are
 * in b already; c is the next character. An exponent needs a digit before
 * it; its sign must follow it at once. */
static int scan_mantissa(ScanIn *in, ScanBuf *b, int c, int hex, int got_digit) {
    int got_dot = 0, got_exp = 0, exp_char = hex ? 'p' : 'e';
    for (;; c = scan_get(in)) {
        int ok;
        if (isdigit(c) || (hex && !got_exp && isxdigit(c))) {
            ok = scan_buf_add(b, c);
            got_digit = 1;
        } else if (got_exp && tolower(b->s[b->n - 1]) == exp_char && (c == '+' || c == '-')) {
            ok = scan_buf_add(b, c);
        } else if (got_digit && !got_exp && tolower(c) == exp_char) {
            ok = scan_buf_add(b, c);
            got_exp = 1;
        } else if (!got_dot && !got_exp && c == '.') {
            ok = scan_buf_add(b, c);
            got_dot = 1;
        } else {
            break;
        }
        if (!ok) return 0;
    }
    scan_unget(in, c);
    return 1;
}

/* A floating-point number: glibc gathers the longest prefix of input that
 * could begin one, fails if that is nothing but a sign and a "0x", and else
 * converts what strtod accepts of it ("1.5e" is 1.5, "0x." is 0). */
static int scan_float(ScanIn *in, ScanSize size, void *dest) {
    ScanBuf b = {b.small, 0, sizeof b.small, {0}};
    int c = scan_get(in), neg = 0, ok = 0, hex = 0, got_digit = 0;
    size_t prefix;
    if (c == '+' || c == '-') {
        neg = c == '-';
        scan_buf_add(&b, c);
        c = scan_get(in);
    }
    if (tolower(c) == 'i' || tolower(c) == 'n') return scan_special(in, c, neg, dest, size);
    prefix = b.n;
    if (c == '0') {
        scan_buf_add(&b, c);
        c = scan_get(in);
        if (tolower(c) == 'x') {
            int d = scan_get(in);
            if (scan_width_ended(in, d)) {
                scan_unget(in, c); /* the width ends at the x: a decimal 0 */
                c = EOF;
                got_digit = 1;
            } else {
                scan_buf_add(&b, c);
                hex = 1;
                prefix = b.n;
                c = d;
            }
        } else {
            got_digit = 1;
        }
    }
    if (scan_mantissa(in, &b, c, hex, got_digit) && b.n > prefix)
        scan_store_float(dest, size, b.s, &ok);
    if (b.s != b.small) free(b.s);
    return ok;
}

/* Which bytes a %[ set matches (index 1 + byte; index 0, EOF, never). ']'
 * first (after '^') and '-' first are members; a-b is a range when a <= b
 * and three members when a > b, as glibc reads it. Returns the format after
 * the closing ], or NULL when there is none. */
static const unsigned char *scan_set(const unsigned char *p, unsigned char set[257]) {
    int invert = *p == '^', prev = -1;
    if (invert) p++;
    memset(set, 0, 257);
    if (*p == ']' || *p == '-') {
        prev = *p++;
        set[1 + prev] = 1;
    }
    for (; *p != ']'; p++) {
        if (!*p) return NULL;
        if (*p == '-' && prev >= 0 && p[1] && p[1] != ']' && p[1] >= prev) {
            for (int c = prev; c <= p[1]; c++) set[1 + c] = 1;
            prev = *++p;
            continue;
        }
        prev = *p;
        set[1 + prev] = 1;
    }
    for (int i = 1; invert && i < 257; i++) set[i] = !set[i];
    return p + 1;
}

typedef enum { SCAN_OK, SCAN_MATCH_FAIL, SCAN_INPUT_FAIL } ScanStatus;

/* One conversion specification, as parsed from the format. */
typedef struct {
    void *dest; /* NULL when suppressed by '*' */
    long width; /* 0: none */
    int alloc;  /* 'm': the string is malloc'd and its address stored */
    ScanSize size;
    int conv;
    unsigned char set[257]; /* bytes %c, %s and %[ take */
} ScanSpec;

/* Where a string conversion's characters go: a caller's array, a growing
 * malloc'd one, or nowhere. */
typedef struct {
    char *s;
    size_t n, cap;
    int wide, alloc;
} ScanOut;

static int scan_out_put(ScanOut *o, wchar_t wc, char byte) {
    size_t unit = o->wide ? sizeof(wchar_t) : 1;
    if (o->alloc && o->n + 1 >= o->cap) {
        size_t cap = o->cap * 2 + 16;
        char *s = realloc(o->s, cap * unit);
        if (!s) return 0;
        o->s = s;
        o->cap = cap;
    }
    if (!o->s) return 1;
    if (o->wide) ((wchar_t *)o->s)[o->n] = wc;
    else o->s[o->n] = byte;
    o->n++;
    return 1;
}

/* %c, %s and %[: the bytes in the set, at most the width; for %lc, %ls and
 * %l[ the width counts the characters their bytes make. %c with fewer
 * characters left than its width stores those, as glibc does. */
static ScanStatus scan_string(FILE *f, ScanSpec *sp) {
    int wide = sp->size == SIZE_L, c;
    long chars = 0, limit = sp->width;
    ScanStatus status = SCAN_INPUT_FAIL; /* until fail_match */
    ScanIn in;
    ScanOut o = {sp->alloc ? NULL : sp->dest, 0, 0, wide, sp->alloc};
    mbstate_t st = {0};
    scan_begin(&in, f, wide ? 0 : limit);
    if ((c = scan_get(&in)) < 0) goto fail;
    scan_unget(&in, c);
    for (;;) {
        wchar_t wc = 0;
        if (wide && limit && chars == limit) {
            c = EOF; /* the width is reached: nothing more was read */
            break;
        }
        if (!sp->set[1 + (c = scan_get(&in))]) break;
        if (wide) {
            size_t r = mbrtowc(&wc, &(char){(char)c}, 1, &st);
            if (r == (size_t)-2) continue;
            if (r == (size_t)-1) goto fail_match;
        }
        if (!scan_out_put(&o, wc, (char)c)) goto fail;
        chars++;
    }
    scan_unget(&in, c);
    if (!chars || !mbsinit(&st)) goto fail_match;
    if (sp->conv != 'c' && !scan_out_put(&o, 0, 0)) goto fail;
    if (sp->alloc) *(char **)sp->dest = o.s;
    return SCAN_OK;
fail_match:
    status = SCAN_MATCH_FAIL;
fail:
    if (sp->alloc) { /* glibc stores a null pointer for a failed %m */
        free(o.s);
        *(char **)sp->dest = NULL;
    }
    return status;
}

static void scan_skip_space(FILE *f) {
    ScanIn in;
    int c;
    scan_begin(&in, f, 0);
    while (isspace(c = scan_get(&in)));
    scan_unget(&in, c);
}

/* A number conversion, after its leading whitespace. */
static ScanStatus scan_number(FILE *f, ScanSpec *sp) {
    ScanIn in;
    int c, t = sp->conv;
    scan_begin(&in, f, sp->width);
    if ((c = scan_get(&in)) < 0) return SCAN_INPUT_FAIL;
    scan_unget(&in, c);
    if (strchr("aefg", tolower(t))) {
        ScanSize size = sp->size == SIZE_LL ? SIZE_LD : sp->size == SIZE_L || sp->size == SIZE_LD ? sp->size : SIZE_DEF;
        return scan_float(&in, size, sp->dest) ? SCAN_OK : SCAN_MATCH_FAIL;
    }
    int base = t == 'd' || t == 'u' ? 10 : t == 'o' ? 8 : t == 'i' ? 0 : 16;
    unsigned long long v;
    if (!scan_int(&in, base, t, &v)) return SCAN_MATCH_FAIL;
    if (t == 'p' && sp->dest) *(void **)sp->dest = (void *)(uintptr_t)v;
    else if (t != 'p') scan_store_int(sp->dest, sp->size, v);
    return SCAN_OK;
}

/* The arguments: in order, or by position ("%2$d") from the first. */
typedef struct {
    va_list first, next;
} ScanArgs;

static void *scan_arg_n(ScanArgs *a, unsigned long n) {
    va_list ap2;
    void *p = NULL;
    va_copy(ap2, a->first);
    while (n--) p = va_arg(ap2, void *);
    va_end(ap2);
    return p;
}

/* Parses the specification after a '%' into sp; returns the format at its
 * conversion character, or NULL for a format glibc does not accept. */
static const unsigned char *scan_spec(const unsigned char *p, ScanArgs *a, ScanSpec *sp) {
    const unsigned char *q = p;
    unsigned long n = 0;
    while (isdigit(*q)) n = n * 10 + (unsigned long)(*q++ - '0');
    if (*p == '*') {
        sp->dest = NULL;
        p++;
    } else if (q != p && *q == '$' && n) {
        sp->dest = scan_arg_n(a, n);
        p = q + 1;
    } else {
        sp->dest = va_arg(a->next, void *);
    }
    for (sp->width = 0; isdigit(*p); p++) sp->width = sp->width * 10 + (*p - '0');
    sp->alloc = *p == 'm';
    if (sp->alloc) p++;
    sp->size = SIZE_DEF;
    if (*p == 'h') sp->size = *++p == 'h' ? (p++, SIZE_HH) : SIZE_H;
    else if (*p == 'l') sp->size = *++p == 'l' ? (p++, SIZE_LL) : SIZE_L;
    else if (*p == 'L' || *p == 'q') p++, sp->size = SIZE_LD;
    else if (*p == 'j') p++, sp->size = SIZE_LL;
    else if (*p == 'z' || *p == 't') p++, sp->size = SIZE_L;
    sp->conv = *p;
    if (sp->conv == 'C' || sp->conv == 'S') {
        sp->conv = tolower(sp->conv);
        sp->size = SIZE_L;
    }
    if (!sp->conv || !strchr("diouxXpnaAeEfFgGsc[", sp->conv)) return NULL;
    if (!sp->dest) sp->alloc = 0;
    return p;
}

/* The bytes %c and %s take. */
static void scan_plain_set(ScanSpec *sp) {
    memset(sp->set, 1, sizeof sp->set);
    sp->set[0] = 0;
    if (sp->conv == 's')
        for (const char *w = " \t\n\v\f\r"; *w; w++) sp->set[1 + *w] = 0;
}

/* One directive that is not a conversion: white space, or a literal byte
 * (with "%%" a literal '%' after white space). */
static ScanStatus scan_literal(FILE *f, const unsigned char **pp) {
    const unsigned char *p = *pp;
    ScanIn in;
    int c;
    if (isspace(*p)) {
        while (isspace(p[1])) p++;
        scan_skip_space(f);
        *pp = p;
        return SCAN_OK;
    }
    if (*p == '%') {
        p++;
        scan_skip_space(f);
    }
    *pp = p;
    scan_begin(&in, f, 0);
    c = scan_get(&in);
    if (c == *p) return SCAN_OK;
    scan_unget(&in, c);
    return c < 0 ? SCAN_INPUT_FAIL : SCAN_MATCH_FAIL;
}

static ScanStatus scan_directive(FILE *f, const unsigned char **pp, ScanArgs *a, off_t pos, int *matched) {
    ScanSpec sp;
    const unsigned char *p = scan_spec(*pp + 1, a, &sp);
    *matched = 0;
    if (!p) { /* before a conversion glibc does not know, it skips white space; not at the format's end */
        if (sp.conv) scan_skip_space(f);
        return SCAN_MATCH_FAIL;
    }
    if (sp.conv == 'n') {
        scan_store_int(sp.dest, sp.size, (unsigned long long)pos);
        *pp = p;
        return SCAN_OK;
    }
    if (sp.conv == '[') {
        if (!(p = scan_set(p + 1, sp.set))) return SCAN_MATCH_FAIL;
        p--;
    } else if (sp.conv == 'c' || sp.conv == 's') {
        scan_plain_set(&sp);
        if (sp.conv == 'c' && sp.width < 1) sp.width = 1;
    }
    *pp = p;
    if (sp.conv != 'c' && sp.conv != '[') scan_skip_space(f);
    ScanStatus st = strchr("sc[", sp.conv) ? scan_string(f, &sp) : scan_number(f, &sp);
    *matched = st == SCAN_OK && sp.dest;
    return st;
}

int vfscanf(FILE *restrict f, const char *restrict fmt, va_list ap) {
    const unsigned char *p;
    int matches = 0, matched;
    off_t pos = 0;
    ScanStatus st = SCAN_OK;
    ScanArgs args;
    va_copy(args.first, ap);
    va_copy(args.next, ap);
    FLOCK(f);
    if (!f->rpos) __toread(f);
    if (!f->rpos) st = SCAN_INPUT_FAIL;
    for (p = (const unsigned char *)fmt; st == SCAN_OK && *p; p++) {
        shlim(f, 0);
        if (*p != '%' || p[1] == '%') {
            st = scan_literal(f, &p);
        } else {
            st = scan_directive(f, &p, &args, pos, &matched);
            matches += matched;
        }
        if (st == SCAN_OK) pos += shcnt(f);
    }
    FUNLOCK(f);
    va_end(args.first);
    va_end(args.next);
    return st == SCAN_INPUT_FAIL && !matches ? EOF : matches;
}

weak_alias(vfscanf, __isoc99_vfscanf);
