/* expr: hash-consed, reference-counted, immutable bit-vector expressions.
 *
 * Ownership convention (the one rule): every function that returns an Expr*
 * returns a NEW reference that the caller owns and must release with
 * expr_unref(); every Expr* argument is BORROWED (the callee takes its own
 * reference if it keeps it). So `Expr *s = expr_add(a, b); ... expr_unref(s);`
 * and a, b keep their own references.
 *
 * Hash-consing makes structural equality pointer equality: two calls building the
 * same expression return the same pointer. Builders fold constants and apply
 * cheap rewrites, so `expr_add(c1, c2)` of two constants is a constant.
 *
 * Booleans are width-1 bit-vectors. Widths are 1..128 bits; constants are stored
 * as unsigned __int128 truncated to the width.
 *
 * Not thread-safe: the engine is single-threaded.
 */
#ifndef SYMPLEX_EXPR_H
#define SYMPLEX_EXPR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef unsigned __int128 u128;

typedef enum ExprKind {
    EXPR_CONST,
    EXPR_READ,    /* one byte (width 8) of an array at a 32-bit index, through an update list */
    EXPR_CONCAT,  /* kids[0] is the high part, kids[1] the low part */
    EXPR_EXTRACT, /* bits [off, off+width) of kids[0] */
    EXPR_ZEXT,
    EXPR_SEXT,
    EXPR_ITE, /* kids[0] (width 1) ? kids[1] : kids[2] */
    /* binary arithmetic and bitwise, operands and result of the same width */
    EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_UDIV, EXPR_SDIV, EXPR_UREM, EXPR_SREM,
    EXPR_AND, EXPR_OR, EXPR_XOR, EXPR_SHL, EXPR_LSHR, EXPR_ASHR,
    EXPR_NOT, /* bitwise complement, unary */
    /* comparisons: operands of equal width, result width 1 */
    EXPR_EQ, EXPR_ULT, EXPR_ULE, EXPR_SLT, EXPR_SLE,
    /* IEEE-754 floating point over bit patterns: a width-32 operand is a binary32,
     * width 64 a binary64 (see expr_fp.h). Kinds that round keep their
     * ExprRound in u.off. A NaN result follows the platform (expr_fp.h). */
    EXPR_FADD, EXPR_FSUB, EXPR_FMUL, EXPR_FDIV, /* rounding, operands and result of one width */
    EXPR_FREM,                                  /* C's fmod: exact, no rounding */
    EXPR_FMA,                                   /* kids[0] * kids[1] + kids[2], rounded once */
    EXPR_FSQRT, EXPR_FRINT,                     /* unary; FRINT rounds to an integral value */
    EXPR_FOEQ, EXPR_FOLT, EXPR_FOLE, EXPR_FUNO, /* width 1; the ordered ones are false on a NaN */
    EXPR_FCONV,                                 /* to another float width, rounding */
    EXPR_FTOSI, EXPR_FTOUI,                     /* to an integer of the node's width, toward zero */
    EXPR_SITOF, EXPR_UITOF,                     /* integer kid to a float of the node's width, rounding */
    EXPR_FCALL, /* an opaque math function (MathFn in u.off) of one or two floats of the node's width */
    EXPR_KIND_COUNT
} ExprKind;

typedef struct Expr Expr;
typedef struct Array Array;
typedef struct UpdateNode UpdateNode;

/* A symbolic byte array: a named input (init == NULL: every byte unconstrained)
 * or a constant array (init != NULL: its `size` initial bytes are given). Arrays
 * are created once and live until expr_shutdown(); they are compared by pointer.
 *
 * Past its end (index >= size) an array reads 0, unless a write put something
 * there: in evaluation, folding, every solver layer and the SMT-LIB2 output
 * alike. The executor never reads past an object (a bounds check forks the
 * access first, and its in-bounds side constrains the index), so the value
 * only decides queries whose path leaves the index free; one value for all
 * layers keeps their answers and models the same there. 0 is evaluation's
 * (a model must evaluate somehow) and a constant array's in the array theory
 * (a constant-0 array under stores). */
struct Array {
    char *name;      /* unique among arrays of a run (expr_array_new makes it so) */
    uint32_t size;   /* in bytes */
    uint32_t id;     /* creation order, dense from 0 */
    uint8_t *init;   /* NULL for symbolic inputs */
    /* The smallest load or store width, in bytes, the executor saw into the
     * object whose contents this is (0: not known). A hint for the array
     * solver's axiom pruning, which proves the congruence it relies on. */
    uint8_t access;
    /* Suffixes 1..suffixes of this name are taken: where expr_array_new's
     * search for a free `name_N` resumes, so the N-th array made under one
     * name costs O(1) amortised, not N probes. */
    uint32_t suffixes;
};

