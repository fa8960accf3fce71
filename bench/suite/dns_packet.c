/* dns_packet.c -- DNS query message parser (RFC 1035 subset).
 *
 * Models: the front end of a small recursive resolver or DNS proxy that
 * receives a UDP query.  The 12-byte header is decoded and screened (must be
 * a query, opcode QUERY or STATUS, no truncation, zero Z bits and RCODE,
 * 1..2 questions, no answer/authority records, at most one additional
 * record).  Each question name is decoded label by label: a length byte
 * 1..63 followed by hostname characters (letters, digits, '-', not at the
 * start or end of a label), 0 terminates the name, and a byte with the top
 * two bits set starts a 14-bit compression pointer.  Pointers may not point
 * into the header, the first name of the packet may not start with a
 * pointer, and a jump counter stops pointer loops.  QTYPE and QCLASS are
 * looked up in tables; the resolver then decides an RCODE (NOERROR, FORMERR,
 * NOTIMP, REFUSED) and computes a cache key hash from the decoded names.
 *
 * Workload class: binary protocol parsing (bit fields, big-endian fields,
 * offset arithmetic, pointer chasing with a loop guard, table lookup).
 *
 * Symbolic inputs:
 *   pkt -- uint8_t[32], the whole UDP payload (no constraints).
 *
 * Planted bug:
 *   decode_name() checks a compression pointer's target with
 *   "target > PKT_LEN" instead of "target >= PKT_LEN" and then peeks at
 *   pkt[target] to detect pointer-to-pointer chains, so a pointer to offset 32
 *   (bytes 0xC0 0x20) reads one byte past the end of the packet
 *   (out-of-bounds read).  Needs a header that passes screening, one ordinary
 *   label, then the pointer: moderately deep (about 16 constrained bytes).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define PKT_LEN 32
#define HDR_LEN 12
#define MAX_JUMPS 4
#define MAX_NAME 40
#define MAX_QUESTIONS 2

enum rcode { RC_NOERROR = 0, RC_FORMERR = 1, RC_NOTIMP = 4, RC_REFUSED = 5 };

struct header {
    uint16_t id;
    bool qr, aa, tc, rd;
    uint8_t opcode, z, rcode;
    uint16_t qdcount, ancount, nscount, arcount;
};

struct question {
    char name[MAX_NAME];
    uint8_t name_len;
    uint8_t labels;
    uint16_t qtype, qclass;
    int type_index;
};

struct rr_type {
    uint16_t code;
    uint8_t cacheable;
    uint8_t min_labels;
};

static const struct rr_type type_table[] = {
    {1, 1, 1},   /* A */
    {2, 1, 0},   /* NS */
    {5, 1, 1},   /* CNAME */
    {6, 1, 0},   /* SOA */
    {12, 1, 2},  /* PTR */
    {15, 1, 1},  /* MX */
    {16, 0, 1},  /* TXT */
    {28, 1, 1},  /* AAAA */
    {33, 1, 2},  /* SRV */
    {255, 0, 0}, /* ANY */
};

#define N_TYPES (sizeof type_table / sizeof type_table[0])

static uint16_t get16(const uint8_t *p, size_t off)
{
    return (uint16_t)((p[off] << 8) | p[off + 1]);
}

static int parse_header(const uint8_t *pkt, struct header *h)
{
    uint16_t flags = get16(pkt, 2);
    h->id = get16(pkt, 0);
    h->qr = (flags >> 15) & 1;
    h->opcode = (flags >> 11) & 0xF;
    h->aa = (flags >> 10) & 1;
    h->tc = (flags >> 9) & 1;
    h->rd = (flags >> 8) & 1;
    h->z = (flags >> 4) & 0x7;
    h->rcode = flags & 0xF;
    h->qdcount = get16(pkt, 4);
    h->ancount = get16(pkt, 6);
    h->nscount = get16(pkt, 8);
    h->arcount = get16(pkt, 10);

    if (h->qr)
        return -1; /* a response, drop silently */
    if (h->tc || h->aa)
        return RC_FORMERR;
    if (h->z != 0 || h->rcode != 0)
        return RC_FORMERR;
    if (h->opcode != 0 && h->opcode != 2)
        return RC_NOTIMP;
    if (h->qdcount == 0 || h->qdcount > MAX_QUESTIONS)
        return RC_FORMERR;
    if (h->ancount != 0 || h->nscount != 0 || h->arcount > 1)
        return RC_FORMERR;
    return RC_NOERROR;
}

static bool is_host_char(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-';
}

/* Decodes the name at `start`.  On success stores the dotted lower-case
 * name in q and the offset just after the name (in the original position,
 * not after a jump) in *after; returns 0, or -1 on a malformed name. */
