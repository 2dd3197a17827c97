#!/usr/bin/env bash
# cli_errors.sh — issue 33's flags and errors: options anywhere (before FAMILY too),
# tenpair's -q and --samples, outputs as --out only; every error names its command,
# blames the real culprit (an option, not the file's first puzzle), gives file:line
# only for a fault inside a file, and carries exactly one "(see ...)" hint; --version
# and help refuse a word more; export, render and import-solution name themselves in
# a puzzle file's fault too; an empty output name shows as ''; whole numbers reach the
# top of their range; a directory given as a puzzle file is refused as a directory; an
# option given twice is refused unless repeatable.
# usage: tests/e2e/cli_errors.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1

# hints: the number of "(see " in stderr is exactly one.
hints() {
    local n
    n=$(grep -o '(see ' "$tmp/err" | wc -l)
    if [ "$n" -eq "$1" ]; then ok; else bad "expected $1 '(see' hint(s), got $n: $(cat "$tmp/err")"; fi
}

# ---- options anywhere ----
expect 0 "options before FAMILY" -- "$pb" solve -e backtrack notouch cross8 -q
has '^solutions=1 steps=540 ' "$tmp/out"
expect 0 "options with values before FAMILY" -- "$pb" count -t 1 --engine backtrack -q notouch 2x4
has '^solutions=32 ' "$tmp/out"
expect 0 "--help before FAMILY" -- "$pb" solve --help notouch
has '^notouch:' "$tmp/out"
expect 2 "no FAMILY among options" -- "$pb" solve -e backtrack
one_line_error "^puzzlebench: solve: missing FAMILY \(one of: .*\) \(see 'puzzlebench solve --help'\)$"
expect 0 "solve tenpair -q" -- "$pb" solve tenpair -q
has '^length=68 solutions=1 steps=[0-9]+ ' "$tmp/out"
if [ "$(wc -l <"$tmp/out")" -eq 1 ]; then ok; else bad "-q printed boards: $(head -3 "$tmp/out")"; fi
expect 0 "solve tenpair --samples 2" -- "$pb" solve tenpair --samples 2 --min-sample-time 0 -q
has '^length=68 solutions=1 .* samples=2 runs_per_sample=1 median_s=' "$tmp/out"
expect 0 "count tenpair -q" -- "$pb" count tenpair --max-length 70 -q
has '^solutions=1 steps=' "$tmp/out"

# ---- outputs are --out; -o is the order ----
expect 0 "export --out" -- "$pb" export dimacs notouch cross8 --out x.cnf
has '^p cnf ' x.cnf
expect 2 "export -o" -- "$pb" export dimacs notouch cross8 -o x.cnf
one_line_error "^puzzlebench: export: unknown option '-o' \(-o is --order .*; an output is --out\) \(see 'puzzlebench export --help'\)$"
expect 2 "render -o" -- "$pb" render notouch cross8 -o x.svg
one_line_error "^puzzlebench: render: unknown option '-o' .*an output is --out"
hints 1
# render, export and import-solution take FAMILY first: an option there is named as such.
expect 2 "render option before FAMILY" -- "$pb" render --solution notouch cross8
one_line_error "^puzzlebench: render: missing FAMILY before '--solution' \(one of: .*\) \(see 'puzzlebench render --help'\)$"
expect 2 "export option before FAMILY" -- "$pb" export dimacs --out x.cnf notouch cross8
one_line_error "^puzzlebench: export: missing FAMILY before '--out' \(one of: .*\) \(see "
expect 2 "export option before FORMAT" -- "$pb" export --out x.cnf dimacs notouch cross8
one_line_error "^puzzlebench: export: missing FORMAT before '--out' \(dimacs\) \(see "
expect 2 "import-solution option before FAMILY" -- "$pb" import-solution --index 1 notouch cross8 x
one_line_error "^puzzlebench: import-solution: missing FAMILY before '--index' \(one of: .*\) \(see "
expect 2 "sweep -t" -- "$pb" sweep -t 2 --list
one_line_error "^puzzlebench: sweep: unknown option '-t'"
expect 2 "sweep with nothing to run" -- "$pb" sweep
one_line_error "^puzzlebench: sweep: expected a sweep file \\(FILE\\.sweep\\) or the sweep's keys as options"

