#!/usr/bin/env python3
"""Multiplex symbolic execution (--engine=dse, --partial-solutions).

The MuSE paper's Figure 2 (`short x, y` here, so the sums cannot wrap and the
Simplex sees exactly the paper's problem): from the seed input {1, 3}, which
runs path #1, the concolic loop under depth-first search flips the last
branch and solves x + y >= 2, 2y - x >= 1, 2x - y >= 0 once; its Simplex
visits {0, 0} and {2, 0} before the answer {1, 1}, and those three inputs run
paths #4, #3 and #2: all four paths with one solve (plain DSE needs three).
Every test replays natively to the path symplex reported; runs of a path
already seen give no test. A partial solution is run only when the first
path constraint it violates names a branch side no run has taken (DSE) and
no earlier partial solution was queued for (both engines).
Bad --engine and --seed-file values, and combinations that mean nothing
(with the forking engine --seed-file is KLEE's seeding: tests/test_seeding.py)
(a seed for the forking engine, speculation or absurdity under DSE, partial
solutions with no layer that visits assignments), are refused with one line.

Usage: test_muse.py BIN_DIR WORK_DIR"""
import glob
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")

FIGURE2 = r"""#include <symplex.h>
int main(void) {
    short x, y;
    symplex_make_symbolic(&x, sizeof x, "x");
    symplex_make_symbolic(&y, sizeof y, "y");
    if (x + y >= 2) {
        if (2 * y - x >= 1) {
            if (2 * x - y >= 0) return 2;
            return 1;
        }
        return 3;
    }
    return 4;
}
"""

# a bug behind a linear condition and a division: the DSE loop finds both
BUG = r"""#include <symplex.h>
#include <assert.h>
int main(void) {
    int a, b;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    if (a > 100 && a < 200) {
        if (3 * a - b == 17) assert(0);
    }
    return 1000 / (b - 7);
}
"""


def write_ktest(path, objects):
    """A ktest with the given (name, bytes) objects, as symplex writes it."""
    d = b"KTEST" + struct.pack(">I", 3) + struct.pack(">I", 1) + struct.pack(">I", 4) + b"prog"
    d += struct.pack(">II", 0, 0) + struct.pack(">I", len(objects))
    for name, data in objects:
        d += struct.pack(">I", len(name)) + name.encode() + struct.pack(">I", len(data)) + data
    open(path, "wb").write(d)


