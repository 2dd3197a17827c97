#!/usr/bin/env python3
"""Data is never code (issue 30): the report of results whose names are hostile.

The escaping functions alone (shown(), markdown.escape() and code(), plotting.quote(),
field(), comment() and file_name()), gnuplot reading what quote() and field() make,
and the whole report on a copy of tests/data/analysis whose instance, engine, order,
mode, status, set, tool, level, checker and refill names, .meta values and file names
carry payloads: backquotes and $(...) that would create a canary file, quotes and line
breaks that would end a gnuplot string or line, </script>, ]]>, Markdown links and
table pipes, control bytes and a file name that is not UTF-8. Nothing may run, every
plot must draw, every SVG must be XML, and every name must show as text.

Run: python3 tests/e2e/test_hostile_names.py [PUZZLEBENCH]   (the report's part needs the
program and gnuplot; with the program named, as CTest does, a missing one fails)
"""

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.dont_write_bytecode = True

from analysis import markdown, plotting  # noqa: E402
from analysis.shown import shown  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from analysis_fixtures import need_program  # noqa: E402

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))
STRICT = False
FIXTURE = ROOT / "tests" / "data" / "analysis"
GENERIC = ROOT / "tests" / "data" / "analysis-generic"
REPORT = ROOT / "scripts" / "analysis" / "report.py"
CANARY = "CANARY"   # every payload creates a file whose name holds this


def payloads(canary_dir):
    """Hostile names; each payload that would run makes a file named CANARY-n in canary_dir."""
    c = f"{canary_dir}/{CANARY}"
    return [
        "b/e`touch${IFS}${PWD}-pwned`.txt",
        f"`touch {c}-1`",
        f"$(touch {c}-2)",
        f"x'\nsystem(\"touch {c}-3\")\n'",
        f"y\"\n!touch {c}-4\n\"",
        f"'; system('touch {c}-5'); '",
        f"\"; system(\"touch {c}-6\"); \"",
        f"ends in a backslash \\\n!touch {c}-7\n",
        f"@fmt \\\"`touch {c}-8`\\\"",
        "</script><script>alert(1)</script>",
        "]]><![CDATA[x]]>",
        "<img src=x onerror=alert(1)>",
        "[a link](http://evil.example/) ![an image](http://evil.example/x.png)",
        "a|b|c",
        "*loud* _quiet_ ~~gone~~ $x$ &lt;b&gt;",
        "\x1b]0;retitled\x07 tab\there cr\rhere \x01\x7f\x85",
        "\u202eevil bidi é ü 中",
        "http://evil.example www.evil.example me@evil.example",
        "# not a heading",
        "ends in a backslash \\",
    ]


def file_names():
    """Hostile parts of file names (no "/": a payload that ran would make its canary
    beside the folder gnuplot runs in, named after it)."""
    return [b"b`touch${IFS}${PWD}-pwned`", b"x\n!touch ${PWD}-" + CANARY.encode() + b"-f2\n", b"bad\xffbyte",
            b"$(touch${IFS}${PWD}-" + CANARY.encode() + b"-f1)<script>alert(1)"]


# --- the functions alone ------------------------------------------------------

