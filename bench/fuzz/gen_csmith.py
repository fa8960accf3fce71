"""gen_csmith: a csmith program with part of its state made symbolic.

csmith (2.3.0, the Debian package) writes a program that computes over its
globals and prints a CRC of them. Its output is regular, and this module
relies on that: the globals are declared one a line (`static T g_N = ...;`),
and main calls crc32_gentab() before anything else and platform_main_end()
last. The program is changed in three ways:

- csmith.h is included by its absolute path, so that symplex and
  symplex-replay compile the program with no -I option;
- up to five scalar integer globals that the program's functions read become
  inputs (klee_make_symbolic right after crc32_gentab();), and one scalar
  integer parameter of a function (other than func_1) that uses it, made
  symbolic as the function starts, so each call gets a fresh input (six
  globals when no function has such a parameter). csmith's code is mostly
  guarded by constants: with three globals, 15 programs of 50 branched on
  an input, with five and a parameter 9 of 20;
- transparent_crc is replaced by a rotate-and-xor mix (fuzz_mix): csmith's CRC
  reads a 256-entry table at an index made of the symbolic bytes, which costs
  the solver seconds per query without testing anything the programs' own
  code does not;
- main returns the mix, folded to 6 bits, as its exit status (8..127, clear of
  the replay harness's own statuses), instead of printing the checksum: the
  exit status of every test is then a check of every global's final value
  between symplex and the native replay.
"""
import os
import random
import re
import subprocess

# Small programs that symplex explores in seconds (csmith --help).
OPTIONS = ["--max-funcs", "3", "--max-block-depth", "3", "--max-expr-complexity", "6",
           "--max-array-dim", "2", "--max-array-len-per-dim", "4", "--max-struct-fields", "6",
           "--no-argc", "--no-volatiles", "--no-volatile-pointers"]
INCLUDE = "/usr/include/csmith"
MAX_SYMBOLIC = 6
INT_TYPE = r"(?:u?int(?:8|16|32|64)_t)"

PRELUDE = """#include "/usr/include/csmith/csmith.h"
#include <klee/klee.h>
static uint32_t fuzz_sum;
static void fuzz_mix(uint64_t v, char *name, int flag)
{
    (void)name; (void)flag;
    fuzz_sum = ((fuzz_sum << 5) | (fuzz_sum >> 27)) ^ (uint32_t)v ^ (uint32_t)(v >> 32);
}
#define transparent_crc fuzz_mix
"""
EXIT = "return 8 | (int)((fuzz_sum ^ (fuzz_sum >> 8) ^ (fuzz_sum >> 16) ^ (fuzz_sum >> 24)) & 0x77);"


def available():
    """None when csmith and its headers are installed, else what is missing."""
    if subprocess.run(["sh", "-c", "command -v csmith"], stdout=subprocess.DEVNULL).returncode != 0:
        return "csmith not installed (Debian packages csmith, libcsmith-dev; scripts/install-deps.sh)"
    if not os.path.exists(os.path.join(INCLUDE, "csmith.h")):
        return "csmith.h not found in %s (Debian package libcsmith-dev)" % INCLUDE
    return None


def generate(seed, path):
    """csmith's program for this seed, written to path; returns the command."""
    cmd = ["csmith", "--seed", str(seed)] + OPTIONS + ["-o", path]
    # csmith writes platform.info into its working directory
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60,
                   cwd=os.path.dirname(path))
    return cmd


def symbolic_candidates(src):
    """Scalar integer globals (not const, not pointers or arrays) that some
    function reads (csmith lists them in a ` * reads :` comment above each
    function), other than loop counters, in declaration order."""
    decls = re.findall(r"^static %s (g_\d+) = [^;{]*;" % INT_TYPE, src, re.M)
    body_start = src.find("/* --- FUNCTIONS --- */")
    main_start = src.find("int main (void)")
    text = src[body_start:main_start] if 0 <= body_start < main_start else ""
    read = set(" ".join(re.findall(r"^ \* reads :(.*)$", text, re.M)).split())
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    # a loop counter (for (g_N = ...) loses its input value before it is read
    return [g for g in decls if g in read and not re.search(r"for \(%s = " % g, code)]


