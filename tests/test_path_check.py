#!/usr/bin/env python3
"""Path-faithful replay: symplex --record-path and symplex-replay --check-path.

Usage: test_path_check.py BIN_DIR WORK_DIR

- every test of tests/path/decisions.c (branches, a switch whose cases share
  destinations, a loop, a qsort comparator, a failing assertion) has a .path
  file, and its native run keeps to it, under the forking engine, --optimize
  and --engine=dse, from the .ktest and from the Test-Comp .xml;
- without --record-path there is no .path file and no path-module.bc;
- a .path file altered by one decision (flipped, dropped, one too many, one
  too few) makes replay --check-path exit 6 with the mismatch line naming
  the decision, the site and its line; without --check-path the replay is
  as before;
- a program on which symplex claims a path natively not taken (lie.c:
  explored in one environment, replayed in another) is caught, where the
  outcome alone agrees;
- a path of 4 million decisions keeps only PATH_STORED_MAX of them, and the
  hash still catches a change past them;
- a program looping over main's envp keeps to its path: the replayed program
  sees the environment symplex-replay was started with, as symplex did.
"""
import csv
import glob
import os
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from checks import setup  # noqa: E402
from symplex_native import compare  # noqa: E402

bin_dir, work, check = setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")
progs = os.path.join(HERE, "path")
STORED_MAX = 1 << 20


def run(cmd, env=None):
    e = dict(os.environ, **(env or {}))
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600, env=e)
    return p.returncode, p.stderr.decode(errors="replace")


def explore(name, *opts):
    out = os.path.join(work, name + "".join(o.strip("-").replace("=", "") for o in opts))
    rc, err = run([symplex, "--quiet", "--record-path", "--output-dir=" + out] + list(opts) +
                  [os.path.join(progs, name + ".c")])
    check(rc == 0, "symplex %s %s exits 0: %s" % (name, " ".join(opts), err[-500:]))
    return out


def read_path(f):
    b = open(f, "rb").read()
    end, count, h, stored = struct.unpack_from("<IQQQ", b, 12)
    return {"end": end, "count": count, "hash": h, "d": list(struct.unpack_from("<%dQ" % stored, b, 40))}


def write_path(f, p):
    stored = min(p["count"], STORED_MAX)
    head = b"SYMPATH\0" + struct.pack("<IIQQQ", 1, p["end"], p["count"], p["hash"], stored)
    open(f, "wb").write(head + struct.pack("<%dQ" % stored, *p["d"][:stored]))


def all_replays_keep_to(out, prog, tests, what):
    csv_path = os.path.join(out, "tests.csv")
    rows = {r["test"]: r for r in csv.DictReader(open(csv_path))} if os.path.exists(csv_path) else {}
    check(len(rows) > 0, "%s: tests written" % what)
    if not rows:
        return
    for t in tests:
        name = os.path.basename(t).split(".")[0]
        check(os.path.exists(os.path.join(out, name + ".path")), "%s: %s has a .path file" % (what, name))
        rc, err = run([replay, "--check-path", prog, t])
        ok, msg = compare(rows[name], out, prog, rc, err)
        check(ok and "path mismatch" not in err, "%s: %s: %s" % (what, msg, err[-400:]))


decisions = os.path.join(progs, "decisions.c")
base = explore("decisions", "--testcomp")
check(os.path.exists(os.path.join(base, "path-module.bc")) and os.path.exists(os.path.join(base, "path-sites.txt")),
      "path-module.bc and path-sites.txt written")
if not glob.glob(os.path.join(base, "*.path")):
    check(False, "no .path file written")
    check.finish()
ktests = sorted(glob.glob(os.path.join(base, "test*.ktest")))
all_replays_keep_to(base, decisions, ktests, "forking")
all_replays_keep_to(base, decisions, sorted(glob.glob(os.path.join(base, "test-suite", "test*.xml"))), "Test-Comp")
check(any(read_path(p)["end"] == 1 for p in glob.glob(os.path.join(base, "*.path"))) and
      any(read_path(p)["end"] == 0 for p in glob.glob(os.path.join(base, "*.path"))),
      "both ends: a path that exits and one cut by the assertion")
for opts in (["--optimize"], ["--engine=dse"]):
    out = explore("decisions", *opts)
    all_replays_keep_to(out, decisions, sorted(glob.glob(os.path.join(out, "test*.ktest"))), opts[0])

plain = os.path.join(work, "plain")
run([symplex, "--quiet", "--output-dir=" + plain, decisions])
check(not glob.glob(os.path.join(plain, "*.path")) and not os.path.exists(os.path.join(plain, "path-module.bc")),
      "no path files without --record-path")

