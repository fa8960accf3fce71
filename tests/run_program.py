#!/usr/bin/env python3
"""Run one program test: symplex on tests/programs/<name>.c, check the header's
expectations, then replay every generated test natively and check that the
native outcome matches what symplex predicted.

Usage: run_program.py --bin BUILD/bin --work BUILD/program-tests prog.c

Header format: the first comment of the program, starting with `/* symplex-test`.
Lines of the form ` * key: value` with a known key are expectations; any other
line is free text, but a key that is close to a known one (`path:`, `test:`)
is refused as a likely misspelling: an expectation must not vanish silently.

  args: --search=dfs --check-overflow   extra symplex options (shell words)
  variants: --search=dfs | --search=bfs   run once per variant (options added to args), same expectations
  paths: 4             summary.json paths_completed must be exactly 4
  error: assert 17     an error of kind `assert` at line 17 of THIS file must be
                       reported (its File/Line, or the first stack frame of its
                       .err file that lies in this file); repeat for more
  errors: 2            exact number of unique errors; default = number of
                       `error:` lines, so no other error is allowed
  early: <reason> N    paths_terminated_early.by_reason[<reason>] == N (reason
                       may contain spaces: `early: symbolic floating point 1`)
  early-total: N       paths_terminated_early.total == N
  stdout: text         text must appear on symplex's stdout (repeatable)
  coverage: 100        covered_lines == total_lines and covered_branches ==
                       total_branches (and total_lines > 0)
  tests: N             exactly N tests (summary "tests", tests.csv rows, .ktest files)
  tests-max: N         at most N tests
  exits: 0 1 3         the exit tests' exit statuses are exactly these (each one reached)
  replay: no           skip native replay (give the reason in the free text)
  timeout: 60          --max-time for the run (default 60)
  speculate: no        skip the speculative run (give the reason in the free text)
  simplex: no          skip the run with symplex's own solver layers (likewise)
  path-check: known-mismatch   a known engine defect makes some test leave its
                       recorded path (give it in the free text): outcomes are
                       replayed without --check-path, and at least one test
                       must still fail the path check, so the marker goes
                       when the defect is fixed

Every program also runs once with --speculate=3 and once with symplex's own
solver layers in front of Z3 (--simplex --array-solver=cegar) added to its
first variant: neither may change the execution tree, so each run is
held to the same expectations and, when neither it nor the first run was
halted by a limit, must agree with the first one on paths, early
terminations, tests (outcome, kind, location; not under
--only-new-coverage-tests, whose choice of paths depends on the order
coverage is credited), errors and final coverage.

Every run must write at least one test (unless `tests: 0`): a run that
explored nothing would pass the checks above vacuously.

Replay: `symplex-replay --check-path [--check-overflow] [--no-check-shift] prog.c
testN.ktest` (the flags only when they are in `args`); tools/symplex_native.py
says how a native outcome is classified and when it agrees with the test.
Every run is made with --record-path, and every test's native run must take
the branch decisions its .path file records (--check-path), with `replay: no`
too: only its outcome is not compared then.
Prints one line per failed check and `N passed, M failed`; exit status 1 on any
failure.
"""
import argparse
import concurrent.futures
import csv
import difflib
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from symplex_native import compare, path_mismatch, read_err, test_name, user_line  # noqa: E402

KEYS = ("args", "variants", "paths", "error", "errors", "early", "early-total", "stdout",
        "coverage", "tests", "tests-max", "exits", "replay", "timeout", "speculate", "simplex",
        "path-check")
# options that must not change the execution tree, each with its header key
SAME_TREE = [("speculate", ["--speculate=3"]), ("simplex", ["--simplex", "--array-solver=cegar"])]
REPLAY_TIMEOUT = 120
# native results by (test bytes, replay flags), shared by the runs of one program
REPLAYED = {}


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s%s" % (what, (": " + detail) if detail else ""))
        return ok