# ---- the real culprit ----
expect 2 "order of an engine without one, on a file" -- "$pb" solve sudoku "$src/data/sudoku/9x9-bench.txt" -e logic -o mrv
one_line_error "^puzzlebench: solve: --order mrv: engine logic has no cell order$"
expect 2 "threads of a first-solution search" -- "$pb" solve latin qwh-10-0.42 -t 2
one_line_error "^puzzlebench: solve: --threads 2: engine propagate splits counts, not a first-solution search, over threads$"
expect 2 "unknown board" -- "$pb" solve notouch cross9
one_line_error "^puzzlebench: solve: unknown board 'cross9': expected cross8 or RxC \\(e\\.g\\. 2x5\\), or the path of a mask file of '#' cells and '.' holes$"
# A board of a bad size is no file's name: no mask-file clause.
expect 2 "board too large" -- "$pb" solve notouch 9x9
one_line_error "^puzzlebench: solve: board too large: 9x9 has 81 cells, at most [0-9]+$"
# A generator's option: the hint names the generator's own --help, which lists it.
expect 2 "generator's unknown option" -- "$pb" generate latin --bad
one_line_error "^puzzlebench: generate: unknown option '--bad' \(see 'puzzlebench generate latin --help'\)$"
# So does a combination the generator refuses after parsing, its own or the runner's.
for g in "kakuro --size 5x5 --outline x.txt" "kakuro --max-attempts 0" "kakuro --checker propagate -o nope" \
    "sudoku --clues 20 --difficulty easy" "sudoku --max-tries 0" "latin --force" "kakuro-outline --resume"; do
    read -ra args <<<"$g"
    expect 2 "generate $g" -- "$pb" generate "${args[@]}"
    one_line_error "^puzzlebench: generate: .* \(see 'puzzlebench generate ${args[0]} --help'\)$"
done
expect 2 "unknown order" -- "$pb" solve notouch cross8 --order random
one_line_error "^puzzlebench: solve: unknown order 'random' \(one of: row, degree, mrv\) \(see 'puzzlebench solve --help'\)$"
hints 1
expect 2 "unknown engine" -- "$pb" count notouch cross8 -e nosuch
one_line_error "^puzzlebench: count: unknown engine 'nosuch' for notouch"
hints 1
# A fault inside a file keeps its file:line.
printf '# two puzzles\n%s\n%s\n' "$(printf '.%.0s' {1..81})" "12" >bad.txt
expect 2 "a short puzzle line" -- "$pb" solve sudoku bad.txt
one_line_error "^puzzlebench: solve: bad.txt:3: "

# ---- a directory where a puzzle file goes is refused as one, in every family ----
mkdir -p adir
for fam in notouch sudoku latin kakuro; do
    expect 2 "solve $fam DIR" -- "$pb" solve "$fam" adir
    one_line_error "^puzzlebench: solve: adir: is a directory, not a file$"
done
expect 2 "notouch --board-file DIR/" -- "$pb" count notouch --board-file adir/
one_line_error "^puzzlebench: count: adir/: is a directory, not a file$"
# A notouch name that is no board but a file on disk is the file; a board's name stays the board.
printf '##\n##\n' >square
expect 1 "notouch FILE named without a dot" -- "$pb" count notouch square -q
has '^solutions=0 ' "$tmp/out"
printf 'x\n' >2x4
expect 0 "notouch 2x4 with a file 2x4 beside" -- "$pb" count notouch 2x4 -q
has '^solutions=32 ' "$tmp/out"
rm -f 2x4

