#!/usr/bin/env python3
"""Entry point: python3 scripts/analysis/report.py [--no-plots] [--allow-mixed] [--puzzlebench FILE] [DIR]
(scripts/report.sh runs this). The tool is the package `analysis` in this folder."""

import signal
import sys
from pathlib import Path


def _stopped(signum, frame):
    """SIGTERM or a hang-up while the modules load ends the report as Ctrl-C does
    (analysis.stopping takes over once they are loaded); exit 143."""
    raise SystemExit(128 + signal.SIGTERM)


for _sig in (signal.SIGTERM, signal.SIGHUP):
    signal.signal(_sig, _stopped)

# Import the package from its parent folder, not its modules from this one; and
# leave no __pycache__ in the source tree.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.dont_write_bytecode = True

try:
    from analysis import stopping  # noqa: E402
    from analysis.main import main  # noqa: E402
    stopping.install()
except KeyboardInterrupt:  # Ctrl-C while the modules load: as main answers it later
    sys.exit(130)

sys.exit(main())
