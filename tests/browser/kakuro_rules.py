"""kakuro_rules.py — the browser test's Python side of kakuro, with no browser in it.

A puzzle is the player's JSON object (bench/player/puzzle_json.c): "rows", "cols" and a
row-major "grid" where a number 1..9 is a white cell's solution digit and [down, right] is
a black cell (0 = no clue). This module finds the runs of such a grid, checks a solution
against the kakuro rules, and reads the `puzzlebench generate kakuro` text output (.kak
format) into the same grid form, so that the page and the CLI can be compared cell by cell.
"""
import itertools
import re
import subprocess

LEVELS = ["easy", "medium", "hard"]


def cell(puzzle, r, c):
    return puzzle["grid"][r * puzzle["cols"] + c]


def is_white(v):
    return isinstance(v, int)


def whites(puzzle):
    """{(r, c): solution digit} of every white cell."""
    return {(r, c): cell(puzzle, r, c) for r in range(puzzle["rows"])
            for c in range(puzzle["cols"]) if is_white(cell(puzzle, r, c))}


def clues(puzzle):
    """{(r, c): (down, right)} of every black cell holding at least one clue."""
    out = {}
    for r in range(puzzle["rows"]):
        for c in range(puzzle["cols"]):
            v = cell(puzzle, r, c)
            if not is_white(v) and (v[0] or v[1]):
                out[(r, c)] = (v[0], v[1])
    return out


def runs(puzzle):
    """Every maximal run of white cells: (direction, (r, c) of the cell before it, [cells]).
    direction is "down" or "right", the side of the clue that sums it."""
    rows, cols = puzzle["rows"], puzzle["cols"]
    w = whites(puzzle)
    out = []
    for r in range(rows):
        for c in range(cols):
            for d, (dr, dc) in (("right", (0, 1)), ("down", (1, 0))):
                if (r, c) in w or (r + dr, c + dc) not in w:
                    continue
                cells, rr, cc = [], r + dr, c + dc
                while (rr, cc) in w:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                out.append((d, (r, c), cells))
    return out


def rule_errors(puzzle):
    """What breaks the kakuro rules in the puzzle's solution: every run has distinct digits
    1..9 summing to its clue, and every clue heads a run. An empty list when it is valid."""
    errs = []
    w, cl = whites(puzzle), clues(puzzle)
    used = set()
    for d, head, cells in runs(puzzle):
        digits = [w[x] for x in cells]
        clue = cl.get(head, (0, 0))[0 if d == "down" else 1]
        used.add((head, d))
        if any(not 1 <= x <= 9 for x in digits) or len(set(digits)) != len(digits):
            errs.append(f"{d} run after {head}: digits {digits} not distinct 1-9")
        if clue != sum(digits):
            errs.append(f"{d} run after {head}: clue {clue}, digits {digits} sum {sum(digits)}")
    for head, (down, right) in cl.items():
        for d, v in (("down", down), ("right", right)):
            if v and (head, d) not in used:
                errs.append(f"clue {d}={v} at {head} heads no run")
    return errs


def runs_through(puzzle, rc):
    """The cells of the across and the down run holding white cell rc (their union)."""
    out = set()
    for _, _, cells in runs(puzzle):
        if rc in cells:
            out.update(cells)
    return out


def digit_sets(total, length):
    """The sets of distinct digits 1..9 of `length` that sum to `total`, as sorted strings."""
    return sorted("".join(map(str, c)) for c in itertools.combinations(range(1, 10), length)
                  if sum(c) == total)


def unique_sums():
    """The digit sets of the unique sums (one set for their length), lengths 2..9: 34."""
    return [sets[0] for n in range(2, 10) for s in range(1, 46)
            for sets in [digit_sets(s, n)] if len(sets) == 1]


def kak_token(tok):
    """One cell of the .kak text: '#' black, 'D\\R' clues (either side may be empty),
    '.' an empty white cell (None), a digit a filled white cell."""
    if tok == "#":
        return [0, 0]
    if "\\" in tok:
        d, r = tok.split("\\", 1)
        return [int(d or 0), int(r or 0)]
    if tok == ".":
        return None
    return int(tok)


def parse_generate_output(text):
    """The solutions that `generate kakuro` printed, in order: dicts with name, attempts,
    rows, cols and grid (the JSON form). Puzzle comments read '; NAME: N attempts, ...',
    solution blocks start with '; NAME solution' and end at a blank line."""
    attempts, out, cur = {}, [], None
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r";\s*(\S+): (\d+) attempts?\b", s)
        if m:
            attempts[m.group(1)] = int(m.group(2))
            continue
        m = re.match(r";\s*(\S+) solution$", s)
        if m:
            cur = {"name": m.group(1), "attempts": attempts.get(m.group(1)), "rows_": []}
            out.append(cur)
            continue
        if not s or s.startswith(";"):
            cur = None
        elif cur is not None:
            cur["rows_"].append([kak_token(t) for t in s.split()])
    for p in out:
        rows = p.pop("rows_")
        p["rows"], p["cols"] = len(rows), len(rows[0]) if rows else 0
        p["grid"] = [v for row in rows for v in row]
    return out


def cli_solutions(pb, rows, cols, level, seed, count, timeout=60):
    """Runs `PB generate kakuro` for (size, level, seed) and returns its parsed solutions."""
    cmd = [pb, "generate", "kakuro", "--size", f"{rows}x{cols}", "--difficulty", level,
           "--seed", str(seed), "--count", str(count)]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr.strip()}")
    sols = parse_generate_output(res.stdout)
    if len(sols) != count:
        raise RuntimeError(f"{' '.join(cmd)}: {len(sols)} solutions in its output, not {count}")
    return sols


def grid_diff(a, b):
    """The first cells where two puzzles' grids differ, as text; empty when equal."""
    if (a["rows"], a["cols"]) != (b["rows"], b["cols"]):
        return [f"size {a['rows']}x{a['cols']} vs {b['rows']}x{b['cols']}"]
    out = []
    for i, (x, y) in enumerate(zip(a["grid"], b["grid"])):
        if x != y:
            out.append(f"({i // a['cols']},{i % a['cols']}): {x} vs {y}")
    return out[:5]
