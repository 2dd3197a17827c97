#!/usr/bin/env python3
"""Entry point: python3 scripts/analysis/report.py [--no-plots] [--allow-mixed] [--puzzlebench FILE] [DIR]
(scripts/report.sh runs this). The tool is the package `analysis` in this folder."""

import sys
from pathlib import Path

# Import the package from its parent folder, not its modules from this one; and
# leave no __pycache__ in the source tree.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.dont_write_bytecode = True

try:
    from analysis.main import main  # noqa: E402
except KeyboardInterrupt:  # Ctrl-C while the modules load: as main answers it later
    sys.exit(130)

sys.exit(main())
