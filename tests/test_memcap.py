#!/usr/bin/env python3
"""The memory cap (--max-memory): states set aside and rebuilt, or forks inhibited.

A tree of 4,096 paths whose states each own up to 12 blocks of 32 KiB,
explored breadth first under a cap far below what the frontier needs: the
states the cap ends are set aside as their inputs and rebuilt when memory
allows, so every one of the 4,096 paths completes exactly once (each exit
test's input takes a distinct path; a sample replays natively to the exit
status its input gives), every rebuild reaches its decision along the same
path (none strays); with --no-state-swap the ended states' paths are lost.

A program whose every branch forks and whose every state then fills blocks of
its own outgrows any cap. With --max-memory-inhibit symplex stops forking near
the cap (KLEE's default): branches go on one side, states run to their ends
and give their memory back, and fewer states are terminated for
max-memory than when only terminating states holds the cap (the default).
Either way the peak stays within 10% of the cap, and summary.json counts
inhibited forks, the times forks stopped, and the prunes.

A query bigger than the cap allows gives up (reason "solver memory") instead
of being set aside and rebuilt without end; the paths beside it complete.

Usage: test_memcap.py BIN_DIR WORK_DIR"""
import glob
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
# Under AddressSanitizer the cap reads the RSS, which the allocator's
# quarantine of freed blocks (256 MiB by default) would fill: kept small here.
os.environ["ASAN_OPTIONS"] = os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=1:thread_local_quarantine_size_kb=64"
symplex = os.path.join(bin_dir, "symplex")

GROW = r"""#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int main(void) {
    unsigned char in[40];
    symplex_make_symbolic(in, sizeof in, "in");
    int score = 0;
    for (int i = 0; i < 40; i++) {
        char *block = malloc(8192);
        memset(block, in[i], 8192);
        if (in[i] > 'm') score += block[i];
        else score -= 1;
    }
    return score > 1000;
}
"""


NEWTON = r"""extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
    int k = __VERIFIER_nondet_int();
    double x = __VERIFIER_nondet_double();
    __VERIFIER_assume(x > 0 && x <= 1e12);
    if (k > 5) {
        double r = x / 2;
        for (int i = 0; i < 8; i++) r = 0.5 * (r + x / r);
        if (r * r - x > 1e-9 * x) return 1;
        return 0;
    }
    int s = 0;
    for (int i = 0; i < 6; i++) if ((k >> i) & 1) s++;
    return s;
}
"""


def run(args, tag):
    return checks.run_summary(symplex, work, prog, args, tag)


TREE = r"""#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int main(void) {
    unsigned char in[12];
    char *blocks[12];
    symplex_make_symbolic(in, sizeof in, "in");
    int path = 0;
    for (int i = 0; i < 12; i++) {
        blocks[i] = malloc(32768);
        memset(blocks[i], i + 1, 32768);
        if (in[i] & 1) path |= 1 << i;
        for (int j = 0; j <= i; j++) blocks[j][i] = (char)path;
    }
    return blocks[11][11] == (char)path ? path & 0xff : 255;
}
"""


def ktest_objects(path):
    """{name: bytes} of a ktest file."""
    d = open(path, "rb").read()
    pos = 5 + 4
    u32 = lambda: struct.unpack(">I", d[pos:pos + 4])[0]  # noqa: E731
    nargs = u32(); pos += 4
    for _ in range(nargs):
        n = u32(); pos += 4 + n
    pos += 8
    nobj = u32(); pos += 4
    objs = {}
    for _ in range(nobj):
        n = u32(); pos += 4
        name = d[pos:pos + n].decode(); pos += n
        n = u32(); pos += 4
        objs[name] = d[pos:pos + n]; pos += n
    return objs


def tree_paths(out):
    """The branch pattern of each exit test's input, and the tests."""
    rows = [l.split(",") for l in open(os.path.join(out, "tests.csv")).read().splitlines()[1:]]
    exits = [r[0] for r in rows if r[1] == "exit"]
    pats = [sum((b & 1) << i for i, b in enumerate(ktest_objects(os.path.join(out, t + ".ktest"))["in"])) for t in exits]
    return pats, exits


