#!/usr/bin/env python3
"""symplex-replay replays a test as its run ran: the -I/-D flags, --environ and
--run-in-dir the run recorded in its info file, from any directory; the same
options given to symplex-replay add to or override the record, and
--no-run-flags shows that the record is what made the difference.
Usage: test_replay_flags.py BIN_DIR WORK_DIR"""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")
elsewhere = os.path.join(work, "elsewhere")
os.makedirs(os.path.join(work, "inc"))
os.makedirs(os.path.join(work, "sandbox"))
os.makedirs(elsewhere)
checks.write(work, "inc/lim.h", "#define LIMIT 7\n")
checks.write(work, "sandbox/marker", "")
checks.write(work, "env.txt", "MODE=strict\nHOME=/nowhere\n")
# the abort needs the header's LIMIT and -D's SCALE: the native build fails without the run's flags
flags_prog = checks.write(work, "flags.c", """#include <stdlib.h>
#include <symplex.h>
#include "lim.h"
int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    if (x == LIMIT * SCALE) abort();
    return 0;
}
""")
# the abort needs the run's environment and its working directory (where marker is)
env_prog = checks.write(work, "envdir.c", """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    FILE *f = fopen("marker", "r");
    const char *mode = getenv("MODE");
    if (f && mode && strcmp(mode, "strict") == 0 && x == 5) abort();
    return 0;
}
""")


def run(args, tag):
    out = os.path.join(work, "out-" + tag)
    r = subprocess.run([symplex, "--quiet", "--output-dir=" + out] + args, cwd=work, capture_output=True,
                       text=True, timeout=300)
    check(r.returncode == 0, f"{tag}: symplex exit {r.returncode}: {r.stderr[-300:]}")
    return out


def abort_test(out):
    errs = [n for n in os.listdir(out) if n.endswith(".abort.err")] if os.path.isdir(out) else []
    check(len(errs) == 1, f"{out}: one abort expected, found {errs}")
    return os.path.join(out, errs[0].split(".")[0] + ".ktest") if errs else None


def replay_rc(args, cwd=elsewhere):
    r = subprocess.run([replay] + args, cwd=cwd, capture_output=True, text=True, timeout=300)
    return r.returncode, r.stderr


out = run(["-I", "inc", "-D", "SCALE=3", "flags.c"], "flags")
info = open(os.path.join(out, "info")).read()
check("cflag: -I\ncflag: inc\ncflag: -D\ncflag: SCALE=3\n" in info and f"cwd: {work}\n" in info,
      f"info records the flags and the directory they were given in: {info[:300]!r}")
t = abort_test(out)
if t:
    rc, err = replay_rc([flags_prog, t])
    check(rc == 134, f"replay from another directory with the run's flags aborts: rc {rc} {err[-200:]}")
    # an edited header rebuilds the program (replay keeps the preprocessed text's hash while no file it was
    # made from changes), and the old build comes back with the old text
    checks.write(work, "inc/lim.h", "#define LIMIT 8 /* edited */\n")
    rc, err = replay_rc([flags_prog, t])
    check(rc == 0, f"after the header's edit the abort has moved: rc {rc} {err[-200:]}")
    checks.write(work, "inc/lim.h", "#define LIMIT 7\n")
    rc, err = replay_rc([flags_prog, t])
    check(rc == 134, f"with the header as it was the test aborts again: rc {rc} {err[-200:]}")
    rc, err = replay_rc(["--no-run-flags", flags_prog, t])
    check(rc == 2 and "lim.h" in err, f"without the record the build fails on the header: rc {rc} {err[-200:]}")
    # the same flags given to symplex-replay, relative to where it runs
    rc, err = replay_rc(["--no-run-flags", "-I", "inc", "-DSCALE=3", flags_prog, t], cwd=work)
    check(rc == 134, f"-I and -D given to symplex-replay: rc {rc} {err[-200:]}")
    rc, err = replay_rc(["--no-run-flags", "--cflags=-Iinc -DSCALE=4", flags_prog, t], cwd=work)
    check(rc == 0, f"another SCALE moves the abort: the flags reach the build: rc {rc} {err[-200:]}")

out = run(["--external-calls=all", "--environ=env.txt", "--run-in-dir=sandbox", "envdir.c"], "envdir")
info = open(os.path.join(out, "info")).read()
check(f"run-in-dir: {work}/sandbox\n" in info and f"environ: {out}/environ\n" in info,
      f"info records the environment and the working directory: {info[:400]!r}")
check(open(os.path.join(out, "environ")).read() == "MODE=strict\nHOME=/nowhere\n", "the environment is copied")
t = abort_test(out)
if t:
    rc, err = replay_rc([env_prog, t])
    check(rc == 134, f"replay in the run's directory and environment aborts: rc {rc} {err[-200:]}")
    rc, err = replay_rc(["--no-run-flags", env_prog, t])
    check(rc == 0, f"without them it does not: rc {rc} {err[-200:]}")
    rc, err = replay_rc(["--no-run-flags", "--environ=" + os.path.join(work, "env.txt"),
                         "--run-in-dir=" + os.path.join(work, "sandbox"), env_prog, t])
    check(rc == 134, f"--environ and --run-in-dir given to symplex-replay: rc {rc} {err[-200:]}")
    checks.write(work, "other.txt", "MODE=lax\n")
    rc, err = replay_rc(["--environ=" + os.path.join(work, "other.txt"), env_prog, t])
    check(rc == 0, f"--environ overrides the run's: rc {rc} {err[-200:]}")

rc, err = replay_rc(["--environ=/nonexistent/env", env_prog, "x.ktest"])
check(rc == 2 and len(err.strip().splitlines()) == 1, f"a missing environment file: one line, exit 2: {rc} {err!r}")
rc, err = replay_rc(["--version"])
check(rc == 0, "--version")
check.finish()
