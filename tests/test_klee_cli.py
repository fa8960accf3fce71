#!/usr/bin/env python3
"""KLEE's command lines run unchanged: the coreutils line of KLEE's tutorial
and OSDI'08 paper, KLEE's spelling of durations and flags, --search given
twice, --environ and --run-in-dir, the termination options (--exit-on-error,
--exit-on-error-type, --max-forks, --max-stack-frames). Usage: test_klee_cli.py BIN_DIR WORK_DIR"""
import json, os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")


def write(name, data):
    p = os.path.join(work, name)
    with open(p, "w") as f:
        f.write(data)
    return p


def run(args):
    return subprocess.run([symplex] + args, cwd=work, capture_output=True, text=True, timeout=300)


def summary(out):
    try:
        return json.load(open(os.path.join(work, out, "summary.json")))
    except (OSError, ValueError):
        return None


def one_line_error(r, what, needle):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(r.returncode == 1 and len(lines) == 1 and needle in lines[0], f"{what}: rc {r.returncode}, stderr {lines!r}")


# KLEE's coreutils command line (OSDI'08, the tutorial), with echo's bitcode replaced by a small echo
echo = write("echo.c", """#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    int newline = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0) { newline = 0; continue; }
        fputs(argv[i], stdout);
    }
    if (newline) putchar('\\n');
    return 0;
}
""")
write("test.env", "PATH=/usr/bin:/bin\nHOME=/root\n")
os.makedirs(os.path.join(work, "sandbox"), exist_ok=True)
no_effect = ["--simplify-sym-indices", "--write-cvcs", "--write-cov", "--output-module", "--disable-inlining",
             "--use-forked-solver", "--use-cex-cache", "--max-sym-array-size=4096", "--watchdog",
             "--max-static-fork-pct=1", "--max-static-solve-pct=1", "--max-static-cpfork-pct=1",
             "--switch-type=internal", "--use-batching-search", "--batch-instructions=10000"]
klee_line = (["--simplify-sym-indices", "--write-cvcs", "--write-cov", "--output-module", "--max-memory=1000",
              "--disable-inlining", "--optimize", "--use-forked-solver", "--use-cex-cache", "--libc=uclibc",
              "--posix-runtime", "--external-calls=all", "--only-output-states-covering-new",
              "--environ=test.env", "--run-in-dir=sandbox", "--max-sym-array-size=4096",
              "--max-solver-time=30s", "--max-time=1min", "--watchdog", "--max-memory-inhibit=false",
              "--max-static-fork-pct=1", "--max-static-solve-pct=1", "--max-static-cpfork-pct=1",
              "--switch-type=internal", "--search=random-path", "--search=nurs:covnew", "--use-batching-search",
              "--batch-instructions=10000", "--output-dir=klee-line", echo,
              "--sym-args", "0", "1", "10", "--sym-args", "0", "2", "2", "--sym-files", "1", "8", "--sym-stdout"])
r = run(klee_line)
s = summary("klee-line")
check(r.returncode == 0 and s is not None, f"KLEE's line runs: rc {r.returncode}, stderr {r.stderr[-400:]!r}")
for opt in no_effect:
    name = opt.split("=")[0]
    hits = [l for l in r.stderr.splitlines() if f"'{name}' has no effect here" in l]
    check(len(hits) == 1, f"{name}: one line saying it has no effect, got {hits!r}")
if s:
    check(s["solver_timeout_s"] == 30 if "solver_timeout_s" in s else True, f"--max-solver-time=30s: {s.get('solver_timeout_s')}")
    check(s["tests"] > 0 and s["covered_branches"] == s["total_branches"],
          f"KLEE's line explores echo: tests {s['tests']}, branches {s['covered_branches']}/{s['total_branches']}")
    check(s.get("memory_inhibit") in (None, False), f"--max-memory-inhibit=false: {s.get('memory_inhibit')}")

# durations as KLEE writes them, single-dash options, and bad ones
good = write("good.c", "#include <symplex.h>\nint main(void){int x = symplex_int(\"x\");\n"
             "if (x > 3) return 1; return 0;}\n")
