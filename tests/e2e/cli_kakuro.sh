#!/usr/bin/env bash
# cli_kakuro.sh — end-to-end tests of the kakuro commands: unique sums, solving and
# counting the hand-made grids of tests/data/kakuro, every bad input's one-line
# error, outline and puzzle generation (deterministic, reproducible from the header
# line, unique when re-checked by another engine, limits), the data sets, a sweep.
# usage: tests/e2e/cli_kakuro.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
kdata=$src/tests/data/kakuro

# ---- unique sums ----
expect 0 "kakuro-sums" -- "$pb" kakuro-sums
if [ "$(wc -l <"$tmp/out")" -eq 34 ] && grep -qx "4 11 1235" "$tmp/out" && grep -qx "8 40 12346789" "$tmp/out"; then
    ok; else bad "kakuro-sums: $(tr '\n' '|' <"$tmp/out")"; fi
expect 0 "kakuro-sums seed" -- "$pb" kakuro-sums --seed-table
if [ "$(wc -l <"$tmp/out")" -eq 25 ] && ! grep -q "^8 " "$tmp/out"; then ok; else bad "seed table"; fi
expect 2 "kakuro-sums bad option" -- "$pb" kakuro-sums --frob
one_line_error "unknown option '--frob'"

# ---- solving and counting the hand-made grids ----
nunique=$(grep -c '^; solutions: 1$' "$kdata/unique.kak")
nnone=$(grep -c '^; solutions: 0$' "$kdata/none.kak")
nmany=$(grep -c '^; solutions:' "$kdata/many.kak")
for e in combo thesis propagate backtrack; do
    expect 0 "count unique.kak $e" -- "$pb" count kakuro "$kdata/unique.kak" --engine "$e" --limit 2
    has "^puzzles=$nunique none=0 unique=$nunique multiple=0 " "$tmp/out"
    expect 1 "count none.kak $e" -- "$pb" count kakuro "$kdata/none.kak" --engine "$e" --limit 2
    has "^puzzles=$nnone none=$nnone unique=0 multiple=0 " "$tmp/out"
    expect 0 "count many.kak $e" -- "$pb" count kakuro "$kdata/many.kak" --engine "$e" --limit 2
    has "^puzzles=$nmany none=0 unique=0 multiple=$nmany " "$tmp/out"
done
# Full counts agree with the comments above each puzzle.
expect 0 "full count many.kak" -- "$pb" count kakuro "$kdata/many.kak"
grep '^; solutions:' "$kdata/many.kak" | awk '{ print $3 }' >"$tmp/want"
sed -n 's/.*: multiple (\([0-9]*\) solutions.*/\1/p' "$tmp/out" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" && ok || bad "many.kak counts: $(tr '\n' ' ' <"$tmp/got")"
# A solution prints as the clue grid with its digits, and keeps the clues.
expect 0 "solve kakuro" -- "$pb" solve kakuro "$kdata/unique.kak"
if [ "$(grep -c '^solutions=' "$tmp/out")" -eq 1 ] && ! grep -Eq '(^| )\.( |$)' "$tmp/out"; then
    ok; else bad "solve kakuro output: $(head -5 "$tmp/out")"; fi
grep -v '^solutions=\|^puzzles' "$tmp/out" >"$tmp/solved.kak"
expect 0 "solutions read back" -- "$pb" count kakuro "$tmp/solved.kak" --limit 2
has " unique=$nunique " "$tmp/out"
expect 2 "thesis takes no order" -- "$pb" solve kakuro "$kdata/unique.kak" --engine thesis --order mrv
one_line_error "order"
expect 2 "sudoku engine on kakuro" -- "$pb" solve kakuro "$kdata/unique.kak" --engine logic
one_line_error "logic"

