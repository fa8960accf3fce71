/*
 * stack_vm.c -- a bytecode verifier/pre-decoder and interpreter for a small
 *               stack machine.
 *
 * Workload class: interpreter (instruction decoding, dispatch loop, data
 * dependent control flow, a static verifier in front of an unchecked
 * interpreter).
 *
 * Instruction set (one opcode byte, some with a one-byte operand):
 *   0 HALT          1 PUSH imm8 (signed)  2 ADD   3 SUB   4 MUL   5 DIV
 *   6 DUP           7 SWAP                8 JMP rel8      9 JZ rel8
 *   10 LOAD slot   11 STORE slot   (slot 0..3 of a small data memory)
 * Jumps are relative to the next instruction, in bytes. Arithmetic wraps
 * around like the two's-complement hardware it models. Running off the end
 * of the code halts; the interpreter gives up after MAX_STEPS instructions.
 *
 * The verifier runs once before execution and translates the bytes into an
 * array of decoded instructions (jump targets become instruction indices).
 * It rejects unknown opcodes, truncated operands, bad slots, jumps that
 * leave the code or land inside an instruction, jumps whose destination
 * would be entered with a different stack depth than the fall-through path
 * gives it, a JMP to itself, a JZ whose condition is a pushed literal (a
 * constant branch), stack depths below zero or above STACK_MAX, and a DIV
 * whose divisor is a zero pushed as a literal. A JZ may jump to itself: a
 * spin that pops until it finds a non-zero value.
 * Having verified the code, the interpreter runs without stack or divisor
 * checks, for speed.
 *
 * Symbolic input:
 *   prog[17] -- prog[0] is the code length, assumed 1..16; prog[1..16] is
 *               the code, unconstrained bytes.
 *
 * Planted bugs:
 *   - stack underflow: the check for a backward jump compares the
 *     destination's recorded depth with the depth *before* the jump
 *     instruction, which is right for JMP but not for JZ, which pops its
 *     condition first. A loop closed by JZ whose body has no net stack
 *     effect is therefore accepted although every iteration re-enters the
 *     body with one value fewer, e.g. "PUSH 0; DUP; ADD; JZ -4" or the
 *     spin "PUSH 1; DUP; SUB; JZ -2": the second pass through the loop pops
 *     or reads below the stack (out-of-bounds read). Forward jumps are
 *     handled correctly. Four or more instructions with a backward JZ whose
 *     condition is computed (constant conditions are rejected) and zero at
 *     run time.
 *   - division by zero: the verifier only tracks zeros pushed as literals
 *     (through DUP and SWAP); a divisor that is computed, e.g.
 *     "PUSH 5; PUSH 7; PUSH 7; SUB; DIV", or a zero stored into data memory
 *     and loaded back, divides by zero. Five or more verified instructions.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define CODE_MAX 16
#define STACK_MAX 8
#define MEM_SLOTS 4
#define MAX_STEPS 48

enum opcode { OP_HALT, OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_DUP, OP_SWAP, OP_JMP, OP_JZ, OP_LOAD, OP_STORE, NUM_OPS };

enum verdict {
    V_OK = 0,
    V_BAD_OPCODE = 1,
    V_TRUNCATED = 2,
    V_BAD_SLOT = 3,
    V_BAD_JUMP = 4,
    V_UNDERFLOW = 5,
    V_OVERFLOW = 6,
    V_LITERAL_DIV_ZERO = 7,
    V_CONST_BRANCH = 8,
};

/* Encoding size and stack effect: values popped, then pushed. */
struct op_info {
    uint8_t size, pops, pushes;
};

static const struct op_info op_table[NUM_OPS] = {
    [OP_HALT] = {1, 0, 0}, [OP_PUSH] = {2, 0, 1},  [OP_ADD] = {1, 2, 1},  [OP_SUB] = {1, 2, 1},
    [OP_MUL] = {1, 2, 1},  [OP_DIV] = {1, 2, 1},   [OP_DUP] = {1, 1, 2},  [OP_SWAP] = {1, 2, 2},
    [OP_JMP] = {2, 0, 0},  [OP_JZ] = {2, 1, 0},    [OP_LOAD] = {2, 0, 1}, [OP_STORE] = {2, 1, 0},
};

/* A decoded instruction. */
struct insn {
    int op;
    int32_t imm;   /* PUSH value, LOAD/STORE slot */
    int target;    /* JMP/JZ: index of the destination instruction */
    int pc;        /* byte offset */
    int depth_in;  /* verified stack depth before it */
    int rel;       /* JMP/JZ: raw byte displacement */
};

