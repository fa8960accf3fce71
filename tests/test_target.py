#!/usr/bin/env python3
"""Targeted input generation (--target=FILE:LINE, symcretic execution).

Every program of tests/target names its target line with a `/* TARGET */`
comment and its expected verdict in the header (`expect: reached`,
`expect: unreachable` or `expect: not-reached`, `args:` for extra options). A
reached target must come with exactly one test, and that test, replayed
natively with gcov (symplex-cov), must execute the target line. An unreachable
one must be proved so by Phase I (no test, no forward exploration) within a
few backward steps. A not-reached one ends with no test.
Then: without the concolic walk, behind a linear-only solver, example1's
non-linear conjunct is deferred and the target is not reached; without it,
Figure 3.2's sin(u) is concretized and its target is not reached; bad --target
values are refused with one line and a non-zero exit.

A header's `timeout: S` is the run's --max-time (default 60); `phase1: unknown`
says Phase I ends without a trace or a proof (forward search goes on);
`phase2: outside` says Phase I's traces miss the path: the input of their
model does not reach the line, and the search, which prefers their corridor
but keeps every state, does; `phase2: seed` says the input of a trace's model
reaches the line, run before any search.

Usage: test_target.py BIN_DIR WORK_DIR"""
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
progs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "target")


def header(path):
    text = open(path).read()
    expect = re.search(r"^ \* expect: ([\w-]+)$", text, re.M).group(1)
    args = re.search(r"^ \* args: (.*)$", text, re.M)
    budget = re.search(r"^ \* timeout: (\d+)$", text, re.M)
    line = next(i + 1 for i, l in enumerate(text.splitlines()) if "/* TARGET */" in l)
    return expect, (args.group(1).split() if args else []) + ["--max-time=%s" % (budget.group(1) if budget else 60)], line


def run(prog, line, args, out):
    d = os.path.join(work, out)
    r = subprocess.run([symplex, "--quiet", "--output-dir=" + d,
                        "--target=%s:%d" % (os.path.basename(prog), line)] + args + [prog],
                       capture_output=True, text=True, timeout=900)
    s = json.load(open(os.path.join(d, "summary.json"))) if r.returncode == 0 else {}
    return r, d, s


