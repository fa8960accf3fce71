#!/usr/bin/env python3
"""The default chooses layers by what the program contains (issue 31):
floating-point code gets the floating-point search with symbolic math
functions, which reaches `sin(u) > 0.99` where the plain engine cannot; every
program gets the portfolio search; --plain, and an explicit option, override
the choice; summary.json and the first lines of the run say what was chosen
and why.
Usage: test_default.py BIN_DIR WORK_DIR"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")
sin_prog = checks.write(work, "sinu.c", """#include <math.h>
#include <symplex.h>
int main(void) {
    double u;
    symplex_make_symbolic(&u, sizeof u, "u");
    if (u > 0.5 && u < 3.0 && sin(u) > 0.99) return 1;
    return 0;
}
""")
int_prog = checks.write(work, "ints.c", """#include <symplex.h>
int main(void) {
    int a, b;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    if (a > 3 && b > 3 && a * b == 391) return 1;
    return 0;
}
""")


def run(prog, args, tag):
    out = os.path.join(work, "out-" + tag)
    r = subprocess.run([symplex, "--max-time=30", "--output-dir=" + out] + args + [prog], cwd=work,
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, f"{tag}: exit {r.returncode} {r.stderr[-300:]}")
    try:
        s = json.load(open(os.path.join(out, "summary.json")))
    except (OSError, ValueError):
        s = {}
    return out, s, r.stderr


def exit1_tests(out):
    rows = [l.split(",") for l in open(os.path.join(out, "tests.csv")).read().splitlines()[1:]]
    return [r[0] for r in rows if r[1] == "exit" and r[5] == "1"]


out, s, err = run(sin_prog, [], "default")
conf = s.get("configuration", {})
feats = conf.get("features", {})
on = [c["option"] for c in conf.get("choices", []) if c.get("on")]
check(conf.get("mode") == "default" and feats.get("float_ops", 0) >= 2 and feats.get("math_calls", 0) >= 1,
      f"default: the features are read: {conf}")
check(on == ["--fp-search=first", "--search=portfolio"] and s.get("fp_search") == "first",
      f"default: floating point chooses the floating-point search, every program the portfolio: {on}")
check(err.splitlines()[:2] == [l for l in err.splitlines()[:2] if "default for this program: --" in l] and
      "--fp-search=first" in err.splitlines()[0] and "--search=portfolio" in err.splitlines()[1],
      f"the first lines say so: {err.splitlines()[:2]}")
check(sum(s.get("portfolio_picks", {}).values()) > 0, f"default: the portfolio made the selections: {s.get('portfolio_picks')}")
hits = exit1_tests(out)
check(len(hits) >= 1, "default: sin(u) > 0.99 is reached")
if hits:
    r = subprocess.run([replay, sin_prog, os.path.join(out, hits[0] + ".ktest")], capture_output=True, timeout=300)
    check(r.returncode == 1, f"default: the test reaches it natively: rc {r.returncode}")

out, s, err = run(sin_prog, ["--plain"], "plain")
conf = s.get("configuration", {})
check(conf.get("mode") == "plain" and conf.get("choices") == [] and s.get("fp_search") == "off",
      f"--plain: nothing chosen: {conf} {s.get('fp_search')}")
check(not exit1_tests(out), "--plain: the plain engine does not reach sin(u) > 0.99 (math on concrete values)")
check("default for this program" not in err, "--plain: no choice announced")
check("portfolio_picks" not in s, "--plain: today's default search (random-path with covnew), not the portfolio")

out, s, err = run(sin_prog, ["--search=dfs"], "search")
choices = {c["option"]: c for c in s.get("configuration", {}).get("choices", [])}
pick = choices.get("--search=portfolio", {})
check(pick.get("on") is False and "--search was given" in pick.get("reason", "") and "portfolio_picks" not in s
      and choices.get("--fp-search=first", {}).get("on") is True, f"an explicit --search wins over the default: {choices}")

out, s, err = run(sin_prog, ["--fp-search=off"], "explicit")
choices = s.get("configuration", {}).get("choices", [])
check(len(choices) == 2 and not choices[0]["on"] and "--fp-search was given" in choices[0]["reason"]
      and s.get("fp_search") == "off", f"an explicit --fp-search wins over the default: {choices}")

out, s, err = run(int_prog, [], "ints")
conf = s.get("configuration", {})
choices = conf.get("choices", [])
check(conf.get("features", {}).get("float_ops") == 0 and s.get("fp_search") == "off"
      and [c["option"] for c in choices if c["on"]] == ["--search=portfolio"],
      f"no floating point: no floating-point search: {conf}")
check(any(c["option"] == "--solver=cw-first" and not c["on"] for c in choices)
      and conf.get("features", {}).get("nonlinear_ops", 0) >= 1, f"non-linear code: the walk considered, left off: {choices}")
check(len(exit1_tests(out)) == 1, "ints: a * b == 391 reached")
check.finish()
