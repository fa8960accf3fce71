/* lexer_c.c -- scanner for a small C-like language.
 *
 * Models: the lexical analyser of a teaching compiler.  It recognises white
 * space, // and nested-free block comments, identifiers and keywords (looked
 * up by binary search in a sorted table), integer literals (decimal, octal,
 * hex, with u/l suffixes and overflow detection), character literals with
 * escapes (\n \t \\ \' \0 \xHH), and operators by maximal munch ("<<=" before
 * "<<" before "<").  Lines starting with '#' are directives: "#if" followed
 * by <int> <op> <int> is evaluated on the spot (the preprocessor's constant
 * folder), other directives are skipped.  The scanner counts token kinds,
 * classifies character-literal values and checks bracket balance.
 *
 * Workload class: lexical analysis (character classes, table search,
 * maximal-munch operator matching, numeric conversion with overflow checks).
 *
 * Symbolic inputs:
 *   src -- char[24], the source text, NUL-terminated (src[23] is assumed 0).
 *
 * Planted bugs:
 *   1. scan_char() rejects non-ASCII plain character literals but not the
 *      escape "\xHH", whose value can be 0x80..0xff; the statistics then
 *      index the 128-entry ascii_class table with it (out-of-bounds read).
 *      Needs a character literal with a \x escape whose first hex digit is
 *      8..f and a closing quote: moderately deep.
 *   2. apply() guards '/' against a zero divisor but not '%', so "#if 7%0"
 *      divides by zero (division by zero).  Needs a directive line starting
 *      with "#if", two integer literals (the second of value 0 in any base:
 *      0, 00, 0x0) and '%': deep.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define SRC_SIZE 24
#define MAX_KW_LEN 8

enum tok {
    TK_EOF, TK_IDENT, TK_KEYWORD, TK_INT, TK_CHAR, TK_OP, TK_LPAREN, TK_RPAREN,
    TK_LBRACE, TK_RBRACE, TK_DIRECTIVE, TK_ERROR, TK_COUNT
};

enum lex_err {
    LE_OK = 0, LE_BAD_CHAR, LE_UNTERMINATED_COMMENT, LE_BAD_CHAR_LIT, LE_INT_OVERFLOW,
    LE_BAD_SUFFIX, LE_BAD_DIRECTIVE, LE_UNBALANCED
};

/* Classes of character-literal values, for the statistics; ASCII only. */
enum cclass { CC_CTRL, CC_SPACE, CC_DIGIT, CC_ALPHA, CC_PUNCT, CC_COUNT };
static uint8_t ascii_class[128];

static void init_ascii_class(void) {
    for (int c = 0; c < 128; c++) {
        uint8_t k = CC_PUNCT;
        if (c < 32 || c == 127) k = CC_CTRL;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') k = CC_SPACE;
        if (c >= '0' && c <= '9') k = CC_DIGIT;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') k = CC_ALPHA;
        ascii_class[c] = k;
    }
}

struct lexer {
    const char *s;
    size_t pos;
    bool line_start;      /* only white space so far on this line */
    enum lex_err err;
    uint64_t int_value;   /* of the last TK_INT / TK_CHAR */
    int kw_index;         /* of the last TK_KEYWORD */
    int char_kinds[CC_COUNT];
};

/* Sorted for binary search. */
static const char *const keywords[] = {
    "break", "char", "continue", "else", "for", "if", "int", "return",
    "sizeof", "struct", "unsigned", "void", "while",
};
#define N_KEYWORDS (int)(sizeof keywords / sizeof keywords[0])

