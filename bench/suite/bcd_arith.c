/* bcd_arith.c -- packed BCD (binary-coded decimal) arithmetic kernel.
 *
 * Models: the decimal arithmetic unit of a point-of-sale / metering firmware
 * that keeps amounts as 8-digit packed BCD words (4 bytes, two digits per
 * byte, byte 0 holds the two least significant digits, low nibble first).
 * The unit validates digit nibbles, adds and subtracts with decimal carry /
 * borrow (results modulo 10^8, ten's complement on underflow), multiplies by
 * a single decimal digit, compares, and converts to and from binary.  Every
 * operation is followed by a self-check against an independent computation
 * (binary arithmetic, or the inverse BCD operation), and every binary value
 * the checks compute is round-tripped: bcd_to_bin(bin_to_bcd(x)) == x.
 *
 * Workload class: integer numeric kernel (nibble extraction with shifts and
 * masks, per-digit compare-and-adjust chains, multiplication and division by
 * constants on symbolic 32-bit values, modular arithmetic).
 *
 * Symbolic inputs (all through symplex_make_symbolic, at the start of main):
 *   a  -- uint8_t[4], first operand, packed BCD; every nibble must be 0..9
 *         (otherwise main returns 1 after the validity check).
 *   b  -- uint8_t[4], second operand, packed BCD, same rule.
 *   op -- uint8_t: bits 0..2 select the operation (0 add, 1 subtract,
 *         2 multiply a by a digit, 3 compare, 4 a->binary->BCD round trip,
 *         5 add then subtract back, 6 ten's complement negate via nine's
 *         complement plus one, 7 binary difference converted to BCD); bits 4..7 are the multiplier digit
 *         for op 2 (must be 0..9, else main returns 2).  Bit 3 is ignored.
 *
 * Planted bug:
 *   bcd_sub() has a "zero run" fast path: when a borrow is pending and the
 *   next three digits of both operands are zero, it writes 9,9,9 and skips
 *   ahead -- but it then drops the pending borrow instead of carrying it on
 *   to the next digit.  The difference is then too large by 10^(i+3), and the
 *   round-trip identity (a - b) + b == a asserted in check_sub() fails
 *   (assertion failure).  Needs op 1 or 5, valid digits in both operands, a
 *   borrow produced below a run of three digit positions that are zero in
 *   both a and b, and a non-zero minuend digit (or the final borrow) above
 *   the run: moderately deep (specific combination of ~5 nibble values).
 *   The same wrong difference is also visible to op 7's binary cross-check
 *   (a second assert) when the difference goes through the fast path there.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "symplex.h"

#define NDIG 8
#define NBYTES 4
#define MODULUS 100000000u /* 10^8 */

typedef struct {
    uint8_t b[NBYTES];
} bcd_t;

static unsigned dig(const bcd_t *x, int i)
{
    return (unsigned)(x->b[i >> 1] >> ((i & 1) * 4)) & 0xFu;
}

static void set_dig(bcd_t *x, int i, unsigned v)
{
    int sh = (i & 1) * 4;
    uint8_t keep = (uint8_t)~(0xFu << sh);
    x->b[i >> 1] = (uint8_t)((x->b[i >> 1] & keep) | ((v & 0xFu) << sh));
}

static bool bcd_valid(const bcd_t *x)
{
    for (int i = 0; i < NBYTES; i++) {
        if ((x->b[i] & 0x0F) > 9)
            return false;
        if ((x->b[i] >> 4) > 9)
            return false;
    }
    return true;
}

static bool bcd_equal(const bcd_t *x, const bcd_t *y)
{
    return memcmp(x->b, y->b, NBYTES) == 0;
}

static bool bcd_is_zero(const bcd_t *x)
{
    return (x->b[0] | x->b[1] | x->b[2] | x->b[3]) == 0;
}

/* Decimal addition; returns the carry out of the top digit. */
static unsigned bcd_add(const bcd_t *x, const bcd_t *y, bcd_t *out)
{
    unsigned carry = 0;
    bcd_t r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < NDIG; i++) {
        unsigned s = dig(x, i) + dig(y, i) + carry;
        if (s > 9) {
            s -= 10;
            carry = 1;
        } else {
            carry = 0;
        }
        set_dig(&r, i, s);
    }
    *out = r;
    return carry;
}

/* Decimal subtraction x - y; returns the borrow out of the top digit (the
 * result is then the ten's complement, i.e. x - y + 10^8). */
