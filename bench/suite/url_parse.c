/*
 * url_parse.c -- a URL splitter in the spirit of RFC 3986.
 *
 * Workload class: input parsing (character classes, component splitting,
 * numeric fields with range checks, path normalisation).
 *
 * The program splits a URL held in a symbolic buffer into scheme, userinfo,
 * host, port, path, query and fragment. The scheme is case-folded and looked
 * up for a default port; userinfo characters are validated; the host is
 * either a dotted IPv4 address (checked part by part: at most three digits,
 * no leading zeros, each part 0..255; short forms such as "127.1" are
 * accepted as inet_aton does) or a registered name made of labels that may
 * not start or end with '-'; the port must be 1..65535; the path is
 * percent-decoded and normalised ("." segments dropped, ".." pops one
 * segment, never above the root); the query is split into key=value pairs.
 * A policy step then classifies IPv4 hosts (loopback, private, link-local,
 * multicast ranges) and applies per-scheme rules, each with its own exit
 * status.
 *
 * Symbolic input:
 *   url[24]  -- the URL text, char; each byte is assumed to be NUL or
 *               printable ASCII; the URL ends at the first NUL or after 24
 *               bytes.
 *
 * Planted bug:
 *   parse_ipv4() admits up to four dots (it should admit three) before it
 *   clears its four-entry part array for the parts it is about to parse, so
 *   a host made only of digits and dots with exactly four dots (e.g.
 *   "x://1.2.3.4.5" or "x://....") writes one int past the stack array
 *   (out-of-bounds write). The path to it needs "//" (a scheme is optional)
 *   and a host of at least four bytes that passes the length, authority,
 *   userinfo and port scans -- some twenty-five specific branch outcomes.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define URL_LEN 24
#define SCHEME_MAX 7
#define HOST_MAX 20
#define MAX_SEGS 5
#define PATH_OUT 24

/* Character classes (RFC 3986 section 2). */
enum {
    CL_ALPHA = 1,    /* A-Z a-z */
    CL_DIGIT = 2,    /* 0-9 */
    CL_UNRES = 4,    /* - . _ ~ */
    CL_SUB = 8,      /* ! $ & ' ( ) * + , ; = */
    CL_AUTHEND = 16, /* / ? # and NUL: characters that end the authority */
    CL_HEX = 32,     /* 0-9 A-F a-f */
    CL_DOT = 64,     /* . */
};

static uint8_t char_class[256];

static void init_classes(void) {
    for (int c = 'a'; c <= 'z'; c++) char_class[c] |= CL_ALPHA;
    for (int c = 'A'; c <= 'Z'; c++) char_class[c] |= CL_ALPHA;
    for (int c = '0'; c <= '9'; c++) char_class[c] |= CL_DIGIT | CL_HEX;
    for (int c = 'a'; c <= 'f'; c++) char_class[c] |= CL_HEX;
    for (int c = 'A'; c <= 'F'; c++) char_class[c] |= CL_HEX;
    for (const char *p = "-._~"; *p; p++) char_class[(unsigned char)*p] |= CL_UNRES;
    for (const char *p = "!$&'()*+,;="; *p; p++) char_class[(unsigned char)*p] |= CL_SUB;
    for (const char *p = "/?#"; *p; p++) char_class[(unsigned char)*p] |= CL_AUTHEND;
    char_class[0] |= CL_AUTHEND;
    char_class['.'] |= CL_DOT;
}

static bool has_class(char c, unsigned mask) {
    return (char_class[(unsigned char)c] & mask) != 0;
}

struct url {
    char scheme[SCHEME_MAX + 1];
    bool has_authority;
    size_t user_len;
    char host[HOST_MAX + 1];
    bool host_is_ip;
    uint8_t ip[4];
    int port;
    char path[PATH_OUT];
    int query_pairs;
    bool has_fragment;
};

