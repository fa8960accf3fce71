/* csv_fields.c -- CSV record splitter and per-column type classifier.
 *
 * Models: the ingest stage of a data loader.  One record is split into fields
 * following RFC 4180 (comma separators, fields optionally enclosed in double
 * quotes, "" inside a quoted field stands for one quote, a record ends at LF
 * or CRLF).  Each field is then classified the way a schema-inference tool
 * does it: empty, integer (32-bit, optional sign, no leading zeros), hex
 * (0x + 1..8 hex digits), date (YYYY-MM-DD with month lengths and leap
 * years), boolean word, or text.  The record is accepted when it has at least
 * two fields and at most one text column; integer columns are summed.
 *
 * Workload class: input parsing / text classification (quote-state machine,
 * digit loops, calendar arithmetic with modulo on parsed values).
 *
 * Symbolic inputs:
 *   rec -- char[24], the record bytes.  Each byte is assumed to be printable
 *          ASCII (0x20..0x7e), CR or LF; the record ends at the first LF or at
 *          the end of the buffer.
 *
 * Planted bugs:
 *   1. classify_date() validates the month with "month > 12" only, then looks
 *      up mdays[month - 1]; a date with month "00" (e.g. 2023-00-15) reads
 *      mdays[-1] (out-of-bounds read).  Needs a 10-byte field of the exact
 *      shape dddd-00-dd: deep.
 *   2. classify_int() accumulates in uint32_t and checks only that the value
 *      before the last multiplication is at most 214748364, so 2147483648 and
 *      2147483649 pass and turn negative when stored as int32_t; the
 *      sign invariant assert in classify_int() then fails (assertion failure).
 *      Needs a 10-digit field with a specific prefix: deep, but the digits are
 *      only range-constrained, which a solver handles well.
 */
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define REC_SIZE 24
#define MAX_COLS 6
#define FIELD_CAP 12

enum ftype { F_EMPTY, F_INT, F_HEX, F_DATE, F_BOOL, F_TEXT, F_NTYPES };

enum split_err {
    SPLIT_OK = 0, SPLIT_TOO_MANY, SPLIT_TOO_LONG, SPLIT_STRAY_QUOTE,
    SPLIT_UNTERMINATED, SPLIT_BAD_AFTER_QUOTE
};

struct field {
    char text[FIELD_CAP];
    size_t len;
    bool quoted;
};

struct summary {
    int count[F_NTYPES];
    int64_t int_sum;
    uint32_t hex_or;
    int latest_doy;
    int trues;
};

struct record {
    struct field f[MAX_COLS];
    enum ftype type[MAX_COLS];
    int nf;
    struct summary sm;
};

static enum ftype classify(const struct field *fd, struct summary *sm);

/* Split one record, classifying each field as soon as it is complete (the
 * loader streams: a bad field early in a long record is reported without
 * reading the rest).  Returns the error, or SPLIT_OK with r filled in. */
static enum split_err split_record(const char *buf, size_t len, struct record *r) {
    size_t i = 0;
    r->nf = 0;
    for (;;) {
        if (r->nf == MAX_COLS) return SPLIT_TOO_MANY;
        struct field *fd = &r->f[r->nf++];
        fd->len = 0;
        fd->quoted = false;

        if (i < len && buf[i] == '"') {
            fd->quoted = true;
            i++;
            for (;;) {
                if (i >= len) return SPLIT_UNTERMINATED;
                char c = buf[i++];
                if (c == '"') {
                    if (i < len && buf[i] == '"') {
                        i++; /* "" is a literal quote */
                    } else {
                        break; /* closing quote */
                    }
                }
                /* Quoted fields may contain commas and line breaks. */
                if (fd->len + 1 >= FIELD_CAP) return SPLIT_TOO_LONG;
                fd->text[fd->len++] = c;
            }
            /* After the closing quote only a separator or the record end. */
            if (i < len && buf[i] != ',' && buf[i] != '\n' && buf[i] != '\r')
                return SPLIT_BAD_AFTER_QUOTE;
        } else {
            while (i < len && buf[i] != ',' && buf[i] != '\n' && buf[i] != '\r') {
                if (buf[i] == '"') return SPLIT_STRAY_QUOTE;
                if (fd->len + 1 >= FIELD_CAP) return SPLIT_TOO_LONG;
                fd->text[fd->len++] = buf[i++];
            }
        }
        fd->text[fd->len] = '\0';
        r->type[r->nf - 1] = classify(fd, &r->sm);
        r->sm.count[r->type[r->nf - 1]]++;

        if (i >= len) return SPLIT_OK;
        if (buf[i] == ',') { i++; continue; }
        /* CR must be followed by LF; a bare CR is not a line end in CSV. */
        if (buf[i] == '\r' && (i + 1 >= len || buf[i + 1] != '\n')) return SPLIT_BAD_AFTER_QUOTE;
        return SPLIT_OK;
    }
}

