#!/usr/bin/env python3
"""Hostile environments: an output directory that cannot be created or
written, a disk that fills during a run, a program file that vanishes or
changes during a run. Each must give a one-line error and exit status 1, never
a crash; the tests written before stay readable and summary.json says what
happened. The small disks are tmpfs mounts in a private mount namespace
(unshare), so nothing is left mounted whatever happens.
Usage: test_hostile.py BIN_DIR WORK_DIR"""
import json, os, shutil, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
ktest_tool = os.path.join(bin_dir, "symplex-ktest")


def program(name, nbytes):
    """2^nbytes paths, each ending with its own test."""
    return checks.write(work, name, """#include <symplex.h>
int main(void) {
    unsigned char b[%d];
    symplex_make_symbolic(b, sizeof b, "b");
    int n = 0;
    for (int i = 0; i < %d; i++)
        if (b[i] > 100) n++;
    return n;
}
""" % (nbytes, nbytes))


def one_line_error(r, what, needle):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    errors = [l for l in lines if l.startswith("symplex: error:")]
    check(r.returncode == 1 and len(errors) == 1 and needle in errors[0] and "Traceback" not in r.stderr
          and "Sanitizer" not in r.stderr, f"{what}: rc {r.returncode}, stderr {lines[-4:]!r}")


def in_namespace(script):
    """Runs a shell script in a private mount namespace (as root; else in a user namespace too)."""
    cmd = ["unshare", "-m", "--propagation", "private"] if os.geteuid() == 0 else ["unshare", "-rm"]
    return subprocess.run(cmd + ["sh", "-c", script], cwd=work, capture_output=True, text=True, timeout=300)


many = program("many.c", 12)
slow = program("slow.c", 22)

# an output directory that cannot be created
r = subprocess.run([symplex, "--output-dir=" + os.path.join(work, "no/such/dir/out"), many], cwd=work,
                   capture_output=True, text=True, timeout=60)
one_line_error(r, "missing parent directory", "cannot create output directory")
blocker = checks.write(work, "afile", "")
r = subprocess.run([symplex, "--output-dir=" + os.path.join(blocker, "out"), many], cwd=work, capture_output=True,
                   text=True, timeout=60)
one_line_error(r, "a file where a directory should be", "Not a directory")

namespaces = in_namespace("mount -t tmpfs -o size=64k tmpfs \"$PWD\" && exit 0").returncode == 0 if \
    shutil.which("unshare") else False
if not namespaces:
    print("SKIP: no mount namespace here (unshare): the read-only and full-disk cases are not run")
else:
    # an output directory that exists but cannot be written (a read-only file system: root ignores modes)
    os.makedirs(os.path.join(work, "ro"))
    r = in_namespace(f"mount -t tmpfs -o size=1m tmpfs ro && mkdir ro/out && mount -o remount,ro ro && "
                     f"{symplex} --output-dir=ro/out {many}")
    one_line_error(r, "read-only output directory", "Read-only file system")
    r = in_namespace(f"mount -t tmpfs -o size=1m,ro tmpfs ro && cd ro && {symplex} {many}")
    one_line_error(r, "read-only current directory (symplex-out-N)", "cannot create output directory")

    # a disk that fills: 4096 tests do not fit in 2 MiB of tmpfs pages
    os.makedirs(os.path.join(work, "small"))
    keep = os.path.join(work, "full-copy")
    r = in_namespace(f"mount -t tmpfs -o size=2m tmpfs small && {symplex} --output-dir=small/out {many}; "
                     f"rc=$?; cp -a small/out {keep}; exit $rc")
    one_line_error(r, "full disk", "No space left on device")
    try:
        s = json.load(open(os.path.join(keep, "summary.json")))
    except (OSError, ValueError) as e:
        s = {}
        check(False, f"full disk: summary.json written: {e}")
    check(s.get("halt_reason") == "output-error" and "No space left" in (s.get("output_error") or ""),
          f"full disk: summary.json says what happened: {s.get('halt_reason')!r} {s.get('output_error')!r}")
    kts = sorted(n for n in os.listdir(keep) if n.endswith(".ktest")) if os.path.isdir(keep) else []
    check(0 < len(kts) < 4096 and len(kts) == s.get("tests"),
          f"full disk: the tests written before are kept ({len(kts)}, summary {s.get('tests')})")
    if kts:
        r = subprocess.run([ktest_tool] + [os.path.join(keep, n) for n in kts], capture_output=True, text=True,
                           timeout=120)
        check(r.returncode == 0 and r.stdout.count("num objects: 1") == len(kts),
              f"full disk: every test kept is readable: rc {r.returncode} {r.stderr[-200:]}")
    check(os.path.isfile(os.path.join(keep, "info")) and os.path.isfile(os.path.join(keep, "results.sarif")),
          "full disk: info and results.sarif written from the space held for them")
    check(not os.path.exists(os.path.join(keep, ".symplex-reserve")), "full disk: the held space is given back")


def during_run(name, act):
    """symplex on a copy of slow.c while act(path) runs 1.5 s into it."""
    path = os.path.join(work, name)
    shutil.copy(slow, path)
    p = subprocess.Popen([symplex, "--max-time=4", "--output-dir=" + os.path.join(work, "out-" + name), path],
                         cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    act(path)
    out, err = p.communicate(timeout=120)
    r = subprocess.CompletedProcess(p.args, p.returncode, out, err)
    try:
        s = json.load(open(os.path.join(work, "out-" + name, "summary.json")))
    except (OSError, ValueError):
        s = {}
    return r, s


def append(path):
    with open(path, "a") as f:
        f.write("// edited during the run\n")


r, s = during_run("vanish.c", os.unlink)
one_line_error(r, "program file removed during the run", "vanished during the run")
check(s.get("program_file") == "vanished" and s.get("tests", 0) > 0, f"vanished: summary.json: {s.get('program_file')!r}")
r, s = during_run("change.c", append)
one_line_error(r, "program file changed during the run", "changed during the run")
check(s.get("program_file") == "changed", f"changed: summary.json: {s.get('program_file')!r}")
r = subprocess.run([symplex, "--quiet", "--output-dir=" + os.path.join(work, "out-calm"), many], cwd=work,
                   capture_output=True, text=True, timeout=120)
s = json.load(open(os.path.join(work, "out-calm", "summary.json")))
check(r.returncode == 0 and s.get("program_file") == "unchanged" and s.get("output_error") is None,
      f"an undisturbed run: rc {r.returncode}, {s.get('program_file')!r}, {s.get('output_error')!r}")
check.finish()