/* Persistent singly-linked list of writes, newest first. Shared between update
 * lists that extend it; reference counted like Expr. */
struct UpdateNode {
    UpdateNode *next;  /* older write, or NULL */
    Expr *index;       /* width 32 */
    Expr *value;       /* width 8 */
    uint32_t refs;
    uint32_t len;      /* writes in this list, including this one */
    uint64_t hash;
};

struct Expr {
    uint8_t kind;      /* ExprKind */
    uint8_t nkids;
    uint16_t width;    /* 1..128 */
    uint32_t refs;
    uint64_t hash;
    Expr *kids[3];
    union {
        u128 value;                           /* EXPR_CONST */
        uint32_t off;                         /* EXPR_EXTRACT; ExprRound of rounding FP kinds; EXPR_FCALL's MathFn */
        struct { Array *array; UpdateNode *updates; } read; /* EXPR_READ; kids[0] = index */
    } u;
};

/* ---- lifetime ---- */
Expr *expr_ref(Expr *e);         /* returns e */
void expr_release_ref(Expr *e);  /* e non-NULL: drops one reference */
/* NULL is fine. Inline so the interpreter's concrete registers (no Expr)
 * cost a test, not a call, when overwritten. */
static inline void expr_unref(Expr *e) { if (e) expr_release_ref(e); }
size_t expr_live_count(void);    /* expressions currently alive (tests, stats) */
void expr_shutdown(void);        /* frees every array; call after all exprs released */

/* ---- arrays and update lists ---- */
/* The name is made unique by appending _N if it was used before. `init` (may be
 * NULL) is copied. */
Array *expr_array_new(const char *name, uint32_t size, const uint8_t *init);
/* Returns a new reference to the list `next` extended by one write. */
UpdateNode *expr_update(UpdateNode *next, Expr *index, Expr *value);
UpdateNode *expr_update_ref(UpdateNode *u);
void expr_update_unref(UpdateNode *u);
/* Every array created so far, in creation order. */
size_t expr_array_count(void);
Array *expr_array_at(size_t i);
/* Name-table slots expr_array_new looked at so far: the work count the tests
 * hold linear in the number of arrays (KLEE's naming probed name_1..name_N). */
uint64_t expr_array_name_probes(void);

/* ---- builders (simplifying, hash-consed) ---- */
Expr *expr_const(u128 value, unsigned width);
Expr *expr_bool(bool b);
Expr *expr_read(Array *a, UpdateNode *updates, Expr *index32);
/* Read e may reach its input array's own bytes at an index past its end:
 * translations into the array theory, where an input array is unconstrained
 * everywhere, must give such a read 0 there. */
bool expr_read_may_pass_end(const Expr *e);
/* Little-endian read of `nbytes` bytes starting at index32 (a concat of reads). */
Expr *expr_read_le(Array *a, UpdateNode *updates, Expr *index32, unsigned nbytes);
Expr *expr_concat(Expr *hi, Expr *lo);
Expr *expr_extract(Expr *e, unsigned off, unsigned width);
Expr *expr_zext(Expr *e, unsigned width);   /* width >= e->width; equal returns e */
Expr *expr_sext(Expr *e, unsigned width);
Expr *expr_trunc_or_zext(Expr *e, unsigned width);
Expr *expr_ite(Expr *c, Expr *t, Expr *f);
Expr *expr_binary(ExprKind k, Expr *a, Expr *b); /* any binary kind incl. comparisons */
Expr *expr_add(Expr *a, Expr *b);
Expr *expr_sub(Expr *a, Expr *b);
Expr *expr_mul(Expr *a, Expr *b);
Expr *expr_udiv(Expr *a, Expr *b);
Expr *expr_sdiv(Expr *a, Expr *b);
Expr *expr_urem(Expr *a, Expr *b);
Expr *expr_srem(Expr *a, Expr *b);
Expr *expr_and(Expr *a, Expr *b);
Expr *expr_or(Expr *a, Expr *b);
Expr *expr_xor(Expr *a, Expr *b);
Expr *expr_shl(Expr *a, Expr *b);
Expr *expr_lshr(Expr *a, Expr *b);
Expr *expr_ashr(Expr *a, Expr *b);
Expr *expr_not(Expr *a);                    /* bitwise; on width 1 it is logical not */
Expr *expr_neg(Expr *a);                    /* 0 - a */
Expr *expr_eq(Expr *a, Expr *b);
Expr *expr_ne(Expr *a, Expr *b);
Expr *expr_ult(Expr *a, Expr *b);
Expr *expr_ule(Expr *a, Expr *b);
Expr *expr_ugt(Expr *a, Expr *b);
Expr *expr_uge(Expr *a, Expr *b);
Expr *expr_slt(Expr *a, Expr *b);
Expr *expr_sle(Expr *a, Expr *b);
Expr *expr_sgt(Expr *a, Expr *b);
Expr *expr_sge(Expr *a, Expr *b);
Expr *expr_bool_and(Expr *a, Expr *b);      /* width 1 */
Expr *expr_bool_or(Expr *a, Expr *b);
/* Same kind with new kids (used by substitution); kids borrowed. */
Expr *expr_rebuild(const Expr *e, Expr **kids);

