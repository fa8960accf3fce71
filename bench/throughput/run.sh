#!/usr/bin/env bash
# bench/throughput: interpreter speed on concrete-only workloads.
#   bench/throughput/run.sh [BUILD [BASELINE_BUILD]]
# Runs symplex on each program here (checksum.c: integers; float_kernel.c:
# doubles; as bitcode compiled the way symplex compiles a .c file, so no run
# times the compiler) and the same program compiled natively at -O0, each several times
# in this run, interleaved, and writes results.csv (RESULTS=path to write
# elsewhere):
#   build,program,runs,native_o0_s,symplex_explore_s,symplex_total_s,instructions,instr_per_s,
#   ratio_vs_native,setup_s,ratio_loop_vs_native,user_s,native_cpu_s,whole_cpu_s,ratio_whole_vs_native
# ratio_vs_native = symplex exploration time (summary.json's elapsed_s) / native -O0 time, best of the runs
# for both. setup_s is elapsed_s of an empty main() (the engine's fixed cost of a run: memory accounting,
# the initial state, the one test), and ratio_loop_vs_native = (explore - setup) / native: what the loop
# itself costs. With BASELINE_BUILD, its symplex runs too, in the same rounds, for a before/after ratio.
# A build may carry symplex options after a colon, comma-separated (build:--record-path). user_s is the CPU time in
# user mode (best of the runs): on a loaded machine it moves less than the wall-clock times.
# Whole process (issue 29): whole_cpu_s is symplex's user + system CPU time, start to exit (loading, lowering,
# exploring, writing the test), and ratio_whole_vs_native = whole_cpu_s / native_cpu_s, the native -O0 binary's
# user + system CPU time, each the median of the runs: what a user waits for, beside the exploration-only ratio.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
builds=("${1:-build}")
[ $# -ge 2 ] && builds+=("$2")
out="$here/out"
runs=${RUNS:-5}
mkdir -p "$out"
clang=/usr/lib/llvm-16/bin/clang
[ -x "$clang" ] || clang=clang-16
results=${RESULTS:-$here/results.csv}
printf 'int main(void) { return 0; }\n' > "$out/empty.c"
python3 - "$root" "$clang" "$out" "$runs" "${builds[*]}" "$here/checksum.c" "$here/float_kernel.c" > "$results" <<'PY'
import json, subprocess, sys, time, os, shutil
root, clang, out, runs, builds, progs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5].split(), sys.argv[6:]
def timed(cmd):
    t = time.perf_counter(); p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if status: raise SystemExit("%s failed" % cmd[0])
    return time.perf_counter() - t, ru.ru_utime, ru.ru_utime + ru.ru_stime
def symplex(build, prog, tag):
    path, _, opts = build.partition(":")
    d = os.path.join(out, "%s-%s%s" % (tag, os.path.basename(path), opts.replace(",", ""))); shutil.rmtree(d, ignore_errors=True)
    total, user, cpu = timed([os.path.join(root, path, "bin", "symplex"), "--quiet", "--output-dir=" + d] + opts.replace(",", " ").split() + [prog])
    s = json.load(open(os.path.join(d, "summary.json")))
    return s["elapsed_s"], total, s["instructions"], user, cpu
def median(xs):
    xs = sorted(xs); return (xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2
print("build,program,runs,native_o0_s,symplex_explore_s,symplex_total_s,instructions,instr_per_s,ratio_vs_native,setup_s,ratio_loop_vs_native,user_s,"
      "native_cpu_s,whole_cpu_s,ratio_whole_vs_native")
def bitcode(src):  # as symplex compiles a .c file: the runs time no compiler
    bc = os.path.join(out, os.path.splitext(os.path.basename(src))[0] + ".bc")
    subprocess.run([clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-o", bc, src], check=True)
    return bc
empty = bitcode(os.path.join(out, "empty.c"))
setup = {b: min(symplex(b, empty, "empty")[0] for _ in range(runs)) for b in builds}
for src in progs:
    name = os.path.splitext(os.path.basename(src))[0]
    native, prog = os.path.join(out, name + "-native"), bitcode(src)
    subprocess.run([clang, "-O0", "-o", native, src, "-lm"], check=True)
    nat, best, user, nat_cpu, cpu = None, {}, {}, [], {b: [] for b in builds}
    for i in range(runs):  # rounds: native and every build once each, so load changes hit all alike
        t = timed([native]); nat = t[0] if nat is None else min(nat, t[0]); nat_cpu.append(t[2])
        for b in builds:
            r = symplex(b, prog, name)
            if b not in best or r[0] < best[b][0]: best[b] = r
            user[b] = min(user.get(b, r[3]), r[3])
            cpu[b].append(r[4])
    for b in builds:
        explore, total, instr, _, _ = best[b]
        print("%s,%s,%d,%.4f,%.4f,%.4f,%d,%.0f,%.1f,%.4f,%.1f,%.3f,%.4f,%.3f,%.1f" % (b, name, runs, nat, explore, total, instr,
              instr / explore, explore / nat, setup[b], (explore - setup[b]) / nat, user[b],
              median(nat_cpu), median(cpu[b]), median(cpu[b]) / max(median(nat_cpu), 1e-4)))
PY
cat "$results"
