"""Markdown pieces: the escaping of data, inline code, and the one table writer.

Every string read from result files reaches the report through escape() (text) or
code() (inline code), never as it is: a name must not end a table cell, open HTML,
a link, an image or an autolink, nor emphasise, nor break a line."""

import re

from .shown import shown

# Characters with a meaning in text: backslash escapes make each literal (CommonMark
# allows a backslash before any ASCII punctuation, in table cells too). "$" is
# GitHub's math; "_" is escaped only where it could open or close emphasis.
_SPECIAL = frozenset("\\`*[]<>|&$~")
# The GitHub autolink triggers: a scheme's "://", "www.", and "@" before a domain.
_AUTOLINK = re.compile(r"(?=://)|(?<=[Ww][Ww][Ww])(?=\.)|(?=@[^@]*\.)")


def escape(text):
    """Data as Markdown text, in a table cell or a line: shown() (no control characters),
    then a backslash before each character that could be markup."""
    s = shown(text)
    out = []
    for i, c in enumerate(s):
        if c in _SPECIAL or (c == "_" and not (0 < i < len(s) - 1 and s[i - 1].isalnum() and s[i + 1].isalnum())):
            out.append("\\")
        out.append(c)
    s = "".join(out)
    return _AUTOLINK.sub(r"\\", s)


def code(text):
    """Data as inline code: shown(), "|" as "\\|" (a table cell would end there: in a
    table it shows as "|"), fenced by more backquotes than any run of them inside."""
    s = shown(text).replace("|", "\\|")
    fence = "`" * (max((len(run) for run in re.findall("`+", s)), default=0) + 1)
    pad = " " if s[:1] == "`" or s[-1:] == "`" else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def table(header, align, rows):
    """A Markdown table as lines. `align`: one letter per column, "l" or "r";
    cells are used as given: data in them must come through escape() or code()."""
    if len(align) != len(header):
        raise ValueError("one alignment letter per column")
    rule = "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"
    lines = [row_line(header), rule]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"row of {len(row)} cells in a table of {len(header)} columns")
        lines.append(row_line(row))
    return lines


def row_line(cells):
    cells = [str(c) for c in cells]
    if any("\n" in c or "\r" in c for c in cells):
        raise ValueError("a table cell with a line break: data must come through escape() or code()")
    return "| " + " | ".join(cells) + " |"


class Image:
    """A plot's place in the report, resolved once the plots are drawn: the image
    when plots/NAME exists, else a line saying it was not generated."""

    def __init__(self, file, alt):
        self.file = file
        self.alt = alt

    def render(self, plots_dir):
        if (plots_dir / self.file).is_file():
            return f"![{escape(self.alt)}](plots/{self.file})"
        return f"_(plot plots/{self.file} not generated)_"
