/*
 * cmd_shell.c -- an interpreter for a tiny command language: one input line
 *                is split at ';' into commands; each command is tokenised
 *                into words and quoted strings, looked up in a table and
 *                run against a variable table and a value stack.
 *
 * Workload class: command interpreters (character-class scanning, token
 * tables, keyword lookup by length and bytes, number parsing, a stack
 * machine, nested command execution).
 *
 * Language:
 *   line    := cmd (';' cmd)*     tokens separated by exactly one space,
 *                                 no space before a command word
 *   word    := 1-4 of [a-z0-9$]
 *   value   := decimal number (1-3 digits) | '$' var | "quoted string"
 *              (at most 6 characters; its value is its length)
 *   var     := one letter 'a'..'h' (8 slots)
 *   set VAR VALUE     store into a slot
 *   get VAR           push a slot's value (error if never set)
 *   push VALUE        push a value (stack depth 8)
 *   pop               drop the top of the stack
 *   add               pop two values, push their sum
 *   echo [ARG...]     append up to 3 argument texts to the output buffer
 *   if VALUE CMD ...  when VALUE is non-zero, push it as the condition
 *                     (visible to the body as the top of the stack), run
 *                     CMD with its arguments, then drop the condition
 *   After the last command, a non-empty stack's top is popped as the
 *   line's result (values above 255 give exit status 1).
 *
 * Symbolic input (through symplex_make_symbolic):
 *   line[24] -- the command line, unconstrained bytes; a NUL ends it early.
 *
 * Planted bug:
 *   cmd_if() drops the condition with a bare `sp--` after the body ran,
 *   without checking that the body left it there. When the body is `pop`,
 *   the stack pointer goes to -1; pop()'s underflow test is `sp == 0`, so
 *   the next pop -- a later `pop` command, or the end-of-line step that
 *   pops the line's result when sp != 0 -- reads stack[-2], below the
 *   stack (out-of-bounds read). Shortest trigger: "if 1 pop" (keyword,
 *   non-zero value, nested keyword, then the end of the line).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define LINE_LEN  24
#define MAX_TOK   8
#define NVARS     8
#define STACK_MAX 8
#define OUT_MAX   32
#define MAX_WORD  4
#define MAX_STR   6

enum tok_kind { T_WORD, T_QUOTED };

struct token {
    enum tok_kind kind;
    uint8_t start;
    uint8_t len;
};

enum { R_OK = 0, R_SYNTAX = 1, R_RUNTIME = 2 };

static char line[LINE_LEN];
static struct token toks[MAX_TOK];
static unsigned ntok;

static int vars[NVARS];
static bool var_set[NVARS];
static int stack[STACK_MAX];
static int sp;
static char out[OUT_MAX];
static unsigned out_len;
static int last_popped;
static int line_result;
static bool has_result;

static bool is_space(char c)
{
    return c == ' ';
}

/* Words are lowercase letters, digits and '$'; anything else outside a
 * quoted string is a syntax error. */
static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '$';
}

/* Tokenise one command starting at *pos, up to a ';' (consumed) or the
 * end of the line. Commands are scanned and run one at a time, so a bad
 * keyword stops the line before the rest is even looked at. */
static bool known_command(const struct token *t);

static int tokenise(unsigned *pos, bool *more)
{
    unsigned i = *pos;
    ntok = 0;
    *more = false;
    while (i < LINE_LEN && line[i] != '\0') {
        char c = line[i];
        if (is_space(c)) {
            /* Strict layout: exactly one space between tokens, none
             * before the command word. */
            if (ntok == 0 || is_space(line[i - 1]))
                return R_SYNTAX;
            i++;
            continue;
        }
        if (c == ';') {
            i++;
            *more = true;
            break;
        }
        if (ntok == MAX_TOK)
            return R_SYNTAX;
        struct token *t = &toks[ntok];
        if (c == '"') {
            unsigned j = i + 1;
            while (j < LINE_LEN && line[j] != '\0' && line[j] != '"') {
                if (j - i > MAX_STR)
                    return R_SYNTAX;        /* string too long */
                j++;
            }
            if (j >= LINE_LEN || line[j] != '"')
                return R_SYNTAX;            /* unterminated string */
            t->kind = T_QUOTED;
            t->start = (uint8_t)(i + 1);
            t->len = (uint8_t)(j - i - 1);
            i = j + 1;
        } else if (is_word_char(c)) {
            unsigned j = i;
            while (j < LINE_LEN && is_word_char(line[j])) {
                if (j - i == MAX_WORD)
                    return R_SYNTAX;        /* word too long */
                j++;
            }
            if (j < LINE_LEN && line[j] == '"')
                return R_SYNTAX;            /* word glued to a string */
            t->kind = T_WORD;
            t->start = (uint8_t)i;
            t->len = (uint8_t)(j - i);
            i = j;
        } else {
            return R_SYNTAX;                /* stray character */
        }
        ntok++;
        if (ntok == 1 && !known_command(t))
            return R_SYNTAX;                /* fail fast on the keyword */
    }
    *pos = i;
    return R_OK;
}

static bool tok_is(const struct token *t, const char *word)
{
    size_t n = strlen(word);
    return t->kind == T_WORD && t->len == n &&
           memcmp(&line[t->start], word, n) == 0;
}

static int var_slot(const struct token *t)
{
    if (t->kind != T_WORD || t->len != 1)
        return -1;
    char c = line[t->start];
    if (c < 'a' || c >= 'a' + NVARS)
        return -1;
    return c - 'a';
}

