/*
 * ini_config.c -- an INI configuration-file parser.
 *
 * Workload class: input parsing (line-oriented text format, string handling,
 * small fixed-size symbol table).
 *
 * The program parses an INI document held in a symbolic buffer: lines split
 * on '\n' (a trailing '\r' is tolerated), comments introduced by ';' or '#',
 * section headers "[name]", assignments "key = value" or "key: value" with
 * whitespace trimmed around keys and values, double-quoted values with the
 * escapes \" \\ \n \t, and inline comments after an unquoted value. Keys are
 * case-folded and stored, per section, in a table of MAX_ENTRIES entries; a
 * repeated key overwrites the earlier value. Values are typed (bool, integer,
 * string) and a few well-known settings are validated at the end.
 *
 * Symbolic input:
 *   ini[32]  -- the document text, char; each byte is assumed to be NUL, a
 *               tab, CR, LF or printable ASCII. Parsing stops at the first
 *               NUL or after 32 bytes.
 *
 * Planted bug:
 *   normalise_key() folds the key into a stack buffer declared with KEY_MAX
 *   bytes, but the length check in parse_assignment() admits keys of exactly
 *   KEY_MAX (4) characters, so the terminating NUL is written one byte past
 *   the buffer (out-of-bounds write on the stack). Reaching it takes a line
 *   whose key is exactly four key characters followed by optional blanks and
 *   '=' or ':' (e.g. "name=..."); every byte of that prefix is a decision of
 *   the line splitter, the trimmer and the key scanner, so the path is some
 *   twenty specific branch outcomes deep. Shorter and longer keys are handled
 *   correctly.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <symplex.h>

#define INPUT_LEN 32
#define KEY_MAX 4     /* longest key accepted, without the NUL */
#define SECT_MAX 8    /* longest section name, without the NUL */
#define VAL_MAX 12    /* longest value after unescaping, without the NUL */
#define MAX_ENTRIES 4 /* table capacity */
#define MAX_ERRORS 3  /* give up after this many bad lines */

enum val_type { VT_STRING, VT_INT, VT_BOOL };

struct entry {
    char section[SECT_MAX + 1];
    char key[KEY_MAX + 1];
    char value[VAL_MAX + 1];
    enum val_type type;
    long ival; /* integer value, or 0/1 for a bool */
};

struct config {
    struct entry e[MAX_ENTRIES];
    int count;
    int overwrites;
    int errors;
    char section[SECT_MAX + 1]; /* current section; "" before any header */
};

/* Outcome of parsing one line. */
enum line_result {
    L_BLANK,
    L_COMMENT,
    L_SECTION,
    L_ASSIGN,
    L_ERR_SECTION,
    L_ERR_KEY,
    L_ERR_KEYLEN,
    L_ERR_NOEQ,
    L_ERR_QUOTE,
    L_ERR_VALUE,
    L_ERR_FULL,
};

static bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/* Characters allowed in keys and section names. */
static bool is_name_char(char c) {
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-';
}

/* Trim blanks on both ends of [*b, *e). */
static void trim(const char *s, size_t *b, size_t *e) {
    while (*b < *e && is_blank(s[*b])) (*b)++;
    while (*e > *b && is_blank(s[*e - 1])) (*e)--;
}

/* Case-fold a key into dst. Keys longer than KEY_MAX were rejected by the
 * caller, so a KEY_MAX-byte buffer is (believed to be) enough. */
static void normalise_key(char *dst, const char *src, size_t n) {
    for (size_t i = 0; i < n; i++) dst[i] = (char)tolower((unsigned char)src[i]);
    dst[n] = '\0';
}

static struct entry *find_entry(struct config *cfg, const char *sect, const char *key) {
    for (int i = 0; i < cfg->count; i++) {
        if (strcmp(cfg->e[i].section, sect) == 0 && strcmp(cfg->e[i].key, key) == 0)
            return &cfg->e[i];
    }
    return NULL;
}