for i, t in enumerate(["10", "10s", "1min", "1h30min", "500ms"]):
    r = run(["--quiet", f"--max-time={t}", f"--output-dir=t{i}", good])
    s = summary(f"t{i}")
    check(r.returncode == 0 and s and s["paths_completed"] == 2, f"--max-time={t}: rc {r.returncode} {r.stderr!r}")
r = run(["-max-time=10", "-quiet", "-output-dir=dash", good])
check(r.returncode == 0 and summary("dash") is not None, f"single-dash options: rc {r.returncode} {r.stderr!r}")
for bad in ["10x", "min", "-5s", "1h-2min", ""]:
    one_line_error(run(["--quiet", f"--max-time={bad}", good]), f"--max-time={bad!r}", "duration")
one_line_error(run(["--quiet", "--libc=glibc", good]), "--libc=glibc", "glibc")
one_line_error(run(["--quiet", "--max-memory-inhibit=maybe", good]), "flag=maybe", "maybe")
one_line_error(run(["--quiet", "--environ=missing.env", good]), "missing --environ file", "missing.env")
one_line_error(run(["--quiet", f"--environ={write('bad.env', 'NOEQUALS')}", good]), "bad --environ line", "NOEQUALS")
one_line_error(run(["--quiet", "--search=dfs", "--search=bogus", good]), "second --search unknown", "bogus")
one_line_error(run(["--quiet"] + ["--search=dfs"] * 5 + [good]), "five --search", "--search")

# a flag set and then unset with =false, as LLVM's parser allows
r = run(["--quiet", "--only-new-coverage-tests", "--only-new-coverage-tests=false", "--output-dir=unset", good])
check(r.returncode == 0 and (summary("unset") or {}).get("tests") == 2, f"=false unsets a flag: {r.stderr!r}")

# --search given twice takes turns: depth-first alone never leaves this endless loop's newest state,
# random-path beside it picks the other side of the first branch half of its turns
loop = write("loop.c", """#include <stdlib.h>
#include <symplex.h>
int main(void) {
    unsigned char buf[64];
    symplex_make_symbolic(buf, sizeof buf, "buf");
    int top = symplex_int("top");
    if (top == 77) abort();
    unsigned n = 0;
    for (unsigned i = 0;; i++)
        if (buf[i & 63] == (unsigned char)i) n++;
    return (int)n;
}
""")
r = run(["--quiet", "--search=dfs", "--max-time=4", "--output-dir=dfs-only", loop])
s1 = summary("dfs-only")
r = run(["--quiet", "--search=dfs", "--search=random-path", "--max-time=4", "--output-dir=dfs-bfs", loop])
s2 = summary("dfs-bfs")
check(s1 is not None and s2 is not None and s2["errors"]["total"] == 1 and s1["errors"]["total"] == 0,
      f"dfs alone misses the abort, dfs and random-path in turns find it: {s1 and s1['errors']}, {s2 and s2['errors']}")

# --environ: main's envp and getenv see the file's variables, and only those
envprog = write("env.c", """#include <stdlib.h>
#include <string.h>
#include <symplex.h>
int main(int argc, char **argv, char **envp) {
    const char *g = getenv("GREETING");
    if (g && strcmp(g, "hi") == 0) abort();
    int n = 0;
    while (envp[n]) n++;
    return n;
}
""")
r = run(["--quiet", f"--environ={write('hi.env', 'GREETING=hi' + chr(10) + chr(10) + 'B=2' + chr(10))}", "--output-dir=env-hi", envprog])
s = summary("env-hi")
check(s is not None and s["errors"]["total"] == 1, f"--environ GREETING=hi reaches the abort: {s and s['errors']}")
r = run(["--quiet", "--output-dir=env-own", envprog])
s = summary("env-own")
check(s is not None and s["errors"]["total"] == 0, f"without --environ (GREETING unset here): {s and s['errors']}")

