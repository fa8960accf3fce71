#!/usr/bin/env bash
# bench/throughput: interpreter speed on concrete-only workloads.
# Runs symplex on each program here (checksum.c: integers; float_kernel.c:
# doubles) and the same program compiled natively at -O0, each several times
# in this run, and writes results.csv (RESULTS=path to write elsewhere):
#   program,runs,native_o0_s,symplex_explore_s,symplex_total_s,instructions,instr_per_s,ratio_vs_native
# ratio_vs_native = symplex exploration time / native -O0 time (best of the runs for both).
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin="$root/$build/bin/symplex"
out="$here/out"
runs=${RUNS:-5}
mkdir -p "$out"
clang=/usr/lib/llvm-16/bin/clang
[ -x "$clang" ] || clang=clang-16
results=${RESULTS:-$here/results.csv}
python3 - "$bin" "$clang" "$out" "$runs" "$here/checksum.c" "$here/float_kernel.c" > "$results" <<'PY'
import json, subprocess, sys, time, os, shutil
bin_, clang, out, runs, progs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
def timed(cmd):
    t = time.perf_counter(); subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL); return time.perf_counter() - t
print("program,runs,native_o0_s,symplex_explore_s,symplex_total_s,instructions,instr_per_s,ratio_vs_native")
for prog in progs:
    name = os.path.splitext(os.path.basename(prog))[0]
    native = os.path.join(out, name + "-native")
    subprocess.run([clang, "-O0", "-o", native, prog, "-lm"], check=True)
    nat = min(timed([native]) for _ in range(runs))
    best = None
    for i in range(runs):
        d = os.path.join(out, "%s-run%d" % (name, i)); shutil.rmtree(d, ignore_errors=True)
        total = timed([bin_, "--quiet", "--output-dir=" + d, prog])
        s = json.load(open(os.path.join(d, "summary.json")))
        if best is None or s["elapsed_s"] < best[0]: best = (s["elapsed_s"], total, s["instructions"])
    explore, total, instr = best
    print("%s,%d,%.4f,%.4f,%.4f,%d,%.0f,%.1f" % (name, runs, nat, explore, total, instr, instr / explore, explore / nat))
PY
cat "$results"
