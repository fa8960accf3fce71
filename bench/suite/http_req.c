/* http_req.c -- HTTP/1.x request-line and header parser.
 *
 * Models: the request reader of a small embedded web server.  It parses the
 * request line (method from a table, request target, protocol version), then
 * header fields up to the empty line, and finally checks the framing rules
 * that matter for request smuggling (Host required in HTTP/1.1, Content-Length
 * digits only with overflow check, duplicates must agree, Content-Length and
 * Transfer-Encoding together are rejected).  The request target is either
 * origin-form ("/path?query", percent-decoded and dot-segment normalised),
 * absolute-form ("http://host/path", host copied out) or "*" for OPTIONS.
 * Bare LF is accepted as a line end, as RFC 9112 allows.
 *
 * Workload class: input parsing / protocol decoding (byte classes, tables,
 * case-insensitive compares, decimal and hex conversion).
 *
 * Symbolic inputs:
 *   req -- char[40], the bytes received so far.  Each byte is assumed to be
 *          printable ASCII (0x20..0x7e), CR or LF: the transport layer in front
 *          of this parser drops anything else.
 *
 * Planted bugs:
 *   1. normalize_path() removes "." and ".." segments.  The check that ".."
 *      does not climb above the root is done on the raw target, but the
 *      segment stack is popped after percent-decoding, so "/%2e%2e" (or
 *      "/.%2E") pops an empty stack and reads seg_start[-1] (out-of-bounds
 *      read).  Needs a method, a space and a 7-byte target with hex digits in
 *      the right range: moderately deep.
 *   2. parse_absolute() copies the host of an absolute-form target into an
 *      8-byte buffer; the length check uses '>' where '>=' is needed, so a
 *      host of exactly 8 characters writes the terminating NUL past the end
 *      (out-of-bounds write).  Needs "http://" plus 8 host characters and a
 *      terminator: deep.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define REQ_SIZE 40
#define PATH_CAP 16
#define HOST_CAP 8
#define MAX_SEGS 6

enum method { M_GET, M_HEAD, M_POST, M_PUT, M_DELETE, M_OPTIONS, M_TRACE, M_PATCH, M_NONE };

static const struct {
    const char *name;
    enum method m;
    bool body_allowed;
} methods[] = {
    { "GET", M_GET, false },      { "HEAD", M_HEAD, false },
    { "POST", M_POST, true },     { "PUT", M_PUT, true },
    { "DELETE", M_DELETE, false },{ "OPTIONS", M_OPTIONS, false },
    { "TRACE", M_TRACE, false },  { "PATCH", M_PATCH, true },
};

/* Status codes the reader can produce; main maps them to exit codes. */
enum status {
    S_OK = 0, S_INCOMPLETE, S_BAD_METHOD, S_BAD_TARGET, S_BAD_VERSION,
    S_BAD_HEADER, S_NO_HOST, S_BAD_LENGTH, S_SMUGGLING, S_TRAVERSAL,
    S_URI_TOO_LONG, S_NOT_IMPLEMENTED
};

struct request {
    enum method method;
    int version_minor;
    char path[PATH_CAP];
    size_t path_len;
    bool has_query;
    bool absolute;
    bool has_host;
    bool chunked;
    bool keep_alive;
    int n_headers;
    long content_length; /* -1: none */
    size_t body_offset;
};

struct cursor {
    const char *buf;
    size_t len;
    size_t pos;
};

static int cur_peek(const struct cursor *c) {
    return c->pos < c->len ? (unsigned char)c->buf[c->pos] : -1;
}

/* Character classes, one table lookup per byte as production parsers do
 * (a chain of comparisons per byte would be slower and no clearer). */
enum {
    C_TCHAR = 1,   /* RFC 9110 tchar: methods and field names */
    C_DIGIT = 2,
    C_HOST = 4,    /* reg-name characters this server accepts */
    C_EOL = 8,     /* CR or LF */
    C_OWS = 16,    /* SP or HTAB */
};
static uint8_t cclass[128];
static int8_t hexval[128];

static void init_tables(void) {
    for (int c = 0; c < 128; c++) {
        uint8_t k = 0;
        if (isalnum(c)) k |= C_TCHAR | C_HOST;
        if (c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL) k |= C_TCHAR;
        if (c == '-' || c == '.') k |= C_HOST;
        if (isdigit(c)) k |= C_DIGIT;
        if (c == '\r' || c == '\n') k |= C_EOL;
        if (c == ' ' || c == '\t') k |= C_OWS;
        cclass[c] = k;
        hexval[c] = -1;
        if (c >= '0' && c <= '9') hexval[c] = (int8_t)(c - '0');
        if (c >= 'a' && c <= 'f') hexval[c] = (int8_t)(c - 'a' + 10);
        if (c >= 'A' && c <= 'F') hexval[c] = (int8_t)(c - 'A' + 10);
    }
}

