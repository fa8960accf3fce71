#!/usr/bin/env python3
"""bench/suite stays a usable benchmark: enough programs, each within the
size the suite promises, each stating its symbolic inputs, and each one
explored by symplex without a path ending on something symplex cannot
execute (which would make it measure the engine's gaps, not its search).

Usage: test_bench_suite.py BIN_DIR WORK_DIR
"""
import glob
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import setup  # noqa: E402

MIN_PROGRAMS, MIN_LINES, MAX_LINES = 25, 50, 1500
# early-termination reasons that mean "symplex could not run this program"
ENGINE_GAPS = ("unsupported", "undefined function", "external call", "symbolic floating point")

bin_dir, work, check = setup()
suite = os.path.join(os.path.dirname(HERE), "bench", "suite")
progs = sorted(glob.glob(os.path.join(suite, "*.c")))
check(len(progs) >= MIN_PROGRAMS, "at least %d programs in bench/suite, found %d" % (MIN_PROGRAMS, len(progs)))

for p in progs:
    text = open(p).read()
    n = text.count("\n")
    check(MIN_LINES <= n <= MAX_LINES, "%s: %d lines, want %d..%d" % (os.path.basename(p), n, MIN_LINES, MAX_LINES))
    head = text[:text.find("*/")]
    check("Symbolic input" in head, "%s: the header comment states its symbolic inputs" % os.path.basename(p))


def explore(p):
    out = os.path.join(work, os.path.basename(p)[:-2])
    # 1 s under ASan runs each program through thousands of paths' first steps, where engine gaps show
    r = subprocess.run([os.path.join(bin_dir, "symplex"), "--quiet", "--max-time=1", "--output-dir=" + out, p],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    try:
        s = json.load(open(os.path.join(out, "summary.json")))
    except (OSError, ValueError):
        s = None
    return p, r.returncode, r.stderr.decode(errors="replace").strip(), s


with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
    for p, rc, err, s in pool.map(explore, progs):
        name = os.path.basename(p)
        check(rc == 0 and s is not None, "%s: symplex exits 0 with a summary: %s" % (name, err[-4000:]))
        if s is None:
            continue
        reasons = s["paths_terminated_early"]["by_reason"]
        gaps = {k: v for k, v in reasons.items() if k in ENGINE_GAPS}
        check(not gaps, "%s: no path ends on an engine gap: %s" % (name, gaps))
        check(s["covered_branches"] > 0 and s["tests"] > 0, "%s: explores and writes tests" % name)
check.finish()
