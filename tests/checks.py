"""Shared by the Python end-to-end tests: argument handling, a fresh work
directory, and check() counting into the closing `N passed, N failed` line."""
import os, shutil, sys


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, cond, what):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)


# 768 paths and a reachable assertion; each path does enough work that a run
# lasts seconds, so it can be killed half way (the checkpoint tests)
LONG_TREE = """#include <symplex.h>
#include <assert.h>
int main(void) {
    unsigned char b[9];
    symplex_make_symbolic(b, sizeof b, "b");
    unsigned h = 0;
    for (int i = 0; i < 9; i++) {
        if (b[i] > 100) h = h * 31 + b[i]; else h ^= (unsigned)i;
        for (volatile int k = 0; k < 400; k++) h += (unsigned)k;
    }
    if (b[0] == 7 && b[3] == 9) assert(0);
    return (int)(h & 1);
}
"""


def setup():
    """BIN_DIR and WORK_DIR from the command line, WORK_DIR emptied."""
    bin_dir, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return bin_dir, work, Checks()


def write(work, name, text):
    """Writes text to WORK/name and returns the path."""
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def run_summary(symplex, work, prog, args, tag):
    """symplex --quiet on prog with args into WORK/out-TAG: its summary.json as
    a dict, or None (the end of its stderr printed) when it failed."""
    import json
    import subprocess
    out = os.path.join(work, "out-" + tag)
    r = subprocess.run([symplex, "--quiet", "--output-dir=" + out] + args + [prog],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print(r.stderr[-2000:])
        return None
    return json.load(open(os.path.join(out, "summary.json")))
