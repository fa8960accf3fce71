/* xml_tokens.c -- tokenizer and well-formedness checker for a subset of XML.
 *
 * Models: the lexer of a small embedded XML reader (configuration files,
 * SOAP-ish messages).  The document is split into tokens: character data,
 * start tags with attributes (name="value" or name='value'), end tags,
 * self-closing tags (<x/>) and comments (<!-- ... -->, "--" not allowed
 * inside).  Character data and attribute values may contain the entities
 * &amp; &lt; &gt; &quot; and decimal character references &#N; (1..3 digits,
 * value 1..127).  Tag names are at most 4 characters, a tag has at most 3
 * attributes and duplicate attribute names are rejected.  Open elements are
 * kept on a fixed-depth stack so that end tags can be matched by name.
 *
 * Workload class: input parsing / lexer state machine with a bounded stack,
 * string comparison and small numeric decoding.
 *
 * Symbolic inputs:
 *   doc -- unsigned char[24], the document bytes.  Each byte is assumed to be
 *          printable ASCII (0x20..0x7e) or NUL; the document ends at the first
 *          NUL or at the end of the buffer.  A document that does not start
 *          with '<' is rejected at once (no prolog or leading text).
 *
 * Planted bug:
 *   push_tag() guards the stack with "depth > MAX_DEPTH" instead of
 *   "depth >= MAX_DEPTH", so the third nested start tag (the stack holds
 *   MAX_DEPTH = 2 open elements) writes tag_stack[2], one element past the
 *   end of the global array (out-of-bounds write).  Needs three nested start
 *   tags at the front of the document, e.g. "<a><b><c>" (9 of the 24 bytes),
 *   each byte pinned by a different lexer branch: deep for a breadth-first
 *   or random-path search (depth-first search reaches it quickly).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define DOC_LEN 24
#define MAX_DEPTH 2
#define NAME_LEN 4
#define MAX_ATTRS 3

enum tok_kind {
    TOK_EOF,
    TOK_TEXT,
    TOK_START,
    TOK_END,
    TOK_EMPTY,
    TOK_COMMENT,
    TOK_ERROR
};

struct token {
    enum tok_kind kind;
    char name[NAME_LEN];
    uint8_t name_len;
    uint8_t nattrs;
    uint8_t text_len;
    unsigned entity_sum;
};

struct open_elem {
    char name[NAME_LEN];
    uint8_t name_len;
    uint8_t nattrs;
};

static unsigned char doc[DOC_LEN];
static size_t pos;
static struct open_elem tag_stack[MAX_DEPTH];
static int depth;

static int peek_at(size_t i)
{
    if (i >= DOC_LEN || doc[i] == 0)
        return -1;
    return doc[i];
}

static int peek(void) { return peek_at(pos); }

/* Character classes, filled once by init_classes() (like a ctype table). */
#define C_SPACE 1
#define C_NAME_START 2
#define C_NAME 4

static uint8_t cclass[128];

static void init_classes(void)
{
    for (int c = 0; c < 128; c++) {
        uint8_t k = 0;
        if (c == ' ')
            k |= C_SPACE;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
            k |= C_NAME_START | C_NAME;
        if ((c >= '0' && c <= '9') || c == '-' || c == '.')
            k |= C_NAME;
        cclass[c] = k;
    }
}

static bool has_class(int c, uint8_t k)
{
    return c >= 0 && c < 128 && (cclass[c] & k) != 0;
}

static bool is_space(int c) { return has_class(c, C_SPACE); }

static bool is_name_start(int c) { return has_class(c, C_NAME_START); }

static bool is_name_char(int c) { return has_class(c, C_NAME); }

static void skip_spaces(void)
{
    while (is_space(peek()))
        pos++;
}

/* Reads a name at pos into out; returns its length, 0 on error. */
static int read_name(char out[NAME_LEN])
{
    int c = peek();
    int n = 0;
    if (!is_name_start(c))
        return 0;
    memset(out, 0, NAME_LEN);
    while (is_name_char(c = peek())) {
        if (n == NAME_LEN)
            return 0;
        out[n++] = (char)c;
        pos++;
    }
    return n;
}

static bool match_word(const char *w)
{
    size_t i;
    for (i = 0; w[i]; i++)
        if (peek_at(pos + i) != (unsigned char)w[i])
            return false;
    pos += i;
    return true;
}

/* Decodes an entity starting at '&'; returns the character or -1. */
static int read_entity(void)
{
    pos++; /* '&' */
    if (match_word("amp;"))
        return '&';
    if (match_word("lt;"))
        return '<';
    if (match_word("gt;"))
        return '>';
    if (match_word("quot;"))
        return '"';
    if (peek() == '#') {
        int value = 0, digits = 0, c;
        pos++;
        while ((c = peek()) >= '0' && c <= '9') {
            if (digits == 3)
                return -1;
            value = value * 10 + (c - '0');
            digits++;
            pos++;
        }
        if (digits == 0 || peek() != ';')
            return -1;
        pos++;
        if (value < 1 || value > 127)
            return -1;
        return value;
    }
    return -1;
}

static void lex_text(struct token *t)
{
    int c;
    t->kind = TOK_TEXT;
    while ((c = peek()) != -1 && c != '<') {
        if (c == '&') {
            int e = read_entity();
            if (e < 0) {
                t->kind = TOK_ERROR;
                return;
            }
            t->entity_sum += (unsigned)e;
        } else if (c == '>') {
            t->kind = TOK_ERROR; /* stray '>' is rejected in strict mode */
            return;
        } else {
            pos++;
        }
        t->text_len++;
    }
}

