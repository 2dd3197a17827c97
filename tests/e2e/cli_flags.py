#!/usr/bin/env python3
"""cli_flags.py — one meaning per flag: reads every command's option table from the
binary (the --help that the tables generate: `puzzlebench help CMD` for every command
the overview lists, which prints every family's and every generator's options) and
fails when a short flag stands for two long options, when -e -o -t -l -s -q stand for
anything but engine, order, threads, limit, seed and quiet, when a common option
lacks its short flag, when an output (--out) has a short form, when a help shows a
negative default (a sentinel such as compare --threshold's -1, which the option itself
refuses), or when a --quiet does not say that warnings still print (the load warning
says whether timings can be trusted, and no -q silences it).

usage: tests/e2e/cli_flags.py PATH/TO/puzzlebench
"""
import re
import subprocess
import sys

COMMON = {"e": "engine", "o": "order", "t": "threads", "l": "limit", "s": "seed", "q": "quiet"}
# (command, long name) of an option that may share a common option's name with another
# meaning and so has no short flag: none.
KNOWN = set()
OPTION = re.compile(r"^  (?:-(\S), |    )--([a-z0-9][a-z0-9-]*)\b")


def commands(pb):
    """The commands the overview lists (built-in and the families' own)."""
    text = subprocess.run([pb, "--help"], capture_output=True, text=True, check=True).stdout
    section = text.split("commands:\n", 1)[1].split("\nfamilies:", 1)[0]
    names = []
    for line in section.splitlines():
        m = re.match(r"^  ([a-z][a-z-]*)\b", line)
        if m and m.group(1) != "help":
            names.append(m.group(1))
    return names


def help_text(pb, cmd):
    argv = [pb, "export", "dimacs", "--help"] if cmd == "export" else [pb, cmd, "--help"]
    run = subprocess.run(argv, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(argv[1:])} exits {run.returncode}: {run.stderr}")
    return run.stdout


def options(text):
    """(short or None, long) for every option line of a command's help."""
    return [(m.group(1), m.group(2)) for m in map(OPTION.match, text.splitlines()) if m]


def described(text, long):
    """Each description of option --long in a help, its wrapped lines joined."""
    found, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        m = OPTION.match(line)
        if m and m.group(2) == long:
            words = [line[m.end():]]
            for more in lines[i + 1:]:
                if not more.startswith(" " * 20):
                    break
                words.append(more)
            found.append(" ".join(" ".join(words).split()))
    return found


def main():
    pb = sys.argv[1]
    failures = []
    meaning = {}  # short -> {long: [commands]}
    names = commands(pb)
    for must in ("solve", "count", "sweep", "compare", "generate", "time", "render", "export", "meta"):
        if must not in names:
            failures.append(f"the overview lists no command '{must}'")
    seen = quiets = 0
    for cmd in names:
        text = help_text(pb, cmd)
        for said in described(text, "quiet"):
            if not said.endswith("warnings still print"):
                failures.append(f"{cmd}: -q, --quiet does not say that warnings still print: '{said}'")
        for default in re.findall(r"\(default (-[0-9][^)]*)\)", " ".join(text.split())):
            failures.append(f"{cmd}: its help shows the default {default}, a value the option refuses")
        for short, long in options(text):
            seen += 1
            if short:
                meaning.setdefault(short, {}).setdefault(long, set()).add(cmd)
            if long == "out" and short:
                failures.append(f"{cmd}: --out has the short form -{short}")
            if long == "quiet":
                quiets += 1
            for key, name in COMMON.items():
                if long == name and short != key and (cmd, long) not in KNOWN:
                    failures.append(f"{cmd}: --{name} lacks its short flag -{key}")
    if seen < 50:
        failures.append(f"only {seen} option lines read: the help format changed?")
    if quiets < 5:
        failures.append(f"only {quiets} --quiet options read: the help format changed?")
    for short, longs in sorted(meaning.items()):
        if len(longs) > 1:
            where = "; ".join(f"--{l} in {', '.join(sorted(c))}" for l, c in sorted(longs.items()))
            failures.append(f"-{short} has {len(longs)} meanings: {where}")
        if short in COMMON and set(longs) != {COMMON[short]}:
            failures.append(f"-{short} is --{', --'.join(sorted(longs))}, not --{COMMON[short]}")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    print(f"cli_flags: {len(names)} commands, {seen} options, {len(meaning)} short flags, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
