/*
 * calc_expr.c -- an integer expression calculator: an on-demand lexer and a
 *                recursive-descent parser that evaluates as it parses.
 *
 * Workload class: expression parsing and evaluation (recursion, operator
 * precedence, lookahead, integer arithmetic with range checks).
 *
 * Grammar (usual precedence, left-associative binary operators):
 *   expr   := term (('+' | '-') term)*
 *   term   := unary (('*' | '/' | '%') unary)*
 *   unary  := '-' unary | primary
 *   primary:= NUMBER | '(' expr ')'
 * NUMBER is 1..4 decimal digits; blanks between tokens are ignored. Values
 * are kept within +-LIMIT (30000), so every product fits in 32 bits; a
 * result outside that range is reported as an overflow. Nesting of
 * parentheses and unary minus is limited to MAX_DEPTH levels.
 *
 * Division by zero is diagnosed while parsing, where the divisor's tokens
 * are at hand: after '/' or '%' the parser looks ahead past unary minus
 * signs and opening parentheses, and rejects a zero literal that ends the
 * operand ("7/0", "7 % -0", "7/((0))"), pointing at the offending token.
 *
 * Symbolic input:
 *   expr[10] -- the expression text, char; each byte is assumed to be NUL,
 *               a blank, a decimal digit or one of + - * / % ( ) and '.'
 *               (not part of the grammar: a typo the lexer must reject);
 *               the expression ends at the first NUL or after 10 bytes.
 *
 * Planted bug:
 *   The evaluator relies on that lookahead check and divides without testing
 *   the divisor. The check only recognises a zero literal, so a
 *   parenthesised sub-expression that evaluates to zero -- "1/(1-1)",
 *   "5%(0*3)", "8/(2-2)" -- reaches the division with a zero divisor
 *   (division by zero). That takes seven or more well-formed tokens through
 *   the lexer, the lookahead and four levels of the parser.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define EXPR_LEN 10
#define MAX_TOKENS 11 /* at most EXPR_LEN tokens, plus T_END */
#define MAX_DEPTH 6
#define LIMIT 30000

enum tok_kind { T_NUM, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_LPAREN, T_RPAREN, T_END, T_ERROR };

enum calc_error {
    C_OK = 0,
    C_BAD_CHAR = 1,
    C_NUM_TOO_LONG = 2,
    C_SYNTAX = 4,
    C_UNBALANCED = 5,
    C_TOO_DEEP = 6,
    C_OVERFLOW = 7,
    C_ZERO_DIVISOR = 8,
    C_EMPTY = 9,
};

struct token {
    enum tok_kind kind;
    int value; /* T_NUM: the number; T_ERROR: an enum calc_error */
    int pos;   /* offset in the text, for messages */
};

/* The parser pulls tokens from the text on demand, so a syntax error stops
 * the scan at the first bad token; tokens lexed so far are kept for
 * lookahead and error positions. */
struct parser {
    const char *text;
    int scan; /* next unread character */
    struct token toks[MAX_TOKENS];
    int ntok; /* tokens lexed so far */
    int pos;  /* index of the current token */
    int depth;
    enum calc_error err;
    int err_pos;
    int ops; /* binary operations evaluated */
};

/* Lex one more token into p->toks[p->ntok]. */
static void lex_next(struct parser *p) {
    const char *s = p->text;
    int i = p->scan;
    while (i < EXPR_LEN && s[i] == ' ') i++;
    struct token *t = &p->toks[p->ntok];
    t->pos = i;
    t->value = 0;
    if (i == EXPR_LEN || s[i] == '\0') {
        t->kind = T_END;
    } else if (s[i] >= '0' && s[i] <= '9') {
        int digits = 0, v = 0;
        while (i < EXPR_LEN && s[i] >= '0' && s[i] <= '9') {
            digits++;
            v = v * 10 + (s[i] - '0');
            i++;
        }
        t->kind = digits > 4 ? T_ERROR : T_NUM;
        t->value = digits > 4 ? C_NUM_TOO_LONG : v;
    } else {
        switch (s[i]) {
        case '+': t->kind = T_PLUS; break;
        case '-': t->kind = T_MINUS; break;
        case '*': t->kind = T_STAR; break;
        case '/': t->kind = T_SLASH; break;
        case '%': t->kind = T_PERCENT; break;
        case '(': t->kind = T_LPAREN; break;
        case ')': t->kind = T_RPAREN; break;
        default:
            t->kind = T_ERROR;
            t->value = C_BAD_CHAR;
            break;
        }
        i++;
    }
    p->scan = i;
    p->ntok++;
}

/* The token k places after the current one. T_END and T_ERROR are final:
 * nothing is lexed past them, and peeking further returns them again. */
static const struct token *peek(struct parser *p, int k) {
    while (p->ntok <= p->pos + k) {
        if (p->ntok > 0) {
            enum tok_kind last = p->toks[p->ntok - 1].kind;
            if (last == T_END || last == T_ERROR) return &p->toks[p->ntok - 1];
        }
        lex_next(p);
    }
    return &p->toks[p->pos + k];
}