static void lex_comment(struct token *t)
{
    int c;
    t->kind = TOK_COMMENT;
    for (;;) {
        c = peek();
        if (c == -1) {
            t->kind = TOK_ERROR;
            return;
        }
        if (c == '-' && peek_at(pos + 1) == '-') {
            if (peek_at(pos + 2) == '>') {
                pos += 3;
                return;
            }
            t->kind = TOK_ERROR; /* "--" inside a comment */
            return;
        }
        pos++;
        t->text_len++;
    }
}

/* Parses name="value" at pos; the name goes to aname. 0 on success. */
static int lex_attribute(char aname[NAME_LEN], unsigned *entity_sum)
{
    int quote, c;
    if (read_name(aname) == 0)
        return -1;
    skip_spaces();
    if (peek() != '=')
        return -1;
    pos++;
    skip_spaces();
    quote = peek();
    if (quote != '"' && quote != '\'')
        return -1;
    pos++;
    while ((c = peek()) != quote) {
        if (c == -1 || c == '<')
            return -1;
        if (c == '&') {
            int e = read_entity();
            if (e < 0)
                return -1;
            *entity_sum += (unsigned)e;
        } else {
            pos++;
        }
    }
    pos++;
    return 0;
}

static void lex_tag(struct token *t)
{
    char anames[MAX_ATTRS][NAME_LEN];
    int c, n;
    pos++; /* '<' */
    if (match_word("!--")) {
        lex_comment(t);
        return;
    }
    if (peek() == '/') {
        pos++;
        n = read_name(t->name);
        if (n == 0) {
            t->kind = TOK_ERROR;
            return;
        }
        t->name_len = (uint8_t)n;
        skip_spaces();
        if (peek() != '>') {
            t->kind = TOK_ERROR;
            return;
        }
        pos++;
        t->kind = TOK_END;
        return;
    }
    n = read_name(t->name);
    if (n == 0) {
        t->kind = TOK_ERROR;
        return;
    }
    t->name_len = (uint8_t)n;
    for (;;) {
        bool had_space = is_space(peek());
        skip_spaces();
        c = peek();
        if (c == '>') {
            pos++;
            t->kind = TOK_START;
            return;
        }
        if (c == '/') {
            pos++;
            if (peek() != '>') {
                t->kind = TOK_ERROR;
                return;
            }
            pos++;
            t->kind = TOK_EMPTY;
            return;
        }
        if (!had_space || t->nattrs == MAX_ATTRS) {
            t->kind = TOK_ERROR;
            return;
        }
        if (lex_attribute(anames[t->nattrs], &t->entity_sum) != 0) {
            t->kind = TOK_ERROR;
            return;
        }
        for (int i = 0; i < t->nattrs; i++) {
            if (memcmp(anames[i], anames[t->nattrs], NAME_LEN) == 0) {
                t->kind = TOK_ERROR; /* duplicate attribute */
                return;
            }
        }
        t->nattrs++;
    }
}

static void next_token(struct token *t)
{
    memset(t, 0, sizeof *t);
    if (peek() == -1) {
        t->kind = TOK_EOF;
        return;
    }
    if (peek() == '<')
        lex_tag(t);
    else
        lex_text(t);
}

static int push_tag(const struct token *t)
{
    if (depth > MAX_DEPTH) /* BUG: must be depth >= MAX_DEPTH */
        return -1;
    memcpy(tag_stack[depth].name, t->name, NAME_LEN);
    tag_stack[depth].name_len = t->name_len;
    tag_stack[depth].nattrs = t->nattrs;
    depth++;
    return 0;
}

static int pop_tag(const struct token *t)
{
    const struct open_elem *top;
    if (depth == 0)
        return -1;
    top = &tag_stack[depth - 1];
    if (top->name_len != t->name_len ||
        memcmp(top->name, t->name, NAME_LEN) != 0)
        return -1;
    depth--;
    return 0;
}

int main(void)
{
    struct token t;
    int elements = 0, comments = 0, roots = 0;
    unsigned text = 0, entities = 0;

    symplex_make_symbolic(doc, sizeof doc, "doc");
    for (size_t i = 0; i < DOC_LEN; i++)
        symplex_assume((doc[i] == 0) | ((doc[i] >= 0x20) & (doc[i] <= 0x7e)));

    if (doc[0] != '<')
        return 9; /* no prolog support: the document starts with markup */
    init_classes();
    pos = 0;
    depth = 0;
    for (;;) {
        next_token(&t);
        if (t.kind == TOK_EOF)
            break;
        entities += t.entity_sum;
        switch (t.kind) {
        case TOK_ERROR:
            return 1;
        case TOK_TEXT:
            if (depth == 0 && t.text_len > 0) {
                /* only blanks may appear outside the root element */
                for (size_t i = pos - t.text_len; i < pos; i++)
                    if (!is_space(doc[i]))
                        return 2;
            }
            text += t.text_len;
            break;
        case TOK_COMMENT:
            comments++;
            break;
        case TOK_EMPTY:
            if (depth == 0)
                roots++;
            elements++;
            break;
        case TOK_START:
            if (depth == 0)
                roots++;
            if (push_tag(&t) != 0)
                return 10;
            elements++;
            break;
        case TOK_END:
            if (pop_tag(&t) != 0)
                return 11;
            break;
        default:
            break;
        }
        if (roots > 1)
            return 5;
    }
    if (depth != 0)
        return 6; /* unclosed element */
    if (elements == 0)
        return 7;
    return (text > 8 || entities > 200 || comments > 1) ? 8 : 0;
}
