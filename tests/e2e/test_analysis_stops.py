#!/usr/bin/env python3
"""Tests of how a signal stops the report (scripts/analysis/stopping.py): SIGTERM
while gnuplot draws, SIGTERM while the report reads a gnuplot's messages, Ctrl-C
while the modules load. Each ends the report at once, as Ctrl-C does: its exit
status, nothing on stderr, no scratch folder, no gnuplot left running, no REPORT.md.

Run: python3 tests/e2e/test_analysis_stops.py [PUZZLEBENCH]
The program and gnuplot as test_analysis_report.py needs them.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import FIXTURE, REPORT, ROOT, need_program  # noqa: E402

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))
STRICT = False   # the program was named: the tests run, or fail


class Stops(unittest.TestCase):
    """The report on a copy of tests/data/analysis, stopped by a signal."""

    def setUp(self):
        need_program(PUZZLEBENCH, STRICT)
        self.tmp = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)

    def test_sigterm_while_drawing_leaves_no_scratch(self):
        # SIGTERM (a hang-up alike) while gnuplot draws: exit 143, as after Ctrl-C,
        # with the plots' scratch folder removed and the gnuplot killed, and no
        # REPORT.md. A gnuplot of the test's own says when it runs, then waits.
        results = self.tmp / "term"
        shutil.copytree(FIXTURE, results)
        bin_dir = self.tmp / "term-bin"
        bin_dir.mkdir()
        ready = self.tmp / "term-gnuplot.pid"
        fake = bin_dir / "gnuplot"
        fake.write_text(f"#!/bin/sh\necho $$ >'{ready}.$$' && mv '{ready}.$$' '{ready}'\nexec sleep 60\n")
        fake.chmod(0o755)
        env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
        proc = subprocess.Popen([sys.executable, str(REPORT), "--puzzlebench", PUZZLEBENCH, str(results)],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for _ in range(6000):  # until the first plot is being drawn, however slow the machine
            if ready.exists() or proc.poll() is not None:
                break
            time.sleep(0.01)
        self.assertTrue(ready.exists(), "the report never ran gnuplot")
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        self.assertEqual((proc.returncode, err), (143, ""))
        self.assertEqual([p.name for p in (results / "plots").iterdir() if p.name.startswith(".")], [])
        self.assertFalse((results / "REPORT.md").exists())
        with self.assertRaises(ProcessLookupError):
            os.kill(int(ready.read_text()), 0)

    def test_a_stop_while_gnuplot_writes_is_not_lost(self):
        # A signal that comes while the report takes in a gnuplot's messages (not
        # while it waits for them) still stops it at once: exit 143, the gnuplot
        # killed. Each gnuplot of the test's own floods its stderr and sends the
        # signal midway, then waits.
        results = self.tmp / "flood"
        shutil.copytree(FIXTURE, results)
        bin_dir = self.tmp / "flood-bin"
        bin_dir.mkdir()
        fake = bin_dir / "gnuplot"
        once = self.tmp / "flood-once"
        fake.write_text(f"#!/bin/sh\nif mkdir '{once}' 2>/dev/null; then\n"
                        "  head -c 50000000 /dev/zero >&2 &\n  sleep 0.01\n  kill -TERM $PPID\n  wait\nfi\n"
                        "exec sleep 60\n")
        fake.chmod(0o755)
        env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
        done = subprocess.run([sys.executable, str(REPORT), "--puzzlebench", PUZZLEBENCH, str(results)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=50)
        self.assertEqual((done.returncode, done.stderr), (143, ""))
        self.assertFalse((results / "REPORT.md").exists())

    def test_interrupted_while_loading_is_no_traceback(self):
        # Ctrl-C in the first half second, while the modules load, ends the report as
        # it does later: exit 130 and nothing on stderr. The import stands in for it.
        code = ("import builtins, runpy, sys\n"
                "real = builtins.__import__\n"
                "def stop(name, *args, **kwargs):\n"
                "    if name == 'analysis.main':\n"
                "        raise KeyboardInterrupt\n"
                "    return real(name, *args, **kwargs)\n"
                "builtins.__import__ = stop\n"
                f"sys.argv = ['report.py', {str(self.tmp)!r}]\n"
                f"runpy.run_path({str(REPORT)!r}, run_name='__main__')\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        self.assertEqual((done.returncode, done.stderr), (130, ""))



if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
        STRICT = True
    unittest.main()