# ---- did you mean: every "unknown X" lists the Xs and names the nearest ----
expect 2 "a mistyped order" -- "$pb" count notouch 2x3 -o MRV
one_line_error "^puzzlebench: count: unknown order 'MRV' \(one of: row, degree, mrv\) \(did you mean 'mrv'\?\) \(see 'puzzlebench count --help'\)$"
expect 2 "a mistyped engine" -- "$pb" count notouch 2x3 -e backtrak
one_line_error "^puzzlebench: count: unknown engine 'backtrak' for notouch \(one of: [a-z0-9, -]*backtrack[a-z0-9, -]*\) \(did you mean 'backtrack'\?\) \(see 'puzzlebench count --help'\)$"
expect 2 "a mistyped tenpair engine" -- "$pb" solve tenpair -e best-frist
one_line_error "^puzzlebench: solve: unknown engine 'best-frist' for tenpair \(one of: [a-z, -]*\) \(did you mean 'best-first'\?\)"
expect 2 "a mistyped family" -- "$pb" solve notuch 2x3
one_line_error "^puzzlebench: solve: unknown family 'notuch' \(one of: [a-z, ]*\) \(did you mean 'notouch'\?\) \(see 'puzzlebench solve --help'\)$"
expect 2 "a mistyped option" -- "$pb" count notouch 2x3 --step-limt 5
one_line_error "^puzzlebench: count: unknown option '--step-limt' \(did you mean '--step-limit'\?\) \(see 'puzzlebench count --help'\)$"
expect 2 "an option said another way" -- "$pb" count notouch 2x3 --max-steps 5
one_line_error "^puzzlebench: count: unknown option '--max-steps' \(did you mean '--step-limit'\?\) \(see 'puzzlebench count --help'\)$"
expect 2 "an option like none" -- "$pb" count notouch 2x3 --zzz 5
one_line_error "^puzzlebench: count: unknown option '--zzz' \(see 'puzzlebench count --help'\)$"
expect 2 "a mistyped choice" -- "$pb" count notouch 2x3 --bind cores
one_line_error "^puzzlebench: count: --bind expects none or core, got 'cores' \(did you mean 'core'\?\) \(see 'puzzlebench count --help'\)$"
expect 2 "a mistyped command" -- "$pb" solv notouch 2x3
one_line_error "^puzzlebench: unknown command 'solv' \(one of: solve, count, [a-z, -]*\) \(did you mean 'solve'\?\) \(see 'puzzlebench --help'\)$"
expect 2 "a mistyped generator" -- "$pb" generate sudok
one_line_error "^puzzlebench: generate: unknown generator 'sudok' \(one of: [a-z, -]*\) \(did you mean 'sudoku'\?\)"
printf 'family notouch\ninstanes 2x3\n' >key.sweep
expect 2 "a mistyped sweep key" -- "$pb" sweep key.sweep --list
one_line_error "^puzzlebench: sweep: key.sweep:2: unknown key 'instanes' \(did you mean 'instances'\?\) \(see 'puzzlebench sweep --help'\)$"
printf 'family notuch\ninstances 2x3\n' >fam.sweep
expect 2 "a mistyped sweep family" -- "$pb" sweep fam.sweep --list
one_line_error "^puzzlebench: sweep: fam.sweep:1: unknown family 'notuch' \(one of: [a-z, ]*\) \(did you mean 'notouch'\?\)$"
expect 2 "a mistyped key as an option" -- "$pb" sweep --family notouch --instances 2x3 --enignes backtrack --list
one_line_error "^puzzlebench: sweep: unknown option '--enignes' \(did you mean '--engines'\?\) \(see 'puzzlebench sweep --help'\)$"
expect 2 "a mistyped sweep engine" -- "$pb" sweep --family notouch --instances 2x3 --engines "backtrack propagte" --list
one_line_error "^puzzlebench: sweep: --engines names engine 'propagte', which notouch has not \(one of: [a-z0-9, -]*\) \(did you mean 'propagate'\?\) \(see 'puzzlebench sweep --help'\)$"
expect 2 "a mistyped sweep order" -- "$pb" sweep --family notouch --instances 2x3 --orders "row degre" --list
one_line_error "^puzzlebench: sweep: --orders: unknown order 'degre' \(one of: row, degree, mrv\) \(did you mean 'degree'\?\) \(see 'puzzlebench sweep --help'\)$"
# A step limit for an engine of the family that the sweep does not run would limit
# nothing: refused with the sweep's engines and the nearest of them, in a file or not.
printf 'family notouch\ninstances 2x3\nengines backtrack learn-alldiff\nstep-limit 100 learn=5\n' >sl.sweep
expect 2 "a step limit for an engine the sweep does not run" -- "$pb" sweep sl.sweep --list
one_line_error "^puzzlebench: sweep: sl.sweep:4: step-limit names engine 'learn', which the sweep does not run \(its engines: backtrack, learn-alldiff\) \(did you mean 'learn-alldiff'\?\) \(see 'puzzlebench sweep --help'\)$"
expect 2 "--step-limit for an engine the sweep does not run" -- "$pb" sweep --family notouch --instances 2x3 \
    --engines "backtrack enum-all" --step-limit "100 propagate=5" --list
