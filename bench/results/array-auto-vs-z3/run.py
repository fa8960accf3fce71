#!/usr/bin/python3
# --array-solver=auto (the default) against --array-solver=z3 on the coreutils tools where auto's CEGAR layer took
# queries in bench/results/array-auto (base64, expr, wc), KLEE's OSDI'08 command line, 30 s, seeds 1-3, one run at
# a time, the two configurations alternating. Coverage is symplex's own count of branch sides covered (summary.json
# covered_branches), not gcov's: no gcov build of coreutils was at hand.
import csv, json, os, shutil, subprocess, sys
BIN = "/work/snap/bin/symplex"
BC = "/work/wt-load/bench/real/work/bc-build/src"
OUT = sys.argv[1]
ARGS = ["--sym-args", "0", "1", "10", "--sym-args", "0", "2", "2", "--sym-files", "1", "8", "--sym-stdin", "8", "--sym-stdout"]
rows = []
for tool in ["base64", "expr", "wc"]:
    for seed in (1, 2, 3):
        for cfg in ("auto", "z3"):
            d = os.path.join(OUT, "runs", "%s-%s-s%d" % (tool, cfg, seed))
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(os.path.dirname(d), exist_ok=True)
            cmd = [BIN, "--posix", "--only-new-coverage-tests", "--quiet", "--max-time=30", "--seed=%d" % seed,
                   "--array-solver=" + cfg, "--output-dir=" + d, os.path.join(BC, tool + ".bc")] + ARGS
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            s = json.load(open(os.path.join(d, "summary.json")))
            rows.append({"tool": tool, "config": cfg, "seed": seed, "elapsed_s": s["elapsed_s"],
                         "covered_branches": s["covered_branches"], "total_branches": s["total_branches"],
                         "paths": s["paths_completed"], "queries": s["queries"], "solver_time_s": s["solver_time_s"],
                         "array_queries": s["array_queries"], "cegar_fallbacks": s["cegar_fallbacks"]})
            print(rows[-1], flush=True)
with open(os.path.join(OUT, "auto_vs_z3.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
