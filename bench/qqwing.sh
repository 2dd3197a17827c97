#!/usr/bin/env bash
# qqwing.sh — QQwing and puzzlebench side by side, in the same run, on the same
# inputs: (a) solving each 9x9 puzzle file, (b) generating N puzzles per difficulty.
# Whole processes are timed with their output sent to /dev/null, so each wall_s
# includes one process start (a few ms).
#
# usage: bench/qqwing.sh [--out FILE.csv] [--count N] [--repeat K] [--pb PATH] [FILE...]
#   FILE...       9x9 puzzle files to solve (default: data/sudoku/9x9-*.txt)
#   --out FILE    the CSV to write (default results/sudoku-qqwing.csv)
#   --count N     puzzles generated per difficulty by each tool (default 100: about a
#                 minute in all, most of it QQwing making simple puzzles, ~0.3 s each)
#   --repeat K    solve a small file's puzzles up to K times over in one process (to
#                 about 1000 puzzles; larger files once), so that the process start
#                 does not dominate (default 10)
#   --pb PATH     the puzzlebench binary (default build/puzzlebench)
#
# CSV columns: task (solve|generate), tool (qqwing|puzzlebench), set (file name or
# "generated"), difficulty, puzzles, wall_s, per_s (puzzles per second), and
# speedup_vs_qqwing = QQwing's wall_s / this row's wall_s for the same task, set and
# difficulty (1 on QQwing's rows; above 1: faster than QQwing), run_id (the run_id=
# of FILE.meta, written beside the CSV with FILE.topology.xml).
set -euo pipefail
cd "$(dirname "$0")/.."

command="bench/qqwing.sh${*:+ $(printf '%q ' "$@")}"
out=results/sudoku-qqwing.csv
count=100
repeat=10
pb=build/puzzlebench
files=()
while (($#)); do
    case $1 in
    --out) out=${2:?--out needs a file}; shift 2 ;;
    --count) count=${2:?--count needs a number}; shift 2 ;;
    --repeat) repeat=${2:?--repeat needs a number}; shift 2 ;;
    --pb) pb=${2:?--pb needs a path}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "qqwing.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
    esac