class Functions(unittest.TestCase):
    def test_shown(self):
        self.assertEqual(shown("a\nb\x1b[31m\x7f\u202e\udcff é"), "a\\x0ab\\x1b[31m\\x7f\\u202e\\xff é")
        self.assertEqual(shown("plain text (1/2)"), "plain text (1/2)")

    def test_markdown_escape(self):
        e = markdown.escape
        self.assertEqual(e("a|b"), "a\\|b")
        self.assertEqual(e("<script>"), "\\<script\\>")
        self.assertEqual(e("[l](u) ![i](u)"), "\\[l\\](u) !\\[i\\](u)")
        self.assertEqual(e("x_y _z_ *w* `c` ~s~ $m$ &amp;"), "x_y \\_z\\_ \\*w\\* \\`c\\` \\~s\\~ \\$m\\$ \\&amp;")
        self.assertEqual(e("see http://e.x www.e.x a@e.x row@2t"), "see http\\://e.x www\\.e.x a\\@e.x row@2t")
        self.assertEqual(e("a\\"), "a\\\\")
        self.assertEqual(e("a\nb"), "a\\\\x0ab")
        # Names as the results have them stay as they are.
        for name in ("backtrack/row", "9x9-easy", "qwh-15-0.3-s1-i0", "enum-perm", "step_limit", "2x7 (14)"):
            self.assertEqual(e(name), name)

    def test_markdown_code(self):
        c = markdown.code
        self.assertEqual(c("gcc -O3"), "`gcc -O3`")
        self.assertEqual(c("x`y"), "``x`y``")
        self.assertEqual(c("`a``"), "``` `a`` ```")
        self.assertEqual(c("a|b\n"), "`a\\|b\\x0a`")

    def test_table_refuses_a_line_break(self):
        with self.assertRaises(ValueError):
            markdown.table(["a"], "l", [["x\ny"]])

    def test_gnuplot_quote(self):
        q = plotting.quote
        self.assertEqual(q("it's"), "'it''s'")
        self.assertEqual(q("a`b`\nc"), "'a`b`\\x0ac'")
        self.assertEqual(q('one "1"', "two `2` \\"), '"one \\"1\\"\\ntwo \\1402\\140 \\\\"')
        self.assertEqual(q("x]]>y"), "'x]]\\x3ey'")
        self.assertEqual(q("'a''b'"), '"\'a\'\'b\'"')

    def test_gnuplot_field_comment_and_file_name(self):
        self.assertEqual(plotting.field(0.5), "0.5")
        self.assertEqual(plotting.field("1x4"), "1x4")
        self.assertEqual(plotting.field("1x4 (4)"), '"1x4 (4)"')
        self.assertEqual(plotting.field('a "b"\\'), '"a \\042b\\042\\\\"')
        self.assertEqual(plotting.field(""), '""')
        self.assertEqual(plotting.comment("a\nb\\"), "a\\x0ab\\ ")
        self.assertEqual(plotting.file_name("notouch-steps"), "notouch-steps")
        for name in ("a/b", "-x", ".x", "a\nb", "x" * 300, "a b"):
            safe = plotting.file_name(name)
            self.assertRegex(safe, r"^[A-Za-z0-9_][A-Za-z0-9._-]{0,120}$", name)
        self.assertNotEqual(plotting.file_name("a b"), plotting.file_name("a_b"))


def gnuplot_missing():
    return shutil.which("gnuplot") is None


class GnuplotReadsText(unittest.TestCase):
    """gnuplot itself on what quote() and field() make: it runs nothing, and shows the
    text shown() gives (print for strings; the SVG's tic labels for data fields)."""

    def setUp(self):
        if gnuplot_missing():
            if STRICT:
                self.fail("no gnuplot")
            self.skipTest("no gnuplot")
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_strings_and_fields(self):
        names = payloads(self.tmp)
        script = ["set print '-'", 'fmt = "macro"']
        for i, name in enumerate(names):
            script += [f"print {plotting.quote(name)}", f"print {plotting.quote(name, name)}",
                       f"set title {plotting.quote(name)} noenhanced", f"set label {i + 1} {plotting.quote(name)}"]
        rows = "\n".join(f"{i}\t{plotting.field(name)}" for i, name in enumerate(names))
        (self.tmp / "tics.tsv").write_text(f"# {plotting.comment(names[7])}\n" + rows + "\n")
        script += ["set terminal svg", "set output 'tics.svg'", "set xtics noenhanced",
                   f"set xrange [-1:{len(names)}]", "set yrange [0:1]",
                   "plot 'tics.tsv' using 1:(NaN):xticlabels(2) notitle"]
        (self.tmp / "t.gp").write_text("\n".join(script) + "\n")
        done = subprocess.run(["gnuplot", "t.gp"], cwd=self.tmp, capture_output=True, text=True, timeout=300)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual([p for p in self.tmp.rglob("*") if CANARY in p.name or "pwned" in p.name], [])
        self.assertFalse(Path(f"{self.tmp}-pwned").exists())   # ${PWD}-pwned, gnuplot's folder being tmp
        expected = []
        for name in names:
            text = plotting._text(name)
            expected += [text, text + "\n" + text]    # one line, then the same as two lines
        self.assertEqual(done.stdout, "".join(e + "\n" for e in expected))
        texts = [t.text for t in ET.parse(self.tmp / "tics.svg").getroot().iter("{http://www.w3.org/2000/svg}text")]
        for name in names:
            self.assertIn(plotting._text(name), texts)


