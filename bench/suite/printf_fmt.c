/*
 * printf_fmt.c -- a small printf-style formatter: parses a format string
 *                 (flags, field width, precision, length modifiers and the
 *                 conversions d i u x X c s %) and renders the arguments,
 *                 taken from fixed argument tables, into a fixed 32-byte
 *                 output buffer with explicit length checks everywhere.
 *
 * Workload class: string parsing and formatting (character classification,
 * decimal accumulation, integer-to-text conversion in bases 10 and 16,
 * sign/prefix/zero-padding rules, bounded buffer management).
 *
 * Model: the output buffer holds at most 31 characters plus a terminating
 * NUL; every emitter checks the remaining room and reports truncation.
 * Integer conversions read the next entry of iargs[] (6 fixed values), %s
 * the next entry of sargs[] (3 fixed strings), `*` width/precision read
 * iargs[] too. Running out of arguments, an unknown conversion or a format
 * ending inside a directive are reported as an invalid format.
 * Exit codes: 0 formatted, 1 invalid format, 2 output truncated.
 *
 * Symbolic inputs: `fmt`, char[16] made symbolic with symplex_make_symbolic
 * at the start of main; all 16 bytes unconstrained (0..255). The parser
 * stops at the first NUL or after 16 bytes, whichever comes first. No
 * assumptions.
 *
 * Planted bug:
 *   emit_pad() (used for the field-width padding, spaces or zeros, before
 *   or after the converted text) clips an over-long padding to room-1 to
 *   keep a byte for the NUL, but tests `n > room` instead of `n >= room`.
 *   When the padding equals the remaining room exactly it fills the buffer
 *   to the last byte and then writes the NUL sentinel one past the end of
 *   outbuf (out-of-bounds write). Reaching it needs a well-formed directive
 *   whose numeric width minus the converted length equals 32 minus the
 *   output produced so far, e.g. "%33c", "ab%31c" or "%35d" (-42 is 3 wide): a '%',
 *   two exact width digits and a valid conversion, with the earlier
 *   output fixing the required width.
 */
#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define FMTLEN    16
#define OUTCAP    32
#define MAXWIDTH  64
#define NIARGS    6
#define NSARGS    3

static const int64_t iargs[NIARGS] = { -42, 7, 0x1f3, 100000, 'A', INT_MIN };
static const char *const sargs[NSARGS] = { "hello", "", "symplex" };

static char outbuf[OUTCAP];
static unsigned out_len;
static bool truncated;

static unsigned next_iarg;
static unsigned next_sarg;

enum lenmod { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_Z };

struct spec {
    bool left;       /* '-' */
    bool plus;       /* '+' */
    bool space;      /* ' ' */
    bool zero;       /* '0' */
    bool alt;        /* '#' */
    unsigned width;
    int prec;        /* -1: not given */
    enum lenmod len;
    char conv;
};

/* ---- output -------------------------------------------------------- */

static bool emit_char(char c)
{
    if (out_len + 1 >= OUTCAP) {
        truncated = true;
        return false;
    }
    outbuf[out_len++] = c;
    outbuf[out_len] = '\0';
    return true;
}

static bool emit_text(const char *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (!emit_char(s[i]))
            return false;
    return true;
}

static bool emit_pad(char c, unsigned n)
{
    unsigned room = OUTCAP - out_len;
    bool clipped = false;
    if (n > room) {            /* BUG: n == room is not clipped */
        n = room - 1;
        clipped = true;
    }
    for (unsigned i = 0; i < n; i++)
        outbuf[out_len + i] = c;
    out_len += n;
    outbuf[out_len] = '\0';
    if (clipped)
        truncated = true;
    return !clipped;
}

/* ---- arguments ----------------------------------------------------- */

static bool take_int(int64_t *v)
{
    if (next_iarg >= NIARGS)
        return false;
    *v = iargs[next_iarg++];
    return true;
}

static bool take_str(const char **s)
{
    if (next_sarg >= NSARGS)
        return false;
    *s = sargs[next_sarg++];
    return true;
}

/* ---- integer conversion -------------------------------------------- */