static bool has_class(int c, uint8_t k) {
    return c >= 0 && c < 128 && (cclass[c] & k) != 0;
}

static bool is_tchar(int c) { return has_class(c, C_TCHAR); }

static int hex_digit(int c) { return c >= 0 && c < 128 ? hexval[c] : -1; }

/* Consumes CRLF or a bare LF.  Returns false if neither is next. */
static bool eat_eol(struct cursor *c) {
    if (cur_peek(c) == '\r') {
        c->pos++;
        if (cur_peek(c) != '\n') return false;
    } else if (cur_peek(c) != '\n') {
        return false;
    }
    c->pos++;
    return true;
}

static enum status parse_method(struct cursor *c, struct request *r) {
    size_t start = c->pos;
    while (is_tchar(cur_peek(c))) c->pos++;
    if (cur_peek(c) < 0) return S_INCOMPLETE;
    size_t n = c->pos - start;
    if (n == 0 || cur_peek(c) != ' ') return S_BAD_METHOD;
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        if (strlen(methods[i].name) == n && memcmp(methods[i].name, c->buf + start, n) == 0) {
            r->method = methods[i].m;
            c->pos++; /* the space */
            return S_OK;
        }
    }
    /* A well-formed but unknown method is 501, not 400. */
    return S_NOT_IMPLEMENTED;
}

/* The request target ends at SP (or at '?', where the query starts). */
static bool target_end(int ch) { return ch <= ' ' || ch == '?'; }

struct segstate {
    size_t seg_start[MAX_SEGS]; /* offset of each open segment's '/' in path */
    int nseg;
    size_t out;                 /* bytes written to r->path */
    int raw_depth;              /* depth computed on the undecoded text */
    size_t raw_len, raw_dots;   /* current segment, undecoded */
};

/* A segment has been read completely: apply the traversal check on its raw
 * form, then resolve "." and ".." on the decoded form. */
static enum status close_segment(struct segstate *ss, struct request *r) {
    bool raw_dot = ss->raw_len == 1 && ss->raw_dots == 1;
    bool raw_dotdot = ss->raw_len == 2 && ss->raw_dots == 2;
    if (raw_dotdot) {
        if (ss->raw_depth == 0) return S_TRAVERSAL;
        ss->raw_depth--;
    } else if (!raw_dot) {
        ss->raw_depth++;
    }
    size_t s = ss->seg_start[ss->nseg - 1];
    size_t seg_len = ss->out - s - 1;
    if (seg_len == 1 && r->path[s + 1] == '.') {
        ss->out = s; /* drop "/." */
        ss->nseg--;
    } else if (seg_len == 2 && r->path[s + 1] == '.' && r->path[s + 2] == '.') {
        /* BUG: relies on the raw check above; "%2e%2e" got past it, so nseg
         * can be 1 here and the second pop reads seg_start[-1]. */
        ss->nseg--;
        ss->out = ss->seg_start[ss->nseg - 1];
        ss->nseg--;
    }
    return S_OK;
}

/* Origin-form path, starting at '/': percent-decoded into r->path in one
 * pass, dot segments resolved as each segment ends. */
static enum status normalize_path(struct cursor *c, struct request *r) {
    struct segstate ss;
    memset(&ss, 0, sizeof ss);
    for (;;) {
        int ch = cur_peek(c);
        if (ch < 0) return S_INCOMPLETE;
        bool end = target_end(ch);
        if (end || ch == '/') {
            if (ss.nseg > 0) {
                enum status st = close_segment(&ss, r);
                if (st != S_OK) return st;
            }
            if (end) break;
            if (ss.nseg == MAX_SEGS || ss.out >= PATH_CAP - 1) return S_URI_TOO_LONG;
            ss.seg_start[ss.nseg++] = ss.out;
            r->path[ss.out++] = '/';
            ss.raw_len = ss.raw_dots = 0;
            c->pos++;
            continue;
        }
        if (ch == '%') {
            if (c->pos + 2 >= c->len) return S_INCOMPLETE;
            int hi = hex_digit((unsigned char)c->buf[c->pos + 1]);
            int lo = hex_digit((unsigned char)c->buf[c->pos + 2]);
            if (hi < 0 || lo < 0) return S_BAD_TARGET;
            ch = hi * 16 + lo;
            if (ch == 0 || ch == '/') return S_BAD_TARGET; /* no NUL, no encoded slash */
            c->pos += 3;
            ss.raw_len += 3;
        } else {
            if (ch == '.') ss.raw_dots++;
            c->pos++;
            ss.raw_len++;
        }
        if (ss.out >= PATH_CAP - 1) return S_URI_TOO_LONG;
        r->path[ss.out++] = (char)ch;
    }
    if (ss.out == 0) r->path[ss.out++] = '/';
    r->path[ss.out] = '\0';
    r->path_len = ss.out;
    return S_OK;
}

