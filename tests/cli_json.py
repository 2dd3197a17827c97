#!/usr/bin/env python3
"""cli_json.py — solve's and count's --json output against the schema in docs/json.md
(read from the document itself, so the two cannot drift), and its values against
the text output and the known answers: cross8's first solution and 4 solutions,
2x4's 32, a file of sudoku puzzles in input order, a step limit (exit 3), --samples.

usage: tests/cli_json.py PATH/TO/puzzlebench SOURCE_DIR
"""
import json
import re
import subprocess
import sys

TYPES = {"object": dict, "array": list, "string": str, "null": type(None)}


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


def main():
    pb, src = sys.argv[1], sys.argv[2]
    doc = open(f"{src}/docs/json.md", encoding="utf-8").read()
    schema = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1))
    defs = schema.get("definitions", {})
    failures = []

    def run(*args, status=0):
        r = subprocess.run([pb, *args, "--json"], capture_output=True, text=True)
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
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    print(f"cli_json: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
