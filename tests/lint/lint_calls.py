#!/usr/bin/env python3
"""lint_calls.py — the harness is layered: no circle of calls between the files of
bench/harness/ (file A calls a function of file B, which calls one of A, directly or
round a longer circle). Read from the build's object files with nm: a file calls
another when it uses a symbol the other defines.

usage: tests/lint/lint_calls.py BUILD_DIR
"""
import pathlib
import subprocess
import sys


def symbols(objects, *flags):
    """nm's lines for each object, from one nm over all of them (a process per object
    costs more than the reading)."""
    paths = [str(obj) for obj in objects.values()]
    out = subprocess.run(["nm", *flags, *paths], capture_output=True, text=True, check=True).stdout
    lines, current = {}, None
    for line in out.splitlines():
        if line.endswith(":") and line[:-1] in paths:
            current = lines.setdefault(line[:-1], [])
        elif current is not None and line:
            current.append(line)
    return {name: lines.get(str(obj), []) for name, obj in objects.items()}


def graph(objects):
    """For each file, the other files whose functions or data it uses."""
    defined_lines, used_lines = symbols(objects, "--defined-only"), symbols(objects, "-u")
    defined = {name: {w[2] for w in map(str.split, lines) if len(w) == 3 and w[1].isupper()}
               for name, lines in defined_lines.items()}
    used = {name: {w[1] for w in map(str.split, lines) if len(w) == 2}
            for name, lines in used_lines.items()}
    return {a: sorted(b for b in objects if b != a and used[a] & defined[b]) for a in objects}


def circles(g):
    """The strongly connected parts of more than one file (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in g:
        if v not in index:
            visit(v)
    return found


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    objects = {}
    for obj in pathlib.Path(sys.argv[1]).glob("CMakeFiles/*.dir/bench/harness/**/*.o"):
        objects[str(obj).split("/bench/harness/", 1)[1].removesuffix(".o")] = obj
    if len(objects) < 10:
        print(f"FAIL: {len(objects)} harness object files under {sys.argv[1]}: is it a build folder?")
        return 1
    found = circles(graph(objects))
    for part in found:
        print("FAIL: a circle of calls between", ", ".join(part))
    print(f"lint_calls: {len(objects)} harness files, {len(found)} circles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
