#!/usr/bin/env python3
"""KLEE's seeding: --seed-file, --seed-dir, --only-seed, --only-replay-seeds,
--seed-time. Seeds share one tree with the search (a run seeded with all of an
earlier run's tests makes the same paths, no path twice); a seed's path is
followed first, so a bug behind it is found where the search alone does not
reach; its tests replay natively. Usage: test_seeding.py BIN_DIR WORK_DIR"""
import json, os, struct, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")


def write(name, data):
    p = os.path.join(work, name)
    with open(p, "w") as f:
        f.write(data)
    return p


def ktest(name, objects):
    """A ktest file (KLEE's format, version 3) with objects [(name, bytes)]."""
    p = os.path.join(work, name)
    with open(p, "wb") as f:
        f.write(b"KTEST" + struct.pack(">III", 3, 0, 0) + struct.pack(">I", 0) + struct.pack(">I", len(objects)))
        for n, b in objects:
            f.write(struct.pack(">I", len(n)) + n + struct.pack(">I", len(b)) + b)
    return p


def run(args, out):
    r = subprocess.run([symplex, "--quiet", f"--output-dir={out}"] + args, cwd=work, capture_output=True, text=True,
                       timeout=300)
    try:
        s = json.load(open(os.path.join(work, out, "summary.json")))
    except (OSError, ValueError):
        s = {}
    return r, s


def error_tests(out):
    rows = open(os.path.join(work, out, "tests.csv")).read().splitlines()[1:]
    return [r.split(",")[0] for r in rows if r.split(",")[1] == "error"]  # test names, testNNNNNN


# Six bytes, 2^6 paths through the loop, and an abort behind a magic word.
small = write("small.c", """#include <stdlib.h>
#include <symplex.h>
int main(void) {
    unsigned char b[6];
    symplex_make_symbolic(b, sizeof b, "b");
    int n = 0;
    for (int i = 0; i < 6; i++)
        if (b[i] > 100) n++;
    if (b[0] == 'S' && b[1] == 'E' && b[2] == 'E' && b[3] == 'D' && b[4] == '!' && b[5] == 'x') abort();
    return n;
}
""")
r, plain = run([small], "plain")
check(r.returncode == 0 and plain.get("paths_completed", 0) > 60 and plain.get("errors", {}).get("total") == 1,
      f"the unseeded run: {plain.get('paths_completed')} paths {r.stderr!r}")

# one tree: every test of that run as a seed gives the same paths, none twice, all seeds followed
r, s = run([f"--seed-dir={os.path.join(work, 'plain')}", small], "all-seeds")
sd = s.get("seeding", {})
check(r.returncode == 0 and s.get("paths_completed") == plain.get("paths_completed") and s.get("tests") == plain.get("tests")
      and s.get("forks") == plain.get("forks") and sd.get("seeds") == plain.get("tests") and sd.get("followed") == sd.get("seeds"),
      f"seeded with all its tests: the same tree ({s.get('paths_completed')} paths, {s.get('forks')} forks; "
      f"unseeded {plain.get('paths_completed')}, {plain.get('forks')}): {sd}")

# a seed given twice: the second one's path was followed already
bug = ktest("bug.ktest", [(b"b", b"SEED!x")])
r, s = run([f"--seed-file={bug}", f"--seed-file={bug}", "--only-seed", small], "twice")
sd = s.get("seeding", {})
check(sd.get("followed") == 1 and sd.get("path_followed_before") == 1 and s.get("errors", {}).get("total") == 1
      and s.get("halt_reason") == "only-seed" and s.get("paths_completed", 0) < plain.get("paths_completed", 0),
      f"the same seed twice, --only-seed: followed once, the run halts after it: {sd} {s.get('halt_reason')!r}")
# --only-seed: the states forked off the seed's path are alive at the halt and get tests
h = s.get("halt", {})
check(h.get("live_states", 0) > 0 and h.get("tests") == h.get("live_states"), f"--only-seed: the states left get tests: {h}")