# --- the whole report -----------------------------------------------------------

class Hostile:
    """Gives each distinct value of a column its hostile name: a payload, then the value."""

    def __init__(self, names):
        self.names = names
        self.given = {}

    def __call__(self, value):
        if value not in self.given:
            self.given[value] = self.names[len(self.given) % len(self.names)] + " " + value
        return self.given[value]


# file: {column: the values to replace (None: all but "-" and "")}
MUTATIONS = {
    "notouch.csv": {"instance": None, "engine": None, "order": None, "mode": {"first"}, "status": {"limit"}},
    "notouch-parallel.csv": {"instance": None, "engine": None, "order": None},
    "sudoku-4x4.csv": {"instance": None, "engine": None, "order": None},
    "sudoku-25x25.csv": {"instance": None, "engine": None},
    "sudoku-parallel.csv": {"instance": None, "engine": None, "order": None},
    "sudoku-qqwing.csv": {"set": None, "difficulty": None},
    "kakuro-checkers.csv": {"instance": None, "engine": None, "order": None},
    "kakuro-gen-combo-diff.csv": {"checker": None, "refill": None, "level": {"medium"}},
    "kakuro-gen-thesis-diff.csv": {"refill": None, "seed_table": None},
    "latin.csv": {"engine": None, "order": None},
    "latin-ladder.csv": {"family": None, "instance": None, "engine": None},
    "tenpair-bound.csv": {"engine": None, "status": {"limit", "nomem"}},
    "tenpair-rules.csv": {"instance": None, "wrap": None, "append": None},
    "tenpair-threads.csv": {"status": None},
    "my-runs.csv": {"family": None, "instance": None, "engine": None, "order": None},
}
META_VALUES = {"tenpair-count.meta": ("sweep",), "tenpair-bound.meta": ("stop_after_s", "skipped.6"),
               "tenpair-rules.meta": ("sweep",), "tenpair-threads.meta": ("samples", "cores"),
               "notouch.meta": ("flags", "params", "compiler")}


def mutate_csv(path, columns, hostile):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    for row in rows[1:]:
        for column, which in columns.items():
            i = header.index(column)
            if which is None and row[i] not in ("-", "") or which is not None and row[i] in which:
                row[i] = hostile[column](row[i])
    # Python's writer leaves a lone CR unquoted when lines end in LF: quote it as the
    # harness's writer does, so that the file stays well-formed CSV.
    def field(v):
        return '"' + v.replace('"', '""') + '"' if any(c in v for c in ',"\r\n') else v

    with open(path, "w", newline="", encoding="utf-8") as f:
        f.writelines(",".join(map(field, row)) + "\n" for row in rows)


def mutate_meta(path, keys, names):
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        key = line.partition("=")[0]
        out.append(f"{key}={names[len(out) % len(names)]}" if key in keys else line)
    # A key of its own and a value with every payload, as a run parameter.
    out += [f"{name.replace(chr(10), ' ').replace('=', ' ')}=1" for name in names[:3]]
    out += [f"evil={name}" for name in names if "\n" not in name and "\r" not in name]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def build_results(tmp, names):
    """A copy of the fixture with hostile names; returns {column: Hostile} and the
    hostile file names written (as str, as Python lists the folder)."""
    results = tmp / "results"
    shutil.copytree(FIXTURE, results)
    # A sweep no family section claims (the generic section), its baseline the first solver.
    for f in GENERIC.iterdir():
        shutil.copyfile(f, results / f.name)
    meta, commit = results / "my-runs.meta", next(l for l in (results / "notouch.meta").read_text().splitlines()
                                                  if l.startswith("commit="))
    meta.write_text("".join((commit if l.startswith("commit=") else l) + "\n" for l in meta.read_text().splitlines()
                            if not l.startswith(("baseline=", "engines="))))
    hostile = {}
    for file, columns in MUTATIONS.items():
        for column in columns:
            hostile.setdefault(column, Hostile(names))
        mutate_csv(results / file, columns, hostile)
    for file, keys in META_VALUES.items():
        mutate_meta(results / file, keys, names)
    json_path = results / "micro.json"
    data = json.loads(json_path.read_text())
    micro = Hostile(names)
    for case in data["benchmarks"]:
        for key in ("name", "run_name"):
            if key in case:
                case[key] = micro(case[key])
    json_path.write_text(json.dumps(data))
    example = results / "kakuro-example" / "generate.csv"
    example.write_text(example.read_text().replace("11x11-hard-s1-0000,", f'"../../`touch {tmp}/{CANARY}-k`",', 1))
    # Copies of two files under hostile names: a notouch sweep (its plots are named
    # after the file) and a parallel one (its section is).
    written, base = [], os.fsencode(results) + b"/"
    *sweeps, parallel = file_names()
    copies = [("notouch", b"notouch-" + part) for part in sweeps] + [("notouch-parallel", parallel + b"-parallel")]
    for src, dst in copies:
        for ext in (b".csv", b".meta"):
            shutil.copyfile(results / f"{src}{os.fsdecode(ext)}", base + dst + ext)
        written.append(os.fsdecode(dst + b".csv"))
    return results, hostile, written