struct program {
    struct insn insns[CODE_MAX];
    int count;
    int ops_seen[NUM_OPS];
};

/* Update a set of tracked stack slots after an instruction; depth is the
 * depth after it and `literal` says whether the instruction is a PUSH whose
 * value belongs to the set. DUP and SWAP move membership around; results of
 * arithmetic and loads are never members. */
static unsigned track_slots(unsigned set, int op, bool literal, int depth) {
    unsigned below = (1u << depth) - 1; /* slots still on the stack */
    switch (op) {
    case OP_PUSH:
        set &= below >> 1;
        if (literal) set |= 1u << (depth - 1);
        return set;
    case OP_DUP:
        if ((set >> (depth - 2)) & 1) set |= 1u << (depth - 1);
        return set & below;
    case OP_SWAP: {
        unsigned a = (set >> (depth - 2)) & 1, b = (set >> (depth - 1)) & 1;
        set &= ~(3u << (depth - 2));
        return set | (a << (depth - 1)) | (b << (depth - 2));
    }
    default:
        /* popped slots are gone; pushed results are unknown */
        return set & below & ~(op_table[op].pushes ? 1u << (depth - 1) : 0u);
    }
}

static bool top_in(unsigned set, int depth) {
    return depth > 0 && ((set >> (depth - 1)) & 1);
}

/* A forward jump waiting for the scan to reach its destination. */
struct fixup {
    int insn;  /* index of the jump */
    int dest;  /* destination byte offset */
    int depth; /* stack depth along the jump edge */
};

/* Static checks in a single pass in code order, decoding as we go. The
 * stack depth is tracked along the fall-through path; a jump's destination
 * must agree with it: a backward destination has its depth recorded
 * already, a forward one is checked (like an assembler fix-up) when the scan
 * reaches it. */
static enum verdict verify(const uint8_t *code, int n, struct program *prog, int *bad_pc) {
    struct fixup fix[CODE_MAX];
    int nfix = 0;
    int depth = 0;
    /* Constant tracking for the divisor check: bit i set when stack slot i
     * holds a zero that came straight from a PUSH 0 (possibly DUPed or
     * SWAPped around). */
    unsigned zero_slots = 0;
    /* slots holding any literal: a JZ on one of them is a constant branch */
    unsigned const_slots = 0;
    int pc = 0;
    prog->count = 0;

    while (pc < n) {
        *bad_pc = pc;
        int here = prog->count;
        /* resolve forward jumps that land here */
        for (int j = 0; j < nfix; j++) {
            if (fix[j].dest != pc) continue;
            if (fix[j].depth != depth) return V_BAD_JUMP;
            prog->insns[fix[j].insn].target = here;
            fix[j] = fix[--nfix];
            j--;
        }

        int op;
        /* dispatch on the opcode byte */
        switch (code[pc]) {
        case OP_HALT: op = OP_HALT; break;
        case OP_PUSH: op = OP_PUSH; break;
        case OP_ADD: op = OP_ADD; break;
        case OP_SUB: op = OP_SUB; break;
        case OP_MUL: op = OP_MUL; break;
        case OP_DIV:
            if (top_in(zero_slots, depth)) return V_LITERAL_DIV_ZERO;
            op = OP_DIV;
            break;
        case OP_DUP: op = OP_DUP; break;
        case OP_SWAP: op = OP_SWAP; break;
        case OP_JMP: op = OP_JMP; break;
        case OP_JZ:
            if (top_in(const_slots, depth)) return V_CONST_BRANCH;
            op = OP_JZ;
            break;
        case OP_LOAD: op = OP_LOAD; break;
        case OP_STORE: op = OP_STORE; break;
        default: return V_BAD_OPCODE;
        }
        const struct op_info *info = &op_table[op];
        if (pc + info->size > n) return V_TRUNCATED;

        struct insn *in = &prog->insns[prog->count++];
        in->op = op;
        in->pc = pc;
        in->depth_in = depth;
        in->imm = 0;
        in->target = -1;
        in->rel = 0;
        if (op == OP_PUSH) in->imm = (int8_t)code[pc + 1];
        if (op == OP_LOAD || op == OP_STORE) {
            if (code[pc + 1] >= MEM_SLOTS) return V_BAD_SLOT;
            in->imm = code[pc + 1];
        }
        int dest = -1;
        if (op == OP_JMP || op == OP_JZ) {
            in->rel = (int8_t)code[pc + 1];
            dest = pc + 2 + in->rel;
            if (dest < 0 || dest >= n) return V_BAD_JUMP;
            if (dest == pc && op == OP_JMP) return V_BAD_JUMP; /* never ends */
            if (dest <= pc) {
                /* a loop back to an instruction already seen: it must be
                 * entered with the depth it was verified with */
                for (int k = 0; k <= here; k++)
                    if (prog->insns[k].pc == dest) in->target = k;
                if (in->target < 0) return V_BAD_JUMP; /* inside an instruction */
                if (prog->insns[in->target].depth_in != depth) return V_BAD_JUMP;
            }
        }

        depth -= info->pops;
        if (depth < 0) return V_UNDERFLOW;
        depth += info->pushes;
        if (depth > STACK_MAX) return V_OVERFLOW;
        zero_slots = track_slots(zero_slots, op, op == OP_PUSH && in->imm == 0, depth);
        const_slots = track_slots(const_slots, op, op == OP_PUSH, depth);

        if (dest > pc) fix[nfix++] = (struct fixup){here, dest, depth};
        prog->ops_seen[op]++;
        pc += info->size;
    }
    if (nfix > 0) {
        *bad_pc = prog->insns[fix[0].insn].pc;
        return V_BAD_JUMP; /* a forward jump into the middle of an instruction */
    }
    return V_OK;
}

