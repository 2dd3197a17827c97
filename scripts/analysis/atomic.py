"""A text file written whole: a temporary file of a name of its own in the target's
folder (made new, so never a link planted at a name known in advance, nor another
run's file), renamed over the target once written, removed on any failure."""

import os
import tempfile


def write_atomically(path, text):
    """Writes text (UTF-8) to the file path (a Path) whole, readable by everyone."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        # mkstemp's file is its owner's alone; a result or a data set is for everyone to read.
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
