#!/usr/bin/env python3
"""lint_comments.py — comments say why, once: a C comment in engines/, bench/ or tests/
holds no measured figure (a number with a unit of time, size, speed-up or a percentage:
those go to the CHANGELOG), no issue number, and names no source file (.c .h .py .sh
.sweep) that the tree does not hold.

A figure that a comment needs to explain a constant is written as the constant's name
or as words ("a second", "twice"), so that the code alone says how large it is.

usage: tests/lint/lint_comments.py SOURCE_DIR
       tests/lint/lint_comments.py --self-test
"""
import pathlib
import re
import subprocess
import sys

ROOTS = ("engines", "bench", "tests")
SUFFIXES = (".c", ".h")

# What a figure is measured in: time, memory, a ratio or a share. s and h stand alone
# ("1s" and "2h" are plurals and algebra).
_UNIT = r"(?:\s?(?:ns|us|µs|ms|sec|seconds?|min|minutes?|hours?|[KMGT]i?B)\b|\s(?:s|h)\b|\s?x(?![\w(]))"
_SHARE = r"\s?%"
# A fraction with a unit reads as a measurement ("12.3 s", "4.2x", "1.6 GB"); a round
# one, or a share (percentiles are not measurements), only beside a word that says
# something was measured ("took 30 ms", "35% fewer").
DECIMAL_FIGURE = re.compile(r"(?<![\w.^/-])\d+\.\d+" + _UNIT)
ROUND_FIGURE = re.compile(r"(?<![\w.^/-])\d+(?:[.,]\d+)*(?:-\d+)?(?:" + _UNIT + "|" + _SHARE + ")")
MEASURED = re.compile(r"\b(?:took|ran|runs? in|faster|slower|longer|shorter|quicker|measured|"
                      r"spent|saved|saves|peak(?:ed|s)?|in use|used|uses|grew|reached|of tables|"
                      r"passes|fewer|more|less|on this machine|median of)\b")
TIMES = re.compile(r"\b(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand)"
                   r"\s+times\s+(?:faster|slower|longer|shorter|quicker|as\s+(?:fast|slow|long|many|much))\b"
                   r"|\btwice\s+as\s+(?:fast|slow|long)\b")
QUOTED = re.compile(r'"[^"]*"')


def figure(part):
    """The first measured figure in one line of a comment, or None."""
    part = QUOTED.sub('""', part)  # "12.34 ms": an example of output, not a figure
    m = DECIMAL_FIGURE.search(part) or TIMES.search(part)
    if not m and MEASURED.search(part):
        m = ROUND_FIGURE.search(part)
    return m.group(0).strip() if m else None


ISSUE = re.compile(r"\b[Ii]ssues?\s*#?\d+")
FILE_NAME = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:c|h|py|sh|sweep))(?![\w/])")
# Headers of the system and of the libraries the build links, named in comments.
OUTSIDE = {"stdio.h", "stdlib.h", "string.h", "unistd.h", "hwloc.h", "omp.h", "mpi.h",
           "stdatomic.h", "pthread.h", "time.h", "signal.h", "emscripten.h", "errno.h"}