struct vm {
    int32_t stack[STACK_MAX];
    int32_t mem[MEM_SLOTS];
    int sp;
    int steps;
};

enum run_result { R_HALT, R_FELL_OFF, R_STEP_LIMIT, R_ARITH_TRAP };

static int32_t pop(struct vm *m) {
    return m->stack[--m->sp];
}

static void push(struct vm *m, int32_t v) {
    m->stack[m->sp++] = v;
}

/* Two's-complement wrap-around without signed overflow in C. */
static int32_t wrap(uint32_t v) {
    return (int32_t)v;
}

static enum run_result run(struct vm *m, const struct program *prog) {
    int ip = 0;
    while (ip < prog->count) {
        if (++m->steps > MAX_STEPS) return R_STEP_LIMIT;
        const struct insn *in = &prog->insns[ip];
        int next = ip + 1;
        int32_t a, b;
        switch (in->op) {
        case OP_HALT: return R_HALT;
        case OP_PUSH: push(m, in->imm); break;
        case OP_ADD:
            b = pop(m);
            a = pop(m);
            push(m, wrap((uint32_t)a + (uint32_t)b));
            break;
        case OP_SUB:
            b = pop(m);
            a = pop(m);
            push(m, wrap((uint32_t)a - (uint32_t)b));
            break;
        case OP_MUL:
            b = pop(m);
            a = pop(m);
            push(m, wrap((uint32_t)a * (uint32_t)b));
            break;
        case OP_DIV:
            b = pop(m);
            a = pop(m);
            if (a == INT32_MIN && b == -1) return R_ARITH_TRAP; /* the one overflowing quotient */
            push(m, a / b);
            break;
        case OP_DUP:
            a = m->stack[m->sp - 1];
            push(m, a);
            break;
        case OP_SWAP:
            b = pop(m);
            a = pop(m);
            push(m, b);
            push(m, a);
            break;
        case OP_JMP: next = in->target; break;
        case OP_JZ:
            if (pop(m) == 0) next = in->target;
            break;
        case OP_LOAD: push(m, m->mem[in->imm]); break;
        case OP_STORE: m->mem[in->imm] = pop(m); break;
        default: return R_ARITH_TRAP; /* not reached: verified code */
        }
        ip = next;
    }
    return R_FELL_OFF;
}

int main(void) {
    uint8_t bytes[1 + CODE_MAX];
    symplex_make_symbolic(bytes, sizeof bytes, "prog");
    int n = bytes[0];
    symplex_assume((n >= 1) & (n <= CODE_MAX));

    static struct program prog;
    int bad_pc = -1;
    enum verdict v = verify(bytes + 1, n, &prog, &bad_pc);
    if (v != V_OK) return (int)v;

    struct vm m;
    memset(&m, 0, sizeof m);
    /* data memory starts with small non-zero constants */
    for (int i = 0; i < MEM_SLOTS; i++) m.mem[i] = i + 1;

    enum run_result r = run(&m, &prog);
    switch (r) {
    case R_STEP_LIMIT: return 10;
    case R_ARITH_TRAP: return 11;
    case R_HALT:
    case R_FELL_OFF: break;
    }
    if (m.sp == 0) return 12;
    int32_t top = m.stack[m.sp - 1];
    if (top == 42) return 13;
    if (top < 0) return 14;
    if (m.mem[0] != 1 && m.mem[3] != 4) return 15; /* the program used memory */
    if (prog.ops_seen[OP_JZ] > 0 && prog.ops_seen[OP_MUL] > 0) return 16;
    return 0;
}