/* "http://host[:port][/path]": the host is copied out for virtual hosting. */
static enum status parse_absolute(struct cursor *c, struct request *r, char host[HOST_CAP]) {
    static const char scheme[] = "http://";
    for (size_t k = 0; k < sizeof scheme - 1; k++) {
        int ch = cur_peek(c);
        if (ch < 0) return S_INCOMPLETE;
        if (tolower(ch) != scheme[k]) return S_BAD_TARGET;
        c->pos++;
    }
    size_t h = 0;
    for (;;) {
        int ch = cur_peek(c);
        if (ch < 0) return S_INCOMPLETE;
        if (ch == '/' || ch == ':' || target_end(ch)) break;
        if (!has_class(ch, C_HOST)) return S_BAD_TARGET;
        /* BUG: should be h + 1 >= HOST_CAP to keep room for the NUL; as
         * written an 8-character host stores its NUL at host[8]. */
        if (h > HOST_CAP - 1 + 1) return S_URI_TOO_LONG;
        host[h++] = (char)tolower(ch);
        c->pos++;
    }
    if (h == 0) return S_BAD_TARGET;
    host[h] = '\0';
    if (cur_peek(c) == ':') {
        unsigned port = 0;
        c->pos++;
        if (!has_class(cur_peek(c), C_DIGIT)) return S_BAD_TARGET;
        while (has_class(cur_peek(c), C_DIGIT)) {
            port = port * 10 + (unsigned)(cur_peek(c) - '0');
            if (port > 65535) return S_BAD_TARGET;
            c->pos++;
        }
        if (port == 0) return S_BAD_TARGET;
    }
    r->absolute = true;
    r->has_host = true; /* the target names the host */
    if (cur_peek(c) == '/') return normalize_path(c, r);
    if (cur_peek(c) < 0) return S_INCOMPLETE;
    if (!target_end(cur_peek(c))) return S_BAD_TARGET;
    r->path[0] = '/';
    r->path[1] = '\0';
    r->path_len = 1;
    return S_OK;
}

static enum status parse_target(struct cursor *c, struct request *r) {
    int first = cur_peek(c);
    enum status st;
    if (first < 0) return S_INCOMPLETE;
    if (first == '*') {
        c->pos++;
        if (r->method != M_OPTIONS) return S_BAD_TARGET;
        r->path[0] = '*';
        r->path_len = 1;
        st = S_OK;
    } else if (first == '/') {
        st = normalize_path(c, r);
    } else {
        char host[HOST_CAP];
        st = parse_absolute(c, r, host);
    }
    if (st != S_OK) return st;
    if (cur_peek(c) == '?') {
        /* The query is kept raw; only the path is decoded. */
        r->has_query = true;
        while (cur_peek(c) > ' ') c->pos++;
    }
    if (cur_peek(c) < 0) return S_INCOMPLETE;
    if (cur_peek(c) != ' ') return S_BAD_TARGET;
    c->pos++;
    return S_OK;
}

static enum status parse_version(struct cursor *c, struct request *r) {
    static const char proto[] = "HTTP/";
    for (size_t k = 0; k < sizeof proto - 1; k++) {
        int ch = cur_peek(c);
        if (ch < 0) return S_INCOMPLETE;
        if (ch != proto[k]) return S_BAD_VERSION;
        c->pos++;
    }
    int major = cur_peek(c);
    if (major < 0) return S_INCOMPLETE;
    if (!isdigit(major)) return S_BAD_VERSION;
    c->pos++;
    if (cur_peek(c) != '.') return S_BAD_VERSION;
    c->pos++;
    int minor = cur_peek(c);
    if (minor < 0) return S_INCOMPLETE;
    if (!isdigit(minor)) return S_BAD_VERSION;
    c->pos++;
    if (major != '1') return S_BAD_VERSION; /* 2.x does not use this syntax */
    r->version_minor = minor - '0';
    r->keep_alive = r->version_minor >= 1;
    if (!eat_eol(c)) return cur_peek(c) < 0 ? S_INCOMPLETE : S_BAD_VERSION;
    return S_OK;
}

static bool name_is(const char *p, size_t n, const char *want) {
    if (strlen(want) != n) return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)p[i]) != want[i]) return false;
    return true;
}