static bool is_dig(char c) { return c >= '0' && c <= '9'; }

static int hexval(char c) {
    if (is_dig(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* [+-]?(0|[1-9][0-9]*) in the int32_t range. */
static bool classify_int(const struct field *fd, int32_t *out) {
    const char *s = fd->text;
    size_t n = fd->len, i = 0;
    bool neg = false;
    if (s[0] == '+' || s[0] == '-') { neg = s[0] == '-'; i++; }
    if (i == n) return false;
    if (s[i] == '0' && i + 1 < n) return false; /* leading zero */
    uint32_t u = 0;
    for (; i < n; i++) {
        if (!is_dig(s[i])) return false;
        /* BUG: checks the value before the multiplication only; the last digit
         * can still carry u past INT32_MAX (and past 2^31 for a negative). */
        if (u > 214748364u) return false;
        u = u * 10 + (uint32_t)(s[i] - '0');
    }
    int32_t v = (int32_t)u;
    /* The magnitude was range-checked, so the sign must be what we parsed. */
    assert(v >= 0);
    *out = neg ? -v : v;
    return true;
}

/* 0[xX][0-9a-fA-F]{1,8} */
static bool classify_hex(const struct field *fd, uint32_t *out) {
    const char *s = fd->text;
    if (fd->len < 3 || fd->len > 10) return false;
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
    uint32_t v = 0;
    for (size_t i = 2; i < fd->len; i++) {
        int h = hexval(s[i]);
        if (h < 0) return false;
        v = (v << 4) | (uint32_t)h;
    }
    *out = v;
    return true;
}

static const uint8_t mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

static bool is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

/* YYYY-MM-DD, proleptic Gregorian, year 0001..9999. */
static bool classify_date(const struct field *fd, int *day_of_year) {
    const char *s = fd->text;
    if (fd->len != 10 || s[4] != '-' || s[7] != '-') return false;
    for (int k = 0; k < 10; k++)
        if (k != 4 && k != 7 && !is_dig(s[k])) return false;
    int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int month = (s[5] - '0') * 10 + (s[6] - '0');
    int day = (s[8] - '0') * 10 + (s[9] - '0');
    if (year == 0) return false;
    if (month > 12) return false; /* BUG: month 0 is not rejected */
    int dim = mdays[month - 1] + (month == 2 && is_leap(year));
    if (day < 1 || day > dim) return false;
    int doy = day;
    for (int m = 1; m < month; m++) doy += mdays[m - 1] + (m == 2 && is_leap(year));
    *day_of_year = doy;
    return true;
}

static bool ieq(const char *a, const char *b) {
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (x != y) return false;
    }
    return *a == *b;
}

static bool classify_bool(const struct field *fd, bool *val) {
    static const struct { const char *word; bool val; } words[] = {
        { "true", true }, { "false", false }, { "yes", true }, { "no", false },
    };
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        if (ieq(fd->text, words[k].word)) { *val = words[k].val; return true; }
    }
    return false;
}

static enum ftype classify(const struct field *fd, struct summary *sm) {
    int32_t iv;
    uint32_t hv;
    int doy;
    bool bv;
    if (fd->len == 0) return F_EMPTY;
    /* A quoted field is text by intent ("007" stays a string), except dates,
     * which spreadsheets quote routinely. */
    if (!fd->quoted && classify_int(fd, &iv)) { sm->int_sum += iv; return F_INT; }
    if (!fd->quoted && classify_hex(fd, &hv)) { sm->hex_or |= hv; return F_HEX; }
    if (classify_date(fd, &doy)) {
        if (doy > sm->latest_doy) sm->latest_doy = doy;
        return F_DATE;
    }
    if (classify_bool(fd, &bv)) { sm->trues += bv; return F_BOOL; }
    return F_TEXT;
}

int main(void) {
    char rec[REC_SIZE];
    symplex_make_symbolic(rec, sizeof rec, "rec");
    for (size_t k = 0; k < sizeof rec; k++) {
        unsigned char b = (unsigned char)rec[k];
        symplex_assume((b == '\r') | (b == '\n') | ((b >= 0x20) & (b <= 0x7e)));
    }

    struct record r;
    memset(&r, 0, sizeof r);
    enum split_err e = split_record(rec, sizeof rec, &r);
    if (e != SPLIT_OK) return 10 + (int)e;
    const struct summary sm = r.sm;
    const enum ftype *types = r.type;

    if (r.nf < 2) return 5;                /* not a table row */
    if (sm.count[F_TEXT] > 1) return 6;    /* free text, not data */
    if (types[0] == F_INT && sm.count[F_DATE] > 0) {
        /* A keyed, dated row: the shape the loader is built for. */
        if (sm.int_sum < 0) return 7;
        if (sm.latest_doy > 334) return 8; /* December */
        return 0;
    }
    if (sm.count[F_HEX] > 0 && sm.hex_or == 0) return 9;
    return 1;
}
