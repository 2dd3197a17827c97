#!/usr/bin/env bash
# cli_inputs.sh — inputs that are not plain files of text: a named pipe (FIFO) with no
# writer is refused at once by every reader, never waited on in open(2), while a pipe
# that has a writer (bash's <(cmd)) is read; an output that names the command's own
# input (or a hard link to it) is refused and the input kept; a .meta read back with a
# NUL byte, or a run id that is none, is refused rather than read as keys missing; a
# file whose name is long (hundreds of characters) still gets its whole message, and an
# empty one is shown as ''; a file written beside a result at the end (its .meta,
# topology, samples) that cannot be made is refused before the work, so that no result
# is left without it; a CSV
# that time appends to holds rows alone, each as wide as its header; an output in a
# folder that cannot be written into is refused before the work; --csv - (no file) is
# refused; render's and export's --out - is standard output; an output folder, or a
# file with others beside it or on a busy standard output, refuses "-".
# usage: tests/e2e/cli_inputs.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1

# ---- a FIFO with no writer ----

mkfifo fifo
fifo_refused='fifo: a pipe \(FIFO\) with no writer and nothing to read'
# refused WHAT ARGS...: exits 2 at once (timeout's 124 is a wait) with one line.
refused() {
    local what=$1
    shift
    expect 2 "$what" -- timeout 10 "$pb" "$@"
    one_line_error "$fifo_refused"
}
# Every family's reader: a file of puzzles (a family whose instances are never files
# refuses the name as an instance, and still at once).
"$pb" families --csv | tail -n +2 | cut -d, -f1 >families
while read -r fam; do
    expect 2 "solve $fam, a FIFO" -- timeout 10 "$pb" solve "$fam" ./fifo -q
    one_line_error "."
done <families
refused "count --board-file" count notouch --board-file fifo -q
refused "render" render sudoku fifo
refused "export dimacs" export dimacs sudoku fifo
refused "sweep FILE" sweep fifo --list
printf 'family sudoku\ninstances fifo\nengines backtrack\n' >i.sweep
refused "a sweep's instances" sweep i.sweep --list
refused "generate --outline" generate kakuro --outline fifo -q
refused "import-solution" import-solution latin qwh-5-0.42-s1 fifo
refused "meta --end" meta --out m.meta --end fifo
refused "compare" compare fifo fifo
expect 2 "time --stdin, a FIFO" -- timeout 10 "$pb" time --stdin fifo -q -- true
one_line_error "--stdin fifo: cannot be read again at every run"
rm -f t.csv && mkfifo t.csv
expect 2 "time --csv, a FIFO there" -- timeout 10 "$pb" time --csv t.csv -q -- true
one_line_error "t\.csv: a pipe \(FIFO\) with no writer"

# A sweep's files read back: a FIFO at the .meta (--resume, --list's estimate) or beside
# a CSV that compare reads.
printf 'family sudoku\ninstances %s\nengines backtrack propagate\nmodes first\n' \
    "$src/data/sudoku/4x4.txt" >k.sweep
printf 'samples 3\nmin-sample-time 0.001\nrep-budget 1\n' >>k.sweep
if "$pb" sweep k.sweep --out o -q >out 2>err; then ok; else bad "sweep k.sweep: $(cat err)"; fi
for f in k.meta k.samples.csv; do
    rm -rf p && cp -r o p && rm "p/$f" && mkfifo "p/$f"
    expect 2 "compare, a FIFO at $f" -- timeout 10 "$pb" compare p/k.csv --by engine=backtrack,propagate
    one_line_error "p/$f: a pipe \(FIFO\) with no writer"
done
rm -rf p && cp -r o p && rm p/k.meta && mkfifo p/k.meta
expect 2 "sweep --resume, a FIFO at the .meta" -- timeout 10 "$pb" sweep k.sweep --out p --resume -q
one_line_error "p/k\.meta: a pipe \(FIFO\) with no writer"
expect 0 "sweep --list, a FIFO at the .meta" -- timeout 10 "$pb" sweep k.sweep --out p --list

