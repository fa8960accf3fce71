#!/usr/bin/env python3
"""End-to-end test of Test-Comp output (--testcomp) and of replaying it.

Usage: test_testcomp.py BIN_DIR WORK_DIR

- every test of a nondet program gets test-suite/testN.xml next to testN.ktest,
  and every XML file (tests and metadata.xml) is valid against the format's
  DTDs (tests/testcomp/*.dtd, checked with xmllint --dtdvalid);
- metadata.xml names the program and its SHA-256, and the property given
  with --testcomp-spec (a .prp file);
- coversError="true" marks exactly the tests that reach reach_error();
- replaying each XML test natively gives the same outcome as replaying its
  ktest, and agrees with tests.csv;
- inputs that are not nondet calls get no XML file, with one warning;
- a malformed XML test is refused by symplex-replay with one line.
"""
import csv
import glob
import hashlib
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from checks import setup  # noqa: E402
from symplex_native import classify, compare  # noqa: E402

bin_dir, work, check = setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")
tc_dir = os.path.join(HERE, "testcomp")


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300, **kw)


def xml_valid(path, dtd):
    p = run(["xmllint", "--noout", "--nonet", "--dtdvalid", os.path.join(tc_dir, dtd), path])
    return p.returncode == 0, p.stderr.decode(errors="replace")


def native(prog, test):
    p = run([replay, prog, test])
    return p.returncode, p.stderr.decode(errors="replace")


# --- a program whose inputs are all nondet calls of many types
prog = os.path.join(tc_dir, "nondet_mix.c")
prp = os.path.join(work, "coverage-error.prp")
spec = "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )"
open(prp, "w").write(spec + "\n")
out = os.path.join(work, "mix")
p = run([symplex, "--quiet", "--testcomp-spec=" + prp, "--output-dir=" + out, prog])
check(p.returncode == 0, "symplex --testcomp exits 0: " + p.stderr.decode(errors="replace")[-500:])
rows = list(csv.DictReader(open(os.path.join(out, "tests.csv"))))
suite = os.path.join(out, "test-suite")
xmls = sorted(glob.glob(os.path.join(suite, "test*.xml")))
check(len(rows) == 10, "10 tests (9 exits and reach_error), got %d" % len(rows))
check([os.path.basename(x)[:-4] for x in xmls] == [r["test"] for r in rows],
      "one XML test per ktest, same names")

meta = os.path.join(suite, "metadata.xml")
ok, why = xml_valid(meta, "test-metadata-1.1.dtd")
check(ok, "metadata.xml is valid: " + why)
text = open(meta).read()
digest = hashlib.sha256(open(prog, "rb").read()).hexdigest()
check("<programhash>%s</programhash>" % digest in text, "metadata has the program's sha256")
check("<programfile>%s</programfile>" % prog in text, "metadata names the program file")
check("<specification>%s</specification>" % spec in text, "metadata has the .prp property")
check(re.search(r"<creationtime>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ</creationtime>", text) is not None,
      "metadata has an ISO 8601 creation time")

for row, x in zip(rows, xmls):
    name = row["test"]
    ok, why = xml_valid(x, "testcase-1.1.dtd")
    check(ok, "%s.xml is valid: %s" % (name, why))
    body = open(x).read()
    covers = 'coversError="true"' in body
    check(covers == (row["outcome"] == "error"), "%s: coversError only on the reach_error test" % name)
    check(body.count("<input") == 10, "%s: one input per nondet call (10)" % name)
    rc_x, err_x = native(prog, x)
    rc_k, err_k = native(prog, os.path.join(out, name + ".ktest"))
    check(classify(rc_x, err_x, prog) == classify(rc_k, err_k, prog),
          "%s: XML replay %s, ktest replay %s" % (name, classify(rc_x, err_x, prog), classify(rc_k, err_k, prog)))
    good, what = compare(row, out, prog, rc_x, err_x)
    check(good, "XML replay agrees with tests.csv: " + what)

# The reach_error test holds each type's extreme-looking values as literals.
err_row = [r for r in rows if r["outcome"] == "error"]
check(len(err_row) == 1, "one test reaches reach_error: %s" % [r["test"] for r in err_row])
if err_row:
    body = open(os.path.join(suite, err_row[0]["test"] + ".xml")).read()
    for lit in ('type="short">-30000<', 'type="unsigned char">200<', 'type="long">-5000000000<', 'type="void *">0<'):
        check(lit in body, "reach_error test has " + lit)

# --- the second program of the suite reaches the error through a defined
# reach_error too: the same check on a program already in tests/programs
prog2 = os.path.join(HERE, "programs", "svcomp_nondet.c")
out2 = os.path.join(work, "svcomp")
p = run([symplex, "--quiet", "--testcomp", "--output-dir=" + out2, prog2])
check(p.returncode == 0, "symplex --testcomp on svcomp_nondet.c")
meta2 = open(os.path.join(out2, "test-suite", "metadata.xml")).read()
check("FQL(COVER EDGES(@DECISIONEDGE))" in meta2, "default property is branch coverage")
rows2 = list(csv.DictReader(open(os.path.join(out2, "tests.csv"))))
check(any(r["outcome"] == "error" for r in rows2) and any(r["outcome"] == "exit" for r in rows2),
      "svcomp_nondet: tests that reach the error and tests that exit: %s" % [r["outcome"] for r in rows2])
for row in rows2:
    x = os.path.join(out2, "test-suite", row["test"] + ".xml")
    rc, err = native(prog2, x)
    good, what = compare(row, out2, prog2, rc, err)
    check(good, "svcomp_nondet XML replay: " + what)

# --- inputs made by make_symbolic have no Test-Comp form
prog3 = os.path.join(HERE, "programs", "branch_nested.c")
out3 = os.path.join(work, "nonnondet")
p = run([symplex, "--testcomp", "--output-dir=" + out3, prog3])
stderr = p.stderr.decode(errors="replace")
check(p.returncode == 0, "symplex --testcomp on a make_symbolic program exits 0")
check(stderr.count("have no Test-Comp form") == 1, "one warning about non-nondet inputs: " + stderr[-300:])
check(glob.glob(os.path.join(out3, "test-suite", "test*.xml")) == [], "no XML tests for make_symbolic inputs")
check(os.path.exists(os.path.join(out3, "test-suite", "metadata.xml")), "metadata.xml is still written")

# --- replay refuses a malformed test with one line and exit 3
bad = os.path.join(work, "bad.xml")
open(bad, "w").write("<testcase><input>12</input>\n<input>oops</input></testcase>\n")
rc, err = native(prog2, bad)
check(rc == 3 and err.strip().count("\n") == 0 and "not a literal" in err, "bad literal: exit 3, one line: %r" % err)
open(bad, "w").write("<testcase><input>1</input></testcase>\n")
rc, err = native(prog2, bad)
check(rc == 3 and "only 1 inputs" in err, "too few inputs: exit 3: %r" % err)
open(bad, "w").write("<notatest/>\n")
rc, err = native(prog2, bad)
check(rc == 3 and "not a Test-Comp testcase" in err, "not a testcase: exit 3: %r" % err)

check.finish()
