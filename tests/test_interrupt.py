#!/usr/bin/env python3
"""Interrupting a run keeps its results, with real signals, as in KLEE:

- SIGINT during exploration: exit status 0 soon after, summary.json with
  halt_reason "interrupted", a test with reason "interrupted" for every state
  still alive (tests.csv and summary agree), ktest files that read back and
  replay natively;
- SIGTERM while the only state waits for a solver query that would take
  minutes: the query is cut, the state ends "interrupted", exit status 0;
- a second SIGINT ends the process at once (by the signal: 130 in a shell);
- the end after a signal is the bounded one of every halt (engine_halt.c):
  with thousands of states alive and --halt-tests=5, five get tests and the
  rest are counted in summary.json's "halt" group.

Usage: test_interrupt.py BIN_DIR WORK_DIR
"""
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from checks import setup  # noqa: E402
from symplex_native import read_ktest, read_tests_csv  # noqa: E402

# Exit after the first signal: the tests of the states left and the summary
# are written; generous, as the test build runs under AddressSanitizer.
WIND_DOWN_S = 30
AT_ONCE_S = 5     # exit after a second signal
REPLAYED = 3      # interrupted tests replayed natively

bin_dir, work, check = setup()
symplex = os.path.join(bin_dir, "symplex")
many_paths = os.path.join(HERE, "interrupt", "many_paths.c")
hard_query = os.path.join(HERE, "programs", "limit_max_time_query.c")


def start(name, prog, *opts):
    out = os.path.join(work, name)
    cmd = [symplex, "--quiet", "--max-time=60", "--output-dir=" + out] + list(opts) + [prog]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE), out


def exploring(proc, out, then=2.0):
    """Waits until exploration has started (the signal handlers are set when it
    starts; before, a signal ends the process by default, as it should while
    loading), then `then` seconds more. A fixed wait from the start was too
    short when the machine was loaded: clang and LLVM's loading took it."""
    t0 = time.monotonic()
    while not os.path.exists(os.path.join(out, "tests.csv")) and proc.poll() is None and time.monotonic() - t0 < 120:
        time.sleep(0.05)
    time.sleep(then)


def wait_for(proc, limit):
    """(exit status, seconds taken, stderr); None status when it had to be killed."""
    t0 = time.monotonic()
    try:
        _, err = proc.communicate(timeout=limit)
        return proc.returncode, time.monotonic() - t0, err.decode(errors="replace")
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None, time.monotonic() - t0, ""


def summary(out):
    try:
        return json.load(open(os.path.join(out, "summary.json")))
    except (OSError, ValueError):
        return None


def interrupted_rows(out):
    return [r for r in read_tests_csv(out) if r["outcome"] == "early" and r["kind"] == "interrupted"]


def replays_to_zero(out, row):
    ktest = os.path.join(out, row["test"] + ".ktest")
    r = subprocess.run([os.path.join(bin_dir, "symplex-replay"), many_paths, ktest],
                       capture_output=True, text=True, timeout=300)
    return r.returncode == 0, r.returncode, r.stderr[-300:]


def interrupted_run(what, name, *opts):
    """Runs many_paths.c, sends SIGINT once it explores, checks it winds down
    with status 0 and a summary; (output directory, summary or None)."""
    proc, out = start(name, many_paths, *opts)
    exploring(proc, out)
    proc.send_signal(signal.SIGINT)
    rc, took, err = wait_for(proc, WIND_DOWN_S)
    check(rc == 0, "%s: exit status %s after %.1f s, want 0 (%s)" % (what, rc, took, err[-300:]))
    s = summary(out)
    check(s is not None, "%s: summary.json written" % what)
    return out, s


