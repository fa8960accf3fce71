"""symplex_native: what a symplex output directory predicts about native runs,
and how to tell whether a native run agrees. Shared by symplex-cov and the
test suite (tests/run_program.py), so both judge a replay the same way.

A native outcome is classified from the run's stderr (glibc's assert message,
AddressSanitizer and UndefinedBehaviorSanitizer reports, the replay library's
own messages) and its exit status into (kind, line, exit status):
  exit test  -> a normal exit with the same exit status
  error test -> the same kind, and the same line when both sides name one in
                the program's file (UBSan's `index out of bounds` matches
                oob-read and oob-write: it does not say which)
  early test -> anything but a replay-harness failure (exit 3: the test does
                not fit the program; exit 4: it violates an assumption)
Whatever the test, a path mismatch (symplex-replay --check-path: exit 6 and
its `path mismatch` line) is a failure: the native run left the test's path.
"""
import csv
import glob
import os
import re
import struct

HARNESS_EXITS = (3, 4)
PATH_MISMATCH_EXIT = 6


def read_ktest(path):
    """A .ktest file as {"args": [...], "objects": [(name, bytes), ...]}."""
    data = open(path, "rb").read()
    if data[:5] not in (b"KTEST", b"BOUT\n"):
        raise ValueError("%s: not a ktest file" % path)
    pos = 5

    def u32():
        nonlocal pos
        if pos + 4 > len(data):
            raise ValueError("%s: truncated" % path)
        v = struct.unpack(">I", data[pos:pos + 4])[0]
        pos += 4
        return v

    def blob():
        nonlocal pos
        n = u32()
        if pos + n > len(data):
            raise ValueError("%s: truncated" % path)
        b = data[pos:pos + n]
        pos += n
        return b

    version = u32()
    args = [blob().decode(errors="replace") for _ in range(u32())]
    if version >= 2:
        u32(), u32()
    objects = []
    for _ in range(u32()):
        name = blob().decode(errors="replace")
        objects.append((name, blob()))
    return {"args": args, "objects": objects}


def read_tests_csv(outdir):
    """The rows of OUTDIR/tests.csv in creation order ([] when absent)."""
    path = os.path.join(outdir, "tests.csv")
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_flags(outdir):
    """The sanitizer-relevant symplex options of the run (from OUTDIR/info)."""
    try:
        command = open(os.path.join(outdir, "info")).readline()
    except OSError:
        return []
    return [f for f in ("--check-overflow", "--no-check-shift") if f in command.split()]


def read_err(path):
    """A testN.<kind>.err file as a dict (error, kind, file, line, stack)."""
    d = {"stack": []}
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"(Error|Kind|File|Line):\s*(.*)$", line)
        if m:
            d[m.group(1).lower()] = m.group(2).strip()
            continue
        m = re.match(r"\s*#\d+\s+(\S+)\s+at\s+(.*):(\d+)\s*$", line)
        if m:
            d["stack"].append((m.group(1), m.group(2), int(m.group(3))))
    return d


def err_file(outdir, name):
    files = glob.glob(os.path.join(outdir, name + ".*.err"))
    return files[0] if files else None


def same_file(f, prog):
    return bool(f) and os.path.basename(f) == os.path.basename(prog)


def user_line(file, line, stack, prog):
    """Line in prog of an error: its own location, else its first frame in prog."""
    if same_file(file, prog) and line:
        return int(line)
    for _fn, f, ln in stack:
        if same_file(f, prog):
            return ln
    return None


def _asan_kind(what, err, start):
    if "heap-use-after-free" in what or "stack-use-after-return" in what:
        return "use-after-free"  # symplex names both: a freed heap or stack object
    if "attempting double-free" in what:
        return "double-free"
    if "attempting free on address which was not malloc()-ed" in what:
        return "invalid-free"
    if re.search(r"buffer-(overflow|underflow)", what):
        rw = re.search(r"\b(READ|WRITE) of size", err[start:])
        return "oob-write" if rw and rw.group(1) == "WRITE" else "oob-read"
    if "SEGV on unknown address" in what:
        am = re.search(r"address (0x[0-9a-fA-F]+)", what)
        null = (am and int(am.group(1), 16) < 4096) or "null pointer" in err[start:]
        return "null-deref" if null else "segv"
    return "asan:" + what.split()[0]


