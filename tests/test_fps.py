#!/usr/bin/env python3
"""The floating-point search layer (--fp-search).

tests/programs/float_search.c branches on doubles and a float; every side is
feasible. With --fp-search=first the search answers every query before Z3 is
asked (solver_calls 0) and all 24 paths complete. With --fp-search=fallback
and a 1 s Z3 timeout, whatever Z3 gives up on the search solves, so every
path still completes and no state ends early. With --partial-solutions the
points its descent steps move to reach the engine. A bad --fp-search value is refused
with one line. (The program test itself replays every test natively.)

Usage: test_fps.py BIN_DIR WORK_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
prog = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs", "float_search.c")


def run(args, out, budget=120):
    d = os.path.join(work, out)
    r = subprocess.run([symplex, "--quiet", "--max-time=%d" % budget, "--output-dir=" + d] + args + [prog],
                       capture_output=True, text=True, timeout=600)
    check(r.returncode == 0, "%s exits 0: %s" % (out, r.stderr[-300:]))
    return json.load(open(os.path.join(d, "summary.json")))


s = run(["--fp-search=first"], "first")
check(s["fp_search"] == "first", "summary names the mode")
check(s["paths_completed"] == 24, "first: 24 paths, got %s" % s["paths_completed"])
check(s["solver_calls"] == 0, "first: Z3 is never asked, got %s calls" % s["solver_calls"])
check(s["fps_first_solved"] >= 6 and s["fps_solved"] == s["fps_queries"],
      "first: the search solved every FP query: %d of %d" % (s["fps_solved"], s["fps_queries"]))
check(s["fps_evals"] > 0, "the search evaluated points")

s = run(["--fp-search=fallback", "--solver-timeout=1"], "fallback")
check(s["paths_completed"] == 24 and s["paths_terminated_early"]["total"] == 0,
      "fallback: every path completes: %s, early %s" % (s["paths_completed"], s["paths_terminated_early"]))
check(s["fps_first_solved"] == 0 and s["fps_solved"] == s["fps_queries"],
      "fallback: each query Z3 gave up on is solved: %d of %d" % (s["fps_solved"], s["fps_queries"]))

s = run(["--fp-search=first", "--partial-solutions"], "partial")
check(s["partial_solutions"] >= 1, "the search's points reach the engine: %s" % s["partial_solutions"])
check(s["paths_completed"] == 24, "partial: 24 paths, got %s" % s["paths_completed"])

s = run(["--plain"], "off", budget=2)  # only the choice is checked; Z3 alone takes 20 s on this program
check(s["fp_search"] == "off" and s["fps_queries"] == 0, "no search under --plain (the default chooses it for floating-point code)")

r = subprocess.run([symplex, "--quiet", "--fp-search=always", prog], capture_output=True, text=True, timeout=60)
check(r.returncode != 0 and "--fp-search takes off, fallback or first" in r.stderr
      and len(r.stderr.strip().splitlines()) == 1, "a bad mode is refused with one line: %r" % r.stderr)

check.finish()
