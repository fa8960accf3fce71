"""gen_float: random floating-point expression programs.

Each program makes two to four float/double (and sometimes int) inputs
symbolic (float more often than double, whose queries cost more),
computes random expressions over + - * / fma sqrt fabs fmin fmax
copysign, float<->double and int<->float conversions, branches on comparisons
of them and on isnan/isinf/signbit, and mixes the raw bits of every result
into a 32-bit sum that main returns, folded to 6 bits (8..127), as its exit
status. The constants include signed zeros, subnormals, infinities and NaNs
with payloads and either sign, so NaN sign and payload propagation decide
exit statuses and branches. A conversion to int is guarded (NaN and
out-of-range give -1) three times in four; the unguarded ones are undefined
for such values, which symplex must report as `float-cast` where the native
run's UBSan does.

With nan_blind (bench/fuzz/run --nan-blind, for triage), NaN signs and
payloads cannot reach the exit status or a branch: the mix sees every NaN as
one, signbit and copysign treat a NaN as positive. The programs are
otherwise the same for the same seed.

Sizes are small (few inputs, expression depth 2, a handful of statements)
because Z3's floating-point queries grow fast with each double multiplication.
"""
import random
import re

FLOAT_CONSTS = ["0.0", "-0.0", "1.0", "-1.5", "0.1", "3.0", "1e30", "-1e-30", "1e38", "1e-45",
                "INFINITY", "-INFINITY", "NAN", "-NAN", "__builtin_nan(\"0x5\")", "-__builtin_nan(\"0x2a\")"]
DOUBLE_EXTRA = ["1e308", "4.9e-324", "-2.2250738585072014e-308", "__builtin_nan(\"0x7ffff\")"]
INT_CONSTS = ["0", "1", "-1", "7", "-100", "2147483647", "(-2147483647 - 1)", "16777217"]

PRELUDE = """#include <math.h>
#include <stdint.h>
#include <string.h>
#include <klee/klee.h>

%s
static uint32_t fuzz_sum;
static inline void fuzz_mix(uint32_t v) { fuzz_sum = ((fuzz_sum << 5) | (fuzz_sum >> 27)) ^ v; }
static inline void fuzz_mix_f(float v) { uint32_t b; v = FUZZ_NAN(v); memcpy(&b, &v, sizeof b); fuzz_mix(b); }
static inline void fuzz_mix_d(double v)
{
    uint64_t b;
    v = FUZZ_NAN(v);
    memcpy(&b, &v, sizeof b);
    fuzz_mix((uint32_t)b);
    fuzz_mix((uint32_t)(b >> 32));
}

"""
NAN_BITS = """#define FUZZ_NAN(v) (v)
#define FUZZ_SIGNBIT(v) signbit(v)
#define FUZZ_COPYSIGN(a, b) copysign(a, b)
#define FUZZ_COPYSIGNF(a, b) copysignf(a, b)
"""
NAN_BLIND = """#define FUZZ_NAN(v) (isnan(v) ? NAN : (v))
#define FUZZ_SIGNBIT(v) (!isnan(v) && signbit(v))
#define FUZZ_COPYSIGN(a, b) (isnan(b) ? fabs(a) : copysign(a, b))
#define FUZZ_COPYSIGNF(a, b) (isnan(b) ? fabsf(a) : copysignf(a, b))
"""
EXIT = "    return 8 | (int)((fuzz_sum ^ (fuzz_sum >> 8) ^ (fuzz_sum >> 16) ^ (fuzz_sum >> 24)) & 0x77);\n"
CTYPE = {"f": "float", "d": "double", "i": "int"}


