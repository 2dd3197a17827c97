#!/usr/bin/env python3
"""The analysis tool's readers on damaged input: csvread.read_csv (results and samples
CSVs) and meta.read_meta / meta_line (.meta files), each fed a fixed stream of
mutations (bytes inserted, deleted, replaced, chunks repeated, two seeds spliced) of
a few valid and invalid seed files. A CSV is either read, every row as wide as the
header on a line of the file and every number of it finite and >= 0, or refused
with one ReportError: one printable line naming the file, and a line of it where it
names one. A .meta never fails, and its line in the report is one printable line.
Never a traceback. Deterministic: a fixed seed, stdlib only.

Run: python3 tests/e2e/test_analysis_mutations.py
"""

import random
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.dont_write_bytecode = True

from analysis import csvread, meta  # noqa: E402
from analysis.errors import ReportError  # noqa: E402

MUTATIONS = 3000

TIMING = ("run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,"
          "median_hi_s,noisy,ref_s,cpu_s,peak_rss_bytes,stop,time_limit_s")
HEADER = "family,instance,engine,status,steps,wall_s," + TIMING
ROW = "fam,{i},e,done,{s},0.5,r1,{i},2,1,0.5,0.5,0.5,0,0,0.5,0.5,0,,0.4,1000,,"
CSV_SEEDS = [
    HEADER + "\n" + "".join(ROW.format(i=i, s=100 + i) + "\n" for i in range(3)),
    HEADER + "\r\n" + ROW.format(i=0, s=7) + "\r\n\r\n" + HEADER + "\r\n" + ROW.format(i=1, s=8),
    HEADER + "\n" + ROW.format(i=0, s=1).replace("fam,0", '"fa,""m""\n2",0') + "\n",
    "run_id,row,sample,runs,wall_s,round,process,cpu_s\nr1,0,0,1,0.25,0,0,0.1\nr1,0,1,1,0.5,1,0,\n",
    HEADER + "\n" + ROW.format(i=0, s="1e400") + "\n" + ROW.format(i=1, s="-3") + "\n",
    HEADER + "\n" + ROW.format(i=0, s=1) + ",extra\n" + '"open quote,\n',
    "\ufeff" + HEADER + "\n" + ROW.format(i=0, s=1) + "\n",
    "",
]
META_SEEDS = [
    "date=2026-01-01\ncommit=abc\ncpu=x86\nthreads=4\nfamily=fam\nstatus=interrupted\n"
    "rows=2 of 3\nload_warning=busy\nskipped.4=limit\nsweep=a.sweep\n",
    "commit=abc\r\ncpu=\x1b[31mred\r\nnote=a|b`c\n=empty key\nno equals sign\n",
    "",
]
NUMBERS = ("steps", "wall_s", "samples", "median_s", "min_s")


def mutate(rng, data, seeds):
    """One mutation of data (bytes): as tests/fuzz/driver.c makes them."""
    data = bytearray(data)
    pos = rng.randrange(len(data) + 1)
    ch = rng.randrange(256) if rng.randrange(4) == 0 else rng.choice(b'#.;\\\n\r \t,x019e-+/"=\x00\xef\xbb\xbf')
    kind = rng.randrange(5)
    if kind == 0:
        data.insert(pos, ch)
    elif kind == 1 and pos < len(data):
        del data[pos:pos + 1 + (rng.randrange(len(data) - pos) if rng.randrange(4) == 0 else 0)]
    elif kind == 2 and pos < len(data):
        data[pos] = ch
    elif kind == 3 and pos < len(data):
        n = 1 + rng.randrange(len(data) - pos)
        data[pos:pos] = data[pos:pos + n]
    elif kind == 4:
        other = rng.choice(seeds)
        data[pos:] = other[rng.randrange(len(other) + 1):]
    return bytes(data[:16384])


def inputs(seeds, seed):
    """The seeds, then MUTATIONS mutated copies of them."""
    rng = random.Random(seed)
    raw = [s.encode("utf-8") for s in seeds]
    yield from raw
    for _ in range(MUTATIONS):
        data = rng.choice(raw)
        for _ in range(1 + rng.randrange(8)):
            data = mutate(rng, data, raw)
        yield data


class Mutations(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def one_line(self, text, data):
        self.assertTrue(text.isprintable() and "\n" not in text, f"{text!r} from {data!r}")

    def test_csv(self):
        path = self.tmp / "r.csv"
        for data in inputs(CSV_SEEDS, 1):
            path.write_bytes(data)
            lines = data.count(b"\n") + 1
            try:
                table = csvread.read_csv(path, need=("run_id", "row"))
                for row in table:
                    self.assertEqual(len(row.fields), len(table.columns), data)
                    self.assertTrue(1 <= row.line <= lines, data)
                    for column in (c for c in NUMBERS if table.has(c)):
                        try:
                            value = row.num(column)
                            self.assertTrue(value >= 0 and value != float("inf"), data)
                        except ReportError as e:
                            self.assertEqual(e.line, row.line, data)
                            self.one_line(str(e), data)
            except ReportError as e:
                self.one_line(str(e), data)
                self.assertTrue(str(e).startswith(str(path) + ":"), (str(e), data))
                self.assertTrue(e.line is None or 1 <= e.line <= lines, (str(e), data))

    def test_meta(self):
        path = self.tmp / "r.meta"
        primary = None
        for data in inputs(META_SEEDS, 2):
            path.write_bytes(data)
            m = meta.read_meta(path)
            self.assertIsNotNone(m, data)
            for show in ((), ("commit", "cpu")):
                self.one_line(meta.meta_line(path, primary, show), data)
            self.one_line(meta.meta_short(path), data)
            self.one_line(meta.incomplete_note(m), data)
            primary = m


if __name__ == "__main__":
    unittest.main()
