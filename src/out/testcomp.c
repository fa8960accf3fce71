/* Test-Comp test format: nondet value literals and reading testcase XML. */
#include "testcomp.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum TcKind { TC_SIGNED, TC_UNSIGNED, TC_FLOAT } TcKind;

/* Every __VERIFIER_nondet_* our runtime provides (runtime/libc/api.c). The
 * size comes from the object itself, so only the kind matters here. */
static const struct { const char *suffix, *ctype; TcKind kind; } testcomp_types[] = {
    {"bool", "_Bool", TC_UNSIGNED}, {"char", "char", TC_SIGNED}, {"schar", "signed char", TC_SIGNED},
    {"uchar", "unsigned char", TC_UNSIGNED}, {"short", "short", TC_SIGNED},
    {"ushort", "unsigned short", TC_UNSIGNED}, {"int", "int", TC_SIGNED},
    {"uint", "unsigned int", TC_UNSIGNED}, {"unsigned", "unsigned int", TC_UNSIGNED},
    {"long", "long", TC_SIGNED}, {"ulong", "unsigned long", TC_UNSIGNED},
    {"longlong", "long long", TC_SIGNED}, {"ulonglong", "unsigned long long", TC_UNSIGNED},
    {"int128", "__int128", TC_SIGNED}, {"uint128", "unsigned __int128", TC_UNSIGNED},
    {"size_t", "size_t", TC_UNSIGNED}, {"loff_t", "loff_t", TC_SIGNED},
    {"sector_t", "sector_t", TC_UNSIGNED}, {"pthread_t", "pthread_t", TC_UNSIGNED},
    {"u8", "u8", TC_UNSIGNED}, {"u16", "u16", TC_UNSIGNED}, {"u32", "u32", TC_UNSIGNED},
    {"u64", "u64", TC_UNSIGNED}, {"s8", "s8", TC_SIGNED}, {"s16", "s16", TC_SIGNED},
    {"s32", "s32", TC_SIGNED}, {"s64", "s64", TC_SIGNED}, {"pointer", "void *", TC_UNSIGNED},
    {"pchar", "char *", TC_UNSIGNED}, {"float", "float", TC_FLOAT}, {"double", "double", TC_FLOAT},
};

#define TESTCOMP_PREFIX "__VERIFIER_nondet_"

static int testcomp_find(const char *name) {
    size_t np = sizeof TESTCOMP_PREFIX - 1;
    if (!name || strncmp(name, TESTCOMP_PREFIX, np) != 0) return -1;
    for (size_t i = 0; i < sizeof testcomp_types / sizeof testcomp_types[0]; i++)
        if (strcmp(name + np, testcomp_types[i].suffix) == 0) return (int)i;
    return -1;
}

const char *testcomp_type_of(const char *name) {
    int t = testcomp_find(name);
    return t < 0 ? NULL : testcomp_types[t].ctype;
}

typedef unsigned __int128 TcWord;

/* Decimal digits of v, most significant first. */
static void testcomp_u128_text(TcWord v, char *out) {
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    while (n) *out++ = tmp[--n];
    *out = 0;
}

static bool testcomp_format_float(const unsigned char *bytes, uint32_t n, char *buf, size_t cap) {
    double d;
    if (n == 4) {
        float f;
        memcpy(&f, bytes, 4);
        d = f;
    } else if (n == 8) {
        memcpy(&d, bytes, 8);
    } else {
        return false;
    }
    /* Hexadecimal literals are exact; NaN and infinities have no literal,
     * and strtod reads these spellings back. */
    if (d != d) snprintf(buf, cap, "nan");
    else if (d > 1.7976931348623157e308) snprintf(buf, cap, "inf");
    else if (d < -1.7976931348623157e308) snprintf(buf, cap, "-inf");
    else snprintf(buf, cap, n == 4 ? "%af" : "%a", d);
    return true;
}