static int64_t narrow_signed(int64_t v, enum lenmod len)
{
    switch (len) {
    case LEN_HH: return (signed char)v;
    case LEN_H:  return (short)v;
    case LEN_NONE: return (int)v;
    default:     return v;
    }
}

static uint64_t narrow_unsigned(int64_t v, enum lenmod len)
{
    switch (len) {
    case LEN_HH: return (unsigned char)v;
    case LEN_H:  return (unsigned short)v;
    case LEN_NONE: return (unsigned)v;
    default:     return (uint64_t)v;
    }
}

/* Digits of `mag` in `base`, most significant first, into `dst` (capacity
 * `cap`); returns the digit count. */
static unsigned to_digits(uint64_t mag, unsigned base, bool upper,
                          char *dst, unsigned cap)
{
    const char *lo = "0123456789abcdef";
    const char *hi = "0123456789ABCDEF";
    char rev[24];
    unsigned n = 0;
    do {
        unsigned d = (unsigned)(mag % base);
        rev[n++] = upper ? hi[d] : lo[d];
        mag /= base;
    } while (mag != 0 && n < sizeof rev);
    assert(n <= cap);
    for (unsigned i = 0; i < n; i++)
        dst[i] = rev[n - 1 - i];
    return n;
}

/* Lay out prefix, precision zeros and digits, then pad to the width. */
static bool render_number(const struct spec *sp, const char *prefix,
                          unsigned plen, const char *digits, unsigned dlen)
{
    unsigned zeros = 0;
    if (sp->prec >= 0 && (unsigned)sp->prec > dlen)
        zeros = (unsigned)sp->prec - dlen;
    unsigned body = plen + zeros + dlen;
    unsigned pad = sp->width > body ? sp->width - body : 0;
    bool zero_fill = sp->zero && !sp->left && sp->prec < 0;

    if (pad > 0 && !sp->left && !zero_fill)
        if (!emit_pad(' ', pad))
            return false;
    if (!emit_text(prefix, plen))
        return false;
    if (pad > 0 && zero_fill)
        if (!emit_pad('0', pad))
            return false;
    if (zeros > 0 && !emit_pad('0', zeros))
        return false;
    if (!emit_text(digits, dlen))
        return false;
    if (pad > 0 && sp->left)
        if (!emit_pad(' ', pad))
            return false;
    return true;
}

static bool format_int(const struct spec *sp, int64_t raw)
{
    char prefix[3];
    unsigned plen = 0;
    char digits[24];
    unsigned dlen;
    uint64_t mag;

    if (sp->conv == 'd' || sp->conv == 'i') {
        int64_t v = narrow_signed(raw, sp->len);
        if (v < 0) {
            prefix[plen++] = '-';
            mag = (uint64_t)0 - (uint64_t)v;
        } else {
            if (sp->plus)
                prefix[plen++] = '+';
            else if (sp->space)
                prefix[plen++] = ' ';
            mag = (uint64_t)v;
        }
        dlen = to_digits(mag, 10, false, digits, sizeof digits);
    } else {
        mag = narrow_unsigned(raw, sp->len);
        bool hex = sp->conv == 'x' || sp->conv == 'X';
        if (hex && sp->alt && mag != 0) {
            prefix[plen++] = '0';
            prefix[plen++] = sp->conv;
        }
        dlen = to_digits(mag, hex ? 16 : 10, sp->conv == 'X', digits,
                         sizeof digits);
    }
    if (sp->prec == 0 && mag == 0)
        dlen = 0;
    return render_number(sp, prefix, plen, digits, dlen);
}

static bool format_str(const struct spec *sp, const char *s, unsigned n)
{
    if (sp->prec >= 0 && (unsigned)sp->prec < n)
        n = (unsigned)sp->prec;
    unsigned pad = sp->width > n ? sp->width - n : 0;
    if (pad > 0 && !sp->left && !emit_pad(' ', pad))
        return false;
    if (!emit_text(s, n))
        return false;
    if (pad > 0 && sp->left && !emit_pad(' ', pad))
        return false;
    return true;
}