# ---- bad input: one line naming file, line, column and what was expected ----
for f in "$kdata"/bad/*.kak; do
    want=$(sed -n '1s/^; error: //p' "$f")
    expect 2 "bad input ${f##*/}" -- "$pb" solve kakuro "$f"
    line=${want%%:*} msg=${want#*: }
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$f:$line: $msg" "$tmp/err"; then ok; else
        bad "${f##*/}: expected '$f:$line: $msg', got '$(cat "$tmp/err")'"; fi
done
expect 2 "no puzzles" -- "$pb" solve kakuro /dev/null
one_line_error "no puzzles found"

# ---- well formed, no solution: an answer (none, exit 1) and a note naming why ----
for f in "$kdata"/impossible/*.kak; do
    want=$(sed -n '1s/^; note: //p' "$f")
    line=${want%%:*} msg=${want#*: }
    for e in combo thesis propagate backtrack; do
        expect 1 "impossible ${f##*/} $e" -- "$pb" count kakuro "$f" --engine "$e" --limit 2
        has "^puzzles=1 none=1 unique=0 multiple=0 stopped=0 unreadable=0$" "$tmp/out"
        has "status=done" "$tmp/out"
        one_line_error "^puzzlebench: note: $f:$line: .*\(the puzzle has no solution\)$"
        grep -qF -- "$f:$line: $msg (the puzzle has no solution)" "$tmp/err" && ok ||
            bad "${f##*/}: note '$(cat "$tmp/err")', expected '$msg'"
    done
done
# Among other puzzles: they are answered, and the file's status is 1 (some has none).
{ cat "$kdata/unique.kak"; echo; cat "$kdata/impossible/clue-no-set.kak"; } >"$tmp/mixed.kak"
expect 1 "impossible among unique" -- "$pb" count kakuro "$tmp/mixed.kak" --limit 2
has "^puzzles=$((nunique + 1)) none=1 unique=$nunique multiple=0 stopped=0 unreadable=0$" "$tmp/out"
has "^puzzlebench: note: $tmp/mixed.kak:[0-9]+: column 3: right clue 50 .*\(the puzzle has no solution\)$" "$tmp/err"
[ "$(grep -c 'no solution' "$tmp/err")" -eq 1 ] && ok || bad "mixed.kak notes: $(cat "$tmp/err")"
# A run without a clue is read as a run of distinct digits with any sum, and noted.
printf '#  3\\ 7\\\n\\6 .  .\n#  .  .\n' >"$tmp/unclued.kak"
for e in combo thesis propagate backtrack; do
    expect 0 "run without a clue $e" -- "$pb" count kakuro "$tmp/unclued.kak" --engine "$e" --limit 2
    has "^puzzles=1 none=0 unique=1 " "$tmp/out"
    one_line_error "^puzzlebench: note: $tmp/unclued.kak:3: column 2: across run of 2 white cells without a clue \(read as a run: distinct digits, any sum\)$"
done
expect 1 "solve impossible" -- "$pb" solve kakuro "$kdata/impossible/one-cell-over-nine.kak"
has "^no solution$" "$tmp/out"

# ---- the kakuro-public sweep (a collection) on a made-up one (the public one is not here) ----
mkdir "$tmp/pub"
printf '#  4\\ 6\\\n\\3 .  .\n\\7 .  .\n' >"$tmp/pub/a-1.kak"       # unique: 1 2 / 3 4
printf '#  4\\ 4\\\n\\4 .  .\n\\4 .  .\n' >"$tmp/pub/b-1.kak"       # two solutions
cp "$kdata/impossible/clue-no-set.kak" "$tmp/pub/b-2.kak"
printf 'name,width,height,solutions_checked,solution_file\na-1,3,3,unique,yes\nb-1,3,3,>=2,no\nb-2,7,1,none,no\n' \
    >"$tmp/pub/manifest.csv"
public() { PB_KAKURO_PUBLIC=$1 "$pb" sweep "$src/bench/families/kakuro/kakuro-public.sweep" --out "$tmp/pubout" \
    --samples 1 --force -q; }
# the check's row of puzzle $1: its status and solutions
verdict() { awk -F, -v p="$1" '$2 == p && $6 == "unique" { print $11 "," $12 }' "$tmp/pubout/kakuro-public.csv"; }
PB_KAKURO_PUBLIC=$tmp/pub expect 0 "kakuro-public on a collection" -- public "$tmp/pub"
[ "$(verdict a-1) $(verdict b-1) $(verdict b-2)" = "done,1 done,2 done,0" ] && ok ||
    bad "kakuro-public: verdicts $(verdict a-1) $(verdict b-1) $(verdict b-2), expected unique, two, none"
