#!/usr/bin/env python3
"""--posix end to end, beyond the program tests (tests/programs/posix_*.c):

- KLEE's own command line (OSDI'08: --sym-args 0 1 10 --sym-args 0 2 2
  --sym-files 1 8 --sym-stdin 8 --sym-stdout) on a small wc written for this
  test: the ktest objects carry KLEE's names in KLEE's order, every test
  replays natively to the exit status symplex recorded, and the paths that
  open the symbolic file A, read stdin and fail on a missing file are found;
- concrete and symbolic arguments mixed after the program, as KLEE spells
  them (`prog A --sym-arg 1 B`), reach the program in that order;
- a system call the model cannot make (pipe, pipe2 under popen, clone under
  pthread_create) ends each path that makes it as `unsupported system call`,
  with one warning per call naming it and the program's line, however many
  paths make it; no test records the failure the old model made up;
- the program sees the locales of the host's C library, where its tests
  replay (not musl's default of C.UTF-8, nor a locale the host lacks);
- rand, random, initstate, setstate and rand_r give glibc's sequences, getopt
  permutes as glibc's does, and qsort sorts as glibc's (stable, the same
  comparisons in the same order), scanf, strtol, strtod and atoi read,
  mbrtowc and its family convert, the wide classes classify and dirname
  splits as glibc's;
- bad uses of the options get one error line and exit status 1.

Usage: test_posix.py BIN_DIR WORK_DIR"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import checks  # noqa: E402
from symplex_native import read_ktest, read_tests_csv  # noqa: E402

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
replay = os.path.join(bin_dir, "symplex-replay")
wc = os.path.join(HERE, "posix", "wc_lite.c")
CLANG = "/usr/lib/llvm-16/bin/clang"


def run(name, *args, timeout=300):
    out = os.path.join(work, name)
    r = subprocess.run([symplex, "--quiet", "--output-dir=" + out] + list(args), capture_output=True, text=True,
                       timeout=timeout)
    return r, out


def env_names(objects):
    """The environment's object names, in order (everything up to model_version)."""
    names = [n for n, _ in objects]
    return names[:names.index("model_version") + 1] if "model_version" in names else names


