#!/usr/bin/env python3
"""lint_room_headers.py — a room of bench/ (a folder: bench/cli, bench/harness/sweep,
bench/families/kakuro, ...) that has a header named after itself (sweep/sweep.h,
meta/meta.h) shows other rooms that header alone: its other headers are its own, and
only its files and those of its sub-folders include them. A room without such a
header is a toolbox whose every header is public (harness/io, harness/base), as is
a room listed in TOOLBOXES.
Includes are read as the build resolves them: beside the file, then from bench/.

usage: tests/lint/lint_room_headers.py SOURCE_DIR
usage: tests/lint/lint_room_headers.py --self-test
"""
import pathlib
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".c", ".h", ".cc")
# Rooms with a header named after them that are toolboxes all the same: measure.h is
# the timing method beside the room's other public parts (spawn, bind, batch).
TOOLBOXES = ("harness/measure",)


def private_headers(bench):
    """{header: its room} for every header of a room that has a public header."""
    out = {}
    for room in [bench, *(p for p in bench.rglob("*") if p.is_dir())]:
        if not (room / f"{room.name}.h").is_file() or room.relative_to(bench).as_posix() in TOOLBOXES:
            continue
        for h in room.glob("*.h"):
            if h.name != f"{room.name}.h":
                out[h.resolve()] = room.resolve()
    return out


def violations(src):
    """'FILE:LINE: ...' for every include of another room's own header."""
    bench = pathlib.Path(src, "bench")
    private = private_headers(bench)
    out = []
    for f in sorted(p for p in bench.rglob("*") if p.suffix in SOURCES and p.is_file()):
        text = f.read_text(errors="replace")
        for m in INCLUDE.finditer(text):
            name = m.group(1)
            target = next((c.resolve() for c in (f.parent / name, bench / name) if c.is_file()), None)
            room = private.get(target)
            if room is None or f.resolve().parent == room or room in f.resolve().parents:
                continue
            line = text.count("\n", 0, m.start()) + 1
            public = room / f"{room.name}.h"
            out.append(f"{f.relative_to(src)}:{line}: includes {name}, a header of its own of "
                       f"{room.relative_to(pathlib.Path(src).resolve())}/; expected its public "
                       f"header {public.name}")
    return out


def self_test():
    """The lint finds a planted include of a room's own header, and passes the rest."""
    with tempfile.TemporaryDirectory() as name:
        root = pathlib.Path(name)
        for path, text in {"bench/harness/sweep/sweep.h": "",
                           "bench/harness/sweep/sweep_ctx.h": '#include "sweep.h"\n',
                           "bench/harness/io/csv.h": "",
                           "bench/cli/ok.c": '#include "harness/sweep/sweep.h"\n#include "harness/io/csv.h"\n',
                           "bench/cli/bad.c": '#include <stdio.h>\n#include "harness/sweep/sweep_ctx.h"\n'}.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
        found = violations(root)
        if len(found) != 1 or not found[0].startswith("bench/cli/bad.c:2: includes harness/sweep/sweep_ctx.h"):
            print("lint_room_headers: self-test: expected one finding in bench/cli/bad.c:2, got", found)
            return 1
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    found = violations(argv[1])
    for v in found:
        print(v)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
