#!/usr/bin/env python3
"""The end of a run: the states alive at a halt, the tests written for them
within the end's budget, and the rest counted (summary.json "halt", the
final lines), never a timing:

- a --max-instructions halt of tests/halt/comb.c finds 201 states alive;
  --halt-tests=2 bounds the tests written for them (the same path a spent
  time budget takes): 2 written, 199 counted as not written, every one still
  an early end with the halt's reason, said on stderr's final lines;
- the two written are those of the states that covered something no test
  reaches yet (the first state left behind and the spinning one), not the
  last two of the pool;
- without --halt-tests the budget covers all 201; --halt-tests=0 writes none;
- under --only-new-coverage-tests the end's reserve counts only the states
  that covered something new: exploring goes on close to the deadline;
- the searcher's own summary.json lines (portfolio_picks) survive the halt;
- a --max-time halt of a program with thousands of states alive keeps the
  counts consistent (tests + not written = live, tests.csv agrees) and gives
  the end at most a tenth of the budget and a quarter second.

Usage: test_halt.py BIN_DIR WORK_DIR
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from checks import setup, write  # noqa: E402
from symplex_native import read_ktest, read_tests_csv  # noqa: E402

LIVE = 201  # comb.c's LIVE states left behind, and the spinning one

bin_dir, work, check = setup()
comb = os.path.join(HERE, "halt", "comb.c")


def run(name, prog, *opts):
    out = os.path.join(work, name)
    r = subprocess.run([os.path.join(bin_dir, "symplex"), "--output-dir=" + out] + list(opts) + [prog],
                       capture_output=True, text=True, timeout=600)
    check(r.returncode == 0, "%s: exit status %d: %s" % (name, r.returncode, r.stderr[-300:]))
    try:
        s = json.load(open(os.path.join(out, "summary.json")))
    except (OSError, ValueError):
        check(False, "%s: summary.json written" % name)
        return out, None, r.stderr
    return out, s, r.stderr


def check_counts(name, s, out, reason, live, tests):
    h = s.get("halt", {})
    check(h.get("live_states") == live, "%s: %s live states at the halt, want %d" % (name, h.get("live_states"), live))
    check(h.get("tests") == tests, "%s: %s tests for them, want %d" % (name, h.get("tests"), tests))
    check(h.get("not_written") == live - tests, "%s: not_written %s, want %d" % (name, h.get("not_written"), live - tests))
    # every live state ends early with the halt's reason, written or not;
    # under --max-time so does a state whose query the deadline cut while
    # exploring, with its test
    early = s["paths_terminated_early"]["by_reason"].get(reason, 0)
    rows = [r for r in read_tests_csv(out) if r["kind"] == reason]
    cut = early - live
    check(cut == 0 or (reason == "max-time" and cut > 0),
          "%s: %d early ends (%s) for %d live states" % (name, early, reason, live))
    check(len(rows) == tests + cut, "%s: tests.csv has %d %s tests, want %d" % (name, len(rows), reason, tests + cut))
    return rows


def sevens(out, row):
    """Positions of the bytes equal to 7 in a comb.c test's input."""
    objects = read_ktest(os.path.join(out, row["test"] + ".ktest"))["objects"]
    return [i for i, c in enumerate(objects[0][1]) if c == 7]


def check_bounded_by_count():
    name = "halt-tests-2"
    out, s, err = run(name, comb, "--search=dfs", "--max-instructions=100000", "--halt-tests=2")
    if not s:
        return
    check(s.get("halt_reason") == "max-instructions", "%s: halt_reason %r" % (name, s.get("halt_reason")))
    rows = check_counts(name, s, out, "max-instructions", LIVE, 2)
    check(s.get("halt", {}).get("out_of_budget") == LIVE - 2,
          "%s: out_of_budget %s, want %d" % (name, s["halt"].get("out_of_budget"), LIVE - 2))
    check(s["tests"] == 2, "%s: 2 tests in all (%d)" % (name, s["tests"]))
    # new coverage first: the first state left behind (in[0] == 7) and the
    # spinning one (no 7), not the last two forked (in[199] == 7)
    got = sorted(sevens(out, r) for r in rows)
    check(got == [[], [0]], "%s: the tests are of the states with new coverage: 7s at %s" % (name, got))
    lines = err.strip().splitlines()
    check(any("halt: 2 tests for %d live states" % LIVE in l for l in lines[-3:]),
          "%s: the final progress line counts the halt: %s" % (name, lines[-3:]))
    check("%d of %d states alive at the halt got no test" % (LIVE - 2, LIVE) in (lines[-1] if lines else ""),
          "%s: the last line says what is not written: %s" % (name, lines[-1:]))