# --run-in-dir: a file the program opens natively by a relative name is found there
os.makedirs(os.path.join(work, "data"), exist_ok=True)
write(os.path.join("data", "data.txt"), "Z")
rd = write("rd.c", """#include <stdio.h>
#include <stdlib.h>
int main(void) {
    FILE *f = fopen("data.txt", "r");
    if (!f) return 2;
    if (fgetc(f) == 'Z') abort();
    return 0;
}
""")
r = run(["--quiet", "--external-calls=all", "--run-in-dir=data", "--output-dir=in-dir", rd])
s = summary("in-dir")
check(s is not None and s["errors"]["total"] == 1, f"--run-in-dir=data finds data.txt: {s and s['errors']} {r.stderr!r}")
r = run(["--quiet", "--external-calls=all", "--output-dir=not-in-dir", rd])
s = summary("not-in-dir")
check(s is not None and s["errors"]["total"] == 0, f"without it, no data.txt: {s and s['errors']}")
one_line_error(run(["--quiet", "--run-in-dir=no-such-dir", "--output-dir=nodir", rd]), "--run-in-dir missing", "no-such-dir")

# KLEE's termination options: --exit-on-error, --exit-on-error-type, --max-forks, --max-stack-frames
bugs = write("bugs.c", """#include <assert.h>
#include <symplex.h>
extern int no_such_function(int);
static int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
int main(void) {
    int x = symplex_int("x"), y = symplex_int("y");
    char buf[4] = {0};
    for (int i = 0; i < 5; i++)
        if (y & (1 << i)) y ^= 0x100;
    if (x == 7) buf[x] = 1;
    if (x == 11) assert(0);
    if (x == 12) return depth(100);
    if (x == 13) return no_such_function(x);
    return buf[0];
}
""")


def term(args, out):
    r = run(["--quiet", "--search=dfs", f"--output-dir={out}"] + args + [bugs])
    return r, summary(out) or {}


r, full = term([], "term-full")
check(r.returncode == 0 and sorted(full.get("errors", {}).get("by_kind", {})) == ["assert", "oob-write"]
      and full.get("halt_reason") == "" and full.get("forks_inhibited") == 0,
      f"without the options: both errors, no halt: {full.get('errors')} {full.get('halt_reason')!r}")
r, s = term(["--exit-on-error"], "term-exit")
lines = [l for l in r.stderr.splitlines() if l.strip()]
first = (s.get("errors", {}).get("list") or [{}])[0]
check(r.returncode == 1 and s.get("halt_reason") == "exit-on-error" and s.get("errors", {}).get("total") == 1
      and s.get("halt", {}).get("live_states", 0) > 0 and s.get("halt", {}).get("tests") == 0
      and len(lines) == 1 and f"{first.get('kind')} at " in lines[0] and "exiting on error" in lines[0],
      f"--exit-on-error: rc {r.returncode}, one error, no tests for the states left: {lines!r} {s.get('halt')}")
for typ, kind in [("Assert", "assert"), ("Ptr", "oob-write"), ("oob-write", "oob-write"), ("Abort,assert", "assert")]:
    r, s = term([f"--exit-on-error-type={typ}"], f"term-{typ}")
    h = s.get("halt", {})
    check(r.returncode == 0 and s.get("halt_reason") == "exit-on-error-type" and kind in s.get("errors", {}).get("by_kind", {})
          and h.get("live_states", 0) > 0 and h.get("tests") == h.get("live_states")
          and s.get("paths_completed", 0) < full.get("paths_completed", 0),
          f"--exit-on-error-type={typ} halts at the first {kind}, the states left get tests: rc {r.returncode} "
          f"{s.get('halt_reason')!r} {s.get('errors', {}).get('by_kind')} {h}")
r, s = term(["--exit-on-error-type=External"], "term-external")
check(s.get("halt_reason") == "exit-on-error-type" and s.get("paths_terminated_early", {}).get("by_reason", {}).get("external call") == 1,
      f"--exit-on-error-type=External halts at the call without a body: {s.get('halt_reason')!r} {s.get('paths_terminated_early')}")
r, s = term(["--exit-on-error-type=Free"], "term-free")
check(r.returncode == 0 and s.get("halt_reason") == "" and s.get("errors") == full.get("errors") and s.get("tests") == full.get("tests"),
      f"--exit-on-error-type=Free on a program without such errors runs to its end: {s.get('halt_reason')!r}")
r, s = term(["--exit-on-error-type=Model"], "term-model")
check(r.returncode == 0 and s.get("tests") == full.get("tests") and "never halts" in r.stderr,
      f"--exit-on-error-type=Model: a warning, and the full run: {r.stderr!r}")
