#!/usr/bin/env bash
# tdoku.sh — sudoku `logic` and tdoku side by side on tdoku's three public sets: both
# tools pinned to one core and alternated round by round (the first of a round swaps
# every round), so each round's ratio compares runs made moments apart. Writes
# OUT/sudoku-tdoku.csv (the columns of bench/families/sudoku/sudoku_tdoku.py) and its
# .meta; scripts/report.sh shows them beside tdoku's published figures.
#
# tdoku is not a Debian package: build it yourself (its README; its run_benchmark is
# built with -O3 -march=native), and give its run_benchmark and a folder with the sets
# (17_clue.txt, top1465.txt, forum_hardest_1905_11plus.txt; lines starting with '#'
# are left out). So that both sides are built alike, `logic` runs from a -march=native
# build of this tree, build-native/ (scripts/setup.sh --native; PUZZLEBENCH overrides).
# Modes: unique (`puzzlebench count -l 2`, run_benchmark's default) and first
# (`puzzlebench solve`, run_benchmark -f). Neither tool shuffles the puzzles (-r0).
#
# usage: scripts/tdoku.sh RUN_BENCHMARK SETS_DIR [OUT_DIR]     (default results)
#   ROUNDS=N      rounds per set and mode (default 3)
#   PB_CORE=N     the core both tools run on (default the last one)
#   PB_SECONDS=S  each side's measuring time per round, whole seconds (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/tdoku.sh RUN_BENCHMARK SETS_DIR [OUT_DIR]"
case ${1:-} in -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "tdoku.sh: $usage" >&2; exit 2; }
td=$1 sets=$2 out=${3:-results}
rounds=${ROUNDS:-3} seconds=${PB_SECONDS:-2}
[ -x "$td" ] && [ -f "$td" ] || { echo "tdoku.sh: $td: not an executable file (tdoku's run_benchmark)" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "tdoku.sh: ROUNDS=$rounds: expected a whole number of at least 1" >&2; exit 2; }
# run_benchmark takes whole seconds.
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "tdoku.sh: PB_SECONDS=$seconds: expected whole seconds, at least 1" >&2; exit 2; }
names=(17_clue top1465 forum_hardest_1905_11plus)
for n in "${names[@]}"; do
    [ -f "$sets/$n.txt" ] || { echo "tdoku.sh: $sets/$n.txt: no such file (one of tdoku's sets)" >&2; exit 2; }
done
core=${PB_CORE:-$(($(nproc) - 1))}
[[ $core =~ ^[0-9]+$ ]] || { echo "tdoku.sh: PB_CORE=$core: expected a core number" >&2; exit 2; }
command -v taskset >/dev/null || { echo "tdoku.sh: taskset not found (Debian: util-linux)" >&2; exit 1; }

pb=${PUZZLEBENCH:-}
if [ -z "$pb" ]; then
    scripts/setup.sh --native >/dev/null
    pb=build-native/puzzlebench
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in "${names[@]}"; do grep -v -e '^#' -e '^[[:space:]]*$' "$sets/$n.txt" >"$work/$n.txt"; done

mkdir -p "$out"
tdoku_build=$("$td" -h 2>&1 | sed -n 's/^build info: //p')
"$pb" meta --begin --out "$work/sudoku-tdoku.meta" --threads 1 --command "scripts/tdoku.sh $*" \
    tdoku="$td" tdoku_build="${tdoku_build:-unknown}" rounds="$rounds" core="$core" seconds="$seconds" >/dev/null

# ours SET MODE: "puzzles puzzles_per_s guesses_per_puzzle" of logic on the set.
ours() {
    local cmd=(count sudoku "$work/$1.txt" -e logic -l 2)
    [ "$2" = first ] && cmd=(solve sudoku "$work/$1.txt" -e logic)
    taskset -c "$core" "$pb" "${cmd[@]}" -q --samples 3 --min-sample-time "$(awk -v s="$seconds" 'BEGIN { print s / 3 }')" |
        tail -1 | tr ' ' '\n' | awk -F= '
            { v[$1] = $2 }
            END { if (!v["puzzles"] || v["puzzles_per_s"] == "") exit 1
                  printf "%d %s %.4f\n", v["puzzles"], v["puzzles_per_s"], v["guesses"] / v["puzzles"] }'
}
# theirs SET MODE: the same for tdoku, from run_benchmark's CSV line, read from its end
# (the compiler field holds a comma): ..., puzzles/s, us/puzzle, % without a guess,
# guesses/puzzle.
theirs() {
    local f=()
    [ "$2" = first ] && f=(-f)
    taskset -c "$core" "$td" -s tdoku -r0 "${f[@]}" -t "$seconds" -w 0.5 -c1 "$work/$1.txt" 2>/dev/null | tail -1 |
        awk -F, -v n="$(wc -l <"$work/$1.txt")" 'NF >= 8 && $(NF - 3) > 0 { printf "%d %s %s\n", n, $(NF - 3), $NF; ok = 1 } END { exit !ok }'
}

csv=$work/sudoku-tdoku.csv
echo "set,mode,tool,round,puzzles,puzzles_per_s,guesses_per_puzzle" >"$csv"
for n in "${names[@]}"; do
    for mode in unique first; do
        for ((r = 1; r <= rounds; r++)); do
            tools=(logic tdoku)
            ((r % 2)) || tools=(tdoku logic)
            for tool in "${tools[@]}"; do
                if [ "$tool" = logic ]; then line=$(ours "$n" "$mode"); else line=$(theirs "$n" "$mode"); fi ||
                    { echo "tdoku.sh: $tool on $n ($mode), round $r: no figures in its output" >&2; exit 1; }
                read -r puzzles pps gpp <<<"$line"
                echo "$n,$mode,$tool,$r,$puzzles,$pps,$gpp" >>"$csv"
                echo "tdoku.sh: $n $mode round $r: $tool $pps puzzles/s, $gpp guesses/puzzle"
            done
        done
    done
done
"$pb" meta --end "$work/sudoku-tdoku.meta" --out "$work/sudoku-tdoku.meta" >/dev/null
# mv replaces a link at the target instead of writing through it.
mv -f "$work/sudoku-tdoku.topology.xml" "$out/sudoku-tdoku.topology.xml"
mv -f "$work/sudoku-tdoku.meta" "$out/sudoku-tdoku.meta"
mv -f "$csv" "$out/sudoku-tdoku.csv"
echo "tdoku.sh: wrote $out/sudoku-tdoku.csv and its .meta"
