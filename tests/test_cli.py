#!/usr/bin/env python3
"""Bad input and command-line checks for symplex: each case must give exactly one
line on stderr, a non-zero exit, no crash, and must not touch an earlier run's
output. Usage: test_cli.py BIN_DIR WORK_DIR"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")

def write(name, data, mode="w"):
    p = os.path.join(work, name)
    with open(p, mode) as f:
        f.write(data)
    return p

def run(args, cwd=work):
    return subprocess.run([symplex] + args, cwd=cwd, capture_output=True, text=True, timeout=120)

def one_line_error(r, what, needle):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 1, f"{what}: exit status {r.returncode}, expected 1")
    check(len(lines) == 1, f"{what}: expected one stderr line, got {lines!r}")
    check(bool(lines) and lines[0].startswith("symplex: error:"), f"{what}: message {lines!r}")
    check(bool(lines) and needle in lines[0], f"{what}: message should mention {needle!r}: {lines!r}")

good = write("good.c", "#include <symplex.h>\nint main(void){int x; symplex_make_symbolic(&x,sizeof x,\"x\");\n"
             "if (x > 3) return 1; return 0;}\n")
# an earlier run whose tests must survive everything below
r = run(["--quiet", "--output-dir=earlier", good])
check(r.returncode == 0, f"good run exits 0 (stderr: {r.stderr})")
earlier = sorted(os.listdir(os.path.join(work, "earlier")))
check(sum(f.endswith(".ktest") for f in earlier) == 2, f"good run writes 2 tests: {earlier}")

one_line_error(run(["--quiet", os.path.join(work, "missing.c")]), "missing file", "missing.c")
one_line_error(run(["--quiet", write("garbage.bc", b"BC\xc0\xde" + bytes(range(200)), "wb")]), "malformed .bc", "garbage.bc")
one_line_error(run(["--quiet", write("empty.bc", "")]), "empty .bc", "empty.bc")
one_line_error(run(["--quiet", write("nomain.c", "int f(int x) { return x + 1; }\n")]), "no main", "main")
one_line_error(run(["--quiet", write("broken.c", "int main(void) { return }\n")]), "compile error", "error")
one_line_error(run(["--bogus-option", good]), "unknown option", "--bogus-option")
one_line_error(run(["--max-time=abc", good]), "bad number", "abc")
one_line_error(run(["--search=sideways", good]), "unknown searcher", "sideways")
one_line_error(run([]), "no program", "no program")
one_line_error(run(["--quiet", "--output-dir=earlier", good]), "existing output directory", "earlier")

check(sorted(os.listdir(os.path.join(work, "earlier"))) == earlier, "earlier run's files untouched")
check(not any(d.startswith("symplex-out-") for d in os.listdir(work)), "failed runs leave no output directory")

# symplex-last points at the newest run
r = run(["--quiet", good])
check(r.returncode == 0, "default output directory run")
check(os.path.realpath(os.path.join(work, "symplex-last")) == os.path.realpath(os.path.join(work, "symplex-out-0")),
      "symplex-last -> symplex-out-0")

# inputs a user hands it: old C, preprocessed C, user flags, content over name
clang = "/usr/lib/llvm-16/bin/clang"
include = os.path.join(bin_dir, "..", "include")

def paths(out):
    return json.load(open(os.path.join(work, out, "summary.json")))["paths_completed"]

def runs(args, out, what):
    r = run(["--quiet", "--output-dir=" + out] + args)
    check(r.returncode == 0, f"{what}: exit status {r.returncode} ({r.stderr.strip()!r})")
    return paths(out) if r.returncode == 0 else None

# clang-16 makes implicit declarations, implicit int and int-conversion errors; gcc and SV-COMP tasks rely on them
old_c = write("oldc.c", "extern void abort(void);\nvoid reach_error() { abort(); }\ncounter;\n"
              "main() {\n  int x = __VERIFIER_nondet_int();\n  int y = __VERIFIER_nondet_int();\n"
              "  int *p = 0;\n  long q = p;\n"
              "  if (x > 10) { if (y < x) counter = 1; else counter = 2; } else counter = 3;\n  return q;\n}\n")
check(runs([old_c], "oldc", "old C") == 3, "old C: 3 paths")
subprocess.run([clang, "-E", old_c, "-o", os.path.join(work, "task.i")], check=True)
check(runs([os.path.join(work, "task.i")], "task-i", ".i from clang -E") == 3, ".i: 3 paths")

loop = write("loopn.c", "#include <symplex.h>\n#ifndef N\n#define N 1\n#endif\n"
             "int main(void) { int x = symplex_int(\"x\"), c = 0;\n"
             "  for (int i = 0; i < N; i++) if (x == i) c++;\n  return c; }\n")
check(runs([loop], "n-default", "no -D") == 2, "without -DN: 2 paths")
check(runs(["-DN=3", loop], "n-d", "-DN=3") == 4, "-DN=3: 4 paths")
check(runs(["-D", "N=3", loop], "n-d-sep", "-D N=3") == 4, "-D N=3: 4 paths")
check(runs(["--cflags=-DN=3", loop], "n-cflags", "--cflags") == 4, "--cflags=-DN=3: 4 paths")
# the user's flags come after symplex's -O0: at -O1 clang folds the loop's comparisons into one select
check((runs(["--cflags=-DN=3 -O1", loop], "n-o1", "--cflags -O1") or 4) < 4, "--cflags=-O1 overrides -O0: fewer paths")
one_line_error(run(["--quiet", "--cflags=-fno-such-flag", loop]), "bad --cflags", "-fno-such-flag")

# the content decides: bitcode under any name loads; text named .bc is refused; other text is C
dat = os.path.join(work, "loop.dat")
subprocess.run([clang, "-emit-llvm", "-c", "-g", "-I" + include, loop, "-o", dat], check=True)
check(runs([dat], "dat", "bitcode named .dat") == 2, "bitcode named .dat: 2 paths")
one_line_error(run(["--quiet", write("x.bc", "int main(void) { return 0; }\n")]), "text named .bc", "x.bc")
check(runs([write("prog.txt", open(loop).read())], "txt", "C named .txt") == 2, "C source named .txt: 2 paths")
one_line_error(run(["--quiet", write("blob.dat", b"\x00\x01\x02binary", "wb")]), "binary .dat", "blob.dat")

# symplex-ktest on a bad file
r = subprocess.run([os.path.join(bin_dir, "symplex-ktest"), write("bad.ktest", "nope")], capture_output=True, text=True)
check(r.returncode != 0 and len(r.stderr.strip().splitlines()) == 1, f"symplex-ktest bad file: {r.returncode} {r.stderr!r}")

check.finish()