def parse_header(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    m = re.search(r"/\*\s*symplex-test\b(.*?)\*/", text, re.S)
    if not m:
        raise ValueError("%s: no /* symplex-test */ header" % path)
    h = {"args": [], "variants": [[]], "error": [], "early": {}, "stdout": [], "timeout": 60}
    for raw in m.group(1).splitlines():
        line = re.sub(r"^\s*\*?\s?", "", raw).rstrip()
        km = re.match(r"([a-z-]+):\s*(.*)$", line)
        if km and km.group(1) not in KEYS and difflib.get_close_matches(km.group(1), KEYS, 1, 0.8):
            raise ValueError("%s: header key %r is not one of %s (a misspelling of %r?)"
                             % (path, km.group(1), ", ".join(KEYS), difflib.get_close_matches(km.group(1), KEYS, 1, 0.8)[0]))
        if not km or km.group(1) not in KEYS:
            continue
        key, val = km.group(1), km.group(2).strip()
        if key == "args":
            h["args"] += shlex.split(val)
        elif key == "variants":
            h["variants"] = [shlex.split(v) for v in val.split("|")]
        elif key == "error":
            kind, line_no = val.split()
            h["error"].append((kind, int(line_no)))
        elif key == "early":
            reason, n = val.rsplit(None, 1)
            h["early"][reason] = int(n)
        elif key == "stdout":
            h["stdout"].append(val)
        elif key in ("paths", "errors", "early-total", "tests", "tests-max", "timeout"):
            h[key] = int(val)
        elif key == "coverage":
            h[key] = int(val)
        elif key == "path-check":
            if val != "known-mismatch":
                raise ValueError("%s: path-check takes known-mismatch, not %r" % (path, val))
            h["known_mismatch"] = True
        elif key == "exits":
            h[key] = sorted(int(v) for v in val.split())
        elif key in ("replay", "speculate", "simplex"):
            h[key] = val.lower() not in ("no", "false", "0")
    return h


def file_hash(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def replay_one(bin_dir, prog, outdir, flags, row, known):
    name = test_name(row["test"])
    ktest = os.path.join(outdir, name + ".ktest")
    # A native run is a function of the test's bytes, its recorded path (and
    # the module that path refers to) and the replay flags, so a test another
    # run of this program already wrote (the same-tree runs repeat most of the
    # base run's inputs) reuses that replay's result; it is still compared
    # with this run's own tests.csv row.
    key = (file_hash(ktest), file_hash(os.path.join(outdir, name + ".path")),
           file_hash(os.path.join(outdir, "path-module.bc")), tuple(flags))
    if key in known:
        return (name,) + known[key]
    cmd = [os.path.join(bin_dir, "symplex-replay")] + flags + [prog, ktest]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=REPLAY_TIMEOUT)
        err = p.stderr.decode(errors="replace")
        known[key] = (p.returncode, err)
        return name, p.returncode, err
    except subprocess.TimeoutExpired:
        return name, None, "replay timed out after %ds" % REPLAY_TIMEOUT


def check_replay(c, prog, outdir, row, rc, err, outcome=True):
    """The replay's outcome against the test's row, or with outcome=False
    (`replay: no`) only its path."""
    if rc is None:
        return c.check(False, "%s: replay" % test_name(row["test"]), err)
    if not outcome:
        left = path_mismatch(rc, err)
        return c.check(not left, "%s: %s" % (test_name(row["test"]), left))
    ok, what = compare(row, outdir, prog, rc, err)
    return c.check(ok, what, "" if ok or path_mismatch(rc, err) else err.strip()[-1500:])


def check_path_files(c, outdir, rows):
    """--record-path wrote the module and a .path file for every test."""
    c.check(os.path.exists(os.path.join(outdir, "path-module.bc")), "no path-module.bc in the output directory")
    missing = [test_name(r["test"]) for r in rows
               if not os.path.exists(os.path.join(outdir, test_name(r["test"]) + ".path"))]
    c.check(not missing, "tests without a .path file: %s" % " ".join(missing[:10]))


def check_errors(c, h, prog, summary, outdir):
    listed = summary.get("errors", {}).get("list", [])
    errs = []
    for e in listed:
        stack = []
        files = glob.glob(os.path.join(outdir, test_name(str(e.get("test", ""))) + ".*.err"))
        if files:
            stack = read_err(files[0])["stack"]
        errs.append((e.get("kind"), user_line(e.get("file"), e.get("line"), stack, prog), e))
    desc = ", ".join("%s@%s:%s" % (k, os.path.basename(str(e.get("file"))), e.get("line")) for k, _l, e in errs) or "none"
    for kind, line in h["error"]:
        c.check(any(k == kind and l == line for k, l, _e in errs),
                "expected error %s at line %d not reported" % (kind, line), "reported: " + desc)
    want = h.get("errors", len(h["error"]))
    total = summary.get("errors", {}).get("total")
    c.check(total == want, "unique errors: expected %d, summary says %s" % (want, total), "reported: " + desc)
    c.check(len(listed) == total, "errors.list has %d entries but errors.total is %s" % (len(listed), total))


def run(args, c, variant, index, results=None):
    """One symplex run of the program (with the variant's extra options) and all
    its checks, recorded in c; its summary and tests.csv rows go to
    results[index]."""
    prog = os.path.abspath(args.prog)
    h = parse_header(prog)
    h["args"] = h["args"] + variant
    stem = os.path.splitext(os.path.basename(prog))[0] + (".%d" % index if index else "")
    outdir = os.path.abspath(os.path.join(args.work, stem))
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(os.path.dirname(outdir), exist_ok=True)
    if args.existing:
        outdir = os.path.abspath(args.existing)
        out_file = os.path.join(outdir, "stdout.txt")
        out = open(out_file).read() if os.path.exists(out_file) else ""
    else:
        cmd = [os.path.join(args.bin, "symplex"), "--quiet", "--output-dir=" + outdir, "--record-path",
               "--max-time=%d" % h["timeout"]] + h["args"] + [prog]
        print("$ " + " ".join(shlex.quote(x) for x in cmd))
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=h["timeout"] + 60)
        except subprocess.TimeoutExpired:
            c.check(False, "symplex did not finish within %ds" % (h["timeout"] + 60))
            return c
        out = p.stdout.decode(errors="replace")
        if not c.check(p.returncode == 0, "symplex exited with status %d" % p.returncode,
                       p.stderr.decode(errors="replace")[-3000:]):
            return c
    try:
        summary = json.load(open(os.path.join(outdir, "summary.json")))
        rows = list(csv.DictReader(open(os.path.join(outdir, "tests.csv"))))
    except (OSError, ValueError) as e:
        c.check(False, "cannot read the output directory", str(e))
        return c
    if results is not None:
        results[index] = (summary, rows)
    ktests = glob.glob(os.path.join(outdir, "test*.ktest"))
    c.check(len(rows) == len(ktests), "tests.csv has %d rows but there are %d .ktest files" % (len(rows), len(ktests)))
    c.check(rows or h.get("tests") == 0, "no test written (say `tests: 0` if none is expected)")
    c.check(summary.get("tests") == len(rows), "summary tests = %s but tests.csv has %d rows" % (summary.get("tests"), len(rows)))
    for row in rows:
        if row.get("outcome") == "error":
            name = test_name(row["test"])
            c.check(bool(glob.glob(os.path.join(outdir, name + ".*.err"))), "%s: error test without a .err file" % name)
    if "paths" in h:
        c.check(summary.get("paths_completed") == h["paths"],
                "paths_completed: expected %d, got %s" % (h["paths"], summary.get("paths_completed")))
    check_errors(c, h, prog, summary, outdir)
    early = summary.get("paths_terminated_early", {})
    for reason, n in h["early"].items():
        got = early.get("by_reason", {}).get(reason, 0)
        c.check(got == n, "early termination '%s': expected %d, got %s" % (reason, n, got),
                "by_reason: %s" % early.get("by_reason"))
    if "early-total" in h:
        c.check(early.get("total") == h["early-total"],
                "early terminations: expected %d, got %s" % (h["early-total"], early.get("total")))
    for text in h["stdout"]:
        c.check(text in out, "stdout does not contain %r" % text, "stdout was: %r" % out[-2000:])
    if h.get("coverage"):
        cov = [summary.get(k) for k in ("covered_lines", "total_lines", "covered_branches", "total_branches")]
        c.check(cov[1] and cov[0] == cov[1] and cov[2] == cov[3],
                "coverage not complete: lines %s/%s, branches %s/%s" % (cov[0], cov[1], cov[2], cov[3]))
    if "tests" in h:
        c.check(len(rows) == h["tests"], "tests: expected %d, got %d" % (h["tests"], len(rows)))
    if "tests-max" in h:
        c.check(len(rows) <= h["tests-max"], "tests: expected at most %d, got %d" % (h["tests-max"], len(rows)))
    if "exits" in h:
        got = sorted({int(r.get("exit_status") or 0) for r in rows if r.get("outcome") == "exit"})
        c.check(got == h["exits"], "exit statuses: expected %s, got %s" % (h["exits"], got))
    if not args.existing:
        check_path_files(c, outdir, rows)
    flags = [f for f in ("--check-overflow", "--no-check-shift") if f in h["args"]]
    known = h.get("known_mismatch", False)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [(row, pool.submit(replay_one, args.bin, prog, outdir, flags if known else ["--check-path"] + flags,
                                  row, REPLAYED)) for row in rows]
        for row, fut in futs:
            _name, rc, err = fut.result()
            check_replay(c, prog, outdir, row, rc, err, h.get("replay", True))
        if known:
            futs = [pool.submit(replay_one, args.bin, prog, outdir, ["--check-path"] + flags, row, REPLAYED)
                    for row in rows]
            left = [f.result() for f in futs]
            c.check(any(rc is not None and path_mismatch(rc, err) for _n, rc, err in left),
                    "path-check: known-mismatch, but every test keeps to its path: the defect is gone, drop the marker")
    return c


