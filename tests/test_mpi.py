#!/usr/bin/env python3
"""Distributed runs (mpirun -n N symplex): on programs whose whole tree is
explored, every N gives exactly the single process's set of paths (each
test's --record-path decisions) and errors, none lost, none twice; tests
are numbered once in one directory; summary.json holds the totals and each
rank's figures; errors are reported once across ranks; restarting runs
(--prune=homi) and the generational search explore a copy of the tree in
each rank, each path's test written once, and partial solutions run where
they were found; --target writes one test, which reaches the line; a
checkpointing job that loses a rank (SIGKILL) and is resumed with another
number of ranks ends with the single process's paths, no test written
twice; a SIGINT to mpirun ends the job with its summary; a startup error is
said once.
Usage: test_mpi.py BIN_DIR WORK_DIR [N...] (default N: 2 3)"""
import collections, glob, json, os, shutil, signal, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

ranks = [int(a) for a in sys.argv[3:]] or [2, 3]
sys.argv = sys.argv[:3]
bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
mpirun = shutil.which("mpirun")
if not mpirun:
    print("mpirun not found: install openmpi-bin (scripts/install-deps.sh does)")
    sys.exit(1)
# Open MPI's plugins, unloaded at MPI_Finalize, leave allocations LeakSanitizer
# cannot attribute to any module: the sanitizer build's ranks check memory
# errors but not leaks (the engine's leaks are checked by every other test).
asan = os.environ.get("ASAN_OPTIONS", "")
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1", ASAN_OPTIONS=(asan + ":" if asan else "") + "detect_leaks=0")

# 2^7 paths through a loop, a division by zero on some, an out-of-bounds write on others
PROG = checks.write(work, "tree.c", """#include <symplex.h>
int main(void) {
    unsigned char b[7];
    int table[4] = {0};
    symplex_make_symbolic(b, sizeof b, "b");
    unsigned h = 1;
    for (int i = 0; i < 7; i++) {
        if (b[i] > 100) h = h * 31 + b[i]; else h ^= (unsigned)i;
        for (volatile int k = 0; k < 300; k++) h += (unsigned)k;
    }
    if (b[0] == 7) h /= (unsigned)(b[1] - 9);
    if (b[2] == 200 && b[3] > 250) table[b[3] - 250] = 1;
    return (int)(h & 1);
}
""")


LONG = checks.write(work, "long.c", checks.LONG_TREE)  # 768 paths, each long enough to lose a rank half way


def command(n, out, extra=(), prog=PROG):
    return ([mpirun, "-n", str(n)] if n else []) + [symplex, "--quiet", "--record-path", "--output-dir=" + out] + \
        list(extra) + [prog]


def run(n, out, extra=(), prog=PROG):
    return subprocess.run(command(n, out, extra, prog), capture_output=True, text=True, timeout=600, env=env)


def outcome(d):
    paths = collections.Counter(open(f, "rb").read() for f in glob.glob(d + "/test*.path"))
    s = json.load(open(d + "/summary.json"))
    errors = sorted((e["kind"], e["line"]) for e in s["errors"]["list"])
    return paths, errors, s


ref_dir = os.path.join(work, "single")
r = run(0, ref_dir, ["--emit-all-errors"])
check(r.returncode == 0, f"single process: rc {r.returncode} {r.stderr[-400:]}")
ref_paths, ref_errors, ref = outcome(ref_dir)
check(sum(ref_paths.values()) == ref["tests"] and max(ref_paths.values()) == 1 and ref["paths_completed"] > 100
      and {k for k, _ in ref_errors} == {"div-by-zero", "oob-write"}, f"single process: {ref['tests']} tests, errors {ref_errors}")