# --only-replay-seeds: the seeds' own paths, no fork, each a path of the run
r, s = run([f"--seed-dir={os.path.join(work, 'plain')}", "--only-replay-seeds", small], "replay")
check(s.get("forks") == 0 and s.get("paths_completed") == plain.get("paths_completed")
      and s.get("seeding", {}).get("replayed") == plain.get("tests") and s.get("errors", {}).get("total") == 1,
      f"--only-replay-seeds: {s.get('forks')} forks, {s.get('paths_completed')} paths, {s.get('seeding')}")

# The seed is followed first: behind 40 input-dependent branches (2^40 paths), each taken the way the engine
# tries last, the default search alone does not reach the abort; with the seed it is the first path run. The
# error's test replays natively.
deep = write("deep.c", """#include <stdlib.h>
#include <symplex.h>
int main(void) {
    unsigned char b[40];
    symplex_make_symbolic(b, sizeof b, "b");
    int hits = 0;
    for (int i = 0; i < 40; i++)
        if (b[i] != (unsigned char)('a' + i % 26)) hits++;
    if (hits == 0) abort();
    return hits;
}
""")
word = bytes(ord('a') + i % 26 for i in range(40))
deep_seed = ktest("deep.ktest", [(b"b", word)])
# bounded by instructions, not time: the default search (the portfolio, whose depth-first arm gets there after
# about 5,000 paths) reaches the abort within 3 s in a release build, not in the sanitizer build
bound = ["--max-instructions=200000", "--max-time=60"]
r, unseeded = run(bound + [deep], "deep-unseeded")
r, seeded = run(bound + [f"--seed-file={deep_seed}", deep], "deep-seeded")
check(unseeded.get("errors", {}).get("total") == 0 and seeded.get("errors", {}).get("total") == 1
      and seeded.get("seeding", {}).get("followed") == 1,
      f"the search alone misses the abort, seeded finds it: {unseeded.get('errors')} {seeded.get('errors')}")
errs = error_tests("deep-seeded") if seeded else []
if errs:
    rr = subprocess.run([replay, deep, os.path.join(work, "deep-seeded", errs[0] + ".ktest")], cwd=work,
                        capture_output=True, text=True, timeout=300)
    check(rr.returncode == 134, f"the seeded error's test aborts natively: rc {rr.returncode} {rr.stderr[-300:]!r}")
else:
    check(False, "no error test in the seeded run")

# Two seeds that call different functions through one pointer: each replayed path gets its test. The value a
# symbolic pointer takes is part of the path's name (exec_fork_value): without it the second seed's path had the
# first one's name, was "met again", and the call of h2 had no test.
disp = write("disp.c", """#include <symplex.h>
static int acc;
static void h0(void) { acc += 1; }
static void h1(void) { acc += 2; }
static void h2(void) { acc += 3; }
static void h3(void) { acc += 4; }
static void (*const table[4])(void) = {h0, h1, h2, h3};
int main(void) {
    unsigned char in;
    symplex_make_symbolic(&in, 1, "in");
    table[in & 3]();
    return acc;
}
""")
h0_seed, h2_seed = ktest("h0.ktest", [(b"in", b"\x00")]), ktest("h2.ktest", [(b"in", b"\x02")])
r, s = run(["--only-replay-seeds", f"--seed-file={h0_seed}", f"--seed-file={h2_seed}", disp], "dispatch")
statuses = sorted(row.split(",")[5] for row in open(os.path.join(work, "dispatch", "tests.csv")).read().splitlines()[1:]) \
    if s else []
check(s.get("tests") == 2 and s.get("paths_met_again") == 0 and statuses == ["1", "3"],
      f"two seeds calling h0 and h2 through one pointer: a test each: {s.get('tests')} tests, "
      f"{s.get('paths_met_again')} met again, exit statuses {statuses}")

