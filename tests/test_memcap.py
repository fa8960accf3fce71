#!/usr/bin/env python3
"""The memory cap (--max-memory): forks stop before states must be killed.

A program whose every branch forks and whose every state then fills blocks of
its own outgrows any cap. With --max-memory-inhibit symplex stops forking near
the cap (KLEE's default): branches go on one side, states run to their ends
and give their memory back, and far fewer states are terminated for
max-memory than when only terminating states holds the cap (the default).
Either way the peak stays within 10% of the cap, and summary.json counts
inhibited forks, the times forks stopped, and the prunes.

Usage: test_memcap.py BIN_DIR WORK_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")

GROW = r"""#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int main(void) {
    unsigned char in[40];
    symplex_make_symbolic(in, sizeof in, "in");
    int score = 0;
    for (int i = 0; i < 40; i++) {
        char *block = malloc(8192);
        memset(block, in[i], 8192);
        if (in[i] > 'm') score += block[i];
        else score -= 1;
    }
    return score > 1000;
}
"""


def run(args, tag):
    out = os.path.join(work, "out-" + tag)
    r = subprocess.run([symplex, "--quiet", "--only-new-coverage-tests", "--output-dir=" + out] + args + [prog],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print(r.stderr[-2000:])
        return None
    return json.load(open(os.path.join(out, "summary.json")))


prog = checks.write(work, "grow.c", GROW)
# the cap sits 150 MiB above what symplex holds before exploring (more under sanitizers)
probe = run(["--max-time=1", "--max-memory=0"], "probe")
check(probe is not None, "probe run")
cap = int(probe["start_memory_mb"]) + 150 if probe else 300
killed = {}
for tag, extra in (("inhibit", ["--max-memory-inhibit"]), ("kill-only", [])):
    s = run(["--max-time=20", "--max-memory=%d" % cap] + extra, tag)
    check(s is not None, tag + " ran")
    if not s:
        continue
    killed[tag] = s["paths_terminated_early"]["by_reason"].get("max-memory", 0)
    check(s["peak_memory_mb"] <= 1.1 * cap, f"{tag}: peak {s['peak_memory_mb']} MB, cap {cap}")
    if tag == "inhibit":
        check(s["forks_inhibited"] > 0 and s["memory_inhibits"] >= 1,
              f"inhibit: forks inhibited {s['forks_inhibited']}, times {s['memory_inhibits']}")
    else:
        check(s["forks_inhibited"] == 0 and s["memory_inhibits"] == 0 and s["memory_prunes"] >= 1 and killed[tag] > 0,
              f"kill-only: forks inhibited {s['forks_inhibited']}, prunes {s['memory_prunes']}, killed {killed[tag]}")
if len(killed) == 2:
    check(2 * killed["inhibit"] < killed["kill-only"],
          f"states terminated for max-memory: {killed['inhibit']} with inhibited forks, {killed['kill-only']} without")

check.finish()