def check_all_and_none():
    out, s, _ = run("all", comb, "--quiet", "--search=dfs", "--max-instructions=100000")
    if s:
        check_counts("all", s, out, "max-instructions", LIVE, LIVE)
        check(s.get("halt", {}).get("out_of_budget") == 0, "all: nothing out of budget: %s" % s.get("halt"))
    out, s, _ = run("none", comb, "--quiet", "--search=dfs", "--max-instructions=100000", "--halt-tests=0")
    if s:
        check_counts("none", s, out, "max-instructions", LIVE, 0)
        check(s.get("halt", {}).get("out_of_budget") == LIVE, "none: all %d out of budget: %s" % (LIVE, s.get("halt")))


# 2^12 paths that never end: random-state search keeps thousands alive
TREE = """#include <klee/klee.h>
static unsigned char b[12];
int main(void) {
    klee_make_symbolic(b, sizeof b, "b");
    unsigned s = 0;
    for (int i = 0; i < 12; i++)
        if (b[i] & 1) s++;
    for (;;)
        if (b[0] & 1) s++;
}
"""


def check_max_time():
    prog = write(work, "tree.c", TREE)
    name, budget = "max-time", 2.0
    out, s, _ = run(name, prog, "--quiet", "--search=random-state", "--max-time=%g" % budget)
    if not s:
        return
    h = s.get("halt", {})
    check(s.get("halt_reason") == "max-time" and h.get("live_states", 0) > 0,
          "%s: halted with states alive: %s %s" % (name, s.get("halt_reason"), h))
    check_counts(name, s, out, "max-time", h.get("live_states", -1), h.get("tests", -1))
    # a tenth, plus the quarter second past the deadline that tests from the
    # states' own models may take (ENGINE_HALT_LATE_SLACK)
    check(0 <= h.get("budget_s", -1) <= budget / 10 + 0.25 + 1e-3,
          "%s: the end gets at most a tenth and a quarter second: %s" % (name, h))


def check_searcher_summary():
    # the halt drops the searcher whole; what it counted must still reach summary.json
    out, s, _ = run("portfolio", comb, "--quiet", "--search=portfolio", "--max-instructions=100000", "--halt-tests=0")
    if not s:
        return
    picks = s.get("portfolio_picks", {})
    check(s.get("halt", {}).get("live_states", 0) > 0 and sum(picks.values()) > 0,
          "portfolio: a halt with states alive keeps the searcher's counts: %s %s" % (s.get("halt"), picks))


def check_only_new():
    # under --only-new-coverage-tests the end writes tests only for the states
    # that covered something new, so exploring goes on until close to the
    # deadline (reserving for all the states alive took a tenth of the budget)
    prog = write(work, "tree.c", TREE)
    name, budget = "only-new", 4.0
    out, s, _ = run(name, prog, "--quiet", "--search=random-state", "--only-new-coverage-tests",
                    "--max-time=%g" % budget)
    if not s:
        return
    h = s.get("halt", {})
    check(s.get("halt_reason") == "max-time" and h.get("live_states", 0) > 1000,
          "%s: halted with thousands of states alive: %s %s" % (name, s.get("halt_reason"), h))
    # the end wants tests for the few states that covered something new; those its budget did not reach (on a loaded
    # machine, at times) are the only ones counted as left out by it
    check(0 < h.get("wanted", -1) < h.get("live_states", 0) / 10
          and h.get("tests", -1) + h.get("out_of_budget", -1) == h.get("wanted")
          and h.get("tests", -1) + h.get("not_written", -1) == h.get("live_states"),
          "%s: the states that covered nothing new are not counted as left out: %s" % (name, h))
    check(0 <= h.get("budget_s", -1) <= budget / 20 + 0.25 + 1e-3,
          "%s: the end is given what its few tests need, not a tenth of the budget: %s" % (name, h))


check_bounded_by_count()
check_all_and_none()
check_max_time()
check_searcher_summary()
check_only_new()
check.finish()