# --seed-time: a seed whose path runs long is cut there, and the search goes on with the state it reached
slow = write("slow.c", """#include <symplex.h>
int main(void) {
    unsigned x = symplex_int("x");
    volatile unsigned s = 0;
    for (unsigned i = 0; i < 200000000u; i++) s += i ^ x;
    return x == 5 ? 1 : 0;
}
""")
slow_seed = ktest("slow.ktest", [(b"x", struct.pack("<I", 9))])
r, s = run(["--max-time=3", "--seed-time=0.3", f"--seed-file={slow_seed}", slow], "seed-time")
sd = s.get("seeding", {})
check(sd.get("not_reached") == 1 and 0.2 < sd.get("time_s", 0) < 1.5 and s.get("halt_reason") == "max-time",
      f"--seed-time=0.3 cuts the seed, the search has the rest of the budget: {sd} {s.get('halt_reason')!r}")

# The memory cap while a seed is followed: it ends other states, never the one following the seed (which the
# seeding loop holds), so the seed's path still ends at its abort. Each iteration forks a state off the seed's
# path and then writes to two megabytes both share: each state forked off keeps its own copy of them, so the
# states waiting outgrow the cap (64 MiB above the start) while the seed's own state needs two megabytes (and the
# solver its own memory, which the start does not count).
os.environ["ASAN_OPTIONS"] = os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=1:thread_local_quarantine_size_kb=64"
heavy = write("heavy.c", """#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int main(void) {
    unsigned char in[64];
    symplex_make_symbolic(in, sizeof in, "in");
    int misses = 0;
    char *b = malloc(2 << 20);
    memset(b, 1, 2 << 20);
    for (int i = 0; i < 64; i++) {
        if (in[i] != (unsigned char)('a' + i % 26)) misses++;
        for (int k = 0; k < (2 << 20); k += 1024) b[k + i] = (char)misses; /* every part of the buffer */
    }
    if (misses == 0) abort();
    return misses;
}
""")
r, probe = run(["--max-time=1", "--max-memory=0", heavy], "heavy-probe")
cap = int(probe.get("start_memory_mb", 100)) + 64
heavy_seed = ktest("heavy.ktest", [(b"in", bytes(ord('a') + i % 26 for i in range(64)))])
r, s = run([f"--max-memory={cap}", "--only-seed", f"--seed-file={heavy_seed}", heavy], "heavy")
check(r.returncode == 0 and s.get("memory_prunes", 0) > 0 and s.get("errors", {}).get("total") == 1
      and s.get("seeding", {}).get("followed") == 1,
      f"the cap ends other states while the seed runs: rc {r.returncode}, prunes {s.get('memory_prunes')}, "
      f"errors {s.get('errors', {}).get('total')}, {r.stderr[-300:]!r}")

# bad seeds and bad combinations: one line, exit status 1, no output directory
for args, needle in [(["--seed-file=missing.ktest"], "missing.ktest"),
                     ([f"--seed-file={small}"], "ktest"),
                     ([f"--seed-dir={os.path.join(work, 'plain', 'nothing')}"], "nothing"),
                     (["--only-seed"], "--seed-file"),
                     ([f"--seed-file={bug}", "--prune=homi"], "--prune"),
                     ([f"--seed-file={bug}", "--speculate=2"], "--speculate"),
                     (["--engine=dse", f"--seed-file={bug}", f"--seed-file={bug}"], "dse")]:
    r = subprocess.run([symplex, "--quiet", "--output-dir=bad"] + args + [small], cwd=work, capture_output=True,
                       text=True, timeout=120)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 1 and len(lines) == 1 and needle in lines[0] and not os.path.exists(os.path.join(work, "bad")),
          f"{args}: rc {r.returncode}, {lines!r}")
empty = os.path.join(work, "empty-dir")
os.makedirs(empty, exist_ok=True)
r = subprocess.run([symplex, "--quiet", "--output-dir=bad", f"--seed-dir={empty}", small], cwd=work,
                   capture_output=True, text=True, timeout=120)
check(r.returncode == 1 and "no .ktest" in r.stderr and not os.path.exists(os.path.join(work, "bad")),
      f"a seed directory without tests: {r.stderr!r}")

check.finish()