/* Result codes, also used as exit statuses. */
enum {
    R_OK = 0,
    R_BAD_SCHEME = 1,
    R_BAD_USER = 2,
    R_BAD_HOST = 3,
    R_BAD_PORT = 4,
    R_BAD_PATH = 5,
    R_BAD_QUERY = 6,
    R_UNSUPPORTED = 7,
};

struct scheme_info {
    const char *name;
    int default_port;
};

static const struct scheme_info known_schemes[] = {
    {"http", 80}, {"https", 443}, {"ftp", 21}, {"ssh", 22}, {"ws", 80},
};

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10; /* caller checked CL_HEX */
}

/* One IPv4 part: decimal, at most three digits, no leading zero, <= 255. */
static int parse_ipv4_part(const char *s, size_t n) {
    if (n == 0 || n > 3) return -1;
    if (n > 1 && s[0] == '0') return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) v = v * 10 + (s[i] - '0');
    return v > 255 ? -1 : v;
}

/* Dotted IPv4 with inet_aton's short forms: "a.b.c.d", "a.b.c" (c is 16
 * bits), "a.b" (b is 24 bits) and "a" (32 bits) -- here restricted so every
 * part is one octet and missing octets are zero-filled in the middle. */
static int parse_ipv4(const char *h, size_t n, uint8_t out[4]) {
    int dots = 0;
    for (size_t i = 0; i < n; i++) dots += h[i] == '.';
    if (dots > 4) return -1;

    int parts[4];
    for (int k = 0; k <= dots; k++) parts[k] = 0;

    size_t start = 0;
    int k = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && h[i] != '.') continue;
        int v = parse_ipv4_part(h + start, i - start);
        if (v < 0) return -1;
        parts[k++] = v;
        start = i + 1;
    }
    /* spread a short form: first part first, last part last */
    memset(out, 0, 4);
    out[0] = (uint8_t)parts[0];
    if (k > 1) out[3] = (uint8_t)parts[k - 1];
    if (k > 2) out[1] = (uint8_t)parts[1];
    if (k > 3) out[2] = (uint8_t)parts[2];
    return 0;
}

/* Registered name: dot-separated labels of letters, digits and '-', a label
 * neither empty nor starting or ending with '-'. Case-folded into out. */
static int parse_regname(const char *h, size_t n, char *out) {
    if (n == 0 || n > HOST_MAX) return -1;
    size_t label = 0;
    for (size_t i = 0; i < n; i++) {
        char c = h[i];
        if (c == '.') {
            if (label == 0 || h[i - 1] == '-') return -1;
            label = 0;
        } else if (has_class(c, CL_ALPHA | CL_DIGIT) || c == '-') {
            if (c == '-' && label == 0) return -1;
            label++;
        } else {
            return -1;
        }
        out[i] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
    }
    if (label == 0 || h[n - 1] == '-') return -1;
    out[n] = '\0';
    return 0;
}

static int parse_port(const char *s, size_t n, int *port) {
    if (n == 0) return 0; /* "host:" keeps the default port */
    if (n > 5) return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!has_class(s[i], CL_DIGIT)) return -1;
        v = v * 10 + (s[i] - '0');
    }
    if (v < 1 || v > 65535) return -1;
    *port = v;
    return 0;
}

static int parse_authority(const char *u, size_t a, size_t b, struct url *out) {
    /* userinfo ends at the last '@' */
    size_t at = b;
    for (size_t i = a; i < b; i++)
        if (u[i] == '@') at = i;
    size_t h0 = a;
    if (at != b) {
        for (size_t i = a; i < at; i++)
            if (!has_class(u[i], CL_ALPHA | CL_DIGIT | CL_UNRES | CL_SUB) && u[i] != ':')
                return R_BAD_USER;
        out->user_len = at - a;
        h0 = at + 1;
    }
    if (h0 < b && u[h0] == '[') return R_UNSUPPORTED; /* IPv6 literal */

    size_t colon = b;
    for (size_t i = h0; i < b; i++)
        if (u[i] == ':') colon = i;
    if (colon != b && parse_port(u + colon + 1, b - colon - 1, &out->port) != 0) return R_BAD_PORT;

    size_t hn = colon - h0;
    /* all digits and dots: an IPv4 address (or an invalid host) */
    bool numeric = true;
    for (size_t i = h0; i < colon; i++) numeric &= has_class(u[i], CL_DIGIT | CL_DOT);
    if (hn > 0 && numeric) {
        if (parse_ipv4(u + h0, hn, out->ip) != 0) return R_BAD_HOST;
        out->host_is_ip = true;
        return R_OK;
    }
    return parse_regname(u + h0, hn, out->host) == 0 ? R_OK : R_BAD_HOST;
}

