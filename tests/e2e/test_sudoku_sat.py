#!/usr/bin/env python3
"""Tests of scripts/sudoku_sat.py's write_set, the writer of the sets that
make-sudoku-hard.py, make-sudoku-qwh.py and make-sudoku-unique.py make: the file written
whole through a temporary file of its own, never through a link planted at a name known
in advance nor over another run's file, and nothing left behind when the writing fails.
A stand-in answers for puzzlebench's --version.

Run: python3 tests/e2e/test_sudoku_sat.py
"""

import os
import stat
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before sudoku_sat is imported: no __pycache__ in scripts/
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import sudoku_sat  # noqa: E402


class WriteSet(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.tmp = Path(self.dir.name)
        self.pb = self.tmp / "pb"
        self.pb.write_text("#!/bin/sh\necho 'puzzlebench 0.1.0'\necho 'commit abc123'\n")
        self.pb.chmod(0o755)
        self.out = self.tmp / "set.txt"
        self.victim = self.tmp / "victim.txt"
        self.victim.write_text("not to be touched\n")

    def tearDown(self):
        self.dir.cleanup()

    def write(self, puzzles=("1.3", "..2")):
        sudoku_sat.write_set(str(self.pb), str(self.out), "scripts/x.py --keep 2", ["# a comment\n"], puzzles)

    def entries(self):
        return sorted(p.name for p in self.tmp.iterdir())

    def test_written_whole_readable_by_all(self):
        self.write()
        self.assertEqual(self.out.read_text(), "# scripts/x.py --keep 2 (puzzlebench 0.1.0 abc123)\n"
                         "# a comment\n1.3\n..2\n")
        self.assertEqual(stat.S_IMODE(self.out.stat().st_mode), 0o644)
        self.assertEqual(self.entries(), ["pb", "set.txt", "victim.txt"])

    def test_link_at_the_old_temporary_name_left_alone(self):
        # The writer once wrote OUT.tmp, following a link planted there onto its target.
        link = self.tmp / "set.txt.tmp"
        link.symlink_to(self.victim)
        self.write()
        self.assertEqual(self.victim.read_text(), "not to be touched\n")
        self.assertTrue(link.is_symlink())
        self.assertEqual(os.readlink(link), str(self.victim))
        self.assertTrue(self.out.read_text().endswith("1.3\n..2\n"))

    def test_another_runs_temporary_file_left_alone(self):
        # Two runs at once shared OUT.tmp: one truncated the other's file, then renamed it away.
        other = self.tmp / "set.txt.tmp"
        other.write_text("another run, half way\n")
        self.write()
        self.assertEqual(other.read_text(), "another run, half way\n")

    def test_a_link_at_out_replaced_not_followed(self):
        self.out.symlink_to(self.victim)
        self.write()
        self.assertFalse(self.out.is_symlink())
        self.assertEqual(self.victim.read_text(), "not to be touched\n")

    def test_failure_leaves_out_as_it_was_and_no_temporary_file(self):
        self.out.write_text("the set before\n")

        def puzzles():
            yield "1.3"
            raise RuntimeError("cut short")

        with self.assertRaises(RuntimeError):
            self.write(puzzles())
        self.assertEqual(self.out.read_text(), "the set before\n")
        self.assertEqual(self.entries(), ["pb", "set.txt", "victim.txt"])


if __name__ == "__main__":
    unittest.main()