for n in [1] + ranks:
    out = os.path.join(work, f"n{n}")
    r = run(n, out, ["--emit-all-errors"])
    check(r.returncode == 0 and "Sanitizer" not in r.stderr, f"-n {n}: rc {r.returncode} {r.stderr[-600:]}")
    if r.returncode:
        continue
    paths, errors, s = outcome(out)
    lost = sum((ref_paths - paths).values())
    twice = sum((paths - ref_paths).values())
    check(lost == 0 and twice == 0, f"-n {n}: {lost} paths lost, {twice} extra or twice")
    check(errors == ref_errors, f"-n {n}: errors {errors} against {ref_errors}")
    check(s["paths_completed"] == ref["paths_completed"] and s["tests"] == ref["tests"] and
          len(glob.glob(out + "/test*.ktest")) == ref["tests"],
          f"-n {n}: {s['paths_completed']} paths, {s['tests']} tests against {ref['paths_completed']}, {ref['tests']}")
    rows = [l.split(",")[0] for l in open(out + "/tests.csv")][1:]
    check(len(rows) == len(set(rows)) == ref["tests"], f"-n {n}: tests.csv rows {len(rows)}, distinct {len(set(rows))}")
    check(s["covered_branches"] == ref["covered_branches"], f"-n {n}: {s['covered_branches']} branches covered "
          f"against {ref['covered_branches']}")
    if n > 1:
        d = s.get("distributed", {})
        per = d.get("per_rank", [])
        check(d.get("ranks") == n and len(per) == n and sum(p["paths_completed"] for p in per) == s["paths_completed"]
              and sum(p["instructions"] for p in per) == s["instructions"],
              f"-n {n}: per-rank figures {per} do not add up to the totals")
        check(d.get("states_moved", 0) > 0 and sum(1 for p in per if p["paths_completed"]) > 1,
              f"-n {n}: no work was shared: {d}")
        check(sum(p["states_received"] for p in per) == d.get("states_moved") and d.get("states_lost_after_stop") == 0,
              f"-n {n}: every state given was taken: {d}")

# errors once across ranks, as one process reports them
n = ranks[-1]
out = os.path.join(work, "dedup")
r = run(n, out)
if r.returncode == 0:
    _, errors, s = outcome(out)
    reports = glob.glob(out + "/test*.err")
    check(sorted(set(errors)) == sorted(set(ref_errors)) and len(errors) == len(set(errors)) == len(reports),
          f"-n {n} without --emit-all-errors: errors {errors}, {len(reports)} reports")
else:
    check(False, f"-n {n} dedup run: rc {r.returncode} {r.stderr[-400:]}")

# restarting runs (--prune=homi) and the generational search (--engine=dse):
# every rank runs its own copy, and rank 0 writes each path's test once;
# partial solutions: each rank runs those its own queries found
for opts, mode in [(["--prune=homi"], "copies"), (["--engine=dse"], "copies"),
                   (["--partial-solutions", "--simplex"], "one tree")]:
    out = os.path.join(work, opts[0].strip("-").split("=")[0])
    r = run(2, out, ["--emit-all-errors"] + opts)
    check(r.returncode == 0 and "Sanitizer" not in r.stderr, f"{opts} -n 2: rc {r.returncode} {r.stderr[-600:]}")
    if r.returncode:
        continue
    paths, errors, s = outcome(out)
    d = s["distributed"]
    if mode == "one tree":
        check(sum(p["states_received"] for p in d["per_rank"]) == d["states_moved"] and d["states_lost_after_stop"] == 0,
              f"{opts} -n 2: every state given was taken: {d}")
    lost, twice = sum((ref_paths - paths).values()), sum((paths - ref_paths).values())
    check(lost == 0 and twice == 0 and errors == ref_errors and s["distributed"]["mode"] == mode and
          (s["paths_met_again"] > 0 or mode == "one tree"), f"{opts} -n 2: {lost} paths lost, {twice} extra or twice, "
          f"{s['paths_met_again']} met again, mode {s['distributed']['mode']}")

# --target: Phase I once (rank 0), every rank searching toward the line; the
# first test to reach it is the job's only one, and its input reaches it
AIM = checks.write(work, "aim.c", """#include <symplex.h>
int main(void) {
    unsigned char b[4];
    symplex_make_symbolic(b, sizeof b, "b");
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (b[i] > 100) n++;
    if (b[0] == 42 && b[3] == 17)
        return n + 1;
    return n;
}
""")
out = os.path.join(work, "target")
r = run(2, out, ["--target=aim.c:9"], AIM)
s = json.load(open(out + "/summary.json")) if os.path.exists(out + "/summary.json") else {}
kts = glob.glob(out + "/test*.ktest")
b0 = open(kts[0], "rb").read() if len(kts) == 1 else b""
check(r.returncode == 0 and s.get("targets_reached") == 1 and s.get("target_test") == 1 and len(kts) == 1 and
      s["distributed"]["mode"] == "copies" and b0[-4] == 42 and b0[-1] == 17, f"--target -n 2: rc {r.returncode}, {len(kts)} tests, "
      f"{ {k: v for k, v in s.items() if k.startswith('target')} } {r.stderr[-300:]}")

