#!/usr/bin/env python3
"""Bad input and command-line checks for symplex: each case must give exactly one
line on stderr, a non-zero exit, no crash, and must not touch an earlier run's
output. Usage: test_cli.py BIN_DIR WORK_DIR"""
import os, subprocess, sys
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

# symplex-ktest on a bad file
r = subprocess.run([os.path.join(bin_dir, "symplex-ktest"), write("bad.ktest", "nope")], capture_output=True, text=True)
check(r.returncode != 0 and len(r.stderr.strip().splitlines()) == 1, f"symplex-ktest bad file: {r.returncode} {r.stderr!r}")

check.finish()