/* Percent-decode and normalise the path [a, b) into out->path. */
static int normalise_path(const char *u, size_t a, size_t b, struct url *out) {
    char seg_text[MAX_SEGS][8];
    size_t seg_len[MAX_SEGS];
    int nseg = 0;

    size_t i = a;
    if (i < b && u[i] == '/') i++;
    while (i <= b) {
        char buf[8];
        size_t n = 0;
        while (i < b && u[i] != '/') {
            char c = u[i];
            if (c == '%') {
                if (i + 2 >= b || !has_class(u[i + 1], CL_HEX) || !has_class(u[i + 2], CL_HEX))
                    return R_BAD_PATH;
                c = (char)(hexval(u[i + 1]) * 16 + hexval(u[i + 2]));
                if (c == '/' || c == '\0') return R_BAD_PATH; /* would change the structure */
                i += 2;
            } else if (!has_class(c, CL_ALPHA | CL_DIGIT | CL_UNRES | CL_SUB) && c != ':' && c != '@') {
                return R_BAD_PATH;
            }
            if (n == sizeof buf) return R_BAD_PATH; /* segment too long */
            buf[n++] = c;
            i++;
        }
        if (n == 1 && buf[0] == '.') {
            /* "." names the current segment: drop it */
        } else if (n == 2 && buf[0] == '.' && buf[1] == '.') {
            if (nseg > 0) nseg--;
        } else if (n > 0) {
            if (nseg == MAX_SEGS) return R_BAD_PATH;
            memcpy(seg_text[nseg], buf, n);
            seg_len[nseg] = n;
            nseg++;
        }
        i++; /* skip the '/' (or step past the end) */
    }

    size_t o = 0;
    out->path[o++] = '/';
    for (int s = 0; s < nseg; s++) {
        if (o + seg_len[s] + 2 > PATH_OUT) return R_BAD_PATH;
        memcpy(out->path + o, seg_text[s], seg_len[s]);
        o += seg_len[s];
        if (s + 1 < nseg) out->path[o++] = '/';
    }
    out->path[o] = '\0';
    return R_OK;
}

/* Query: '&'-separated pairs, each "key" or "key=value", key non-empty. */
static int parse_query(const char *u, size_t a, size_t b, struct url *out) {
    size_t start = a;
    for (size_t i = a; i <= b; i++) {
        if (i < b && u[i] != '&') continue;
        if (i == start) return R_BAD_QUERY; /* empty pair */
        if (u[start] == '=') return R_BAD_QUERY;
        out->query_pairs++;
        start = i + 1;
    }
    return R_OK;
}

static int parse_url(const char *u, size_t len, struct url *out) {
    memset(out, 0, sizeof *out);
    out->port = -1;
    size_t i = 0;

    /* scheme ":" -- otherwise a relative reference */
    if (len > 0 && has_class(u[0], CL_ALPHA)) {
        size_t j = 1;
        while (j < len && (has_class(u[j], CL_ALPHA | CL_DIGIT) || u[j] == '+' || u[j] == '-' || u[j] == '.'))
            j++;
        if (j < len && u[j] == ':') {
            if (j > SCHEME_MAX) return R_BAD_SCHEME;
            for (size_t k = 0; k < j; k++) out->scheme[k] = (char)(u[k] | 0x20);
            out->scheme[j] = '\0';
            i = j + 1;
        }
    }

    if (i + 1 < len && u[i] == '/' && u[i + 1] == '/') {
        size_t a = i + 2, b = a;
        while (b < len && !has_class(u[b], CL_AUTHEND)) b++;
        out->has_authority = true;
        int r = parse_authority(u, a, b, out);
        if (r != R_OK) return r;
        i = b;
    }

    size_t p = i;
    while (p < len && u[p] != '?' && u[p] != '#') p++;
    int r = normalise_path(u, i, p, out);
    if (r != R_OK) return r;

    if (p < len && u[p] == '?') {
        size_t q = p + 1;
        while (q < len && u[q] != '#') q++;
        r = parse_query(u, p + 1, q, out);
        if (r != R_OK) return r;
        p = q;
    }
    out->has_fragment = p < len;
    return R_OK;
}

