#!/usr/bin/env python3
"""End-to-end test of symplex-cov.

Usage: test_cov.py BIN_DIR WORK_DIR

- on tests/cov/known_branches.c (structure counted by hand in its header),
  a hand-made output directory of five tests gives the exact covered/total
  line and branch counts after each test, including a test that aborts and
  one that loops until the time limit (their counters must still be saved);
- the lcov tracefile and gcovr's own summary agree with those counts;
- the same counts from Test-Comp XML tests;
- on a symplex run, --check replays the error tests and all reproduce; an
  .err file edited to name another line is reported as not reproduced
  (exit 1);
- bad input: one line, exit 2.
"""
import json
import os
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import setup  # noqa: E402

bin_dir, work, check = setup()
cov = os.path.join(bin_dir, "symplex-cov")
prog = os.path.join(HERE, "cov", "known_branches.c")


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)


def write_ktest(path, value):
    """A ktest with one 4-byte object x, as symplex writes it."""
    d = b"KTEST" + struct.pack(">I", 3) + struct.pack(">I", 1) + struct.pack(">I", 4) + b"prog"
    d += struct.pack(">II", 0, 0) + struct.pack(">I", 1)
    d += struct.pack(">I", 1) + b"x" + struct.pack(">I", 4) + struct.pack("<i", value)
    open(path, "wb").write(d)


# In creation order: (value, outcome, new lines, new branches), per the header
# of known_branches.c:
#  -5: lines 10,11,12,20,22,23,24,26,28; branches 11 true, 24 false, 26 exit
#   5: lines 13,15,17; branches 11 false, 13 false, 15 (x > 100) false
# 150: lines 16,25 (abort); branches 15 (x > 100) true, (x < 200) true, 24 true
#   7: line 27 (loops until killed); branch 26 loop
#   0: line 14; branch 13 true          -> 16/16 lines, 11/12 branches
TESTS = [(-5, "exit", 9, 3), (5, "exit", 3, 3), (150, "error", 2, 3), (7, "early", 1, 1), (0, "exit", 1, 1)]

out = os.path.join(work, "handmade")
os.makedirs(out)
with open(os.path.join(out, "tests.csv"), "w") as f:
    f.write("test,outcome,kind,file,line,exit_status,time_s\n")
    for i, (v, outcome, _l, _b) in enumerate(TESTS, 1):
        write_ktest(os.path.join(out, "test%06d.ktest" % i), v)
        f.write("test%06d,%s,,,,,%.1f\n" % (i, outcome, i / 10))

p = run([cov, "--timeout=1", prog, out])
check(p.returncode == 0, "symplex-cov exits 0: " + p.stderr.decode(errors="replace")[-500:])
res = json.load(open(os.path.join(out, "coverage", "coverage.json")))
check(res["lines"]["covered"] == 16 and res["lines"]["total"] == 16,
      "lines 16/16, got %s" % res["lines"])
check(res["branches"]["covered"] == 11 and res["branches"]["total"] == 12,
      "branches 11/12, got %s" % res["branches"])
check(res["tests_adding_coverage"] == 5, "all 5 tests add coverage")
tl = res["timeline"]
check([e["test"] for e in tl] == ["test%06d" % i for i in range(1, 6)], "timeline in creation order")
for e, (v, _o, nl, nb) in zip(tl, TESTS):
    check((e["new_lines"], e["new_branches"]) == (nl, nb),
          "x=%d adds %d lines, %d branches; got %d, %d" % (v, nl, nb, e["new_lines"], e["new_branches"]))
check([e["time_s"] for e in tl] == [0.1, 0.2, 0.3, 0.4, 0.5], "timeline carries tests.csv's times")
check(tl[2]["exit"] != 0, "the abort test ends abnormally natively")
check(res["uncovered_lines"] == [], "no uncovered line")
csv_rows = open(os.path.join(out, "coverage", "timeline.csv")).read().splitlines()
check(csv_rows[0] == "test,time_s,outcome,lines_covered,branches_covered,new_lines,new_branches" and
      csv_rows[-1] == "test000005,0.5,exit,16,11,1,1", "timeline.csv: %s" % csv_rows[-1:])

info = open(os.path.join(out, "coverage", "coverage.info")).read().splitlines()
check("LF:16" in info and "LH:16" in info and "BRF:12" in info and "BRH:11" in info,
      "lcov tracefile totals: %s" % [l for l in info if l[:3] in ("LF:", "LH:", "BRF", "BRH")])
check(os.path.exists(os.path.join(out, "coverage", "html", "index.html")), "gcovr HTML report written")
g = run(["gcovr", "--json-summary", "-", "-r", os.path.dirname(prog), os.path.join(out, "coverage", "build")])
check(g.returncode == 0, "gcovr reads the final counters")
summ = json.loads(g.stdout or b"{}")
check((summ.get("line_covered"), summ.get("line_total"), summ.get("branch_covered"), summ.get("branch_total"))
      == (16, 16, 11, 12), "gcovr agrees: %s" % {k: v for k, v in summ.items() if k != "files"})