class Gen:
    def __init__(self, seed, nan_blind=False):
        self.nan_blind = nan_blind
        self.r = random.Random(seed)
        self.vars = []  # (name, type) readable at this point
        self.lines = []

    def const(self, t):
        if t == "i":
            return self.r.choice(INT_CONSTS)
        c = self.r.choice(FLOAT_CONSTS + (DOUBLE_EXTRA if t == "d" else []))
        if t == "f":
            c = c.replace("__builtin_nan(", "__builtin_nanf(")
            if c[-1].isdigit():
                c += "f"
            return c
        return c

    def leaf(self, t):
        same = [n for n, vt in self.vars if vt == t]
        if same and self.r.random() < 0.75:
            return self.r.choice(same)
        other = [n for n, vt in self.vars if vt != t and vt != "i"]
        if other and t != "i" and self.r.random() < 0.5:
            return "(%s)%s" % (CTYPE[t], self.r.choice(other))
        return self.const(t)

    def fexpr(self, t, depth):
        if depth == 0 or self.r.random() < 0.25:
            return self.leaf(t)
        s = "f" if t == "f" else ""
        a = lambda: self.fexpr(t, depth - 1)  # noqa: E731
        k = self.r.randrange(12)
        if k < 4:
            return "(%s %s %s)" % (a(), "+-*/"[k], a())
        if k == 4:
            return "fma%s(%s, %s, %s)" % (s, a(), a(), a())
        if k == 5:
            return "%s%s(%s)" % (self.r.choice(["sqrt", "fabs"]), s, a())
        if k == 6:
            fn = self.r.choice(["fmin", "fmax", "copysign"])
            if fn == "copysign":
                return "FUZZ_COPYSIGN%s(%s, %s)" % (s.upper(), a(), a())
            return "%s%s(%s, %s)" % (fn, s, a(), a())
        if k == 7:
            return "(-(%s))" % a()
        if k == 8:
            other = "d" if t == "f" else "f"
            return "(%s)%s" % (CTYPE[t], self.fexpr(other, depth - 1))
        if k == 9:
            return "(%s)%s" % (CTYPE[t], self.iexpr(depth - 1))
        if k == 10:
            return "(%s ? %s : %s)" % (self.cond(depth - 1), a(), a())
        return self.leaf(t)

    def iexpr(self, depth):
        if depth == 0 or self.r.random() < 0.3:
            return self.leaf("i")
        k = self.r.randrange(5)
        if k <= 1:
            t = self.r.choice("fd")
            x = self.fexpr(t, depth - 1)
            # An unguarded conversion of constants only is folded to poison by
            # clang (no instruction left for symplex to check) while the
            # native build's UBSan reports it: guard those.
            if self.r.random() < 0.75 or not re.search(r"\b[xt]\d+\b", x):
                return "(fabs%s(%s) < 1e9%s ? (int)%s : -1)" % ("f" if t == "f" else "", x, "f" if t == "f" else "", x)
            return "(int)%s" % x
        if k == 2:
            return "(%s %s %s)" % (self.iexpr(depth - 1), self.r.choice("&|^"), self.iexpr(depth - 1))
        if k == 3:
            return "(%s)" % self.cond(depth - 1)
        return self.leaf("i")

    def cond(self, depth):
        t = self.r.choice("fd")
        k = self.r.randrange(6)
        x = self.fexpr(t, depth)
        if k == 0:
            return "isnan(%s)" % x
        if k == 1:
            return "isinf(%s)" % x
        if k == 2:
            return "(FUZZ_SIGNBIT(%s) != 0)" % x
        return "(%s %s %s)" % (x, self.r.choice(["<", "<=", "==", "!=", ">", ">="]), self.fexpr(t, depth))

    def mix(self, name, t, ind):
        fn = {"f": "fuzz_mix_f", "d": "fuzz_mix_d", "i": "fuzz_mix"}[t]
        cast = "(uint32_t)" if t == "i" else ""
        self.lines.append("%s%s(%s%s);" % (ind, fn, cast, name))

    def classify(self, name, ind):
        """Branches on the kind of a float result: NaN (and its sign), infinity, zero sign."""
        self.lines.append("%sif (isnan(%s)) {" % (ind, name))
        self.lines.append("%s    if (FUZZ_SIGNBIT(%s)) fuzz_mix(11); else fuzz_mix(12);" % (ind, name))
        self.lines.append("%s} else if (isinf(%s)) {" % (ind, name))
        self.lines.append("%s    fuzz_mix(13);" % ind)
        self.lines.append("%s} else if (%s == 0 && FUZZ_SIGNBIT(%s)) {" % (ind, name, name))
        self.lines.append("%s    fuzz_mix(14);" % ind)
        self.lines.append("%s}" % ind)

    def stmt(self, ind, depth, temps):
        k = self.r.randrange(10)
        if k < 5 or not temps:
            t = self.r.choice("fffdi")
            name = "t%d" % len(temps)
            e = self.iexpr(2) if t == "i" else self.fexpr(t, 2)
            self.lines.append("%s%s %s = %s;" % (ind, CTYPE[t], name, e))
            temps.append((name, t))
            self.vars.append((name, t))
            if t != "i" and self.r.random() < 0.5:
                self.classify(name, ind)
            return
        if k < 8 and depth < 2:
            self.lines.append("%sif (%s) {" % (ind, self.cond(1)))
            self.branch_body(ind, depth, temps)
            self.lines.append("%s} else {" % ind)
            self.branch_body(ind, depth, temps)
            self.lines.append("%s}" % ind)
            return
        name, t = self.r.choice(temps)
        self.mix(name, t, ind)

    def branch_body(self, ind, depth, temps):
        """Statements of one side of a branch: assignments to the temporaries
        declared before it (new ones would be out of scope after) and mixes."""
        for _ in range(self.r.randint(1, 2)):
            name, t = self.r.choice(temps) if temps else (None, None)
            if name and self.r.random() < 0.6:
                e = self.iexpr(1) if t == "i" else self.fexpr(t, 1)
                self.lines.append("%s    %s = %s;" % (ind, name, e))
            else:
                self.lines.append("%s    fuzz_mix(%d);" % (ind, self.r.randrange(100, 200)))

    def program(self):
        n_in = self.r.randint(2, 4)
        body = ["int main(void)", "{"]
        for i in range(n_in):
            t = self.r.choice("ffd" + ("i" if i else ""))
            name = "x%d" % i
            body.append("    %s %s;" % (CTYPE[t], name))
            body.append('    klee_make_symbolic(&%s, sizeof %s, "%s");' % (name, name, name))
            self.vars.append((name, t))
        temps = []
        for _ in range(self.r.randint(3, 6)):
            self.stmt("    ", 0, temps)
        for name, t in temps:
            self.mix(name, t, "    ")
        return PRELUDE % (NAN_BLIND if self.nan_blind else NAN_BITS) + "\n".join(body + self.lines) + "\n" + EXIT + "}\n"


def make(seed, path, nan_blind=False):
    """Writes the program for this seed to path; returns a note."""
    with open(path, "w") as f:
        f.write(Gen(seed, nan_blind).program())
    return "float seed %d%s" % (seed, " (NaN-blind)" if nan_blind else "")
