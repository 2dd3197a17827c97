#!/usr/bin/env python3
"""ladder.py — the rungs of reasoning side by side: puzzlebench's engines and the
outside SAT solvers (Debian's minisat and cadical) on the same one-puzzle files, in
one run, every run timed by `puzzlebench time` as a whole process (the harness's one
method), with one time limit for all.

usage: bench/ladder.py --out FILE.csv --family FAMILY [options] SET:PARAM:FILE...

  SET:PARAM:FILE  one instance: FILE holds one puzzle; SET names the group it belongs
                  to (e.g. qwh-40) and PARAM the point within it (e.g. the hole
                  fraction 0.42); the report groups rows by them
  --tools LIST    comma-separated, run in this order on each instance (default
                  backtrack/mrv,propagate/mrv,alldiff/mrv,learn,minisat,cadical):
                  ENGINE or ENGINE/ORDER for puzzlebench's engines, `minisat` and
                  `cadical` for the outside solvers (given the instance as DIMACS
                  CNF by `puzzlebench export dimacs`; each answer is read back and
                  checked against the rules by `puzzlebench import-solution`)
  --mode first|unique   first: a first solution (`solve`); unique: the uniqueness
                  proof (`count --limit 2`), engines only (default first)
  --time-limit S  every run stops after S seconds (default 10): an engine by its own
                  --time-limit, an outside solver killed; such a row says
                  status=limit and its time is a lower bound
  --samples N     timed samples per run, no warm-up (default 3); a run's samples
                  stop once they took --rep-budget seconds (default 2), so a long
                  run is timed once
  --pb PATH       the puzzlebench binary (default build/puzzlebench)

Writes FILE.csv, FILE.samples.csv, FILE.meta and FILE.topology.xml. CSV columns:
family, set, param, instance, tool, kind (engine|outside), order, mode, status
(done|limit), solutions, steps, backtracks, guesses, learnts, then wall_s and the
timing columns of `puzzlebench time`. Counts: an engine's own (steps as in
`puzzlebench engines`); for an outside solver, as for `learn`: backtracks = its
conflicts, guesses = its decisions, steps = its propagations + conflicts, from its
own statistics (its propagation count is not the same measure as ours). Rows are
kept as they finish: an interrupted run (Ctrl-C) writes the finished ones, and its
.meta says status=interrupted.
"""

import csv
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

OUTSIDE = {
    # name: (command before the CNF file, its statistics' line pattern)
    "minisat": (["minisat"], re.compile(r"^(conflicts|decisions|propagations)\s*:\s*(\d+)")),
    "cadical": (["cadical"], re.compile(r"^c (conflicts|decisions|propagations):\s*(\d+)")),
}
SAT_EXIT = 10          # a SAT solver's "satisfiable"
ENGINE_LIMIT_EXIT = 3  # puzzlebench stopped at a limit
COUNTS = ["solutions", "steps", "backtracks", "guesses", "learnts"]
KEYS = ["family", "set", "param", "instance", "tool", "kind", "order", "mode"]
DEFAULT_TOOLS = "backtrack/mrv,propagate/mrv,alldiff/mrv,learn,minisat,cadical"


class Usage(Exception):
    pass


def parse_args(argv):
    opts = {"out": None, "family": None, "tools": DEFAULT_TOOLS, "mode": "first",
            "time_limit": 10.0, "samples": 3, "rep_budget": 2.0, "pb": "build/puzzlebench"}
    instances = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            sys.exit(0)
        if a.startswith("--"):
            name = a[2:].replace("-", "_")
            if name not in opts or name == "instances":
                raise Usage(f"unknown option '{a}' (see --help)")
            if i + 1 >= len(argv):
                raise Usage(f"{a} needs a value")
            opts[name] = argv[i + 1]
            i += 2
            continue
        parts = a.split(":", 2)
        if len(parts) != 3 or not all(parts):
            raise Usage(f"expected SET:PARAM:FILE, got '{a}'")
        if not Path(parts[2]).is_file():
            raise Usage(f"{parts[2]}: no such file")
        instances.append(tuple(parts))
        i += 1
    if not opts["out"] or not opts["out"].endswith(".csv"):
        raise Usage("give the CSV to write with --out FILE.csv")
    if not opts["family"]:
        raise Usage("give the instances' family with --family FAMILY")
    if opts["mode"] not in ("first", "unique"):
        raise Usage(f"--mode expects first or unique, got '{opts['mode']}'")
    for name, lo in (("time_limit", 0.001), ("rep_budget", 0.0)):
        try:
            opts[name] = float(opts[name])
        except ValueError:
            raise Usage(f"--{name.replace('_', '-')} expects seconds, got '{opts[name]}'")
        if not opts[name] >= lo:
            raise Usage(f"--{name.replace('_', '-')} must be at least {lo} s")
    if not str(opts["samples"]).isdigit() or not 1 <= int(opts["samples"]) <= 100:
        raise Usage(f"--samples expects a whole number from 1 to 100, got '{opts['samples']}'")
    opts["samples"] = int(opts["samples"])
    tools = [t for t in opts["tools"].split(",") if t]
    if not tools:
        raise Usage("--tools is empty")
    for t in tools:
        if t in OUTSIDE and opts["mode"] == "unique":
            raise Usage(f"--tools {t}: the outside solvers run in mode first only")
        if not re.fullmatch(r"[a-z][a-z0-9-]*(/[a-z][a-z0-9-]*)?", t):
            raise Usage(f"--tools: expected ENGINE, ENGINE/ORDER, minisat or cadical, got '{t}'")
    opts["tools"] = tools
    if not instances:
        raise Usage("give the instances as SET:PARAM:FILE")
    return opts, instances


