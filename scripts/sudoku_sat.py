"""sudoku_sat.py — a sudoku puzzle handed to an outside SAT solver, for the scripts that
make and rank hard sets (make-sudoku-hard.py, make-sudoku-qwh.py, make-sudoku-unique.py):
its direct encoding written by `puzzlebench export dimacs`, the cell and value of each
of its variables, and Debian's MiniSat and CaDiCaL run on it; the checks they make
before any work, and the set file they write."""
import argparse
import os
import shutil
import subprocess
from pathlib import Path

from analysis.atomic import write_atomically


def parser(doc):
    """A script's argument parser: doc's first paragraph as its description, and a bad
    option refused on one line, as the script's own refusals are, not in argparse's
    several lines."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.error = lambda message: ap.exit(2, f"{ap.prog}: {message} (see --help)\n")
    return ap


def below_one(o, names):
    """The refusal of the first of the options names (their attributes in o) that is
    below 1, or None."""
    for name in names:
        if getattr(o, name) < 1:
            return f"--{name.replace('_', '-')} {getattr(o, name)}: expected a positive whole number"
    return None


def refusal(pb, tools, outs):
    """What keeps a script that makes a set from starting, said before any work (a
    candidate can take minutes, and a folder found missing at the end would lose them
    all), or None: an outside solver of tools not installed, pb not a program, or a
    file of outs (option name -> path, or None when not given) that is a folder or in
    a folder this cannot write in."""
    for tool in tools:
        if not shutil.which(tool):
            return f"{tool} is not installed (Debian package {tool})"
    if not (Path(pb).is_file() and os.access(pb, os.X_OK)):
        return f"--pb {pb}: not an executable file"
    for name, path in outs.items():
        # Found at the end, a folder would lose the work: the set is renamed over it.
        if path and Path(path).is_dir():
            return f"--{name} {path}: a folder, not a file"
        folder = Path(path).parent if path else None
        if folder and not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
            return f"--{name} {path}: {folder} is not a folder this can write in"
    return None


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


def variables(text):
    """The (row, column, value) of each variable of an exported encoding, all from 1,
    read from its `c var V: cell R C = D` comment lines."""
    cell = {}
    for ln in text.splitlines():
        w = ln.split()
        if len(w) == 8 and w[:2] == ["c", "var"]:
            cell[int(w[2])] = (int(w[4]), int(w[5]), int(w[7]))
        elif ln.startswith("p "):
            break
    return cell


def cadical(args, text=None):
    """CaDiCaL with args, on DIMACS text given on its input when text is not None:
    (exit code, stdout); an exit other than 0, 10 or 20 raises."""
    r = subprocess.run(["cadical", *args], input=text, capture_output=True, text=True)
    if r.returncode not in (0, 10, 20):
        raise RuntimeError(f"cadical exit {r.returncode}: {r.stderr.strip()}")
    return r.returncode, r.stdout


def cadical_conflicts(out):
    """The conflicts CaDiCaL printed (none: it needed none)."""
    return next((int(ln.split()[2]) for ln in out.splitlines()
                 if ln.startswith("c conflicts:")), 0)


def write_set(pb, out, command, comments, puzzles):
    """A made set written to the file out whole: the line '# COMMAND (puzzlebench VERSION
    COMMIT)', of pb's --version, the comment lines given (each ending in a newline), then
    a puzzle a line (analysis.atomic: never a link planted at a name known in advance,
    nor another run's file)."""
    version = subprocess.run([pb, "--version"], capture_output=True, text=True).stdout
    built = " ".join(ln.split()[-1] for ln in version.splitlines()[:2])
    out = Path(out)
    text = f"# {command} (puzzlebench {built})\n" + "".join(comments) + "".join(p + "\n" for p in puzzles)
    write_atomically(out, text)