static unsigned bcd_sub(const bcd_t *x, const bcd_t *y, bcd_t *out)
{
    unsigned borrow = 0;
    bcd_t r;
    memset(&r, 0, sizeof r);
    int i = 0;
    while (i < NDIG) {
        /* Fast path: borrowing through a run of three zero digits turns each
         * of them into 9 without any per-digit compare. */
        if (borrow && i + 3 <= NDIG &&
            dig(x, i) == 0 && dig(y, i) == 0 &&
            dig(x, i + 1) == 0 && dig(y, i + 1) == 0 &&
            dig(x, i + 2) == 0 && dig(y, i + 2) == 0) {
            set_dig(&r, i, 9);
            set_dig(&r, i + 1, 9);
            set_dig(&r, i + 2, 9);
            i += 3;
            borrow = 0; /* BUG: the borrow passes through the run, must stay 1 */
            continue;
        }
        int d = (int)dig(x, i) - (int)dig(y, i) - (int)borrow;
        if (d < 0) {
            d += 10;
            borrow = 1;
        } else {
            borrow = 0;
        }
        set_dig(&r, i, (unsigned)d);
        i++;
    }
    *out = r;
    return borrow;
}

/* x * m for a single decimal digit m; returns the digit carried out. */
static unsigned bcd_mul_digit(const bcd_t *x, unsigned m, bcd_t *out)
{
    unsigned carry = 0;
    bcd_t r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < NDIG; i++) {
        unsigned p = dig(x, i) * m + carry;
        carry = p / 10;
        set_dig(&r, i, p % 10);
    }
    *out = r;
    return carry;
}

/* Three-way comparison, most significant digit first. */
static int bcd_cmp(const bcd_t *x, const bcd_t *y)
{
    for (int i = NDIG - 1; i >= 0; i--) {
        unsigned dx = dig(x, i), dy = dig(y, i);
        if (dx != dy)
            return dx < dy ? -1 : 1;
    }
    return 0;
}

/* Horner evaluation; v * 10 is computed as (v << 3) + (v << 1). */
static uint32_t bcd_to_bin(const bcd_t *x)
{
    uint32_t v = 0;
    for (int i = NDIG - 1; i >= 0; i--)
        v = (v << 3) + (v << 1) + dig(x, i);
    return v;
}

/* Double dabble (shift and add 3), branch-free so that a symbolic value
 * does not fork per bit.  Caller guarantees v < 10^8 (27 bits). */
static bcd_t bin_to_bcd(uint32_t v)
{
    uint32_t acc = 0;
    for (int bit = 26; bit >= 0; bit--) {
        for (int i = 0; i < NDIG; i++) {
            uint32_t nib = (acc >> (4 * i)) & 0xFu;
            /* nibble >= 5  <=>  bit 3 of (nibble + 3) is set */
            uint32_t adj = ((nib + 3u) >> 3) & 1u;
            acc += (adj * 3u) << (4 * i);
        }
        acc = (acc << 1) | ((v >> bit) & 1u);
    }
    bcd_t r;
    for (int k = 0; k < NBYTES; k++)
        r.b[k] = (uint8_t)(acc >> (8 * k));
    return r;
}

/* Binary cross-checks are run on one concrete witness per path: the BCD
 * algorithms above fork on every carry/borrow, and each forked path then
 * pins its operands to one value before the (solver-heavy) binary identity
 * is checked.  Natively this is the identity function. */
static uint32_t witness(uint32_t v)
{
    uint32_t w = (uint32_t)symplex_get_value_i64((int64_t)v);
    symplex_assume(w == v); /* pin the path explicitly to the witness */
    return w;
}

/* Round-trip a computed binary value through BCD and back. */
static void check_roundtrip(uint32_t v)
{
    assert(v < MODULUS);
    bcd_t t = bin_to_bcd(v);
    assert(bcd_valid(&t));
    assert(bcd_to_bin(&t) == v);
}

static int check_add(const bcd_t *a, const bcd_t *b)
{
    bcd_t r;
    unsigned c = bcd_add(a, b, &r);
    assert(bcd_valid(&r));
    uint32_t sum = witness(bcd_to_bin(a)) + witness(bcd_to_bin(b));
    assert(bcd_to_bin(&r) + c * MODULUS == sum);
    check_roundtrip(bcd_to_bin(&r));
    return (int)c;
}

