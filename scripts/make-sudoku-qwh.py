#!/usr/bin/env python3
"""make-sudoku-qwh.py — data/sudoku/25x25-qwh.txt: hard 25x25 sudoku made the way
quasigroup-with-holes instances are, a held-out set beside 25x25-hard.txt.

25x25-hard.txt comes from the project's own generator, its near-minimal puzzles thinned
while `learn` proves them unique, ranked by MiniSat. This set shares none of that: for
candidate i of the seed, a random complete grid (about 150 cells filled one by one at
random, each with a value its row, column and box still allow, then completed by
Debian's `cadical` on the direct encoding; a draw it finds unsatisfiable is drawn
again), then holes punched uniformly at random, keeping G givens, G drawn from
GMIN..GMAX (the band, 46-48% of the 625 cells, where CaDiCaL's conflicts peak on
such puzzles: below it they have many solutions and are easy, above it propagation
alone nearly solves them). A puzzle keeps the grid it was cut from as a solution, so it is
satisfiable; uniqueness is not asked (most at this density have many solutions). Of
the candidates, the KEEP that the ranking solver (--rank: Debian's `cadical` or
`minisat`, default options, both deterministic) needs the most conflicts on within
LIMIT seconds are kept, in the order made; a candidate that meets the limit is left
out, so that a run of the set takes minutes. Ranked by CaDiCaL, the set holds the
puzzles of the candidates that CaDiCaL found hardest, so it leans against CaDiCaL in
a comparison with it; ranked by MiniSat, a third solver picks, as for 25x25-hard.txt.

Deterministic: every draw comes from random.Random(f"{SEED}:{i}"), the grids are
completed by CaDiCaL and both solvers run with their deterministic defaults (their
conflicts, not their time, rank), so the same binaries give the same file, whatever
--jobs, unless a candidate's run lands near the time limit. The shipped files were made by
  scripts/make-sudoku-qwh.py --seed 1 --candidates 160 --keep 12
  scripts/make-sudoku-qwh.py --seed 1 --candidates 160 --keep 12 --rank minisat \
      --out data/sudoku/25x25-qwh-minisat.txt
and each first line says so, with puzzlebench's version and commit (its `export
dimacs` writes the encoding).

usage: scripts/make-sudoku-qwh.py [--pb build/puzzlebench] [--seed S]
           [--candidates N] [--keep K] [--givens GMIN:GMAX] [--limit SECONDS]
           [--rank cadical|minisat] [--jobs J] [--out FILE]
"""
import random
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import sudoku_sat

SIDE, BOX = 25, 5
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
PREFILL = 150


def peers(c):
    """The cells that share a row, column or box with cell c."""
    r, k = divmod(c, SIDE)
    br, bk = r - r % BOX, k - k % BOX
    out = {r * SIDE + j for j in range(SIDE)} | {i * SIDE + k for i in range(SIDE)}
    out |= {(br + i) * SIDE + bk + j for i in range(BOX) for j in range(BOX)}
    out.discard(c)
    return out


PEERS = [peers(c) for c in range(SIDE * SIDE)]


def cadical(pb, puzzle, name, limit):
    """CaDiCaL on the puzzle's direct encoding (puzzlebench export dimacs), by way of
    the files name.txt and name.cnf: (exit code, conflicts, solution or None)."""
    cnf = sudoku_sat.dimacs(pb, puzzle, name)
    code, out = sudoku_sat.cadical(["-t", str(limit), str(cnf)])
    conflicts = sudoku_sat.cadical_conflicts(out)
    if code != 10:
        return code, conflicts, None
    cell = sudoku_sat.variables(cnf.read_text())
    grid = list(puzzle)
    for ln in out.splitlines():
        if ln.startswith("v "):
            for x in map(int, ln.split()[1:]):
                if x > 0 and x in cell:
                    row, col, v = cell[x]
                    grid[(row - 1) * SIDE + col - 1] = SYMBOLS[v - 1]
    return 10, conflicts, "".join(grid)


def minisat_conflicts(pb, puzzle, name, limit):
    """MiniSat's conflicts on the puzzle's direct encoding, and whether it solved it."""
    code, conflicts = sudoku_sat.minisat(pb, puzzle, name, limit)
    if code == 20:
        raise RuntimeError("minisat says unsatisfiable, yet the puzzle has a solution")
    return code == 10, conflicts or 0


def full_grid(pb, rng, name, limit):
    """A random complete grid: PREFILL cells drawn one by one with a value still
    allowed, completed by CaDiCaL; drawn again when that has no completion."""
    while True:
        grid = ["."] * (SIDE * SIDE)
        cells = list(range(SIDE * SIDE))
        rng.shuffle(cells)
        for c in cells[:PREFILL]:
            used = {grid[p] for p in PEERS[c]}
            free = [s for s in SYMBOLS if s not in used]
            if free:
                grid[c] = rng.choice(free)
        code, _, sol = cadical(pb, "".join(grid), name, limit)
        if code == 10 and "." not in sol:
            return sol