static int eval_value(const struct token *t, int *val)
{
    if (t->kind == T_QUOTED) {
        *val = t->len;
        return R_OK;
    }
    if (t->kind != T_WORD)
        return R_SYNTAX;
    const char *s = &line[t->start];
    if (s[0] == '$') {
        if (t->len != 2 || s[1] < 'a' || s[1] >= 'a' + NVARS)
            return R_SYNTAX;
        int slot = s[1] - 'a';
        if (!var_set[slot])
            return R_RUNTIME;
        *val = vars[slot];
        return R_OK;
    }
    if (t->len > 3)
        return R_SYNTAX;
    int v = 0;
    for (unsigned k = 0; k < t->len; k++) {
        if (s[k] < '0' || s[k] > '9')
            return R_SYNTAX;
        v = v * 10 + (s[k] - '0');
    }
    *val = v;
    return R_OK;
}

static int push(int v)
{
    if ((unsigned)sp >= STACK_MAX)
        return R_RUNTIME;                   /* overflow (or corrupt sp) */
    stack[sp++] = v;
    return R_OK;
}

static int pop(int *v)
{
    if (sp == 0)
        return R_RUNTIME;                   /* underflow */
    *v = stack[--sp];
    return R_OK;
}

/* Commands receive their argument tokens (the command word excluded). */
typedef int (*cmd_fn)(const struct token *args, unsigned nargs);

static int cmd_set(const struct token *a, unsigned n)
{
    (void)n;
    int slot = var_slot(&a[0]);
    int v;
    if (slot < 0)
        return R_SYNTAX;
    int r = eval_value(&a[1], &v);
    if (r != R_OK)
        return r;
    vars[slot] = v;
    var_set[slot] = true;
    return R_OK;
}

static int cmd_get(const struct token *a, unsigned n)
{
    (void)n;
    int slot = var_slot(&a[0]);
    if (slot < 0)
        return R_SYNTAX;
    if (!var_set[slot])
        return R_RUNTIME;
    return push(vars[slot]);
}

static int cmd_push(const struct token *a, unsigned n)
{
    (void)n;
    int v;
    int r = eval_value(&a[0], &v);
    if (r != R_OK)
        return r;
    return push(v);
}

static int cmd_pop(const struct token *a, unsigned n)
{
    (void)a;
    (void)n;
    return pop(&last_popped);
}

static int cmd_add(const struct token *a, unsigned n)
{
    (void)a;
    (void)n;
    if (sp < 2)
        return R_RUNTIME;
    int x, y;
    pop(&x);
    pop(&y);
    return push(x + y);
}

static int cmd_echo(const struct token *a, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        if (out_len + a[k].len + 1 > OUT_MAX)
            return R_RUNTIME;
        memcpy(&out[out_len], &line[a[k].start], a[k].len);
        out_len += a[k].len;
        out[out_len++] = k + 1 < n ? ' ' : '\n';
    }
    return R_OK;
}

static int run_command(const struct token *t, unsigned n, bool nested);

static int cmd_if(const struct token *a, unsigned n)
{
    int cond;
    int r = eval_value(&a[0], &cond);
    if (r != R_OK)
        return r;
    if (cond == 0)
        return R_OK;
    r = push(cond);
    if (r != R_OK)
        return r;
    r = run_command(&a[1], n - 1, true);
    sp--;                                   /* BUG: body may have popped it */
    return r;
}

struct command {
    const char *name;
    uint8_t min_args;
    uint8_t max_args;
    bool nestable;
    cmd_fn fn;
};

static const struct command commands[] = {
    {"set", 2, 2, true, cmd_set},
    {"get", 1, 1, true, cmd_get},
    {"push", 1, 1, true, cmd_push},
    {"pop", 0, 0, true, cmd_pop},
    {"add", 0, 0, true, cmd_add},
    {"echo", 0, 3, true, cmd_echo},
    {"if", 2, 5, false, cmd_if},
};

static bool known_command(const struct token *t)
{
    for (unsigned c = 0; c < sizeof commands / sizeof commands[0]; c++)
        if (tok_is(t, commands[c].name))
            return true;
    return false;
}

static int run_command(const struct token *t, unsigned n, bool nested)
{
    if (n == 0)
        return R_OK;                        /* empty command */
    for (unsigned c = 0; c < sizeof commands / sizeof commands[0]; c++) {
        const struct command *cmd = &commands[c];
        if (!tok_is(&t[0], cmd->name))
            continue;
        if (nested && !cmd->nestable)
            return R_SYNTAX;
        if (n - 1 < cmd->min_args || n - 1 > cmd->max_args)
            return R_SYNTAX;
        return cmd->fn(&t[1], n - 1);
    }
    return R_SYNTAX;                        /* unknown command */
}

static int run_line(void)
{
    unsigned pos = 0;
    bool more = true;
    while (more) {
        int r = tokenise(&pos, &more);
        if (r != R_OK)
            return r;
        r = run_command(toks, ntok, false);
        if (r != R_OK)
            return r;
    }
    /* Like a calculator REPL, the value left on top is the line's result. */
    if (sp != 0) {
        int r = pop(&line_result);
        if (r != R_OK)
            return r;
        has_result = true;
    }
    return R_OK;
}

int main(void)
{
    symplex_make_symbolic(line, sizeof line, "line");

    int r = run_line();
    if (r != R_OK)
        return r;
    /* A result above 255 is reported as a warning. */
    if (has_result && line_result > 255)
        return 1;
    return R_OK;
}