bool testcomp_format_value(const char *name, const unsigned char *bytes, uint32_t n, char *buf, size_t cap) {
    int t = testcomp_find(name);
    if (t < 0 || n == 0 || n > 16 || cap < 64) return false;
    if (testcomp_types[t].kind == TC_FLOAT) return testcomp_format_float(bytes, n, buf, cap);
    TcWord v = 0;
    for (uint32_t i = n; i-- > 0;) v = v << 8 | bytes[i]; /* little-endian */
    TcWord sign = (TcWord)1 << (8 * n - 1);
    if (testcomp_types[t].kind == TC_SIGNED && (v & sign)) {
        /* the magnitude of a negative n-byte value */
        TcWord mask = n == 16 ? ~(TcWord)0 : (((TcWord)1 << (8 * n)) - 1);
        buf[0] = '-';
        testcomp_u128_text(((~v) & mask) + 1, buf + 1);
    } else {
        testcomp_u128_text(v, buf);
    }
    return true;
}

static int testcomp_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

/* An integer literal: sign, 0x/0 prefix, digits, u/l suffixes. */
static bool testcomp_parse_int(const char *s, TcWord *out) {
    bool neg = false;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
    else if (s[0] == '0' && s[1]) base = 8;
    TcWord v = 0;
    const char *start = s;
    for (; *s && testcomp_digit(*s) < (int)base; s++) v = v * base + (TcWord)testcomp_digit(*s);
    if (s == start) return false;
    while (*s == 'u' || *s == 'U' || *s == 'l' || *s == 'L') s++;
    if (*s) return false;
    *out = neg ? (TcWord)0 - v : v;
    return true;
}

bool testcomp_parse_value(const char *name, const char *text, unsigned char *bytes, uint32_t n) {
    int t = testcomp_find(name);
    if (t < 0 || n == 0 || n > 16) return false;
    while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r') text++;
    char lit[128];
    size_t len = strlen(text);
    while (len && strchr(" \t\r\n", text[len - 1])) len--;
    if (len == 0 || len >= sizeof lit) return false;
    memcpy(lit, text, len);
    lit[len] = 0;
    if (testcomp_types[t].kind == TC_FLOAT) {
        char *end;
        errno = 0;
        double d = strtod(lit, &end);
        if (end == lit || (*end && strcmp(end, "f") != 0 && strcmp(end, "F") != 0 && strcmp(end, "l") != 0 &&
                           strcmp(end, "L") != 0))
            return false;
        if (n == 4) { float f = (float)d; memcpy(bytes, &f, 4); }
        else if (n == 8) memcpy(bytes, &d, 8);
        else return false;
        return true;
    }
    TcWord v;
    if (!testcomp_parse_int(lit, &v)) return false;
    for (uint32_t i = 0; i < n; i++, v >>= 8) bytes[i] = (unsigned char)v;
    return true;
}

/* --- reading a testcase document --------------------------------------- */

static char *testcomp_error(const char *msg) {
    size_t n = strlen(msg) + 1;
    char *e = malloc(n);
    if (e) memcpy(e, msg, n);
    return e;
}

/* Text between two pointers with the five predefined entities and numeric
 * character references decoded (only ASCII ones occur in literals). */
