"""Pictures of every family: what each family's own section module lists in its
PICTURES, [(file under plots/, `puzzlebench render` arguments, caption)], drawn in
the family's conventions. The instances are the project's own (built in, or under
data/: repo_path), so any results folder gets the same pictures; a family that lists
none gets none, and the section says so."""

from pathlib import Path

from .. import render
from ..markdown import code, escape

REPO_ROOT = Path(__file__).resolve().parents[3]


def repo_path(relative):
    """A file of the repository, as a render argument (shown relative to it)."""
    return REPO_ROOT / relative


def section(ctx):
    out = ["", "## Pictures of every family", "",
           "Drawn by `puzzlebench render` when this report was written; they hold no measurement. SVG.", ""]
    for family in ctx.listing.families:
        section = ctx.family_section(family.name)
        pictures = section.pictures if section else None
        if not pictures:
            out += [f"_{escape(family.name)}: no picture listed (its section module's PICTURES)._", ""]
            continue
        for name, args, caption in pictures:
            path = ctx.plots_dir / name
            if ctx.draw_plots:
                render.draw(ctx.binary, path, args)
            if path.is_file():
                command = "puzzlebench render " + " ".join(_shown(a) for a in args)
                out += [f"**{caption}** ({code(command)})", "", f"![{caption}](plots/{name})", ""]
            else:
                out += [f"_(picture plots/{name} not drawn)_", ""]
    return out


def _shown(arg):
    """An argument as a reader would type it: paths relative to the repository."""
    if isinstance(arg, Path):
        try:
            return str(arg.relative_to(REPO_ROOT))
        except ValueError:
            return str(arg)
    return str(arg)
