#!/usr/bin/env python3
"""make-sudoku-unique.py — data/sudoku/25x25-unique.txt: hard 25x25 sudoku, each with
exactly one solution and minimal, reduced by CaDiCaL: a held-out set beside
25x25-hard.txt and the 25x25-qwh sets. With --size 16, data/sudoku/16x16-unique.txt
(the same method on 16x16 grids, a prefill of 61 cells): the sudoku ladder's
held-out set beside 16x16-minimal.txt, which our generator made; with --size 9,
data/sudoku/9x9-unique.txt (a prefill of 19 cells), the held-out set of the
comparisons with QQwing and tdoku.

25x25-hard.txt comes from the project's own generator, thinned while `learn` proves
it unique, ranked by MiniSat; the qwh sets punch holes at random and are not unique.
This set shares neither: for candidate i of the seed, a random complete grid (PREFILL
cells drawn one by one at random, each with a value its row, column and box still
allow, completed by Debian's `cadical`; a draw without a completion is drawn again),
then its 625 cells taken out one by one in an order drawn at random, each staying out
only while the puzzle keeps its one solution. Uniqueness is asked of CaDiCaL: the
puzzle's direct encoding (a variable per empty cell and value its given peers allow,
every cell, row, column and box holding each value once) with the blocking clause of
the grid, which must be unsatisfiable. A cell whose value the givens force at once
(its peers hold the other 24 values, or no other empty cell of one of its units may
take it) is taken out without asking, since CaDiCaL could only agree. One pass makes
the puzzle minimal: a given that had to stay would let a second solution in on any
subset of the givens too. With --stop G the pass ends once G givens are left.

With --symmetric the cells go out in pairs, each cell with its image under a half turn
of the grid (the centre cell alone), as published puzzles are laid out: a pair stays out
only while the puzzle keeps its one solution (a second one would differ from the first
in one of the two cells: CaDiCaL is asked with that pair of values banned together), so
the puzzle is minimal among symmetric ones, with more givens than the plain pass leaves.
The default file is then data/sudoku/SIZExSIZE-symmetric.txt.

Of the candidates, the KEEP that CaDiCaL needs the most conflicts on (`puzzlebench
export dimacs`, the encoding the outside solvers get in the sweeps) within
--conflicts are kept, in the order made; a candidate that meets that limit is left
out, so that a run of the set takes minutes. Each kept puzzle is checked unique again
on that encoding (its CNF with the blocking clause of the solution: CaDiCaL must say
unsatisfiable), and MiniSat's conflicts on it are written beside CaDiCaL's. Ranked by
CaDiCaL, the set leans against CaDiCaL in a comparison with it.

Deterministic: every draw comes from random.Random(f"{SEED}:{i}"), the grids are
completed and the puzzles reduced by CaDiCaL's deterministic defaults, and the ranking
counts conflicts under a conflict limit, never time, so the same binaries give the same
file, whatever --jobs. The shipped files were made by
  nice -n 10 scripts/make-sudoku-unique.py --seed 1 --candidates 8 --keep 6
  scripts/make-sudoku-unique.py --size 16 --seed 1 --candidates 12 --keep 5
  scripts/make-sudoku-unique.py --size 9 --seed 1 --candidates 100 --keep 100 --jobs 2
and each first line says so, with puzzlebench's version and commit. A candidate takes
minutes, most of them in the last checks, where nearly every given must stay and
CaDiCaL has to search for each second solution; harder puzzles cost more. --work
keeps the candidates in a file, so that a longer run can be cut and its first N taken
with --candidates N.

usage: scripts/make-sudoku-unique.py [--pb build/puzzlebench] [--size 9|16|25] [--seed S]
           [--candidates N] [--keep K] [--stop G] [--conflicts C] [--jobs J]
           [--symmetric] [--out FILE] [--work FILE]
"""
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sudoku_sat

# The grid's geometry, set by use_size (--size): 25x25 unless told.
SIDE = BOX = CELLS = PREFILL = 0
SYMBOLS = ""
UNITS = UNITS_OF = PEERS = []