one_line_error(run(["--quiet", "--exit-on-error-type=Bogus", bugs]), "--exit-on-error-type=Bogus", "Bogus")
one_line_error(run(["--quiet", "--max-forks=many", bugs]), "--max-forks=many", "many")
one_line_error(run(["--quiet", "--max-stack-frames=-2", bugs]), "--max-stack-frames=-2", "-2")
for n in [0, 3]:
    r, s = term([f"--max-forks={n}"], f"term-forks{n}")
    check(r.returncode == 0 and s.get("forks") == n and s.get("forks_inhibited", 0) > 0 and s.get("tests") == n + 1,
          f"--max-forks={n}: {n} forks, then one side: forks {s.get('forks')}, inhibited {s.get('forks_inhibited')}, "
          f"tests {s.get('tests')}")
r, s = term(["--max-forks=-1"], "term-forks-off")
check(s.get("forks") == full.get("forks") and s.get("forks_inhibited") == 0, f"--max-forks=-1 is no limit: {s.get('forks')}")
early = lambda s: s.get("paths_terminated_early", {}).get("by_reason", {}).get("max-stack-frames", 0)
r, s = term(["--max-stack-frames=50"], "term-frames50")
check(early(s) > 0 and early(full) == 0, f"--max-stack-frames=50 ends depth(100)'s path: {s.get('paths_terminated_early')}")
r, s = term(["--max-stack-frames=0"], "term-frames0")
check(early(s) == 0 and s.get("paths_completed") == full.get("paths_completed"), f"--max-stack-frames=0 is no limit")

# KLEE's --max-tests: the run halts once that many tests are written, the states alive get theirs too
r, s = term(["--max-tests=3"], "term-max-tests")
h = s.get("halt", {})
check(r.returncode == 0 and s.get("halt_reason") == "max-tests" and s.get("tests", 0) >= 3
      and s.get("tests") == s.get("tests", 0) - h.get("tests", 0) + h.get("live_states", -1)
      and s.get("paths_completed", 0) < full.get("paths_completed", 0),
      f"--max-tests=3: {s.get('tests')} tests, {s.get('halt_reason')!r}, {h}")
r, s = term(["--dump-states-on-halt=false", "--max-tests=3"], "term-no-dump")
check(s.get("halt", {}).get("live_states", 0) > 0 and s.get("halt", {}).get("tests") == 0,
      f"--dump-states-on-halt=false: no tests for the states alive at the halt: {s.get('halt')}")
# KLEE's current names: --env-file for --environ, --write-xml-tests for --testcomp
r = run(["--quiet", f"--env-file={os.path.join(work, 'hi.env')}", "--output-dir=env-file", envprog])
check((summary("env-file") or {}).get("errors", {}).get("total") == 1, f"--env-file is --environ: {r.stderr!r}")
nondet = write("nondet.c", "extern int __VERIFIER_nondet_int(void);\nint main(void){ return __VERIFIER_nondet_int() > 5; }\n")
r = run(["--quiet", "--write-xml-tests", "--output-dir=xml", nondet])
check(os.path.isfile(os.path.join(work, "xml", "test-suite", "metadata.xml")), f"--write-xml-tests writes Test-Comp tests: {r.stderr!r}")
# refused: one error line, unless given the value that asks for nothing
for args, needle in [(["--return-null-on-zero-malloc"], "malloc(0)"), (["--link-llvm-lib=lib.bca"], "llvm-link"),
                     (["--replay-ktest-file=t.ktest"], "symplex-replay"), (["--make-concrete-symbolic=5"], "concrete")]:
    one_line_error(run(["--quiet"] + args + [good]), f"refused {args}", needle)
for args in [["--return-null-on-zero-malloc=false"], ["--make-concrete-symbolic=0"]]:
    r = run(["--quiet", "--output-dir=inert-" + args[0].split("=")[0].strip("-")] + args + [good])
    check(r.returncode == 0 and r.stderr == "", f"{args} asks for KLEE's default: accepted silently ({r.stderr!r})")

