#!/usr/bin/env python3
"""The concolic walk as a solver layer (--solver=cw).

tests/programs/cw_nonlinear.c behind --solver-linear-only (every query with a
non-linear conjunct gives up before Z3): without the walk only its linear
assertion fails; with --solver=cw all four do, and summary.json counts the
walk's queries and solutions. --solver=cw-first walks each non-linear query
briefly before Z3. --cw-compare walks every non-linear query Z3
answered too: the CSV must never show the walk finding a model of a query Z3
proved UNSAT. An undecided branch side ends its state unless --drop-undecided
is given. Bad --solver values and --cw-compare alone are refused.

Usage: test_cw.py BIN_DIR WORK_DIR"""
import csv
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
prog = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs", "cw_nonlinear.c")


def run(args, out):
    d = os.path.join(work, out)
    r = subprocess.run([symplex, "--quiet", "--max-time=60", "--output-dir=" + d] + args + [prog],
                       capture_output=True, text=True, timeout=300)
    return r, d


def assert_lines(d):
    lines = set()
    for e in glob.glob(os.path.join(d, "*.assert.err")):
        m = re.search(r"^Line: (\d+)$", open(e).read(), re.M)
        if m:
            lines.add(int(m.group(1)))
    return lines


r, plain = run(["--solver-linear-only"], "plain")
check(r.returncode == 0, "linear-only run exits 0: " + r.stderr[-300:])
s = json.load(open(os.path.join(plain, "summary.json")))
check(assert_lines(plain) == {27}, "without the walk only the linear assertion fails: %s" % assert_lines(plain))
check(s["solver"] == "z3" and s["cw_queries"] == 0, "no walk without --solver=cw")

r, cw = run(["--solver-linear-only", "--solver=cw"], "cw")
check(r.returncode == 0, "cw run exits 0: " + r.stderr[-300:])
s = json.load(open(os.path.join(cw, "summary.json")))
check(assert_lines(cw) == {27, 30, 33, 35}, "with the walk every assertion fails: %s" % assert_lines(cw))
check(s["solver"] == "cw", "summary names the solver")
check(s["cw_queries"] >= 3 and 3 <= s["cw_solved"] <= s["cw_queries"],
      "the walk solved the three non-linear branches: %d of %d" % (s["cw_solved"], s["cw_queries"]))
check(s["cw_steps"] > 0, "the walk took steps")

# cw-first: a short walk on each non-linear query before Z3. With Z3 behind
# it every assertion still fails; the three non-linear branches are answered
# by the walk before Z3 is asked, and every error test replays natively.
r, first = run(["--solver=cw-first"], "first")
check(r.returncode == 0, "cw-first run exits 0: " + r.stderr[-300:])
s = json.load(open(os.path.join(first, "summary.json")))
check(assert_lines(first) == {27, 30, 33, 35}, "cw-first: every assertion fails: %s" % assert_lines(first))
check(s["solver"] == "cw-first", "summary names cw-first")
check(s["cw_first_queries"] >= 3 and s["cw_first_solved"] >= 3,
      "the short walk answered the non-linear branches: %d of %d" % (s["cw_first_solved"], s["cw_first_queries"]))
for err in glob.glob(os.path.join(first, "*.assert.err")):
    ktest = err[:-len(".assert.err")] + ".ktest"
    rr = subprocess.run([os.path.join(bin_dir, "symplex-replay"), prog, ktest], capture_output=True, text=True,
                        timeout=120)
    check(rr.returncode != 0 and "Assertion" in rr.stderr, "%s reproduces natively: %r" % (ktest, rr.stderr[-200:]))

r, cmp_dir = run(["--solver=cw", "--cw-compare"], "compare")
check(r.returncode == 0, "compare run exits 0: " + r.stderr[-300:])
path = os.path.join(cmp_dir, "cw-compare.csv")
rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
check(len(rows) >= 3, "cw-compare.csv has a row per non-linear query: %d" % len(rows))
check(all(int(row["nonlinear"]) > 0 for row in rows), "only non-linear queries are compared")
check(not any(row["z3"] == "unsat" and row["cw"] == "sat" for row in rows), "the walk never solves an UNSAT query")
check(any(row["z3"] == "sat" and row["cw"] == "sat" for row in rows), "the walk solves some query Z3 solves")

# The walk answers queries; it does not choose what happens to a side nobody
# can decide: without --drop-undecided that state ends (solver gave up),
# with it the state follows its model's side. tests/programs/float_libm_undecided.c
# holds such a side (sin(u) > 2).
undecided = os.path.join(os.path.dirname(prog), "float_libm_undecided.c")
for args, paths, early, dropped in [([], 0, 1, 0), (["--drop-undecided"], 2, 0, 1)]:
    d = os.path.join(work, "undecided%d" % len(args))
    r = subprocess.run([symplex, "--quiet", "--max-time=60", "--solver=cw", "--output-dir=" + d] + args + [undecided],
                       capture_output=True, text=True, timeout=300)
    s = json.load(open(os.path.join(d, "summary.json"))) if r.returncode == 0 else {}
    got = (s.get("paths_completed"), s.get("paths_terminated_early", {}).get("total"), s.get("undecided_sides_dropped"))
    check(got == (paths, early, dropped), "--solver=cw %s: paths, early ends, dropped sides %s, expected %s"
          % (args, got, (paths, early, dropped)))

for args, what in [(["--solver=yices"], "--solver takes z3, cw or cw-first"), (["--cw-compare"], "--cw-compare needs --solver=cw")]:
    r = subprocess.run([symplex, "--quiet"] + args + [prog], capture_output=True, text=True, timeout=60)
    check(r.returncode != 0 and what in r.stderr and len(r.stderr.strip().splitlines()) == 1,
          "refused with one line: %s: %r" % (args, r.stderr))

check.finish()
