#!/usr/bin/env python3
"""runtime/posix/scanf.c reads as glibc's scanf, on many more formats and
inputs than a symbolic run could cover: tests/scanf/harness.c is built once
natively (glibc) and once against musl (musl-gcc, static) with scanf.c linked
over musl's vfscanf, and both run on the same cases. The cases are every
input up to 4 characters over an alphabet that makes numbers (signs, 0, x, ., e,
p, inf, nan, parentheses) for each number conversion and width, every input up
to 3 characters for the string conversions and sets, and random formats of up
to three directives on random inputs. Every line must agree: the result, what
was stored, and where the stream was left.

errno is not compared: glibc puts back its earlier value at some ends of input
(docs/limitations.md).

Usage: test_scanf_glibc.py MUSL_WORK_DIR WORK_DIR"""
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
SCANF = os.path.join(HERE, "..", "runtime", "posix", "scanf.c")
HARNESS = os.path.join(HERE, "scanf", "harness.c")

NUMBER_FORMATS = ["%d", "%i", "%x", "%o", "%u", "%hhd", "%lld", "%lli", "%llx", "%p", "%2d", "%3i", "%2x", "%*d",
                  "%f", "%lf", "%Lf", "%e", "%g", "%a", "%1lf", "%2lf", "%3lf", "%5lf", "%*lf"]
STRING_FORMATS = ["%s", "%3s", "%c", "%3c", "%[a-c]", "%[^a-c]", "%[]a]", "%[-a]", "%[c-a]", "%[a-c-e]", "%2[abc]",
                  "%*s%n", "%%%n", "a%n", " %n", "%d %d", "%dx%d", "%d%*d%d", "%1$d %2$d", "%*d%d", "%ls", "%lc",
                  "%m[a-c]", "%ms", "%m[^a]%n", "%y", "%[abc", "a%"]
RANDOM_CONVERSIONS = ["d", "i", "x", "o", "u", "p", "f", "e", "g", "a", "lf", "Lf", "llf", "hhd", "hd", "lld", "zu",
                      "s", "c", "[a-f]", "[^ ]", "[]x-]", "[0-9.e+-]", "n", "lc", "ls"]


def cases():
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


def build():
    musl_gcc = shutil.which("musl-gcc")
    check(musl_gcc is not None, "musl-gcc (Debian's musl-tools) is installed")
    if not musl_gcc:
        return None
    src = os.path.join(musl_work, "musl-src")
    inc = [os.path.join(src, "arch", "x86_64"), os.path.join(src, "arch", "generic"),
           os.path.join(musl_work, "gen", "src", "internal"), os.path.join(src, "src", "include"),
           os.path.join(src, "src", "internal"), os.path.join(musl_work, "gen", "include"), os.path.join(src, "include")]
    glibc_bin, musl_bin, obj = (os.path.join(work, n) for n in ("harness-glibc", "harness-musl", "scanf.o"))
    subprocess.run(["gcc", "-O1", "-w", "-o", glibc_bin, HARNESS], check=True)
    # musl's own headers warn about an unused parameter; scanf.c itself builds warning-free
    subprocess.run([musl_gcc, "-std=gnu11", "-D_GNU_SOURCE", "-O1", "-Wall", "-Wextra", "-Werror",
                    "-Wno-unused-parameter", "-c", "-o", obj] + ["-I" + d for d in inc] + [SCANF], check=True)
    subprocess.run([musl_gcc, "-static", "-w", "-o", musl_bin, HARNESS, obj], check=True)
    return glibc_bin, musl_bin


def main():
    os.makedirs(work, exist_ok=True)
    bins = build()
    if not bins:
        return
    lines = cases()
    text = "\n".join(lines) + "\n"
    outs = [subprocess.run([b], input=text, capture_output=True, text=True, timeout=600) for b in bins]
    for b, o in zip(bins, outs):
        check(o.returncode == 0, "%s ran to its end (%d)" % (os.path.basename(b), o.returncode))
    want, got = outs[0].stdout.splitlines(), outs[1].stdout.splitlines()
    check(len(want) == 2 * len(lines), "glibc's harness answered every case (%d of %d)" % (len(want), 2 * len(lines)))
    differ = [(lines[i // 2], w, g) for i, (w, g) in enumerate(zip(want, got)) if w != g]
    check(len(got) == len(want) and not differ, "%d cases read as glibc reads them; %d differ, first %r"
          % (len(lines), len(differ), differ[:3]))


main()
check.finish()
