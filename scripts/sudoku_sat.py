"""sudoku_sat.py — a sudoku puzzle handed to an outside SAT solver, for the scripts that
make and rank hard sets (make-sudoku-hard.py, make-sudoku-qwh.py): its direct encoding
written by `puzzlebench export dimacs`, and Debian's MiniSat run on it."""
import subprocess
from pathlib import Path


def dimacs(pb, puzzle, name):
    """The puzzle's direct encoding, by way of the files name.txt and name.cnf: name.cnf."""
    txt, cnf = Path(name + ".txt"), Path(name + ".cnf")
    txt.write_text(puzzle + "\n")
    subprocess.run([pb, "export", "dimacs", "sudoku", str(txt), "--out", str(cnf)], check=True)
    return cnf


def minisat(pb, puzzle, name, limit=None):
    """MiniSat on the puzzle's direct encoding, with a CPU limit in seconds when given:
    (exit code, conflicts or None when it printed none)."""
    args = ["minisat"] + ([f"-cpu-lim={limit}"] if limit is not None else [])
    r = subprocess.run(args + [str(dimacs(pb, puzzle, name))], capture_output=True, text=True)
    conflicts = next((int(ln.split()[2]) for ln in r.stdout.splitlines()
                      if ln.startswith("conflicts")), None)
    return r.returncode, conflicts
