#!/usr/bin/env python3
"""The external-call policy protects the user's files: under the default
--external-calls=safe a program that unlinks, removes, renames or truncates
files of the directory symplex runs in leaves them as they were (each such
call ends its state with reason `external call` and a warning naming the
function and its line), and reading stdin does not block the run; with
--external-calls=all (and its alias `concrete`) the same calls really run;
--external-calls=none refuses even j0, which the default runs (cbrt is an opaque math function now).

Usage: test_external_policy.py BIN_DIR WORK_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")

# each symbolic case reaches one call; the default path touches nothing
PROGRAM = r"""#include <symplex.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    switch (x) {
    case 1: return unlink("victim-unlink.txt") == 0 ? 10 : 11;
    case 2: return remove("victim-remove.txt") == 0 ? 20 : 21;
    case 3: return rename("victim-rename.txt", "renamed.txt") == 0 ? 30 : 31;
    case 4: return open("victim-trunc.txt", O_WRONLY | O_TRUNC) >= 0 ? 40 : 41;
    }
    return 0;
}
"""
UNLINK_LINE = 10
VICTIMS = ("victim-unlink.txt", "victim-remove.txt", "victim-rename.txt", "victim-trunc.txt")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def run(case, args, prog, stdin=subprocess.DEVNULL):
    """symplex in its own directory holding fresh victim files; returns the
    directory, the completed process and summary.json."""
    d = os.path.join(work, case)
    os.makedirs(d)
    for v in VICTIMS:
        write(os.path.join(d, v), "keep me\n")
    r = subprocess.run([symplex, "--output-dir=out"] + args + [prog], cwd=d, stdin=stdin,
                       capture_output=True, text=True, timeout=120)
    try:
        summary = json.load(open(os.path.join(d, "out", "summary.json")))
    except (OSError, ValueError):
        summary = None
    check(r.returncode == 0 and summary is not None, "%s: symplex exits 0 with a summary: %s" % (case, r.stderr[-500:]))
    return d, r, summary or {"paths_terminated_early": {"total": -1, "by_reason": {}}, "paths_completed": -1}


def early(summary, reason):
    return summary["paths_terminated_early"]["by_reason"].get(reason, 0)


def intact(d, name):
    p = os.path.join(d, name)
    return os.path.exists(p) and open(p).read() == "keep me\n"


prog = os.path.join(work, "files.c")
write(prog, PROGRAM)

# default: nothing is touched, every call ends its state with a warning
d, r, s = run("safe", [], prog)
for v in VICTIMS:
    check(intact(d, v), "safe: %s is left as it was" % v)
check(not os.path.exists(os.path.join(d, "renamed.txt")), "safe: nothing renamed")
check(early(s, "external call") == 4, "safe: 4 paths end with reason 'external call': %s" % s["paths_terminated_early"])
check(s["paths_completed"] == 1, "safe: the path that touches nothing completes")
want = ("'unlink' at %s:%d is not on the external-call allow-list (--external-calls=all runs it natively): "
        "state terminated" % (prog, UNLINK_LINE))
check(want in r.stderr, "safe: warning names unlink and its line: %r" % r.stderr)
for fn in ("remove", "rename", "open"):
    check(r.stderr.count("'%s' at " % fn) == 1, "safe: one warning for %s" % fn)

# all (and its alias concrete): the calls really run
for case in ("all", "concrete"):
    d, r, s = run(case, ["--external-calls=" + case], prog)
    for v in ("victim-unlink.txt", "victim-remove.txt", "victim-rename.txt"):
        check(not os.path.exists(os.path.join(d, v)), "%s: %s is gone" % (case, v))
    check(os.path.exists(os.path.join(d, "renamed.txt")), "%s: victim-rename.txt was renamed" % case)
    trunc = os.path.join(d, "victim-trunc.txt")
    check(os.path.exists(trunc) and os.path.getsize(trunc) == 0, "%s: victim-trunc.txt was truncated" % case)
    check(s["paths_terminated_early"]["total"] == 0 and s["paths_completed"] == 5,
          "%s: 5 paths complete: %s" % (case, s["paths_terminated_early"]))

# reading stdin is refused by default: on a stdin that stays open and never
# delivers a byte (a terminal nobody types into) the run must not block
stdin_prog = os.path.join(work, "stdin.c")
write(stdin_prog, "#include <stdio.h>\nint main(void) { return getchar() == 'q'; }\n")
rfd, wfd = os.pipe()
try:
    d, r, s = run("stdin", ["--max-time=30"], stdin_prog, stdin=rfd)
finally:
    os.close(rfd)
    os.close(wfd)
check(early(s, "external call") == 1, "stdin: getchar ends the state: %s" % s["paths_terminated_early"])

# none refuses even what the default allows
math_prog = os.path.join(work, "math.c")
write(math_prog, "#include <math.h>\nint main(void) { return j0(0.0) == 1.0 ? 0 : 1; }\n")
d, r, s = run("math-safe", [], math_prog)
check(s["paths_completed"] == 1 and s["paths_terminated_early"]["total"] == 0, "safe: j0 runs natively")
d, r, s = run("math-none", ["--external-calls=none"], math_prog)
check(early(s, "external call") == 1 and s["paths_completed"] == 0, "none: j0 is refused")
check("'j0' at %s:2 is an external call, forbidden by --external-calls=none" % math_prog in r.stderr,
      "none: warning names j0: %r" % r.stderr)
check.finish()
