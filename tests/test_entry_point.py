#!/usr/bin/env python3
"""--entry-point=FN (KLEE's): the run starts in FN instead of main, called
with main's arguments as far as FN takes them, and FN's return value is the
exit status. Every test replays natively through the driver the run writes
(entry.c): the same exit status or error, on the recorded path
(symplex-replay --check-path), and symplex-cov's coverage comes from FN's
runs, not main's. Functions the native build cannot call as the run did are
refused with one line. Usage: test_entry_point.py BIN_DIR WORK_DIR"""
import csv, json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")
cov = os.path.join(bin_dir, "symplex-cov")

# main aborts at once: a run or a replay that starts there cannot pass
PROG = checks.write(work, "harness.c", """#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int check_input(void) {
    int x = symplex_int("x");
    if (x == 1234) abort();
    if (x > 10) return 3;
    return 4;
}
void with_args(int argc, char **argv) {
    int y = symplex_int("y");
    if (y == argc * 7 && strlen(argv[1]) == 2) abort();
}
long wide(int argc) {
    if (symplex_int("z") > argc) return 0x1234500000007L;
    return 9;
}
static int hidden(void) { return symplex_int("h") > 0; }
int (*volatile keep)(void) = hidden;
int needs_double(double d) { return d > 1.0; }
int main(void) {
    abort();
}
""")


def run(args, out):
    r = subprocess.run([symplex, "--quiet", "--record-path", f"--output-dir={out}"] + args, cwd=work,
                       capture_output=True, text=True, timeout=300)
    try:
        s = json.load(open(os.path.join(work, out, "summary.json")))
    except (OSError, ValueError):
        s = {}
    return r, s


def rows(out):
    return list(csv.DictReader(open(os.path.join(work, out, "tests.csv"))))


def replays(out, expect, args=()):
    """Each test replayed with --check-path (the program's arguments args): its status as expect(row) says."""
    bad = []
    for row in rows(out):
        k = os.path.join(work, out, row["test"] + ".ktest")
        # from another directory than the run's (whose --output-dir was relative): info names entry.c absolutely
        r = subprocess.run([replay, "--check-path", PROG, k] + list(args), cwd=os.path.dirname(work), capture_output=True, text=True, timeout=300)
        if r.returncode != expect(row):
            bad.append((row["test"], row["outcome"], row["exit_status"], r.returncode, r.stderr[-200:]))
    return bad


# int check_input(void): three paths, an abort on one; exit statuses 3 and 4 on the others
r, s = run(["--entry-point=check_input", PROG], "check")
check(r.returncode == 0 and s.get("paths_completed") == 2 and s.get("errors", {}).get("total") == 1
      and s.get("errors", {}).get("list", [{}])[0].get("line") == 6,
      f"--entry-point=check_input: {s.get('paths_completed')} paths, {s.get('errors')} {r.stderr[-300:]!r}")
statuses = sorted(row["exit_status"] for row in rows("check") if row["outcome"] == "exit")
check(statuses == ["3", "4"], f"check_input's return values are the exit statuses: {statuses}")
bad = replays("check", lambda row: 134 if row["outcome"] == "error" else int(row["exit_status"]))
check(not bad and len(rows("check")) == 3, f"every test replays natively through entry.c, on its path: {bad}")

# void with_args(int, char **): main's arguments, as symplex passes them (argc 2 here: its name and "go")
r, s = run(["--entry-point", "with_args", PROG, "go"], "args")
check(r.returncode == 0 and s.get("errors", {}).get("total") == 1 and s.get("paths_completed") == 1,
      f"--entry-point with_args: {s.get('paths_completed')} paths, {s.get('errors')} {r.stderr[-300:]!r}")
ys = []
for row in rows("args"):
    if row["outcome"] == "error":
        kt = open(os.path.join(work, "args", row["test"] + ".ktest"), "rb").read()
        ys.append(int.from_bytes(kt[-4:], "little"))
check(ys == [14], f"the abort needs y == argc * 7 with argc 2 (the program's name and 'go'): {ys}")
bad = replays("args", lambda row: 134 if row["outcome"] == "error" else 0, ["go"])
check(not bad, f"with_args's tests replay natively with the run's arguments: {bad}")

# long wide(int): the exit status is the return value's low byte, natively too
r, s = run(["-entry-point=wide", PROG], "wide")
statuses = sorted(row["exit_status"] for row in rows("wide"))
check(r.returncode == 0 and statuses == ["7", "9"], f"-entry-point=wide (KLEE's one dash): {statuses} {r.stderr[-300:]!r}")
bad = replays("wide", lambda row: int(row["exit_status"]))
check(not bad, f"wide's tests replay natively: {bad}")

# symplex-cov builds with the driver: coverage of check_input's lines, main never runs
c = subprocess.run([cov, "--no-html", PROG, os.path.join(work, "check")], cwd=work, capture_output=True, text=True,
                   timeout=600)
try:
    cj = json.load(open(os.path.join(work, "check", "coverage", "coverage.json")))
except (OSError, ValueError):
    cj = {}
unc = cj.get("uncovered_lines", [])
check(c.returncode == 0 and not any(l in unc for l in (5, 6, 7, 8)) and 22 in unc,
      f"symplex-cov: check_input's lines covered, main's (line 22) not: rc {c.returncode} uncovered {unc} {c.stderr[-300:]!r}")

# refused with one line and no output directory: no such function, static, parameters main does not have,
# and --posix (whose environment model starts in main)
for args, needle in [(["--entry-point=nowhere"], "nowhere"), (["--entry-point=hidden"], "static"),
                     (["--entry-point=needs_double"], "parameters"), (["--entry-point=strlen"], "symplex's"),
                     (["--entry-point=check_input", "--posix"], "--posix"), (["--entry-point="], "function name")]:
    out = "bad-" + args[0].split("=")[1] if "=" in args[0] and args[0].split("=")[1] else "bad-empty"
    r = subprocess.run([symplex, "--quiet", f"--output-dir={out}"] + args + [PROG], cwd=work, capture_output=True,
                       text=True, timeout=300)
    lines = r.stderr.strip().splitlines()
    check(r.returncode != 0 and len(lines) == 1 and needle in lines[0] and "Sanitizer" not in r.stderr
          and not os.path.exists(os.path.join(work, out, "summary.json")),
          f"{args}: one line naming {needle!r}: rc {r.returncode} {r.stderr[-300:]!r}")

# --entry-point=main is the default: no driver
r, s = run(["--entry-point=main", "--max-time=5", PROG], "main")
check(r.returncode == 0 and s.get("errors", {}).get("total") == 1 and not os.path.exists(os.path.join(work, "main", "entry.c")),
      f"--entry-point=main runs main as without it: {s.get('errors')} {r.stderr[-300:]!r}")
check.finish()