prog = checks.write(work, "tree.c", TREE)
probe = run(["--max-time=1", "--max-memory=0"], "tree-probe")
cap = int(probe["start_memory_mb"]) + 100 if probe else 200
for tag, extra in (("swap", []), ("no-swap", ["--no-state-swap"])):
    s = run(["--search=bfs", "--max-time=240", "--max-memory=%d" % cap] + extra, "tree-" + tag)
    check(s is not None, "tree " + tag + " ran")
    if not s:
        continue
    w = s["swap"]
    if tag == "swap":
        out = os.path.join(work, "out-tree-swap")
        pats, exits = tree_paths(out)
        check(s["paths_completed"] == 4096 and len(pats) == 4096 and len(set(pats)) == 4096,
              f"swap: paths {s['paths_completed']}, exit tests {len(pats)}, distinct paths {len(set(pats))}")
        # a rebuild set aside again while it replays is rebuilt twice and reaches its decision once
        check(w["set_aside"] > 0 and w["rebuilt"] == w["set_aside"] and 0 < w["reached"] <= w["rebuilt"]
              and w["strayed"] == 0 and w["waiting"] == 0 and w["ended"] == 0, f"swap: {w}")
        check(s["peak_memory_mb"] <= 1.1 * cap, f"swap: peak {s['peak_memory_mb']} MB, cap {cap}")
        for t, p in list(zip(exits, pats))[::512]:
            r = subprocess.run([os.path.join(bin_dir, "symplex-replay"), prog, os.path.join(out, t + ".ktest")],
                               capture_output=True, timeout=120)
            check(r.returncode == p & 0xff, f"{t}: native exit {r.returncode}, its input's path gives {p & 0xff}")
    else:
        lost = s["paths_terminated_early"]["by_reason"].get("max-memory", 0)
        check(s["paths_completed"] < 4096 and lost > 0 and w["set_aside"] == 0,
              f"no-swap: paths {s['paths_completed']}, ended for memory {lost}, {w}")

# One query bigger than the cap allows (eight Newton steps on a double, which
# Z3 bit-blasts into hundreds of MB) beside 64 paths that need little. Before,
# the watcher cut the query, the state was set aside, rebuilt and cut again
# until the budget ran out (the cut query's terms stayed in Z3's context, so
# every later query was cut at once: 210 rebuilds in 10 s). Now Z3 starts on a
# new context after the cut, and a query that alone grew the RSS by half the
# budget gives up (reason "solver memory") instead of being set aside: the run
# ends when the other paths are done, long before its budget.
prog = checks.write(work, "newton.c", NEWTON)
probe = run(["--max-time=1", "--max-memory=0"], "newton-probe")
cap = int(probe["start_memory_mb"]) + 200 if probe else 250
s = run(["--plain", "--max-time=60", "--max-memory=%d" % cap], "newton")
check(s is not None, "newton ran")
if s:
    early, w, sm = s["paths_terminated_early"]["by_reason"], s["swap"], s["solver_memory"]
    check(s["paths_completed"] == 64 and early == {"solver memory": 1},
          f"newton: paths {s['paths_completed']}, ended early {early}")
    check(w["set_aside"] == 0 and w["rebuilt"] == 0 and sm["alone"] == 1 and sm["context_renewals"] >= 1,
          f"newton: swap {w}, solver memory {sm}")
    check(s["elapsed_s"] < 40, f"newton: ended at {s['elapsed_s']} s of 60 (nothing left to explore)")

prog = checks.write(work, "grow.c", GROW)
# the cap sits 150 MiB above what symplex holds before exploring (more under sanitizers)
probe = run(["--only-new-coverage-tests", "--max-time=1", "--max-memory=0"], "probe")
check(probe is not None, "probe run")
cap = int(probe["start_memory_mb"]) + 150 if probe else 300
killed = {}
# inhibition against ending states alone (neither sets states aside)
for tag, extra in (("inhibit", ["--max-memory-inhibit"]), ("kill-only", [])):
    s = run(["--only-new-coverage-tests", "--no-state-swap", "--max-time=12", "--max-memory=%d" % cap] + extra, tag)
    check(s is not None, tag + " ran")
    if not s:
        continue
    killed[tag] = s["paths_terminated_early"]["by_reason"].get("max-memory", 0)
    check(s["peak_memory_mb"] <= 1.1 * cap, f"{tag}: peak {s['peak_memory_mb']} MB, cap {cap}")
    if tag == "inhibit":
        check(s["forks_inhibited"] > 0 and s["memory_inhibits"] >= 1,
              f"inhibit: forks inhibited {s['forks_inhibited']}, times {s['memory_inhibits']}")
    else:
        check(s["forks_inhibited"] == 0 and s["memory_inhibits"] == 0 and s["memory_prunes"] >= 1 and killed[tag] > 0,
              f"kill-only: forks inhibited {s['forks_inhibited']}, prunes {s['memory_prunes']}, killed {killed[tag]}")
if len(killed) == 2:
    check(killed["inhibit"] < killed["kill-only"],
          f"states terminated for max-memory: {killed['inhibit']} with inhibited forks, {killed['kill-only']} without")

check.finish()