/* Decide the type of a value: booleans by keyword, integers by syntax (with an
 * overflow guard, so "99999999999" stays a string), anything else a string. */
static void classify_value(struct entry *en) {
    static const char *const truthy[] = {"true", "yes", "on"};
    static const char *const falsy[] = {"false", "no", "off"};
    for (size_t i = 0; i < sizeof truthy / sizeof truthy[0]; i++) {
        if (strcmp(en->value, truthy[i]) == 0) {
            en->type = VT_BOOL;
            en->ival = 1;
            return;
        }
        if (strcmp(en->value, falsy[i]) == 0) {
            en->type = VT_BOOL;
            en->ival = 0;
            return;
        }
    }
    const char *p = en->value;
    bool neg = false;
    if (*p == '-' || *p == '+') neg = (*p++ == '-');
    if (*p == '\0') {
        en->type = VT_STRING;
        return;
    }
    long v = 0;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p) || v > 100000000L) {
            en->type = VT_STRING;
            return;
        }
        v = v * 10 + (*p - '0');
    }
    en->type = VT_INT;
    en->ival = neg ? -v : v;
}

/* Parse "[name]" with optional trailing comment. */
static enum line_result parse_section(struct config *cfg, const char *s, size_t b, size_t e) {
    size_t p = b + 1;
    size_t start = p;
    while (p < e && is_name_char(s[p])) p++;
    size_t len = p - start;
    if (p >= e || s[p] != ']' || len == 0 || len > SECT_MAX) return L_ERR_SECTION;
    p++;
    while (p < e && is_blank(s[p])) p++;
    if (p < e && s[p] != ';' && s[p] != '#') return L_ERR_SECTION;
    for (size_t i = 0; i < len; i++) cfg->section[i] = (char)tolower((unsigned char)s[start + i]);
    cfg->section[len] = '\0';
    return L_SECTION;
}

/* Parse the value part starting at p (blanks already skipped) into out.
 * Returns the unescaped length, or -1 on a quoting error, -2 if too long. */
static int parse_value(const char *s, size_t p, size_t e, char *out) {
    size_t n = 0;
    if (p < e && s[p] == '"') {
        p++;
        for (;;) {
            if (p >= e) return -1; /* unterminated quote */
            char c = s[p++];
            if (c == '"') break;
            if (c == '\\') {
                if (p >= e) return -1;
                char x = s[p++];
                switch (x) {
                case 'n': c = '\n'; break;
                case 't': c = '\t'; break;
                case '"': c = '"'; break;
                case '\\': c = '\\'; break;
                default: return -1; /* unknown escape */
                }
            }
            if (n >= VAL_MAX) return -2;
            out[n++] = c;
        }
        /* only blanks or a comment may follow the closing quote */
        while (p < e && is_blank(s[p])) p++;
        if (p < e && s[p] != ';' && s[p] != '#') return -1;
    } else {
        size_t end = p;
        /* an inline comment needs a blank before it, so "a#b" is a value */
        while (end < e && !((s[end] == ';' || s[end] == '#') && end > p && is_blank(s[end - 1])))
            end++;
        while (end > p && is_blank(s[end - 1])) end--;
        if (end - p > VAL_MAX) return -2;
        for (size_t i = p; i < end; i++) {
            if (s[i] == '"') return -1; /* stray quote in a bare value */
            out[n++] = s[i];
        }
    }
    out[n] = '\0';
    return (int)n;
}

static enum line_result parse_assignment(struct config *cfg, const char *s, size_t b, size_t e) {
    size_t p = b;
    while (p < e && is_name_char(s[p])) p++;
    size_t klen = p - b;
    if (klen == 0) return L_ERR_KEY;
    if (klen > KEY_MAX) return L_ERR_KEYLEN;
    while (p < e && is_blank(s[p])) p++;
    if (p >= e || (s[p] != '=' && s[p] != ':')) return L_ERR_NOEQ;
    p++;
    while (p < e && is_blank(s[p])) p++;

