/* mathfn: the C library's math functions that IEEE-754 does not define
 * exactly (sin, exp, pow, ...). symplex treats a call with a symbolic argument
 * as an opaque function symbol: the expression layer evaluates it with the
 * host's libm (the library a test replays against natively), Z3 sees an
 * uninterpreted function, and a model is believed only after evaluation
 * checks it. This header is the one list the IR lowering, the expression
 * layer and the solvers share; it depends on nothing. */
#ifndef SYMPLEX_MATHFN_H
#define SYMPLEX_MATHFN_H
#include <stdbool.h>

/* X(ID, C name, arity). lgamma is left out: it writes the global signgam, so
 * it is not a function of its argument alone. */
#define MATHFN_LIST(X)                                                                                \
    X(SIN, "sin", 1) X(COS, "cos", 1) X(TAN, "tan", 1) X(ASIN, "asin", 1) X(ACOS, "acos", 1)          \
    X(ATAN, "atan", 1) X(SINH, "sinh", 1) X(COSH, "cosh", 1) X(TANH, "tanh", 1) X(ASINH, "asinh", 1)  \
    X(ACOSH, "acosh", 1) X(ATANH, "atanh", 1) X(EXP, "exp", 1) X(EXP2, "exp2", 1)                     \
    X(EXPM1, "expm1", 1) X(LOG, "log", 1) X(LOG2, "log2", 1) X(LOG10, "log10", 1) X(LOG1P, "log1p", 1) \
    X(CBRT, "cbrt", 1) X(ERF, "erf", 1) X(ERFC, "erfc", 1) X(TGAMMA, "tgamma", 1)                     \
    X(ATAN2, "atan2", 2) X(POW, "pow", 2) X(HYPOT, "hypot", 2)

typedef enum MathFn {
#define MATHFN_ENUM(id, name, arity) MATHFN_##id,
    MATHFN_LIST(MATHFN_ENUM)
#undef MATHFN_ENUM
    MATHFN_COUNT
} MathFn;

const char *mathfn_name(MathFn fn);   /* the double version's C name */
unsigned mathfn_arity(MathFn fn);
/* The function a C name calls: "sin" (double) or "sinf" (float; *is_float
 * set). False for any other name. */
bool mathfn_lookup(const char *name, MathFn *fn, bool *is_float);
/* The host libm's value, in the argument's precision. */
double mathfn_double(MathFn fn, double a, double b);
float mathfn_float(MathFn fn, float a, float b);

#endif