one_line_error "^puzzlebench: sweep: --step-limit names engine 'propagate', which the sweep does not run \(its engines: backtrack, enum-all\) \(see "
# --engines narrowing a file's sweep leaves the file's limits for the engines it drops
# unused, not refused: a rerun of one engine of a sweep file runs as the file says.
printf 'family notouch\ninstances 2x3\nengines backtrack propagate\nstep-limit 100 propagate=5\n' >nl.sweep
expect 0 "--engines narrowing a file with a limit for the engine it drops" -- "$pb" sweep nl.sweep --engines backtrack --list
has "^2x3 backtrack row first threads=1$" "$tmp/out"
# An option replaces its key's line in the file: that line is not read, so a fault in
# it (a sweep key's value, a family key's, an engine the checks would refuse) stops nothing;
# a fault in a line no option replaces still does.
printf 'family notouch\ninstances 2x3\nengines backtrack\nmodes firts\ndiff 0\nstep-limit 10 warp=3\n' >ov.sweep
expect 0 "options over a file's bad lines" -- "$pb" sweep ov.sweep --modes count --diff 2 --step-limit 10 --list
has "^2x3 backtrack row count threads=1$" "$tmp/out"
has "^1 run, 5 samples each$" "$tmp/out"
expect 2 "an option over one bad line of three" -- "$pb" sweep ov.sweep --modes count --list
one_line_error "^puzzlebench: sweep: ov.sweep:5: diff expects a whole number from 1 to 64, got '0'$"
# A quick-* option replaces the file's line as any does, and a --quick sweep runs it
# (not the full instances, nor the file's quick ones), with a file or without.
printf 'family notouch\ninstances 2x4\nquick-instances 2x3\nengines backtrack\nmodes first\n' >q.sweep
expect 0 "--quick-instances under --quick" -- "$pb" sweep q.sweep --quick --quick-instances 3x3 --list
has "^3x3 backtrack row first threads=1$" "$tmp/out"
expect 0 "--quick-max-lengths under --quick" -- "$pb" sweep --family tenpair --instances upto19 --engines compact \
    --modes count --max-lengths "68 72" --quick-max-lengths 68 --quick --list
has "^1 run, 5 samples each$" "$tmp/out"
# A key an option repeats reads once; max-samples below samples is no further round.
expect 2 "engine-seeds with no random engine" -- "$pb" sweep --family notouch --instances 2x3 \
    --engines backtrack --engine-seeds 1-3 --list
one_line_error "^puzzlebench: sweep: --engine-seeds: no engine of the sweep makes random choices"
printf 'family notouch\ninstances 2x3\nsamples 4\nmax-samples 3\n' >ms.sweep
expect 2 "max-samples below samples" -- "$pb" sweep ms.sweep --list
one_line_error "^puzzlebench: sweep: ms.sweep:4: max-samples 3 is below samples 4: a pair samples on up to it, so give 4 or more \(or 0: samples\)"
expect 2 "max-samples below samples, options" -- "$pb" sweep ms.sweep --samples 6 --max-samples 5 --list
one_line_error "^puzzlebench: sweep: --max-samples 5 is below samples 6"
# An instance that does not load names the key's line too: a file is looked for beside
# the sweep file first, so the name alone does not say which line to mend.
printf 'family sudoku\ninstances absent.txt\n' >inst.sweep
expect 2 "a sweep's missing instance file" -- "$pb" sweep inst.sweep --list
one_line_error "^puzzlebench: sweep: inst.sweep:2: instances: absent.txt: cannot open: No such file or directory$"
expect 2 "a sweep's board that is none" -- "$pb" sweep --family notouch --instances 0x3 --list
one_line_error "^puzzlebench: sweep: --instances: board 0x3: expected RxC"
printf 'family kakuro\ngenerator kakuro\ngenerate m: --cout 60\n' >gen.sweep
expect 2 "a mistyped option of a generation sweep" -- "$pb" sweep gen.sweep --list
one_line_error "^puzzlebench: sweep: gen.sweep:3: generate kakuro has no option --cout \(did you mean '--count'\?\)$"

