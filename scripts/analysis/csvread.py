"""The one CSV reader of the report, and its one CSV writer (writer()): fields are
found by header name, never by position.

A file is checked against the columns its reader needs before any row is used; a
missing column is a ReportError naming the file and the column. Blank lines and
repeated header lines (files joined from several runs) are skipped.
"""

import csv
import math

from .errors import ReportError
from .shown import shown


class Row:
    """One data line: fields by column name, with the line number for error messages."""

    __slots__ = ("table", "line", "fields")

    def __init__(self, table, line, fields):
        self.table = table
        self.line = line
        self.fields = fields

    def __getitem__(self, column):
        return self.fields[self.table.column_index(column)]

    def get(self, column, default=None):
        """The field, or `default` when the file has no such column."""
        if column not in self.table.index:
            return default
        return self[column]

    def num(self, column):
        """The field as a number, finite and not negative (no column the harness writes
        holds another: a time, a count, a size); anything else is an error naming file,
        line and column."""
        text = self[column]
        try:
            value = float(text)
        except ValueError:
            value = None
        if value is None or not math.isfinite(value) or value < 0:
            raise ReportError(self.table.name, f'column "{column}": expected a number >= 0, '
                              f'got "{shown(text)}"', self.line)
        return value

    def whole(self, column):
        """The field as a whole number (a count, a size), below 2^63: num()'s errors,
        and a fraction or a number of 300 digits is one too."""
        value = self.num(column)
        if not value.is_integer() or value >= 2.0**63:
            raise ReportError(self.table.name, f'column "{column}": expected a whole number, '
                              f'got "{shown(self[column])}"', self.line)
        return int(value)


class Table:
    """A CSV file's header and data rows."""

    def __init__(self, name, columns):
        self.name = name
        self.columns = columns
        self.index = {c: i for i, c in reversed(list(enumerate(columns)))}
        self.rows = []

    def has(self, column):
        return column in self.index

    def column_index(self, column):
        try:
            return self.index[column]
        except KeyError:
            raise ReportError(self.name, f'no column "{column}" in the header', 1) from None

    def __iter__(self):
        return iter(self.rows)

    def __len__(self):
        return len(self.rows)


def parse_csv(lines, name, need=()):
    """A Table from an iterable of text lines; `need`: the columns that must be there."""
    reader = csv.reader(lines)
    table = None
    header_line = 0
    try:
        for fields in reader:
            if not any(f.strip() for f in fields):
                continue
            if table is None:
                table = Table(name, [f.strip() for f in fields])
                header_line = reader.line_num
                for column in need:
                    if column not in table.index:
                        raise ReportError(name, f'no column "{column}" in the header', header_line)
                continue
            if [f.strip() for f in fields] == table.columns:
                continue
            if len(fields) != len(table.columns):
                raise ReportError(name, f"expected {len(table.columns)} fields as in the header, "
                                  f"got {len(fields)}", reader.line_num)
            table.rows.append(Row(table, reader.line_num, fields))
    except csv.Error as e:
        raise ReportError(name, f"not a CSV line ({e})", reader.line_num) from None
    if table is None:
        if need:
            raise ReportError(name, "expected a header line, the file is empty", 1)
        table = Table(name, [])
    return table


def writer(f):
    """The one way the report writes CSV (copies of result files for `puzzlebench
    compare`): the csv module's quoting, so that a field holding a comma, a quote or a
    line break stays one field; lines end in "\\n"."""
    return csv.writer(f, lineterminator="\n")


def read_csv(path, need=()):
    """The Table of the CSV file at `path` (see parse_csv); errors name the path as given."""
    name = str(path)
    try:
        # Lines end at "\n" alone, as an editor (and the C reader) counts them: with
        # newline="" a lone "\r" would end a line too, and every later line number in a
        # message would be one past the file's.
        with open(path, newline="\n", encoding="utf-8") as f:
            return parse_csv(f, name, need)
    except OSError as e:
        raise ReportError(name, f"cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ReportError(name, "expected UTF-8 text") from None