def run(prog, args, tag):
    out = os.path.join(work, "out-" + tag)
    r = subprocess.run([symplex, "--quiet", "--max-time=60", "--output-dir=" + out] + args + [prog],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print(r.stderr[-2000:])
        return None, out
    return json.load(open(os.path.join(out, "summary.json"))), out


def exit_codes(prog, out):
    """The native exit status of every test (symplex-replay)."""
    codes = []
    for kt in sorted(glob.glob(os.path.join(out, "test*.ktest"))):
        r = subprocess.run([os.path.join(bin_dir, "symplex-replay"), prog, kt], capture_output=True, timeout=120)
        codes.append(r.returncode)
    return codes


fig2 = checks.write(work, "figure2.c", FIGURE2)
seed = os.path.join(work, "seed.ktest")
write_ktest(seed, [("x", struct.pack("<h", 1)), ("y", struct.pack("<h", 3))])

s, out = run(fig2, ["--engine=dse", "--search=dfs", "--partial-solutions", "--simplex", "--seed-file=" + seed], "fig2-muse")
check(s is not None, "figure 2 with partial solutions ran")
if s:
    check(s["dse_solves"] == 1, f"figure 2 + P: one solve expected, got {s['dse_solves']}")
    check(s["paths_completed"] == 4 and s["tests"] == 4, f"figure 2 + P: paths {s['paths_completed']}, tests {s['tests']}")
    check(s["partial_solutions"] == 2 and s["tests_from_partial_solutions"] == 2,
          f"figure 2 + P: partial solutions {s['partial_solutions']}, tests from them {s['tests_from_partial_solutions']}")
    check(s["solver_calls"] == 0 and s["simplex_sat"] == 1, f"figure 2 + P: z3 calls {s['solver_calls']}, simplex sat {s['simplex_sat']}")
    codes = exit_codes(fig2, out)
    check(sorted(codes) == [1, 2, 3, 4], f"figure 2 + P: the tests run paths {codes} natively (expected #1..#4)")
    check(codes[0] == 1, f"figure 2: the seed {{1,3}} runs path #1 first, got #{codes[0] if codes else None}")

s, out = run(fig2, ["--engine=dse", "--search=dfs", "--seed-file=" + seed], "fig2-plain")
check(s is not None, "figure 2 plain DSE ran")
if s:
    check(s["dse_solves"] == 3 and s["paths_completed"] == 4 and s["partial_solutions"] == 0,
          f"figure 2 plain DSE: 3 solves and 4 paths expected, got {s['dse_solves']} and {s['paths_completed']}")
    check(sorted(exit_codes(fig2, out)) == [1, 2, 3, 4], "figure 2 plain DSE: tests replay to the four paths")

# from zeros, breadth-first and covnew orders too: the same four paths, and a
# partial solution runs only when it leaves the path at a side no run took
# (from zeros every one of them follows its path or leaves it at a side a run
# took: one concolic run per path, none wasted)
for search in ("bfs", "covnew", "dfs"):
    s, out = run(fig2, ["--engine=dse", f"--search={search}", "--partial-solutions", "--simplex"], "fig2-" + search)
    check(s is not None and s["paths_completed"] == 4 and sorted(exit_codes(fig2, out)) == [1, 2, 3, 4],
          f"figure 2 from zeros, {search}: paths {s and s['paths_completed']}")
    if s:
        skipped = s["partial_solutions_skipped"]
        check(s["concolic_runs"] == 4 and sum(skipped.values()) == s["partial_solutions"] and skipped["on_path"] >= 1
              and skipped["side_covered"] >= 1,
              f"figure 2 from zeros, {search}: runs {s['concolic_runs']}, partial solutions {s['partial_solutions']}, "
              f"skipped {skipped}")

# bugs: the assertion and the division by zero, each test replaying natively
bug = checks.write(work, "bug.c", BUG)
for extra in ([], ["--partial-solutions", "--simplex"]):
    s, out = run(bug, ["--engine=dse"] + extra, "bug-" + str(len(extra)))
    kinds = sorted(e["kind"] for e in s["errors"]["list"]) if s else None
    check(kinds == ["assert", "div-by-zero"], f"dse {extra}: errors {kinds}")

# the forking engine credits a branch's sides when it forks, so there a
# partial solution runs when it leaves the path at a side no earlier partial
# solution was queued for: on figure 2 two runs (the old rule, any new bytes,
# ran four), the other five follow their path or repeat a side
s, out = run(fig2, ["--search=dfs", "--partial-solutions", "--simplex"], "fork-p")
check(s is not None and s["paths_completed"] == 4 and s["partial_solutions"] == 7 and s["concolic_runs"] == 2
      and s["partial_solutions_skipped"]["on_path"] >= 1 and s["partial_solutions_skipped"]["side_tried"] >= 1,
      f"forking + P: paths {s and s['paths_completed']}, partial solutions {s and s['partial_solutions']}, "
      f"runs {s and s['concolic_runs']}, skipped {s and s['partial_solutions_skipped']}")
if s:
    check(s["tests"] == 4 + s["tests_from_partial_solutions"], f"forking + P: tests {s['tests']}")
    codes = exit_codes(fig2, out)
    check(len(codes) == s["tests"] and all(c in (1, 2, 3, 4) for c in codes),
          f"forking + P: every test replays to a path: {codes}")

# bad input, and combinations that mean nothing: one line each, no run
meaningless = [(["--engine=dse", "--seed-file=" + seed, "--seed-file=" + seed], "--engine=dse takes one --seed-file"),
               (["--engine=dse", "--seed-dir=" + work], "--engine=dse takes one --seed-file"),
               (["--engine=dse", "--speculate=2"], "--speculate needs the forking engine"),
               (["--engine=dse", "--no-absurdity"], "--absurdity and --no-absurdity need the forking engine"),
               (["--partial-solutions"], "--partial-solutions needs a solver layer")]
for bad, msg in meaningless:
    r = subprocess.run([symplex] + bad + ["--output-dir=" + os.path.join(work, "never"), fig2],
                       capture_output=True, text=True, timeout=60)
    check(r.returncode != 0 and r.stderr.strip().splitlines() == [r.stderr.strip()] and msg in r.stderr
          and not os.path.exists(os.path.join(work, "never")), f"{bad}: rc {r.returncode}, stderr {r.stderr!r}")
for bad in (["--engine=bogus"], ["--seed-file=/nonexistent.ktest", "--engine=dse"]):
    r = subprocess.run([symplex] + bad + [fig2], capture_output=True, text=True, timeout=60)
    check(r.returncode != 0 and len(r.stderr.strip().splitlines()) == 1, f"{bad}: rc {r.returncode}, stderr {r.stderr!r}")
garbage = checks.write(work, "garbage.ktest", "not a ktest")
r = subprocess.run([symplex, "--engine=dse", "--seed-file=" + garbage, "--output-dir=" + os.path.join(work, "g"), fig2],
                   capture_output=True, text=True, timeout=60)
check(r.returncode != 0 and len(r.stderr.strip().splitlines()) == 1 and not os.path.exists(os.path.join(work, "g")),
      f"garbage seed: rc {r.returncode}, {r.stderr!r}, no output directory")

check.finish()