# a rank lost: a checkpointing job of 2 ranks loses rank 1 (SIGKILL, and
# mpirun ends the job), and is resumed by 3 ranks
ref_dir = os.path.join(work, "long-single")
r = run(0, ref_dir, ["--emit-all-errors"], LONG)
ref_paths, ref_errors, ref = outcome(ref_dir)
check(r.returncode == 0 and ref["paths_completed"] == 768 and ref_errors, f"single process, long.c: rc {r.returncode}, "
      f"{ref['paths_completed']} paths")
out = os.path.join(work, "lost")
p = subprocess.Popen(command(2, out, ["--emit-all-errors", "--checkpoint=0.1"], LONG), stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, env=env)
log, killed = os.path.join(out, "checkpoint", "tests.log"), False
deadline = time.time() + 300
while p.poll() is None and time.time() < deadline and not killed:
    logged = sum(1 for _ in open(log)) if os.path.exists(log) else 0
    ranks_now = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
    if logged >= 40 and os.path.exists(os.path.join(out, "checkpoint", "frontier.bin")) and len(ranks_now) == 2:
        os.kill(int(max(ranks_now, key=int)), signal.SIGKILL)  # the rank started last: rank 1
        killed = True
    time.sleep(0.05)
p.wait(timeout=120) if killed else p.kill()
before = len(glob.glob(out + "/test*.ktest"))
check(killed and p.returncode != 0 and 0 < before < ref["tests"], f"the job to lose a rank: killed {killed}, "
      f"rc {p.returncode}, {before} tests")
r = run(3, out, ["--emit-all-errors", "--checkpoint=0.1", "--resume=" + out], LONG)
check(r.returncode == 0 and "Sanitizer" not in r.stderr, f"resumed by 3 ranks: rc {r.returncode} {r.stderr[-600:]}")
if r.returncode == 0:
    paths, errors, s = outcome(out)
    lost, twice = sum((ref_paths - paths).values()), sum((paths - ref_paths).values())
    rows = [l.split(",")[0] for l in open(out + "/tests.csv")][1:]
    check(lost == 0 and twice == 0 and errors == ref_errors, f"resumed: {lost} paths lost, {twice} extra or twice, "
          f"{len(errors)} errors against {len(ref_errors)}")
    check(s["tests"] == ref["tests"] == len(glob.glob(out + "/test*.ktest")) == len(set(rows)) == len(rows) and
          s["paths_completed"] == ref["paths_completed"] and s["checkpoint"]["resumed"] is True,
          f"resumed: {s['tests']} tests, {len(rows)} rows, {s['paths_completed']} paths, checkpoint {s['checkpoint']}")

# SIGINT to mpirun (a Ctrl-C: the ranks have process groups of their own):
# Open MPI sends the ranks SIGTERM and SIGKILL 1 s later; the job ends within
# that second with its summary, every test written whole and listed once
HUGE = checks.write(work, "huge.c", checks.LONG_TREE.replace("[9]", "[16]").replace("i < 9", "i < 16"))
out = os.path.join(work, "sigint")
p = subprocess.Popen(command(2, out, [], HUGE), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
csv_path, deadline = os.path.join(out, "tests.csv"), time.time() + 300
while p.poll() is None and time.time() < deadline and \
        (not os.path.exists(csv_path) or sum(1 for _ in open(csv_path)) < 20):
    time.sleep(0.05)
p.send_signal(signal.SIGINT)
err = p.communicate(timeout=120)[1]
s = json.load(open(out + "/summary.json")) if os.path.exists(out + "/summary.json") else {}
rows = [l.split(",")[0] for l in open(csv_path)][1:] if os.path.exists(csv_path) else []
tests = glob.glob(out + "/test*.ktest")
check(s.get("halt_reason") == "interrupted" and s.get("tests") == len(tests) == len(rows) == len(set(rows)) > 0
      and "Sanitizer" not in err, f"SIGINT to mpirun: summary {bool(s)}, halt {s.get('halt_reason')}, "
      f"{s.get('tests')} tests, {len(tests)} on disk, {len(rows)} rows {err[-300:]}")
check(all(os.path.getsize(t) > 0 for t in tests), "SIGINT to mpirun: an empty test file")

# a startup error is said once, by rank 0, not once per rank
NOMAIN = checks.write(work, "nomain.c", "int f(void) { return 0; }\n")
r = subprocess.run([mpirun, "-n", "3", symplex, "--quiet", NOMAIN], capture_output=True, text=True, timeout=300, env=env)
lines = [l for l in r.stderr.splitlines() if l.startswith("symplex:")]
check(r.returncode != 0 and len(lines) == 1 and "no 'main'" in lines[0], f"a startup error under -n 3: {lines!r}")
check.finish()