static int redundant_port;

/* Classify an IPv4 host the way a fetcher's SSRF filter would. */
static int classify_ipv4(const uint8_t ip[4]) {
    if (ip[0] == 127) return 20;                                  /* loopback */
    if (ip[0] == 10) return 21;                                   /* 10/8 */
    if (ip[0] == 172 && ip[1] >= 16 && ip[1] <= 31) return 22;    /* 172.16/12 */
    if (ip[0] == 192 && ip[1] == 168) return 23;                  /* 192.168/16 */
    if (ip[0] == 169 && ip[1] == 254) return 24;                  /* link local */
    if (ip[0] >= 224 && ip[0] <= 239) return 25;                  /* multicast */
    if (ip[0] == 0 || (ip[0] == 255 && ip[3] == 255)) return 26;  /* this/broadcast */
    return 0;
}

/* Per-scheme rules after a successful split; returns an exit code. */
static int check_policy(const struct url *u, int scheme) {
    if (u->host_is_ip) {
        int c = classify_ipv4(u->ip);
        if (c) return c;
    } else if (u->has_authority && strcmp(u->host, "localhost") == 0) {
        return 20;
    }
    switch (scheme) {
    case 0: /* http */
    case 1: /* https */
        if (!u->has_authority || (!u->host_is_ip && u->host[0] == '\0')) return 30;
        if (scheme == 1 && u->port == 80) return 31; /* TLS on the plain port */
        break;
    case 2: /* ftp: the path names a file, not a directory */
        if (strcmp(u->path, "/") == 0) return 32;
        break;
    case 3: /* ssh takes no path, query or fragment */
        if (strcmp(u->path, "/") != 0 || u->query_pairs > 0 || u->has_fragment) return 33;
        break;
    default:
        break;
    }
    return 0;
}

int main(void) {
    char url[URL_LEN];
    symplex_make_symbolic(url, sizeof url, "url");
    for (size_t i = 0; i < URL_LEN; i++) {
        unsigned char c = (unsigned char)url[i];
        symplex_assume((c == 0) | ((c >= ' ') & (c <= '~')));
    }
    init_classes();

    size_t len = 0;
    while (len < URL_LEN && url[len] != '\0') len++;

    struct url parsed;
    int r = parse_url(url, len, &parsed);
    if (r != R_OK) return r;

    /* fill in the scheme's default port; an explicit port equal to the
     * default is redundant but legal */
    int known = -1;
    if (parsed.scheme[0] != '\0') {
        for (size_t k = 0; k < sizeof known_schemes / sizeof known_schemes[0]; k++)
            if (strcmp(parsed.scheme, known_schemes[k].name) == 0) known = (int)k;
        if (known < 0 && parsed.has_authority && parsed.port < 0) return 8; /* no port known */
        if (known >= 0 && parsed.port < 0) parsed.port = known_schemes[known].default_port;
        else if (known >= 0 && parsed.port == known_schemes[known].default_port) redundant_port++;
    }
    int rc = check_policy(&parsed, known);
    if (rc) return rc;
    if (parsed.user_len > 0 && parsed.port != 22 && known != 2) return 10; /* credentials only for ssh/ftp */
    if (parsed.query_pairs > 1 && parsed.has_fragment) return 11;
    if (redundant_port) return 12;
    return 0;
}
