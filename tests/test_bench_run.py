#!/usr/bin/env python3
"""bench/run end to end, at a tiny budget: two configurations over two
programs, one seed each. Checks the files it promises and that their numbers
agree with each other (results.csv rows, summary ratios, the figures).

Usage: test_bench_run.py BIN_DIR WORK_DIR
"""
import csv
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import setup  # noqa: E402

bin_dir, work, check = setup()
root = os.path.dirname(HERE)
progs = [os.path.join(HERE, "programs", "branch_nested.c"), os.path.join(HERE, "programs", "bug_oob_heap_read.c")]
out = os.path.join(work, "results")
cmd = [os.path.join(root, "bench", "run"), "--budget=2", "--seeds=1", "--bin=" + bin_dir, "--out=" + out,
       "--config", "dfs:--search=dfs", "--config", "bfs:--search=bfs"] + progs
p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
check(p.returncode == 0, "bench/run exits 0: " + p.stderr.decode(errors="replace")[-800:])
for f in ("results.csv", "curves.csv", "summary.csv", "summary.md", "command.txt", "coverage_mean.png",
          "coverage_branch_nested.png", "coverage_bug_oob_heap_read.png"):
    check(os.path.exists(os.path.join(out, f)), "bench/run wrote " + f)
rows = list(csv.DictReader(open(os.path.join(out, "results.csv")))) if os.path.exists(os.path.join(out, "results.csv")) else []
check(len(rows) == 4, "4 runs in results.csv, got %d" % len(rows))
for r in rows:
    check(r["status"] == "ok", "%s/%s: %s" % (r["program"], r["config"], r["status"]))
    check(int(r["branches_total"] or 0) > 0 and 0 < int(r["branches_covered"] or 0) <= int(r["branches_total"] or 0),
          "%s/%s: branch counts %s/%s" % (r["program"], r["config"], r["branches_covered"], r["branches_total"]))
    last = r["curve"].split()[-1] if r["curve"] else "0:0"
    check(int(last.split(":")[1]) == int(r["branches_covered"] or -1), "curve ends at the final coverage: " + last)
bug = [r for r in rows if r["program"] == "bug_oob_heap_read"]
check(len(bug) == 2 and all(int(r["errors"]) >= 1 and r["bugs_reproduced"] == r["errors"] for r in bug),
      "the bug program's bugs are found and reproduced: %s" % [(r["errors"], r["bugs_reproduced"]) for r in bug])
summary = list(csv.DictReader(open(os.path.join(out, "summary.csv")))) if os.path.exists(os.path.join(out, "summary.csv")) else []
check([s["config"] for s in summary] == ["dfs", "bfs"], "summary lists the configurations in order")
if len(summary) == 2 and len(rows) == 4:
    check(float(summary[0]["ratio_mean_branch_pct"]) == 1.0, "first configuration is the baseline")
    mean_bfs = sum(float(r["branch_pct"]) for r in rows if r["config"] == "bfs") / 2
    check(abs(float(summary[1]["mean_branch_pct"]) - mean_bfs) < 0.01, "summary mean matches results.csv")
    want = round(mean_bfs / float(summary[0]["mean_branch_pct"]), 3)
    check(abs(float(summary[1]["ratio_mean_branch_pct"]) - want) < 0.002, "ratio to the baseline")
# --replot makes the same summary from the CSV files alone, and a figure again
if os.path.exists(os.path.join(out, "summary.csv")):
    before = open(os.path.join(out, "summary.csv")).read()
    os.remove(os.path.join(out, "coverage_mean.png"))
    p = subprocess.run([os.path.join(root, "bench", "run"), "--replot", "--out=" + out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    check(p.returncode == 0, "--replot exits 0: " + p.stderr.decode(errors="replace")[-500:])
    check(open(os.path.join(out, "summary.csv")).read() == before, "--replot gives the same summary.csv")
    check(os.path.exists(os.path.join(out, "coverage_mean.png")), "--replot draws the figures again")
p = subprocess.run([os.path.join(root, "bench", "run"), "--replot", "--out=" + os.path.join(work, "none")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
err = p.stderr.decode(errors="replace")
check(p.returncode != 0 and err.count("\n") == 1 and "needs results.csv" in err, "--replot without results: %r" % err)
# a bad argument is one line and a non-zero exit
p = subprocess.run([os.path.join(root, "bench", "run"), "--out=" + out, os.path.join(work, "nothing.txt")],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
err = p.stderr.decode(errors="replace")
check(p.returncode != 0 and err.count("\n") == 1 and "neither a .c file" in err, "bad path: %r" % err)
check.finish()