/* ---- parser -------------------------------------------------------- */

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Returns 0 on success, 1 on an invalid format, 2 on truncation. */
static int format(const char *fmt)
{
    unsigned i = 0;
    while (i < FMTLEN && fmt[i] != '\0') {
        char c = fmt[i++];
        if (c != '%') {
            if (!emit_char(c))
                return 2;
            continue;
        }

        struct spec sp;
        memset(&sp, 0, sizeof sp);
        sp.prec = -1;

        for (; i < FMTLEN; i++) {
            char f = fmt[i];
            if (f == '-') sp.left = true;
            else if (f == '+') sp.plus = true;
            else if (f == ' ') sp.space = true;
            else if (f == '0') sp.zero = true;
            else if (f == '#') sp.alt = true;
            else break;
        }
        if (i >= FMTLEN)
            return 1;

        if (fmt[i] == '*') {
            int64_t w;
            if (!take_int(&w))
                return 1;
            if (w < 0) {
                sp.left = true;
                w = -w;
            }
            sp.width = w > MAXWIDTH ? MAXWIDTH : (unsigned)w;
            i++;
        } else {
            while (i < FMTLEN && is_digit(fmt[i])) {
                sp.width = sp.width * 10 + (unsigned)(fmt[i] - '0');
                if (sp.width > MAXWIDTH)
                    return 1;
                i++;
            }
        }
        if (i >= FMTLEN)
            return 1;

        if (fmt[i] == '.') {
            i++;
            sp.prec = 0;
            if (i < FMTLEN && fmt[i] == '*') {
                int64_t p;
                if (!take_int(&p))
                    return 1;
                sp.prec = p < 0 ? -1 : (p > MAXWIDTH ? MAXWIDTH : (int)p);
                i++;
            } else {
                while (i < FMTLEN && is_digit(fmt[i])) {
                    sp.prec = sp.prec * 10 + (fmt[i] - '0');
                    if (sp.prec > 20)
                        return 1;
                    i++;
                }
            }
            if (i >= FMTLEN)
                return 1;
        }

        if (fmt[i] == 'h') {
            sp.len = LEN_H;
            if (i + 1 < FMTLEN && fmt[i + 1] == 'h') {
                sp.len = LEN_HH;
                i++;
            }
            i++;
        } else if (fmt[i] == 'l') {
            sp.len = LEN_L;
            if (i + 1 < FMTLEN && fmt[i + 1] == 'l') {
                sp.len = LEN_LL;
                i++;
            }
            i++;
        } else if (fmt[i] == 'z') {
            sp.len = LEN_Z;
            i++;
        }
        if (i >= FMTLEN)
            return 1;

        sp.conv = fmt[i++];
        bool ok;
        switch (sp.conv) {
        case 'd': case 'i': case 'u': case 'x': case 'X': {
            int64_t v;
            if (!take_int(&v))
                return 1;
            ok = format_int(&sp, v);
            break;
        }
        case 'c': {
            int64_t v;
            if (sp.len != LEN_NONE || !take_int(&v))
                return 1;
            char ch = (char)(unsigned char)v;
            ok = format_str(&sp, &ch, 1);
            break;
        }
        case 's': {
            const char *s;
            if (sp.len != LEN_NONE || !take_str(&s))
                return 1;
            ok = format_str(&sp, s, (unsigned)strlen(s));
            break;
        }
        case '%':
            if (sp.width != 0 || sp.prec >= 0 || sp.len != LEN_NONE)
                return 1;
            ok = emit_char('%');
            break;
        default:
            return 1;
        }
        if (!ok)
            return 2;
    }
    return 0;
}

int main(void)
{
    char fmt[FMTLEN];
    symplex_make_symbolic(fmt, sizeof fmt, "fmt");

    out_len = 0;
    outbuf[0] = '\0';
    truncated = false;
    next_iarg = 0;
    next_sarg = 0;

    int rc = format(fmt);

    assert(out_len < OUTCAP);
    assert(outbuf[out_len] == '\0');
    if (rc == 0)
        assert(!truncated);
    return rc;
}
