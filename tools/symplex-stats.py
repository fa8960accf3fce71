#!/usr/bin/env python3
"""symplex-stats: klee-stats for symplex output directories.

  symplex-stats [--csv | --json] [--no-total] DIR...

Prints one row per output directory with the columns of klee-stats (as far as
symplex records them) and a Total row when more than one directory is given.
"""
import argparse
import csv
import json
import math
import os
import sys

PROG = "symplex-stats"

# (column, meaning): the order of the output
COLUMNS = [
    ("Path", "the output directory, as given"),
    ("Instrs", "instructions executed"),
    ("Time(s)", "elapsed wall time of the exploration"),
    ("ICov(%)", "line coverage of the program's own code: lines covered / lines (100 when there are none)"),
    ("BCov(%)", "branch coverage: branch sides (successors of a br or switch) taken / all sides (100 when none)"),
    ("TSolver(%)", "solver time (incl. caches and cheaper layers) as a share of Time(s)"),
    ("Queries", "queries to the solver chain, cache hits included"),
    ("States", "states alive when the run stopped (KLEE's ActiveStates/NumStates; 0 after an exhaustive run)"),
    ("Tests", "tests written (.ktest), error tests included"),
    ("Errors", "errors reported"),
]
NAMES = [c for c, _ in COLUMNS]
# how the Total row combines a column: KLEE's rule, sums, but the mean of percentages
MEAN_COLUMNS = {"ICov(%)", "BCov(%)", "TSolver(%)"}

EPILOG = """columns (klee-stats' names and meanings, as symplex measures them):
%s

ICount (the module's static instruction count) is left out: symplex does not
count it. ICov(%%) is over source lines, not LLVM instructions.

Sources, first found wins per figure: summary.json (written at the end of a
run), then info, then the last complete row of stats.csv (written about once a
second while a run is in progress, so a running or killed run still gets a
row; a note on stderr says so). With stats.csv alone, States is the states
alive at that row.

The Total row (more than one DIR): sums, except ICov, BCov and TSolver, which
are the mean over the rows, as klee-stats does. --csv and --json include it
too unless --no-total.

Exit status: 0; 1 when a DIR is not a symplex output directory (the others are
still printed); 2 on bad usage.""" % "\n".join("  %-11s %s" % c for c in COLUMNS)


class StatsError(Exception):
    """A directory that cannot be read: reported as one line."""


def number(v):
    """v if it is an int or a float (not a bool), else None."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


def from_summary(path):
    """The raw figures of summary.json, or None when it is missing or unreadable."""
    try:
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(s, dict):
        return None
    halt = s.get("halt") if isinstance(s.get("halt"), dict) else {}
    errors = s.get("errors")
    raw = {
        "instructions": s.get("instructions"),
        "elapsed": s.get("elapsed_s"),
        "solver_time": s.get("solver_time_s"),
        "queries": s.get("queries"),
        "states": halt.get("live_states"),
        "tests": s.get("tests"),
        "errors": errors.get("total") if isinstance(errors, dict) else errors,
        "covered_lines": s.get("covered_lines"),
        "total_lines": s.get("total_lines"),
        "covered_branches": s.get("covered_branches"),
        "total_branches": s.get("total_branches"),
    }
    raw = {k: number(v) for k, v in raw.items()}
    return raw if any(v is not None for v in raw.values()) else None


def leading_number(text):
    """The number text starts with ("0.028 s" -> 0.028, "8 (reaching" -> 8), or None."""
    word = text.strip().split(" ", 1)[0] if text.strip() else ""
    try:
        return int(word)
    except ValueError:
        pass
    try:
        v = float(word)
        return v if math.isfinite(v) else None
    except ValueError:
        return None


def fraction(text):
    """(covered, total) of "13/20", or (None, None)."""
    a, _, b = text.strip().partition("/")
    try:
        return int(a), int(b.split()[0])
    except (ValueError, IndexError):
        return None, None


def from_info(path):
    """The figures of the text file info (written after summary.json), or None."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    fields = {}
    for line in lines:
        key, sep, value = line.partition(":")
        if sep:
            fields.setdefault(key.strip(), value)
    raw = {}
    for name, key in (("instructions", "instructions"), ("elapsed", "elapsed"), ("solver_time", "solver time"),
                      ("queries", "queries"), ("states", "states alive at the halt"), ("tests", "tests"),
                      ("errors", "errors")):
        raw[name] = leading_number(fields[key]) if key in fields else None
    for kind in ("lines", "branches"):
        c, t = fraction(fields.get(kind + " covered", ""))
        raw["covered_" + kind], raw["total_" + kind] = c, t
    return raw if any(v is not None for v in raw.values()) else None


STATS_CSV_FIELDS = {"instructions": "instructions", "elapsed": "time_s", "solver_time": "solver_time_s",
                    "queries": "queries", "states": "states", "tests": "tests", "errors": "errors",
                    "covered_lines": "covered_lines", "total_lines": "total_lines",
                    "covered_branches": "covered_branches", "total_branches": "total_branches"}


def from_stats_csv(path):
    """The figures of stats.csv's last complete row, or None. A run killed
    while writing a row leaves it short: the row before is taken."""
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as f:
            rows = list(csv.reader(f))
    except (OSError, csv.Error):
        return None
    if len(rows) < 2:
        return None
    header = rows[0]
    for row in reversed(rows[1:]):
        if len(row) != len(header):
            continue
        rec = dict(zip(header, row))
        raw = {}
        for name, col in STATS_CSV_FIELDS.items():
            raw[name] = leading_number(rec[col]) if col in rec else None
        if raw["instructions"] is None and raw["elapsed"] is None:
            continue
        return raw
    return None


