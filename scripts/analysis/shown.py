"""The one way text read from result files (names, fields, .meta values, file names)
is shown: printable characters as they are, every other character as an escape
(\\xNN for a control character or an undecodable byte of a file name, \\uNNNN for an
invisible or unassigned code point). So no line break, terminal control or
invisible character from the data reaches a report, a plot or a message; the
escaping for each target (markdown.py, plotting.py) starts from this text."""


def shown(text):
    text = str(text)
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c.isprintable():
            out.append(c)
            continue
        o = ord(c)
        if 0xDC80 <= o <= 0xDCFF:
            # A byte that was not UTF-8, kept by Python as a lone surrogate (file names).
            o -= 0xDC00
        out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
    return "".join(out)