static int check_sub(const bcd_t *a, const bcd_t *b)
{
    bcd_t r, back;
    unsigned bw = bcd_sub(a, b, &r);
    assert(bcd_valid(&r));
    unsigned c = bcd_add(&r, b, &back);
    /* (a - b) + b == a, with the carry of the add-back cancelling the borrow */
    assert(bcd_equal(&back, a));
    assert(c == bw);
    check_roundtrip(witness(bcd_to_bin(&r)));
    return (int)bw;
}

static int check_mul(const bcd_t *a, unsigned m)
{
    bcd_t r;
    unsigned c = bcd_mul_digit(a, m, &r);
    assert(bcd_valid(&r));
    assert(c <= 9);
    uint64_t prod = (uint64_t)witness(bcd_to_bin(a)) * m;
    assert((uint64_t)bcd_to_bin(&r) + (uint64_t)c * MODULUS == prod);
    if (m == 0)
        assert(bcd_is_zero(&r));
    check_roundtrip(bcd_to_bin(&r));
    return c != 0;
}

static int check_cmp(const bcd_t *a, const bcd_t *b)
{
    int c = bcd_cmp(a, b);
    uint32_t x = witness(bcd_to_bin(a)), y = witness(bcd_to_bin(b));
    int e = x < y ? -1 : (x > y ? 1 : 0);
    assert(c == e);
    assert(bcd_cmp(b, a) == -c);
    if (c == 0)
        assert(bcd_equal(a, b));
    return c < 0 ? 2 : c;
}

static int check_convert(const bcd_t *a)
{
    uint32_t v = witness(bcd_to_bin(a));
    assert(v < MODULUS);
    bcd_t t = bin_to_bcd(v);
    assert(bcd_equal(&t, a));
    check_roundtrip(v);
    return v == 0;
}

static int check_add_sub(const bcd_t *a, const bcd_t *b)
{
    bcd_t s, d;
    unsigned c = bcd_add(a, b, &s);
    unsigned bw = bcd_sub(&s, b, &d);
    /* (a + b) - b == a modulo 10^8; a borrow happens exactly when the add
     * wrapped around */
    assert(bcd_equal(&d, a));
    assert(bw == c);
    return (int)c;
}

static int check_negate(const bcd_t *a)
{
    /* ten's complement the other way: nine's complement digit by digit,
     * plus one */
    bcd_t nines, one, n, s;
    memset(&one, 0, sizeof one);
    memset(&nines, 0, sizeof nines);
    set_dig(&one, 0, 1);
    for (int i = 0; i < NDIG; i++)
        set_dig(&nines, i, 9u - dig(a, i));
    bcd_add(&nines, &one, &n);
    assert(bcd_valid(&n));
    unsigned c = bcd_add(&n, a, &s);
    assert(bcd_is_zero(&s));
    assert(c == !bcd_is_zero(a));
    if (c)
        check_roundtrip(MODULUS - witness(bcd_to_bin(a)));
    return (int)c;
}

static int check_bin_diff(const bcd_t *a, const bcd_t *b)
{
    uint32_t x = witness(bcd_to_bin(a)), y = witness(bcd_to_bin(b));
    uint32_t d = x >= y ? x - y : y - x;
    check_roundtrip(d);
    bcd_t r;
    if (x >= y)
        bcd_sub(a, b, &r);
    else
        bcd_sub(b, a, &r);
    assert(bcd_to_bin(&r) == d);
    return x < y;
}

int main(void)
{
    bcd_t a, b;
    uint8_t op;
    symplex_make_symbolic(a.b, sizeof a.b, "a");
    symplex_make_symbolic(b.b, sizeof b.b, "b");
    symplex_make_symbolic(&op, sizeof op, "op");

    if (!bcd_valid(&a) || !bcd_valid(&b))
        return 1;

    int rc = 0;
    switch (op & 7) {
    case 0:
        rc = check_add(&a, &b);
        break;
    case 1:
        rc = check_sub(&a, &b);
        break;
    case 2: {
        unsigned m = (unsigned)(op >> 4);
        if (m > 9)
            return 2;
        rc = check_mul(&a, m);
        break;
    }
    case 3:
        rc = check_cmp(&a, &b);
        break;
    case 4:
        rc = check_convert(&a);
        break;
    case 5:
        rc = check_add_sub(&a, &b);
        break;
    case 6:
        rc = check_negate(&a);
        break;
    default:
        rc = check_bin_diff(&a, &b);
        break;
    }
    printf("bcd op %u -> %d\n", (unsigned)(op & 7), rc);
    return rc == 0 ? 0 : (rc == 1 ? 1 : 5);
}
