"""Pictures drawn by the program itself: `puzzlebench render` writes a puzzle as SVG
(the report's pictures of every family, and the kakuro example's). Written to a
temporary name and then moved into place, so a failed drawing leaves no half file."""

import os
import subprocess
import tempfile

from .errors import ReportError


def draw(binary, out, args):
    """Runs `binary render ARGS --out` into the file out (a Path)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    os.close(fd)
    try:
        done = subprocess.run([binary, "render", *map(str, args), "--out", tmp], capture_output=True, text=True,
                              timeout=300)
        if done.returncode != 0:
            why = done.stderr.strip().splitlines()
            raise ReportError(binary, f"render {' '.join(map(str, args))}: exit {done.returncode}"
                              + (f": {why[-1]}" if why else ""))
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ReportError(binary, f"render {' '.join(map(str, args))}: {e}") from None
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
