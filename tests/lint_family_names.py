#!/usr/bin/env python3
"""lint_family_names.py — the CLI and the harness name no family: fails when one of
the family names appears outside comments in bench/cli/ or bench/harness/.

usage: tests/lint_family_names.py SOURCE_DIR
"""
import pathlib
import re
import sys

FAMILIES = ("notouch", "sudoku", "kakuro", "tenpair", "latin")
FOLDERS = ("bench/cli", "bench/harness")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
NAME = re.compile(r"\b(" + "|".join(FAMILIES) + r")\b", re.I)


def strip_comments(text):
    """The text with every comment blanked, newlines kept so line numbers hold."""
    return COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = 0
    for folder in FOLDERS:
        for path in sorted((root / folder).glob("*")):
            if path.suffix not in (".c", ".h", ".in"):
                continue
            code = strip_comments(path.read_text())
            for lineno, line in enumerate(code.splitlines(), 1):
                for m in NAME.finditer(line):
                    print(f"{path.relative_to(root)}:{lineno}: family name '{m.group(1)}' outside a comment")
                    found += 1
    checked = ", ".join(FOLDERS)
    print(f"lint_family_names: {found} family names outside comments in {checked}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
