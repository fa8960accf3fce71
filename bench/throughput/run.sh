#!/usr/bin/env bash
# bench/throughput: interpreter speed on a concrete-only workload.
# Runs symplex on checksum.c and the same program compiled natively at -O0,
# each several times in this run, and writes results.csv:
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
python3 - "$bin" "$clang" "$here/checksum.c" "$out" "$runs" > "$here/results.csv" <<'PY'
import json, subprocess, sys, time, os, shutil
bin_, clang, prog, out, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
native = os.path.join(out, "checksum-native")
subprocess.run([clang, "-O0", "-o", native, prog], check=True)
def timed(cmd):
    t = time.perf_counter(); subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL); return time.perf_counter() - t
nat = min(timed([native]) for _ in range(runs))
best = None
for i in range(runs):
    d = os.path.join(out, "run%d" % i); shutil.rmtree(d, ignore_errors=True)
    total = timed([bin_, "--quiet", "--output-dir=" + d, prog])
    s = json.load(open(os.path.join(d, "summary.json")))
    if best is None or s["elapsed_s"] < best[0]: best = (s["elapsed_s"], total, s["instructions"])
explore, total, instr = best
print("program,runs,native_o0_s,symplex_explore_s,symplex_total_s,instructions,instr_per_s,ratio_vs_native")
print("checksum,%d,%.4f,%.4f,%.4f,%d,%.0f,%.1f" % (runs, nat, explore, total, instr, instr / explore, explore / nat))
PY
cat "$here/results.csv"
