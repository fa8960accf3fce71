/* value: what a register (or a loaded memory cell) holds.
 * Concrete values are unboxed: `e == NULL` means the value is the constant `c`
 * (already truncated to its width). Only symbolic values point to an Expr, and a
 * Value holding an Expr owns one reference to it. The concrete path therefore
 * never allocates.
 *
 * A symbolic pointer also remembers the object it was computed from (`obj`,
 * that object's id + 1; 0 when unknown): getelementptr from a concrete
 * address inside an object sets it and passes it on. C gives a pointer no
 * way out of its object, so an access through it is checked against that
 * object alone; otherwise an index that runs far past a table would be served
 * by whichever object the solver lands in, and the bug reported later and
 * elsewhere than a native run reports it. The field lives in the struct's
 * padding, so registers cost nothing more. */
#ifndef SYMPLEX_VALUE_H
#define SYMPLEX_VALUE_H
#include "../expr/expr.h"

typedef struct Value {
    u128 c;
    Expr *e;
    uint32_t obj; /* symbolic pointers: id + 1 of the object they point into, or 0 */
} Value;

static inline Value value_concrete(u128 c) { Value v = {c, NULL, 0}; return v; }
/* Takes ownership of e; a constant Expr is unboxed (and released). */
static inline Value value_from_expr(Expr *e) {
    Value v = {0, NULL, 0};
    if (e->kind == EXPR_CONST) { v.c = e->u.value; expr_unref(e); }
    else v.e = e;
    return v;
}
/* A new reference to the value as an Expr of the given width. */
static inline Expr *value_to_expr(Value v, unsigned width) {
    return v.e ? expr_ref(v.e) : expr_const(v.c, width);
}
static inline bool value_is_symbolic(Value v) { return v.e != NULL; }
static inline void value_release(Value *v) { expr_unref(v->e); v->e = NULL; }
static inline Value value_copy(Value v) { if (v.e) expr_ref(v.e); return v; }

#endif
