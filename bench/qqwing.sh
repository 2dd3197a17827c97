#!/usr/bin/env bash
# qqwing.sh — QQwing and puzzlebench side by side, in the same run, on the same
# inputs: (a) solving each 9x9 puzzle file, (b) generating N puzzles per difficulty.
# Every process is timed by `puzzlebench time`, the harness's one method: one
# warm-up run, then samples (default 5) of at least 10 ms, the whole process each
# run (so each time includes one process start, a few ms), output to /dev/null,
# every run checked to exit 0.
#
# usage: bench/qqwing.sh [--out FILE.csv] [--count N] [--repeat K] [--samples S]
#                        [--pb PATH] [FILE...]
#   FILE...       9x9 puzzle files to solve (default: data/sudoku/9x9-*.txt)
#   --out FILE    the CSV to write (default results/sudoku-qqwing.csv)
#   --count N     puzzles generated per difficulty by each tool in one process
#                 (default 20: QQwing makes a simple puzzle in ~0.3 s, and every
#                 process runs 1 + S times: about a minute in all)
#   --repeat K    solve a small file's puzzles up to K times over in one process (to
#                 about 1000 puzzles; larger files once), so that the process start
#                 does not dominate (default 10)
#   --samples S   timed samples per row, after the warm-up run (default 5)
#   --pb PATH     the puzzlebench binary (default build/puzzlebench)
#
# Writes FILE.csv, FILE.samples.csv, FILE.meta and FILE.topology.xml. CSV columns:
# task (solve|generate), tool (qqwing|puzzlebench), set (file name or "generated"),
# difficulty, puzzles (per process), status (done), then wall_s (the median time per process,
# seconds) and the timing columns (run_id, row, samples, runs_per_sample, min_s,
# median_s, mean_s, stddev_s, cv, median_lo_s, median_hi_s, noisy); one run_id,
# the run_id= of FILE.meta, on every row. FILE.samples.csv holds every sample
# (run_id,row,sample,runs,wall_s,round). The two tools' rows of a task, set and
# difficulty have the same inputs; their ratio, with its interval and p-value:
#   puzzlebench compare FILE.csv --by tool=qqwing,puzzlebench
set -euo pipefail
cd "$(dirname "$0")/.."

command="bench/qqwing.sh${*:+ $(printf '%q ' "$@")}"
out=results/sudoku-qqwing.csv
count=20
repeat=10
samples=5
pb=build/puzzlebench
files=()
while (($#)); do
    case $1 in
    --out) out=${2:?--out needs a file}; shift 2 ;;
    --count) count=${2:?--count needs a number}; shift 2 ;;
    --repeat) repeat=${2:?--repeat needs a number}; shift 2 ;;
    --samples) samples=${2:?--samples needs a number}; shift 2 ;;
    --pb) pb=${2:?--pb needs a path}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "qqwing.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
    esac
done
for v in "--count $count" "--repeat $repeat" "--samples $samples"; do
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
csv=$tmp/run.csv

# The run's metadata, begun now (load and governor at the start), ended below; its
# run id goes on every row.
run_id=$("$pb" meta --begin --out "$tmp/run.meta" --command "${command% }")

# timed TASK TOOL SET DIFFICULTY PUZZLES INPUT -- CMD...: one row of $csv for CMD
# (stdin from INPUT) by `puzzlebench time`; its progress line on stderr, its error
# in $tmp/err. Returns the status of `puzzlebench time` (4: a run of CMD failed).
timed() {
    local key="task=$1,tool=$2,set=$3,difficulty=$4,puzzles=$5" tool=$2 input=$6 st=0
    shift 7
    "$pb" time --csv "$csv" --key "$key" --run-id "$run_id" --stdin "$input" \
        --samples "$samples" -- "$@" 2>"$tmp/err" >"$tmp/line" || st=$?
    ((st != 130)) || exit 130
    if ((st == 0)); then sed "s|^.* row [0-9]*:|  $tool:|" "$tmp/line" >&2; fi
    return $st
}

# (a) solving: QQwing reads only one-line puzzles, so it gets the file without its
# comments (made before the timing); puzzlebench reads the file as it is.
for f in "${files[@]}"; do
    if [ ! -r "$f" ]; then
        echo "qqwing.sh: cannot read $f" >&2
        exit 2
    fi
    set_name=$(basename "$f" .txt)
    set_name=${set_name//[,\"]/_}
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
    timed solve qqwing "$set_name" "$dlevel" "$n" "$tmp/plain.txt" -- qqwing --solve --one-line ||
        { echo "qqwing.sh: qqwing --solve on $f: $(head -1 "$tmp/err")" >&2; exit 1; }
    timed solve puzzlebench "$set_name" "$dlevel" "$n" /dev/null -- "$pb" solve sudoku "$tmp/input.txt" ||
        echo "qqwing.sh: note: '$pb solve sudoku' on $f: $(head -1 "$tmp/err"); no row" >&2
done

# (b) generation, one difficulty at a time.
for d in simple easy intermediate expert; do
    echo "generate $count $d" >&2
    timed generate qqwing generated "$d" "$count" /dev/null -- \
        qqwing --generate "$count" --difficulty "$d" --one-line ||
        { echo "qqwing.sh: qqwing --generate: $(head -1 "$tmp/err")" >&2; exit 1; }
    timed generate puzzlebench generated "$d" "$count" /dev/null -- \
        "$pb" generate sudoku --size 9 --count "$count" --difficulty "$d" -q ||
        echo "qqwing.sh: note: '$pb generate sudoku': $(head -1 "$tmp/err"); no row" >&2
done

# The samples first, then the CSV: a CSV on disk always has its samples beside it.
mkdir -p "$(dirname "$out")"
samples_out=${out%.csv}.samples.csv
if [ ! -s "$csv" ]; then
    echo "qqwing.sh: no rows (no 9x9 file to solve?)" >&2
    exit 1
fi
cp "$tmp/run.samples.csv" "$samples_out.tmp.$$" && mv "$samples_out.tmp.$$" "$samples_out"
cp "$csv" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"

# The metadata every result file carries (puzzlebench meta: when, which commit and
# build, the system, the load at both ends), and the topology beside it.
meta=${out%.csv}.meta
"$pb" meta --end "$tmp/run.meta" --out "$meta" \
    "qqwing=$(qqwing --version 2>&1 | head -1)" \
    "timing=puzzlebench time: whole processes, output to /dev/null; one warm-up run, $samples samples of at least 0.01 s" \
    "generate_count=$count" \
    "solve_repeat_max=$repeat" \
    "files=${files[*]}" >/dev/null
echo "wrote $out, $samples_out and $meta; ratios: $pb compare $out --by tool=qqwing,puzzlebench" >&2
cut -d, -f1-9 "$out" | column -s, -t >&2 2>/dev/null || cat "$out" >&2
