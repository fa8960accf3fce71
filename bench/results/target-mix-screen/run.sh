#!/bin/bash
# usage: run.sh prog line seed config...
B=${SYMPLEX:-/work/snap13/bin/symplex}  # a release build of 2982060
SUITE=$(cd "$(dirname "$0")/../../suite" && pwd)
p=$1; l=$2; s=$3; shift 3
for c in "$@"; do
  d=${OUT:-/tmp/mix}/out-$p-$l-$s-$c; rm -rf $d
  case $c in
    directed) opts="--target-mode=forward";;
    mixed) opts="--target-mode=forward --search=target --search=covnew";;
    forward) opts="--target-mode=forward --search=covnew";;
    symcretic) opts="";;
    symmixed) opts="--search=target --search=covnew";;
  esac
  $B --quiet --max-time=30 --seed=$s --target=$SUITE/$p.c:$l --output-dir=$d $opts $SUITE/$p.c >/dev/null 2>&1
  python3 -c "import json;s=json.load(open('$d/summary.json'));print('$p:$l s$s $c', s['target_status'], s.get('target_reached_s',''))"
done
