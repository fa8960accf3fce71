#!/usr/bin/env python3
"""The files --posix links over musl so that a program behaves as on glibc,
where its tests replay, checked against glibc on many more cases than a
symbolic run could cover. Each harness under tests/glibc_native is built once
natively (glibc) and once against musl (musl-gcc, static) with its runtime
file linked over musl's definitions, both run on the same cases, and every
line of their output must agree:

- scanf.c (runtime/posix/scanf.c): every input up to 4 characters over an
  alphabet that makes numbers (signs, 0, x, ., e, p, inf, nan, parentheses)
  for each number conversion and width, every input up to 3 characters for
  the string conversions and sets, and random formats of up to three
  directives on random inputs: the result, what was stored, and where the
  stream was left. errno is not compared: glibc puts back its earlier value
  at some ends of input (docs/limitations.md);
- multibyte.c (runtime/posix/multibyte.c), in the C, POSIX and C.UTF-8
  locales: every sequence of 1 and 2 bytes and random ones of 3 to 6 (whole
  and byte by byte, mbrtowc, mbtowc, mblen), wcrtomb and wctomb over the code
  points and past them, btowc and wctob, MB_CUR_MAX, and random strings
  through mbstowcs, mbsrtowcs, fgetwc, wcstombs and printf's %ls;
- wctype.c (runtime/posix/wctype.c, with its tables generated from glibc's
  C.UTF-8 by scripts/wctype-tables.c), in the C and C.UTF-8 locales: the
  twelve classes (by their functions and through wctype and iswctype), the
  width and both case mappings (also through towctrans) of every code point
  and a few past them, wcswidth;
- libgen.c (runtime/posix/libgen.c): dirname and basename of every path of up
  to 7 characters over "/a.";
- strto.c (runtime/posix/strto.c, over musl's scanners built renamed, as the
  build does, and runtime/libc/atoi.c): the strtol and strtod families, their wide forms and atoi,
  atol and atoll, and errno, on numbers around the limits of int and long and
  strings that hold none, with signs, white space and trailing characters.

Usage: test_glibc_native.py MUSL_WORK_DIR WORK_DIR"""
import itertools
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checks  # noqa: E402

musl_work, work, check = checks.setup()  # the first argument is musl's work directory here
RUNTIME = os.path.join(HERE, "..", "runtime")
HARNESSES = os.path.join(HERE, "glibc_native")

NUMBER_FORMATS = ["%d", "%i", "%x", "%o", "%u", "%hhd", "%lld", "%lli", "%llx", "%p", "%2d", "%3i", "%2x", "%*d",
                  "%f", "%lf", "%Lf", "%e", "%g", "%a", "%1lf", "%2lf", "%3lf", "%5lf", "%*lf"]
STRING_FORMATS = ["%s", "%3s", "%c", "%3c", "%[a-c]", "%[^a-c]", "%[]a]", "%[-a]", "%[c-a]", "%[a-c-e]", "%2[abc]",
                  "%*s%n", "%%%n", "a%n", " %n", "%d %d", "%dx%d", "%d%*d%d", "%1$d %2$d", "%*d%d", "%ls", "%lc",
                  "%m[a-c]", "%ms", "%m[^a]%n", "%y", "%[abc", "a%"]
RANDOM_CONVERSIONS = ["d", "i", "x", "o", "u", "p", "f", "e", "g", "a", "lf", "Lf", "llf", "hhd", "hd", "lld", "zu",
                      "s", "c", "[a-f]", "[^ ]", "[]x-]", "[0-9.e+-]", "n", "lc", "ls"]


def scanf_cases():
    out = []
    for fmt in NUMBER_FORMATS:
        alphabet = "01.xepi+-nf(" if fmt[-1] in "fega" else "0x1a8-+ ("
        for n in range(5):
            out += [fmt + "%n%c\t" + "".join(t) for t in itertools.product(alphabet, repeat=n)]
    for s in ["infinity", "infin", "NaN(1)", "-nan", "(nil)", "(nix", "-(nil)", "9223372036854775808",
              "-9223372036854775809", "18446744073709551616", "0x1p-3", "1e999", "0x8000000000000000"]:
        out += [fmt + "%n%c\t" + s for fmt in NUMBER_FORMATS]
    for fmt in STRING_FORMATS:
        for n in range(4):
            out += [fmt + "\t" + "".join(t) for t in itertools.product("ab]-c 5%", repeat=n)]
    rnd = random.Random(1)
    for _ in range(40000):
        fmt = ""
        for _ in range(rnd.randint(1, 3)):
            conv = rnd.choice(RANDOM_CONVERSIONS)
            width = rnd.choice(["", "", str(rnd.randint(1, 6))])
            if conv in ("s", "ls") or conv.startswith("["):
                width = width or str(rnd.randint(1, 9))  # the destinations hold 64 bytes
            star = "" if conv == "n" or rnd.random() < 0.8 else "*"
            fmt += rnd.choice(["", " ", ",", "%%"]) + "%" + star + ("" if conv == "n" else width) + conv
        text = "".join(rnd.choice("0123456789abcdefxXpPeE.+-infaINFAN() %") for _ in range(rnd.randint(0, 12)))
        out.append(fmt + "\t" + text)
    return out