# every option of KLEE 3's klee is known: none is an unknown option (the names, as `klee --help` lists them)
klee3 = """allow-external-sym-calls allow-seed-extension allow-seed-truncation always-output-seeds array-value-ratio
array-value-symb-ratio batch-instructions batch-time cex-cache-superset cex-cache-try-all check-div-zero
check-overshift compress-exec-tree compress-query-log const-array-opt debug-assignment-validating-solver
debug-cex-cache-check-binding debug-check-for-implied-values debug-compress-instructions debug-crosscheck-core-solver
debug-dump-stp-queries debug-log-incomplete-merge debug-log-merge debug-log-state-merge debug-print-escaping-functions
debug-print-instructions debug-validate-solver debug-z3-dump-queries debug-z3-log-api-interaction
debug-z3-validate-models debug-z3-verbosity disable-inlining disable-internalize disable-verify dump-states-on-halt
emit-all-errors emit-all-errors-in-same-path entry-point env-file equality-substitution exec-tree-batch-size
exit-on-error exit-on-error-type external-call-warnings external-calls function-alias ignore-stp-failures
istats-write-after-instructions istats-write-interval kdalloc kdalloc-constants-size kdalloc-constants-start-address
kdalloc-external-page-threshold kdalloc-globals-size kdalloc-globals-start-address kdalloc-heap-size
kdalloc-heap-start-address kdalloc-mark-as-unneeded kdalloc-quarantine kdalloc-stack-size kdalloc-stack-start-address
klee-call-optimisation libc libcxx link-llvm-lib log-partial-queries-early log-timed-out-queries make-concrete-symbolic
max-depth max-forks max-instructions max-memory max-memory-inhibit max-solver-time max-stack-frames
max-static-cpfork-pct max-static-cpsolve-pct max-static-fork-pct max-static-pct-check-delay max-static-solve-pct
max-sym-array-size max-tests max-time metasmt-backend min-query-time-to-log named-seed-matching only-output-states-covering-new
only-replay-seeds only-seed optimize optimize-array output-dir output-module output-source output-stats output-istats
pc-all-const-widths pc-all-widths pc-multibyte-reads pc-prefix-width pc-width-as-arg posix-runtime readable-posix-inputs
replay-ktest-dir replay-ktest-file replay-path return-null-on-zero-malloc rewrite-equalities rng-initial-seed
run-in-dir runtime-build search seed-dir seed-file seed-time silent-klee-assume simplify-sym-indices
single-object-resolution smtlib-abbreviation-mode smtlib-display-constants smtlib-human-readable solver-backend
solver-optimize-divides stats-commit-after stats-write-after-instructions stats-write-interval stp-sat-solver strip-all
strip-debug suppress-external-warnings switch-type timer-interval track-instruction-time ubsan-runtime
uncovered-update-interval use-batching-search use-branch-cache use-call-paths use-cex-cache use-constant-arrays
use-construct-hash-metasmt use-construct-hash-stp use-construct-hash-z3 use-fast-cex-solver use-forked-solver
use-incomplete-merge use-independent-solver use-iterative-deepening-time-search use-merge use-query-log
use-visitor-hash verify-each warn-all-external-symbols warnings-only-to-file watchdog write-cov write-cvcs
write-exec-tree write-kqueries write-ktests write-no-tests write-paths write-smt2s write-sym-paths write-test-info
write-xml-tests xml-metadata-programfile xml-metadata-programhash""".split()
unknown = []
for name in klee3:
    r = run(["--quiet", f"--{name}=1", os.path.join(work, "no-such-program.c")])
    if "unknown option" in r.stderr:
        unknown.append(name)
check(not unknown, f"KLEE options symplex does not know: {unknown}")

# docs/klee-options.md names every KLEE option the table knows
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
table = open(os.path.join(root, "src", "cli", "klee_options.c")).read()
doc = open(os.path.join(root, "docs", "klee-options.md")).read()
names = re.findall(r'^\s*KLEE_[A-Z_]+\("([a-z0-9-]+)", ', table, re.M)
check(len(names) > 30 and all(f"`--{n}" in doc for n in names),
      f"docs/klee-options.md lacks {[n for n in names if f'`--{n}' not in doc]}")

check.finish()
