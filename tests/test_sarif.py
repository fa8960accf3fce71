#!/usr/bin/env python3
"""results.sarif: SARIF 2.1.0 that Microsoft's SARIF multitool validates (schema
and rules), one rule per error kind, one result per reported error at its file
and line, with its stack and its test attached.
Usage: test_sarif.py BIN_DIR WORK_DIR"""
import glob, json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
tool = os.path.join(root, ".npm-tools", "node_modules", "@microsoft", "sarif-multitool-linux", "Sarif.Multitool")

prog = os.path.join(work, "two kinds.c")  # a space: the URIs must encode it
with open(prog, "w") as f:
    f.write("""#include <stdlib.h>
#include <symplex.h>
static int divide(int a, int b) { return a / b; }
static int deref(int *p) { return *p; }
int main(void) {
    int x = symplex_int("x");
    if (x == 3) return divide(10, x - 3);
    if (x == 5) return deref(0);
    if (x == 7) abort();
    return 0;
}
""")
out = os.path.join(work, "out")
r = subprocess.run([os.path.join(bin_dir, "symplex"), "--quiet", f"--output-dir={out}", prog],
                   capture_output=True, text=True, timeout=300)
check(r.returncode == 0, f"run: rc {r.returncode} {r.stderr!r}")
summary = json.load(open(os.path.join(out, "summary.json")))
sarif = json.load(open(os.path.join(out, "results.sarif")))
run = sarif["runs"][0]
rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
results = run["results"]
kinds = sorted(e["kind"] for e in summary["errors"]["list"]) if summary["errors"].get("list") else []
check(summary["errors"]["total"] == 3 and len(results) == 3, f"3 errors, 3 results: {summary['errors']}, {len(results)}")
check(sorted(rules) == sorted(set(kinds)) and len(rules) == 3, f"one rule per kind: {rules} for {kinds}")
lines = {"div-by-zero": 3, "null-deref": 4, "abort": 9}
for res in results:
    rid = res["ruleId"]
    check(rules[res["ruleIndex"]] == rid, f"{rid}: ruleIndex {res['ruleIndex']} names {rules[res['ruleIndex']]}")
    loc = res["locations"][0]["physicalLocation"]
    check(loc["artifactLocation"]["uri"].endswith("/two%20kinds.c") and loc["region"]["startLine"] == lines.get(rid),
          f"{rid}: location {loc}")
    frames = res["stacks"][0]["frames"]
    names = [fr["location"]["logicalLocations"][0]["name"] for fr in frames]
    check(names[-1] == "main" and (rid == "abort" or len(names) == 2), f"{rid}: stack {names}")
    test = res["attachments"][0]["artifactLocation"]
    check(test["uriBaseId"] == "OUTDIR" and os.path.exists(os.path.join(out, test["uri"])) and
          glob.glob(os.path.join(out, test["uri"].replace(".ktest", f".{rid}.err"))), f"{rid}: test {test}")
check(run["originalUriBaseIds"]["OUTDIR"]["uri"] == "file://" + os.path.realpath(out).replace(" ", "%20") + "/",
      f"OUTDIR {run['originalUriBaseIds']}")

# the validator: the schema and SARIF's own rules; no error-level finding
check(os.access(tool, os.X_OK), f"SARIF multitool missing ({tool}): run scripts/install-deps.sh")
if os.access(tool, os.X_OK):
    for name, path in (("errors", os.path.join(out, "results.sarif")), ("no errors", None)):
        if path is None:  # a run without errors writes a valid log too
            clean = os.path.join(work, "clean.c")
            with open(clean, "w") as f:
                f.write("int main(void) { return 0; }\n")
            subprocess.run([os.path.join(bin_dir, "symplex"), "--quiet", f"--output-dir={work}/clean", clean], timeout=300)
            path = os.path.join(work, "clean", "results.sarif")
            check(json.load(open(path))["runs"][0]["results"] == [], "no errors: no results")
        report = os.path.join(work, f"validation-{name.replace(' ', '-')}.sarif")
        v = subprocess.run([tool, "validate", path, "--output", report, "--log", "ForceOverwrite"], capture_output=True, text=True,
                           timeout=300, env=dict(os.environ, DOTNET_CLI_TELEMETRY_OPTOUT="1"))
        found = json.load(open(report))["runs"][0].get("results", []) if os.path.exists(report) else None
        errors = [x for x in (found or []) if x.get("level") == "error"]
        check(v.returncode == 0 and found is not None and not errors,
              f"multitool validate ({name}): rc {v.returncode}, errors {errors}, {v.stdout[-300:]!r}")
    # and it does catch a broken log
    bad = os.path.join(work, "bad.sarif")
    with open(bad, "w") as f:
        json.dump({"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": [{"ruleId": 3}]}]}, f)
    report = os.path.join(work, "validation-bad.sarif")
    v = subprocess.run([tool, "validate", bad, "--output", report, "--log", "ForceOverwrite"], capture_output=True, text=True, timeout=300)
    found = json.load(open(report))["runs"][0].get("results", []) if os.path.exists(report) else []
    check(any(x.get("level") == "error" for x in found), f"the validator rejects a broken log: {v.stdout[-300:]!r}")

check.finish()
