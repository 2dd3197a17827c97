#!/usr/bin/env python3
"""make-sudoku-hard.py — data/sudoku/25x25-hard.txt: 25x25 puzzles that take a solver
tens of thousands of conflicts, made from the generator's near-minimal ones.

The generator (`puzzlebench generate sudoku --size 25`) stops taking givens out where
its uniqueness check, `logic` within a step cap, cannot prove the puzzle unique: its
25x25 puzzles keep a few givens that are not needed, and a solver needs a few hundred
to two thousand conflicts on them. Taking out a few more makes some of them far
harder. So, for puzzle i of the generator's stream of each SEED:COUNT given, this
tries the first TRIES of its givens in an order drawn from (SEED, i): each comes out
when `puzzlebench count sudoku -e learn --limit 2 --step-limit CHECK_STEPS` proves the
puzzle still unique, and stays otherwise (a second solution, or the step cap: the
outcome depends on learn's steps, never on the machine's speed). Every puzzle keeps
exactly one solution. The KEEP that MiniSat (Debian's minisat, default options, which
are deterministic) needs the most conflicts on are kept, in the order made: a third
solver ranks them, so that neither side of the learn-CaDiCaL comparison picks them.

Deterministic: the generator's streams are fixed by their seeds, the order of the
givens tried by (SEED, i), the checks by learn's steps, and MiniSat is run with its
deterministic defaults, so the same binaries give the same file, whatever --jobs.
The shipped file was made by
  scripts/make-sudoku-hard.py --keep 8 2:16
at the commit its first line names; making the generator's 25x25 puzzles takes most
of the time (run it with --from on a stream made before to try other --tries or --keep).

usage: scripts/make-sudoku-hard.py [--pb build/puzzlebench] [--tries T]
           [--check-steps K] [--keep N] [--jobs J] [--from SEED=FILE]...
           [--out FILE] SEED:COUNT...
--from takes seed SEED's generated puzzles from a file that
`puzzlebench generate sudoku --size 25 --seed SEED` wrote before (at least COUNT of
them), instead of making them again.
"""
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sudoku_sat

CELL_CHARS = set(".123456789ABCDEFGHIJKLMNOP")  # a 25x25 puzzle's cells, as generate writes them


def unique(pb, puzzle, steps):
    """Whether learn proves puzzle (one line) to have exactly one solution within steps."""
    r = subprocess.run([pb, "count", "sudoku", "-e", "learn", "--limit", "2", "--step-limit",
                        str(steps), "-q", "-"], input=puzzle + "\n", capture_output=True, text=True)
    stats = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    if r.returncode not in (0, 3) or "solutions=" not in stats:
        raise RuntimeError(f"count failed (exit {r.returncode}): {r.stderr.strip()}")
    words = dict(w.split("=", 1) for w in stats.split() if "=" in w)
    return words["solutions"] == "1" and words["status"] == "done"


def harden(pb, puzzle, seed, index, tries, steps):
    """puzzle with the first `tries` givens of its (seed, index) order taken out where
    it stays provably unique."""
    cells = [c for c, ch in enumerate(puzzle) if ch != "."]
    random.Random(f"{seed}:{index}").shuffle(cells)
    p = list(puzzle)
    for c in cells[:tries]:
        given, p[c] = p[c], "."
        if not unique(pb, "".join(p), steps):
            p[c] = given
    return "".join(p)


def minisat_conflicts(pb, puzzle, name):
    """MiniSat's conflicts on the puzzle's direct encoding (sudoku_sat.py)."""
    code, conflicts = sudoku_sat.minisat(pb, puzzle, name)
    if code != 10:
        raise RuntimeError(f"minisat exit {code} on a puzzle with a solution")
    if conflicts is None:
        raise RuntimeError("minisat printed no conflicts line")
    return conflicts


def generated(o, seed, count, tmp):
    """The first `count` puzzles of the generator's stream `seed`."""
    if seed in o.gen:
        path = Path(o.gen[seed])
    else:
        # generate --out names a folder: the puzzles are its generate.txt.
        gen = Path(tmp) / f"gen{seed}"
        subprocess.run([o.pb, "generate", "sudoku", "--size", "25", "--count", str(count),
                        "--seed", str(seed), "--threads", str(o.jobs), "--out", str(gen)],
                       check=True, stdout=subprocess.DEVNULL)
        path = gen / "generate.txt"
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: {getattr(e, 'strerror', None) or e}") from None
    head = lines[0].split() if lines else []
    puzzles = [(n, ln) for n, ln in enumerate(lines, 1) if ln and not ln.startswith("#")][:count]
    if (head[1:6] != ["puzzlebench", "generate", "sudoku", "--size", "25"] or
            f"--seed {seed} " not in lines[0] + " " or len(puzzles) != count):
        raise ValueError(f"{path}: expected {count} puzzles of 'puzzlebench "
                         f"generate sudoku --size 25 --seed {seed}'")
    # A line of a --from file that is no puzzle would stop a check or MiniSat's run
    # mid-way, after the puzzles before it took their time.
    for n, p in puzzles:
        if len(p) != 625 or not set(p) <= CELL_CHARS:
            raise ValueError(f"{path}:{n}: expected a 25x25 puzzle, 625 cells of '.', 1-9 and A-P")
    return [p for _, p in puzzles]


