#!/usr/bin/env python3
"""scripts/manpage.py TEMPLATE SYMPLEX OUT: symplex(1) from man/symplex.1.in, its
OPTIONS section made from `symplex --help` at build time, so the manual lists
exactly the options the executable takes."""
import subprocess
import sys


def roff(text):
    """Text as roff reads it literally: backslashes escaped, and a line that
    would start with a control character protected."""
    text = text.replace("\\", "\\e")
    return "\\&" + text if text[:1] in (".", "'") else text


def option(item):
    return "\\fB" + roff(item).replace("-", "\\-") + "\\fR"


def options_section(help_text):
    out = []
    for line in help_text.splitlines():
        if not line.strip() or line.startswith(("usage:", "options:")):
            continue
        if line.startswith("      "):
            out.append(roff(line.strip()))
        elif line.startswith("  -"):
            item, sep, rest = line.strip().partition(": ")
            if not sep:  # `--sym-stdout stdout is ...`: the option, then its text
                item, _, rest = line.strip().partition(" ")
            out += [".TP", option(item)] + ([roff(rest)] if rest else [])
        else:
            out += [".PP", roff(line.strip())]
    return "\n".join(out)


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: manpage.py TEMPLATE SYMPLEX OUT")
    template, exe, out = argv[1:]
    help_text = subprocess.run([exe, "--help"], capture_output=True, text=True, check=True).stdout
    version = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    page = open(template).read().replace("@OPTIONS@", options_section(help_text)).replace("@VERSION@", version)
    with open(out, "w") as f:
        f.write(page)


if __name__ == "__main__":
    main(sys.argv)
