#!/usr/bin/env python3
"""symplex-cov: the coverage a symplex output directory's tests achieve natively.

  symplex-cov [options] prog.c OUTDIR

Builds prog.c with gcc's gcov instrumentation (-O0 --coverage), linked with
symplex's replay library, replays every test of OUTDIR (the .ktest files, or
the Test-Comp XML tests in OUTDIR/test-suite) in the order symplex created
them, each under a time limit, and reports line and branch coverage as gcov
counts them. After each test the accumulated counters are read again, so the
report says which tests added coverage and how coverage grew with the time
at which symplex found each test (tests.csv's time_s). A run with
--entry-point starts its tests in that function (the driver it wrote).

Writes into the report directory (default OUTDIR/coverage):
  coverage.json   totals, per-test timeline, uncovered lines, --check results
  timeline.csv    test,time_s,outcome,lines_covered,branches_covered,new_lines,new_branches
  coverage.info   lcov tracefile of the final counts
  html/           gcovr's HTML report (unless --no-html)

--check also replays every error test with symplex-replay (ASan + UBSan) and
reports how many reproduce the reported bug natively: the same kind at the
same line. Exit status: 0, or 1 when --check finds a bug that does not
reproduce; 2 on bad input.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

_here = os.path.dirname(os.path.realpath(__file__))
sys.path[:0] = [os.path.join(_here, "..", "lib", "symplex", "python"), _here]
import symplex_native as native  # noqa: E402


class CovError(Exception):
    """Bad input: reported as one line, exit status 2."""


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="symplex-cov", description=__doc__.split("\n")[0])
    ap.add_argument("prog", help="the program's C source")
    ap.add_argument("outdir", help="a symplex output directory")
    ap.add_argument("--tests", choices=("auto", "ktest", "xml"), default="auto",
                    help="which tests to replay (auto: .ktest files, else test-suite/*.xml)")
    ap.add_argument("--timeout", type=float, default=5.0, help="time limit per test in seconds (default 5)")
    ap.add_argument("--report-dir", help="where reports go (default OUTDIR/coverage)")
    ap.add_argument("--check", action="store_true", help="replay error tests with sanitizers: do the bugs reproduce?")
    ap.add_argument("--no-html", action="store_true", help="skip gcovr's HTML report")
    ap.add_argument("--gcc", default="gcc", help="compiler with gcov instrumentation (default gcc)")
    ap.add_argument("--quiet", action="store_true", help="print only the summary")
    return ap.parse_args(argv)


def prefix_paths():
    """(include dir, replay library, coverage flush source) of this install."""
    root = os.path.join(_here, "..")
    inc = os.path.join(root, "include")
    lib = os.path.join(root, "lib", "symplex", "libsymplex-replay-rt.a")
    flush = os.path.join(root, "lib", "symplex", "symplex-cov-flush.c")
    for p in (inc, lib, flush):
        if not os.path.exists(p):
            raise CovError("incomplete symplex install: %s is missing" % os.path.normpath(p))
    return inc, lib, flush


def entry_driver(outdir):
    """The run's --entry-point driver (its info file's entry-driver line), or None."""
    try:
        lines = open(os.path.join(outdir, "info")).read().splitlines()
    except OSError:
        return None
    path = next((l[len("entry-driver: "):] for l in lines if l.startswith("entry-driver: ")), None)
    if path and not os.path.isfile(path):
        raise CovError("the run's --entry-point driver is gone: %s" % path)
    return path


def build(args, work):
    """Compiles the program with gcov counters; returns (executable, .gcda path)."""
    inc, lib, flush = prefix_paths()
    obj = os.path.join(work, "prog.o")
    exe = os.path.join(work, "prog")
    driver = entry_driver(args.outdir)
    steps = [
        [args.gcc, "-O0", "-g", "--coverage", "-w", "-I" + inc, "-c", os.path.abspath(args.prog), "-o", obj],
        [args.gcc, "-O0", "-w", "-c", flush, "-o", os.path.join(work, "flush.o")],
    ]
    link = [args.gcc, "--coverage", obj, os.path.join(work, "flush.o"), lib, "-lm", "-o", exe]
    if driver:  # the tests start where the run did: the driver's __wrap_main gets the C runtime's call of main
        steps.append([args.gcc, "-O0", "-w", "-c", driver, "-o", os.path.join(work, "entry.o")])
        link += [os.path.join(work, "entry.o"), "-Wl,--wrap=main"]
    steps.append(link)
    for cmd in steps:
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as e:
            raise CovError("cannot run %s: %s" % (cmd[0], e.strerror))
        if p.returncode != 0:
            text = p.stderr.decode(errors="replace")
            first = next((l for l in text.splitlines() if "error" in l), text.strip().split("\n")[0])
            raise CovError("cannot compile %s: %s" % (args.prog, first))
    return exe, os.path.join(work, "prog.gcda")


def list_tests(args):
    """[(name, path, time_s, outcome)] in creation order."""
    rows = {native.test_name(r["test"]): r for r in native.read_tests_csv(args.outdir)}
    kind = args.tests
    ktests = sorted(f for f in os.listdir(args.outdir) if f.endswith(".ktest"))
    suite = os.path.join(args.outdir, "test-suite")
    xmls = sorted(f for f in os.listdir(suite) if f.endswith(".xml") and f != "metadata.xml") \
        if os.path.isdir(suite) else []
    if kind == "auto":
        kind = "ktest" if ktests else "xml"
    files = [(f, os.path.join(args.outdir, f)) for f in ktests] if kind == "ktest" else \
        [(f, os.path.join(suite, f)) for f in xmls]
    tests = []
    for f, path in files:
        name = native.test_name(f)
        row = rows.get(name, {})
        t = float(row["time_s"]) if row.get("time_s") else None
        tests.append((name, path, t, row.get("outcome", "")))
    # creation order: by time where known, the test number breaking ties
    tests.sort(key=lambda x: (x[2] if x[2] is not None else float("inf"), x[0]))
    return tests, kind


def run_test(exe, path, timeout):
    """One native run, counters flushed even on a crash or at the time limit."""
    argv = [exe]
    if path.endswith(".ktest"):
        argv += native.read_ktest(path)["args"][1:]
    env = dict(os.environ, SYMPLEX_KTEST=os.path.abspath(path))
    p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, cwd=os.path.dirname(exe))
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGTERM)  # the flush handler writes the counters
        try:
            return p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            return p.wait()


def gcov_read(gcda, prog):
    """gcov's JSON for the program's own source file (None before any run)."""
    if not os.path.exists(gcda):
        return None
    p = subprocess.run(["gcov", "--json-format", "--stdout", "--branch-probabilities", gcda],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=os.path.dirname(gcda))
    if p.returncode != 0:
        raise CovError("gcov failed: %s" % p.stderr.decode(errors="replace").strip().split("\n")[0])
    for f in json.loads(p.stdout).get("files", []):
        if native.same_file(f.get("file"), prog):
            return f
    return None


def covered_sets(fdata):
    """(covered lines, covered branches, all lines, all branches) of gcov data;
    a branch is (line, index of the arc on that line), as gcov numbers them."""
    cl, cb, al, ab = set(), set(), set(), set()
    for ln in (fdata or {}).get("lines", []):
        n = ln["line_number"]
        al.add(n)
        if ln["count"] > 0:
            cl.add(n)
        for i, br in enumerate(ln.get("branches", [])):
            ab.add((n, i))
            if br["count"] > 0:
                cb.add((n, i))
    return cl, cb, al, ab


def write_lcov(path, prog, fdata):
    """The final counts as an lcov tracefile (geninfo's format)."""
    out = ["TN:", "SF:" + os.path.abspath(prog)]
    funcs = fdata.get("functions", [])
    for fn in funcs:
        out.append("FN:%d,%s" % (fn["start_line"], fn["name"]))
    for fn in funcs:
        out.append("FNDA:%d,%s" % (fn["execution_count"], fn["name"]))
    out += ["FNF:%d" % len(funcs), "FNH:%d" % sum(1 for f in funcs if f["execution_count"] > 0)]
    brf = brh = 0
    for ln in fdata.get("lines", []):
        for i, br in enumerate(ln.get("branches", [])):
            taken = str(br["count"]) if ln["count"] > 0 else "-"
            out.append("BRDA:%d,0,%d,%s" % (ln["line_number"], i, taken))
            brf += 1
            brh += br["count"] > 0
    out += ["BRF:%d" % brf, "BRH:%d" % brh]
    lines = fdata.get("lines", [])
    out += ["DA:%d,%d" % (ln["line_number"], ln["count"]) for ln in lines]
    out += ["LF:%d" % len(lines), "LH:%d" % sum(1 for ln in lines if ln["count"] > 0), "end_of_record"]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def write_html(args, work, report):
    html = os.path.join(report, "html")
    os.makedirs(html, exist_ok=True)
    src = os.path.dirname(os.path.abspath(args.prog))
    cmd = ["gcovr", "--root", src, "--filter", re.escape(os.path.abspath(args.prog)),
           "--html-details", os.path.join(html, "index.html"), "--html-title", "symplex-cov: " +
           os.path.basename(args.prog), work]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError:
        print("symplex-cov: warning: gcovr not found; no HTML report", file=sys.stderr)
        return None
    if p.returncode != 0:
        print("symplex-cov: warning: gcovr failed: %s" % p.stderr.decode(errors="replace").strip()[-300:],
              file=sys.stderr)
        return None
    return os.path.join(html, "index.html")


CHUNK = 64


class Tracker:
    """Coverage after each test, from gcda snapshots. Coverage only grows along
    the test sequence, so when two snapshots cover as much, no test between
    them added anything: gcov runs once per chunk of tests, and bisection
    finds the tests that did add coverage inside a chunk that grew."""

    def __init__(self, args, gcda):
        self.args, self.gcda = args, gcda
        self.snapdir = os.path.join(os.path.dirname(gcda), "snap")
        os.makedirs(self.snapdir, exist_ok=True)
        self.cache = {}
        self.fdata = None

    def snapshot(self, slot):
        if os.path.exists(self.gcda):
            shutil.copyfile(self.gcda, os.path.join(self.snapdir, "%d.gcda" % slot))

    def sets(self, slot):
        """(covered lines, covered branches) after the test in `slot`."""
        if slot not in self.cache:
            snap = os.path.join(self.snapdir, "%d.gcda" % slot)
            gcno = os.path.join(self.snapdir, "%d.gcno" % slot)
            if not os.path.exists(gcno):  # gcov finds the notes file next to the data file
                os.symlink(os.path.join(os.path.dirname(self.gcda), "prog.gcno"), gcno)
            fdata = gcov_read(snap, self.args.prog)
            cl, cb, _al, _ab = covered_sets(fdata)
            self.cache[slot] = (cl, cb)
        return self.cache[slot]

    def resolve(self, lo, hi, base, out):
        """Fills out[k] for slots lo..hi given the coverage `base` before lo."""
        top = self.sets(hi)
        if len(top[0]) == len(base[0]) and len(top[1]) == len(base[1]):
            for k in range(lo, hi + 1):
                out[k] = base
            return
        if lo == hi:
            out[lo] = top
            return
        mid = (lo + hi) // 2
        self.resolve(lo, mid, base, out)
        self.resolve(mid + 1, hi, out[mid], out)


def measure(args, exe, gcda, tests):
    """Replays the tests in order; returns (timeline, final gcov data)."""
    tracker = Tracker(args, gcda)
    timeline, prev = [], (set(), set())
    for start in range(0, len(tests), CHUNK):
        chunk = tests[start:start + CHUNK]
        tracker.cache.clear()
        rcs, times = [], []
        for k, (_name, path, _t, _o) in enumerate(chunk):
            started = time.time()
            rcs.append(run_test(exe, path, args.timeout))
            tracker.snapshot(k)
            times.append(time.time() - started)
        sets = {}
        tracker.resolve(0, len(chunk) - 1, prev, sets)
        for k, (name, _path, t, outcome) in enumerate(chunk):
            cl, cb = sets[k]
            entry = {"test": name, "time_s": t, "outcome": outcome, "exit": rcs[k],
                     "new_lines": len(cl - prev[0]), "new_branches": len(cb - prev[1]),
                     "lines_covered": len(cl), "branches_covered": len(cb), "replay_s": round(times[k], 4)}
            prev = (cl, cb)
            timeline.append(entry)
            if rcs[k] in native.HARNESS_EXITS and outcome != "early":
                print("symplex-cov: warning: %s does not fit the program (replay exit %d)" % (name, rcs[k]),
                      file=sys.stderr)
            if not args.quiet and (entry["new_lines"] or entry["new_branches"]):
                print("  %s  +%d lines  +%d branches" % (name, entry["new_lines"], entry["new_branches"]))
    shutil.rmtree(tracker.snapdir, ignore_errors=True)
    return timeline, gcov_read(gcda, args.prog)


def check_bugs(args, kind):
    """Replays every error test with symplex-replay's sanitizers."""
    replay = os.path.join(_here, "symplex-replay")
    flags = native.run_flags(args.outdir)
    results = []
    for row in native.read_tests_csv(args.outdir):
        if row.get("outcome") != "error":
            continue
        name = native.test_name(row["test"])
        path = os.path.join(args.outdir, name + ".ktest") if kind == "ktest" else \
            os.path.join(args.outdir, "test-suite", name + ".xml")
        if not os.path.exists(path):
            results.append({"test": name, "reproduced": False, "detail": "no test file %s" % path})
            continue
        try:
            p = subprocess.run([replay] + flags + [args.prog, path], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=max(args.timeout, 60))
            ok, what = native.compare(row, args.outdir, args.prog, p.returncode, p.stderr.decode(errors="replace"))
        except subprocess.TimeoutExpired:
            ok, what = False, "%s: replay timed out" % name
        results.append({"test": name, "kind": row.get("kind"), "line": row.get("line"),
                        "reproduced": ok, "detail": what})
    return results


def pct(a, b):
    return 100.0 * a / b if b else 0.0


def main(argv):
    args = parse_args(argv)
    if not os.path.isfile(args.prog):
        raise CovError("no such program: %s" % args.prog)
    if not args.prog.endswith(".c"):
        raise CovError("%s: symplex-cov needs the program's C source (.c)" % args.prog)
    if not os.path.isdir(args.outdir):
        raise CovError("no such output directory: %s" % args.outdir)
    tests, kind = list_tests(args)
    if not tests:
        raise CovError("%s holds no tests (.ktest files or test-suite/*.xml)" % args.outdir)
    report = os.path.abspath(args.report_dir or os.path.join(args.outdir, "coverage"))
    work = os.path.join(report, "build")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    exe, gcda = build(args, work)
    timeline, fdata = measure(args, exe, gcda, tests)
    fdata = fdata or {}
    cl, cb, al, ab = covered_sets(fdata)
    result = {
        "program": os.path.abspath(args.prog), "outdir": os.path.abspath(args.outdir), "tests_format": kind,
        "tests": len(tests), "replay_failures": sum(1 for e in timeline if e["exit"] in native.HARNESS_EXITS
                                                    and e["outcome"] != "early"),
        "tests_adding_coverage": sum(1 for e in timeline if e["new_lines"] or e["new_branches"]),
        "lines": {"covered": len(cl), "total": len(al), "percent": round(pct(len(cl), len(al)), 2)},
        "branches": {"covered": len(cb), "total": len(ab), "percent": round(pct(len(cb), len(ab)), 2)},
        "uncovered_lines": sorted(al - cl), "timeline": timeline,
    }
    write_lcov(os.path.join(report, "coverage.info"), args.prog, fdata)
    with open(os.path.join(report, "timeline.csv"), "w") as f:
        f.write("test,time_s,outcome,lines_covered,branches_covered,new_lines,new_branches\n")
        for e in timeline:
            f.write("%s,%s,%s,%d,%d,%d,%d\n" % (e["test"], "" if e["time_s"] is None else e["time_s"], e["outcome"],
                                                e["lines_covered"], e["branches_covered"], e["new_lines"],
                                                e["new_branches"]))
    html = None if args.no_html else write_html(args, work, report)
    status = 0
    if args.check:
        checks = check_bugs(args, kind)
        result["check"] = {"error_tests": len(checks), "reproduced": sum(c["reproduced"] for c in checks),
                           "results": checks}
        status = 0 if all(c["reproduced"] for c in checks) else 1
    with open(os.path.join(report, "coverage.json"), "w") as f:
        json.dump(result, f, indent=1)
    print("%s: %d tests (%s), %d added coverage" % (os.path.basename(args.prog), len(tests), kind,
                                                     result["tests_adding_coverage"]))
    print("lines:    %d/%d (%.1f%%)" % (len(cl), len(al), pct(len(cl), len(al))))
    print("branches: %d/%d (%.1f%%)" % (len(cb), len(ab), pct(len(cb), len(ab))))
    if args.check:
        c = result["check"]
        print("bugs:     %d/%d error tests reproduce natively (same kind, same line)" % (c["reproduced"], c["error_tests"]))
        for r in c["results"]:
            if not r["reproduced"]:
                print("  not reproduced: " + r["detail"])
    print("report:   %s%s" % (os.path.join(report, "coverage.json"), ", " + html if html else ""))
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except CovError as e:
        print("symplex-cov: error: %s" % e, file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