def natively_reaches(prog, d, line):
    """Replays d's tests natively with gcov: is the line executed?"""
    r = subprocess.run([os.path.join(bin_dir, "symplex-cov"), "--quiet", "--no-html", prog, d],
                       capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        return False, r.stderr[-300:]
    info = open(os.path.join(d, "coverage", "coverage.info")).read()
    m = re.search(r"^DA:%d,(\d+)" % line, info, re.M)
    return bool(m and int(m.group(1)) > 0), "line %d count %s" % (line, m.group(1) if m else "none")


summaries = {}
for prog in sorted(glob.glob(os.path.join(progs, "*.c"))):
    name = os.path.basename(prog)[:-2]
    expect, args, line = header(prog)
    r, d, s = run(prog, line, args, name)
    summaries[name] = s
    check(r.returncode == 0, "%s: exits 0: %s" % (name, r.stderr[-300:]))
    if not s:
        continue
    check(s.get("target_status") == expect, "%s: verdict %s, expected %s" % (name, s.get("target_status"), expect))
    ktests = glob.glob(os.path.join(d, "*.ktest"))
    text = open(prog).read()
    if "phase1: unknown" in text:
        check(s["target_traces"] == 0 and s["target_phase1_incomplete"], "%s: Phase I ends with no trace, no proof" % name)
    elif expect == "reached":
        check(s["target_traces"] >= 1, "%s: Phase I found a trace" % name)
    if "phase2: outside" in text:
        check(s["target_corridor_search"] and s["target_seed_runs"] >= 1 and s["target_reached_by"] in ("directed", "corridor"),
              "%s: the seeds missed, the search reached the line: %s" % (name, {k: s[k] for k in s if k.startswith("target")}))
    if "phase2: seed" in text:
        check(s["target_reached_by"] == "seed", "%s: a seed from Phase I reached the line: %s" % (name, {k: s[k] for k in s if k.startswith("target")}))
    if expect == "reached":
        check(s["targets_reached"] == 1 and len(ktests) == 1 and s["target_test"] == 1,
              "%s: one test reaches the target: %d tests" % (name, len(ktests)))
        ok, detail = natively_reaches(prog, d, line)
        check(ok, "%s: the test executes line %d natively (%s)" % (name, line, detail))
    elif expect == "not-reached":
        check(s["targets_reached"] == 0 and not ktests, "%s: no test reaches the target: %d tests" % (name, len(ktests)))
    else:
        check(s["targets_reached"] == 0 and not ktests and s["instructions"] == 0,
              "%s: proved before running anything: %d tests" % (name, len(ktests)))
        check(s["target_traces"] == 0 and not s["target_phase1_incomplete"], "%s: every backward path refuted" % name)
        check(s["target_backward_steps"] <= 12, "%s: refuted in a few steps: %d" % (name, s["target_backward_steps"]))

# the thesis's hard-loop: Phase I summarises the loop it cannot unroll
hs = summaries.get("hardloop", {})
check(hs.get("target_loops_summarised", 0) >= 1 and hs.get("deferred_constraints", 0) >= 1,
      "hardloop: the loop was summarised and its values deferred")
check(hs.get("bounds_dropped", 0) + hs.get("view_left_out", 0) > 1000,
      "hardloop: the implied bounds i < x were left out of the queries")

# without the walk, behind a linear-only solver: the non-linear conjunct is deferred, and nothing solves it
ex1 = os.path.join(progs, "example1.c")
r, d, s = run(ex1, header(ex1)[2], ["--max-time=60", "--solver=z3", "--solver-linear-only"], "example1-nowalk")
check(r.returncode == 0, "example1 without the walk exits 0")
if s:
    check(s["target_status"] == "not-reached" and s["target_unknown"] >= 1 and s["deferred_constraints"] >= 1,
          "example1 without the walk: deferred, not reached: %s" % {k: s[k] for k in s if k.startswith("target")})
    check(s["solver"] == "z3", "--solver=z3 given: no walk")
_, _, s = run(ex1, header(ex1)[2], ["--max-time=60", "--solver-linear-only"], "example1-walk")
check(s.get("solver") == "cw", "--target implies --solver=cw")

# Figure 3.2's sin(u) > 0: with the walk, sin(u) is an opaque symbol; without it (--solver=z3, no
# --fp-search) the argument is concretized to the model's u = 0, whose sine is not positive
fig = os.path.join(progs, "fig32.c")
check(summaries.get("fig32", {}).get("fp_calls_opaque", 0) >= 1, "fig32: sin(u) was an opaque symbol")
r, d, s = run(fig, header(fig)[2], ["--max-time=20", "--solver=z3"], "fig32-concretized")
check(r.returncode == 0, "fig32 with sin's argument concretized exits 0: " + r.stderr[-300:])
if s:
    check(s["target_status"] == "not-reached" and s["fp_calls_concretized"] >= 1 and s["fp_calls_opaque"] == 0,
          "fig32 with sin's argument concretized: not reached: %s" % {k: s[k] for k in s if k.startswith(("target", "fp_"))})

# bad input
for k, (bad, what) in enumerate([(["--target=nosuch.c:3"], "no code from a file"), (["--target=fig32.c:0"], "not a line number"),
                  (["--target=fig32.c"], "expected FILE:LINE"), (["--target=fig32.c:2"], "no code at"),
                  (["--target=fig32.c:14", "--prune=homi"], "cannot be combined"),
                  (["--target-unroll=3"], "need --target"), (["--target=fig32.c:14", "--target-traces=0"], "whole number")]):
    r = subprocess.run([symplex, "--quiet", "--output-dir=" + os.path.join(work, "bad%d" % k)] + bad + [fig],
                       capture_output=True, text=True, timeout=120)
    lines = r.stderr.strip().splitlines()
    check(r.returncode != 0 and len(lines) == 1 and what in lines[0],
          "%s refused with one line (%s): %r" % (bad, what, r.stderr[-200:]))

check.finish()
