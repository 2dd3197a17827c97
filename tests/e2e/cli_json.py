#!/usr/bin/env python3
"""cli_json.py — solve's, count's and time's --json output against the schemas in
docs/json.md (read from the document itself, so the two cannot drift), and its values
against the text output and the known answers: cross8's first solution and 4
solutions, 2x4's 32, a file of sudoku puzzles in input order, a step limit (exit 3),
--samples; time's commands, argv, samples, fastest and relative speeds.

usage: tests/e2e/cli_json.py PATH/TO/puzzlebench SOURCE_DIR
"""
import json
import re
import subprocess
import sys

TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool}


def check(value, schema, defs, path, errors):
    """A subset of JSON Schema: $ref (to definitions), type, enum, required, properties, items."""
    if "$ref" in schema:
        schema = defs[schema["$ref"]]
    types = schema.get("type")
    if types is not None:
        types = types if isinstance(types, list) else [types]
        def fits(t):
            if t == "integer":
                return isinstance(value, int) and not isinstance(value, bool)
            if t == "number":
                return isinstance(value, (int, float)) and not isinstance(value, bool)
            return isinstance(value, TYPES[t])
        if not any(fits(t) for t in types):
            errors.append(f"{path}: {value!r} is not {types}")
            return
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {value!r} not in {schema['enum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: '{key}' missing")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                check(value[key], sub, defs, f"{path}.{key}", errors)
        unknown = set(value) - set(schema.get("properties", {}))
        if schema.get("properties") and unknown:
            errors.append(f"{path}: fields not in the schema: {sorted(unknown)}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            check(item, schema["items"], defs, f"{path}[{i}]", errors)


def check_live_output(pb, want):
    """--trace and --print-paths print as the search goes: refused with --json, whose
    output would not be JSON."""
    for args in (("solve", "notouch", "cross8", "--trace"),
                 ("count", "tenpair", "--max-length", "76", "-e", "bfs", "--print-paths")):
        r = subprocess.run([pb, *args, "--json"], capture_output=True, text=True)
        want(f"{' '.join(args)} --json: exit, output", (r.returncode, r.stdout), (2, ""))
        want(f"{' '.join(args)} --json: one line on stderr", r.stderr.count("\n"), 1)


def check_time(run, want, failures):
    """time --json: the schema, a shell command and argv, the fastest by mean, rows."""
    d = run("time", "--samples", "3", "--min-sample-time", "0", "sleep 0.3", "sleep 0.03",
            name="puzzlebench.time/1")
    if d:
        c = d["commands"]
        want("time commands", [x["command"] for x in c], ["sleep 0.3", "sleep 0.03"])
        want("time shell argv", c[1]["argv"], ["/bin/sh", "-c", "sleep 0.03"])
        want("time samples", [len(x["sample_s"]) for x in c], [3, 3])
        # sleep 0.3 lasts ten times sleep 0.03: the shorter is the fastest at any load.
        want("time fastest", d["fastest"], 2)
        want("time relative of the fastest", c[1]["relative"], 1)
        want("time relative = mean / fastest's", abs(c[0]["relative"] - c[0]["mean_s"] / c[1]["mean_s"]) < 1e-6, True)
        # A sample less the shell's start-up (an estimate, noisy under a sanitizer or
        # load); with it added back, what was measured cannot be under the sleep.
        shell = d["shell_start_s"] or 0
        want("time sleep 0.3 lasts 0.3 s", min(c[0]["sample_s"]) + shell >= 0.3, True)
        want("time mean of the samples", abs(c[0]["mean_s"] - sum(c[0]["sample_s"]) / 3) < 1e-6, True)
        want("time no csv", (d["csv"], c[0]["row"]), (None, None))
    d = run("time", "--samples", "1", "--run-id", "R9", "--", "true", name="puzzlebench.time/1")
    if d:
        c = d["commands"][0]
        want("time argv form", (c["shell"], c["argv"], c["command"]), (False, ["true"], "true"))
        want("time one command: no fastest", (d["fastest"], c["relative"]), (None, None))
        want("time one sample: no interval", (c["mean_ci_s"], c["stddev_s"]), (None, None))
        want("time run id", d["run_id"], "R9")


def main():
    pb, src = sys.argv[1], sys.argv[2]
    doc = open(f"{src}/docs/json.md", encoding="utf-8").read()
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    schemas = {sch["properties"]["schema"]["enum"][0]: sch for sch in blocks}
    failures = []

    def run(*args, status=0, name="puzzlebench.solve/1"):
        schema = schemas[name]
        defs = schema.get("definitions", {})
        at = args.index("--") if "--" in args else len(args)
        r = subprocess.run([pb, *args[:at], "--json", *args[at:]], capture_output=True, text=True)
        if r.returncode != status:
            failures.append(f"{' '.join(args)}: exit {r.returncode}, expected {status}: {r.stderr}")
        try:
            out = json.loads(r.stdout)
        except ValueError as e:
            failures.append(f"{' '.join(args)}: not JSON ({e}): {r.stdout[:200]}")
            return None
        errors = []
        check(out, schema, defs, "$", errors)
        failures.extend(f"{' '.join(args)}: {e}" for e in errors)
        if out.get("exit_status") != status:
            failures.append(f"{' '.join(args)}: exit_status {out.get('exit_status')}, expected {status}")
        return out

    def want(what, got, expected):
        if got != expected:
            failures.append(f"{what}: {got!r}, expected {expected!r}")

    d = run("solve", "notouch", "cross8", "-e", "backtrack")
    if d:
        want("cross8 first solution", d["puzzles"][0].get("solution"), [3, 5, 7, 1, 8, 2, 4, 6])
        want("cross8 steps", d["stats"]["steps"], 540)
        want("cross8 engine", d["engine"], "backtrack")
        want("backtrack's params", d["params"], "-")
        want("backtrack's engine seed", d["engine_seed"], None)
    d = run("solve", "notouch", "cross8", "-e", "restart", "--engine-seed", "18446744073709551615",
            "--param", "restart-steps=7")
    if d:
        want("restart's params", d["params"], "restart-steps=7;restart-schedule=luby;cell-choice=random")
        want("restart's engine seed", d["engine_seed"], 18446744073709551615)
        want("restart's order (it has none)", d["order"], "-")
        want("restart's solution solved", d["puzzles"][0]["status"], "done")
    d = run("count", "notouch", "cross8")
    if d:
        want("cross8 count", d["stats"]["solutions"], 4)
        want("count has no solution field", "solution" in d["puzzles"][0], False)
    d = run("count", "notouch", "2x4", "-e", "backtrack", "-t", "2")
    if d:
        want("2x4 count", d["stats"]["solutions"], 32)
        want("2x4 threads", d["threads"], 2)
    bench = f"{src}/data/sudoku/9x9-bench.txt"
    lines = [i + 1 for i, l in enumerate(open(bench)) if l.strip() and not l.startswith("#")]
    d = run("solve", "sudoku", bench, "-q")
    if d:
        want("sudoku puzzles in order", [p["where"] for p in d["puzzles"]],
             [f"{bench}:{n}" for n in lines])
        for p in d["puzzles"]:
            g = p.get("solution", [])
            rows = [g[r * 9:r * 9 + 9] for r in range(9)]
            cols = [g[c::9] for c in range(9)]
            boxes = [[g[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3] for i in range(9)] for b in range(9)]
            if len(g) != 81 or any(sorted(u) != list(range(1, 10)) for u in rows + cols + boxes):
                failures.append(f"sudoku {p['where']}: not a solution: {g}")
        text = subprocess.run([pb, "solve", "sudoku", bench, "-q"], capture_output=True, text=True).stdout
        want("sudoku steps as the text says", f"steps={d['stats']['steps']} " in text, True)
    d = run("count", "notouch", "3x4", "--step-limit", "1000", status=3)
    if d:
        want("step limit status", d["status"], "limit")
        want("step limit steps", d["stats"]["steps"], 1000)
    d = run("count", "notouch", "2x4", "--samples", "2", "--min-sample-time", "0")
    if d:
        want("samples", (d["timing"] or {}).get("samples"), 2)
    check_live_output(pb, want)
    check_time(run, want, failures)
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    print(f"cli_json: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
