/* bigint_ops.c -- 128-bit multi-limb arithmetic driven by a tiny RPN program.
 *
 * Models: the bignum core of a firmware calculator / key-derivation helper.
 * Numbers are four 32-bit limbs, least significant first.  A short program
 * of one-byte instructions (low nibble: opcode, high nibble: immediate) runs
 * on an operand stack: push the inputs, add, subtract, multiply (low 128
 * bits, overflow flagged), shift left/right by a multiple of 8 bits,
 * compare, divide by a small constant, duplicate, swap, drop.  Every addition
 * is checked by subtracting back (the library's debug self-check).
 *
 * Workload class: multi-precision integer arithmetic (carry/borrow chains,
 * 32x32->64 partial products, limb and bit shifts) behind an opcode
 * interpreter.
 *
 * Symbolic inputs:
 *   a, b  -- uint32_t[4] each, the two operands (any value).
 *   code  -- uint8_t[8], the program; execution stops at opcode 0 (END) or
 *            after the eighth instruction.
 *
 * Planted bugs:
 *   1. bn_add() derives the carry as (sum < x[i]) after adding y[i] and the
 *      incoming carry in one expression; when y[i] == 0xffffffff and a carry
 *      comes in, the sum wraps to exactly x[i] and the carry is lost.  The
 *      add-then-subtract self-check in op_add() then fails (assertion).
 *      Needs PUSH, PUSH, ADD and limb values with that carry pattern:
 *      moderate.
 *   2. push() checks the stack depth with '>' instead of '>=', so a fifth
 *      value pushed onto the four-entry stack is written past its end
 *      (out-of-bounds write).  Needs five pushes (PUSH_A, PUSH_B or DUP)
 *      within the eight instructions, without pops in between: moderately
 *      deep.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define LIMBS 4
#define STACK_MAX 4
#define CODE_LEN 8

typedef struct { uint32_t l[LIMBS]; } bn;

enum opcode {
    OP_END, OP_PUSH_A, OP_PUSH_B, OP_ADD, OP_SUB, OP_MUL, OP_SHL, OP_SHR,
    OP_CMP, OP_DIV_SMALL, OP_DUP, OP_SWAP, OP_DROP, OP_COUNT
};

enum vm_status { VM_OK = 0, VM_UNDERFLOW, VM_OVERFLOW, VM_BAD_OP, VM_DIV_ZERO };

/* The operand stack lives in its own object. */
static bn stack[STACK_MAX];

struct vm {
    int sp;
    int overflows;   /* arithmetic results that did not fit in 128 bits */
    int compares[3]; /* less, equal, greater */
    uint32_t last_rem;
};

/* ---- limb arithmetic ---------------------------------------------------- */

/* r = x + y; returns the carry out of the top limb. */
static uint32_t bn_add(bn *r, const bn *x, const bn *y) {
    uint32_t carry = 0;
    for (int i = 0; i < LIMBS; i++) {
        uint32_t s = x->l[i] + y->l[i] + carry;
        /* BUG: when y->l[i] + carry wraps to 0, s == x->l[i] and the carry
         * is lost; the carry must be computed from both additions. */
        carry = s < x->l[i];
        r->l[i] = s;
    }
    return carry;
}

/* r = x - y; returns the borrow out of the top limb. */
static uint32_t bn_sub(bn *r, const bn *x, const bn *y) {
    uint32_t borrow = 0;
    for (int i = 0; i < LIMBS; i++) {
        uint32_t d = x->l[i] - y->l[i];
        uint32_t b1 = x->l[i] < y->l[i];
        uint32_t d2 = d - borrow;
        uint32_t b2 = d < borrow;
        r->l[i] = d2;
        borrow = b1 | b2;
    }
    return borrow;
}

static int bn_cmp(const bn *x, const bn *y) {
    for (int i = LIMBS - 1; i >= 0; i--) {
        if (x->l[i] != y->l[i]) return x->l[i] < y->l[i] ? -1 : 1;
    }
    return 0;
}

static bool bn_is_zero(const bn *x) {
    return (x->l[0] | x->l[1] | x->l[2] | x->l[3]) == 0;
}

/* r = low 128 bits of x * y; returns true if the high half is non-zero. */
static bool bn_mul(bn *r, const bn *x, const bn *y) {
    uint32_t t[2 * LIMBS] = { 0 };
    for (int i = 0; i < LIMBS; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < LIMBS; j++) {
            uint64_t p = (uint64_t)x->l[i] * y->l[j] + t[i + j] + carry;
            t[i + j] = (uint32_t)p;
            carry = p >> 32;
        }
        t[i + LIMBS] = (uint32_t)carry;
    }
    memcpy(r->l, t, sizeof r->l);
    return (t[4] | t[5] | t[6] | t[7]) != 0;
}

/* Shifts by a whole number of bytes, 0..120 bits. */
static void bn_shl(bn *r, const bn *x, unsigned bits) {
    unsigned limbs = bits / 32, sh = bits % 32;
    bn out = { { 0 } };
    for (int i = LIMBS - 1; i >= (int)limbs; i--) {
        uint32_t v = x->l[i - limbs] << sh;
        if (sh != 0 && i - (int)limbs - 1 >= 0) v |= x->l[i - limbs - 1] >> (32 - sh);
        out.l[i] = v;
    }
    *r = out;
}