def use_size(side):
    """Sets the grid's geometry for a side of 9, 16 or 25: its cells, symbols (puzzlebench's
    1-9 then letters), units (rows, columns, boxes), each cell's units and peers, and
    the random prefill, about a quarter of the cells (150 of 625, as the shipped
    25x25 sets were made)."""
    global SIDE, BOX, CELLS, PREFILL, SYMBOLS, UNITS, UNITS_OF, PEERS
    SIDE, BOX = side, {9: 3, 16: 4, 25: 5}[side]
    CELLS = SIDE * SIDE
    SYMBOLS = "123456789ABCDEFGHIJKLMNOP"[:SIDE]
    PREFILL = 150 if side == 25 else CELLS * 150 // 625
    rows = [[r * SIDE + k for k in range(SIDE)] for r in range(SIDE)]
    cols = [[r * SIDE + k for r in range(SIDE)] for k in range(SIDE)]
    boxes = [[(br + i) * SIDE + bk + j for i in range(BOX) for j in range(BOX)]
             for br in range(0, SIDE, BOX) for bk in range(0, SIDE, BOX)]
    UNITS = rows + cols + boxes
    UNITS_OF = [[u for u in UNITS if c in u] for c in range(CELLS)]
    PEERS = [sorted({d for u in UNITS_OF[c] for d in u} - {c}) for c in range(CELLS)]


def allowed(p, c):
    """The values the givens among cell c's peers leave it."""
    used = {p[d] for d in PEERS[c]}
    return [s for s in SYMBOLS if s not in used]


def cnf(p, ban=()):
    """Puzzle p's direct encoding as DIMACS text, with the clause that bans the values
    of ban, a list of (cell, value), from being all together, and the (cell, value) of
    each variable; None when an empty cell has no value left (unsatisfiable at once)."""
    var, clauses = {}, []
    for c in range(CELLS):
        if p[c] == ".":
            vals = allowed(p, c)
            if not vals:
                return None
            for s in vals:
                var[c, s] = len(var) + 1

    def exactly_one(lits):
        clauses.append(lits)
        clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])

    for c in range(CELLS):
        if p[c] == ".":
            exactly_one([var[c, s] for s in SYMBOLS if (c, s) in var])
    for u in UNITS:
        given = {p[d] for d in u}
        for s in SYMBOLS:
            if s not in given:
                exactly_one([var[d, s] for d in u if (d, s) in var])
    if ban:
        clauses.append([-var[b] for b in ban])
    text = [f"p cnf {len(var)} {len(clauses)}"]
    text += [" ".join(map(str, cl)) + " 0" for cl in clauses]
    return "\n".join(text) + "\n", {v: cs for cs, v in var.items()}


def full_grid(rng):
    """A random complete grid: PREFILL cells drawn one by one with a value still
    allowed, completed by CaDiCaL; drawn again when that has no completion."""
    while True:
        p = ["."] * CELLS
        cells = list(range(CELLS))
        rng.shuffle(cells)
        for c in cells[:PREFILL]:
            free = allowed(p, c)
            if free:
                p[c] = rng.choice(free)
        enc = cnf(p)
        if enc is None:
            continue
        code, out = sudoku_sat.cadical(["-q"], enc[0])
        if code != 10:
            continue
        for ln in out.splitlines():
            if ln.startswith("v "):
                for x in map(int, ln.split()[1:]):
                    if x > 0:
                        c, s = enc[1][x]
                        p[c] = s
        return p


def forced(p, c, s):
    """Whether the givens of p force value s into the empty cell c at once."""
    if len(allowed(p, c)) == 1:
        return True
    for u in UNITS_OF[c]:
        if all(p[d] != "." or s in {p[e] for e in PEERS[d]} for d in u if d != c):
            return True
    return False


def unique(p, out):
    """Whether p, unique with the values of out (a list of (cell, value)) given, stays
    unique with those cells emptied: CaDiCaL finds p's encoding with those values
    banned from being all together unsatisfiable (a second solution would differ from
    the first in one of them, else the puzzle with them given had two)."""
    enc = cnf(p, out)
    return enc is None or sudoku_sat.cadical(["-q", "-n"], enc[0])[0] == 20


