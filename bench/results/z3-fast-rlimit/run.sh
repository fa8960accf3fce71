#!/bin/bash
# old build (wall-clock 100 ms core budget, /work/snap10 = 60d16df) against new (resource-unit budget, this tree's build/)
out=bench/results/z3-fast-rlimit
echo "program,build,seed,paths_completed,covered_branches,queries,solver_calls,solver_time_s,elapsed_s" > $out/results.csv
for p in bigint_ops crc_checksum gcd_modexp poly_nonlinear matrix_int; do
  for b in old new; do
    bin=/work/snap10/bin; [ $b = new ] && bin=build/bin
    d=/tmp/zf-$p-$b; rm -rf $d
    $bin/symplex --quiet --max-time=30 --seed=1 --output-dir=$d bench/suite/$p.c
    python3 -c "import json,sys; s=json.load(open('$d/summary.json')); print(','.join(str(x) for x in ['$p','$b',1,s['paths_completed'],s['covered_branches'],s['queries'],s.get('solver_calls',''),s['solver_time_s'],s['elapsed_s']]))" >> $out/results.csv
  done
done
