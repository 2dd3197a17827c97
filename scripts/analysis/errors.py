"""The one error the report stops on: bad input, printed as `report: FILE:LINE: what was expected`."""


class ReportError(Exception):
    """Bad input (a missing column, an unreadable file, a failing program).

    `where` names the file (or program); `line` the line in it, when one is to blame.
    """

    def __init__(self, where, message, line=None):
        super().__init__(message)
        self.where = str(where)
        self.message = message
        self.line = line

    def __str__(self):
        if self.line is None:
            return f"{self.where}: {self.message}"
        return f"{self.where}:{self.line}: {self.message}"
