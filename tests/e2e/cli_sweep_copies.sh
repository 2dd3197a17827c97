#!/usr/bin/env bash
# cli_sweep_copies.sh — an engine sweep with `copies K`: each puzzle also runs as K
# isomorphic copies, the same for every engine and every run, each copy's rows named
# NAME#P.copyC (NAME.copyC per set) with the original's solution count; the .meta keeps
# copies and copies-seed, and --resume finds the rows; only-puzzles runs some puzzles'
# rows again under their names; a bad value, a family without copies and copies-seed
# alone are refused in one line naming the file and line.
# usage: cli_sweep_copies.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"

# A 4x4 with one given (many solutions) and a 9x9 with givens taken out (several).
cat >"$tmp/p.txt" <<'EOF2'
1...............
............157.....4.8..6.4.5.28.............1...9..8..34..7.5.6.....3.8........
EOF2
cat >"$tmp/c.sweep" <<'EOF2'
name      c
family    sudoku
instances p.txt
engines   logic learn
modes     count
rows      per-puzzle
copies    2
samples   1
EOF2
expect 0 "a sweep with copies" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/r" -q
rows=$(tail -n +2 "$tmp/r/c.csv")
[ "$(echo "$rows" | wc -l)" -eq 12 ] && ok || bad "c.csv: expected 12 rows (2 puzzles x 3 copies x 2 engines)"
[ "$(echo "$rows" | cut -d, -f2 | sort -u | tr '\n' ' ')" = \
    "p#0 p#0.copy1 p#0.copy2 p#1 p#1.copy1 p#1.copy2 " ] && ok ||
    bad "c.csv: instances $(echo "$rows" | cut -d, -f2 | sort -u | tr '\n' ' ')"
[ "$(echo "$rows" | cut -d, -f2,4 | sort | uniq -d)" = "" ] && ok || bad "c.csv: a row key twice"
# Every copy of a puzzle, under either engine, has the original's solutions: a 4x4
# with one given has 288 / 4 = 72 solutions.
sols() { echo "$rows" | awk -F, -v p="$1" '$2 ~ "^p#" p "(\\.|$)" {print $11","$12}' | sort -u; }
[ "$(sols 0)" = "done,72" ] && ok || bad "puzzle 0: $(sols 0 | tr '\n' ' ')"
# The 9x9's 9081, as count gives them on the original by hand.
n1=$("$pb" count sudoku "$tmp/p.txt" -q --csv "$tmp/n.csv" >/dev/null 2>&1; tail -n 1 "$tmp/n.csv" | cut -d, -f11)
[ "$(sols 1)" = "done,9081" ] && [ "$n1" = 9081 ] && ok || bad "puzzle 1: $(sols 1 | tr '\n' ' ') (count: $n1)"
has '^copies=2$' "$tmp/r/c.meta"
has '^copies_seed=1$' "$tmp/r/c.meta"
# The same copies in another run: the engines' steps repeat row for row.
expect 0 "the sweep again" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/r2" -q
[ "$(tail -n +2 "$tmp/r2/c.csv" | cut -d, -f2,4,13 | sort)" = "$(echo "$rows" | cut -d, -f2,4,13 | sort)" ] && ok ||
    bad "a second run gave other steps"
expect 0 "--resume of a whole sweep" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/r" --resume
has 'complete already' "$tmp/out"
# only-puzzles: one puzzle's rows again, under their names, copies and all, with the
# steps of the whole sweep; kept in the .meta, so --resume refuses another pick.
expect 0 "one puzzle again" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/one" -q --only-puzzles 1
[ "$(tail -n +2 "$tmp/one/c.csv" | cut -d, -f2,4,13 | sort)" = "$(echo "$rows" | grep '^sudoku,p#1' | cut -d, -f2,4,13 | sort)" ] &&
    ok || bad "only-puzzles 1: $(tail -n +2 "$tmp/one/c.csv" | cut -d, -f2,4,13 | tr '\n' ' ')"