def parameter_candidates(src):
    """(function, parameter) pairs: scalar integer parameters of functions
    other than func_1 that their bodies use."""
    found = []
    for m in re.finditer(r"^static [^;\n]*\b(func_\d+)\(([^)]*)\)\n\{[^\n]*\n(.*?)^\}", src, re.M | re.S):
        fn, params, body = m.groups()
        if fn == "func_1":
            continue
        body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
        for p in re.findall(r"%s\s+(p_\d+)" % INT_TYPE, params):
            if re.search(r"\b%s\b" % p, body):
                found.append((fn, p))
    return found


def make_symbolic(name):
    return 'klee_make_symbolic(&%s, sizeof %s, "%s");' % (name, name, name)


def with_symbolic_parameter(src, fn, param):
    """src with param made symbolic as fn's definition starts."""
    return re.sub(r"^(static [^;\n]*\b%s\([^)]*\)\n\{[^\n]*\n)" % fn,
                  lambda m: m.group(1) + "    " + make_symbolic(param) + "\n", src, count=1, flags=re.M)


def instrument(src, seed):
    """The program with symbolic inputs and the exit status described above.
    Returns (text, names of the inputs); raises ValueError when the program
    does not have csmith's expected shape."""
    rng = random.Random(seed)
    cands, params = symbolic_candidates(src), parameter_candidates(src)
    param = rng.choice(params) if params else None
    n_globals = MAX_SYMBOLIC - (1 if param else 0)
    chosen = sorted(rng.sample(cands, min(n_globals, len(cands))), key=cands.index)
    calls = "".join("    %s\n" % make_symbolic(g) for g in chosen)
    if param:
        src = with_symbolic_parameter(src, *param)
        chosen.append("%s:%s" % param)
    out, n1 = re.subn(r'^#include "csmith.h"\n', lambda m: PRELUDE, src, count=1, flags=re.M)
    out, n2 = re.subn(r"^(\s*crc32_gentab\(\);\n)", lambda m: m.group(1) + calls, out, count=1, flags=re.M)
    out, n3 = re.subn(r"platform_main_end\([^;]*\);\s*return 0;", lambda m: EXIT, out, count=1)
    if (n1, n2, n3) != (1, 1, 1):
        raise ValueError("csmith output of unexpected shape (include %d, crc32_gentab %d, main end %d)" % (n1, n2, n3))
    return out, chosen


def native_ok(path, work, cc, timeout):
    """Whether csmith's unchanged program compiles and ends within timeout
    seconds natively (csmith's programs terminate, some only after minutes)."""
    exe = os.path.join(work, "native")
    c = subprocess.run([cc, "-O0", "-w", "-I" + INCLUDE, "-o", exe, path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if c.returncode != 0:
        return False, "native compile failed: " + c.stderr.decode(errors="replace").strip()[:200]
    try:
        r = subprocess.run([exe], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        ok, why = r.returncode == 0, "native exit %d" % r.returncode
    except subprocess.TimeoutExpired:
        ok, why = False, "native run longer than %gs" % timeout
    os.remove(exe)
    return ok, why


def make(seed, work, cc, tries=8, native_timeout=2.0):
    """A csmith program for this seed that ends quickly natively and has a
    global or parameter to make symbolic, made symbolic, written to work/prog.c. Seeds seed, seed+1, ... are tried in
    turn. Returns (path, note, the csmith command)."""
    raw = os.path.join(work, "csmith.c")
    why = ""
    for k in range(tries):
        cmd = generate(seed + k, raw)
        ok, why = native_ok(raw, work, cc, native_timeout)
        if not ok:
            continue
        text = open(raw).read()
        if not symbolic_candidates(text) and not parameter_candidates(text):
            why = "no global or parameter to make symbolic"
            continue
        text, chosen = instrument(text, seed + k)
        path = os.path.join(work, "prog.c")
        with open(path, "w") as f:
            f.write(text)
        os.remove(raw)
        return path, "csmith seed %d%s; symbolic: %s" % (
            seed + k, " (%d skipped)" % k if k else "", " ".join(chosen) or "none"), " ".join(cmd)
    raise RuntimeError("no usable csmith program from seeds %d..%d (%s)" % (seed, seed + tries - 1, why))