static void bn_shr(bn *r, const bn *x, unsigned bits) {
    unsigned limbs = bits / 32, sh = bits % 32;
    bn out = { { 0 } };
    for (unsigned i = 0; i + limbs < LIMBS; i++) {
        uint32_t v = x->l[i + limbs] >> sh;
        if (sh != 0 && i + limbs + 1 < LIMBS) v |= x->l[i + limbs + 1] << (32 - sh);
        out.l[i] = v;
    }
    *r = out;
}

/* q = x / d for a one-limb divisor; returns the remainder. */
static uint32_t bn_div_small(bn *q, const bn *x, uint32_t d) {
    uint64_t rem = 0;
    for (int i = LIMBS - 1; i >= 0; i--) {
        uint64_t cur = rem << 32 | x->l[i];
        q->l[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    return (uint32_t)rem;
}

/* ---- the stack machine --------------------------------------------------- */

static enum vm_status push(struct vm *m, const bn *v) {
    /* BUG: must be m->sp >= STACK_MAX. */
    if (m->sp > STACK_MAX) return VM_OVERFLOW;
    stack[m->sp++] = *v;
    return VM_OK;
}

static enum vm_status pop(struct vm *m, bn *v) {
    if (m->sp == 0) return VM_UNDERFLOW;
    *v = stack[--m->sp];
    return VM_OK;
}

static enum vm_status op_add(struct vm *m) {
    bn x, y, r;
    if (m->sp < 2) return VM_UNDERFLOW;
    pop(m, &y);
    pop(m, &x);
    if (bn_add(&r, &x, &y)) {
        m->overflows++;
    } else {
        /* Debug self-check: without overflow, (x + y) - y must be x. */
        bn back;
        bn_sub(&back, &r, &y);
        assert(bn_cmp(&back, &x) == 0);
    }
    return push(m, &r);
}

static enum vm_status op_binary(struct vm *m, enum opcode op) {
    bn x, y, r;
    if (m->sp < 2) return VM_UNDERFLOW;
    pop(m, &y);
    pop(m, &x);
    switch (op) {
    case OP_SUB:
        if (bn_sub(&r, &x, &y)) m->overflows++; /* wrapped below zero */
        break;
    case OP_MUL:
        if (bn_mul(&r, &x, &y)) m->overflows++;
        break;
    default: { /* OP_CMP: pushes 0, 1 or 2 for less, equal, greater */
        int c = bn_cmp(&x, &y);
        m->compares[c + 1]++;
        memset(&r, 0, sizeof r);
        r.l[0] = (uint32_t)(c + 1);
        break;
    }
    }
    return push(m, &r);
}

static enum vm_status step(struct vm *m, uint8_t insn, const bn *a, const bn *b) {
    unsigned op = insn & 15, imm = insn >> 4;
    bn x, y;
    enum vm_status st;
    switch (op) {
    case OP_PUSH_A: return push(m, a);
    case OP_PUSH_B: return push(m, b);
    case OP_ADD: return op_add(m);
    case OP_SUB: case OP_MUL: case OP_CMP: return op_binary(m, (enum opcode)op);
    case OP_SHL: case OP_SHR:
        if ((st = pop(m, &x)) != VM_OK) return st;
        if (op == OP_SHL) bn_shl(&y, &x, imm * 8);
        else bn_shr(&y, &x, imm * 8);
        return push(m, &y);
    case OP_DIV_SMALL:
        if (imm == 0) return VM_DIV_ZERO;
        if ((st = pop(m, &x)) != VM_OK) return st;
        m->last_rem = bn_div_small(&y, &x, imm);
        return push(m, &y);
    case OP_DUP:
        if (m->sp == 0) return VM_UNDERFLOW;
        x = stack[m->sp - 1];
        return push(m, &x);
    case OP_SWAP:
        if (m->sp < 2) return VM_UNDERFLOW;
        x = stack[m->sp - 1];
        stack[m->sp - 1] = stack[m->sp - 2];
        stack[m->sp - 2] = x;
        return VM_OK;
    case OP_DROP:
        return pop(m, &x);
    default:
        return VM_BAD_OP;
    }
}

int main(void) {
    bn a, b;
    uint8_t code[CODE_LEN];
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    symplex_make_symbolic(code, sizeof code, "code");

    struct vm m;
    memset(&m, 0, sizeof m);
    int executed = 0;
    for (int pc = 0; pc < CODE_LEN; pc++) {
        if ((code[pc] & 15) == OP_END) break;
        enum vm_status st = step(&m, code[pc], &a, &b);
        if (st != VM_OK) return 10 + (int)st;
        executed++;
    }
    if (m.sp == 0) return executed == 0 ? 1 : 5;
    const bn *top = &stack[m.sp - 1];
    if (bn_is_zero(top)) return 6;
    if (m.overflows > 0) return 7;
    if (m.compares[1] > 0) return 8;
    return 0;
}
