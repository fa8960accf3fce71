/* regex_lite.c -- a small backtracking regular-expression matcher.
 *
 * Models: the pattern filter of a log tool.  Patterns support literals,
 * '.', character classes with ranges and negation ("[a-z0-9]", "[^x]"),
 * the shorthand classes \d \w \s (and \D \W \S), the quantifiers '*', '+',
 * '?', "{m}" and "{m,n}", the anchors '^' and '$', and '\' to escape a
 * special character.  A pattern is first compiled into an array of
 * nodes (rejecting malformed patterns), then matched by recursive
 * backtracking, unanchored unless it starts with '^'.  An optional flag makes
 * literal and class matching case-insensitive.
 *
 * Workload class: string matching with backtracking (recursion, nested loops,
 * both the program -- the pattern -- and the data symbolic).
 *
 * Symbolic inputs:
 *   pattern -- char[10], NUL-terminated: pattern[9] is assumed to be 0.
 *   text    -- char[8], NUL-terminated: text[7] is assumed to be 0.
 *   flags   -- uint8_t, bit 0: case-insensitive; other bits ignored.
 *
 * Planted bugs:
 *   1. compile() rejects patterns with more than MAX_NODES nodes, but the
 *      test is made before storing with '>' instead of '>=', so a pattern of
 *      six atoms (e.g. "abcdef" or "a.b*cd$") stores prog[5] past the end of
 *      the five-node array (out-of-bounds write).  Needs six atoms within the
 *      nine pattern bytes: deep.
 *   2. match_plus() tests the mandatory first repetition with match_one()
 *      only, without checking for the end of the text.  An atom that matches
 *      NUL ('.' or a negated class) followed by '+' can therefore consume the
 *      terminator; the greedy loop then reads past it.  When the text fills
 *      its buffer (seven characters) and the matcher tries '+' at the
 *      terminator -- after a greedy ".*" (pattern ".*.+") or when no earlier
 *      start position matches (".+x") -- text[8] is read (out-of-bounds
 *      read).  Needs a full-length text and a fitting pattern: moderate.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define PAT_SIZE 10
#define TEXT_SIZE 8
#define MAX_NODES 5
#define MAX_RANGES 3

enum kind { N_LIT, N_ANY, N_CLASS, N_END };
enum quant { Q_ONE, Q_OPT, Q_STAR, Q_PLUS, Q_COUNT };

struct range { char lo, hi; };

struct node {
    enum kind kind;
    enum quant quant;
    char lit;
    bool negated;
    uint8_t min, max;   /* for Q_COUNT: {min} or {min,max} */
    int nranges;
    struct range r[MAX_RANGES];
};

struct regex {
    struct node *prog; /* MAX_NODES entries, owned by the caller */
    int n;
    bool anchored;
    bool icase;
};

enum cerr {
    C_OK = 0, C_TOO_LONG, C_BAD_CLASS, C_DANGLING_QUANT, C_BAD_ESCAPE,
    C_BAD_ANCHOR, C_BAD_RANGE, C_BAD_COUNT
};