def comments(text):
    """(line, comment text) of every /* */ and // comment, string literals skipped."""
    i, n, line = 0, len(text), 1
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            line += text.count("\n", i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j
            body = text[i + 2:j]
            for k, part in enumerate(body.split("\n")):
                yield line + k, part
            line += body.count("\n")
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield line, text[i + 2:j]
            i = j - 1
        i += 1


def known_file(name, where, names, paths):
    if name in names or name in OUTSIDE:
        return True  # a file the build makes counts when the build's scripts name it
    if any(part.isupper() for part in re.split(r"[/._]", name)):
        return True  # a pattern: bench/families/FAMILY/NAME.sweep, fuzz_READER.c
    if "/" not in name:
        return False
    name = name.lstrip("./")
    return (name in paths or str(pathlib.PurePosixPath(where.parent, name)) in paths
            or any(p.endswith("/" + name) for p in paths))


def check_text(where, text, names, paths):
    """The faults of one file's comments, as 'FILE:LINE: why' lines."""
    out = []
    for line, part in comments(text):
        found = figure(part)
        if found:
            out.append(f"{where}:{line}: a measured figure (the CHANGELOG holds those): '{found}'")
        m = ISSUE.search(part)
        if m:
            out.append(f"{where}:{line}: an issue number (history goes to the CHANGELOG): '{m.group(0)}'")
        for m in FILE_NAME.finditer(part):
            if not known_file(m.group(1), where, names, paths):
                out.append(f"{where}:{line}: names a file the tree does not hold: '{m.group(1)}'")
    return out


def tracked(src):
    out = subprocess.run(["git", "-C", src, "ls-files", "--cached", "--others",
                          "--exclude-standard"], capture_output=True, text=True)
    if out.returncode == 0 and out.stdout:
        return out.stdout.splitlines()
    return [str(p.relative_to(src)) for p in pathlib.Path(src).rglob("*") if p.is_file()
            and not p.relative_to(src).parts[0].startswith(("build", "results", "."))]


def self_test():
    """Each planted fault is found, and the comments the house writes pass."""
    paths = {"bench/a.c", "bench/b.h", "scripts/run.sh"}
    names = {p.rsplit("/", 1)[-1] for p in paths}
    bad = ["/* took 12.3 s */", "/* 4.2x faster */", "// a run took 30 ms", "/* 1.6 GB */",
           "/* 35% fewer */", "/* ten runs, 2 times slower */", "/* see issue 30 */",
           "/* after Issue #12's findings */", "/* as old.c does */",
           "/* scripts/gone.py */", "/* bench/a.c and c.sweep */",
           "/* first line\n * then ran in 500 us */", "/* 12.5% faster */",
           "/* some ran 5-10% slower */"]
    good = ["/* a.c and b.h */", "/* scripts/run.sh */", "/* 8^8 and 10! */",
            "/* x = 2 */", "/* 9x9 boards */", "/* 64 values */", "/* \"12 s\" */",
            "/* FILE.meta */", "/* stdio.h */", "/* ../run.sh */", "/* e.g. this */",
            "/* 1e6 */", "/* %s and %d */", "/* 0x1f */", "/* \"in\" */ x = \"/* 3 s */\";",
            "/* the 2.5% and 97.5% points */", "/* 95% interval */", "/* 4 KiB pages */",
            "/* samples of at least 10 ms */", "/* the 1s on a line */", "/* n = 2h + 1 */",
            "/* bench/families/FAMILY/NAME.sweep */"]
    fails = []
    for text in bad:
        if not check_text(pathlib.PurePosixPath("bench/t.c"), text, names, paths):
            fails.append(f"missed: {text!r}")
    for text in good:
        found = check_text(pathlib.PurePosixPath("bench/t.c"), text, names, paths)
        if found:
            fails.append(f"flagged: {text!r}: {found}")
    line = check_text(pathlib.PurePosixPath("bench/t.c"), "int a;\n\n/* x\n * took 3 ms */", names,
                      paths)
    if not line or not line[0].startswith("bench/t.c:4:"):
        fails.append(f"wrong line: {line}")
    return fails


def main():
    if sys.argv[1:] == ["--self-test"]:
        fails = self_test()
        print("\n".join(fails) or "lint_comments: self-test passed")
        return 1 if fails else 0
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.strip().splitlines()[-2])
    src = pathlib.Path(sys.argv[1])
    files = tracked(src)
    paths = set(files)
    names = {p.rsplit("/", 1)[-1] for p in files}
    for build in (f for f in files if f.endswith((".cmake", "CMakeLists.txt"))):
        names.update(re.findall(r"[\w-]+\.[ch]\b", (src / build).read_text(errors="replace")))
    faults = []
    for name in sorted(files):
        rel = pathlib.PurePosixPath(name)
        if rel.parts[0] not in ROOTS or rel.suffix not in SUFFIXES or not (src / rel).is_file():
            continue
        faults += check_text(rel, (src / rel).read_text(errors="replace"), names, paths)
    for fault in faults:
        print(fault)
    if faults:
        print(f"lint_comments: {len(faults)} comment(s) to fix", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