def last_stats(text):
    """puzzlebench's stats line (key=value words) as a dict."""
    for line in reversed(text.splitlines()):
        if "steps=" in line:
            return dict(w.split("=", 1) for w in line.split() if "=" in w)
    return {}


def outside_counts(pattern, text):
    got = {}
    for line in text.splitlines():
        m = pattern.match(line)
        if m:
            got[m.group(1)] = int(m.group(2))
    if "propagations" not in got:
        return {}
    # cadical leaves out a counter that stayed 0 (an instance solved by its "lucky"
    # phases has no conflicts and no decisions)
    got.setdefault("conflicts", 0)
    got.setdefault("decisions", 0)
    return {"steps": got["propagations"] + got["conflicts"], "backtracks": got["conflicts"],
            "guesses": got["decisions"], "learnts": ""}


class Ladder:
    def __init__(self, opts, tmp):
        self.o, self.tmp = opts, Path(tmp)
        self.pb = opts["pb"]
        self.csv = self.tmp / "run.csv"
        self.counts = []  # per row of run.csv, in order
        self.cnf = {}

    def run_pb(self, *args):
        return subprocess.run([self.pb, *args], capture_output=True, text=True)

    def cnf_of(self, path):
        if path not in self.cnf:
            out = self.tmp / f"i{len(self.cnf)}.cnf"
            r = self.run_pb("export", "dimacs", self.o["family"], path, "--out", str(out))
            if r.returncode:
                raise RuntimeError(r.stderr.strip() or f"export dimacs {path} failed")
            self.cnf[path] = out
        return self.cnf[path]

    def command(self, tool, path):
        """(kind, order, command, extra `time` options, model file or None)."""
        limit = self.o["time_limit"]
        if tool in OUTSIDE:
            model = self.tmp / "model.txt"
            cmd = OUTSIDE[tool][0] + [str(self.cnf_of(path))]
            if tool == "minisat":
                cmd.append(str(model))  # minisat writes its model to a file of its own
            return "outside", "-", cmd, ["--exit-status", str(SAT_EXIT), "--time-limit", f"{limit:g}"], model
        engine, _, order = tool.partition("/")
        verb = ["solve"] if self.o["mode"] == "first" else ["count"]
        cmd = [self.pb, *verb, self.o["family"], path, "-e", engine, "-q", "--time-limit", f"{limit:g}"]
        if order:
            cmd += ["-o", order]
        if self.o["mode"] == "unique":
            cmd += ["--limit", "2"]
        # The engine stops itself at the limit (exit 3, its counts printed); the
        # harness's own limit, later, only catches a run that does not.
        return "engine", order or "-", cmd, ["--limit-status", str(ENGINE_LIMIT_EXIT),
                                             "--time-limit", f"{limit + 10:g}"], None

    def check_model(self, tool, path, model, output):
        answer = model if tool == "minisat" else output
        r = self.run_pb("import-solution", self.o["family"], path, str(answer))
        if r.returncode:
            raise RuntimeError(f"{tool} on {path}: its model fails the check: "
                               f"{(r.stderr or r.stdout).strip().splitlines()[-1:]}")

    def one(self, run_id, inst, tool):
        set_name, param, path = inst
        kind, order, cmd, extra, model = self.command(tool, path)
        out = self.tmp / "out.txt"
        if out.exists():
            out.unlink()
        key = dict(family=self.o["family"], set=set_name, param=param,
                   instance=Path(path).stem, tool=tool.partition("/")[0], kind=kind,
                   order=order, mode=self.o["mode"])
        bad = [k for k, v in key.items() if re.search(r'[,"\n\r]', v)]
        if bad:
            raise RuntimeError(f"{path}: the {bad[0]} '{key[bad[0]]}' holds a comma or a quote")
        args = [self.pb, "time", "--csv", str(self.csv), "--run-id", run_id,
                "--key", ",".join(f"{k}={v}" for k, v in key.items()),
                "--warmup", "0", "--samples", str(self.o["samples"]),
                "--rep-budget", f"{self.o['rep_budget']:g}", "--output", str(out), *extra,
                "--", *cmd]
        r = subprocess.run(args, capture_output=True, text=True)
        if r.returncode == 130:
            raise KeyboardInterrupt
        if r.returncode:
            raise RuntimeError(f"{shlex.join(cmd)}: {r.stderr.strip()}")
        status = "limit" if "stopped at a limit" in r.stdout else "done"
        text = out.read_text(errors="replace") if out.exists() else ""
        if kind == "engine":
            st = last_stats(text)
            counts = {c: st.get(c, "") for c in COUNTS}
            if not st:
                raise RuntimeError(f"{shlex.join(cmd)}: printed no stats line")
        else:
            counts = outside_counts(OUTSIDE[tool][1], text) if status == "done" else {}
            if status == "done":
                if not counts:
                    raise RuntimeError(f"{tool} on {path}: no propagations count in its output")
                self.check_model(tool, path, model, out)
            counts["solutions"] = 1 if status == "done" else 0
        self.counts.append(counts)
        shown = f"{status}, {r.stdout.strip().split(': ', 1)[-1]}"
        print(f"  {set_name} {param} {Path(path).stem} {tool}: {shown}", file=sys.stderr)

    def write(self, out_csv):
        """The rows of run.csv with the counts after status; samples, then the CSV."""
        out_csv = Path(out_csv)
        out_csv.parent.mkdir(parents=True, exist_ok=True)
        with open(self.csv, newline="") as f:
            rows = list(csv.reader(f))
        header, body = rows[0], rows[1:]
        at = header.index("status") + 1
        tmp_csv = out_csv.with_name(out_csv.name + f".tmp.{os.getpid()}")
        with open(tmp_csv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(header[:at] + COUNTS + header[at:])
            for row, c in zip(body, self.counts):
                w.writerow(row[:at] + [c.get(k, "") for k in COUNTS] + row[at:])
        samples = out_csv.with_name(out_csv.stem + ".samples.csv")
        shutil.copyfile(self.tmp / "run.samples.csv", str(samples) + ".tmp")
        os.replace(str(samples) + ".tmp", samples)
        os.replace(tmp_csv, out_csv)


def main(argv):
    try:
        opts, instances = parse_args(argv)
    except Usage as e:
        print(f"ladder.py: {e}", file=sys.stderr)
        return 2
    if not os.access(opts["pb"], os.X_OK):
        print(f"ladder.py: {opts['pb']} not found: build first (scripts/setup.sh) or pass --pb PATH",
              file=sys.stderr)
        return 1
    for t in opts["tools"]:
        if t in OUTSIDE and not shutil.which(OUTSIDE[t][0][0]):
            print(f"ladder.py: {t} is not installed (Debian package '{t}': apt-get install {t})",
                  file=sys.stderr)
            return 1
    out = Path(opts["out"])
    status = "complete"
    with tempfile.TemporaryDirectory() as tmp:
        lad = Ladder(opts, tmp)
        run_meta = Path(tmp) / "run.meta"
        command = "bench/ladder.py " + shlex.join(argv)
        run_id = subprocess.run([opts["pb"], "meta", "--begin", "--out", str(run_meta), "--command",
                                 command], capture_output=True, text=True, check=True).stdout.strip()
        try:
            for inst in instances:
                for tool in opts["tools"]:
                    lad.one(run_id, inst, tool)
        except KeyboardInterrupt:
            status = "interrupted"
        except RuntimeError as e:
            print(f"ladder.py: {e}", file=sys.stderr)
            return 1
        if not lad.counts:
            print("ladder.py: no rows", file=sys.stderr)
            return 130 if status == "interrupted" else 1
        lad.write(out)
        versions = []
        for t in opts["tools"]:
            if t in OUTSIDE:
                v = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", t],
                                   capture_output=True, text=True)
                versions.append(f"{t}={v.stdout.strip() if v.returncode == 0 else 'unknown'}")
        subprocess.run([opts["pb"], "meta", "--end", str(run_meta), "--out",
                        str(out.with_suffix(".meta")), *versions,
                        f"experiment={out.stem}", f"status={status}", f"rows={len(lad.counts)}",
                        f"mode={opts['mode']}", f"tools={','.join(opts['tools'])}",
                        f"time_limit_s={opts['time_limit']:g}",
                        f"timing=puzzlebench time: whole processes, no warm-up, {opts['samples']} "
                        f"samples of at least 0.01 s within {opts['rep_budget']:g} s"],
                       check=True, stdout=subprocess.DEVNULL)
    print(f"wrote {out}, its .samples.csv and .meta ({len(lad.counts)} rows)", file=sys.stderr)
    return 130 if status == "interrupted" else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
