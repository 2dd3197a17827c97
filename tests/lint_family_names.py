#!/usr/bin/env python3
"""lint_family_names.py — the code that serves every family names none: fails when a
family's name appears outside comments in bench/cli/ or bench/harness/ (and their
sub-folders). The names come from the binary (`puzzlebench families --csv`), so a
new family is checked without editing this file.

usage: tests/lint_family_names.py SOURCE_DIR PUZZLEBENCH
"""
import csv
import io
import pathlib
import re
import subprocess
import sys

FOLDERS = ("bench/cli", "bench/harness")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def families(binary):
    """The family names the binary lists."""
    out = subprocess.run([binary, "families", "--csv"], capture_output=True, text=True, check=True,
                         timeout=300).stdout
    names = [row["name"] for row in csv.DictReader(io.StringIO(out))]
    if not names:
        raise SystemExit(f"lint_family_names: {binary} lists no family")
    return names


def strip_comments(text):
    """The text with every comment blanked, newlines kept so line numbers hold."""
    return COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def main():
    root = pathlib.Path(sys.argv[1])
    names = families(sys.argv[2])
    name = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.I)
    found = 0
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".c", ".h", ".in"):
                continue
            code = strip_comments(path.read_text())
            for lineno, line in enumerate(code.splitlines(), 1):
                for m in name.finditer(line):
                    print(f"{path.relative_to(root)}:{lineno}: family name '{m.group(1)}' outside a comment")
                    found += 1
    print(f"lint_family_names: {found} names of {len(names)} families outside comments in "
          f"{', '.join(FOLDERS)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