cmp -s "$tmp/pub/manifest.csv" "$tmp/pubout/kakuro-public.manifest.csv" && ok || bad "the manifest was not copied"
has "^collection=$tmp/pub \(3 puzzles of its manifest.csv\)$" "$tmp/pubout/kakuro-public.meta"
[ "$(grep -c ',first,' "$tmp/pubout/kakuro-public.csv")" -eq 3 ] && ok || bad "kakuro-public: no first solutions"
expect 77 "kakuro-public without the folder" -- public "$tmp/nothing"
one_line_error "kakuro-public.sweep:[0-9]+: no collection at $tmp/nothing \(no manifest.csv\); set PB_KAKURO_PUBLIC to its folder: kakuro-public skipped"
printf 'name,solutions_checked\na-1,unique\n../b-1,>=2\n' >"$tmp/pub/manifest.csv"
expect 2 "a name that is a path" -- public "$tmp/pub"
one_line_error "manifest.csv:3: expected a puzzle name of letters, digits, '.', '_' and '-', got '../b-1'"
printf 'puzzle,solutions_checked\na-1,unique\n' >"$tmp/pub/manifest.csv"
expect 2 "no name column" -- public "$tmp/pub"
one_line_error "manifest.csv:1: expected a column 'name'"
printf 'name\nz-9\n' >"$tmp/pub/manifest.csv"
expect 2 "a puzzle the folder lacks" -- public "$tmp/pub"
one_line_error "z-9.kak"

# ---- outlines ----
expect 0 "outline" -- "$pb" generate kakuro-outline --size 12x10 --seed 5 --count 3 --symmetric
if [ "$(grep -c '^12 10$' "$tmp/out")" -eq 3 ]; then ok; else bad "outline: not 3 outlines of 12x10"; fi
cp "$tmp/out" "$tmp/outlines.txt"
expect 0 "outline again" -- "$pb" generate kakuro-outline --size 12x10 --seed 5 --count 3 --symmetric
cmp -s "$tmp/out" "$tmp/outlines.txt" && ok || bad "outline generation is not deterministic"
# Symmetric under a half turn: the tokens' white/black pattern reversed is the same.
awk 'NF == 10 { for (i = 1; i <= NF; i++) w = w ($i == "nn" ? "1" : "0") } NF == 0 || NF == 2 { if (w != "") print w; w = "" } END { print w }' \
    "$tmp/outlines.txt" >"$tmp/pat"
while read -r p; do
    inner=$(printf '%s' "$p" | cut -c11-)  # drop the clue row
    rowless=$(printf '%s' "$inner" | fold -w10 | cut -c2- | tr -d '\n')
    [ "$rowless" = "$(printf '%s' "$rowless" | rev)" ] && ok || bad "outline not symmetric: $p"
done <"$tmp/pat"
expect 2 "outline bad size" -- "$pb" generate kakuro-outline --size 12
one_line_error "--size expects RxC"
expect 2 "outline bad density" -- "$pb" generate kakuro-outline --density 2
one_line_error "--density expects"

# ---- puzzles ----
expect 2 "generate bad difficulty" -- "$pb" generate kakuro --difficulty expert
one_line_error "--difficulty expects easy, medium or hard"
expect 2 "generate size and outline" -- "$pb" generate kakuro --size 9x9 --outline "$tmp/outlines.txt"
one_line_error "--size or --outline, not both"
expect 2 "generate bad checker" -- "$pb" generate kakuro --checker frob
one_line_error "unknown engine 'frob'"
# A placement engine that no kakuro can run (one all-different group of 1..cells):
# refused before any puzzle, not each puzzle failed as an outline that would not fill.
expect 2 "generate checker for permutations" -- "$pb" generate kakuro --size 5x5 --checker enum-perm
one_line_error "^puzzlebench: generate: engine enum-perm runs only puzzles whose values are a permutation, which no kakuro is \(one of: .*\)"
expect 2 "generate bad refill" -- "$pb" generate kakuro --refill some
one_line_error "--refill expects diff or all"
expect 3 "generate out of attempts" -- "$pb" generate kakuro --size 15x15 --difficulty hard --max-attempts 1
one_line_error "could not be made within the limits.*--max-attempts"
one_line_error "within the limits \(1 attempt, "
expect 0 "generate help" -- "$pb" generate kakuro --help
has "--refill" "$tmp/out"