# A pipe with a writer is read: process substitution, as a shell user writes it.
expect 0 "solve, <(cat FILE)" -- timeout 10 "$pb" solve sudoku <(cat "$src/data/sudoku/4x4.txt") -q
has "solutions=100 " "$tmp/out"

# ---- a .meta read back: text, and a run id ----

"$pb" meta --out begin.meta --begin >id 2>err
sed '1s/=/=\x00/' begin.meta >nul.meta
expect 2 "meta --end, a NUL byte in FROM" -- "$pb" meta --out end.meta --end nul.meta
one_line_error "nul\.meta:1: expected text, got a NUL byte"
[ -e end.meta ] && bad "meta --end wrote end.meta from a damaged .meta" || ok
sed 's/$/\r/' begin.meta >crlf.meta
expect 2 "meta --end, lines ending in CR LF" -- "$pb" meta --out end.meta --end crlf.meta
one_line_error "crlf\.meta:1: expected the run id that --begin wrote, got 'run_id=.*\\x0d'"
printf 'run_id=\n' >empty.meta
expect 2 "meta --end, an empty run id" -- "$pb" meta --out end.meta --end empty.meta
one_line_error "empty\.meta:1: expected the run id"
expect 0 "meta --end, FROM as --begin wrote it" -- "$pb" meta --out end.meta --end begin.meta
cmp -s out id && ok || bad "meta --end printed $(cat out), --begin $(cat id)"
rm -rf p && cp -r o p && sed -i '3s/=/=\x00/' p/k.meta
expect 2 "compare, a NUL byte in the .meta beside" -- "$pb" compare p/k.csv --by engine=backtrack,propagate
one_line_error "p/k\.meta:3: expected text, got a NUL byte"

# ---- an empty file name: shown as '' as an output's is, not as nothing ----

for args in "solve sudoku" "count latin" "solve notouch --board-file" "render kakuro" \
    "export dimacs sudoku" "import-solution latin qwh-5-0.4"; do
    read -ra a <<<"$args"
    expect 2 "$args ''" -- "$pb" "${a[@]}" ""
    one_line_error "^puzzlebench: ${a[0]}: '': cannot open: an empty file name$"
done

# ---- a long file name: the message whole, name and reason ----

long=$(printf 'd%.0s' {1..200})
long="$long/$long/$long"
mkdir -p "$long" short
printf 'x x\n' >short/bad && cp short/bad "$long/bad"
# Each file of puzzles (the families that take --keep-going), its puzzle's error read
# with the file (--keep-going) and as the run's stop: the same message as for a short
# name, whatever the name's length.
while read -r fam; do
    for keep in --keep-going ""; do
        # shellcheck disable=SC2086
        "$pb" solve "$fam" short/bad -q --keep-going >out 2>err.short
        grep -q '^puzzlebench: solve: short/bad:1: ' err.short || continue
        # shellcheck disable=SC2086
        "$pb" solve "$fam" short/bad -q $keep >out 2>err.short
        # shellcheck disable=SC2086
        expect 2 "solve $fam, a long name $keep" -- "$pb" solve "$fam" "$long/bad" -q $keep
        if [ "$(sed "s|$long/bad|short/bad|" "$tmp/err")" = "$(cat err.short)" ]; then ok; else
            bad "solve $fam $keep, a long name: $(cut -c 1-80 "$tmp/err")... $(tail -c 80 "$tmp/err")"
        fi
    done
done <families
# Every reader and writer, a name that is not there (a family whose instances are not
# files reads the name as one): the message of a short name, the name aside.
# same_as_short WHAT ARGS...: ARGS with @L@ the long folder, then with d, a short one.
mkdir -p d
same_as_short() {
    local what=$1
    shift
    "$pb" "${@//@L@/d}" >out 2>err.short
    expect "$?" "$what, a long name" -- "$pb" "${@//@L@/$long}"
    if [ "$(sed "s|$long|d|g" "$tmp/err")" = "$(cat err.short)" ]; then ok; else
        bad "$what, a long name: $(cut -c 1-80 "$tmp/err")... $(tail -c 80 "$tmp/err")"
    fi
}
while read -r fam; do
    same_as_short "solve $fam" solve "$fam" @L@/missing -q
