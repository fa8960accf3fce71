/* json_scan.c -- JSON tokenizer and shallow structural validator.
 *
 * Models: the front end of a small JSON reader as found in configuration
 * loaders.  A tokenizer splits the document into punctuation, strings (with
 * the full escape set, including \uXXXX decoded to UTF-8), numbers (RFC 8259
 * grammar: sign, integer part without leading zeros, fraction, exponent) and
 * the literals true/false/null.  A validator on top checks the token grammar
 * with an explicit container stack (objects and arrays nested at most
 * MAX_DEPTH deep) and counts keys and scalar values.
 *
 * Workload class: input parsing / string processing (byte-wise branching,
 * table lookups, nested loops).
 *
 * Symbolic inputs:
 *   doc  -- char[24], unconstrained bytes; the document ends at the first NUL
 *           byte or at the end of the buffer, whichever comes first.
 *
 * Planted bugs:
 *   1. scan_number() turns numbers with an integral value (12, 1.5e3, 7e2)
 *      into an int64 using a table of powers of ten with 19 entries, but its
 *      range check lets a decimal scale of exactly 19 through: a number such as
 *      "1e19" or "2.5e20" reads one element past pow10_tab (out-of-bounds
 *      read).  Needs a number token with an exponent part whose value minus the
 *      number of fraction digits is 19 -- moderately deep (4+ bytes, arithmetic
 *      on the exponent digits).
 *   2. decode_string() keeps string contents in a fixed 6-byte buffer.  The
 *      room check before a \u escape assumes the escape expands to at most two
 *      bytes, but code points >= 0x800 need three.  A string holding exactly
 *      four bytes of decoded text followed by such an escape (e.g.
 *      "abcd\u0800") writes one byte past the buffer (out-of-bounds write).
 *      Needs an opening quote, four accepted characters, a backslash, 'u' and
 *      four hex digits in the right range -- about 11 constrained bytes; deep.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define DOC_SIZE 24
#define MAX_DEPTH 4
#define STR_CAP 6

enum tok_kind {
    T_END, T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_COLON, T_COMMA,
    T_STRING, T_NUMBER, T_TRUE, T_FALSE, T_NULL, T_ERROR
};

enum json_err {
    E_OK = 0, E_BAD_TOKEN, E_BAD_ESCAPE, E_UNTERMINATED, E_BAD_NUMBER,
    E_TOO_DEEP, E_GRAMMAR, E_TRAILING, E_STR_TOO_LONG, E_CTRL_CHAR,
    E_DUP_KEY, E_TOO_MANY_KEYS
};

struct lexer {
    const char *src;
    size_t len;
    size_t pos;
    enum json_err err;
    /* payload of the last token (string bytes are in str_buf) */
    size_t text_len;
    int64_t int_value;   /* valid when is_integer */
    bool is_integer;
};

struct stats {
    int keys;
    int strings;
    int numbers;
    int integers;   /* numbers with an exact int64 value */
    int negatives;
    int literals;
    int containers;
    int max_depth;
};

/* Decoded string contents live in their own object so that an overflow is a
 * real out-of-bounds access rather than a write into a neighbouring field. */
static char str_buf[STR_CAP];