# ---- an option given twice is refused (the last value no longer wins silently),
# unless its help says it is repeatable ----
expect 2 "--threads twice" -- "$pb" count notouch 2x4 --threads 2 --threads 4 -q
one_line_error "^puzzlebench: count: option --threads is given twice; give it once \(see 'puzzlebench count --help'\)$"
expect 2 "-t and --threads=" -- "$pb" count notouch 2x4 -t 2 --threads=2 -q
one_line_error "^puzzlebench: count: option --threads is given twice; give it once"
expect 2 "a flag twice" -- "$pb" count notouch 2x4 -q --quiet
one_line_error "^puzzlebench: count: option --quiet is given twice; give it once"
expect 2 "a family's option twice" -- "$pb" count notouch 2x4 --diff 2 --diff 3
one_line_error "^puzzlebench: count: option --diff is given twice; give it once"
# Two options that each name the instance: both named as options.
expect 2 "two instance options" -- "$pb" solve tenpair --upto 5 --start 11 -q
one_line_error "^puzzlebench: solve: the instance is given twice \(--upto and --start\) "
expect 2 "a sweep key twice" -- "$pb" sweep --family notouch --instances 2x3 --instances 2x4 --list
one_line_error "^puzzlebench: sweep: option --instances is given twice; give it once"
expect 2 "compare --where twice" -- "$pb" compare a.csv --by engine=a,b --where order=row --where order=mrv
one_line_error "^puzzlebench: compare: option --where is given twice; give it once"
expect 0 "--param twice (repeatable)" -- "$pb" solve notouch cross8 -e restart --param restart-steps=10 --param cell-choice=fewest -q
has ' params=restart-steps=10;restart-schedule=luby;cell-choice=fewest ' "$tmp/out"
expect 0 "generate kakuro --size twice (repeatable)" -- "$pb" generate kakuro --size 5x5 --size 6x6 --count 1 -q
[ "$(grep -c '^; [56]x[56]-medium-s1-0000: ' "$tmp/out")" -eq 2 ] && ok || bad "--size twice: $(grep '^; ' "$tmp/out")"
expect 0 "solve --help" -- "$pb" solve --help
has "^ +--param NAME=VALUE +set a parameter of the engine" "$tmp/out"
has "lists each engine's\) \(repeatable\)$" "$tmp/out"

# ---- a puzzle file's fault under export, render and import-solution names the command ----
: >empty.txt
expect 2 "export dimacs of an empty file" -- "$pb" export dimacs sudoku empty.txt --out e.cnf
one_line_error "^puzzlebench: export: empty\.txt: no puzzles found"
expect 2 "render of an empty file" -- "$pb" render kakuro empty.txt --out e.svg
one_line_error "^puzzlebench: render: empty\.txt: no puzzles found"
expect 2 "import-solution of an empty file" -- "$pb" import-solution latin empty.txt empty.txt
one_line_error "^puzzlebench: import-solution: empty\.txt: no squares found"
printf '12\n' >short.txt
expect 2 "render of a bad puzzle" -- "$pb" render sudoku short.txt --out e.svg
one_line_error "^puzzlebench: render: short\.txt:1: "
# An engine with nothing to solve (no --solution, no --trace) is refused, not ignored.
expect 2 "render --engine without --solution" -- "$pb" render notouch cross8 -e backtrack --out e.svg
one_line_error "^puzzlebench: render: --engine picks the engine of --solution or --trace"
expect 0 "render --engine with --solution" -- "$pb" render notouch cross8 -e backtrack --solution --out e.svg

# ---- an empty output name is shown as '' ----
expect 2 "render --out ''" -- "$pb" render notouch cross8 --out ''
one_line_error "^puzzlebench: render: '': cannot write: "
expect 2 "export --out ''" -- "$pb" export dimacs notouch cross8 --out ''
one_line_error "^puzzlebench: export: '': cannot write: "
expect 2 "generate --out ''" -- "$pb" generate sudoku --size 4 --count 1 --out ''
one_line_error "^puzzlebench: generate: '': cannot make the folder: "