def strip_code_spans(line):
    """The line without its code spans (a run of n backquotes to the next run of n)."""
    return re.sub(r"(`+)(?:(?!\1).)*?\1", "", line)


def raw(pattern, line):
    """The matches of pattern in line written as they are: not made literal by a
    backslash (an odd run of them) before the match."""
    return [m for m in re.finditer(pattern, line) if (m.start() - len(line[:m.start()].rstrip("\\"))) % 2 == 0]


def unescaped(line, chars):
    """The characters of `chars` in line not made literal by a backslash."""
    found, i = [], 0
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] in chars:
            found.append(line[i])
        i += 1
    return found


def gp_split(line):
    """A gnuplot line as (its text outside strings, the text inside double-quoted
    strings); single-quoted strings, which gnuplot leaves alone, are dropped."""
    outside, inside, quote, i = [], [], None, 0
    while i < len(line):
        c = line[i]
        if quote is None:
            if c in "'\"":
                quote = c
            else:
                outside.append(c)
        elif quote == "'":
            if c == "'" and line[i + 1:i + 2] == "'":
                i += 1
            elif c == "'":
                quote = None
        elif c == "\\":
            inside.append(line[i:i + 2])
            i += 1
        elif c == '"':
            quote = None
        else:
            inside.append(c)
        i += 1
    return "".join(outside), "".join(inside)


def csv_column(path, column):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return list(dict.fromkeys(r[column] for r in rows))


# What a payload would inject into Markdown, were it written as it is.
MARKUP = ("<script", "</script", "<img", "<![CDATA", "](http", "[a link]", "![an image]", "*loud*", "_quiet_",
          "~~gone~~", "$x$", "&lt;", "http://evil", "www.evil", "me@evil", "a|b|c")


