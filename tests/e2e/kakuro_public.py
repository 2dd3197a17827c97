#!/usr/bin/env python3
"""kakuro_public.py — the public kakuro collections against their manifest: runs
bench/families/kakuro/kakuro-public.sweep (--quick, one sample) on the folder, then every
verdict the manifest knows (unique, >=2, none) must be the sweep's, as the report
computes it (bench/families/kakuro/kakuro_public.py), and every unique puzzle with a
published solution (solution_file yes) must solve to NAME.sol.kak digit for digit.
The folder is not part of the project: PB_KAKURO_PUBLIC (or the argument), else
../shared/data/kakuro beside the sources; without it the test is skipped (exit 77).

usage: tests/e2e/kakuro_public.py PUZZLEBENCH SOURCE_DIR [FOLDER]
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from analysis.csvread import read_csv  # noqa: E402
from analysis import sections  # noqa: E402

sections.add_families(("kakuro",))
from analysis.sections.kakuro_public import verdicts  # noqa: E402


def tokens(text):
    """The rows of a clue grid as lists of tokens, comments and blank lines left out."""
    return [line.split() for line in text.splitlines() if line.strip() and not line.startswith(";")]


def main(pb, src, folder=None):
    env = dict(os.environ)
    if folder:
        env["PB_KAKURO_PUBLIC"] = folder
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run([pb, "sweep", f"{src}/bench/families/kakuro/kakuro-public.sweep", "--out", out, "--quick",
                              "--samples", "1", "-q"], capture_output=True, text=True, env=env)
        if run.returncode == 77:
            print(f"SKIP: {run.stderr.strip()}")
            return 77
        if run.returncode != 0:
            print(f"FAIL: sweep exits {run.returncode}: {run.stderr.strip()}")
            return 1
        rows = read_csv(Path(out) / "kakuro-public.csv").rows
        manifest = read_csv(Path(out) / "kakuro-public.manifest.csv").rows
        folder = next(line.split("=", 1)[1].rsplit(" (", 1)[0] for line in
                      (Path(out) / "kakuro-public.meta").read_text().splitlines() if line.startswith("collection="))
    found = verdicts(rows, manifest)
    bad = [f"{v['name']}: manifest {v['known']}, sweep {v['verdict']}" for v in found if v["agree"] is False]
    checked = 0
    for m in manifest:
        sol = Path(folder) / f"{m['name']}.sol.kak"
        if m["solutions_checked"] != "unique" or m.get("solution_file") != "yes" or not sol.is_file():
            continue
        got = subprocess.run([pb, "solve", "kakuro", str(Path(folder) / f"{m['name']}.kak")],
                             capture_output=True, text=True).stdout
        checked += 1
        if tokens(got)[:-1] != tokens(sol.read_text(encoding="utf-8", errors="replace")):
            bad.append(f"{m['name']}: the solution is not {sol.name}")
    known = sum(v["agree"] is not None for v in found)
    print(f"kakuro_public: {len(found)} puzzles, {known - len(bad)} of {known} known verdicts agree, "
          f"{checked} solutions compared")
    for b in bad:
        print("FAIL:", b)
    return 1 if bad or not known else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__.strip().splitlines()[-1])
    sys.exit(main(*sys.argv[1:]))