/* Content-Length: 1*DIGIT, no sign, no spaces inside, fits in 31 bits. */
static enum status parse_length(const char *v, size_t n, long *out) {
    if (n == 0) return S_BAD_LENGTH;
    long val = 0;
    for (size_t i = 0; i < n; i++) {
        if (!has_class((unsigned char)v[i], C_DIGIT)) return S_BAD_LENGTH;
        int d = v[i] - '0';
        if (val > (INT32_MAX - d) / 10) return S_BAD_LENGTH;
        val = val * 10 + d;
    }
    *out = val;
    return S_OK;
}

static enum status parse_headers(struct cursor *c, struct request *r) {
    for (;;) {
        if (cur_peek(c) < 0) return S_INCOMPLETE;
        if (has_class(cur_peek(c), C_EOL)) {
            if (!eat_eol(c)) return cur_peek(c) < 0 ? S_INCOMPLETE : S_BAD_HEADER;
            r->body_offset = c->pos;
            return S_OK;
        }
        size_t ns = c->pos;
        while (is_tchar(cur_peek(c))) c->pos++;
        size_t nl = c->pos - ns;
        if (cur_peek(c) < 0) return S_INCOMPLETE;
        /* No whitespace between name and colon (RFC 9112 5.1). */
        if (nl == 0 || cur_peek(c) != ':') return S_BAD_HEADER;
        c->pos++;
        while (has_class(cur_peek(c), C_OWS)) c->pos++;
        size_t vs = c->pos;
        while (cur_peek(c) >= ' ' || cur_peek(c) == '\t') c->pos++;
        if (cur_peek(c) < 0) return S_INCOMPLETE;
        size_t ve = c->pos;
        while (ve > vs && has_class((unsigned char)c->buf[ve - 1], C_OWS)) ve--;
        if (!eat_eol(c)) return cur_peek(c) < 0 ? S_INCOMPLETE : S_BAD_HEADER;
        r->n_headers++;

        const char *name = c->buf + ns;
        const char *val = c->buf + vs;
        size_t vl = ve - vs;
        if (name_is(name, nl, "host")) {
            if (r->has_host && !r->absolute) return S_BAD_HEADER; /* duplicate Host */
            if (vl == 0) return S_BAD_HEADER;
            r->has_host = true;
        } else if (name_is(name, nl, "content-length")) {
            long v;
            enum status st = parse_length(val, vl, &v);
            if (st != S_OK) return st;
            if (r->content_length >= 0 && r->content_length != v) return S_SMUGGLING;
            r->content_length = v;
        } else if (name_is(name, nl, "transfer-encoding")) {
            if (!name_is(val, vl, "chunked")) return S_NOT_IMPLEMENTED;
            r->chunked = true;
        } else if (name_is(name, nl, "connection")) {
            if (name_is(val, vl, "close")) r->keep_alive = false;
            else if (name_is(val, vl, "keep-alive")) r->keep_alive = true;
        }
    }
}

static enum status parse_request(const char *buf, size_t len, struct request *r) {
    struct cursor c = { buf, len, 0 };
    memset(r, 0, sizeof *r);
    r->method = M_NONE;
    r->content_length = -1;

    /* Robustness (RFC 9112 2.2): ignore empty lines before the request line. */
    while (has_class(cur_peek(&c), C_EOL)) c.pos++;

    enum status st;
    if ((st = parse_method(&c, r)) != S_OK) return st;
    if ((st = parse_target(&c, r)) != S_OK) return st;
    if ((st = parse_version(&c, r)) != S_OK) return st;
    if ((st = parse_headers(&c, r)) != S_OK) return st;

    if (r->version_minor >= 1 && !r->has_host) return S_NO_HOST;
    if (r->chunked && r->content_length >= 0) return S_SMUGGLING;
    if (r->content_length > 0 && !methods[r->method].body_allowed) return S_BAD_LENGTH;
    if (r->content_length > 0 && (size_t)r->content_length > len - r->body_offset)
        return S_INCOMPLETE;
    return S_OK;
}

int main(void) {
    char req[REQ_SIZE];
    symplex_make_symbolic(req, sizeof req, "req");
    for (size_t i = 0; i < sizeof req; i++) {
        unsigned char b = (unsigned char)req[i];
        /* Bitwise operators: one assumption per byte, no forking here. */
        symplex_assume((b == '\r') | (b == '\n') | ((b >= 0x20) & (b <= 0x7e)));
    }

    init_tables();
    struct request r;
    enum status st = parse_request(req, sizeof req, &r);
    switch (st) {
    case S_OK:
        if (r.chunked) return 5;
        if (r.content_length > 0) return 6;
        if (r.absolute) return 7;
        return r.keep_alive ? 0 : 8;
    case S_INCOMPLETE:
        return 1;
    case S_TRAVERSAL:
        return 9;
    default:
        return 10 + (int)st; /* 12..21: the 4xx/5xx classes */
    }
}