static int decode_name(const uint8_t *pkt, size_t start, struct question *q,
                       size_t *after)
{
    size_t p = start;
    size_t out = 0;
    int jumps = 0;
    bool jumped = false;

    q->labels = 0;
    for (;;) {
        uint8_t len;
        if (p >= PKT_LEN)
            return -1;
        len = pkt[p];
        if (len == 0) {
            if (!jumped)
                *after = p + 1;
            break;
        }
        if ((len & 0xC0) == 0xC0) {
            size_t target;
            if (p + 1 >= PKT_LEN)
                return -1;
            if (p == HDR_LEN)
                return -1; /* nothing earlier to point at */
            target = ((size_t)(len & 0x3F) << 8) | pkt[p + 1];
            if (!jumped)
                *after = p + 2;
            jumped = true;
            if (++jumps > MAX_JUMPS)
                return -1;
            if (target < HDR_LEN)
                return -1;
            if (target > PKT_LEN) /* BUG: must be target >= PKT_LEN */
                return -1;
            /* strict mode: a pointer to a pointer costs an extra jump */
            if ((pkt[target] & 0xC0) == 0xC0 && ++jumps > MAX_JUMPS)
                return -1;
            p = target;
            continue;
        }
        if (len & 0xC0)
            return -1; /* 01/10 label types are reserved */
        if (p + 1 + len >= PKT_LEN)
            return -1;
        if (out + len + 1 >= MAX_NAME)
            return -1;
        if (out > 0)
            q->name[out++] = '.';
        for (size_t i = 0; i < len; i++) {
            uint8_t c = pkt[p + 1 + i];
            if (!is_host_char(c))
                return -1;
            if (c == '-' && (i == 0 || i + 1 == len))
                return -1;
            if (c >= 'A' && c <= 'Z')
                c = (uint8_t)(c - 'A' + 'a');
            q->name[out++] = (char)c;
        }
        q->labels++;
        p += 1 + len;
    }
    q->name[out] = 0;
    q->name_len = (uint8_t)out;
    return 0;
}

static int lookup_type(uint16_t code)
{
    for (size_t i = 0; i < N_TYPES; i++)
        if (type_table[i].code == code)
            return (int)i;
    return -1;
}

static bool name_ends_with(const struct question *q, const char *zone)
{
    size_t zl = strlen(zone);
    if (q->name_len < zl)
        return false;
    if (memcmp(q->name + q->name_len - zl, zone, zl) != 0)
        return false;
    return q->name_len == zl || q->name[q->name_len - zl - 1] == '.';
}

static int parse_question(const uint8_t *pkt, size_t *off, struct question *q)
{
    size_t after = 0;
    if (decode_name(pkt, *off, q, &after) != 0)
        return RC_FORMERR;
    if (after + 4 > PKT_LEN)
        return RC_FORMERR;
    q->qtype = get16(pkt, after);
    q->qclass = get16(pkt, after + 2);
    *off = after + 4;
    q->type_index = lookup_type(q->qtype);
    if (q->type_index < 0)
        return RC_NOTIMP;
    if (q->qclass != 1 && q->qclass != 3 && q->qclass != 255)
        return RC_NOTIMP;
    if (q->labels < type_table[q->type_index].min_labels)
        return RC_FORMERR;
    if (q->qclass == 3 && !name_ends_with(q, "bind"))
        return RC_REFUSED; /* CHAOS class only for server info */
    return RC_NOERROR;
}

/* Process exit status for an RCODE (3 and 4 are kept free for the test
 * harness, so NOTIMP is reported as 6). */
static int exit_status(int rc)
{
    return rc == RC_NOTIMP ? 6 : rc;
}

static uint32_t cache_key(const struct question *q)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < q->name_len; i++) {
        h ^= (uint8_t)q->name[i];
        h *= 16777619u;
    }
    h ^= q->qtype;
    h ^= (uint32_t)q->qclass << 16;
    return h;
}

int main(void)
{
    uint8_t pkt[PKT_LEN];
    struct header h;
    struct question qs[MAX_QUESTIONS];
    size_t off = HDR_LEN;
    int rc;
    uint32_t key = 0;
    int cacheable = 0;

    symplex_make_symbolic(pkt, sizeof pkt, "pkt");

    rc = parse_header(pkt, &h);
    if (rc < 0)
        return 9; /* dropped */
    if (rc != RC_NOERROR)
        return exit_status(rc);

    for (int i = 0; i < h.qdcount; i++) {
        memset(&qs[i], 0, sizeof qs[i]);
        rc = parse_question(pkt, &off, &qs[i]);
        if (rc != RC_NOERROR)
            return exit_status(rc);
        if (i > 0 && qs[i].qtype == qs[0].qtype &&
            strcmp(qs[i].name, qs[0].name) == 0)
            return RC_FORMERR; /* duplicate question */
        if (type_table[qs[i].type_index].cacheable && qs[i].qclass == 1)
            cacheable++;
        key ^= cache_key(&qs[i]);
    }
    if (h.arcount == 1 && off + 11 > PKT_LEN)
        return RC_FORMERR; /* no room for an OPT record */
    if (h.opcode == 2)
        return exit_status(RC_NOTIMP);
    if (cacheable == h.qdcount && (key & 0xFF) == 0)
        return 8; /* would hit the cache shard 0 */
    return RC_NOERROR;
}
