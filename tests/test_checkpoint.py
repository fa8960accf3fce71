#!/usr/bin/env python3
"""Checkpoints (--checkpoint) and resumed runs (--resume): a run killed with
SIGKILL after a checkpoint and resumed, once or twice, ends with exactly the
paths (each test's --record-path decisions) and errors of an uninterrupted
run, no path's test written twice; a resume that cannot be done is a one-line
error. Usage: test_checkpoint.py BIN_DIR WORK_DIR"""
import glob, json, os, signal, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")

# alt: another entry (--entry-point) for the resume that must be refused
PROG = checks.write(work, "tree.c", checks.LONG_TREE + "int alt(void) { return 2; }\n")
OTHER = checks.write(work, "other.c", """#include <symplex.h>
int main(void) { int x; symplex_make_symbolic(&x, sizeof x, "x"); return x > 3; }
""")
BASE = ["--quiet", "--record-path"]


def run(args, prog=PROG):
    return subprocess.run([symplex] + BASE + args + [prog], capture_output=True, text=True, timeout=600)


def outcome(d):
    """(sorted .path contents, error set, number of tests, summary)"""
    paths = sorted(open(f, "rb").read() for f in glob.glob(d + "/test*.path"))
    summary = json.load(open(d + "/summary.json"))
    listed = summary["errors"]["list"]
    errors = sorted((e["kind"], e["line"]) for e in listed)
    # every error listed has its report, and no report is left unlisted
    reports = sorted(os.path.basename(f).split(".")[0] for f in glob.glob(d + "/test*.err"))
    if reports != sorted(e["test"] for e in listed):
        errors.append(("reports", " ".join(reports)))
    return paths, errors, len(glob.glob(d + "/test*.ktest")), summary


def killed_after_checkpoint(out, args, min_logged):
    """Starts a checkpointing run and SIGKILLs it once a checkpoint is saved
    and at least min_logged tests are logged; False if it ended first."""
    p = subprocess.Popen([symplex] + BASE + args + [PROG], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    log = os.path.join(out, "checkpoint", "tests.log")
    frontier = os.path.join(out, "checkpoint", "frontier.bin")
    deadline = time.time() + 300
    while p.poll() is None and time.time() < deadline:
        n = sum(1 for _ in open(log)) if os.path.exists(log) else 0
        if os.path.exists(frontier) and n >= min_logged:
            p.send_signal(signal.SIGKILL)
            p.wait()
            return True
        time.sleep(0.05)
    p.kill()
    p.wait()
    return False


full = os.path.join(work, "full")
r = run(["--output-dir=" + full])
check(r.returncode == 0, f"uninterrupted run: rc {r.returncode} {r.stderr[-500:]}")
ref_paths, ref_errors, ref_tests, _ = outcome(full)
check(len(ref_paths) == 769 and [k for k, _ in ref_errors] == ["assert"],
      f"uninterrupted run: {len(ref_paths)} paths, errors {ref_errors}")

# killed once, resumed
once = os.path.join(work, "once")
ok = killed_after_checkpoint(once, ["--checkpoint=0.1", "--output-dir=" + once], 60)
check(ok, "the checkpointing run ended before it could be killed (make the program longer)")
before = len(glob.glob(once + "/test*.ktest"))
r = run(["--checkpoint=0.1", "--resume=" + once])
check(r.returncode == 0, f"resume: rc {r.returncode} {r.stderr[-500:]}")
paths, errors, tests, summary = outcome(once)
check(paths == ref_paths, f"resumed once: {len(paths)} paths ({len(set(paths))} distinct) against {len(ref_paths)}")
check(errors == ref_errors, f"resumed once: errors {errors} against {ref_errors}")
check(tests == ref_tests and summary["tests"] == tests and summary["paths_completed"] == 768,
      f"resumed once: {tests} tests on disk, summary {summary['tests']} tests, {summary['paths_completed']} paths")
ck = summary.get("checkpoint", {})
check(ck.get("resumed") is True and 0 < before < ref_tests,
      f"resumed once: checkpoint {ck}, {before} tests before the kill")
rows = [l for l in open(once + "/tests.csv")][1:]
check(len(rows) == tests and len({l.split(",")[0] for l in rows}) == tests, f"tests.csv: {len(rows)} rows for {tests} tests")

# killed twice: the resumed run is killed again and resumed again
twice = os.path.join(work, "twice")
ok = killed_after_checkpoint(twice, ["--checkpoint=0.1", "--output-dir=" + twice], 60)
first_kill = len(glob.glob(twice + "/test*.ktest"))
ok2 = ok and killed_after_checkpoint(twice, ["--checkpoint=0.1", "--resume=" + twice], first_kill + 60)
check(ok and ok2, "the runs to be killed twice ended first")
r = run(["--resume=" + twice])
paths, errors, tests, summary = outcome(twice)
check(r.returncode == 0 and paths == ref_paths and errors == ref_errors and tests == ref_tests,
      f"resumed twice: rc {r.returncode}, {len(paths)} paths ({len(set(paths))} distinct), errors {errors}")

# what cannot be resumed: one line, exit status 1
def one_line_error(r, what, needle):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 1 and len(lines) == 1 and needle in lines[0] and "Sanitizer" not in r.stderr,
          f"{what}: rc {r.returncode}, stderr {lines[-3:]!r}")

empty = os.path.join(work, "plain")
run(["--output-dir=" + empty])
one_line_error(run(["--resume=" + empty]), "no checkpoint", "no checkpoint")
one_line_error(run(["--resume=" + os.path.join(work, "nowhere")]), "no directory", "not a symplex output directory")
one_line_error(run(["--resume=" + once], OTHER), "another program", "another program")
one_line_error(run(["--resume=" + once, "--entry-point=alt"]), "another entry point", "another program")
one_line_error(run(["--checkpoint=1", "--prune=homi"]), "--prune", "--prune")
one_line_error(run(["--checkpoint=0"]), "--checkpoint=0", "above 0")
with open(os.path.join(once, "checkpoint", "frontier.bin"), "r+b") as f:
    f.truncate(100)
one_line_error(run(["--resume=" + once]), "truncated", "truncated or corrupt")
check.finish()
