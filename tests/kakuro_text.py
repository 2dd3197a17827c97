"""kakuro_text.py — reads the puzzles and solutions that `puzzlebench generate kakuro`
prints (the .kak text: `#` black, `D\\R` clues, `.` empty, digits), and checks a
solved grid against the rules. Shared by the player's tests."""
import re


def parse_cell(tok):
    """A token as ("black",), ("clue", down, right), ("white", digit or 0)."""
    if tok == "#":
        return ("black",)
    if "\\" in tok:
        d, r = tok.split("\\")
        return ("clue", int(d or 0), int(r or 0))
    if tok == ".":
        return ("white", 0)
    if re.fullmatch(r"[1-9]", tok):
        return ("white", int(tok))
    raise ValueError(f"not a kakuro cell: {tok!r}")


def read_blocks(text):
    """{name: (attempts, puzzle rows, solution rows)} from the generator's output."""
    out, name, kind, rows = {}, None, None, []

    def close():
        if name is not None and rows:
            out.setdefault(name, [None, None, None])[2 if kind == "solution" else 1] = rows

    for line in text.splitlines():
        m = re.match(r"; (\S+): (\d+) attempts?,", line)
        s = re.match(r"; (\S+) solution$", line)
        if m or s or not line.strip():
            close()
            rows = []
            if m:
                name, kind = m.group(1), "puzzle"
                out.setdefault(name, [None, None, None])[0] = int(m.group(2))
            elif s:
                name, kind = s.group(1), "solution"
            continue
        if line.startswith(";"):
            continue
        rows.append([parse_cell(t) for t in line.split()])
    close()
    return out


def runs(grid):
    """The runs of a grid of cells: (clue, [(r, c) ...]), across then down."""
    found = []
    rows, cols = len(grid), len(grid[0])
    for r in range(rows):
        for c in range(cols):
            cell = grid[r][c]
            if cell[0] != "clue":
                continue
            for dr, dc, clue in ((0, 1, cell[2]), (1, 0, cell[1])):
                if not clue:
                    continue
                cells, rr, cc = [], r + dr, c + dc
                while rr < rows and cc < cols and grid[rr][cc][0] == "white":
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                found.append((clue, cells))
    return found


def rule_faults(grid):
    """Why a solved grid breaks the rules (an empty list when it keeps them)."""
    faults = []
    for clue, cells in runs(grid):
        digits = [grid[r][c][1] for r, c in cells]
        if len(cells) < 2 or 0 in digits or len(set(digits)) != len(digits) or sum(digits) != clue:
            faults.append(f"run at {cells[0] if cells else '?'}: {digits} for {clue}")
    return faults