# --- altered .path files: the longest exit path of decisions.c
exits = [p for p in sorted(glob.glob(os.path.join(base, "*.path"))) if read_path(p)["end"] == 0]
victim = max(exits, key=lambda p: read_path(p)["count"])
ktest = victim[:-len(".path")] + ".ktest"
orig = read_path(victim)
sites = dict(line.rstrip("\n").split("\t") for line in open(os.path.join(base, "path-sites.txt")))
n = orig["count"]
check(n >= 6, "the victim path has decisions (%d)" % n)


def altered(change, want_re, what):
    p = {k: (list(v) if isinstance(v, list) else v) for k, v in orig.items()}
    change(p)
    write_path(victim, p)
    rc, err = run([replay, "--check-path", decisions, ktest])
    line = next((l for l in err.splitlines() if "path mismatch" in l), "")
    check(rc == 6 and re.search(want_re, line), "%s: exit %d, %r" % (what, rc, err[-300:]))
    rc2, err2 = run([replay, decisions, ktest])
    check(rc2 in (0, 1) and "path" not in err2, "%s: without --check-path the replay is unchanged (%d)" % (what, rc2))
    write_path(victim, orig)


k = 3
site, succ = orig["d"][k] >> 32, orig["d"][k] & 0xffffffff
where = re.escape(sites[str(site)].split("/")[-1])
altered(lambda p: p["d"].__setitem__(k, orig["d"][k] ^ 1),
        r"^symplex-replay: path mismatch at decision %d: site %d \(.*%s\), recorded succ %d, native succ %d$"
        % (k + 1, site, where, succ ^ 1, succ), "one decision flipped")


def drop(p, i):
    del p["d"][i]
    p["count"] -= 1


drop_at = next(i for i in range(n - 1) if orig["d"][i] != orig["d"][i + 1])
altered(lambda p: drop(p, drop_at), r"path mismatch at decision %d: recorded site \d+ .* native site \d+ "
        % (drop_at + 1), "one decision dropped")
altered(lambda p: drop(p, n - 1), r"path mismatch at decision %d: .* but the recorded path ended after %d decisions"
        % (n, n - 1), "the last decision dropped (the native run goes on)")
altered(lambda p: (p["d"].append(orig["d"][0]), p.__setitem__("count", n + 1)),
        r"path mismatch: native run ended \(.*\) after %d decisions, recorded %d" % (n, n + 1),
        "one decision too many (the native run ends first)")

# a path cut by the assertion claims a prefix: an altered decision is caught there too
cut = next(p for p in sorted(glob.glob(os.path.join(base, "*.path"))) if read_path(p)["end"] == 1)
saved = read_path(cut)
bad = dict(saved, d=list(saved["d"]))
bad["d"][0] ^= 1
write_path(cut, bad)
rc, err = run([replay, "--check-path", decisions, cut[:-len(".path")] + ".ktest"])
check(rc == 6 and "path mismatch at decision 1:" in err, "an altered error test: %d %r" % (rc, err[-300:]))
write_path(cut, saved)

# --- a claim that does not hold natively: explored without the variable, replayed with it
lie = os.path.join(progs, "lie.c")
out = explore("lie")
env = {"SYMPLEX_PATH_PROBE": "1"}
caught = 0
for t in sorted(glob.glob(os.path.join(out, "test*.ktest"))):
    rc, err = run([replay, "--check-path", lie, t], env)
    caught += rc == 6 and bool(re.search(r"path mismatch at decision 1: site \d+ \(.*lie\.c:12\), "
                                         r"recorded succ 1, native succ 0", err))
    rc2, _ = run([replay, lie, t], env)
    check(rc2 == 0, "lie.c: the outcome alone agrees (exit %d)" % rc2)
check(caught == 2, "lie.c: both tests leave their recorded path (%d)" % caught)

# --- beyond the stored decisions: count and hash
longp = os.path.join(progs, "long.c")
out = explore("long")
tests = sorted(glob.glob(os.path.join(out, "test*.ktest")))
check(len(tests) == 2, "long.c: two tests")
p = read_path(tests[0][:-len(".ktest")] + ".path")
check(p["count"] > 4000000 and len(p["d"]) == STORED_MAX, "long.c: %d decisions, %d stored" % (p["count"], len(p["d"])))
all_replays_keep_to(out, longp, tests, "long.c")
write_path(tests[0][:-len(".ktest")] + ".path", dict(p, hash=p["hash"] ^ 1))
rc, err = run([replay, "--check-path", longp, tests[0]])
check(rc == 6 and re.search(r"path mismatch: the \d+ decisions after the first %d differ" % STORED_MAX, err),
      "long.c: a changed hash is caught: %d %r" % (rc, err[-300:]))

# --- the environment: symplex's own, and the replay's started alike
envp = os.path.join(progs, "envp.c")
out = explore("envp")
all_replays_keep_to(out, envp, sorted(glob.glob(os.path.join(out, "test*.ktest"))), "envp.c")

check.finish()
