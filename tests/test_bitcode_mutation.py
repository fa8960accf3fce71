#!/usr/bin/env python3
"""Malformed bitcode never crashes symplex: 240 mutants of a small valid .bc
(1-8 random bytes flipped each, fixed seed) must each end with exit status 0,
or 1 with exactly one `symplex: error:` line, and never a sanitizer report.
Two at a time. bench/mutation/run does the same with more mutants.
Usage: test_bitcode_mutation.py BIN_DIR WORK_DIR"""
import collections, os, sys
from concurrent.futures import ThreadPoolExecutor
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks
from mutation import mutate

MUTANTS, SEED = 240, 8

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
data = mutate.compile_seed(bin_dir, work)

# the undamaged bitcode runs (else every mutant failing to load would prove nothing)
base = mutate.run_mutant(symplex, work, 0, None, data, max_time=20)
check(base["status"] == 0 and not mutate.problems(base), "seed bitcode runs: %s" % base["stderr"][-1000:])

with ThreadPoolExecutor(2) as pool:
    results = list(pool.map(lambda i: mutate.run_mutant(symplex, work, i, mutate.mutant_seed(SEED, i), data),
                            range(1, MUTANTS + 1)))
outcomes = collections.Counter("signal %d" % r["signal"] if r["signal"] else "exit %s" % r["status"] for r in results)
for r in results:
    bad = mutate.problems(r)
    check(not bad, "mutant %d (seed %d): %s" % (r["mutant"], r["seed"], "; ".join(bad)))
check(len(results) == MUTANTS, "every mutant ran")
check(outcomes["exit 1"] > 0, "some mutants are refused (else the mutation is void): %s" % dict(outcomes))
print("%d mutants: %s, %.0f s of symplex time" % (len(results), dict(outcomes), sum(r["seconds"] for r in results)))
check.finish()
