#!/usr/bin/env bash
# gen_golden.sh — the generators make what they made before the runner
# (harness/gen/) took over their common work: for fixed seeds and options, every
# output file (puzzles on standard output or in --out DIR, kakuro's NAME.kak and
# NAME.sol.kak, the --html page's puzzles, the records less their wall_s and run_id
# columns) and the exit status hash to tests/data/generate/golden.sha256, which was
# recorded from the generators as they were at 81cf01d (sudoku_generate.c,
# kakuro_generate.c and latin.c's own skeletons). Those wrote --out as a file for
# sudoku, latin and kakuro-outline; their file is DIR/generate.txt now. Kakuro's
# --out DIR held no puzzle text then: k2/text is what the same command wrote to
# standard output without --out. Without the player's WebAssembly toolchain the
# --html case is left out.
# usage: tests/e2e/gen_golden.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
out=$tmp/got
mkdir -p "$out" "$tmp/w" && cd "$out" || exit 1
cp "$src/data/kakuro/outlines-medium.txt" outlines.txt
w=$tmp/w
rows() { rev "$1" | cut -d, -f3- | rev; } # a CSV less its last two columns
# run CASE ARGS...: standard output in CASE/stdout, the exit status in CASE/rc.
run() {
    local d=$1
    shift
    mkdir -p "$d"
    "$pb" "$@" -q >"$d/stdout" 2>/dev/null
    echo $? >"$d/rc"
}
# run_out CASE ARGS...: the same with --out DIR; DIR/generate.txt in CASE/puzzles.
run_out() {
    local d=$1
    shift
    mkdir -p "$d"
    "$pb" "$@" -q --out "$w/$d" 2>/dev/null
    echo $? >"$d/rc"
    cp "$w/$d/generate.txt" "$d/puzzles"
}

run s1 generate sudoku --count 30 --seed 3
run s1t generate sudoku --count 30 --seed 3 --threads 2
run_out s2 generate sudoku --count 8 --seed 5 --format numbers --difficulty expert
rows "$w/s2/generate.csv" >s2/stats.rows
run s3 generate sudoku --size 16 --count 2 --seed 2
run s4 generate sudoku --size 4 --count 20 --seed 2 --difficulty any --stats "$w/s4.csv"
rows "$w/s4.csv" >s4/stats.rows
run s5 generate sudoku --clues 18 --max-tries 1 --count 3
run s6 generate sudoku --count 12 --seed 7 --clues 30 --threads 2 --stats "$w/s6.csv"
rows "$w/s6.csv" >s6/stats.rows
run k1 generate kakuro --size 8x8,10x9 --difficulty easy,hard --count 3 --seed 4
run_out k2 generate kakuro --size 7x7 --difficulty medium,hard --count 3 --seed 9
mv k2/puzzles k2/text
mkdir -p k2/files && cp "$w"/k2/*.kak k2/files/
rows "$w/k2/generate.csv" >k2/records.rows
run k3 generate kakuro --outline outlines.txt --checker thesis --refill all --seed-table \
    --difficulty hard --count 1 --no-solutions --stats "$w/k3.csv"
rows "$w/k3.csv" >k3/stats.rows
run k4 generate kakuro --size 9x9 --difficulty hard --count 8 --max-attempts 4 --keep-going \
    --seed 1 --stats "$w/k4.csv" --threads 2
rows "$w/k4.csv" >k4/stats.rows
run k5 generate kakuro --size 9x9 --candidates --count 3 --no-solutions
player=0
if "$pb" info | grep -q '^player page: with its WebAssembly'; then
    player=1
    run k6 generate kakuro --size 6x6,9x9 --difficulty easy,hard --count 2 --seed 9 --html "$w/k6.html"
    sed -n '/<script id="pb-puzzles"/,/<\/script>/p' "$w/k6.html" |
        sed -E 's/"wall_s":[0-9.e+-]+//g' >k6/puzzles.json
fi
run k7 generate kakuro --size 15x15 --difficulty hard --max-attempts 1
run l1 generate latin --size 12 --holes 0.4 --count 5 --seed 5 --solutions
run_out l2 generate latin --size 9 --count 4
run o1 generate kakuro-outline --size 12x10 --seed 5 --count 3 --symmetric
run_out o2 generate kakuro-outline --size 9x9 --count 5 --density 0.6
rm -f outlines.txt
# The new outputs of --out: kakuro's DIR holds the records, the .meta and the
# puzzles' text; the hashes compare the old files alone.
find . -type f | sort | xargs sha256sum >"$tmp/got.sha256"
grep -v '^#' "$src/tests/data/generate/golden.sha256" >"$tmp/want.sha256"
[ "$player" = 1 ] || sed -i '/\.\/k6\//d' "$tmp/want.sha256"
if diff "$tmp/want.sha256" "$tmp/got.sha256" >"$tmp/diff"; then ok; else
    bad "outputs differ from the golden hashes:"
    cat "$tmp/diff" >&2
fi
# The comparison can fail: a changed byte in one file is caught.
printf 'x' >>s1/stdout
find . -type f | sort | xargs sha256sum >"$tmp/changed.sha256"
cmp -s "$tmp/want.sha256" "$tmp/changed.sha256" && bad "a changed file went unnoticed" || ok
finish gen_golden