static char fold(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* Parses "[...]" starting after the '['.  Returns the index after ']'. */
static int parse_class(const char *p, int i, struct node *nd, enum cerr *err) {
    nd->kind = N_CLASS;
    nd->negated = false;
    nd->nranges = 0;
    if (p[i] == '^') { nd->negated = true; i++; }
    /* A ']' right after '[' or '[^' is a literal member, as in POSIX. */
    bool first = true;
    while (p[i] != ']' || first) {
        if (p[i] == '\0') { *err = C_BAD_CLASS; return i; }
        if (nd->nranges == MAX_RANGES) { *err = C_TOO_LONG; return i; }
        char lo = p[i], hi = p[i];
        if (p[i + 1] == '-' && p[i + 2] != ']' && p[i + 2] != '\0') {
            hi = p[i + 2];
            if (hi < lo) { *err = C_BAD_RANGE; return i; }
            i += 3;
        } else {
            i += 1;
        }
        nd->r[nd->nranges].lo = lo;
        nd->r[nd->nranges].hi = hi;
        nd->nranges++;
        first = false;
    }
    if (nd->nranges == 0) { *err = C_BAD_CLASS; return i; }
    return i + 1;
}

/* \d \w \s as classes; returns false for other escapes. */
static bool shorthand_class(char e, struct node *nd) {
    static const struct { char name; int n; struct range r[MAX_RANGES]; } tab[] = {
        { 'd', 1, { { '0', '9' } } },
        { 'w', 3, { { 'a', 'z' }, { 'A', 'Z' }, { '0', '9' } } },
        { 's', 2, { { ' ', ' ' }, { '\t', '\r' } } },
    };
    for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++) {
        /* Upper case negates: \D \W \S. */
        if (e != tab[k].name && e != tab[k].name - 'a' + 'A') continue;
        nd->kind = N_CLASS;
        nd->negated = e != tab[k].name;
        nd->nranges = tab[k].n;
        memcpy(nd->r, tab[k].r, sizeof nd->r);
        return true;
    }
    return false;
}

/* "{m}" or "{m,n}" with single digits, 0 <= m <= n, n >= 1.  i is at '{';
 * returns the index after '}' or -1. */
static int parse_count(const char *p, int i, struct node *nd) {
    i++;
    if (p[i] < '0' || p[i] > '9') return -1;
    int m = p[i++] - '0', n = m;
    if (p[i] == ',') {
        i++;
        if (p[i] < '0' || p[i] > '9') return -1;
        n = p[i++] - '0';
    }
    if (p[i] != '}' || n < m || n == 0) return -1;
    nd->min = (uint8_t)m;
    nd->max = (uint8_t)n;
    return i + 1;
}

static enum cerr compile(const char *p, struct regex *re) {
    int i = 0;
    re->n = 0;
    re->anchored = false;
    if (p[0] == '^') { re->anchored = true; i = 1; }
    while (p[i] != '\0') {
        char c = p[i];
        if (c == '*' || c == '+' || c == '?') {
            /* A quantifier applies to the previous atom, which must exist
             * and must not already be quantified or be the end anchor. */
            if (re->n == 0) return C_DANGLING_QUANT;
            struct node *prev = &re->prog[re->n - 1];
            if (prev->quant != Q_ONE || prev->kind == N_END) return C_DANGLING_QUANT;
            prev->quant = c == '*' ? Q_STAR : c == '+' ? Q_PLUS : Q_OPT;
            i++;
            continue;
        }
        if (c == '{') {
            if (re->n == 0) return C_DANGLING_QUANT;
            struct node *prev = &re->prog[re->n - 1];
            if (prev->quant != Q_ONE || prev->kind == N_END) return C_DANGLING_QUANT;
            int j = parse_count(p, i, prev);
            if (j < 0) return C_BAD_COUNT;
            prev->quant = Q_COUNT;
            i = j;
            continue;
        }
        /* BUG: should be >=; with n == MAX_NODES the store below is OOB. */
        if (re->n > MAX_NODES) return C_TOO_LONG;
        struct node *nd = &re->prog[re->n];
        nd->quant = Q_ONE;
        switch (c) {
        case '.':
            nd->kind = N_ANY;
            i++;
            break;
        case '[': {
            enum cerr err = C_OK;
            i = parse_class(p, i + 1, nd, &err);
            if (err != C_OK) return err;
            break;
        }
        case '$':
            /* Only special at the very end; elsewhere it is a literal. */
            if (p[i + 1] == '\0') {
                nd->kind = N_END;
            } else {
                nd->kind = N_LIT;
                nd->lit = '$';
            }
            i++;
            break;
        case '\\':
            if (p[i + 1] == '\0') return C_BAD_ESCAPE;
            if (!shorthand_class(p[i + 1], nd)) {
                nd->kind = N_LIT;
                nd->lit = p[i + 1];
            }
            i += 2;
            break;
        case '^':
            return C_BAD_ANCHOR; /* only allowed first */
        default:
            nd->kind = N_LIT;
            nd->lit = c;
            i++;
            break;
        }
        re->n++;
    }
    return C_OK;
}