expect 0 "generate" -- "$pb" generate kakuro --size 8x8,10x9 --difficulty easy,hard --count 3 --seed 4
cp "$tmp/out" "$tmp/gen1"
if [ "$(grep -c '^; .*: [0-9]* attempts*, unique sums on' "$tmp/gen1")" -eq 12 ] &&
    [ "$(grep -c '^; .* solution$' "$tmp/gen1")" -eq 12 ]; then ok; else bad "generate: not 12 puzzles with solutions"; fi
expect 0 "generate 2 threads" -- "$pb" generate kakuro --size 8x8,10x9 --difficulty easy,hard --count 3 --seed 4 --threads 2
cmp -s "$tmp/out" "$tmp/gen1" && ok || bad "generate kakuro: --threads 2 changed the output"
# A size or a level given twice is made once: the same puzzles, not each twice
# under one name.
expect 0 "generate, a size and a level twice" -- "$pb" generate kakuro --size 8x8,10x9 --size 8x8 \
    --difficulty easy,hard,easy --count 3 --seed 4
diff <(tail -n +2 "$tmp/out") <(tail -n +2 "$tmp/gen1") >/dev/null && ok ||
    bad "generate kakuro: a size given twice made its puzzles twice"
# The header line is the command that makes the same puzzles.
cmd=$(head -1 "$tmp/gen1" | cut -d' ' -f3-)
# shellcheck disable=SC2086
expect 0 "generate from header" -- "$pb" $cmd --no-solutions --threads 2
grep -v '^; puzzlebench' "$tmp/out" >"$tmp/p1"
cp "$tmp/out" "$tmp/gen3"
awk '/ solution$/ { skip = 1; next } /^; / { skip = 0 } !skip && !/^; puzzlebench/' "$tmp/gen1" >"$tmp/p2"
diff <(grep -v '^$' "$tmp/p1") <(grep -v '^$' "$tmp/p2") >/dev/null && ok || bad "generate: the header does not reproduce the puzzles"
# Unique when re-checked by engines other than the generator's.
for e in thesis propagate; do
    expect 0 "generated unique by $e" -- "$pb" count kakuro "$tmp/gen3" --engine "$e" --limit 2
    has "^puzzles=12 none=0 unique=12 multiple=0 " "$tmp/out"
done
# --out: NAME.kak and NAME.sol.kak per puzzle, the records and their metadata.
expect 0 "generate --out" -- "$pb" generate kakuro --size 7x7 --difficulty medium --count 2 --seed 9 --out "$tmp/gen"
for n in 0000 0001; do
    for x in kak sol.kak; do [ -s "$tmp/gen/7x7-medium-s9-$n.$x" ] && ok || bad "missing 7x7-medium-s9-$n.$x"; done
done
has "^name,rows,cols,level,target_share,checker,order,refill,seed_table,seed,index,status,attempts,fills,check_steps,check_placements,check_backtracks,runs,unique_runs,unique_share,wall_s,run_id$" "$tmp/gen/generate.csv"
awk -F, 'NR > 1 && $12 == "done" && $13 >= 1 && $18 > 0 && $19 <= $18 { n++ } END { exit n != 2 }' "$tmp/gen/generate.csv" &&
    ok || bad "generate records: $(cat "$tmp/gen/generate.csv")"
for k in date commit compiler flags cpu cores threads command; do has "^$k=" "$tmp/gen/generate.meta"; done
expect 0 "solution file solves" -- "$pb" count kakuro "$tmp/gen/7x7-medium-s9-0000.sol.kak" --limit 2
has " unique=1 " "$tmp/out"
# --force with fewer puzzles: the earlier run's puzzle files that this run does not
# make go, said on one line, so that the folder holds this run's puzzles alone; a file
# of the user's own that no earlier record names stays.
echo "; mine" >"$tmp/gen/mine.kak"
expect 0 "generate --out --force, fewer" -- "$pb" generate kakuro --size 7x7 --difficulty medium --count 1 \
    --seed 9 --out "$tmp/gen" --force -q