static bool is_alpha_(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static int hexval(int c) {
    if (is_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int keyword_lookup(const char *id, size_t len) {
    char word[MAX_KW_LEN + 1];
    if (len > MAX_KW_LEN) return -1; /* longer than any keyword */
    memcpy(word, id, len);
    word[len] = '\0';
    int lo = 0, hi = N_KEYWORDS - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(word, keywords[mid]);
        if (c == 0) return mid;
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return -1;
}

/* Operators, longest first within each leading character so that the first
 * match is the maximal munch. */
static const char *const operators[] = {
    "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "+", "-", "*", "/", "%", "<", ">", "=", "!", "&", "|", "^", "~", "?", ":",
    ";", ",", ".", "[", "]",
};

static int match_operator(const char *p) {
    for (size_t k = 0; k < sizeof operators / sizeof operators[0]; k++) {
        size_t n = strlen(operators[k]);
        if (strncmp(p, operators[k], n) == 0) return (int)n;
    }
    return 0;
}

/* [1-9][0-9]* | 0[0-7]* | 0[xX][0-9a-fA-F]+, then [uU]?[lL]? in either order. */
static enum tok scan_int(struct lexer *lx) {
    const char *p = lx->s + lx->pos;
    size_t i = 0;
    uint64_t v = 0;
    unsigned base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        i = 2;
        if (hexval((unsigned char)p[i]) < 0) { lx->err = LE_BAD_SUFFIX; return TK_ERROR; }
    } else if (p[0] == '0') {
        base = 8;
    }
    for (;;) {
        int d = base == 16 ? hexval((unsigned char)p[i]) : is_digit(p[i]) ? p[i] - '0' : -1;
        if (d < 0) break;
        if (base == 8 && d > 7) { lx->err = LE_BAD_SUFFIX; return TK_ERROR; }
        if (v > (UINT32_MAX - (unsigned)d) / base) { lx->err = LE_INT_OVERFLOW; return TK_ERROR; }
        v = v * base + (unsigned)d;
        i++;
    }
    bool u = false, l = false;
    for (int k = 0; k < 2; k++) {
        if (!u && (p[i] == 'u' || p[i] == 'U')) { u = true; i++; }
        else if (!l && (p[i] == 'l' || p[i] == 'L')) { l = true; i++; }
    }
    if (is_alpha_(p[i]) || is_digit(p[i])) { lx->err = LE_BAD_SUFFIX; return TK_ERROR; }
    /* Without a suffix the value must fit an int. */
    if (!u && !l && v > INT32_MAX) { lx->err = LE_INT_OVERFLOW; return TK_ERROR; }
    lx->int_value = v;
    lx->pos += i;
    return TK_INT;
}

static enum tok scan_char(struct lexer *lx) {
    const char *p = lx->s + lx->pos; /* at the opening quote */
    size_t i = 1;
    unsigned v;
    if (p[i] == '\\') {
        i++;
        switch (p[i]) {
        case 'n': v = '\n'; i++; break;
        case 't': v = '\t'; i++; break;
        case '\\': v = '\\'; i++; break;
        case '\'': v = '\''; i++; break;
        case '0': v = 0; i++; break;
        case 'x': {
            i++;
            int h1 = hexval((unsigned char)p[i]);
            if (h1 < 0) { lx->err = LE_BAD_CHAR_LIT; return TK_ERROR; }
            int h2 = hexval((unsigned char)p[i + 1]);
            v = (unsigned)h1;
            i++;
            if (h2 >= 0) { v = v * 16 + (unsigned)h2; i++; }
            break;
        }
        default:
            lx->err = LE_BAD_CHAR_LIT;
            return TK_ERROR;
        }
    } else if (p[i] == '\'' || p[i] == '\n' || p[i] == '\0') {
        lx->err = LE_BAD_CHAR_LIT; /* empty or broken */
        return TK_ERROR;
    } else {
        v = (unsigned char)p[i];
        if (v >= 0x80) { lx->err = LE_BAD_CHAR_LIT; return TK_ERROR; } /* ASCII source only */
        i++;
    }
    if (p[i] != '\'') { lx->err = LE_BAD_CHAR_LIT; return TK_ERROR; }
    /* BUG: "\xHH" can give 0x80..0xff, which the table does not cover; only
     * plain characters were checked above. */
    lx->char_kinds[ascii_class[v]]++;
    lx->int_value = v;
    lx->pos += i + 1;
    return TK_CHAR;
}

/* Skips white space and comments.  Returns false on an unterminated comment. */
static bool skip_blank(struct lexer *lx) {
    for (;;) {
        char c = lx->s[lx->pos];
        if (is_space(c)) {
            if (c == '\n') lx->line_start = true;
            lx->pos++;
        } else if (c == '/' && lx->s[lx->pos + 1] == '/') {
            while (lx->s[lx->pos] != '\0' && lx->s[lx->pos] != '\n') lx->pos++;
        } else if (c == '/' && lx->s[lx->pos + 1] == '*') {
            lx->pos += 2;
            while (!(lx->s[lx->pos] == '*' && lx->s[lx->pos + 1] == '/')) {
                if (lx->s[lx->pos] == '\0') return false;
                lx->pos++;
            }
            lx->pos += 2;
        } else {
            return true;
        }
    }
}

/* Preprocessor arithmetic is done in the widest unsigned type. */
static uint64_t apply(char op, uint64_t a, uint64_t b, bool *ok) {
    *ok = true;
    switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
        if (b == 0) { *ok = false; return 0; }
        return a / b;
    case '%':
        /* BUG: no zero check here, unlike '/'. */
        return a % b;
    case '<': return a < b;
    case '>': return a > b;
    case '=': return a == b;
    default: *ok = false; return 0;
    }
}

/* "#if <int> <op> <int>" is folded; any other directive is skipped to the
 * end of the line.  On entry pos is at '#'. */
static enum tok fold_directive(struct lexer *lx, int *folded) {
    lx->pos++;
    const char *p = lx->s + lx->pos;
    if (!(p[0] == 'i' && p[1] == 'f' && (p[2] == ' ' || p[2] == '\t'))) {
        while (lx->s[lx->pos] != '\0' && lx->s[lx->pos] != '\n') lx->pos++;
        return TK_DIRECTIVE;
    }
    lx->pos += 3;
    uint64_t operand[2];
    char op = 0;
    for (int k = 0; k < 2; k++) {
        while (lx->s[lx->pos] == ' ') lx->pos++;
        if (!is_digit(lx->s[lx->pos]) || scan_int(lx) != TK_INT) {
            lx->err = LE_BAD_DIRECTIVE;
            return TK_ERROR;
        }
        operand[k] = lx->int_value;
        while (lx->s[lx->pos] == ' ') lx->pos++;
        if (k == 0) {
            op = lx->s[lx->pos];
            if (op == '\0') { lx->err = LE_BAD_DIRECTIVE; return TK_ERROR; }
            if (op == '=' && lx->s[lx->pos + 1] == '=') lx->pos++; /* "==" */
            else if (op == '=') { lx->err = LE_BAD_DIRECTIVE; return TK_ERROR; }
            lx->pos++;
        }
    }
    bool ok;
    uint64_t r = apply(op, operand[0], operand[1], &ok);
    if (!ok) { lx->err = LE_BAD_DIRECTIVE; return TK_ERROR; }
    *folded = r != 0 ? 1 : 2;
    return TK_DIRECTIVE;
}

static enum tok next_token(struct lexer *lx, int *folded) {
    if (!skip_blank(lx)) { lx->err = LE_UNTERMINATED_COMMENT; return TK_ERROR; }
    const char *p = lx->s + lx->pos;
    char c = p[0];
    bool at_line_start = lx->line_start;
    lx->line_start = false;
    if (c == '\0') return TK_EOF;
    if (c == '#') {
        if (!at_line_start) { lx->err = LE_BAD_CHAR; return TK_ERROR; }
        return fold_directive(lx, folded);
    }
    if (is_alpha_(c)) {
        size_t n = 1;
        while (is_alpha_(p[n]) || is_digit(p[n])) n++;
        lx->pos += n;
        int kw = keyword_lookup(p, n);
        if (kw >= 0) { lx->kw_index = kw; return TK_KEYWORD; }
        return TK_IDENT;
    }
    if (is_digit(c)) return scan_int(lx);
    if (c == '\'') return scan_char(lx);
    switch (c) {
    case '(': lx->pos++; return TK_LPAREN;
    case ')': lx->pos++; return TK_RPAREN;
    case '{': lx->pos++; return TK_LBRACE;
    case '}': lx->pos++; return TK_RBRACE;
    default: break;
    }
    int n = match_operator(p);
    if (n == 0) { lx->err = LE_BAD_CHAR; return TK_ERROR; }
    lx->pos += (size_t)n;
    return TK_OP;
}

int main(void) {
    char src[SRC_SIZE];
    symplex_make_symbolic(src, sizeof src, "src");
    symplex_assume(src[SRC_SIZE - 1] == '\0');

    init_ascii_class();
    struct lexer lx = { .s = src, .pos = 0, .line_start = true, .err = LE_OK };
    int counts[TK_COUNT] = { 0 };
    int paren = 0, brace = 0, folded = 0;
    enum tok t;
    do {
        t = next_token(&lx, &folded);
        counts[t]++;
        if (t == TK_LPAREN) paren++;
        if (t == TK_RPAREN && --paren < 0) { lx.err = LE_UNBALANCED; t = TK_ERROR; }
        if (t == TK_LBRACE) brace++;
        if (t == TK_RBRACE && --brace < 0) { lx.err = LE_UNBALANCED; t = TK_ERROR; }
    } while (t != TK_EOF && t != TK_ERROR);

    if (t == TK_ERROR) return 10 + (int)lx.err;
    if (paren != 0 || brace != 0) return 5;
    if (folded == 2) return 6;                  /* "#if 0"-style block */
    if (counts[TK_KEYWORD] > 0 && counts[TK_IDENT] > 0 && counts[TK_OP] > 0) return 7;
    if (counts[TK_INT] + counts[TK_CHAR] > 2) return 8;
    if (lx.char_kinds[CC_CTRL] > 0) return 9;
    return 0;
}