def check_first_sigint():
    # depth-first: a few dozen states alive at any time, each gets its test
    out, s = interrupted_run("SIGINT", "sigint", "--search=dfs")
    if s is None:
        return
    check(s.get("halt_reason") == "interrupted", "SIGINT: halt_reason %r" % s.get("halt_reason"))
    check(s.get("halted") is True, "SIGINT: halted")
    check(s.get("peak_memory_mb", 0) > 0, "SIGINT: peak_memory_mb in the summary")
    n = s["paths_terminated_early"]["by_reason"].get("interrupted", 0)
    rows = interrupted_rows(out)
    check(n > 0, "SIGINT: states alive at the signal end with reason interrupted (%r)" % s["paths_terminated_early"])
    check(len(rows) == n, "SIGINT: one test per interrupted state: %d rows, %d states" % (len(rows), n))
    h = s.get("halt", {})
    check(h.get("live_states") == n and h.get("tests") == n and h.get("not_written") == 0,
          "SIGINT: summary's halt group agrees: %s" % h)
    check(os.path.exists(os.path.join(out, "stats.csv")), "SIGINT: stats.csv written")
    for row in rows:
        k = read_ktest(os.path.join(out, row["test"] + ".ktest"))
        if [name for name, _ in k["objects"]] != ["buf"]:
            check(False, "%s: ktest objects %r" % (row["test"], k["objects"]))
            break
    step = max(1, len(rows) // REPLAYED)
    for row in rows[::step][:REPLAYED]:
        ok, code, err = replays_to_zero(out, row)
        check(ok, "%s (interrupted) replays natively to exit 0, got %s: %s" % (row["test"], code, err))


def check_sigterm_cuts_query():
    # breadth-first: the four easy paths end, then the only state left waits
    # for a factoring query that --solver-timeout lets run for minutes
    proc, out = start("sigterm", hard_query, "--search=bfs", "--solver-timeout=300")
    exploring(proc, out)
    proc.send_signal(signal.SIGTERM)
    rc, took, err = wait_for(proc, WIND_DOWN_S)
    check(rc == 0, "SIGTERM: exit status %s after %.1f s, want 0 (%s)" % (rc, took, err[-300:]))
    s = summary(out)
    check(s is not None and s.get("halt_reason") == "interrupted",
          "SIGTERM: halt_reason interrupted (%r)" % (s and s.get("halt_reason")))
    if s is None:
        return
    check(s["paths_completed"] == 4, "SIGTERM: the 4 easy paths completed (%d)" % s["paths_completed"])
    reasons = s["paths_terminated_early"]["by_reason"]
    check(reasons == {"interrupted": 1}, "SIGTERM: the query in flight is cut, its state interrupted: %r" % reasons)
    check(len(interrupted_rows(out)) == 1, "SIGTERM: the interrupted state has its test")


def check_second_sigint():
    # the default search keeps thousands of states alive: writing their tests
    # takes a while, and the second signal arrives during it
    proc, out = start("twice", many_paths)
    exploring(proc, out)
    proc.send_signal(signal.SIGINT)
    time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    rc, took, _ = wait_for(proc, AT_ONCE_S)
    check(rc is not None, "second SIGINT: the process ends within %d s" % AT_ONCE_S)
    check(rc in (-signal.SIGINT, 128 + signal.SIGINT),
          "second SIGINT: ends by the signal (exit status %s, want %d or %d)" % (rc, -signal.SIGINT, 128 + signal.SIGINT))


def check_sigint_bounded():
    # the default search keeps thousands of states alive
    out, s = interrupted_run("bounded SIGINT", "bounded", "--halt-tests=5")
    if s is None:
        return
    h = s.get("halt", {})
    live = h.get("live_states", 0)
    check(live > 5, "bounded SIGINT: more than 5 states alive at the signal: %s" % h)
    check(h.get("tests") == 5 and h.get("not_written") == live - 5 and h.get("out_of_budget") == live - 5,
          "bounded SIGINT: 5 tests, the other %d counted: %s" % (live - 5, h))
    check(s["paths_terminated_early"]["by_reason"].get("interrupted") == live,
          "bounded SIGINT: every live state ends interrupted: %r" % s["paths_terminated_early"])
    check(len(interrupted_rows(out)) == 5, "bounded SIGINT: 5 interrupted tests in tests.csv")


check_first_sigint()
check_sigint_bounded()
check_sigterm_cuts_query()
check_second_sigint()
check.finish()