done <families
same_as_short "solve, a folder" solve sudoku @L@ -q
same_as_short "count --board-file" count notouch --board-file @L@/missing -q
same_as_short "render" render sudoku @L@/missing
same_as_short "render --out" render sudoku "$src/data/sudoku/4x4.txt" --out @L@/missing/x.svg
same_as_short "export dimacs" export dimacs sudoku @L@/missing
same_as_short "import-solution" import-solution latin qwh-5-0.42-s1 @L@/missing
same_as_short "sweep FILE" sweep @L@/missing.sweep --list
same_as_short "compare" compare @L@/missing.csv @L@/missing.csv
# A sweep's instance under a long name is read whole, from the file and as an option:
# never cut to its first 511 characters, which here name another file (a decoy).
cp "$src/data/sudoku/4x4.txt" "$long/real.txt"
decoy=${long:0:511} && cp "$src/data/sudoku/4x4.txt" "$decoy"
printf 'family sudoku\ninstances %s\nengines backtrack\nmodes first\n' "$long/real.txt" >long.sweep
expect 0 "sweep, an instance under a long name" -- "$pb" sweep long.sweep --list
has "^real backtrack" "$tmp/out"
expect 0 "sweep --instances, a long name" -- "$pb" sweep long.sweep --instances "$long/real.txt" --list
has "^real backtrack" "$tmp/out"

# ---- an output that is the command's input ----

cp "$src/data/sudoku/4x4.txt" p.txt && cp p.txt p.keep
cp "$src/data/boards/ring8.txt" b.txt && cp b.txt b.keep
head -n 7 "$src/data/kakuro/outlines-small.txt" >o.txt && cp o.txt o.keep
# kept WHAT FILE: one line naming the clash, and FILE as it was.
kept() {
    one_line_error "cannot write: it is this command's input"
    cmp -s "$2" "${2%.*}.keep" && ok || bad "$1: the input $2 was replaced"
}
for cmd in solve count; do
    expect 2 "$cmd --csv = its file" -- "$pb" "$cmd" sudoku p.txt -q --csv p.txt
    kept "$cmd --csv" p.txt
done
expect 2 "count --board-file, --csv = the board" -- "$pb" count notouch --board-file b.txt -q --csv b.txt
kept "count --board-file --csv" b.txt
expect 2 "render --out = its file" -- "$pb" render sudoku p.txt --out p.txt
kept "render --out" p.txt
ln -f p.txt hard.txt
expect 2 "export --out = a hard link to its file" -- "$pb" export dimacs sudoku p.txt --out hard.txt
kept "export --out" p.txt
for opt in "--html o.txt" "--json o.txt" "--stats o.txt --force"; do
    # shellcheck disable=SC2086
    expect 2 "generate --outline o.txt $opt" -- "$pb" generate kakuro --outline o.txt $opt -q
    kept "generate $opt" o.txt
done
mkdir -p g && cp o.txt g/generate.txt && cp o.txt g/generate.keep
expect 2 "generate --out DIR --force, DIR/generate.txt the outline" -- \
    "$pb" generate kakuro --outline g/generate.txt --out g --force -q
kept "generate --out" g/generate.txt
# A sweep whose file or instance is one of its own outputs: the one at NAME.csv refused,
# the sweep file NAME.meta neither written nor removed by --force.
mkdir -p s && cp p.txt s/k.csv && cp p.txt s/k.keep
printf 'family sudoku\ninstances k.csv\nengines backtrack\nmodes first\n' >s/k.sweep
expect 2 "sweep, an instance at NAME.csv" -- "$pb" sweep s/k.sweep --out s -q
kept "sweep, instance" s/k.csv
mv s/k.csv s/puzzles.txt
printf 'family sudoku\ninstances puzzles.txt\nengines backtrack\nmodes first\n' >s/k.meta
cp s/k.meta s/k.keep
expect 2 "sweep --force, the sweep file NAME.meta" -- "$pb" sweep s/k.meta --out s -q --force
kept "sweep --force" s/k.meta

