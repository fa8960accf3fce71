#!/usr/bin/env bash
# The address space as a persistent trie (new) against the per-state vector (old), in one run:
#   bench/results/address-space/run.sh OLD_BUILD_DIR NEW_BUILD_DIR > results.csv
# Each program for 20 s, no memory cap, default search; the same seed for both builds.
set -euo pipefail
old=$1 new=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d)
echo "program,build,paths,tests,instructions,peak_memory_mb,elapsed_s"
run() { # name build_dir prog [args...]
  local name=$1 b=$2; shift 2
  rm -rf "$tmp/o"
  "$b/bin/symplex" --quiet --only-new-coverage-tests --max-time=20 --max-memory=0 --output-dir="$tmp/o" "$@" >/dev/null 2>&1 || true
  python3 -c "import json,sys;s=json.load(open('$tmp/o/summary.json'));print(','.join(map(str,[sys.argv[1],sys.argv[2],s['paths_completed'],s['tests'],s['instructions'],s['peak_memory_mb'],s['elapsed_s']])))" "$name" "$(basename "$(dirname "$b")")/$(basename "$b")"
}
for p in csv_fields lru_cache http_req; do
  for b in "$old" "$new"; do run "$p" "$b" "$root/bench/suite/$p.c"; done
done
echo_bc=$root/bench/real/work/bc-build/src/echo.bc
if [ -f "$echo_bc" ]; then
  for b in "$old" "$new"; do
    run coreutils-echo "$b" --posix "$echo_bc" --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout
  done
fi
rm -rf "$tmp"