def tree_of(summary, rows):
    """What speculation must not change: the execution tree's paths, tests and
    bugs, and the coverage they reach."""
    tests = sorted((r.get("outcome", ""), r.get("kind", ""), os.path.basename(r.get("file", "")), r.get("line", ""))
                   for r in rows)
    errors = sorted((e.get("kind"), os.path.basename(str(e.get("file"))), e.get("line"))
                    for e in summary.get("errors", {}).get("list", []))
    return {"paths": summary.get("paths_completed"),
            "early": summary.get("paths_terminated_early", {}).get("by_reason"),
            "tests": tests, "errors": errors,
            "coverage": [summary.get(k) for k in ("covered_lines", "covered_branches")]}


def compare_trees(c, base, spec, args, what):
    if base[0].get("halted") or spec[0].get("halted"):
        return  # a limit cut one of them short: the trees need not be the same
    a, b = tree_of(*base), tree_of(*spec)
    if "--only-new-coverage-tests" in args:
        # which paths cover something first depends on the order coverage is
        # credited, and speculation credits it when a segment is checked
        del a["tests"], b["tests"]
    for key in a:
        c.check(a[key] == b[key], "%s changed %s" % (what, key), "without: %s\nwith: %s" % (a[key], b[key]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="directory holding symplex and symplex-replay")
    ap.add_argument("--work", required=True, help="directory for output directories")
    ap.add_argument("--jobs", type=int, default=2, help="parallel replays")
    ap.add_argument("--existing", help="check this output directory (with its stdout in stdout.txt) instead of running symplex; for testing the runner")
    ap.add_argument("prog")
    args = ap.parse_args()
    c = Checks()
    try:
        # one run per variant (e.g. each searcher), all held to the same expectations
        h = parse_header(os.path.abspath(args.prog))
        results = {}
        for i, variant in enumerate(h["variants"]):
            run(args, c, variant, i, results)
        n = len(h["variants"])
        for key, opts in SAME_TREE:
            if not h.get(key, True) or args.existing:
                continue
            run(args, c, h["variants"][0] + opts, n, results)
            if 0 in results and n in results:
                compare_trees(c, results[0], results[n], h["args"] + h["variants"][0], opts[0])
            n += 1
    except ValueError as e:
        print("FAIL: " + str(e))
        return 1
    print("%s: %d passed, %d failed" % (os.path.basename(args.prog), c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
