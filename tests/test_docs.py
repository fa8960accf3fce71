#!/usr/bin/env python3
"""The documentation stays true to the binary and to itself: docs/options.md's
table lists exactly the options `symplex --help` prints, README.md fits a
screen (under 300 lines), and every relative link in README.md and docs/*.md
names a file that exists. Usage: test_docs.py BIN_DIR WORK_DIR"""
import glob, os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks

bin_dir, work, check = checks.setup()
symplex = os.path.join(bin_dir, "symplex")
src = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
readme = os.path.join(src, "README.md")
options_md = os.path.join(src, "docs", "options.md")
README_MAX_LINES = 300


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def help_options(text):
    """The names of the options --help prints: its lines that start with two
    spaces and `--`, each name the part before `=` or whitespace."""
    return {m.group(1) for m in re.finditer(r"^  (--[A-Za-z0-9][A-Za-z0-9-]*)", text, re.M)}


def table_cells(line):
    """A markdown table row's cells, split at `|` not escaped as `\\|`."""
    row = line.strip()
    if not (row.startswith("|") and row.endswith("|")):
        return None
    return [c.strip() for c in re.split(r"(?<!\\)\|", row[1:-1])]


def documented_options(text):
    """Every `--name` in backticks in the first column of the file's tables
    (outside fenced code)."""
    names, fence = set(), False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        cells = None if fence else table_cells(line)
        if not cells or re.fullmatch(r":?-+:?", cells[0] or "-"):
            continue
        for span in re.findall(r"`([^`]*)`", cells[0]):
            m = re.match(r"(--[A-Za-z0-9][A-Za-z0-9-]*)", span)
            if m:
                names.add(m.group(1))
    return names


def relative_links(text):
    """The targets of the markdown links in text that are relative paths:
    fenced code and code spans left out, anchors and URLs with a scheme skipped."""
    text = re.sub(r"^\s*```.*?^\s*```[^\n]*$", "", text, flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    out = []
    for m in re.finditer(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", text):
        target = m.group(1)
        if target.startswith("#") or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
            continue
        out.append(target)
    # reference-style definitions: [name]: target
    for m in re.finditer(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", text, re.M):
        target = m.group(1)
        if not (target.startswith("#") or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target)):
            out.append(target)
    return out


# (1) docs/options.md lists exactly what --help prints
r = subprocess.run([symplex, "--help"], capture_output=True, text=True, timeout=60)
check(r.returncode == 0, f"symplex --help: exit status {r.returncode}, stderr {r.stderr[-500:]!r}")
printed = help_options(r.stdout)
check(len(printed) >= 20, f"symplex --help: only {len(printed)} option lines found: {sorted(printed)}")
check(os.path.isfile(options_md), f"{options_md} does not exist")
documented = documented_options(read(options_md)) if os.path.isfile(options_md) else set()
missing = sorted(printed - documented)
check(not missing, "options --help prints that docs/options.md's table does not document: " + ", ".join(missing))
unknown = sorted(documented - printed)
check(not unknown, "options docs/options.md's table documents that --help does not print: " + ", ".join(unknown))

# (2) the README fits a screen
n = len(read(readme).splitlines())
check(n < README_MAX_LINES, f"README.md has {n} lines; it must stay under {README_MAX_LINES} (move detail into docs/)")

# (3) every relative link names a file that exists
pages = [readme] + sorted(glob.glob(os.path.join(src, "docs", "*.md")))
links = 0
for page in pages:
    for target in relative_links(read(page)):
        links += 1
        path = target.split("#", 1)[0].split("?", 1)[0]
        resolved = os.path.normpath(os.path.join(os.path.dirname(page), path))
        check(os.path.exists(resolved),
              f"{os.path.relpath(page, src)}: link to '{target}': {os.path.relpath(resolved, src)} does not exist")
check(links > 0, "no relative links found in README.md and docs/*.md (the README links every docs file)")

check.finish()