/* ---- queries ---- */
static inline bool expr_is_const(const Expr *e) { return e->kind == EXPR_CONST; }
static inline bool expr_is_true(const Expr *e) { return e->kind == EXPR_CONST && e->width == 1 && e->u.value; }
static inline bool expr_is_false(const Expr *e) { return e->kind == EXPR_CONST && e->width == 1 && !e->u.value; }
static inline u128 expr_mask(unsigned width) { return width >= 128 ? ~(u128)0 : (((u128)1 << width) - 1); }
/* Sign-extend a width-bit constant to 128 bits. */
static inline __int128 expr_signed(u128 v, unsigned width) {
    if (width >= 128) return (__int128)v;
    u128 sign = (u128)1 << (width - 1);
    v &= expr_mask(width);
    return (__int128)((v ^ sign) - sign);
}

/* Arrays read anywhere in e (each once), appended to *out (a VEC of Array*). */
typedef struct ArraySet { Array **data; size_t len, cap; } ArraySet;
void expr_collect_arrays(Expr *e, ArraySet *out);
/* The same for es[0..n) and goal (may be NULL) in one pass over a set: a
 * query's arrays cost O(its size), not O(constraints x arrays). */
void expr_collect_arrays_all(Expr *const *es, size_t n, Expr *goal, ArraySet *out);
/* Calls visit once for each distinct read node in e, those in the indices
 * and values of update lists included. */
void expr_each_read(Expr *e, void (*visit)(Expr *read, void *ctx), void *ctx);
void expr_array_set_free(ArraySet *s);

/* ---- evaluation ---- */
/* A (possibly partial) assignment of bytes to arrays. Unassigned input bytes
 * evaluate to 0. Persistent (src/expr/assignment.c): a copy shares the
 * other's structure and costs O(1); changing one array then copies only
 * that array's bytes and its path, O(log32 of its id). */
typedef struct Assignment {
    void *root;           /* the trie's top node, shared with copies */
    uint32_t shift;       /* the root's level: it holds ids below 32 << shift */
    size_t n;             /* arrays assigned */
    uint64_t total_bytes; /* their sizes added up */
    uint32_t largest;     /* the largest array's size: what changing one array may copy (exec_trim_model) */
} Assignment;
void assignment_init(Assignment *a);
void assignment_free(Assignment *a);
void assignment_clear(Assignment *a);
/* dst becomes a copy of src (dst == src: nothing happens). */
void assignment_copy(Assignment *dst, const Assignment *src);
/* Sets the bytes of array `arr` (copied). */
void assignment_set(Assignment *a, Array *arr, const uint8_t *bytes);
/* The bytes of `arr`, or NULL if unassigned. They stay valid until `a`
 * changes or goes. */
const uint8_t *assignment_get(const Assignment *a, const Array *arr);
/* The bytes of `arr` to write in place (NULL if unassigned): `a` alone sees
 * the writes, whatever copies share them now. */
uint8_t *assignment_bytes_mut(Assignment *a, const Array *arr);
/* Calls fn for every array of `a`, in the order of their ids. */
void assignment_each(const Assignment *a, void (*fn)(Array *arr, const uint8_t *bytes, void *ctx), void *ctx);
/* Sets every array of src in dst. */
void assignment_merge(Assignment *dst, const Assignment *src);
/* Entries all lookups in assignments looked at so far (a work count, like
 * expr_array_name_probes). */
uint64_t assignment_probes(void);
/* Concrete value of e under the assignment. */
u128 expr_eval(Expr *e, const Assignment *a);

/* ---- printing ---- */
/* SMT-LIB2 script: declarations of every array, one assert per constraint,
 * then (check-sat). `goal` may be NULL; if not, it is asserted too (a Query's
 * constraints ∧ expr). */
void expr_print_smt2(FILE *f, Expr *const *constraints, size_t n, Expr *goal);
/* Human-readable one-line form (debugging, error messages). */
void expr_print(FILE *f, Expr *e);

#endif
