#!/bin/sh
# The campaign's order (issues 30 and 31). Each line goes on where the one before stopped; running this file again
# resumes. The portfolio first (it decides the default), then issue 31's --plain runs on the six programs with
# floating-point code, then every seed technique on the general workload, then issue 31's single configurations
# on those six programs. homi-restarts (the control separating Homi's learning from its restarts) was measured on
# Homi's target workload (bench/results/ablation-homi) and is not repeated here.
set -e
R="bench/ablation/run --bin /work/snap17/bin --out=bench/results/ablation5"
$R --workload=general portfolio
$R --workload=target auto plain-portfolio
$R --workload=general cw homi arrays partial speculate
$R --workload=target plain-cw plain-homi plain-speculate plain-partial