def reduce(grid, rng, stop, symmetric=False):
    """grid with its cells taken out in an order drawn from rng while it stays unique,
    until `stop` givens are left; and the number of CaDiCaL checks asked. symmetric:
    each cell with its image under a half turn, as one."""
    p = list(grid)
    order = [c for c in range(CELLS) if not symmetric or c <= CELLS - 1 - c]
    rng.shuffle(order)
    givens, checks = CELLS, 0
    for c in order:
        if givens <= stop:
            break
        out = [(d, p[d]) for d in sorted({c, CELLS - 1 - c} if symmetric else {c})]
        for d, _ in out:
            p[d] = "."
        if all(forced(p, d, s) for d, s in out):
            givens -= len(out)
            continue
        checks += 1
        if unique(p, out):
            givens -= len(out)
        else:
            for d, s in out:
                p[d] = s
    return "".join(p), checks


def export(pb, puzzle, name):
    """puzzlebench's direct encoding of the puzzle (sudoku_sat.py): the CNF's text and
    its variables' (cell, value)."""
    text = sudoku_sat.dimacs(pb, puzzle, name).read_text()
    cell = {v: ((r - 1) * SIDE + c - 1, SYMBOLS[d - 1])
            for v, (r, c, d) in sudoku_sat.variables(text).items()}
    return text, cell


def rank(pb, puzzle, name, limit):
    """CaDiCaL on the puzzle's exported encoding within `limit` conflicts: (solved,
    conflicts)."""
    code, out = sudoku_sat.cadical(["-c", str(limit), "-n"], export(pb, puzzle, name)[0])
    if code == 20:
        raise RuntimeError("cadical says unsatisfiable, yet the puzzle has a solution")
    return code == 10, sudoku_sat.cadical_conflicts(out)


def check_unique(pb, puzzle, grid, name):
    """The puzzle's exported encoding with the blocking clause of grid: CaDiCaL must
    find it unsatisfiable."""
    text, cell = export(pb, puzzle, name)
    lits = [-v for v, (c, s) in cell.items() if grid[c] == s]
    head, _, body = text.partition("\np cnf ")
    nvars, nclauses, rest = body.split(None, 2)
    text = f"{head}\np cnf {nvars} {int(nclauses) + 1}\n{rest}{' '.join(map(str, lits))} 0\n"
    return sudoku_sat.cadical(["-q", "-n"], text)[0] == 20


def candidate(o, i, tmp, done):
    """Candidate i: (givens, puzzle, grid, checks, seconds, solved, CaDiCaL's conflicts),
    taken from the work file's lines `done` when made there before, else made and
    added to it."""
    key = f"{o.seed}:{i}:{o.stop}" + (":symmetric" if o.symmetric else "")
    if key not in done:
        start = time.monotonic()
        rng = random.Random(f"{o.seed}:{i}")
        grid = full_grid(rng)
        puzzle, checks = reduce(grid, rng, o.stop, o.symmetric)
        done[key] = [puzzle, "".join(grid), checks, round(time.monotonic() - start)]
        if o.work:
            with open(o.work, "a") as f:
                f.write(f"{key} {' '.join(map(str, done[key]))}\n")
    puzzle, grid, checks, seconds = done[key]
    solved, conflicts = rank(o.pb, puzzle, f"{tmp}/c{i}", o.conflicts)
    return CELLS - puzzle.count("."), puzzle, grid, int(checks), int(seconds), solved, conflicts


def read_work(path):
    """The candidates a work file holds: SEED:I:STOP -> [puzzle, grid, checks, seconds]."""
    done = {}
    if path and Path(path).exists():
        for n, ln in enumerate(Path(path).read_text().splitlines(), 1):
            w = ln.split()
            if len(w) != 5 or len(w[1]) != CELLS or len(w[2]) != CELLS:
                raise ValueError(f"{path}:{n}: expected SEED:I:STOP[:symmetric] PUZZLE GRID CHECKS SECONDS")
            done[w[0]] = w[1:]
    return done


def refusal(o):
    """What is wrong with the options, said before any work (sudoku_sat.refusal); None
    when nothing is."""
    if not 0 <= o.stop < CELLS:
        return f"--stop {o.stop}: expected 0 to {CELLS - 1} givens"
    if bad := sudoku_sat.below_one(o, ("candidates", "keep", "conflicts", "jobs")):
        return bad
    if o.keep > o.candidates:
        return f"--keep {o.keep}: more than the {o.candidates} --candidates made"
    return sudoku_sat.refusal(o.pb, ("cadical", "minisat"), {"out": o.out, "work": o.work})