# ---- a side file that cannot be made: refused before the work ----

# side WHAT FOLDER-AT ARGS...: a folder planted at FOLDER-AT; exit 2 naming it, and no
# file made in side/.
side() {
    local what=$1 at=$2
    shift 2
    rm -rf side && mkdir -p "side/$at"
    expect 2 "$what, a folder at $at" -- "$pb" "$@"
    one_line_error "side/$at: cannot write: Is a directory"
    [ -z "$(find side -type f)" ] && ok || bad "$what: left $(find side -type f | tr '\n' ' ')"
}
for at in r.csv.meta r.csv.topology.xml; do
    side "solve --csv" "$at" solve sudoku "$src/data/sudoku/4x4.txt" -q --csv side/r.csv
done
side "generate --stats" g.meta generate sudoku --size 4 --stats side/g.csv -q --records-only
side "generate --out" g/generate.meta generate sudoku --size 4 --out side/g -q
side "time --csv" t.samples.csv time --csv side/t.csv -q -- touch side/measured
while read -r fam; do # the families with a count of their own by lengths (--levels)
    "$pb" count "$fam" --levels x.csv -q --max-length 30 >out 2>err
    grep -q "has no count by lengths of its own" err && continue
    side "count $fam --levels" l.csv.meta count "$fam" --levels side/l.csv -q --max-length 30
done <families

# ---- time --csv: the file appended to holds rows alone ----

rm -rf tc && mkdir tc
"$pb" time --csv tc/t.csv -q --min-sample-time 0.001 -- true >out 2>err
cp tc/t.csv t.keep && cp tc/t.samples.csv ts.keep
# stray FILE LINE: LINE added to FILE (tc/t.csv or its samples), then refused before
# anything is measured, naming FILE and the line.
stray() {
    cp t.keep tc/t.csv && cp ts.keep tc/t.samples.csv
    printf '%s\n' "$2" >>"tc/$1"
    local at
    at=$(wc -l <"tc/$1")
    expect 2 "time --csv, '${2:0:20}' in $1" -- "$pb" time --csv tc/t.csv -q -- touch tc/measured
    one_line_error "tc/$1:$at: expected [0-9]+ fields, as in the header, got [0-9]+"
    [ ! -e tc/measured ] && ok || bad "time --csv measured before refusing $1"
}
stray t.csv "$(printf '1%.0s' {1..100000})"
stray t.csv "1,done"
stray t.samples.csv "garbage"

# ---- a folder that cannot be written into: refused before the work ----

# A read-only mount as root (permissions do not bind root), else a folder without
# write permission.
mkdir -p ro
if [ "$(id -u)" -eq 0 ]; then
    if mount -t tmpfs -o size=64k,ro tmpfs ro 2>/dev/null; then
        trap 'umount "$tmp/ro" 2>/dev/null; rm -rf "$tmp"' EXIT
    else
        echo "cli_inputs: cannot mount a read-only tmpfs here: the read-only test skipped"
        rmdir ro
    fi
else
    chmod a-w ro
fi
if [ -d ro ]; then
    # Each of these prints its result on stdout only once the work is done.
    expect 2 "solve --csv, a read-only folder" -- "$pb" solve sudoku "$src/data/sudoku/4x4.txt" -q --csv ro/r.csv
    one_line_error "ro/r\.csv: cannot write: "
    [ ! -s "$tmp/out" ] && ok || bad "solve --csv solved before refusing a read-only folder"
    while read -r fam; do # the families with a count of their own by lengths (--levels)
        "$pb" count "$fam" --levels x.csv -q --max-length 30 >out 2>err
        grep -q "has no count by lengths of its own" err && continue
        expect 2 "count $fam --levels, a read-only folder" -- "$pb" count "$fam" --levels ro/l.csv -q --max-length 30
        one_line_error "ro/l\.csv: cannot write: "
        [ ! -s "$tmp/out" ] && ok || bad "count $fam --levels counted before refusing"
    done <families
    expect 2 "time --csv, a read-only folder" -- "$pb" time --csv ro/t.csv -q -- touch measured
    one_line_error "ro/t\.csv: cannot write: "
    [ ! -e measured ] && ok || bad "time --csv measured before refusing a read-only folder"