class Report(unittest.TestCase):
    """The report, plots drawn, on the fixture with hostile names (built once)."""

    @classmethod
    def setUpClass(cls):
        need_program(PUZZLEBENCH, STRICT)
        cls.tmp = Path(tempfile.mkdtemp())
        cls.names = payloads(cls.tmp)
        cls.dir, cls.hostile, cls.files = build_results(cls.tmp, cls.names)
        program = os.path.abspath(PUZZLEBENCH) if os.sep in PUZZLEBENCH else PUZZLEBENCH
        cls.done = subprocess.run([sys.executable, str(REPORT), "--puzzlebench", program, str(cls.dir)],
                                  capture_output=True, text=True, timeout=600, cwd=cls.tmp)
        cls.text = (cls.dir / "REPORT.md").read_text(encoding="utf-8") if (cls.dir / "REPORT.md").exists() else ""

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_nothing_ran_and_every_plot_drew(self):
        self.assertEqual(self.done.returncode, 0, self.done.stderr)
        self.assertNotIn("gnuplot", self.done.stderr)
        # What `touch` would have made (result and plot files are named after payloads too).
        ran = [p for p in self.tmp.rglob("*") if re.search(r"-pwned$|CANARY-(\d+|f\d|k)$", p.name)]
        self.assertEqual(ran, [])
        plots = self.dir / "plots"
        for gp in plots.glob("*.gp"):
            for ext in ("tsv", "png", "svg"):
                self.assertGreater(gp.with_suffix("." + ext).stat().st_size, 0, gp)
        # The plots of the files with hostile names: one set each, under a safe name.
        for name in self.files:
            stem = name[: -len(".csv")]
            if not stem.endswith("-parallel"):
                self.assertTrue((plots / (plotting.file_name(stem + "-steps") + ".gp")).is_file(), name)
        for path in plots.iterdir():
            self.assertRegex(path.name, r"^[A-Za-z0-9_][A-Za-z0-9._-]*$")

    def test_scripts_hold_no_command(self):
        """Outside single-quoted strings no backquote, no @macro, no line that starts a
        shell command or calls system, load, eval or call."""
        for gp in (self.dir / "plots").glob("*.gp"):
            for n, line in enumerate(gp.read_text(encoding="utf-8").splitlines(), 1):
                if line.startswith("#"):
                    continue
                code, strings = gp_split(line)
                where = f"{gp.name}:{n}: {line}"
                self.assertNotIn("`", code + strings, where)
                self.assertNotIn("@", code, where)
                self.assertNotRegex(code, r"^\s*!|\b(system|load|eval|call)\b", where)

    def test_svgs_are_xml_and_tics_show_the_names(self):
        for svg in (self.dir / "plots").glob("*.svg"):
            ET.parse(svg)  # raises on "]]>" or a control byte in text
        texts = set()
        for name in ("notouch-steps", "notouch-time", "kakuro-checkers"):
            root = ET.parse(self.dir / "plots" / f"{name}.svg").getroot()
            texts |= {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        tsv = (self.dir / "plots" / "notouch-steps.tsv").read_text(encoding="utf-8")
        instances = csv_column(self.dir / "notouch.csv", "instance") + csv_column(self.dir / "kakuro-checkers.csv",
                                                                                  "instance")
        self.assertGreaterEqual(len(instances), 5)
        for instance in instances:
            shown_ = [t for t in texts if t and t.startswith(plotting._text(instance))]
            self.assertTrue(shown_, instance)
        self.assertIn(plotting.field(self.hostile["instance"]("1x4") + " (4)"), tsv)

    def test_markdown_holds_no_markup_from_data(self):
        self.assertNotRegex(self.text, r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")
        for n, line in enumerate(self.text.splitlines(), 1):
            plain = strip_code_spans(line)
            for markup in MARKUP:
                self.assertEqual(raw(re.escape(markup), plain), [], f"REPORT.md:{n}: {line}")
            # The report's own images only, their alt text escaped.
            for link in raw(r"\]\(([^)]*)\)", plain):
                self.assertRegex(link.group(1), r"^plots/[A-Za-z0-9_][A-Za-z0-9._-]*$", f"REPORT.md:{n}: {line}")

    def test_tables_keep_their_columns(self):
        lines = self.text.splitlines()
        for n, line in enumerate(lines):
            if re.fullmatch(r"\|(---:?\|)+", line):
                columns = line.count("|")
                body = n + 1
                while body < len(lines) and lines[body].startswith("|"):
                    cells = unescaped(lines[body], "|")
                    self.assertEqual(len(cells), columns, f"REPORT.md:{body + 1}: {lines[body]}")
                    body += 1

    def test_every_name_shows_as_text(self):
        shown_in = {"notouch.csv": ("instance", "engine", "order", "mode"), "sudoku-4x4.csv": ("instance", "engine"),
                    "kakuro-checkers.csv": ("instance",), "latin-ladder.csv": ("family", "instance", "engine"),
                    "tenpair-bound.csv": ("engine", "status"), "sudoku-qqwing.csv": ("difficulty",),
                    "kakuro-gen-combo-diff.csv": ("checker", "refill")}
        for file, columns in shown_in.items():
            for column in columns:
                for name in csv_column(self.dir / file, column):
                    if name in ("-", "") or name not in self.hostile[column].given.values():
                        continue
                    self.assertTrue(markdown.escape(name) in self.text or markdown.code(name) in self.text,
                                    f"{file} {column} {name!r}")
        for name in self.files:
            self.assertIn(markdown.code(name), self.text, name)
        for name in self.names:
            if "\n" not in name and "\r" not in name:
                self.assertIn(markdown.code(f"evil={name}"), self.text, name)

if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
        STRICT = True
    unittest.main()
