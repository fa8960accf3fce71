/* The opaque math functions' list and their host evaluation (mathfn.h). */
#include "mathfn.h"

#include <math.h>
#include <string.h>

static const struct { const char *name; unsigned arity; } mathfn_info[MATHFN_COUNT] = {
#define MATHFN_INFO(id, name, arity) [MATHFN_##id] = {name, arity},
    MATHFN_LIST(MATHFN_INFO)
#undef MATHFN_INFO
};

const char *mathfn_name(MathFn fn) { return fn < MATHFN_COUNT ? mathfn_info[fn].name : "?"; }
unsigned mathfn_arity(MathFn fn) { return fn < MATHFN_COUNT ? mathfn_info[fn].arity : 0; }

bool mathfn_lookup(const char *name, MathFn *fn, bool *is_float) {
    size_t n = strlen(name);
    for (unsigned i = 0; i < MATHFN_COUNT; i++) {
        size_t ln = strlen(mathfn_info[i].name);
        if (strncmp(name, mathfn_info[i].name, ln) != 0) continue;
        if (n == ln || (n == ln + 1 && name[ln] == 'f')) {
            *fn = (MathFn)i;
            *is_float = n != ln;
            return true;
        }
    }
    return false;
}

/* One switch for both precisions: F is the suffix of the function's name. */
#define MATHFN_EVAL(T, F)                                 \
    switch (fn) {                                         \
    case MATHFN_SIN: return sin##F(a);                    \
    case MATHFN_COS: return cos##F(a);                    \
    case MATHFN_TAN: return tan##F(a);                    \
    case MATHFN_ASIN: return asin##F(a);                  \
    case MATHFN_ACOS: return acos##F(a);                  \
    case MATHFN_ATAN: return atan##F(a);                  \
    case MATHFN_SINH: return sinh##F(a);                  \
    case MATHFN_COSH: return cosh##F(a);                  \
    case MATHFN_TANH: return tanh##F(a);                  \
    case MATHFN_ASINH: return asinh##F(a);                \
    case MATHFN_ACOSH: return acosh##F(a);                \
    case MATHFN_ATANH: return atanh##F(a);                \
    case MATHFN_EXP: return exp##F(a);                    \
    case MATHFN_EXP2: return exp2##F(a);                  \
    case MATHFN_EXPM1: return expm1##F(a);                \
    case MATHFN_LOG: return log##F(a);                    \
    case MATHFN_LOG2: return log2##F(a);                  \
    case MATHFN_LOG10: return log10##F(a);                \
    case MATHFN_LOG1P: return log1p##F(a);                \
    case MATHFN_CBRT: return cbrt##F(a);                  \
    case MATHFN_ERF: return erf##F(a);                    \
    case MATHFN_ERFC: return erfc##F(a);                  \
    case MATHFN_TGAMMA: return tgamma##F(a);              \
    case MATHFN_ATAN2: return atan2##F(a, b);             \
    case MATHFN_POW: return pow##F(a, b);                 \
    case MATHFN_HYPOT: return hypot##F(a, b);             \
    default: return (T)NAN;                               \
    }

double mathfn_double(MathFn fn, double a, double b) { MATHFN_EVAL(double, ) }
float mathfn_float(MathFn fn, float a, float b) { MATHFN_EVAL(float, f) }