def build(name, generated=None, renamed=(), sources=None):
    """The harness `name` built against glibc and against musl with runtime/posix/<name>.c (or `sources`, paths
    under runtime/): the two executables.
    generated: headers the runtime file includes, each made (into the work directory) by a program of scripts/,
    as the build makes them. renamed: musl's sources (under its src/) built again with the -D options given, as
    scripts/musl-bitcode.sh builds them, for the runtime file to call."""
    musl_gcc = shutil.which("musl-gcc")
    check(musl_gcc is not None, "musl-gcc (Debian's musl-tools) is installed")
    if not musl_gcc:
        return None
    src = os.path.join(musl_work, "musl-src")
    inc = [os.path.join(src, "arch", "x86_64"), os.path.join(src, "arch", "generic"),
           os.path.join(musl_work, "gen", "src", "internal"), os.path.join(src, "src", "include"),
           os.path.join(src, "src", "internal"), os.path.join(musl_work, "gen", "include"),
           os.path.join(src, "include")]
    harness = os.path.join(HARNESSES, name + ".c")
    glibc_bin, musl_bin = (os.path.join(work, name + n) for n in ("-glibc", "-musl"))
    subprocess.run(["gcc", "-O1", "-w", "-o", glibc_bin, harness, "-lm"], check=True)
    for header, generator in (generated or {}).items():
        exe = os.path.join(work, generator[:-2])
        subprocess.run(["gcc", "-O1", "-o", exe, os.path.join(HERE, "..", "scripts", generator)], check=True)
        subprocess.run([exe, os.path.join(work, header)], check=True)
    # musl's internal headers as system headers: their own warnings are not the runtime file's
    objs = []
    for i, source in enumerate(sources or ["posix/%s.c" % name]):
        objs.append(os.path.join(work, "%s-runtime%d.o" % (name, i)))
        subprocess.run([musl_gcc, "-std=gnu11", "-D_GNU_SOURCE", "-O1", "-Wall", "-Wextra", "-Werror",
                        "-c", "-o", objs[-1], "-I", work] + [a for d in inc for a in ("-isystem", d)]
                       + [os.path.join(RUNTIME, source)], check=True)
    for i, (rel, defines) in enumerate(renamed):
        objs.append(os.path.join(work, "%s-renamed%d.o" % (name, i)))
        subprocess.run([musl_gcc, "-std=c99", "-D_XOPEN_SOURCE=700", "-O1", "-w", "-c", "-o", objs[-1]] + defines
                       + [a for d in inc for a in ("-isystem", d)] + [os.path.join(src, "src", rel)], check=True)
    subprocess.run([musl_gcc, "-static", "-w", "-o", musl_bin, harness] + objs, check=True)
    return glibc_bin, musl_bin


def compare(what, bins, args=(), stdin=None, lines_per_case=None, cases=None, minimum=1000):
    """Runs both builds; their outputs must be equal, line by line."""
    outs = [subprocess.run([b] + list(args), input=stdin, capture_output=True, text=True, errors="replace",
                           timeout=600) for b in bins]
    for b, o in zip(bins, outs):
        check(o.returncode == 0, "%s: %s ran to its end (%d)" % (what, os.path.basename(b), o.returncode))
    want, got = outs[0].stdout.splitlines(), outs[1].stdout.splitlines()
    if cases is not None:
        check(len(want) == lines_per_case * len(cases), "%s: glibc answered every case (%d lines for %d)"
              % (what, len(want), len(cases)))
    differ = [((cases[i // lines_per_case],) if cases else ()) + (w, g)
              for i, (w, g) in enumerate(zip(want, got)) if w != g]
    check(len(want) >= minimum and len(got) == len(want) and not differ,
          "%s: %d lines as glibc's; %d differ, first %r" % (what, len(want), len(differ), differ[:3]))


def main():
    os.makedirs(work, exist_ok=True)
    bins = build("scanf")
    if bins:
        lines = scanf_cases()
        compare("scanf", bins, stdin="\n".join(lines) + "\n", lines_per_case=2, cases=lines)
    bins = build("multibyte")
    if bins:
        for locale in ("C", "POSIX", "C.UTF-8"):
            compare("multibyte in " + locale, bins, args=[locale])
    bins = build("wctype", generated={"wctype_tables.h": "wctype-tables.c"})
    if bins:
        for locale in ("C", "C.UTF-8"):
            compare("wctype in " + locale, bins, args=[locale])
    bins = build("libgen")
    if bins:
        compare("libgen", bins)
    bins = build("strto", renamed=[("internal/intscan.c", ["-D__intscan=__musl_intscan"]),
                                   ("internal/floatscan.c", ["-D__floatscan=__musl_floatscan"])],
                 sources=["posix/strto.c", "libc/atoi.c"])
    if bins:
        compare("strto", bins, minimum=150)


main()
check.finish()
