"""Report sections. The modules here are the sections common to every family
(parallel scaling, micro-benchmarks, the ladder, the method study, and the generic
section of a sweep no family section reads). A family's section is the module of its
name in its application folder (bench/families/FAMILY/FAMILY.py, with the modules it
brings beside it), which declares it as SECTION, a FamilySection (family_section.py).
The families are those `puzzlebench families --csv` lists, registered here by name:
each module of a registered family's folder is imported by its full name as a module
of this package (a common section of the same name comes first), so that its modules
import the analysis tool's (`from ..csvread import read_csv`) and their own
(`from . import kakuro_data`) alike, and this package's search path stays its own.
"""
import importlib
import importlib.abc
import importlib.util
import sys
from pathlib import Path

from ..errors import ReportError
from ..family_section import FamilySection

FAMILIES_DIR = Path(__file__).resolve().parents[3] / "bench" / "families"


class FamilyModules(importlib.abc.MetaPathFinder):
    """The registered families' modules: {full module name: its file}, each imported
    from that file alone."""

    def __init__(self):
        self.files = {}

    def find_spec(self, fullname, path=None, target=None):
        file = self.files.get(fullname)
        return importlib.util.spec_from_file_location(fullname, file) if file else None


FAMILY_MODULES = FamilyModules()


def add_families(names):
    """Makes the modules of these families' folders modules of this package, by name
    (the first family to bring a name keeps it)."""
    if FAMILY_MODULES not in sys.meta_path:
        sys.meta_path.append(FAMILY_MODULES)
    for name in names:
        for file in sorted((FAMILIES_DIR / name).glob("*.py")):
            FAMILY_MODULES.files.setdefault(f"{__name__}.{file.stem}", str(file))


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