/* Does one atom accept character c?  (End-of-text is the caller's job.) */
static bool match_one(const struct regex *re, const struct node *nd, char c) {
    switch (nd->kind) {
    case N_ANY:
        return true;
    case N_LIT:
        return re->icase ? fold(nd->lit) == fold(c) : nd->lit == c;
    case N_CLASS: {
        bool in = false;
        for (int k = 0; k < nd->nranges && !in; k++) {
            char lo = nd->r[k].lo, hi = nd->r[k].hi;
            if (c >= lo && c <= hi) in = true;
            else if (re->icase && fold(c) >= fold(lo) && fold(c) <= fold(hi)) in = true;
        }
        return in != nd->negated;
    }
    case N_END:
        return false;
    }
    return false;
}

static bool match_here(const struct regex *re, int k, const char *t, int *steps);

/* Greedy repetition: take as many as possible, then give back one at a time. */
static bool match_repeat(const struct regex *re, int k, const char *t, size_t min, size_t max,
                         int *steps) {
    const struct node *nd = &re->prog[k];
    size_t cnt = 0;
    while (cnt < max && t[cnt] != '\0' && match_one(re, nd, t[cnt])) cnt++;
    for (;;) {
        if (cnt < min) return false;
        if (match_here(re, k + 1, t + cnt, steps)) return true;
        if (cnt == 0) return false;
        cnt--;
    }
}

static bool match_plus(const struct regex *re, int k, const char *t, int *steps) {
    /* BUG: missing "t[0] != '\0' &&": '.' and negated classes accept NUL. */
    if (!match_one(re, &re->prog[k], t[0])) return false;
    return match_repeat(re, k, t + 1, 0, SIZE_MAX, steps);
}

static bool match_here(const struct regex *re, int k, const char *t, int *steps) {
    ++*steps;
    if (k == re->n) return true;
    const struct node *nd = &re->prog[k];
    if (nd->kind == N_END) return t[0] == '\0';
    switch (nd->quant) {
    case Q_ONE:
        return t[0] != '\0' && match_one(re, nd, t[0]) && match_here(re, k + 1, t + 1, steps);
    case Q_OPT:
        if (t[0] != '\0' && match_one(re, nd, t[0]) && match_here(re, k + 1, t + 1, steps))
            return true;
        return match_here(re, k + 1, t, steps);
    case Q_STAR:
        return match_repeat(re, k, t, 0, SIZE_MAX, steps);
    case Q_COUNT:
        return match_repeat(re, k, t, nd->min, nd->max, steps);
    case Q_PLUS:
        return match_plus(re, k, t, steps);
    }
    return false;
}

/* Returns the match start offset, or -1. */
static int search(const struct regex *re, const char *text, int *steps) {
    if (re->anchored) return match_here(re, 0, text, steps) ? 0 : -1;
    const char *t = text;
    do {
        if (match_here(re, 0, t, steps)) return (int)(t - text);
    } while (*t++ != '\0');
    return -1;
}

int main(void) {
    char pattern[PAT_SIZE];
    char text[TEXT_SIZE];
    uint8_t flags;
    symplex_make_symbolic(pattern, sizeof pattern, "pattern");
    symplex_make_symbolic(text, sizeof text, "text");
    symplex_make_symbolic(&flags, sizeof flags, "flags");
    symplex_assume(pattern[PAT_SIZE - 1] == '\0');
    symplex_assume(text[TEXT_SIZE - 1] == '\0');

    struct node nodes[MAX_NODES];
    struct regex re;
    memset(nodes, 0, sizeof nodes);
    memset(&re, 0, sizeof re);
    re.prog = nodes;
    re.icase = (flags & 1) != 0;
    enum cerr err = compile(pattern, &re);
    if (err != C_OK) return 10 + (int)err;

    int steps = 0;
    int at = search(&re, text, &steps);
    if (at < 0) return 1;
    if (steps > 20) return 5; /* heavy backtracking */
    return at == 0 ? 0 : 6;
}