static char *testcomp_unescape(const char *s, const char *end) {
    char *out = malloc((size_t)(end - s) + 1), *o = out;
    if (!out) return NULL;
    static const struct { const char *ent; char c; } ents[] = {
        {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&apos;", '\''}};
    while (s < end) {
        bool done = false;
        for (size_t i = 0; *s == '&' && i < sizeof ents / sizeof ents[0] && !done; i++) {
            size_t n = strlen(ents[i].ent);
            if ((size_t)(end - s) >= n && strncmp(s, ents[i].ent, n) == 0) { *o++ = ents[i].c; s += n; done = true; }
        }
        if (!done && s[0] == '&' && s + 1 < end && s[1] == '#') {
            char *stop;
            long c = s[2] == 'x' ? strtol(s + 3, &stop, 16) : strtol(s + 2, &stop, 10);
            if (stop < end && *stop == ';' && c > 0 && c < 128) { *o++ = (char)c; s = stop + 1; done = true; }
        }
        if (!done) *o++ = *s++;
    }
    *o = 0;
    return out;
}

/* The tag name at p (just after '<') equals `name`. */
static bool testcomp_tag_is(const char *p, const char *end, const char *name) {
    size_t n = strlen(name);
    return (size_t)(end - p) > n && strncmp(p, name, n) == 0 && strchr(" \t\r\n/>", p[n]);
}

static const char *testcomp_find_str(const char *p, const char *end, const char *needle) {
    size_t n = strlen(needle);
    for (; p + n <= end; p++)
        if (memcmp(p, needle, n) == 0) return p;
    return NULL;
}

static bool testcomp_add_input(TestcompCase *tc, const char *s, const char *e) {
    uint32_t n = tc->ninputs;
    if ((n & (n - 1)) == 0) { /* full at 0, 1, 2, 4, ...: doubling keeps 10^5 inputs linear */
        char **grown = realloc(tc->inputs, (n ? 2 * (size_t)n : 1) * sizeof *grown);
        if (!grown) return false;
        tc->inputs = grown;
    }
    char *v = testcomp_unescape(s, e);
    if (!v) return false;
    tc->inputs[tc->ninputs++] = v;
    return true;
}

/* One element starting at p ('<' already skipped); returns where scanning
 * resumes, or NULL on a malformed document. */
static const char *testcomp_element(TestcompCase *tc, const char *p, const char *end, bool *seen_root) {
    const char *close = memchr(p, '>', (size_t)(end - p));
    if (!close) return NULL;
    if (testcomp_tag_is(p, end, "testcase")) {
        *seen_root = true;
        const char *attr = testcomp_find_str(p, close, "coversError");
        if (attr) {
            const char *q = attr + strlen("coversError");
            while (q < close && strchr(" \t\r\n=\"'", *q)) q++;
            tc->covers_error = (size_t)(close - q) >= 4 && strncmp(q, "true", 4) == 0;
        }
        return close + 1;
    }
    if (!testcomp_tag_is(p, end, "input")) return close + 1;
    if (!*seen_root) return NULL;
    if (close[-1] == '/') return testcomp_add_input(tc, close, close) ? close + 1 : NULL;
    const char *stop = testcomp_find_str(close + 1, end, "</input");
    if (!stop || !testcomp_add_input(tc, close + 1, stop)) return NULL;
    const char *after = memchr(stop, '>', (size_t)(end - stop));
    return after ? after + 1 : NULL;
}

TestcompCase *testcomp_parse(const char *text, size_t len, char **err) {
    TestcompCase *tc = calloc(1, sizeof *tc);
    if (!tc) { if (err) *err = testcomp_error("out of memory"); return NULL; }
    const char *p = text, *end = text + len;
    bool seen_root = false, bad = false;
    const char *lt;
    while (!bad && (lt = memchr(p, '<', (size_t)(end - p)))) {
        p = lt + 1;
        const char *next;
        if (end - p >= 3 && strncmp(p, "!--", 3) == 0) { /* comments may hold '>' */
            next = testcomp_find_str(p, end, "-->");
            next = next ? next + 3 : NULL;
        } else if (p < end && (*p == '?' || *p == '!' || *p == '/')) {
            next = memchr(p, '>', (size_t)(end - p));
            next = next ? next + 1 : NULL;
        } else {
            next = testcomp_element(tc, p, end, &seen_root);
        }
        if (next) p = next;
        else bad = true;
    }
    if (bad || !seen_root) {
        if (err) *err = testcomp_error(bad ? "malformed Test-Comp testcase XML"
                                           : "not a Test-Comp testcase (no <testcase> element)");
        testcomp_free(tc);
        return NULL;
    }
    return tc;
}

void testcomp_free(TestcompCase *tc) {
    if (!tc) return;
    for (uint32_t i = 0; i < tc->ninputs; i++) free(tc->inputs[i]);
    free(tc->inputs);
    free(tc);
}
