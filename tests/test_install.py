#!/usr/bin/env python3
"""`cmake --install` of this build into a fresh prefix (what `make install
PREFIX=...` runs), then the installed commands used from an unrelated
directory: a run of a C program that
includes klee/klee.h, a --posix run, a replay, symplex-ktest, symplex-stats,
and man pages that list the executable's options.
Usage: test_install.py BIN_DIR WORK_DIR"""
import os, re, shutil, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
build = os.path.dirname(bin_dir)
prefix = os.path.join(work, "prefix")
r = subprocess.run(["cmake", "--install", build, "--prefix", prefix], capture_output=True, text=True, timeout=300)
check(r.returncode == 0, f"cmake --install: {r.stderr[-400:]}")
pbin = os.path.join(prefix, "bin")
for name in ("symplex", "symplex-replay", "symplex-ktest", "symplex-posix-run", "symplex-cov", "symplex-stats"):
    check(os.access(os.path.join(pbin, name), os.X_OK), f"bin/{name} installed")
check(not any(n.startswith("test_") for n in os.listdir(pbin)), "no unit test executables installed")
for rel in ("include/symplex.h", "include/klee/klee.h", "lib/symplex/symplex-runtime.bc",
            "lib/symplex/symplex-posix.bc", "lib/symplex/libsymplex-replay-rt.a", "share/man/man1/symplex.1",
            "share/man/man1/symplex-replay.1"):
    check(os.path.isfile(os.path.join(prefix, rel)), f"{rel} installed")

# run from elsewhere (the build tree stays where it is: other tests run beside this one; the commands find
# their files relative to their own executable, which is the prefix's)
elsewhere = os.path.join(work, "elsewhere")
os.makedirs(elsewhere)
checks.write(elsewhere, "k.c", """#include <klee/klee.h>
#include <assert.h>
int main(void) {
    int x;
    klee_make_symbolic(&x, sizeof x, "x");
    if (x > 100) assert(x != 4242);
    return 0;
}
""")
checks.write(elsewhere, "p.c", """#include <string.h>
int main(int argc, char **argv) { return argc > 1 && strcmp(argv[1], "go") == 0; }
""")
env = dict(os.environ, PATH=pbin + ":" + os.environ.get("PATH", ""))
def main():
    def run(args):
        return subprocess.run(args, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)

    r = run(["symplex", "--quiet", "--output-dir=out", "k.c"])
    check(r.returncode == 0, f"installed symplex on k.c: {r.stderr[-300:]}")
    errs = [n for n in os.listdir(os.path.join(elsewhere, "out")) if n.endswith(".assert.err")] \
        if r.returncode == 0 else []
    check(len(errs) == 1, f"the assertion is found: {errs}")
    if errs:
        t = os.path.join("out", errs[0].split(".")[0] + ".ktest")
        r = run(["symplex-replay", "k.c", t])
        check(r.returncode == 134, f"installed symplex-replay reproduces it: rc {r.returncode} {r.stderr[-300:]}")
        r = run(["symplex-ktest", t])
        check(r.returncode == 0 and "name: 'x'" in r.stdout, f"installed symplex-ktest: {r.stdout[:200]!r}")
    r = run(["symplex", "--quiet", "--posix", "--output-dir=pout", "p.c", "--sym-args", "0", "1", "2"])
    check(r.returncode == 0, f"installed symplex --posix: {r.stderr[-300:]}")
    r = run(["symplex-stats", "--csv", "out", "pout"])
    check(r.returncode == 0 and len(r.stdout.strip().splitlines()) >= 3, f"installed symplex-stats: {r.stdout!r}")
    man = open(os.path.join(prefix, "share/man/man1/symplex.1")).read()
    r = run(["symplex", "--help"])
    opts = set(re.findall(r"^  (--[a-z0-9-]+)", r.stdout, re.M))
    missing = sorted(o for o in opts if o.replace("-", "\\-") not in man)
    check(len(opts) > 50 and not missing, f"symplex.1 lists every option of --help; missing {missing}")
main()
shutil.rmtree(prefix, ignore_errors=True)
check.finish()