def candidate(o, i, tmp):
    """Candidate i: (givens, puzzle, CaDiCaL's conflicts, CaDiCaL's exit code)."""
    rng = random.Random(f"{o.seed}:{i}")
    name = f"{tmp}/c{i}"
    grid = full_grid(o.pb, rng, name, o.limit)
    g = rng.randint(o.gmin, o.gmax)
    keep = set(rng.sample(range(SIDE * SIDE), g))
    puzzle = "".join(ch if c in keep else "." for c, ch in enumerate(grid))
    if o.rank == "minisat":
        solved, conflicts = minisat_conflicts(o.pb, puzzle, name, o.limit)
        return g, puzzle, conflicts, 10 if solved else 0
    code, conflicts, _ = cadical(o.pb, puzzle, name, o.limit)
    if code == 20:
        raise RuntimeError(f"candidate {i}: cadical says unsatisfiable, yet it has a solution")
    return g, puzzle, conflicts, code


def refusal(o):
    """What is wrong with the options, said before any work (sudoku_sat.refusal); None
    when nothing is."""
    try:
        o.gmin, o.gmax = (int(x) for x in o.givens.split(":"))
        if not 0 < o.gmin <= o.gmax <= SIDE * SIDE:
            raise ValueError
    except ValueError:
        return f"--givens {o.givens}: expected GMIN:GMAX within 1..625"
    if bad := sudoku_sat.below_one(o, ("candidates", "keep", "limit", "jobs")):
        return bad
    if o.keep > o.candidates:
        return f"--keep {o.keep}: more than the {o.candidates} --candidates made"
    tools = ("cadical", "minisat") if o.rank == "minisat" else ("cadical",)
    return sudoku_sat.refusal(o.pb, tools, {"out": o.out})


def main(argv):
    ap = sudoku_sat.parser(__doc__)
    ap.add_argument("--pb", default="build/puzzlebench", metavar="PROGRAM",
                    help="the puzzlebench binary that exports each puzzle's encoding for "
                    "the solvers (default %(default)s)")
    ap.add_argument("--seed", type=int, default=1, metavar="S",
                    help="the seed every draw comes from (default %(default)s)")
    ap.add_argument("--candidates", type=int, default=160, metavar="N",
                    help="puzzles made, each from a random grid of its own "
                    "(default %(default)s)")
    ap.add_argument("--keep", type=int, default=12, metavar="K",
                    help="of them, those kept: the ones the --rank solver needs the most "
                    "conflicts on (default %(default)s)")
    ap.add_argument("--givens", default="286:302", metavar="GMIN:GMAX",
                    help="the range each candidate's number of givens is drawn from "
                    "(default %(default)s)")
    ap.add_argument("--limit", type=int, default=60, metavar="SECONDS",
                    help="the time each solver run may take, completing a grid or ranking "
                    "a candidate; a candidate that meets it is left out (default %(default)s)")
    ap.add_argument("--rank", choices=("cadical", "minisat"), default="cadical",
                    help="the solver whose conflicts rank the candidates (default %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, metavar="J",
                    help="candidates made at once (default %(default)s)")
    ap.add_argument("--out", default="data/sudoku/25x25-qwh.txt", metavar="FILE",
                    help="the set written: a line with this command and puzzlebench's "
                    "version and commit, a comment per kept puzzle (candidate, givens, the "
                    "--rank solver's conflicts), then the puzzles, one a line (default "
                    "%(default)s); every candidate's outcome goes to standard error")
    o = ap.parse_args(argv)
    bad = refusal(o)
    if bad:
        print(f"make-sudoku-qwh: {bad}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        with ThreadPoolExecutor(o.jobs) as ex:
            made = list(ex.map(lambda i: candidate(o, i, tmp), range(o.candidates)))
    solved = [k for k in range(len(made)) if made[k][3] == 10]
    ranked = sorted(solved, key=lambda k: (-made[k][2], k))[:o.keep]
    comments = ["# held-out set: random full grid, holes punched uniformly at random, "
                f"ranked by {o.rank}'s conflicts\n",
                f"# candidate givens {o.rank}-conflicts, one comment per puzzle below\n"]
    comments += [f"# {k} {made[k][0]} {made[k][2]}\n" for k in sorted(ranked)]
    command = (f"scripts/make-sudoku-qwh.py --seed {o.seed} --candidates {o.candidates} "
               f"--keep {o.keep} --givens {o.givens} --limit {o.limit} --rank {o.rank}")
    sudoku_sat.write_set(o.pb, o.out, command, comments, [made[k][1] for k in sorted(ranked)])
    for k, (g, _, conflicts, code) in enumerate(made):
        note = " (kept)" if k in ranked else " (limit)" if code != 10 else ""
        print(f"{k}: {g} givens, {o.rank} {conflicts} conflicts{note}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
