#!/usr/bin/env python3
"""symplex-stats, klee-stats for symplex: one row per output directory with the
figures of its summary.json, a Total row for several, CSV and JSON that parse;
a run killed before summary.json still gets a row (stats.csv's last one), and a
directory that is no output directory a one-line error, never a traceback.
Usage: test_stats.py BIN_DIR WORK_DIR"""
import csv, io, json, os, shutil, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
symplex = os.path.join(bin_dir, "symplex")
stats = os.path.join(bin_dir, "symplex-stats")
COLUMNS = ["Path", "Instrs", "Time(s)", "ICov(%)", "BCov(%)", "TSolver(%)", "Queries", "States", "Tests", "Errors"]


def run_stats(*args):
    return subprocess.run([stats] + list(args), capture_output=True, text=True, timeout=120)


def pct(part, whole):
    return "%.2f" % (100.0 if whole == 0 else 100.0 * part / whole)


def expected(summary):
    """The CSV cells summary.json's figures give, column by column."""
    el, st = summary["elapsed_s"], summary["solver_time_s"]
    return {"Instrs": str(summary["instructions"]), "Time(s)": "%.2f" % el,
            "ICov(%)": pct(summary["covered_lines"], summary["total_lines"]),
            "BCov(%)": pct(summary["covered_branches"], summary["total_branches"]),
            "TSolver(%)": "%.2f" % (100.0 * st / el if el > 0 else 0.0), "Queries": str(summary["queries"]),
            "States": str(summary["halt"]["live_states"]), "Tests": str(summary["tests"]),
            "Errors": str(summary["errors"]["total"])}


def one_line_error(r, what, needle):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode != 0 and len(lines) == 1 and lines[0].startswith("symplex-stats: error: ") and needle in lines[0]
          and "Traceback" not in r.stderr, f"{what}: rc {r.returncode}, stderr {r.stderr!r}")


check(os.access(stats, os.X_OK), f"{stats} is missing or not executable")

# two runs that finish exhaustively: one without errors, one with a division by zero
dirs, summaries = [], []
for name in ("branch_nested", "bug_div_zero"):
    s = checks.run_summary(symplex, work, os.path.join(root, "tests", "programs", name + ".c"), [], name)
    check(s is not None, f"{name}: symplex failed")
    if s is None:
        check.finish()
    dirs.append(os.path.join(work, "out-" + name))
    summaries.append(s)
check(summaries[1]["errors"]["total"] >= 1, f"bug_div_zero reports its error: {summaries[1]['errors']}")

# the default table: a header with every column, both rows, then the Total row
r = run_stats(*dirs)
lines = r.stdout.splitlines()
cells = [[c.strip() for c in l.strip("|").split("|")] for l in lines if l.startswith("|")]
check(r.returncode == 0 and r.stderr == "", f"table: rc {r.returncode}, stderr {r.stderr!r}")
check(len(cells) == 4 and cells[0] == COLUMNS, f"table: header and 3 rows: {r.stdout!r}")
if len(cells) == 4:
    check([c[0] for c in cells[1:]] == dirs + ["Total (2)"], f"table: paths {[c[0] for c in cells[1:]]}")
    check(cells[3][1] == str(summaries[0]["instructions"] + summaries[1]["instructions"]), f"table: total {cells[3]}")
check(all(l.startswith("-") or l.startswith("|") for l in lines) and len({len(l) for l in lines}) == 1,
      f"table: boxed and aligned: {r.stdout!r}")

# CSV: the documented columns, each cell the figure of that directory's summary.json
r = run_stats("--csv", *dirs)
rows = list(csv.DictReader(io.StringIO(r.stdout)))
check(r.returncode == 0 and r.stdout.splitlines()[0].split(",") == COLUMNS, f"csv: header {r.stdout[:200]!r}")
check(len(rows) == 3, f"csv: 2 rows and the total: {r.stdout!r}")
if len(rows) == 3:
    for d, s, row in zip(dirs, summaries, rows):
        check(row["Path"] == d, f"csv: path {row['Path']} for {d}")
        for col, want in expected(s).items():
            check(row[col] == want, f"csv: {os.path.basename(d)} {col}: {row[col]!r}, summary.json gives {want!r}")
    total = rows[2]
    check(total["Path"] == "Total (2)", f"csv: total's path {total['Path']!r}")
    for col in ("Instrs", "Queries", "Tests", "Errors"):
        check(int(total[col]) == sum(int(row[col]) for row in rows[:2]), f"csv: total {col} {total[col]} is the sum")
    icov = (float(rows[0]["ICov(%)"]) + float(rows[1]["ICov(%)"])) / 2
    check(abs(float(total["ICov(%)"]) - icov) < 0.01, f"csv: total ICov {total['ICov(%)']} is the mean {icov}")

# --help documents the columns; --no-total and a single directory: no Total row
r = run_stats("--help")
check(r.returncode == 0 and all(c in r.stdout for c in COLUMNS) and "ICount" in r.stdout and "alive" in r.stdout,
      f"--help names the columns, ICount's absence and what States counts: {r.stdout[:300]!r}")
for opts, ds in ((["--csv", "--no-total"], dirs), (["--csv"], dirs[:1])):
    r = run_stats(*(opts + ds))
    check(r.returncode == 0 and "Total" not in r.stdout and len(r.stdout.splitlines()) == 1 + len(ds),
          f"{opts} on {len(ds)}: no Total row: {r.stdout!r}")

