#!/usr/bin/env python3
"""Learned state pruning (--prune=homi).

A program with 4^12 paths under breadth-first search: the budget is split into
runs restarting from the start, the first one plain, the later ones pruning
the lowest-scoring states by weights over `buf[i] == c` features learned from
the earlier runs' tests. Every pruned state gets a test (tests.csv says
"pruned"), the states left at a run's end get one ("run-end"), and
summary.json says what the pruner did. A program explored to the end in the
first run is not run again. Bad --prune and --homi-* values are refused with
one line.

Usage: test_homi.py BIN_DIR WORK_DIR"""
import csv
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")

MANY = r"""#include <symplex.h>
int main(void) {
    char buf[12];
    symplex_make_symbolic(buf, sizeof buf, "buf");
    int score = 0;
    for (int i = 0; i < 12; i++) {
        if (buf[i] == 'a') score += 1;
        else if (buf[i] == 'b') score += 2;
        else if (buf[i] > 'x') score += 3;
    }
    return score == 17;
}
"""

FEW = r"""#include <symplex.h>
int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    if (x == 3) return 1;
    if (x > 100) return 2;
    return 0;
}
"""


def run(args, out):
    d = os.path.join(work, out)
    r = subprocess.run([symplex, "--quiet", "--output-dir=" + d] + args, capture_output=True, text=True,
                       timeout=300)
    return r, d


def outcomes(d):
    with open(os.path.join(d, "tests.csv")) as f:
        return [row["kind"] for row in csv.DictReader(f)]


many = checks.write(work, "many.c", MANY)
r, d = run(["--prune=homi", "--search=bfs", "--max-time=8", "--homi-interval=0.25", "--homi-run-max=2", many],
           "many")
check(r.returncode == 0, f"homi run exits 0: {r.stderr}")
s = json.load(open(os.path.join(d, "summary.json")))
check(s["pruner"] == "homi", "summary names the pruner")
check(s["runs"] >= 3, f"the budget is split into runs: {s['runs']}")
check(s["homi_runs_by_mode"]["first"] == 1 and
      sum(s["homi_runs_by_mode"].values()) == s["runs"], f"one first run, then learned ones: {s['homi_runs_by_mode']}")
check(s["prunings"] >= 1 and s["states_pruned"] >= 1, f"states were pruned: {s['prunings']} {s['states_pruned']}")
check(s["features"] >= 1 and s["features_seen"] >= s["features"], f"features learned: {s['features']}")
check(s["homi_interval_s"] == 0.25 and s["homi_run_max_s"] == 2, "the given interval and run budget")
kinds = outcomes(d)
reasons = s["paths_terminated_early"]["by_reason"]
# a test is skipped only when the run is past its deadline (halt.late_no_test: a loaded machine)
missing = s["states_pruned"] - kinds.count("pruned")
check(s["states_pruned"] == reasons.get("pruned") and 0 <= missing <= s["halt"]["late_no_test"],
      f"every pruned state has a test: {kinds.count('pruned')} tests, {s['states_pruned']} pruned, "
      f"{s['halt']['late_no_test']} skipped past the deadline")
# a state a run's end reaches past --max-time's deadline gets no test (halt.late_no_test), on a loaded machine too
late = s["halt"]["late_no_test"]
check(kinds.count("run-end") >= 1 and
      kinds.count("run-end") <= reasons.get("run-end", 0) <= kinds.count("run-end") + late,
      f"the states left at a run's end get tests: {kinds.count('run-end')} tests, {reasons.get('run-end')} ended, "
      f"{late} too late")
check(s["peak_live_states"] >= 2, "the peak of live states is reported")
check(s["homi_tests"] >= s["homi_distinct_tests"] >= 1, "the learner saw the runs' tests")

# runs restart from the start and meet the paths they ended before again: a
# path that ended gets one test, however many runs end it
mixed = checks.write(work, "mixed.c", MANY.replace("    int score = 0;\n", "    if (buf[0] == 'q') return 4;\n"
                                                   "    if (buf[1] == 'r') return 5;\n    int score = 0;\n"))
r, d = run(["--prune=homi", "--search=bfs", "--max-time=6", "--homi-interval=0.25", "--homi-run-max=1",
            "--record-path", mixed], "mixed")
s = json.load(open(os.path.join(d, "summary.json")))
with open(os.path.join(d, "tests.csv")) as f:
    ended = [row["test"] for row in csv.DictReader(f) if row["outcome"] != "early"]
paths = [open(os.path.join(d, t + ".path"), "rb").read() for t in ended]
check(r.returncode == 0 and s["runs"] >= 2 and s["paths_met_again"] >= 2 and len(paths) >= 2 and
      len(set(paths)) == len(paths), f"paths that ended: {len(paths)} tests, {len(set(paths))} distinct, "
      f"{s.get('paths_met_again')} met again in {s.get('runs')} runs")

# a program explored to its end in the first run is not run again
few = checks.write(work, "few.c", FEW)
r, d = run(["--prune=homi", few], "few")
s = json.load(open(os.path.join(d, "summary.json")))
check(r.returncode == 0 and s["runs"] == 1 and not s["halted"], f"explored in one run: {s['runs']} {s['halted']}")
check(s["paths_completed"] == 3 and s["states_pruned"] == 0, "all three paths, nothing pruned")
check(s["homi_interval_s"] == 30 and s["homi_run_max_s"] == 800, "without --max-time the paper's intervals")

# without --prune, summary says so and still counts the peak of live states
r, d = run(["--max-time=1", many], "plain")  # only the summary's keys are checked
s = json.load(open(os.path.join(d, "summary.json")))
check(s["pruner"] == "none" and s["peak_live_states"] >= 2 and "runs" not in s, "plain run: no pruner keys")

for args, what in [(["--prune=maybe", few], "--prune takes"),
                   (["--homi-interval=2", few], "need --prune=homi"),
                   (["--prune=homi", "--homi-interval=0", few], "positive number"),
                   (["--prune=homi", "--homi-min-states=1.5", few], "whole number"),
                   (["--prune=homi", "--homi-reverse=0", few], "whole number"),
                   (["--prune=homi", "--engine=dse", few], "forking engine")]:
    r, _ = run(args, "bad")
    lines = r.stderr.strip().splitlines()
    check(r.returncode != 0 and len(lines) == 1 and what in lines[0], f"{args}: one-line error: {r.stderr!r}")

check.finish()
