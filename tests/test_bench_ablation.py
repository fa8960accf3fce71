#!/usr/bin/env python3
"""bench/ablation/run plans what its README promises, without running symplex:
blocks of one program and seed with every configuration, program by program;
in layout 2 the configurations the portfolio default makes one are made once
and read under both names, and a block begun on another machine is made
again whole; layout 1 (campaigns begun before) keeps its names and its rows.

Usage: test_bench_ablation.py BIN_DIR WORK_DIR
"""
import argparse
import contextlib
import csv
import importlib.machinery
import importlib.util
import io
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from checks import setup  # noqa: E402

_bin_dir, work, check = setup()
path = os.path.join(os.path.dirname(HERE), "bench", "ablation", "run")
loader = importlib.machinery.SourceFileLoader("ablation_run", path)
ab = importlib.util.module_from_spec(importlib.util.spec_from_loader("ablation_run", loader))
loader.exec_module(ab)

QUEUE = ["plain-portfolio", "plain-cw", "plain-homi", "plain-speculate", "plain-partial-dse", "arrays", "auto",
         "plain-fp"]
args = argparse.Namespace(techniques=QUEUE, workload="general", programs=set(), seeds=3)
here = ab.machine_id()


def names(block):
    return [c[2][0] for c in block]


blocks, made = ab.plan(args, 2, [])
cells = [c for b in blocks for c in b]
check(made == 0 and len(blocks) == 32 * 3, "a block per program and seed (%d)" % len(blocks))
check(all(len({(c[1], c[3]) for c in b}) == 1 for b in blocks), "a block is one program and one seed")
progs = [b[0][1] for b in blocks]
check(all(progs[i] == progs[i - i % 3] for i in range(len(progs))), "the three seeds of a program come together")
check(len(set(progs)) == 32, "every program of the general workload")
plain_block = next(b for b in blocks if b[0][1] == "json_scan")
float_block = next(b for b in blocks if b[0][1] == "fp_geometry")
check("plain-portfolio" not in names(plain_block) and "default-search" not in names(plain_block)
      and len(plain_block) == 8, "without floats the portfolio default is made once (%s)" % names(plain_block))
check({"plain-portfolio", "default-search", "default", "plain"} <= set(names(float_block)) and len(float_block) == 10,
      "with floats every configuration is made (%s)" % names(float_block))
check(len(cells) == 26 * 3 * 8 + 6 * 3 * 10, "804 runs (%d)" % len(cells))


def rows_of(block, machine, upto):
    return [{"program": c[1], "config": c[2][0], "seed": str(c[3]), "status": "ok", "machine": machine}
            for c in block[:upto]]


first = blocks[0]
again, _ = ab.plan(args, 2, rows_of(first, "elsewhere", 3))
check(names(again[0]) == names(first) and again[0][0][1:] == first[0][1:],
      "a block begun on another machine is made again whole")
go_on, _ = ab.plan(args, 2, rows_of(first, here, 3))
check(names(go_on[0]) == names(first)[3:], "a block begun on this machine goes on where it stopped")
done, _ = ab.plan(args, 2, rows_of(first, "elsewhere", len(first)))
check(done[0][0][1:] != first[0][1:] and len(done) == len(blocks) - 1, "a complete block stays, wherever it was made")
old_all, _ = ab.plan(args, 1, [])
check(any("plain-portfolio" in names(b) for b in old_all if b[0][1] == "json_scan"), "layout 1 makes every name")
old, _ = ab.plan(args, 1, rows_of(old_all[0], "elsewhere", 3))
check(names(old[0]) == names(old_all[0])[3:], "layout 1 keeps rows made before machines were recorded")

# the premise of the aliases, checked on every run of the default
with contextlib.redirect_stderr(io.StringIO()):
    try:
        ab.check_alias(2, "json_scan", ab.DEFAULT, {"configuration": {"choices": [
            {"option": "--search=portfolio", "on": True}, {"option": "--solver=cw-first", "on": True}]}})
        check(False, "a default that switched on more than the portfolio stops the campaign")
    except SystemExit as e:
        check("cw-first" in str(e), "the error names what was switched on")
ab.check_alias(2, "json_scan", ab.DEFAULT, {"configuration": {"choices": [{"option": "--search=portfolio", "on": True}]}})
ab.check_alias(2, "fp_geometry", ab.DEFAULT, {"configuration": {"choices": [{"option": "--fp-search=first", "on": True}]}})
check(True, "the portfolio alone, or a program with floats, passes")

# the reports read an aliased configuration under both names
out = os.path.join(work, "campaign")
os.makedirs(out)
json.dump({"bin": "x", "build": "x", "budget_s": 120, "layout": 2}, open(os.path.join(out, "campaign.json"), "w"))
rows = []
for seed in (1, 2, 3):
    for prog, config, cov in (("json_scan", "plain", 100), ("json_scan", "default", 110),
                              ("fp_geometry", "plain", 20), ("fp_geometry", "plain-portfolio", 25),
                              ("fp_geometry", "default", 30), ("fp_geometry", "default-search", 28)):
        rows.append({"program": prog, "kind": "suite", "config": config, "seed": seed, "status": "ok",
                     "elapsed_s": 120, "budget_s": 120, "branches_covered": cov + seed, "halt_reason": "max-time"})
with open(os.path.join(out, "results.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=ab.FIELDS, extrasaction="ignore")
    w.writeheader()
    w.writerows(rows)
with contextlib.redirect_stdout(io.StringIO()):
    ab.main(["--report", "--out", out, "plain-portfolio", "plain-fp"])
pp = open(os.path.join(out, "plain-portfolio.md")).read()
check("| json_scan | suite | 101 / 102 / 103 | 111 / 112 / 113 | 1.098 |" in pp,
      "plain-portfolio on json_scan is read from the default's runs")
check("| fp_geometry | suite | 21 / 22 / 23 | 26 / 27 / 28 | 1.227 |" in pp,
      "plain-portfolio on fp_geometry is its own runs")
fp = open(os.path.join(out, "plain-fp.md")).read()
check("| fp_geometry | suite | 21 / 22 / 23 | 29 / 30 / 31 |" in fp, "default-search on fp_geometry is its own runs")
d = open(os.path.join(out, "default-default.md")).read()
line = next((x for x in d.splitlines() if x.startswith("| single portfolio |")), "")
check(line.split("|")[2].strip() == "1" and line.split("|")[7].strip() == "26",
      "issue 31: the single portfolio is compared where it differs and `same` on the 26 without floats (%s)" % line)
check.finish()
