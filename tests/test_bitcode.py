#!/usr/bin/env python3
"""End-to-end check of .bc input compiled at -O2: clang vectorises the loops
(vector arithmetic, shuffles, reductions), symplex must scalarise and execute
them exactly as the native program does, and still fork on symbolic input.
Usage: test_bitcode.py BIN_DIR WORK_DIR"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
clang = "/usr/lib/llvm-16/bin/clang"
include = os.path.join(bin_dir, "..", "include")

src = os.path.join(work, "vec.c")
open(src, "w").write(r'''
#include <stdio.h>
#include <symplex.h>
#define N 1000
static int a[N], b[N];
static unsigned char bytes[N];
int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i * 7 - 300; bytes[i] = (unsigned char)(i * 13); }
    long sum = 0; int mx = -1000000; unsigned x = 0;
    for (int i = 0; i < N; i++) { b[i] = a[i] * 3 + (a[i] >> 2); sum += b[i]; }
    for (int i = 0; i < N; i++) mx = b[i] > mx ? b[i] : mx;
    for (int i = 0; i < N; i++) x ^= bytes[i] * 0x01010101u;
    printf("sum=%ld max=%d x=%08x\n", sum, mx, x);
    int k;
    symplex_make_symbolic(&k, sizeof k, "k");
    if (k >= 0 && k < N && b[k] == 162) return 1;   /* b[k] == 162 holds for k == 50 only */
    return 0;
}
''')
bc = os.path.join(work, "vec.bc")
subprocess.run([clang, "-O2", "-g", "-emit-llvm", "-c", "-I" + include, src, "-o", bc], check=True)
ll = subprocess.run(["/usr/lib/llvm-16/bin/llvm-dis", bc, "-o", "-"], capture_output=True, text=True).stdout
check("<4 x i32>" in ll or "<8 x i32>" in ll or "<16 x i8>" in ll, "clang -O2 did not vectorise (test is void)")

# the same computation in Python (all values fit in 32 bits; >> on negatives floors, as in C on x86-64)
a = [i * 7 - 300 for i in range(1000)]
b = [v * 3 + (v >> 2) for v in a]
x = 0
for i in range(1000):
    x ^= ((i * 13) & 0xff) * 0x01010101
want = "sum=%d max=%d x=%08x" % (sum(b), max(b), x & 0xffffffff)

out = os.path.join(work, "out")
r = subprocess.run([os.path.join(bin_dir, "symplex"), "--quiet", "--output-dir=" + out, bc],
                   capture_output=True, text=True, timeout=300)
check(r.returncode == 0, "symplex on -O2 bitcode exits 0: " + r.stderr[-2000:])
check(want in r.stdout, "output %r equals native %r" % (r.stdout.strip(), want))
s = json.load(open(os.path.join(out, "summary.json")))
check(s["paths_terminated_early"]["total"] == 0, "no early termination: %s" % s["paths_terminated_early"])
check(s["paths_completed"] >= 2, "forks on the symbolic index: %d paths" % s["paths_completed"])
rows = open(os.path.join(out, "tests.csv")).read().splitlines()[1:]
check(any(r.split(",")[5] == "1" for r in rows), "a test reaches b[k] == 162: %s" % rows)

for row in rows:
    name, status = row.split(",")[0], int(row.split(",")[5])
    rr = subprocess.run([os.path.join(bin_dir, "symplex-replay"), bc, os.path.join(out, name + ".ktest")],
                        capture_output=True, text=True, timeout=300)
    check(rr.returncode == status, "%s replays natively from the .bc with exit %d (got %d: %s)" % (name, status, rr.returncode, rr.stderr[-500:]))

check.finish()