def _ubsan_kind(what):
    if "division by zero" in what:
        return "div-by-zero"
    if "unreachable program point" in what:
        return "unreachable"
    if "signed integer overflow" in what or re.search(r"(negation|division) of .* cannot be represented", what):
        return "overflow"
    if "shift exponent" in what or "left shift of" in what:
        return "shift"
    if "null pointer" in what:
        return "null-deref"
    if "outside the range of representable values" in what:
        return "float-cast"
    if re.search(r"index .* out of bounds for type", what):
        return "oob"
    return "ubsan:" + what


def classify(rc, err, prog):
    """Native outcome: (kind, line-or-None, exit-status-or-None)."""
    base = re.escape(os.path.basename(prog))
    loc = re.compile(r"(?:^|[\s/(:])" + base + r":(\d+)")

    def line_after(start):
        m = loc.search(err, start)
        return int(m.group(1)) if m else None

    m = re.search(r"symplex-replay: error:", err)
    if m:
        return "user", line_after(m.start()), None
    m = re.search(r"symplex-replay: (reach_error|__VERIFIER_error) called", err)
    if m:
        return "assert", line_after(m.start()), None
    m = re.search(r"^.*Assertion `.*' failed\.", err, re.M)
    if m:
        return "assert", line_after(m.start()), None
    m = re.search(r"ERROR: AddressSanitizer: (.*)", err)
    if m:
        return _asan_kind(m.group(1), err, m.start()), line_after(m.start()), None
    m = re.search(r"runtime error: (.*)", err)
    if m:
        start = err.rfind("\n", 0, m.start()) + 1
        return _ubsan_kind(m.group(1)), line_after(start), None
    # Without a report, 134 (128 + SIGABRT, as symplex-replay reports signals)
    # is abort(); other statuses are the program's own.
    if rc in (134, -6):
        return "abort", None, None
    if rc < 0:
        return "signal %d" % -rc, None, None
    return "exit", None, rc


def path_mismatch(rc, err):
    """The line of symplex-replay --check-path saying the native run left the
    test's path (exit status 6), or None."""
    m = re.search(r"^symplex-replay: path (?:mismatch|check)[^\n]*", err, re.M)
    return m.group(0) if m and rc == PATH_MISMATCH_EXIT else None


def test_name(field):
    field = field.strip()
    if field.isdigit():
        return "test%06d" % int(field)
    return os.path.basename(field).split(".")[0]


def compare(row, outdir, prog, rc, err):
    """Does a native replay (exit status rc, stderr err) agree with the test's
    row of tests.csv? Returns (ok, message); the message says what differs."""
    name = test_name(row["test"])
    outcome = row.get("outcome", "")
    left = path_mismatch(rc, err)
    if left:
        return False, "%s: %s" % (name, left)
    kind, line, status = classify(rc, err, prog)
    got = "exit %s" % status if kind == "exit" else "%s at line %s" % (kind, line)
    if outcome == "early":
        ok = not (kind == "exit" and status in HARNESS_EXITS)
        return ok, "%s (early, %s): native replay gives %s" % (name, row.get("kind"), got)
    if outcome == "exit":
        want = int(row.get("exit_status") or 0)
        return kind == "exit" and status == want, "%s: symplex says exit %d, native replay gives %s" % (name, want, got)
    if outcome == "error":
        want_kind = row.get("kind", "")
        path = err_file(outdir, name)
        stack = read_err(path)["stack"] if path else []
        want_line = user_line(row.get("file"), row.get("line"), stack, prog)
        same = kind == want_kind or (kind == "oob" and want_kind in ("oob-read", "oob-write"))
        ok = same and (line is None or want_line is None or line == want_line)
        return ok, "%s: symplex says %s at line %s, native replay gives %s" % (name, want_kind, want_line, got)
    return False, "%s: unknown outcome %r in tests.csv" % (name, outcome)
