#!/bin/sh
# Issues 30 and 31 on the general workload, in blocks of one program and seed made on one machine (bench/ablation/run,
# layout 2): every seed technique alone on the plain engine against --plain (issue 30; partial solutions against the
# same DSE loop without them, the array abstraction against Z3's arrays under the default), and the default against
# --plain, each single configuration and itself with each layer off (issue 31). Running this file again resumes.
set -e
# coreutils under --posix read the locale from the environment (multibyte under C.UTF-8, as their native replays):
# every session runs with the same one
export LANG=C.UTF-8
unset LC_ALL LC_CTYPE
bench/ablation/run --bin /work/snap25/bin --out=bench/results/ablation7 --workload=general \
    plain-portfolio plain-cw plain-homi plain-speculate plain-partial-dse arrays auto plain-fp