done
for v in "--count $count" "--repeat $repeat"; do
    if ! [[ ${v#* } =~ ^[1-9][0-9]*$ ]]; then
        echo "qqwing.sh: ${v% *} expects a whole number >= 1, got '${v#* }'" >&2
        exit 2
    fi
done
if ! command -v qqwing >/dev/null 2>&1; then
    echo "qqwing.sh: qqwing is not installed (Debian package 'qqwing': apt-get install qqwing)" >&2
    exit 1
fi
if [ ! -x "$pb" ]; then
    echo "qqwing.sh: $pb not found: build first (scripts/setup.sh) or pass --pb PATH" >&2
    exit 1
fi
if ((${#files[@]} == 0)); then
    shopt -s nullglob
    files=(data/sudoku/9x9-*.txt)
    shopt -u nullglob
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rows=()

# The run's metadata, begun now (load and governor at the start), ended below; its
# run id goes on every row.
run_id=$("$pb" meta --begin --out "$tmp/run.meta" --command "${command% }")

# timed CMD...: runs CMD with stdout to /dev/null; sets $secs; returns CMD's status.
timed() {
    local t0 t1 st=0
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>"$tmp/err" || st=$?
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    return $st
}

# row TASK TOOL SET DIFFICULTY PUZZLES WALL_S
row() {
    rows+=("$1,$2,$3,$4,$5,$6,$(awk -v n="$5" -v s="$6" 'BEGIN { printf "%.2f", (s > 0 ? n / s : 0) }')")
}

# (a) solving: QQwing reads only one-line puzzles, so it gets the file without its
# comments (made before the clock starts); puzzlebench reads the file as it is.
for f in "${files[@]}"; do
    if [ ! -r "$f" ]; then
        echo "qqwing.sh: cannot read $f" >&2
        exit 2
    fi
    set_name=$(basename "$f" .txt)
    dlevel=$(sed -n 's/^# puzzlebench generate .*--difficulty \([a-z]*\).*/\1/p' "$f" | head -1)
    dlevel=${dlevel:--}
    if [ "$(grep -v -e '^#' -e '^[[:space:]]*$' "$f" | awk '{ print length($0) }' | sort -u)" != 81 ]; then
        echo "qqwing.sh: $f: not a file of one-line 9x9 puzzles, skipped" >&2
        continue
    fi
    # Small files are repeated (up to --repeat times) to about 1000 puzzles, so that
    # process start-up does not dominate; large files are solved once.
    k=$(grep -c -v -e '^#' -e '^[[:space:]]*$' "$f" || true)
    reps=$((k > 0 ? (999 + k) / k : 1))
    ((reps <= repeat)) || reps=$repeat
    for ((i = 0; i < reps; i++)); do cat "$f"; done >"$tmp/input.txt"
    grep -v -e '^#' -e '^[[:space:]]*$' "$tmp/input.txt" >"$tmp/plain.txt"
    n=$(wc -l <"$tmp/plain.txt")
    echo "solve $set_name ($n puzzles)" >&2
    timed qqwing --solve --one-line <"$tmp/plain.txt" ||
        { echo "qqwing.sh: qqwing --solve failed on $f: $(head -1 "$tmp/err")" >&2; exit 1; }
    row solve qqwing "$set_name" "$dlevel" "$n" "$secs"
    if timed "$pb" solve sudoku "$tmp/input.txt"; then
        row solve puzzlebench "$set_name" "$dlevel" "$n" "$secs"
    else
        echo "qqwing.sh: note: '$pb solve sudoku' failed on $f ($(head -1 "$tmp/err")); no row" >&2
    fi
done

# (b) generation, one difficulty at a time.
for d in simple easy intermediate expert; do
    echo "generate $count $d" >&2
    timed qqwing --generate "$count" --difficulty "$d" --one-line ||
        { echo "qqwing.sh: qqwing --generate failed: $(head -1 "$tmp/err")" >&2; exit 1; }
    row generate qqwing generated "$d" "$count" "$secs"
    if timed "$pb" generate sudoku --size 9 --count "$count" --difficulty "$d"; then
        row generate puzzlebench generated "$d" "$count" "$secs"
    else
        echo "qqwing.sh: note: '$pb generate sudoku' failed ($(head -1 "$tmp/err")); no row" >&2
    fi
done

# speedup_vs_qqwing, from QQwing's row of the same task, set and difficulty.
mkdir -p "$(dirname "$out")"
{
    echo "task,tool,set,difficulty,puzzles,wall_s,per_s,speedup_vs_qqwing,run_id"
    printf '%s\n' "${rows[@]}" | awk -F, -v OFS=, -v rid="$run_id" '
        { line[NR] = $0; key[NR] = $1 FS $3 FS $4; if ($2 == "qqwing") q[$1 FS $3 FS $4] = $6 }
        END { for (i = 1; i <= NR; i++) {
                  split(line[i], f, ",")
                  s = "NA"
                  if ((key[i] in q) && f[6] > 0) s = sprintf("%.2f", q[key[i]] / f[6])
                  print line[i], s, rid } }'
} >"$out.tmp.$$"
mv "$out.tmp.$$" "$out"

# The metadata every result file carries (puzzlebench meta: when, which commit and
# build, the system, the load at both ends), and the topology beside it.
meta=${out%.csv}.meta
"$pb" meta --end "$tmp/run.meta" --out "$meta" \
    "qqwing=$(qqwing --version 2>&1 | head -1)" \
    "timing=whole processes, output to /dev/null" \
    "generate_count=$count" \
    "solve_repeat_max=$repeat" \
    "files=${files[*]}" >/dev/null
echo "wrote $out and $meta" >&2
column -s, -t "$out" >&2 2>/dev/null || cat "$out" >&2