one_line_error "^puzzlebench: generate: --force removed the files of 1 puzzle of the earlier run that this run does not make \(7x7-medium-s9-0001\)$"
[ "$(cd "$tmp/gen" && echo *.kak)" = "7x7-medium-s9-0000.kak 7x7-medium-s9-0000.sol.kak mine.kak" ] && ok ||
    bad "after --force: $(ls "$tmp/gen")"
# The seed's method (thesis, full refill, its 25 unique sums) on a given outline.
expect 0 "generate seed method" -- "$pb" generate kakuro --outline "$src/data/kakuro/outlines-medium.txt" \
    --checker thesis --refill all --seed-table --difficulty hard --count 1 --no-solutions --stats "$tmp/seed.csv"
awk -F, 'NR > 1 && $6 == "thesis" && $8 == "all" && $9 == 1 && $12 == "done" { n++ } END { exit n != 20 }' "$tmp/seed.csv" &&
    ok || bad "seed-method records: $(head -3 "$tmp/seed.csv")"
cp "$tmp/out" "$tmp/seed.kak"
expect 0 "seed-method puzzles unique" -- "$pb" count kakuro "$tmp/seed.kak" --limit 2
has " unique=20 " "$tmp/out"
# A generated outline file feeds --outline.
expect 0 "generate on outlines" -- "$pb" generate kakuro --outline "$tmp/outlines.txt" --count 1 --no-solutions
# Each named by its place in the file too: no two puzzles share a name (nor a file of --out).
[ "$(grep -o '^; 12x10-o0[0-2]-medium-s1-0000:' "$tmp/out" | sort -u | wc -l)" -eq 3 ] && ok ||
    bad "generate on 3 outlines: $(grep '^; ' "$tmp/out")"
expect 0 "generate on outlines, --out" -- "$pb" generate kakuro --outline "$tmp/outlines.txt" --count 1 \
    --out "$tmp/kg" -q
[ "$(find "$tmp/kg" -name '*.sol.kak' | wc -l)" -eq 3 ] && ok || bad "--out of 3 outlines: $(ls "$tmp/kg")"
# More outlines than a run fills are refused, never cut to the first 32 without a word.
cat "$src/data/kakuro/outlines-small.txt" "$src/data/kakuro/outlines-medium.txt" >"$tmp/o40.txt"
expect 2 "generate on 40 outlines" -- "$pb" generate kakuro --outline "$tmp/o40.txt" --candidates
one_line_error "o40\.txt:[0-9]+: more than 32 outlines"

# ---- the data sets are what the script makes ----
for f in outlines-large.txt candidates-9x9-hard.kak puzzles-11x11-easy.kak; do
    [ -s "$src/data/kakuro/$f" ] && ok || bad "data/kakuro/$f missing"
done
cmd=$(head -1 "$src/data/kakuro/puzzles-11x11-easy.kak" | sed 's/^; puzzlebench //')
# shellcheck disable=SC2086
"$pb" $cmd --threads 2 >"$tmp/regen.kak" && cmp -s "$tmp/regen.kak" "$src/data/kakuro/puzzles-11x11-easy.kak" &&
    ok || bad "data/kakuro/puzzles-11x11-easy.kak is not what '$cmd' makes"
"$pb" generate kakuro-outline --size 9x9 --count 10 --seed 1 >"$tmp/o9" &&
    head -"$(wc -l <"$tmp/o9")" "$src/data/kakuro/outlines-large.txt" | cmp -s - "$tmp/o9" &&
    ok || bad "data/kakuro/outlines-large.txt does not start with the 9x9 outlines of seed 1"

# ---- a sweep in mode unique, read back ----
expect 0 "kakuro sweep" -- "$pb" sweep --family kakuro --instances "$kdata/unique.kak $kdata/many.kak" --name k \
    --engines "thesis combo propagate" --orders "row mrv" --modes unique --samples 1 --out "$tmp/res" --workers 1
awk -F, -v u="$nunique" -v m="$nmany" 'NR > 1 { n++; want = $2 == "unique" ? u : 2 * m
    if ($11 != "done" || $6 != "unique" || $12 != want) bad = 1 } END { exit !(n == 8 && !bad) }' \
    "$tmp/res/k.csv" && ok || bad "kakuro sweep rows: $(cat "$tmp/res/k.csv")"

finish cli_kakuro
