"""Report sections. The modules here are the sections common to every family
(parallel scaling, micro-benchmarks, the ladder, the method study, and the generic
section of a sweep no family section reads). A family's section is the module of its
name in its application folder (bench/families/FAMILY/FAMILY.py, with the modules it
brings beside it), which declares it as SECTION, a FamilySection (family_section.py).
The families are those `puzzlebench families --csv` lists, registered here by name:
a registered family's folder joins this package, so that its modules import the
analysis tool's (`from ..csvread import read_csv`) and their own
(`from . import kakuro_data`) alike.
"""
import importlib
from pathlib import Path

from ..errors import ReportError
from ..family_section import FamilySection

FAMILIES_DIR = Path(__file__).resolve().parents[3] / "bench" / "families"


def add_families(names):
    """Makes the modules of these families' folders modules of this package."""
    for name in names:
        folder = str(FAMILIES_DIR / name)
        if folder not in __path__:
            __path__.append(folder)


def family_sections(families):
    """{family name: its FamilySection} for the listing's families, in its order."""
    add_families(f.name for f in families)
    out = {}
    for family in families:
        where = f"bench/families/{family.name}/{family.name}.py"
        try:
            module = importlib.import_module(f"{__name__}.{family.name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{family.name}":
                raise
            raise ReportError(where, "no such section module (each family of `puzzlebench families` has one)") \
                from None
        section = vars(module).get("SECTION")
        if not isinstance(section, FamilySection):
            raise ReportError(where, "expected SECTION = FamilySection(...) (analysis/family_section.py)")
        out[family.name] = section
    return out
