#!/usr/bin/env python3
"""lint_sizes.py — small files with one job each: no source file (C, C++, Python,
shell) over 800 lines, and no C or Python function over 80 lines. A C function is
read as clang-format writes one: a line that starts at the margin and ends with
')' or ') {', the body's braces at the margin. No text buffer of bench/ or engines/
is sized by a number over a path's 4096 bytes: such a buffer holds a path and more,
and takes its size from bench/harness/base/sizes.h, where it is made from the
path's.

usage: tests/lint/lint_sizes.py SOURCE_DIR
"""
import ast
import pathlib
import re
import subprocess
import sys

MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 80
SOURCES = (".c", ".h", ".cc", ".cpp", ".py", ".sh")
C_HEAD = re.compile(r"^[A-Za-z_].*\)\s*\{?$")
LITERAL_SIZE = re.compile(r"\[([0-9]{4,})\]")
LITERAL_SIZE_MAX = 4096


def tracked(src):
    out = subprocess.run(["git", "-C", src, "ls-files"], capture_output=True, text=True)
    if out.returncode == 0 and out.stdout:
        return [pathlib.Path(src, f) for f in out.stdout.splitlines()]
    # Not a git checkout: every file but the build folders' and the results'.
    return [p for p in pathlib.Path(src).rglob("*")
            if p.is_file() and not p.relative_to(src).parts[0].startswith(("build", "results", "."))]


def c_functions(lines):
    """(first line, length) of every function body in a C file."""
    head = None
    for i, line in enumerate(lines):
        if head is None and C_HEAD.match(line) and not line.startswith(("if", "for", "while")):
            head = i
        elif head is not None and line.startswith("{"):
            continue
        elif head is not None and line.startswith("}"):
            yield head + 1, i - head + 1
            head = None
        elif head is not None and i == head + 1 and not line.startswith((" ", "{")):
            head = None  # a prototype or a declaration, not a body


def python_functions(text):
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.lineno, node.end_lineno - node.lineno + 1


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    src = sys.argv[1]
    failures = []
    for path in tracked(src):
        if path.suffix not in SOURCES or not path.is_file() or path.relative_to(src).parts[0] == "results":
            continue
        text = path.read_text(errors="replace")
        lines = text.split("\n")
        name = path.relative_to(src)
        if len(lines) - 1 > MAX_FILE_LINES:
            failures.append(f"{name}: {len(lines) - 1} lines, over {MAX_FILE_LINES}")
        if path.suffix in (".c", ".h") and name.parts[0] in ("bench", "engines"):
            for i, line in enumerate(lines):
                for size in LITERAL_SIZE.findall(line.split("//")[0]):
                    if int(size) > LITERAL_SIZE_MAX:
                        failures.append(f"{name}:{i + 1}: a buffer sized {size}: name its size "
                                        "in bench/harness/base/sizes.h")
        if path.suffix == ".c":
            functions = c_functions(lines)
        elif path.suffix == ".py":
            functions = python_functions(text)
        else:
            continue
        for first, length in functions:
            if length > MAX_FUNCTION_LINES:
                failures.append(f"{name}:{first}: a function of {length} lines, over {MAX_FUNCTION_LINES}")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