has '^only_puzzles=1$' "$tmp/one/c.meta"
expect 2 "--resume with another pick" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/one" -q --only-puzzles 0 --resume
one_line_error "cannot resume: only_puzzles differs \(the \.meta: '1', now: '0'\)"
expect 2 "a puzzle past the file's" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/two" --only-puzzles 0-2
one_line_error "^puzzlebench: sweep: --only-puzzles: .*p\.txt holds 2 puzzles \(0 to 1\), not puzzle 2"
# Given in the file, the key's line is named, as for every other fault of the file.
{ cat "$tmp/c.sweep"; echo 'only-puzzles 0-2'; } >"$tmp/c-past.sweep"
expect 2 "a puzzle past the file's, in the sweep file" -- "$pb" sweep "$tmp/c-past.sweep" --list
one_line_error "^puzzlebench: sweep: .*c-past\.sweep:$(($(wc -l <"$tmp/c.sweep") + 1)): only-puzzles: .*p\.txt holds 2 puzzles \(0 to 1\), not puzzle 2"
expect 2 "only-puzzles with rows per set" -- "$pb" sweep "$tmp/c.sweep" --list --only-puzzles 0 --rows per-set
one_line_error "--only-puzzles: picks puzzles for rows of their own: give 'rows per-puzzle'"
expect 2 "only-puzzles twice" -- "$pb" sweep "$tmp/c.sweep" --list --only-puzzles "0 0-1"
one_line_error "--only-puzzles gives puzzle 0 twice"
# Rows per set: a row per copy of the file, its solutions the original's (72 + 9081).
expect 0 "copies, rows per set" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/s" -q --rows per-set --engines logic
[ "$(tail -n +2 "$tmp/s/c.csv" | cut -d, -f2,12 | tr '\n' ' ')" = "p,9153 p.copy1,9153 p.copy2,9153 " ] && ok ||
    bad "per-set rows: $(tail -n +2 "$tmp/s/c.csv" | cut -d, -f2,12 | tr '\n' ' ')"
# The outside solvers get the same copies.
if command -v cadical >/dev/null; then
    expect 0 "copies for cadical" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/o" -q --engines cadical --modes first
    [ "$(tail -n +2 "$tmp/o/c.csv" | cut -d, -f11,12 | sort -u)" = "done,1" ] && ok || bad "cadical on the copies"
    [ "$(tail -n +2 "$tmp/o/c.csv" | wc -l)" -eq 6 ] && ok || bad "cadical: expected 6 rows"
fi
# Refusals, each one line with the file and line.
sed 's/^copies .*/copies    -1/' "$tmp/c.sweep" >"$tmp/bad.sweep"
expect 2 "copies -1" -- "$pb" sweep "$tmp/bad.sweep" --list
one_line_error "bad\.sweep:7: copies expects a whole number from 0 to 1000, got '-1'"
sed 's/^copies .*/copies    two/' "$tmp/c.sweep" >"$tmp/bad.sweep"
expect 2 "copies two" -- "$pb" sweep "$tmp/bad.sweep" --list
one_line_error "bad\.sweep:7: copies expects a whole number"
printf 'name n\nfamily notouch\ninstances 2x3\ncopies 1\n' >"$tmp/n.sweep"
expect 2 "copies of a family without them" -- "$pb" sweep "$tmp/n.sweep" --list
one_line_error "n\.sweep:4: copies: family notouch makes no isomorphic copies"
sed 's/^copies .*/copies-seed 5/' "$tmp/c.sweep" >"$tmp/bad.sweep"
expect 2 "copies-seed alone" -- "$pb" sweep "$tmp/bad.sweep" --list
one_line_error "bad\.sweep:7: copies-seed: the sweep makes no copies"
# --copies 0 over a file with copies and copies-seed runs the puzzles as given: the
# file's seed is left unused, not refused; --copies-seed beside --copies 0 still is.
printf 'copies-seed 5\n' | cat "$tmp/c.sweep" - >"$tmp/s.sweep"
expect 0 "--copies 0 over a file's copies-seed" -- "$pb" sweep "$tmp/s.sweep" --copies 0 --list
has "^4 runs, 1 sample each$" "$tmp/out"
expect 2 "--copies-seed beside --copies 0" -- "$pb" sweep "$tmp/c.sweep" --copies 0 --copies-seed 5 --list
one_line_error "--copies-seed: the sweep makes no copies"
finish cli_sweep_copies
