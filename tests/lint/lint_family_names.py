#!/usr/bin/env python3
"""lint_family_names.py — the code that serves every family names none: fails when a
family's name appears outside comments in
- bench/cli/ and bench/harness/ (C, with their sub-folders),
- scripts/run.sh and scripts/method-study.sh (shell),
- the report's common modules (scripts/analysis/ and its sections/): a family's own
  modules are in its application folder, bench/families/NAME/.
Comments, and docstrings in Python, are prose and may give a family as an example.
The names come from the binary (`puzzlebench families --csv`), so a new family is
checked without editing this file.

usage: tests/lint/lint_family_names.py SOURCE_DIR PUZZLEBENCH
"""
import ast
import csv
import io
import pathlib
import re
import subprocess
import sys
import tokenize

C_FOLDERS = ("bench/cli", "bench/harness")
SHELL_FILES = ("scripts/run.sh", "scripts/method-study.sh")
PYTHON_FOLDER = "scripts/analysis"
C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def families(binary):
    """The family names the binary lists."""
    out = subprocess.run([binary, "families", "--csv"], capture_output=True, text=True, check=True,
                         timeout=300).stdout
    names = [row["name"] for row in csv.DictReader(io.StringIO(out))]
    if not names:
        raise SystemExit(f"lint_family_names: {binary} lists no family")
    return names


def blank(text):
    return re.sub(r"[^\n]", " ", text)


def strip_c(text):
    """The text with every comment blanked, newlines kept so line numbers hold."""
    return C_COMMENT.sub(lambda m: blank(m.group(0)), text)


def strip_shell(text):
    """Whole-line comments blanked (a '#' inside a line may be code: ${x#y}, $#)."""
    return "\n".join("" if line.lstrip().startswith("#") else line for line in text.split("\n"))


def strip_python(text):
    """Comments and docstrings (strings standing as statements) blanked."""
    lines = text.split("\n")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for i in range(node.lineno - 1, node.end_lineno):
                lines[i] = ""
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            lines[row - 1] = lines[row - 1][:col]
    return "\n".join(lines)


def checked_files(root):
    """(path, stripper) of every file that serves every family."""
    for folder in C_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".c", ".h", ".in"):
                yield path, strip_c
    for rel in SHELL_FILES:
        yield root / rel, strip_shell
    for path in sorted((root / PYTHON_FOLDER).rglob("*.py")):
        yield path, strip_python


def main():
    root = pathlib.Path(sys.argv[1])
    names = families(sys.argv[2])
    name = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.I)
    found = files = 0
    for path, strip in checked_files(root):
        files += 1
        code = strip(path.read_text(encoding="utf-8"))
        for lineno, line in enumerate(code.splitlines(), 1):
            for m in name.finditer(line):
                print(f"{path.relative_to(root)}:{lineno}: family name '{m.group(1)}' outside a comment")
                found += 1
    print(f"lint_family_names: {found} names of {len(names)} families outside comments in {files} files "
          f"({', '.join(C_FOLDERS)}, {', '.join(SHELL_FILES)}, {PYTHON_FOLDER})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
