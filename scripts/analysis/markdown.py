"""Markdown pieces: escaping, inline code, and the one table writer."""


def escape(text):
    """Text for a table cell: "|" would end the cell."""
    return str(text).replace("|", "\\|")


def code(text):
    """Inline code; a backquote inside would end it, so it becomes a quote."""
    return "`" + str(text).replace("`", "'") + "`"


def table(header, align, rows):
    """A Markdown table as lines. `align`: one letter per column, "l" or "r";
    cells are used as given (escape them first where they may hold a "|")."""
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
    return "| " + " | ".join(str(c) for c in cells) + " |"


class Image:
    """A plot's place in the report, resolved once the plots are drawn: the image
    when plots/NAME exists, else a line saying it was not generated."""

    def __init__(self, file, alt):
        self.file = file
        self.alt = alt

    def render(self, plots_dir):
        if (plots_dir / self.file).is_file():
            return f"![{self.alt}](plots/{self.file})"
        return f"_(plot plots/{self.file} not generated)_"