def percent(part, whole):
    if part is None or whole is None:
        return None
    return 100.0 if whole == 0 else 100.0 * part / whole


def read_dir(d):
    """One row of the table for output directory d, and the source it came from."""
    if not os.path.exists(d):
        raise StatsError("%s: no such directory" % d)
    if not os.path.isdir(d):
        raise StatsError("%s: not a symplex output directory" % d)
    sources = []
    for name, reader in (("summary.json", from_summary), ("info", from_info), ("stats.csv", from_stats_csv)):
        raw = reader(os.path.join(d, name))
        if raw is not None:
            sources.append((name, raw))
    if not sources:
        raise StatsError("%s: not a symplex output directory" % d)

    def get(key):
        for _, raw in sources:
            if raw.get(key) is not None:
                return raw[key]
        return None

    def pair(covered, total):
        """covered and total from the same source: a mix of two would be meaningless"""
        for _, raw in sources:
            if raw.get(covered) is not None and raw.get(total) is not None:
                return raw[covered], raw[total]
        return None, None

    elapsed, solver = get("elapsed"), get("solver_time")
    tsolver = None
    if elapsed is not None and solver is not None:
        tsolver = 100.0 * solver / elapsed if elapsed > 0 else 0.0
    row = {
        "Path": d,
        "Instrs": get("instructions"),
        "Time(s)": elapsed,
        "ICov(%)": percent(*pair("covered_lines", "total_lines")),
        "BCov(%)": percent(*pair("covered_branches", "total_branches")),
        "TSolver(%)": tsolver,
        "Queries": get("queries"),
        "States": get("states"),
        "Tests": get("tests"),
        "Errors": get("errors"),
    }
    return row, sources[0][0]


def total_row(rows):
    total = {"Path": "Total (%d)" % len(rows)}
    for c in NAMES[1:]:
        vals = [r[c] for r in rows if r[c] is not None]
        if not vals:
            total[c] = None
        elif c in MEAN_COLUMNS:
            total[c] = sum(vals) / len(vals)
        else:
            total[c] = sum(vals)
    return total


FLOAT_COLUMNS = {"Time(s)", "ICov(%)", "BCov(%)", "TSolver(%)"}


def cell(col, v):
    """klee-stats' text for a value: two decimals for times and percentages."""
    if v is None:
        return ""
    if col in FLOAT_COLUMNS:
        return "%.2f" % v
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def print_table(rows, total, out):
    """klee-stats' default look: dashes above, below the header and below, '|'
    between cells, numbers right-aligned, the path centred."""
    body = [[cell(c, r[c]) for c in NAMES] for r in rows]
    tail = [[cell(c, total[c]) for c in NAMES]] if total else []
    widths = [max([len(h) + 2] + [len(line[i]) for line in body + tail]) for i, h in enumerate(NAMES)]

    def line(cells):
        return "|" + "|".join(s.center(w) if i == 0 else s.rjust(w)
                              for i, (s, w) in enumerate(zip(cells, widths))) + "|"

    rule = "-" * (sum(widths) + len(widths) + 1)
    lines = [rule, line(NAMES), rule] + [line(b) for b in body]
    if tail:
        lines += [rule, line(tail[0])]
    lines.append(rule)
    out.write("\n".join(lines) + "\n")


def print_csv(rows, total, out):
    w = csv.writer(out, lineterminator="\n")
    w.writerow(NAMES)
    for r in rows + ([total] if total else []):
        w.writerow([cell(c, r[c]) for c in NAMES])


def print_json(rows, sources, total, out):
    doc = {"columns": NAMES, "rows": [dict(r, source=s) for r, s in zip(rows, sources)]}
    if total:
        doc["total"] = total
    json.dump(doc, out, indent=1)
    out.write("\n")


def parse_args(argv):
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0],
                                 usage="%(prog)s [-h] [--csv | --json] [--no-total] DIR [DIR ...]",
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="+", metavar="DIR", help="a symplex output directory (--output-dir)")
    fmt = ap.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="comma-separated values: a header line, then the rows")
    fmt.add_argument("--json", action="store_true", help="a JSON object: columns, rows (with their source), total")
    ap.add_argument("--no-total", action="store_true", help="no Total row, whatever the number of DIRs")
    return ap.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    rows, sources, status = [], [], 0
    for d in args.dirs:
        d = d.rstrip("/") or "/"
        try:
            row, source = read_dir(d)
        except StatsError as e:
            print("%s: error: %s" % (PROG, e), file=sys.stderr)
            status = 1
            continue
        except Exception as e:  # noqa: BLE001 - a file unlike any symplex writes: one line, not a traceback
            print("%s: error: %s: cannot read it: %s" % (PROG, d, e), file=sys.stderr)
            status = 1
            continue
        if source != "summary.json":
            what = "the last row of stats.csv" if source == "stats.csv" else "info"
            print("%s: note: %s: no readable summary.json (run in progress or killed?): figures from %s"
                  % (PROG, d, what), file=sys.stderr)
        rows.append(row)
        sources.append(source)
    if not rows:
        return status
    total = total_row(rows) if len(rows) > 1 and not args.no_total else None
    if args.json:
        print_json(rows, sources, total, sys.stdout)
    elif args.csv:
        print_csv(rows, total, sys.stdout)
    else:
        print_table(rows, total, sys.stdout)
    sys.stdout.flush()
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:  # symplex-stats ... | head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