static int peek(const struct lexer *lx) {
    return lx->pos < lx->len ? (unsigned char)lx->src[lx->pos] : -1;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Append a code point as UTF-8.  The caller has checked for room. */
static size_t put_utf8(char *out, size_t n, unsigned cp) {
    if (cp < 0x80) {
        out[n++] = (char)cp;
    } else if (cp < 0x800) {
        out[n++] = (char)(0xC0 | (cp >> 6));
        out[n++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[n++] = (char)(0xE0 | (cp >> 12));
        out[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[n++] = (char)(0x80 | (cp & 0x3F));
    }
    return n;
}

/* Called with pos on the opening quote.  Decodes into str_buf. */
static enum tok_kind decode_string(struct lexer *lx) {
    size_t n = 0;
    lx->pos++; /* opening quote */
    for (;;) {
        int c = peek(lx);
        if (c < 0 || c == 0) { lx->err = E_UNTERMINATED; return T_ERROR; }
        lx->pos++;
        if (c == '"') break;
        if (c < 0x20) { lx->err = E_CTRL_CHAR; return T_ERROR; }
        if (c != '\\') {
            if (n + 1 >= STR_CAP) { lx->err = E_STR_TOO_LONG; return T_ERROR; }
            str_buf[n++] = (char)c;
            continue;
        }
        int e = peek(lx);
        if (e < 0) { lx->err = E_UNTERMINATED; return T_ERROR; }
        lx->pos++;
        unsigned cp;
        switch (e) {
        case '"':  cp = '"'; break;
        case '\\': cp = '\\'; break;
        case '/':  cp = '/'; break;
        case 'b':  cp = '\b'; break;
        case 'f':  cp = '\f'; break;
        case 'n':  cp = '\n'; break;
        case 'r':  cp = '\r'; break;
        case 't':  cp = '\t'; break;
        case 'u': {
            cp = 0;
            for (int i = 0; i < 4; i++) {
                int h = hex_value(peek(lx));
                if (h < 0) { lx->err = E_BAD_ESCAPE; return T_ERROR; }
                cp = (cp << 4) | (unsigned)h;
                lx->pos++;
            }
            if (cp == 0) { lx->err = E_BAD_ESCAPE; return T_ERROR; } /* no NULs */
            /* BUG: room for two bytes is checked, but cp >= 0x800 takes three. */
            if (n + 2 > STR_CAP) { lx->err = E_STR_TOO_LONG; return T_ERROR; }
            n = put_utf8(str_buf, n, cp);
            continue;
        }
        default:
            lx->err = E_BAD_ESCAPE;
            return T_ERROR;
        }
        if (n + 1 >= STR_CAP) { lx->err = E_STR_TOO_LONG; return T_ERROR; }
        str_buf[n++] = (char)cp;
    }
    lx->text_len = n;
    return T_STRING;
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

/* Powers of ten that fit in an int64_t: 10^0 .. 10^18. */
static const int64_t pow10_tab[19] = {
    1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL,
    100000000LL, 1000000000LL, 10000000000LL, 100000000000LL,
    1000000000000LL, 10000000000000LL, 100000000000000LL,
    1000000000000000LL, 10000000000000000LL, 100000000000000000LL,
    1000000000000000000LL,
};

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
 * Numbers whose value is an integer that fits in int64 (e.g. 12, 1.5e3, 7e2)
 * get is_integer and int_value; everything else is just validated. */
static enum tok_kind scan_number(struct lexer *lx) {
    bool neg = false;
    int64_t mant = 0;       /* all significant digits, saturated */
    int frac_digits = 0;    /* digits after the point */
    int exp = 0;
    bool exp_neg = false;
    bool saturated = false;

    if (peek(lx) == '-') { neg = true; lx->pos++; }
    if (peek(lx) == '0') {
        lx->pos++;
        if (is_digit(peek(lx))) { lx->err = E_BAD_NUMBER; return T_ERROR; }
    } else if (is_digit(peek(lx))) {
        while (is_digit(peek(lx))) {
            if (mant < INT64_MAX / 10) mant = mant * 10 + (peek(lx) - '0');
            else saturated = true;
            lx->pos++;
        }
    } else {
        lx->err = E_BAD_NUMBER;
        return T_ERROR;
    }
    if (peek(lx) == '.') {
        lx->pos++;
        if (!is_digit(peek(lx))) { lx->err = E_BAD_NUMBER; return T_ERROR; }
        while (is_digit(peek(lx))) {
            if (mant < INT64_MAX / 10) {
                mant = mant * 10 + (peek(lx) - '0');
                frac_digits++;
            }
            lx->pos++;
        }
    }
    if (peek(lx) == 'e' || peek(lx) == 'E') {
        lx->pos++;
        if (peek(lx) == '+' || peek(lx) == '-') { exp_neg = peek(lx) == '-'; lx->pos++; }
        if (!is_digit(peek(lx))) { lx->err = E_BAD_NUMBER; return T_ERROR; }
        while (is_digit(peek(lx))) {
            if (exp < 1000) exp = exp * 10 + (peek(lx) - '0'); /* clamp, not wrap */
            lx->pos++;
        }
    }

    /* Decimal scale of the value relative to the digit string. */
    int scale = (exp_neg ? -exp : exp) - frac_digits;
    lx->is_integer = false;
    lx->int_value = 0;
    if (saturated || mant == 0) {
        lx->is_integer = !saturated;
        lx->int_value = 0;
    } else if (scale >= 0) {
        /* BUG: the table has 19 entries (indices 0..18); '> 19' lets 19 in. */
        if (scale > 19) return T_NUMBER;
        int64_t p = pow10_tab[scale];
        if (mant <= INT64_MAX / p) {
            lx->is_integer = true;
            lx->int_value = mant * p;
        }
    } else {
        /* Trailing zeros of the digit string may cancel a negative scale. */
        while (scale < 0 && mant % 10 == 0) { mant /= 10; scale++; }
        if (scale == 0) {
            lx->is_integer = true;
            lx->int_value = mant;
        }
    }
    if (neg) lx->int_value = -lx->int_value;
    return T_NUMBER;
}

static const struct { const char *word; enum tok_kind kind; } literals[] = {
    { "true", T_TRUE }, { "false", T_FALSE }, { "null", T_NULL },
};

static enum tok_kind scan_literal(struct lexer *lx) {
    for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++) {
        size_t wl = strlen(literals[i].word);
        if (lx->pos + wl <= lx->len &&
            memcmp(lx->src + lx->pos, literals[i].word, wl) == 0) {
            lx->pos += wl;
            return literals[i].kind;
        }
    }
    lx->err = E_BAD_TOKEN;
    return T_ERROR;
}

static enum tok_kind next_token(struct lexer *lx) {
    while (is_ws(peek(lx))) lx->pos++;
    int c = peek(lx);
    if (c <= 0) return T_END;
    switch (c) {
    case '{': lx->pos++; return T_LBRACE;
    case '}': lx->pos++; return T_RBRACE;
    case '[': lx->pos++; return T_LBRACK;
    case ']': lx->pos++; return T_RBRACK;
    case ':': lx->pos++; return T_COLON;
    case ',': lx->pos++; return T_COMMA;
    case '"': return decode_string(lx);
    case 't': case 'f': case 'n': return scan_literal(lx);
    default:
        if (c == '-' || is_digit(c)) return scan_number(lx);
        lx->err = E_BAD_TOKEN;
        return T_ERROR;
    }
}

/* Parser states of the shallow validator. */
enum pstate {
    P_VALUE,        /* a value is required */
    P_VALUE_OR_END, /* just after '[': a value or ']' */
    P_KEY_OR_END,   /* just after '{': a key or '}' */
    P_KEY,          /* after ',' in an object */
    P_COLON,        /* after a key */
    P_AFTER_VALUE,  /* ',' or a closing bracket, or end of document */
};

/* Member names of the top-level object, as FNV-1a hashes, for the duplicate
 * name check (RFC 8259 says names SHOULD be unique; this reader insists). */
#define MAX_TOP_KEYS 3
static uint32_t top_keys[MAX_TOP_KEYS];
static int n_top_keys;

static uint32_t fnv1a(const char *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 16777619u;
    }
    return h;
}

static enum json_err note_key(const struct lexer *lx, int depth, struct stats *st) {
    st->keys++;
    if (depth != 1) return E_OK;
    uint32_t h = fnv1a(str_buf, lx->text_len);
    for (int i = 0; i < n_top_keys; i++)
        if (top_keys[i] == h) return E_DUP_KEY;
    if (n_top_keys >= MAX_TOP_KEYS) return E_TOO_MANY_KEYS;
    top_keys[n_top_keys++] = h;
    return E_OK;
}

static bool is_scalar(enum tok_kind k) {
    return k == T_STRING || k == T_NUMBER || k == T_TRUE || k == T_FALSE || k == T_NULL;
}

static enum json_err validate(struct lexer *lx, struct stats *st) {
    char stack[MAX_DEPTH]; /* '{' or '[' */
    int depth = 0;
    enum pstate ps = P_VALUE;

    for (;;) {
        enum tok_kind k = next_token(lx);
        if (k == T_ERROR) return lx->err;
        if (k == T_END) {
            if (ps == P_AFTER_VALUE && depth == 0) return E_OK;
            return E_GRAMMAR;
        }
        switch (ps) {
        case P_VALUE:
        case P_VALUE_OR_END:
        case P_KEY_OR_END:
            if (ps == P_VALUE_OR_END && k == T_RBRACK) {
                depth--;
                ps = P_AFTER_VALUE;
                break;
            }
            if (ps == P_KEY_OR_END) {
                if (k == T_RBRACE) { depth--; ps = P_AFTER_VALUE; break; }
                if (k != T_STRING) return E_GRAMMAR;
                enum json_err e = note_key(lx, depth, st);
                if (e != E_OK) return e;
                ps = P_COLON;
                break;
            }
            if (k == T_LBRACE || k == T_LBRACK) {
                if (depth == MAX_DEPTH) return E_TOO_DEEP;
                stack[depth++] = k == T_LBRACE ? '{' : '[';
                if (depth > st->max_depth) st->max_depth = depth;
                st->containers++;
                ps = k == T_LBRACE ? P_KEY_OR_END : P_VALUE_OR_END;
                break;
            }
            if (!is_scalar(k)) return E_GRAMMAR;
            if (k == T_STRING) st->strings++;
            else if (k == T_NUMBER) {
                st->numbers++;
                if (lx->is_integer) {
                    st->integers++;
                    if (lx->int_value < 0) st->negatives++;
                }
            }
            else st->literals++;
            /* At depth 0 this makes any further token E_TRAILING: a top-level
             * scalar must be the whole document. */
            ps = P_AFTER_VALUE;
            break;
        case P_KEY:
            if (k != T_STRING) return E_GRAMMAR;
            enum json_err e = note_key(lx, depth, st);
            if (e != E_OK) return e;
            ps = P_COLON;
            break;
        case P_COLON:
            if (k != T_COLON) return E_GRAMMAR;
            ps = P_VALUE;
            break;
        case P_AFTER_VALUE:
            if (depth == 0) return E_TRAILING;
            if (k == T_COMMA) {
                ps = stack[depth - 1] == '{' ? P_KEY : P_VALUE;
                break;
            }
            if (k == T_RBRACE && stack[depth - 1] == '{') { depth--; break; }
            if (k == T_RBRACK && stack[depth - 1] == '[') { depth--; break; }
            return E_GRAMMAR;
        }
    }
}

int main(void) {
    char doc[DOC_SIZE];
    symplex_make_symbolic(doc, sizeof doc, "doc");

    struct lexer lx;
    memset(&lx, 0, sizeof lx);
    lx.src = doc;
    lx.len = strnlen(doc, sizeof doc);

    struct stats st;
    memset(&st, 0, sizeof st);
    enum json_err err = validate(&lx, &st);
    if (err != E_OK) return 10 + (int)err; /* 11..19: which check failed */

    /* A valid document has balanced containers and every key had a value. */
    if (st.containers > 0 && st.max_depth == 0) return 9; /* cannot happen */
    if (st.keys > 2 && st.numbers > 1) return 6;
    if (st.integers > 0 && st.integers == st.negatives) return 5;
    if (st.numbers > st.integers) return 8;
    if (st.max_depth >= 3) return 7;
    return 0;
}