# JSON: the same figures, unrounded, with their source
r = run_stats("--json", *dirs)
try:
    doc = json.loads(r.stdout)
except ValueError:
    doc = None
check(doc is not None and doc.get("columns") == COLUMNS and len(doc.get("rows", [])) == 2 and "total" in doc,
      f"json: {r.stdout[:300]!r}")
if doc:
    for s, row in zip(summaries, doc["rows"]):
        check(row["Instrs"] == s["instructions"] and row["Queries"] == s["queries"] and row["source"] == "summary.json",
              f"json: row {row}")
    check(doc["total"]["Instrs"] == sum(s["instructions"] for s in summaries), f"json: total {doc['total']}")

# no summary.json: the last complete row of stats.csv (a half-written row after it is skipped), or info
killed = os.path.join(work, "killed")
shutil.copytree(dirs[0], killed)
os.remove(os.path.join(killed, "summary.json"))
os.remove(os.path.join(killed, "info"))
with open(os.path.join(killed, "stats.csv")) as f:
    last = list(csv.DictReader(f))[-1]
with open(os.path.join(killed, "stats.csv"), "a") as f:
    f.write("9.5,123")
r = run_stats("--csv", killed)
rows = list(csv.DictReader(io.StringIO(r.stdout)))
check(r.returncode == 0 and len(rows) == 1 and rows[0]["Instrs"] == last["instructions"] and
      rows[0]["Queries"] == last["queries"] and rows[0]["States"] == last["states"] and "stats.csv" in r.stderr,
      f"stats.csv fallback: rc {r.returncode}, {rows}, last row {last}, stderr {r.stderr!r}")
cut = os.path.join(work, "cut")
shutil.copytree(dirs[1], cut)
with open(os.path.join(cut, "summary.json"), "r+") as f:
    f.truncate(200)  # killed while writing it
r = run_stats("--csv", cut)
rows = list(csv.DictReader(io.StringIO(r.stdout)))
want = expected(summaries[1])
check(r.returncode == 0 and len(rows) == 1 and all(rows[0][c] == want[c] for c in ("Instrs", "Queries", "Tests", "ICov(%)"))
      and "info" in r.stderr and "Traceback" not in r.stderr, f"info fallback: {rows}, want {want}, stderr {r.stderr!r}")

# a run in progress, then killed: rows from its stats.csv
prog = checks.write(work, "wide.c", """#include <symplex.h>
int main(void) {
    unsigned char a[40];
    symplex_make_symbolic(a, sizeof a, "a");
    int n = 0;
    for (int i = 0; i < 40; i++)
        if (a[i] > 100) n++;
    return n;
}
""")
live = os.path.join(work, "live")
p = subprocess.Popen([symplex, "--quiet", "--max-time=60", "--output-dir=" + live, prog],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    deadline = time.time() + 60
    while time.time() < deadline and p.poll() is None:
        try:
            with open(os.path.join(live, "stats.csv")) as f:
                if len(f.read().splitlines()) >= 3:
                    break
        except OSError:
            pass
        time.sleep(0.2)
    r = run_stats("--csv", live)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    check(p.poll() is None and r.returncode == 0 and len(rows) == 1 and int(rows[0]["Instrs"]) > 0,
          f"in progress: rc {r.returncode}, {r.stdout!r}, {r.stderr!r}")
finally:
    p.kill()
    p.wait()
r = run_stats("--csv", live)
rows = list(csv.DictReader(io.StringIO(r.stdout)))
with open(os.path.join(live, "stats.csv")) as f:
    table = list(csv.reader(f))
last = [dict(zip(table[0], row)) for row in table[1:] if len(row) == len(table[0])][-1]
check(not os.path.exists(os.path.join(live, "summary.json")) and r.returncode == 0 and len(rows) == 1
      and rows[0]["Instrs"] == last["instructions"] and rows[0]["States"] == last["states"] and "Traceback" not in r.stderr,
      f"killed: {rows}, last row {last}, {r.stderr!r}")

# not an output directory: one line, a non-zero exit, no traceback
empty = os.path.join(work, "empty")
os.makedirs(empty)
junk = os.path.join(work, "junk")
os.makedirs(junk)
checks.write(junk, "summary.json", "not json\n")
checks.write(junk, "stats.csv", "time_s,instructions\n")
for what, args, needle in (("empty directory", [empty], empty + ": not a symplex output directory"),
                           ("unreadable files", [junk], junk + ": not a symplex output directory"),
                           ("missing path", [os.path.join(work, "nowhere")], "nowhere"),
                           ("a file", [prog], "wide.c"),
                           ("csv", ["--csv", empty], "not a symplex output directory")):
    r = run_stats(*args)
    one_line_error(r, what, needle)
    check(r.stdout == "", f"{what}: nothing on stdout: {r.stdout!r}")
r = run_stats("--csv", dirs[0], empty)
check(r.returncode != 0 and len(r.stdout.splitlines()) == 2 and "not a symplex output directory" in r.stderr,
      f"a good and a bad directory: the good row, the error: rc {r.returncode} {r.stdout!r} {r.stderr!r}")

check.finish()