def main(argv):
    ap = sudoku_sat.parser(__doc__)
    ap.add_argument("--pb", default="build/puzzlebench",
                    help="the puzzlebench binary that exports each puzzle's encoding "
                    "(default %(default)s)")
    ap.add_argument("--size", type=int, choices=(9, 16, 25), default=25,
                    help="the grid's side (default %(default)s)")
    ap.add_argument("--seed", type=int, default=1,
                    help="the seed every draw comes from (default %(default)s)")
    ap.add_argument("--candidates", type=int, default=8,
                    help="puzzles made, each from a grid of its own (default %(default)s)")
    ap.add_argument("--keep", type=int, default=6,
                    help="of them, those kept: the ones CaDiCaL needs the most conflicts on "
                    "(default %(default)s)")
    ap.add_argument("--stop", type=int, default=0,
                    help="givens to stop at (default %(default)s: minimal)")
    ap.add_argument("--conflicts", type=int, default=200_000,
                    help="CaDiCaL's conflict limit when ranking; a candidate that meets it is "
                    "left out (default %(default)s)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="candidates made at once (default %(default)s)")
    ap.add_argument("--symmetric", action="store_true",
                    help="take cells out in pairs symmetric under a half turn of the grid")
    ap.add_argument("--out", help="default data/sudoku/SIZExSIZE-unique.txt "
                    "(SIZExSIZE-symmetric.txt with --symmetric)")
    ap.add_argument("--work", help="a file that keeps the candidates made, so that a run "
                    "cut short goes on where it stopped")
    o = ap.parse_args(argv)
    use_size(o.size)
    o.out = o.out or f"data/sudoku/{SIDE}x{SIDE}-{'symmetric' if o.symmetric else 'unique'}.txt"
    bad = refusal(o)
    if bad:
        print(f"make-sudoku-unique: {bad}", file=sys.stderr)
        return 2
    try:
        done = read_work(o.work)
    except OSError as e:
        print(f"make-sudoku-unique: --work {o.work}: {e.strerror}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"make-sudoku-unique: {e}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        def one(i):
            made = candidate(o, i, tmp, done)
            print(f"{i}: {made[0]} givens, {made[3]} checks, {made[4]:.0f} s, cadical "
                  f"{made[6]} conflicts{'' if made[5] else ' (limit)'}", file=sys.stderr,
                  flush=True)
            return made

        with ThreadPoolExecutor(o.jobs) as ex:
            made = list(ex.map(one, range(o.candidates)))
        solved = [k for k in range(len(made)) if made[k][5]]
        kept = sorted(sorted(solved, key=lambda k: (-made[k][6], k))[:o.keep])
        rows = []
        for k in kept:
            g, puzzle, grid, *_, conflicts = made[k]
            if not check_unique(o.pb, puzzle, grid, f"{tmp}/u{k}"):
                raise RuntimeError(f"candidate {k}: a second solution on the exported encoding")
            code, ms = sudoku_sat.minisat(o.pb, puzzle, f"{tmp}/m{k}")
            if code != 10 or ms is None:
                raise RuntimeError(f"candidate {k}: minisat exit {code} on a unique puzzle")
            rows.append(f"# {k} {g} {conflicts} {ms}\n")
    size = f"--size {SIDE} " if SIDE != 25 else ""
    pairs = " in pairs symmetric under a half turn" if o.symmetric else ""
    comments = [f"# held-out set: random full grid, givens taken out{pairs} in a random order while "
                "CaDiCaL proves the puzzle unique (each checked unique again on the exported "
                "encoding), ranked by cadical's conflicts\n",
                "# candidate givens cadical-conflicts minisat-conflicts, one comment per "
                "puzzle below\n"]
    command = (f"scripts/make-sudoku-unique.py {size}--seed {o.seed} --candidates {o.candidates} "
               f"--keep {o.keep} --stop {o.stop} --conflicts {o.conflicts}"
               f"{' --symmetric' if o.symmetric else ''}")
    sudoku_sat.write_set(o.pb, o.out, command, comments + rows, [made[k][1] for k in kept])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