# ---- whole numbers reach the top of their range exactly ----
for n in 18446744073709551615 18446744073709551614 1e19; do
    expect 0 "--step-limit $n" -- "$pb" count notouch 2x4 --step-limit "$n" -q
    has '^solutions=32 ' "$tmp/out"
done
for n in 18446744073709551616 99999999999999999999 1.8446744073709552e19 2e19; do
    expect 2 "--step-limit $n" -- "$pb" count notouch 2x4 --step-limit "$n" -q
    # The message names the top, which these pass: they are whole numbers >= 0.
    one_line_error "^puzzlebench: count: --step-limit expects a whole number from 0 to 2\^64 - 1 in decimal .*got '$n'"
done
expect 2 "a sweep's --step-limit past its top" -- "$pb" sweep --family notouch --instances 2x3 \
    --step-limit 2e19 --out "$tmp/sl" -q
one_line_error "^puzzlebench: sweep: --step-limit expects N or ENGINE=N \(N a whole number from 0 to 2\^64 - 1 in decimal, .*got '2e19'"
expect 2 "--time-limit past its top" -- "$pb" count notouch 2x4 --time-limit 2e9 -q
one_line_error "^puzzlebench: count: --time-limit expects seconds from 0 to 1e9 in decimal, got '2e9'"
# A small whole number takes the same two forms (docs/cli.md: 1000 or 1e6).
expect 0 "generate --count 2e0" -- "$pb" generate sudoku --size 4 --count 2e0 -q
if [ "$(grep -vc '^#' "$tmp/out")" -eq 2 ]; then ok; else bad "--count 2e0: $(cat "$tmp/out")"; fi
for n in 1e9 1.5 -1e0; do
    expect 2 "--threads $n" -- "$pb" count notouch 2x4 --threads "$n" -q
    one_line_error "^puzzlebench: count: --threads expects a whole number from 1 to [0-9]+, got '$n'"
done

# ---- --version and help take nothing more: an extra word is a mistake, not ignored ----
expect 0 "--version" -- "$pb" --version
has '^puzzlebench ' "$tmp/out"
expect 2 "--version with an argument" -- "$pb" --version extra
one_line_error "^puzzlebench: --version: unexpected argument 'extra' \(see 'puzzlebench --help'\)$"
hints 1
expect 0 "help COMMAND" -- "$pb" help solve
has '^usage: puzzlebench solve' "$tmp/out"
expect 2 "help COMMAND with another word" -- "$pb" help solve extra
one_line_error "^puzzlebench: help: unexpected argument 'extra' \(see 'puzzlebench --help'\)$"
[ -s "$tmp/out" ] && bad "help solve extra printed: $(head -c 200 "$tmp/out")" || ok
# Every command takes --help, help and --version too.
for cmd in "help --help" "help -h" "help help" "help --version" "--version --help"; do
    read -ra words <<<"$cmd"
    expect 0 "$cmd" -- "$pb" "${words[@]}"
    has '^usage: puzzlebench' "$tmp/out"
done
expect 2 "help help with another word" -- "$pb" help help extra
one_line_error "^puzzlebench: help: unexpected argument 'extra'"
# COMMAND FAMILY --help prints the help and does nothing else, for every family the
# command takes (export and import-solution list theirs).
for f in $("$pb" families --csv | tail -n +2 | cut -d, -f1); do
    for cmd in solve count render; do
        expect 0 "$cmd $f --help" -- "$pb" $cmd "$f" --help
        has "^usage: puzzlebench $cmd" "$tmp/out"
    done
done
for cmd in "export dimacs" import-solution; do
    for f in $("$pb" $cmd --help | sed -n 's/^families: //p' | tr -d ,); do
        read -ra words <<<"$cmd"
        expect 0 "$cmd $f --help" -- "$pb" "${words[@]}" "$f" --help
        has "^usage: puzzlebench $cmd" "$tmp/out"
    done
done

finish cli_errors