# Only the first two tests: the counts after them.
part = os.path.join(work, "two")
os.makedirs(part)
for i in (1, 2):
    shutil.copy(os.path.join(out, "test%06d.ktest" % i), part)
p = run([cov, "--no-html", prog, part])
res2 = json.load(open(os.path.join(part, "coverage", "coverage.json")))
check((res2["lines"]["covered"], res2["branches"]["covered"]) == (12, 6),
      "tests -5 and 5 cover 12 lines and 6 branches, got %s/%s" % (res2["lines"], res2["branches"]))
check(res2["uncovered_lines"] == [14, 16, 25, 27], "uncovered lines %s" % res2["uncovered_lines"])

# The same tests as Test-Comp XML: a program reading x with __VERIFIER_nondet_int.
xprog = os.path.join(work, "known_nondet.c")
src = open(prog).read().replace('int x;\n    symplex_make_symbolic(&x, sizeof x, "x");',
                                'int x = __VERIFIER_nondet_int();\n')
src = src.replace("#include <symplex.h>", "extern int __VERIFIER_nondet_int(void);")
open(xprog, "w").write(src)
xout = os.path.join(work, "xml")
os.makedirs(os.path.join(xout, "test-suite"))
for i, (v, _o, _l, _b) in enumerate(TESTS, 1):
    open(os.path.join(xout, "test-suite", "test%06d.xml" % i), "w").write(
        "<?xml version=\"1.0\"?>\n<testcase>\n  <input>%d</input>\n</testcase>\n" % v)
p = run([cov, "--timeout=1", "--no-html", xprog, xout])
res3 = json.load(open(os.path.join(xout, "coverage", "coverage.json")))
check(res3["tests_format"] == "xml" and res3["tests"] == 5, "XML tests found: %s" % p.stdout.decode()[-300:])
check((res3["lines"]["covered"], res3["branches"]["covered"]) == (16, 11),
      "XML tests give the same counts: %s %s" % (res3["lines"], res3["branches"]))

# --check on a real run with several bugs.
bugs = os.path.join(HERE, "programs", "bug_oob_heap_read.c")
bout = os.path.join(work, "bugs")
p = run([os.path.join(bin_dir, "symplex"), "--quiet", "--output-dir=" + bout, bugs])
p = run([cov, "--check", "--no-html", bugs, bout])
text = p.stdout.decode(errors="replace")
res4 = json.load(open(os.path.join(bout, "coverage", "coverage.json")))
n = res4["check"]["error_tests"]
check(p.returncode == 0 and n >= 1 and res4["check"]["reproduced"] == n,
      "all %d bugs reproduce: %s" % (n, text[-400:]))
check("bugs:     %d/%d error tests reproduce" % (n, n) in text, "--check prints the count")
err = [f for f in os.listdir(bout) if f.endswith(".err")][0]
body = open(os.path.join(bout, err)).read()
lines = body.split("\n")
lines = [("Line: 9999" if l.startswith("Line:") else l) for l in lines]
open(os.path.join(bout, err), "w").write("\n".join(lines))
csvp = os.path.join(bout, "tests.csv")
rows = open(csvp).read().split("\n")
test = err.split(".")[0]
rows = [",".join(r.split(",")[:4] + ["9999"] + r.split(",")[5:]) if r.startswith(test + ",") else r for r in rows]
open(csvp, "w").write("\n".join(rows))
p = run([cov, "--check", "--no-html", bugs, bout])
check(p.returncode == 1 and "not reproduced" in p.stdout.decode(errors="replace"),
      "a bug reported at the wrong line is not reproduced (exit 1): %s" % p.stdout.decode(errors="replace")[-300:])

# Bad input.
for args, what in (([prog, os.path.join(work, "nope")], "no such output directory"),
                   ([os.path.join(work, "nope.c"), out], "no such program"),
                   ([os.path.join(work, "x.bc"), out], "no such program"),
                   ([prog, os.path.join(work, "two", "coverage")], "holds no tests")):
    p = run([cov] + args)
    err = p.stderr.decode(errors="replace")
    check(p.returncode == 2 and err.count("\n") == 1 and what in err, "bad input %s: %r" % (what, err))
open(os.path.join(work, "broken.c"), "w").write("int main(void) { return }\n")
p = run([cov, os.path.join(work, "broken.c"), out])
err = p.stderr.decode(errors="replace")
check(p.returncode == 2 and err.count("\n") == 1 and "cannot compile" in err, "compile error: %r" % err)

check.finish()
