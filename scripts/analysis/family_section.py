"""What a family's section module declares, as one FamilySection its module names
SECTION: the report reads a family only through it, so a misspelt part is an error
where it is written rather than a part silently missing."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class FamilySection:
    # section(ctx, family, files): the family's section, its Markdown lines; files are
    # those of the family's sweeps (`puzzlebench families`) and of `sweeps`.
    section: object
    # Further sweep names (shell patterns) whose files the section reads: a
    # generation sweep's, an opt-in sweep's.
    sweeps: tuple = ()
    # Common section name -> the family's sweeps (patterns) it reads (reads.py).
    reads: dict = field(default_factory=dict)
    # The ladder section's part of the family (sections/ladder.py); empty: none.
    ladder: dict = field(default_factory=dict)
    # The pictures section's [(file under plots/, render arguments, caption)].
    pictures: list = field(default_factory=list)