    char norm[KEY_MAX];
    normalise_key(norm, s + b, klen);

    char value[VAL_MAX + 1];
    int vlen = parse_value(s, p, e, value);
    if (vlen == -1) return L_ERR_QUOTE;
    if (vlen < 0) return L_ERR_VALUE;

    struct entry *en = find_entry(cfg, cfg->section, norm);
    if (en) {
        cfg->overwrites++;
    } else {
        if (cfg->count == MAX_ENTRIES) return L_ERR_FULL;
        en = &cfg->e[cfg->count++];
        strcpy(en->section, cfg->section);
        strcpy(en->key, norm);
    }
    memcpy(en->value, value, (size_t)vlen + 1);
    classify_value(en);
    return L_ASSIGN;
}

static enum line_result parse_line(struct config *cfg, const char *s, size_t b, size_t e) {
    trim(s, &b, &e);
    if (b == e) return L_BLANK;
    if (s[b] == ';' || s[b] == '#') return L_COMMENT;
    if (s[b] == '[') return parse_section(cfg, s, b, e);
    return parse_assignment(cfg, s, b, e);
}

static const struct entry *lookup(const struct config *cfg, const char *sect, const char *key) {
    for (int i = 0; i < cfg->count; i++)
        if (strcmp(cfg->e[i].section, sect) == 0 && strcmp(cfg->e[i].key, key) == 0) return &cfg->e[i];
    return NULL;
}

/* Semantic checks on the parsed table; returns an exit code. */
static int validate(const struct config *cfg) {
    const struct entry *ttl = lookup(cfg, "net", "ttl");
    if (ttl) {
        if (ttl->type != VT_INT) return 10;
        if (ttl->ival < 1 || ttl->ival > 255) return 11;
    }
    const struct entry *dbg = lookup(cfg, "", "log");
    if (dbg && dbg->type != VT_BOOL) return 12;
    int strings = 0, ints = 0, bools = 0;
    for (int i = 0; i < cfg->count; i++) {
        switch (cfg->e[i].type) {
        case VT_STRING: strings++; break;
        case VT_INT: ints++; break;
        case VT_BOOL: bools++; break;
        }
    }
    if (cfg->count == MAX_ENTRIES && strings == 0) return 13;
    if (ints > 1 && bools > 0) return 14;
    return 0;
}

int main(void) {
    char ini[INPUT_LEN];
    symplex_make_symbolic(ini, sizeof ini, "ini");

    /* The document is plain text: printable ASCII, tabs and newlines, ended
     * by a NUL or by the end of the buffer. */
    for (size_t i = 0; i < INPUT_LEN; i++) {
        unsigned char c = (unsigned char)ini[i];
        /* bitwise operators: one assumption per byte, no fork */
        symplex_assume((c == 0) | (c == '\n') | (c == '\t') | (c == '\r') | ((c >= ' ') & (c <= '~')));
    }
    size_t len = 0;
    while (len < INPUT_LEN && ini[len] != '\0') len++;

    struct config cfg;
    memset(&cfg, 0, sizeof cfg);

    int lines = 0, sections = 0, comments = 0;
    size_t start = 0;
    while (start < len) {
        size_t end = start;
        while (end < len && ini[end] != '\n') end++;
        enum line_result r = parse_line(&cfg, ini, start, end);
        lines++;
        switch (r) {
        case L_BLANK: break;
        case L_COMMENT: comments++; break;
        case L_SECTION: sections++; break;
        case L_ASSIGN: break;
        default:
            cfg.errors++;
            if (cfg.errors >= MAX_ERRORS) return 2;
            break;
        }
        start = end + 1;
    }

    if (cfg.count == 0) return cfg.errors ? 3 : 0;
    int rc = validate(&cfg);
    if (rc) return rc;
    if (sections > 1 && cfg.overwrites > 0) return 4;
    if (comments > 0 && lines > 3) return 5;
    return 0;
}
