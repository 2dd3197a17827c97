#!/usr/bin/env bash
# gen_summary.sh — what every generator says at the end (harness/gen/gen_report.c):
# the summary table on standard error, --json against its schema (`generate --help`)
# and against the records it sums (counts exact, times the records' own), a resumed
# run's kept and made puzzles, --samples for every generator (the same puzzles, a
# timing object), --json - only with --out, and -q.
# usage: tests/e2e/gen_summary.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1
# The limit is attempts alone: no time limit can strike first.
kakuro=(generate kakuro --size "6x6,7x7" --difficulty "easy,hard" --count 3 --seed 1 --max-attempts 3
    --time-limit 3600 --keep-going)

# check_json FILE DIR [KEY=VALUE...]: FILE holds one summary object of the schema,
# its groups agree with DIR/generate.csv (the records, in task order: status in the
# column named status where there is one, wall_s and run_id last), and each
# KEY has VALUE (JSON text).
check_json() {
    python3 - "$@" <<'EOF'
import csv, json, math, sys
path, folder, *pairs = sys.argv[1:]
s = json.load(open(path))
bad = []
keys = {"schema": str, "generator": str, "status": str, "exit": int, "tasks": int,
        "kept": int, "written": int, "made": int, "limit_hits": int, "threads": int,
        "ranks": int, "elapsed_s": float, "groups": list}
for k, t in keys.items():
    if not isinstance(s.get(k), t) or isinstance(s.get(k), bool):
        bad.append(f"{k} is {s.get(k)!r}, not {t.__name__}")
if s.get("schema") != "puzzlebench.generate/1": bad.append("schema")
if s.get("status") not in ("done", "limit", "interrupted", "failed"): bad.append("status")
for k in ("out", "records", "run_id"):
    if k not in s or not (s[k] is None or isinstance(s[k], str)): bad.append(k)
if "timing" not in s: bad.append("no timing")
for k, v in (p.split("=", 1) for p in pairs):
    if s.get(k) != json.loads(v): bad.append(f"{k}: {s.get(k)!r}, expected {v}")
rows = list(csv.reader(open(folder + "/generate.csv")))
head, rows = rows[0], rows[1:]
status = head.index("status") if "status" in head else None
if s.get("records") != folder + "/generate.csv": bad.append("records path")
if rows[s["kept"]:] and {r[-1] for r in rows[s["kept"]:]} != {s.get("run_id")}:
    bad.append("run_id is not the records'")
made = limits = lo = 0
for g in s.get("groups", []):
    # The groups' tasks are consecutive; those kept from an earlier run are not summed.
    mine = rows[max(lo, s["kept"]):min(lo + g["tasks"], s["written"])]
    lo += g["tasks"]
    done = sorted(float(r[-2]) for r in mine if status is None or r[status] == "done")
    hits = len(mine) - len(done)
    made, limits = made + g["made"], limits + g["limit_hits"]
    if (g["made"], g["limit_hits"]) != (len(done), hits):
        bad.append(f"{g['name']}: made {g['made']} limit {g['limit_hits']}, records say {len(done)} {hits}")
    if not done:
        if (g["median_s"], g["p90_s"], g["max_s"]) != (None, None, None): bad.append("times of none")
        continue
    m = len(done)
    want = ((done[(m - 1) // 2] + done[m // 2]) / 2, done[math.ceil(0.9 * m) - 1], done[-1])
    got = (g["median_s"], g["p90_s"], g["max_s"])
    # The records hold 6 decimals, the summary 6 significant digits.
    if any(abs(a - b) > 2e-6 + 1e-5 * b for a, b in zip(got, want)):
        bad.append(f"{g['name']}: times {got}, records say {want}")
if (made, limits) != (s.get("made"), s.get("limit_hits")): bad.append("totals are not the groups' sums")
for b in bad: print(f"{path}: {b}", file=sys.stderr)
sys.exit(1 if bad else 0)
EOF
}
json_ok() { if check_json "$@"; then ok; else bad "check_json $*"; fi; }

# A matrix with limit hits: the table and the JSON, to standard output with --out.
expect 3 "kakuro matrix, --json -" -- "$pb" "${kakuro[@]}" --out k --json -
cp "$tmp/out" k.json
cp "$tmp/err" k.err
json_ok k.json k generator='"kakuro"' status='"limit"' exit=3 tasks=12 kept=0 written=12 made=11 \
    limit_hits=1 threads=1 ranks=1 out='"k"' timing=null
# The check can fail: a group's count or time that is not the records' is caught.
for edit in 'g["made"] -= 1' 'g["max_s"] += 0.001'; do
    python3 -c "import json,sys; s=json.load(open('k.json')); g=s['groups'][0]; $edit; json.dump(s, open('kx.json','w'))"
    check_json kx.json k 2>/dev/null && bad "check_json missed: $edit" || ok
done
names=$(python3 -c 'import json,sys; print(" ".join(g["name"] for g in json.load(open(sys.argv[1]))["groups"]))' k.json)
[ "$names" = "6x6-easy 6x6-hard 7x7-easy 7x7-hard" ] && ok || bad "group names: $names"
has "^puzzlebench: generate: 11 puzzles made, 1 at a limit, in [0-9.]+ s on 1 thread; files in k$" k.err
has "^  group +made +limit +median_s +p90_s +max_s$" k.err
for row in "6x6-easy +3 +0" "6x6-hard +3 +0" "7x7-easy +3 +0" "7x7-hard +2 +1"; do
    has "^  $row( +[0-9]+\.[0-9]{6}){3}$" k.err
done
has "^puzzlebench: generate: 1 of 12 puzzles hit a limit" k.err
# The same run on two threads sums the same puzzles.
expect 3 "kakuro matrix, 2 threads" -- "$pb" "${kakuro[@]}" -t 2 --out k2 --json k2.json -q
json_ok k2.json k2 made=11 limit_hits=1 threads=2
# -q: no summary; the line saying why the exit status is 3 stays.
grep -Eq "puzzles made|group" "$tmp/err" && bad "-q: a summary: $(cat "$tmp/err")" || ok
has "^puzzlebench: generate: 1 of 12 puzzles hit a limit" "$tmp/err"

# A puzzle that cannot be made (no valid outline has 2 white rows of 29 cells) is no
# limit reached: exit 1, status failed, and its line says why, not "within the limits".
expect 1 "kakuro-outline that cannot be made" -- "$pb" generate kakuro-outline --size 3x30 \
    --out f --json f.json
json_ok f.json f generator='"kakuro-outline"' status='"failed"' exit=1 tasks=1 written=0 made=0 \
    limit_hits=0
has "^puzzlebench: generate: outline 0: no valid 3x30 outline found at density 0.6$" "$tmp/err"
has "^status=stopped$" f/generate.meta
# kakuro of that size: the outline is what cannot be made, not its fill.
expect 1 "kakuro that cannot be made" -- "$pb" generate kakuro --size 3x30 --density 0.5 -q
has "^puzzlebench: generate: 3x30-medium-s1-0000: no valid 3x30 outline found at density 0.5$" \
    "$tmp/err"

# A resumed run: the kept puzzles are counted apart, the summary is of those made.
expect 0 "sudoku --out" -- "$pb" generate sudoku --count 6 --seed 4 --out s -q
head -4 s/generate.txt >part && mv part s/generate.txt
head -4 s/generate.csv >part && mv part s/generate.csv
expect 0 "sudoku --resume --json" -- "$pb" generate sudoku --count 6 --seed 4 --out s --resume \
    --json s.json
json_ok s.json s status='"done"' exit=0 tasks=6 kept=3 written=6 made=3 limit_hits=0
has "3 puzzles made, 0 at a limit, 3 kept from the earlier run" "$tmp/err"
# What --resume keeps, in words that count it right.
"$pb" generate latin --size 5 --count 1 --out one -q
expect 0 "--resume of one puzzle" -- "$pb" generate latin --size 5 --count 1 --out one --resume
one_line_error "^puzzlebench: generate: one holds its one puzzle: nothing to make$"
"$pb" generate latin --size 5 --count 3 --stats one.csv --records-only -q
head -n 2 one.csv >part && mv part one.csv
expect 0 "--resume of one of three" -- "$pb" generate latin --size 5 --count 3 --stats one.csv \
    --records-only --resume
has "^puzzlebench: generate: one.csv holds 1 puzzle; making 1 to 2$" "$tmp/err"
# -q says nothing of what --resume keeps, a part or the whole (the load warning aside).
silent() {
    if [ -z "$(grep -v '^puzzlebench: warning: 1-minute load ' "$tmp/err")" ]; then ok; else
        bad "$1: -q said: $(cat "$tmp/err")"; fi
}
head -4 s/generate.txt >part && mv part s/generate.txt
head -4 s/generate.csv >part && mv part s/generate.csv
expect 0 "sudoku --resume -q of a part" -- "$pb" generate sudoku --count 6 --seed 4 --out s --resume -q
silent "--resume of a part"
expect 0 "sudoku --resume -q of the whole" -- "$pb" generate sudoku --count 6 --seed 4 --out s --resume -q
silent "--resume of the whole"
"$pb" generate sudoku --count 6 --seed 4 --stats s.csv --records-only -q
expect 0 "--stats --resume -q of the whole" -- "$pb" generate sudoku --count 6 --seed 4 --stats s.csv \
    --records-only --resume -q
silent "--stats --resume of the whole"

# --samples for every generator: the same output, and the timing in the JSON.
for args in "sudoku --count 3" "latin --size 6 --count 3" "kakuro --size 6x6 --count 2" \
    "kakuro-outline --size 7x7 --count 2"; do
    # shellcheck disable=SC2086
    "$pb" generate $args -q >once
    # shellcheck disable=SC2086
    expect 0 "$args --samples" -- "$pb" generate $args --samples 2 --min-sample-time 0.001 --json t.json
    cmp -s once "$tmp/out" && ok || bad "$args --samples: other puzzles than one run"
    python3 - t.json <<'EOF' && ok || bad "$args --samples: timing in t.json"
import json, sys
t = json.load(open(sys.argv[1]))["timing"]
assert t["samples"] == 2 and t["runs_per_sample"] >= 1, t
assert t["median_lo_s"] <= t["median_s"] <= t["median_hi_s"] and t["cv"] >= 0, t
EOF
done

# Names that need escaping come out as JSON strings.
expect 0 "--out with a quote" -- "$pb" generate latin --size 5 --count 2 --out 'q"\d' --json q.json -q
json_ok q.json 'q"\d' out='"q\"\\d"'
# --json FILE (and kakuro's --html FILE) are written at the end: one that cannot be is
# refused before any puzzle is made, nothing on standard output, no folder made.
expect 2 "--json in no folder" -- "$pb" generate latin --size 5 --count 2 --out nj --json absent/s.json
one_line_error "^puzzlebench: generate: absent/s.json: cannot write: No such file or directory$"
[ ! -e nj ] && ok || bad "--json in no folder: made nj"
expect 2 "--json in no folder, standard output" -- "$pb" generate sudoku --count 2 --json absent/s.json
one_line_error "^puzzlebench: generate: absent/s.json: cannot write: "
[ ! -s "$tmp/out" ] && ok || bad "--json in no folder: puzzles made: $(head -3 "$tmp/out")"
if "$pb" info | grep -q '^player page: with its WebAssembly generator'; then
    expect 2 "--html in no folder" -- "$pb" generate kakuro --size 5x5 --count 2 --html absent/p.html
    one_line_error "^puzzlebench: generate: absent/p.html: cannot write: No such file or directory$"
    [ ! -s "$tmp/out" ] && ok || bad "--html in no folder: puzzles made: $(head -3 "$tmp/out")"
fi
# --json FILE that names one of the run's own files (the puzzles, the records, their
# .meta or lock) is refused before any puzzle: written at the end, it would replace
# them, and the puzzles of an exit 0 would be gone. A name of its own there is written.
# (jc's puzzles are latin's: a refused kakuro run must leave them as they were.)
"$pb" generate latin --size 5 --count 2 --out jc -q
cp jc/generate.txt jc.txt
for f in jc/generate.txt ./jc/generate.csv jc/generate.meta jc/generate.lock; do
    expect 2 "--json $f" -- "$pb" generate latin --size 5 --count 2 --out jc --force --json "$f"
    one_line_error "^puzzlebench: generate: ${f//./\\.}: cannot write: --json would replace this run's jc/generate\.[a-z]+; write it elsewhere$"
done
cmp -s jc.txt jc/generate.txt && ok || bad "--json at the puzzles: jc/generate.txt changed"
expect 2 "--json at --stats" -- "$pb" generate latin --size 5 --count 2 --stats js.csv --json js.csv -q
one_line_error "^puzzlebench: generate: js\.csv: cannot write: --json would replace this run's js\.csv"
expect 0 "--json beside the puzzles" -- "$pb" generate latin --size 5 --count 2 --out jc --force \
    --json jc/summary.json -q
json_ok jc/summary.json jc made=2
# kakuro's --html page, written whole at the end too: neither the run's files nor --json.
if "$pb" info | grep -q '^player page: with its WebAssembly generator'; then
    expect 2 "--html at the puzzles" -- "$pb" generate kakuro --size 5x5 --out jc --force \
        --html jc/generate.txt -q
    one_line_error "^puzzlebench: generate: jc/generate\.txt: cannot write: --html would replace this run's jc/generate\.txt"
    expect 2 "--json at --html" -- "$pb" generate kakuro --size 5x5 --out jc --force --html jp.html \
        --json jp.html -q
    one_line_error "^puzzlebench: generate: jp\.html: cannot write: --json would replace this run's jp\.html"
    cmp -s jc.txt jc/generate.txt && ok || bad "--html at the puzzles: jc/generate.txt changed"
fi
# In the --out folder that the run makes: made first, then the summary written there.
expect 0 "--json in the new --out folder" -- "$pb" generate latin --size 5 --count 2 --out jn \
    --json jn/summary.json -q
json_ok jn/summary.json jn made=2
# --json - needs --out: standard output holds the puzzles.
expect 2 "--json - without --out" -- "$pb" generate sudoku --count 2 --json -
one_line_error "^puzzlebench: generate: --json -: standard output holds the puzzles"
finish gen_summary