def check_osdi_command_line():
    # 10 s: under ASan the fifth completed path (the check below wants 5) came at 1.6 s, the ninth at 6.7 s
    r, out = run("osdi", "--posix", "--max-time=10", "--only-new-coverage-tests", wc, "--sym-args", "0", "1", "10",
                 "--sym-args", "0", "2", "2", "--sym-files", "1", "8", "--sym-stdin", "8", "--sym-stdout")
    check(r.returncode == 0, "OSDI command line: exit status %d: %s" % (r.returncode, r.stderr[-300:]))
    # states the time limit halts may still be setting the environment up: only completed paths
    rows = [row for row in read_tests_csv(out) if row["outcome"] == "exit"]
    check(len(rows) >= 5, "OSDI command line: at least 5 completed paths (%d)" % len(rows))
    pattern = re.compile(r"^n_args(,arg\d\d)*,n_args(,arg\d\d)*,A-data,A-data-stat,stdin,stdin-stat,"
                         r"stdout,stdout-stat,model_version$")
    numbered, misnamed = True, []
    for row in rows:
        names = env_names(read_ktest(os.path.join(out, row["test"] + ".ktest"))["objects"])
        if not pattern.match(",".join(names)):
            misnamed.append((row["test"], names))
        args = [n for n in names if n.startswith("arg")]
        numbered &= args == ["arg%02d" % i for i in range(len(args))]
    check(rows and not misnamed, "OSDI command line: KLEE's object names in KLEE's order: %r" % misnamed[:3])
    check(numbered, "OSDI command line: symbolic arguments numbered arg00, arg01, ... across both --sym-args")
    statuses = {row["exit_status"] for row in rows}
    check({"0", "1"} <= statuses, "OSDI command line: files that open and files that do not (%r)" % statuses)
    mismatched = []
    for row in rows[:: max(1, len(rows) // 12)]:
        rp = subprocess.run([replay, wc, os.path.join(out, row["test"] + ".ktest")], capture_output=True,
                            text=True, timeout=300)
        if str(rp.returncode) != row["exit_status"]:
            mismatched.append((row["test"], row["exit_status"], rp.returncode, rp.stderr[-200:]))
    check(not mismatched, "OSDI command line: replayed exit statuses match: %r" % mismatched)


def check_mixed_arguments():
    # the program prints its arguments; the symbolic one sits between A and B
    src = os.path.join(work, "echo_args.c")
    with open(src, "w") as f:
        f.write('#include <stdio.h>\nint main(int argc, char **argv) {\n'
                '    for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);\n'
                '    printf("\\n");\n    return argc == 4 && argv[2][0] == 0 ? 7 : argc;\n}\n')
    r, out = run("mixed", "--posix", src, "A", "--sym-arg", "1", "B")
    check(r.returncode == 0, "mixed arguments: exit status %d: %s" % (r.returncode, r.stderr[-300:]))
    check(re.search(r"^\[A\]\[.?\]\[B\]$", r.stdout, re.M) is not None,
          "mixed arguments: argv is A, the symbolic one, B: %r" % r.stdout[:200])
    rows = read_tests_csv(out)
    # empty (7) or not (4); a newline in it is a path of its own (musl flushes the line-buffered stdout)
    check({row["exit_status"] for row in rows} == {"4", "7"},
          "mixed arguments: the symbolic argument empty or not: %r" % [row["exit_status"] for row in rows])
    for row in rows:
        rp = subprocess.run([replay, src, os.path.join(out, row["test"] + ".ktest")], capture_output=True,
                            text=True, timeout=300)
        check(str(rp.returncode) == row["exit_status"] and rp.stdout.startswith("[A]["),
              "mixed arguments: %s replays to %s (got %d, %r)" % (row["test"], row["exit_status"], rp.returncode,
                                                                rp.stdout))


def check_unsupported_calls():
    src = os.path.join(work, "subprocess.c")
    with open(src, "w") as f:
        f.write('#include <pthread.h>\n#include <stdio.h>\n#include <unistd.h>\n'
                'static void *run(void *p) { return p; }\n'
                'int main(int argc, char **argv) {\n'
                '    int fd[2];\n'
                '    if (argv[1][0] == \'p\' || argv[1][1] == \'p\') return pipe(fd) ? 3 : 0;\n'
                '    if (argv[1][0] == \'o\') return popen("true", "r") ? 0 : 4;\n'
                '    pthread_t t;\n'
                '    if (argv[1][0] == \'t\') return pthread_create(&t, 0, run, 0) ? 5 : 0;\n'
                '    return 0;\n}\n')
    out = os.path.join(work, "unsupported")  # not --quiet: the warnings are checked
    r = subprocess.run([symplex, "--output-dir=" + out, "--posix", "--search=dfs", src, "--sym-arg", "2"],
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "unsupported calls: exit status %d: %s" % (r.returncode, r.stderr[-300:]))
    for call, line in (("pipe", 7), ("pipe2", 8), ("clone", 10)):
        warned = [w for w in r.stderr.splitlines() if "system call '%s' (from %s:%d)" % (call, src, line) in w]
        check(len(warned) == 1, "unsupported calls: one warning for %s at line %d: %r" % (call, line, r.stderr[-600:]))
    rows = read_tests_csv(out)
    early = [row for row in rows if row["outcome"] == "early"]
    check(len(early) == 4 and all(row["kind"] == "unsupported system call" for row in early),
          "unsupported calls: 4 paths end as unsupported (two reach pipe): %r" % rows)
    check(all(row["exit_status"] == "0" for row in rows if row["outcome"] == "exit"),
          "unsupported calls: no test records a made-up failure: %r" % rows)


LOCALE_PROG = r"""#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* 1 multibyte, 2 single-byte, 3 setlocale failed; +4 when LC_ALL=NULL names another locale than asked */
int main(int argc, char **argv) {
    const char *got = setlocale(LC_ALL, argc > 1 ? argv[1] : "");
    if (!got) return 3;
    int named = argc > 1 && strcmp(setlocale(LC_ALL, NULL), argv[1]) != 0 ? 4 : 0;
    return (MB_CUR_MAX > 1 ? 1 : 2) + named;
}
"""


def check_locale():
    """The program gets the locale the host's C library gives it, where tests replay: with no locale variable
    glibc's C (musl alone would pick C.UTF-8), an installed UTF-8 locale multibyte, and a locale the host does
    not have refused, as setlocale natively refuses it."""
    src = os.path.join(work, "locale.c")
    with open(src, "w") as f:
        f.write(LOCALE_PROG)
    base = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    cases = [("no variable", {}, []), ("LANG=C.UTF-8", {"LANG": "C.UTF-8"}, []),
             ("LANG=C", {"LANG": "C"}, []), ("LC_ALL over LANG", {"LANG": "C", "LC_ALL": "C.UTF-8"}, []),
             ("LANG not installed", {"LANG": "xx_YY.UTF-8"}, []),
             ("setlocale(C.UTF-8)", {}, ["C.UTF-8"]), ("setlocale(not installed)", {}, ["xx_YY.UTF-8"])]
    for what, env, args in cases:
        out = os.path.join(work, "locale-%d" % len(os.listdir(work)))
        r = subprocess.run([symplex, "--quiet", "--posix", "--output-dir=" + out, src] + args,
                           capture_output=True, text=True, timeout=300, env=dict(base, **env))
        rows = read_tests_csv(out) if r.returncode == 0 else []
        check(len(rows) == 1, "locale, %s: one path (%d: %s)" % (what, r.returncode, r.stderr[-300:]))
        if len(rows) != 1:
            continue
        rp = subprocess.run([replay, src, os.path.join(out, rows[0]["test"] + ".ktest")] + args,
                            capture_output=True, text=True, timeout=300, env=dict(base, **env))
        check(rows[0]["exit_status"] == str(rp.returncode),
              "locale, %s: symplex's exit status %s is the native one, %d" % (what, rows[0]["exit_status"],
                                                                            rp.returncode))


RAND_PROG = r"""#include <stdio.h>
#include <stdlib.h>
static void show(const char *what) {
    printf("%s", what);
    for (int k = 0; k < 4; k++) printf(" %ld", random());
    printf("\n");
}
int main(void) {
    printf("unseeded %d %d\n", rand(), rand());
    unsigned seeds[] = {0, 1, 2, 12345, 0x7fffffffu, 0x80000005u, 0xffffffffu};
    for (int i = 0; i < 7; i++) {
        srand(seeds[i]);
        printf("srand(%u) %d %d", seeds[i], rand(), rand());
        srandom(seeds[i]);
        show("");
    }
    static long bufs[5][40];
    size_t sizes[] = {8, 32, 64, 128, 256};
    char *prev = 0;
    for (int i = 0; i < 5; i++) {
        char *old = initstate(42u + (unsigned)i, (char *)bufs[i], sizes[i]);
        if (i == 0) prev = old;
        show("initstate");
    }
    setstate((char *)bufs[1]);
    show("back to 32 bytes");
    setstate(prev);
    show("back to the default");
    printf("too small %s\n", initstate(1, (char *)bufs[0], 7) ? "accepted" : "refused");
    unsigned r = 7;
    for (int k = 0; k < 3; k++) printf("rand_r %d\n", rand_r(&r));
    srand48(99);
    printf("48 %ld %ld\n", lrand48(), mrand48());
    return rand() % 2;
}
"""


def symplex_and_native(name, prog):
    """A program without inputs run under --posix (one path) and built natively without sanitizers (ASan's qsort,
    for one, calls the comparator more often): (symplex's stdout, its recorded exit status, the native stdout and
    exit status), or None once the failure is checked."""
    src = os.path.join(work, name + ".c")
    with open(src, "w") as f:
        f.write(prog)
    r, out = run(name, "--posix", src)
    rows = read_tests_csv(out) if r.returncode == 0 else []
    check(len(rows) == 1, "%s: one path (%d: %s)" % (name, r.returncode, r.stderr[-300:]))
    if len(rows) != 1:
        return None
    exe = os.path.join(work, name + "-native")
    subprocess.run([CLANG, "-w", "-o", exe, src], check=True, timeout=300)
    rp = subprocess.run([exe], capture_output=True, text=True, timeout=300)
    return r.stdout, rows[0]["exit_status"], rp.stdout, str(rp.returncode)


def check_native_output(name, prog, lines):
    """prog prints `lines` lines under symplex and natively, the same ones, and exits with the same status."""
    res = symplex_and_native(name, prog)
    if not res:
        return
    got, want = res[0].splitlines(), res[2].splitlines()
    differ = [(w, g) for w, g in zip(want, got) if w != g]
    check(len(want) == lines and want == got, "%s: symplex's output is the native one (%d lines, first differences %r)"
          % (name, len(want), differ[:3]))
    check(res[1] == res[3], "%s: exit status %s natively %s" % (name, res[1], res[3]))


def check_rand():
    """rand, random, initstate, setstate and rand_r give the host's (glibc's) sequences, where tests replay."""
    check_native_output("rand", RAND_PROG, 20)


GETOPT_PROG = r"""#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
/* every option getopt returns (with its argument), then optind and argv as getopt left it */
int main(int argc, char **argv) {
    const char *opts = getenv("OPTS");
    int c, n = 0;
    opterr = 0;
    while ((c = getopt(argc, argv, opts)) != -1) {
        printf("[%c %s]", c == 1 ? '1' : c, optarg ? optarg : "-");
        n++;
    }
    printf(" optind %d:", optind);
    for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
    printf("\n");
    return n;
}
"""


def check_getopt():
    """getopt as glibc's, where tests replay: options after non-options (permuted), '+', '-' and ':' option
    strings, POSIXLY_CORRECT, "--", missing and optional arguments."""
    src = os.path.join(work, "getopt.c")
    with open(src, "w") as f:
        f.write(GETOPT_PROG)
    cases = [("ab", "x -a"), ("ab", "-a x -b"), ("ab", "x -ab y"), ("abo:", "x -o val y"), ("abo:", "x -oval"),
             ("abo:", "x -o"), (":abo:", "-a -o"), ("ab", "x -- -a"), ("ab", "-z x -a"), ("ab", "- -a"),
             ("+ab", "x -a"), ("-ab", "x -a y"), ("ac::", "-c x -cval"), ("ab", "x y")]
    base = {k: v for k, v in os.environ.items() if k != "POSIXLY_CORRECT"}
    envs = [(opts, args, dict(base, OPTS=opts)) for opts, args in cases]
    envs.append(("ab", "x -a (POSIXLY_CORRECT)", dict(base, OPTS="ab", POSIXLY_CORRECT="1")))
    differ = []
    for opts, args, env in envs:
        argv = args.split(" (")[0].split()
        out = os.path.join(work, "getopt-%d" % len(os.listdir(work)))
        r = subprocess.run([symplex, "--quiet", "--posix", "--output-dir=" + out, src] + argv, capture_output=True,
                           text=True, timeout=300, env=env)
        rows = read_tests_csv(out) if r.returncode == 0 else []
        if len(rows) != 1:
            differ.append((opts, args, "symplex: %d %s" % (r.returncode, r.stderr[-200:])))
            continue
        rp = subprocess.run([replay, src, os.path.join(out, rows[0]["test"] + ".ktest")] + argv,
                            capture_output=True, text=True, timeout=300, env=env)
        if r.stdout != rp.stdout or rows[0]["exit_status"] != str(rp.returncode):
            differ.append((opts, args, r.stdout.strip(), rp.stdout.strip()))
    check(not differ, "getopt: symplex's output and exit status are the native ones in %d of %d cases: %r"
          % (len(envs) - len(differ), len(envs), differ[:3]))


GETOPT_LONG_PROG = r"""#include <getopt.h>
#include <stdio.h>
/* getopt_long's options, then optind and argv as it left them */
int main(int argc, char **argv) {
    static const struct option longopts[] = {{"all", no_argument, 0, 'A'}, {0, 0, 0, 0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "ab", longopts, NULL)) != -1) printf("[%c]", c);
    printf(" optind %d:", optind);
    for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
    printf("\n");
    return 0;
}
"""


def check_getopt_long():
    """getopt_long under POSIXLY_CORRECT stops at the first non-option, as glibc's does (musl's permuted)."""
    src = os.path.join(work, "getopt_long.c")
    with open(src, "w") as f:
        f.write(GETOPT_LONG_PROG)
    base = {k: v for k, v in os.environ.items() if k != "POSIXLY_CORRECT"}
    differ = []
    for argv, env in ((["x", "-a", "--all"], dict(base, POSIXLY_CORRECT="1")), (["x", "-a", "--all"], base)):
        out = os.path.join(work, "getopt-long-%d" % len(os.listdir(work)))
        r = subprocess.run([symplex, "--quiet", "--posix", "--output-dir=" + out, src] + argv, capture_output=True,
                           text=True, timeout=300, env=env)
        rows = read_tests_csv(out) if r.returncode == 0 else []
        rp = subprocess.run([replay, src, os.path.join(out, rows[0]["test"] + ".ktest")] + argv,
                            capture_output=True, text=True, timeout=300, env=env) if len(rows) == 1 else None
        if not rp or r.stdout != rp.stdout:
            differ.append((sorted(set(env) - set(base)), r.stdout.strip(), rp.stdout.strip() if rp else r.stderr))
    check(not differ, "getopt_long: symplex's output is the native one with and without POSIXLY_CORRECT: %r" % differ)


QSORT_PROG = r"""#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
struct Small { int key, id; };
struct Big { int key, id; char pad[40]; };
static int small_cmp(const void *a, const void *b) {
    const struct Small *x = a, *y = b;
    printf("%d%d ", x->id, y->id);
    return x->key - y->key;
}
static int big_cmp(const void *a, const void *b, void *arg) {
    const struct Big *x = a, *y = b;
    ++*(int *)arg;
    return x->key - y->key;
}
/* each comparison (the ids compared), the order of equal keys, qsort_r with a large element */
int main(void) {
    struct Small s[11];
    for (int i = 0; i < 11; i++) s[i] = (struct Small){(i * 7) % 3, i};
    qsort(s, 11, sizeof s[0], small_cmp);
    printf("\nsmall:");
    for (int i = 0; i < 11; i++) printf(" %d", s[i].id);
    static struct Big b[9];
    for (int i = 0; i < 9; i++) { b[i].key = (i * 5) % 4; b[i].id = i; }
    int calls = 0;
    qsort_r(b, 9, sizeof b[0], big_cmp, &calls);
    printf("\nbig (%d comparisons):", calls);
    for (int i = 0; i < 9; i++) printf(" %d", b[i].id);
    printf("\n");
    return s[0].id;
}
"""


def check_qsort():
    """qsort and qsort_r as glibc's: the same comparisons in the same order, equal keys in the same (stable) order."""
    res = symplex_and_native("qsort", QSORT_PROG)
    if res:
        check(res[0] == res[2] and res[1] == res[3],
              "qsort: comparisons and order as natively: %r against %r" % (res[0][:160], res[2][:160]))


SCANF_PROG = r"""#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
/* inputs where musl's scanf and glibc's read differently; each line: the result, what was stored, %n, errno */
static void ints(const char *in, const char *fmt) {
    long long v = -7;
    int n = -1, r;
    errno = 0;
    r = sscanf(in, fmt, &v, &n);
    printf("[%s] %s: %d %lld %d %d\n", in, fmt, r, v, n, errno);
}
static void dbl(const char *in, const char *fmt) {
    double d = -7;
    int n = -1, r;
    errno = 0;
    r = sscanf(in, fmt, &d, &n);
    printf("[%s] %s: %d %a %d %d\n", in, fmt, r, d, n, errno);
}
int main(void) {
    char s[16];
    int n = -1, r;
    void *p = &n;
    long double ld = 0;
    wchar_t w[4] = {0};
    ints("0x", "%llx%n");
    ints("-0xg", "%lli%n");
    ints("0x1", "%2llx%n");
    ints("9223372036854775808", "%lld%n");
    ints("-9223372036854775809", "%lli%n");
    ints("18446744073709551615", "%lld%n");
    ints("x", "%lld%n");
    dbl("1.5e", "%lf%n");
    dbl("1.5e-x", "%lf%n");
    dbl("0x.p", "%lf%n");
    dbl("0x1", "%2lf%n");
    dbl("0xg", "%lf%n");
    dbl("nan(1)", "%lf%n");
    dbl("infix", "%lf%n");
    dbl("1e999", "%lf%n");
    memset(s, '.', sizeof s);
    r = sscanf("ab", "%5c%n", s, &n);
    printf("%%5c: %d %.5s %d\n", r, s, n);
    r = sscanf("a-b", "%[c-a]%n", s, &n);
    printf("%%[c-a]: %d %s %d\n", r, s, n);
    r = sscanf("(nil)", "%p%n", &p, &n);
    printf("(nil): %d %d %d\n", r, p == NULL, n);
    r = sscanf("1.5", "%llf", &ld);
    printf("%%llf: %d %a\n", r, (double)ld);
    printf("bad: %d %d\n", sscanf("abc", "%y", s), sscanf("abc", "%[abc", s));
    char *m = s;
    r = sscanf("a long word", "%*s %ms%n", &m, &n);
    printf("%%ms: %d %s %d\n", r, m, n);
    free(m);
    r = sscanf("  ", "%ms", &m);
    printf("%%ms at the end: %d %d\n", r, m == NULL);
    setlocale(LC_ALL, "C.UTF-8");
    r = sscanf("\xc3\xa9\xc3\xa9\xc3\xa9", "%2ls%n", w, &n);
    printf("%%2ls: %d %x %x %x %d\n", r, (unsigned)w[0], (unsigned)w[1], (unsigned)w[2], n);
    return 0;
}
"""


MULTIBYTE_PROG = r"""#include <fnmatch.h>
#include <locale.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
/* the conversions where musl and glibc differ, and regex and fnmatch matching bytes in the C locale (musl's own
   conversions are kept for them); mbstowcs read past the string's end under musl's (a false out-of-bounds error) */
static void locale_lines(int c_locale) {
    wchar_t wc = 0;
    mbstate_t st;
    char out[8];
    regex_t re;
    memset(&st, 0, sizeof st);
    printf("MB_CUR_MAX %d\n", (int)MB_CUR_MAX);
    printf("mbrtowc e9: %d\n", (int)mbrtowc(&wc, "\xe9", 1, &st));
    memset(&st, 0, sizeof st);
    printf("mbrtowc e0 80: %d\n", (int)mbrtowc(&wc, "\xe0\x80", 2, &st));
    memset(&st, 0, sizeof st);
    printf("mbrtowc f8 88 80 80 80: %d %x\n", (int)mbrtowc(&wc, "\xf8\x88\x80\x80\x80", 5, &st), (unsigned)wc);
    printf("mbtowc e9: %d btowc e9: %d wctob 233: %d\n", mbtowc(&wc, "\xe9", 1), (int)btowc(0xe9), wctob(0xe9));
    memset(&st, 0, sizeof st);
    printf("wcrtomb 200000: %d; %%ls: %d\n", (int)wcrtomb(out, 0x200000, &st), snprintf(out, sizeof out, "%ls", L"\xe9"));
    printf("mbstowcs: %d\n", (int)mbstowcs(NULL, "a\xe9", 0));
    regcomp(&re, "^a.b$", REG_NOSUB);
    printf("regex a.b on a e9 b: %d\n", regexec(&re, "a\xe9" "b", 0, NULL, 0));
    /* (on invalid UTF-8 musl's fnmatch differs: docs/limitations.md) */
    if (c_locale) printf("fnmatch a?b on a e9 b: %d\n", fnmatch("a?b", "a\xe9" "b", 0));
    regfree(&re);
}
int main(void) {
    locale_lines(1);
    if (!setlocale(LC_ALL, "C.UTF-8")) return 1;
    locale_lines(0);
    return 0;
}
"""


def check_multibyte():
    """mbrtowc and its family as glibc's, in the C locale (ASCII) and in C.UTF-8 (up to 6 bytes, incomplete until
    complete); regex and fnmatch still match bytes in the C locale."""
    check_native_output("multibyte", MULTIBYTE_PROG, 17)


LIBGEN_PROG = r"""#include <libgen.h>
#include <stdio.h>
#include <string.h>
int main(void) {
    const char *paths[] = {"//", "//a", "//a//", "///a", "//a/b", "a//b/", "/", ""};
    for (int i = 0; i < 8; i++) {
        char p[8];
        strcpy(p, paths[i]);
        printf("[%s] [%s]\n", paths[i], dirname(p));
    }
    return 0;
}
"""


def check_dirname():
    """dirname keeps a leading "//" as glibc's does ("//a" has the parent "//")."""
    check_native_output("dirname", LIBGEN_PROG, 8)


STRTO_PROG = r"""#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
int main(void) {
    char *end;
    errno = 0;
    long v = strtol("x", &end, 10);
    printf("strtol x: %ld %d\n", v, errno);
    errno = 0;
    double d = strtod("-nan", &end);
    printf("strtod -nan: %d %d %d\n", isnan(d) != 0, signbit(d) != 0, errno);
    d = wcstod(L"-nan", NULL);
    printf("wcstod -nan: %d %d\n", isnan(d) != 0, signbit(d) != 0);
    errno = 0;
    printf("atol 2^63: %ld %d\n", atol("9223372036854775808"), errno);
    errno = 0;
    printf("atoi 2^63: %d %d\n", atoi("9223372036854775808"), errno);
    return 0;
}
"""


def check_strto():
    """strtol and strtod leave errno alone without a number, "-nan" keeps its sign (wcstod's too), atoi saturates as glibc's."""
    check_native_output("strto", STRTO_PROG, 5)


def check_scanf():
    """scanf as glibc's, where tests replay: numbers ("0x", "1.5e", 2^63, nan), %5c on less, %[c-a], (nil), %ls."""
    check_native_output("scanf", SCANF_PROG, 23)


TTY_PROG = r"""#include <stdio.h>
#include <unistd.h>
int main(void) {
    printf("stdout %d\n", isatty(1));
    fprintf(stderr, "stderr %d\n", isatty(2));
    return isatty(1) * 2 + isatty(2);
}
"""


def check_no_terminal():
    """The model has no terminal: replayed in one, the program still sees none, and its output still shows."""
    import pty
    src = os.path.join(work, "tty.c")
    with open(src, "w") as f:
        f.write(TTY_PROG)
    r, out = run("tty", "--posix", src)
    rows = read_tests_csv(out) if r.returncode == 0 else []
    check(len(rows) == 1 and rows[0]["exit_status"] == "0", "tty: one path, exit status 0 (%r)" % rows)
    if len(rows) != 1:
        return
    master, slave = pty.openpty()
    rp = subprocess.run([replay, src, os.path.join(out, rows[0]["test"] + ".ktest")], stdout=slave, stderr=slave,
                        timeout=300)
    os.close(slave)
    shown = b""
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            shown += chunk
    except OSError:  # EIO: the terminal's other end is closed
        pass
    os.close(master)
    check(rp.returncode == 0, "tty: replayed in a terminal, the program sees none (exit status %d)" % rp.returncode)
    check(b"stdout 0" in shown and b"stderr 0" in shown, "tty: its output reaches the terminal: %r" % shown[-200:])


def check_bad_uses():
    for args, what in ((["--sym-args", "0", "1", "4", wc], "--sym-* without --posix"),
                       (["--posix", "--sym-arg", "x", wc], "a length that is no number"),
                       (["--posix", "--sym-files", "1", wc], "--sym-files with one value")):
        r, _ = run("bad", *args, timeout=60)
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        check(r.returncode == 1 and len(lines) == 1 and "error" in lines[0],
              "%s: one error line and exit status 1 (got %d: %r)" % (what, r.returncode, r.stderr[-300:]))


check_osdi_command_line()
check_mixed_arguments()
check_unsupported_calls()
check_locale()
check_rand()
check_getopt()
check_getopt_long()
check_qsort()
check_scanf()
check_multibyte()
check_dirname()
check_strto()
check_no_terminal()
check_bad_uses()
check.finish()
