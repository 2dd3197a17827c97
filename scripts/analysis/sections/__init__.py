"""Report sections. A family's section is the module of its name in its application
folder (bench/families/FAMILY/FAMILY.py, with the modules it brings beside it), for
every family of `puzzlebench families --csv`: those folders
are part of this package's path, so a family's module imports the analysis tool's
(`from ..csvread import read_csv`) and its own (`from . import kakuro_data`) alike.
It has one function, section(ctx, family, files), which returns the section's
Markdown lines; files are those of the family's sweeps (`puzzlebench families`) and
of the names its SWEEPS tuple (shell patterns) adds. Its READS dict gives the common
sections the sweeps of the family they read (reads.py). The modules here are the
sections common to every family (parallel scaling, micro-benchmarks, the ladder, the
method study, and the generic section of a sweep no family section reads).
"""
from pathlib import Path

__path__ += sorted(str(p) for p in (Path(__file__).resolve().parents[3] / "bench" / "families").iterdir()
                   if p.is_dir())