fi

# --csv - is no file: refused before the work, nothing written (it made a file "-" and
# "-.meta"); --json is what writes to standard output.
for cmd in "solve notouch cross8" "count notouch cross8" "time -q -- true"; do
    read -ra words <<<"$cmd"
    case $cmd in time*) args=(time --csv - "${words[@]:1}") ;; *) args=("${words[@]}" --csv -) ;; esac
    expect 2 "$cmd --csv -" -- "$pb" "${args[@]}"
    one_line_error "--csv names a file .* not standard output; give a file name, or --json"
    [ ! -e ./- ] && [ ! -e ./-.meta ] && ok || bad "$cmd --csv - wrote a file named '-'"
done
# generate --stats - too: it wrote the records to standard output among the puzzles,
# and '-.meta' and '-.topology.xml' beside no file.
expect 2 "generate --stats -" -- "$pb" generate latin --size 5 --count 2 --stats - -q
one_line_error "--stats names a file \(FILE\.meta is written beside it\), not standard output"
[ ! -e ./-.meta ] && [ ! -e ./-.lock ] && ok || bad "generate --stats - wrote a file named '-.meta'"
# generate --stats in a folder that is not there: the message names the file given,
# not the lock file made beside it.
expect 2 "generate --stats in a missing folder" -- "$pb" generate latin --size 5 --count 2 \
    --stats nodir/x.csv -q
one_line_error "generate: nodir/x\.csv: cannot write: No such file or directory"
# The files the refusal names beside FILE are those the command writes: time's samples,
# and no .meta (time writes none; 'meta --begin' does).
expect 2 "time --csv -" -- "$pb" time --csv - -q -- true
one_line_error "--csv names a file \(FILE\.samples\.csv is written beside it\)"

# --out - of the commands whose one output is standard output by default is standard
# output, as export's was: render wrote a file named "-".
for cmd in "render notouch cross8" "export dimacs notouch cross8"; do
    read -ra words <<<"$cmd"
    expect 0 "$cmd" -- "$pb" "${words[@]}"
    mv "$tmp/out" "$tmp/plain"
    expect 0 "$cmd --out -" -- "$pb" "${words[@]}" --out -
    [ -s "$tmp/out" ] && cmp -s "$tmp/plain" "$tmp/out" && ok || bad "$cmd --out -: not what standard output gets without --out"
    [ ! -e ./- ] && ok || { bad "$cmd --out - wrote a file named '-'"; rm -f ./-; }
done

# An output that is a folder, or a file with others beside it or that shares standard
# output with the command's own, refuses "-" before the work: each made a file or
# folder named "-" (meta's beside "-.topology.xml"; generate --stats printed its
# records among the puzzles and wrote "-.meta").
printf 'name dash\nfamily notouch\ninstances cross8\nengines backtrack\n' >"$tmp/dash.sweep"
while IFS='|' read -r cmd want; do
    read -ra words <<<"$cmd"
    expect 2 "$cmd" -- "$pb" "${words[@]}"
    one_line_error "$want"
    [ -s "$tmp/out" ] && bad "$cmd: stdout: $(head -c 200 "$tmp/out")" || ok
    if ls -d ./-* >/dev/null 2>&1; then bad "$cmd: wrote $(ls -d ./-*)"; rm -rf ./-*; else ok; fi
done <<LIST
meta --out -|meta: -: cannot write: '-' names standard output, not a file
time --output - -- true|time: --output names a file, not standard output
generate sudoku --size 4 --count 2 --stats -|generate: --stats names a file .*not standard output
generate kakuro --size 5x5 --count 1 --html -|generate: --html names a file, not standard output
sweep $tmp/dash.sweep --out -|sweep: -: cannot make the folder: '-' names standard output, not a folder
player --out -|player: -: cannot make the folder: '-' names standard output
notouch-table --out - --max-cells 4|notouch-table: -: cannot make the folder: '-' names standard output
LIST

finish cli_inputs