static enum tok_kind cur(struct parser *p) {
    return peek(p, 0)->kind;
}

static void advance(struct parser *p) {
    enum tok_kind k = cur(p);
    if (k != T_END && k != T_ERROR) p->pos++;
}

static void fail(struct parser *p, enum calc_error e) {
    if (p->err == C_OK) {
        const struct token *t = peek(p, 0);
        p->err = t->kind == T_ERROR ? (enum calc_error)t->value : e;
        p->err_pos = t->pos;
    }
}

static bool in_range(int32_t v) {
    return v >= -LIMIT && v <= LIMIT;
}

/* Called with the current token on '/' or '%': is the divisor a literal
 * zero, possibly behind unary minus signs and opening parentheses? */
static bool literal_zero_divisor(struct parser *p) {
    int j = 1;
    while (j < EXPR_LEN && (peek(p, j)->kind == T_MINUS || peek(p, j)->kind == T_LPAREN)) j++;
    const struct token *t = peek(p, j);
    if (t->kind != T_NUM || t->value != 0) return false;
    enum tok_kind after = peek(p, j + 1)->kind;
    return after == T_RPAREN || after == T_END;
}

static int32_t parse_expr(struct parser *p);

static int32_t parse_primary(struct parser *p) {
    const struct token *t = peek(p, 0);
    if (t->kind == T_NUM) {
        advance(p);
        return t->value;
    }
    if (t->kind == T_LPAREN) {
        if (++p->depth > MAX_DEPTH) {
            fail(p, C_TOO_DEEP);
            return 0;
        }
        advance(p);
        int32_t v = parse_expr(p);
        if (p->err) return 0;
        if (cur(p) != T_RPAREN) {
            fail(p, C_UNBALANCED);
            return 0;
        }
        advance(p);
        p->depth--;
        return v;
    }
    fail(p, t->kind == T_RPAREN ? C_UNBALANCED : C_SYNTAX);
    return 0;
}

static int32_t parse_unary(struct parser *p) {
    if (cur(p) == T_MINUS) {
        if (++p->depth > MAX_DEPTH) {
            fail(p, C_TOO_DEEP);
            return 0;
        }
        advance(p);
        int32_t v = parse_unary(p);
        p->depth--;
        return -v;
    }
    return parse_primary(p);
}

static int32_t parse_term(struct parser *p) {
    int32_t v = parse_unary(p);
    while (!p->err) {
        enum tok_kind k = cur(p);
        if (k != T_STAR && k != T_SLASH && k != T_PERCENT) break;
        if (k != T_STAR && literal_zero_divisor(p)) {
            advance(p);
            fail(p, C_ZERO_DIVISOR);
            return 0;
        }
        advance(p);
        int32_t r = parse_unary(p);
        if (p->err) return 0;
        p->ops++;
        if (k == T_STAR) {
            v = v * r; /* |v|,|r| <= 30000: the product fits in 32 bits */
        } else if (k == T_SLASH) {
            v = v / r; /* zero divisors were diagnosed above */
        } else {
            v = v % r;
        }
        if (!in_range(v)) {
            fail(p, C_OVERFLOW);
            return 0;
        }
    }
    return v;
}

static int32_t parse_expr(struct parser *p) {
    int32_t v = parse_term(p);
    while (!p->err) {
        enum tok_kind k = cur(p);
        if (k != T_PLUS && k != T_MINUS) break;
        advance(p);
        int32_t r = parse_term(p);
        if (p->err) return 0;
        p->ops++;
        v = k == T_PLUS ? v + r : v - r;
        if (!in_range(v)) {
            fail(p, C_OVERFLOW);
            return 0;
        }
    }
    return v;
}

int main(void) {
    char expr[EXPR_LEN];
    symplex_make_symbolic(expr, sizeof expr, "expr");
    for (int i = 0; i < EXPR_LEN; i++) {
        char c = expr[i];
        /* bitwise operators: one assumption per byte, no forking */
        symplex_assume((c == 0) | (c == ' ') | ((c >= '0') & (c <= '9')) | (c == '+') | (c == '-') |
                       (c == '*') | (c == '/') | (c == '%') | (c == '(') | (c == ')') | (c == '.'));
    }

    struct parser p;
    memset(&p, 0, sizeof p);
    p.text = expr;
    if (cur(&p) == T_END) return C_EMPTY;

    int32_t v = parse_expr(&p);
    if (p.err) return p.err;
    if (cur(&p) != T_END) {
        fail(&p, cur(&p) == T_RPAREN ? C_UNBALANCED : C_SYNTAX);
        return p.err;
    }

    /* summarise the result */
    if (p.ops == 0) return 20; /* a lone number */
    if (v == 0) return 21;
    if (v < 0) return v < -1000 ? 22 : 23;
    if (v > 10000) return 24;
    if (v % 2 == 0 && p.ops >= 3) return 25;
    return 0;
}
