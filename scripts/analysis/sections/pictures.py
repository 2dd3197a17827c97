"""Pictures of every family: one solved puzzle of each, drawn by `puzzlebench render`
in the family's conventions, and the shortest tenpair win as an animated SVG. The
instances are the project's own (built in, or under data/), so any results folder
gets the same pictures; a family without an entry in PICTURES gets none, and the
section says so."""

from pathlib import Path

from .. import render
from ..markdown import code

REPO_ROOT = Path(__file__).resolve().parents[3]

# family: [(file under plots/, render arguments, caption)]
PICTURES = {
    "notouch": [("picture-notouch.svg", ["notouch", "cross8", "--solution"],
                 "notouch: the seed's cross8 board solved (the touching pairs faint)")],
    "sudoku": [("picture-sudoku.svg", ["sudoku", REPO_ROOT / "data/sudoku/9x9-easy.txt", "--solution"],
                "sudoku: the first puzzle of data/sudoku/9x9-easy.txt solved, givens bold")],
    "kakuro": [("picture-kakuro.svg",
                ["kakuro", REPO_ROOT / "data/kakuro/puzzles-9x9-hard.kak", "--solution"],
                "kakuro: the first puzzle of data/kakuro/puzzles-9x9-hard.kak solved")],
    "tenpair": [("picture-tenpair.svg", ["tenpair", "upto19"],
                 "tenpair: the start 1..19 written out, as the game begins"),
                ("picture-tenpair-win.svg", ["tenpair", "upto19", "--win"],
                 "tenpair: the shortest win from 1..19, animated (each crossed pair lit, then struck)")],
    "latin": [("picture-latin.svg", ["latin", "qwh-10-0.42-x1", "--solution"],
               "latin: a generated order-10 square with 42% holes, completed")],
}


def section(ctx):
    out = ["", "## Pictures of every family", "",
           "Drawn by `puzzlebench render` when this report was written; they hold no measurement. "
           "SVG; the tenpair win is animated with SMIL, no script.", ""]
    for family in ctx.listing.families:
        pictures = PICTURES.get(family.name)
        if not pictures:
            out += [f"_{family.name}: no picture listed in scripts/analysis/sections/pictures.py._", ""]
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
