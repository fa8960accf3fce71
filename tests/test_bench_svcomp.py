#!/usr/bin/env python3
"""bench/svcomp stays what its README promises: tasks.csv lists exactly the
task files, each task states its category and verdict on line 1, defines
reach_error on line 3, compiles without warnings, every reachable task's
witness reaches reach_error natively (exit 134), and bench/svcomp/run works
end to end at a tiny budget (a found and a clean run in its CSV and summary).

Usage: test_bench_svcomp.py BIN_DIR WORK_DIR
"""
import csv
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import setup  # noqa: E402

MIN_TASKS = 44
CATEGORIES = ("loops", "arrays", "bit-vectors", "floats", "recursion", "heap")

bin_dir, work, check = setup()
svcomp = os.path.join(os.path.dirname(HERE), "bench", "svcomp")
tasks = list(csv.DictReader(open(os.path.join(svcomp, "tasks.csv"), newline="")))
files = sorted(os.path.basename(p)[:-2] for p in glob.glob(os.path.join(svcomp, "tasks", "*.c")))
check(sorted(t["task"] for t in tasks) == files, "tasks.csv lists exactly the files of bench/svcomp/tasks")
check(len(tasks) >= MIN_TASKS, "at least %d tasks, found %d" % (MIN_TASKS, len(tasks)))
for cat in CATEGORIES:
    check(sum(t["category"] == cat for t in tasks) >= 6, "at least 6 tasks of category %s" % cat)
reach = [t["task"] for t in tasks if t["expected"] == "reachable"]
check(abs(2 * len(reach) - len(tasks)) <= len(tasks) // 5, "about half the tasks reachable (%d of %d)"
      % (len(reach), len(tasks)))

for t in tasks:
    name = t["task"]
    path = os.path.join(svcomp, "tasks", name + ".c")
    if not os.path.exists(path):
        continue
    lines = open(path).read().split("\n")
    check(t["category"] in CATEGORIES and t["expected"] in ("reachable", "unreachable"),
          "%s: a known category and verdict in tasks.csv" % name)
    check(lines[0].startswith("/* %s, %s: " % (t["category"], t["expected"])),
          "%s: line 1 states the category and verdict of tasks.csv" % name)
    check(re.search(r'void reach_error\(void\) \{ __assert_fail\("0", "%s\.c", 3, "reach_error"\); \}' % name,
                    lines[2]) is not None, "%s: reach_error is defined on line 3, naming the file and line" % name)
    p = subprocess.run(["clang-16", "-Wall", "-Werror", "-fsyntax-only", path], stderr=subprocess.PIPE)
    check(p.returncode == 0, "%s: compiles without warnings: %s" % (name, p.stderr.decode(errors="replace")[-400:]))

for name in reach:
    witness = os.path.join(svcomp, "witnesses", name + ".xml")
    if not os.path.exists(witness):
        check(False, "%s: has a witness" % name)
        continue
    p = subprocess.run([os.path.join(bin_dir, "symplex-replay"), os.path.join(svcomp, "tasks", name + ".c"),
                        witness], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    err = p.stderr.decode(errors="replace")
    check(p.returncode == 134 and "reach_error" in err, "%s: its witness aborts in reach_error natively (exit %d)"
          % (name, p.returncode))

out = os.path.join(work, "results")
# the budget is a cap (both tasks end in well under a second when the machine is idle): room for a loaded one
p = subprocess.run([os.path.join(svcomp, "run"), "--budget=30", "--seeds=1", "--bin=" + bin_dir, "--out=" + out,
                    "--config", "default:", "--config", "dfs:--search=dfs", "rec_factorial", "bv_xor_swap"],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
check(p.returncode == 0, "bench/svcomp/run exits 0: " + p.stderr.decode(errors="replace")[-800:])
for f in ("results.csv", "summary.md", "command.txt"):
    check(os.path.exists(os.path.join(out, f)), "bench/svcomp/run wrote " + f)
rows = list(csv.DictReader(open(os.path.join(out, "results.csv")))) if os.path.exists(
    os.path.join(out, "results.csv")) else []
check(len(rows) == 4, "4 runs in results.csv, got %d" % len(rows))
for r in rows:
    want = "found" if r["task"] == "rec_factorial" else "clean"
    check(r["status"] == "ok" and r["outcome"] == want, "%s/%s: %s, got %s (%s)"
          % (r["task"], r["config"], want, r["outcome"], r["status"]))
    check(r["exhaustive"] == "yes" and int(r["branches_covered"] or 0) > 0,
          "%s/%s: explored every path and covered branches" % (r["task"], r["config"]))
if os.path.exists(os.path.join(out, "summary.md")):
    md = open(os.path.join(out, "summary.md")).read()
    for cfg in ("default", "dfs"):
        check(re.search(r"^\| %s \| 2 \| 0 \| [0-9.]+ \| 1\.00 / 1 \| 1 \| 1 \| 0 \| 2\.00 / 2 \|" % cfg, md, re.M)
              is not None, "summary.md: %s ran 2 tasks, found the reachable one, no false report" % cfg)
check.finish()