def read_streams(o):
    """The SEED:COUNT arguments as (seed, count) and --from as seed -> file, checked
    against generate's ranges (a seed from 0 to 2^64 - 1, a count from 1 to 10^6);
    a ValueError says what is wrong."""
    streams = []
    for arg in o.streams:
        w = arg.split(":")
        if (len(w) != 2 or not all(x.isdecimal() and x.isascii() for x in w) or
                not int(w[0]) < 2**64 or not 1 <= int(w[1]) <= 1_000_000):
            raise ValueError(f"{arg}: expected SEED:COUNT, a seed from 0 to 2^64 - 1 "
                             "and a count from 1 to 1000000")
        if int(w[0]) in dict(streams):
            raise ValueError(f"{arg}: seed {int(w[0])} given twice")
        streams.append((int(w[0]), int(w[1])))
    gen = {}
    for arg in o.gen:
        seed, eq, path = arg.partition("=")
        if not (eq and path and seed.isdecimal() and seed.isascii()):
            raise ValueError(f"--from {arg}: expected SEED=FILE")
        if int(seed) not in dict(streams):
            raise ValueError(f"--from {arg}: seed {int(seed)} is none of the SEED:COUNT given")
        if int(seed) in gen:
            raise ValueError(f"--from {arg}: seed {int(seed)} given twice")
        # Not a FIFO, which would hold the run until something wrote to it.
        if not Path(path).is_file():
            why = "not a file" if Path(path).exists() else "no such file"
            raise ValueError(f"--from {arg}: {why}")
        gen[int(seed)] = path
    return streams, gen


def refusal(o, streams):
    """What is wrong with the options, said before any work (sudoku_sat.refusal); None
    when nothing is."""
    if o.tries < 0:
        return f"--tries {o.tries}: expected 0 or more givens to try"
    if bad := sudoku_sat.below_one(o, ("check_steps", "keep", "jobs")):
        return bad
    total = sum(count for _, count in streams)
    if o.keep > total:
        return f"--keep {o.keep}: more than the {total} made from {' '.join(o.streams)}"
    return sudoku_sat.refusal(o.pb, ("minisat",), {"out": o.out})


def main(argv):
    ap = sudoku_sat.parser(__doc__)
    ap.add_argument("--pb", default="build/puzzlebench", metavar="PROGRAM",
                    help="the puzzlebench binary that generates the puzzles, checks them "
                    "unique with learn and exports their encoding for MiniSat "
                    "(default %(default)s)")
    ap.add_argument("--tries", type=int, default=30, metavar="T",
                    help="givens of each puzzle tried for taking out, in an order drawn "
                    "from its seed and index (default %(default)s)")
    ap.add_argument("--check-steps", type=int, default=20_000_000, metavar="K",
                    help="learn's step cap on each uniqueness check: a given whose check "
                    "meets it stays (default %(default)s)")
    ap.add_argument("--keep", type=int, default=10, metavar="N",
                    help="of the puzzles thinned, those kept: the ones MiniSat needs the "
                    "most conflicts on (default %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, metavar="J",
                    help="puzzles worked on at once, and generate's --threads "
                    "(default %(default)s)")
    ap.add_argument("--from", dest="gen", action="append", default=[], metavar="SEED=FILE",
                    help="take stream SEED's puzzles from FILE, which 'puzzlebench generate "
                    "sudoku --size 25 --seed SEED' wrote before (at least COUNT of them), "
                    "instead of generating them again; once per seed")
    ap.add_argument("--out", default="data/sudoku/25x25-hard.txt", metavar="FILE",
                    help="the set written: a line with this command and puzzlebench's "
                    "version and commit, a comment per kept puzzle (seed:index, givens, "
                    "MiniSat's conflicts), then the puzzles, one a line (default %(default)s); "
                    "every puzzle's outcome goes to standard error")
    ap.add_argument("streams", nargs="+", metavar="SEED:COUNT",
                    help="the first COUNT puzzles of the generator's stream SEED "
                    "('puzzlebench generate sudoku --size 25 --seed SEED')")
    o = ap.parse_args(argv)
    try:
        streams, o.gen = read_streams(o)
    except ValueError as e:
        print(f"make-sudoku-hard: {e}", file=sys.stderr)
        return 2
    bad = refusal(o, streams)
    if bad:
        print(f"make-sudoku-hard: {bad}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        try:
            # The files of --from read first: one found wrong after minutes of generating
            # would lose them.
            made = {seed: generated(o, seed, count, tmp) for seed, count in streams if seed in o.gen}
            made.update({seed: generated(o, seed, count, tmp) for seed, count in streams
                         if seed not in o.gen})
        except ValueError as e:
            print(f"make-sudoku-hard: {e}", file=sys.stderr)
            return 2
        jobs = [(seed, i, p) for seed, _ in streams for i, p in enumerate(made[seed])]
        with ThreadPoolExecutor(o.jobs) as ex:
            hard = list(ex.map(lambda j: harden(o.pb, j[2], j[0], j[1], o.tries,
                                                o.check_steps), jobs))
            conflicts = list(ex.map(lambda kp: minisat_conflicts(o.pb, kp[1], f"{tmp}/p{kp[0]}"),
                                    enumerate(hard)))
    ranked = sorted(range(len(hard)), key=lambda k: (-conflicts[k], k))[:o.keep]
    comments = ["# seed:puzzle givens minisat-conflicts, one comment per puzzle below\n"]
    comments += [f"# {jobs[k][0]}:{jobs[k][1] + 1} {625 - hard[k].count('.')} {conflicts[k]}\n"
                 for k in sorted(ranked)]
    command = (f"scripts/make-sudoku-hard.py --tries {o.tries} --check-steps {o.check_steps} "
               f"--keep {o.keep} {' '.join(o.streams)}")
    sudoku_sat.write_set(o.pb, o.out, command, comments, [hard[k] for k in sorted(ranked)])
    for k, (seed, i, p) in enumerate(jobs):
        print(f"{seed}:{i + 1}: {625 - p.count('.')} -> {625 - hard[k].count('.')} givens, "
              f"minisat {conflicts[k]} conflicts{' (kept)' if k in ranked else ''}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
