#!/usr/bin/env python3
"""lint_room_headers.py — a room of bench/ (a folder: bench/cli, bench/harness/sweep,
bench/families/kakuro, ...) that has a header named after itself (sweep/sweep.h,
meta/meta.h) shows other rooms that header alone: its other headers are its own, and
only its files and those of its sub-folders include them. A room without such a
header is a toolbox whose every header is public (harness/io, harness/base), as is
a room listed in TOOLBOXES.
Such a room and another never include each other's headers (a circle of two rooms:
the other room's part belongs in this one, or the need goes to a room above both).
The harness is below the commands, the families, the player and the micro-benchmarks:
it includes none of their headers (what it would want of them, they hand it).
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
# {a folder of bench/: the folders above it, whose headers it does not include}.
BELOW = {"harness": ("cli", "families", "player", "micro")}


def public_rooms(bench):
    """The rooms that have a public header (TOOLBOXES aside), resolved."""
    return {room.resolve() for room in [bench, *(p for p in bench.rglob("*") if p.is_dir())]
            if (room / f"{room.name}.h").is_file() and room.relative_to(bench).as_posix() not in TOOLBOXES}


def private_headers(bench):
    """{header: its room} for every header of a room that has a public header."""
    return {h.resolve(): room for room in public_rooms(bench) for h in room.glob("*.h")
            if h.name != f"{room.name}.h"}


def includes(bench):
    """(file, line, name as written, the file it resolves to) for every include in bench/."""
    for f in sorted(p for p in bench.rglob("*") if p.suffix in SOURCES and p.is_file()):
        text = f.read_text(errors="replace")
        for m in INCLUDE.finditer(text):
            name = m.group(1)
            target = next((c.resolve() for c in (f.parent / name, bench / name) if c.is_file()), None)
            if target is not None:
                yield f, text.count("\n", 0, m.start(1)) + 1, name, target


def circles(src):
    """'FILE:LINE: ...' once for every pair of rooms that include each other, one of them
    a room with a public header, naming the first include of each way."""
    bench = pathlib.Path(src, "bench")
    rooms = public_rooms(bench)
    first = {}  # (including room, included room): (file, line, name)
    for f, line, name, target in includes(bench):
        a, b = f.resolve().parent, target.parent
        if a != b and a not in b.parents and b not in a.parents:
            first.setdefault((a, b), (f, line, name))
    out = []
    for (a, b), (f, line, name) in sorted(first.items()):
        if a < b and (b, a) in first and (a in rooms or b in rooms):
            g, gline, gname = first[(b, a)]
            out.append(f"{f.relative_to(src)}:{line}: includes {name}, while "
                       f"{g.relative_to(src)}:{gline} includes {gname}: rooms "
                       f"{a.relative_to(bench.resolve())}/ and {b.relative_to(bench.resolve())}/ "
                       f"include each other; expected one of them to use the other alone")
    return out


def layers(src):
    """'FILE:LINE: ...' for every include of a folder above the including one (BELOW)."""
    bench = pathlib.Path(src, "bench")
    out = []
    for f, line, name, target in includes(bench):
        for low, highs in BELOW.items():
            high = next((h for h in highs if (bench / h).resolve() in target.parents), None)
            if high and (bench / low).resolve() in f.resolve().parents:
                out.append(f"{f.relative_to(src)}:{line}: includes {name}, of bench/{high}/, which is "
                           f"above bench/{low}/; expected bench/{high}/ to hand bench/{low}/ what it needs")
    return out


def violations(src):
    """'FILE:LINE: ...' for every include of another room's own header, then for every
    circle of two rooms and every include of a folder above the including one."""
    bench = pathlib.Path(src, "bench")
    private = private_headers(bench)
    out = []
    for f, line, name, target in includes(bench):
        room = private.get(target)
        if room is None or f.resolve().parent == room or room in f.resolve().parents:
            continue
        public = room / f"{room.name}.h"
        out.append(f"{f.relative_to(src)}:{line}: includes {name}, a header of its own of "
                   f"{room.relative_to(pathlib.Path(src).resolve())}/; expected its public "
                   f"header {public.name}")
    return out + circles(src) + layers(src)


def self_test():
    """The lint finds a planted include of a room's own header, a planted circle of two
    rooms and a planted include of a folder above, and passes the rest."""
    with tempfile.TemporaryDirectory() as name:
        root = pathlib.Path(name)
        for path, text in {"bench/harness/sweep/sweep.h": "",
                           "bench/harness/sweep/sweep_ctx.h": '#include "sweep.h"\n',
                           "bench/harness/io/csv.h": "",
                           "bench/cli/ok.c": '#include "harness/sweep/sweep.h"\n#include "harness/io/csv.h"\n',
                           "bench/cli/bad.c": '#include <stdio.h>\n#include "harness/sweep/sweep_ctx.h"\n',
                           "bench/harness/sweep/sweep.c": '#include "sweep.h"\n#include "harness/mpi/world.h"\n',
                           "bench/harness/mpi/world.h": '#include "harness/io/csv.h"\n',
                           "bench/harness/mpi/world.c": '#include "world.h"\n#include "harness/sweep/sweep.h"\n',
                           "bench/player/page/page.h": "",
                           "bench/player/page/page.c": '#include "page.h"\n',
                           "bench/harness/io/csv.c": '#include "csv.h"\n\n#include "player/page/page.h"\n'}.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
        found = violations(root)
        expected = ["bench/cli/bad.c:2: includes harness/sweep/sweep_ctx.h",
                    "bench/harness/mpi/world.c:2: includes harness/sweep/sweep.h, while "
                    "bench/harness/sweep/sweep.c:2 includes harness/mpi/world.h",
                    "bench/harness/io/csv.c:3: includes player/page/page.h, of bench/player/"]
        if len(found) != len(expected) or not all(f.startswith(e) for f, e in zip(found, expected)):
            print("lint_room_headers: self-test: expected findings starting", expected, "got", found)
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
