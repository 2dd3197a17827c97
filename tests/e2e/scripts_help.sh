#!/usr/bin/env bash
# scripts_help.sh — every user-facing script in scripts/ answers --help with its text on
# stdout and exit 0, and an unknown option with one line on stderr, nothing on stdout
# and a non-zero exit, before it does any work, as it does an argument past its usage.
# The scripts run from a copy of scripts/ in a scratch folder, so that one that took
# the option for an argument and started its work would find no source tree there; a
# time limit bounds it all the same. Run from another folder, a relative path given is
# taken from there. run.sh with PB_RESUME=1 hands a tool sweep --force, said.
# usage: tests/e2e/scripts_help.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cp -r "$src/scripts" "$tmp/scripts"
scripts=(run.sh test.sh setup.sh report.sh scaling.sh method-study.sh tdoku.sh hunt.sh fuzz.sh
    drop-stale.sh make-kakuro-data.sh make-sudoku-data.sh
    make-sudoku-hard.py make-sudoku-qwh.py make-sudoku-unique.py)
# A script of scripts/ with a usage line that this list leaves out fails: a new one is
# checked from the day it comes.
for f in "$src"/scripts/*.sh "$src"/scripts/*.py; do
    name=${f##*/}
    grep -q 'usage' "$f" || continue
    [[ " ${scripts[*]} " == *" $name "* ]] && ok || bad "scripts/$name has a usage line but is not checked here"
done
run() {
    case $1 in
    *.py) timeout 60 python3 "$tmp/scripts/$1" "${@:2}" ;;
    *) timeout 60 bash "$tmp/scripts/$1" "${@:2}" ;;
    esac
}
for s in "${scripts[@]}"; do
    for help in --help -h; do
        expect 0 "$s $help" -- run "$s" "$help"
        [ -s "$tmp/out" ] && ok || bad "$s $help: nothing on stdout"
        grep -q 'usage' "$tmp/out" && ok || bad "$s $help: no usage line on stdout"
        [ -s "$tmp/err" ] && bad "$s $help: stderr: $(cat "$tmp/err")" || ok
    done
    run "$s" --no-such-option >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && ok || bad "$s --no-such-option: exit $rc"
    one_line_error "^${s%.*}(\.(sh|py))?: .*(no-such-option|required|usage)"
    [ -s "$tmp/out" ] && bad "$s --no-such-option: stdout: $(head -c 200 "$tmp/out")" || ok
done
# Arguments past the usage are refused on one line before any work: an option after
# OUT_DIR (run.sh out --quick) was dropped, and the whole job ran.
for args in "run.sh out --quick" "scaling.sh out extra" "method-study.sh" "method-study.sh a b" "fuzz.sh 10s" \
    "fuzz.sh 0" "fuzz.sh 5 nosuch"; do
    read -r -a a <<<"$args"
    expect 2 "$args" -- run "${a[@]}"
    one_line_error "^${a[0]}: .*usage: scripts/${a[0]} "
    [ -s "$tmp/out" ] && bad "$args: stdout: $(head -c 200 "$tmp/out")" || ok
done
# make-sudoku-unique.py refuses a bad option, naming it, on one line before any work:
# a 25x25 candidate takes minutes, and an --out folder found missing at the end lost
# them; --jobs 0, a missing --pb or --work ended in a traceback, a --keep over
# --candidates kept fewer unsaid.
# The solvers' stand-ins fail at once, so that a script that went past its checks stops
# soon, as it would without them.
mkdir -p "$tmp/nobin"
for tool in cadical minisat; do printf '#!/bin/sh\nexit 1\n' >"$tmp/nobin/$tool" && chmod +x "$tmp/nobin/$tool"; done
u=(--pb "$pb" --size 9 --out "$tmp/u9.txt")
while IFS='|' read -r args want; do
    read -r -a a <<<"$args"
    PATH="$tmp/nobin:$PATH" expect 2 "make-sudoku-unique.py $args" -- run make-sudoku-unique.py "${u[@]}" "${a[@]}"
    one_line_error "^make-sudoku-unique: $want$"
    [ -s "$tmp/out" ] && bad "make-sudoku-unique.py $args: stdout: $(head -c 200 "$tmp/out")" || ok
done <<EOF
--jobs 0|--jobs 0: expected a positive whole number
--candidates 0|--candidates 0: expected a positive whole number
--stop 81|--stop 81: expected 0 to 80 givens
--keep 5 --candidates 3|--keep 5: more than the 3 --candidates made
--pb $tmp/none|--pb $tmp/none: not an executable file
--out $tmp/none/u9.txt|--out $tmp/none/u9.txt: $tmp/none is not a folder this can write in
--out $tmp/nobin|--out $tmp/nobin: a folder, not a file
--work $tmp/none/w|--work $tmp/none/w: $tmp/none is not a folder this can write in
--work $tmp|--work $tmp: a folder, not a file
EOF
expect 2 "make-sudoku-unique.py without cadical" -- env PATH=/nonexistent /usr/bin/python3 "$tmp/scripts/make-sudoku-unique.py" "${u[@]}"
one_line_error "^make-sudoku-unique: cadical is not installed \(Debian package cadical\)$"
[ -e "$tmp/u9.txt" ] && bad "make-sudoku-unique.py wrote --out after a refusal" || ok
# make-sudoku-hard.py too, on a stream read from a file (--from) as generate writes it:
# --jobs 0 ended in a traceback after the stream was read, --pb missing once the puzzles
# were generated (minutes at 25x25), a count of 0 wrote an empty set.
g=$tmp/gen25.txt
{
    echo "# puzzlebench generate sudoku --size 25 --count 1 --seed 1 --difficulty any"
    grep -v '^#' "$src/data/sudoku/25x25-minimal.txt" | head -n 1
} >"$g"
# A line that is no 25x25 puzzle: said at its line, before any puzzle is worked on
# (it ended in a traceback, from the check or MiniSat's run that met it).
sed '2s/^\(.\{600\}\).*/\1/' "$g" >"$g.short"
h=(--pb "$pb" --tries 0 --out "$tmp/h.txt")
while IFS='|' read -r args want; do
    read -r -a a <<<"$args"
    PATH="$tmp/nobin:$PATH" expect 2 "make-sudoku-hard.py $args" -- run make-sudoku-hard.py "${h[@]}" "${a[@]}"
    one_line_error "^make-sudoku-hard(\.py)?: $want$"
    [ -s "$tmp/out" ] && bad "make-sudoku-hard.py $args: stdout: $(head -c 200 "$tmp/out")" || ok
done <<EOF
--keep 1 --from 1=$g 1:1 --jobs 0|--jobs 0: expected a positive whole number
--keep 1 --from 1=$g 1:1 --jobs x|argument --jobs: invalid int value: 'x' \(see --help\)
--keep 0 --from 1=$g 1:1|--keep 0: expected a positive whole number
--keep 2 --from 1=$g 1:1|--keep 2: more than the 1 made from 1:1
--keep 1 --from 1=$g 1:1 --tries -1|--tries -1: expected 0 or more givens to try
--keep 1 --from 1=$g 1:1 --check-steps 0|--check-steps 0: expected a positive whole number
--keep 1 --from 1=$g 1:0|1:0: expected SEED:COUNT, a seed from 0 to 2\^64 - 1 and a count from 1 to 1000000
--keep 1 --from 1=$g 1:1:1|1:1:1: expected SEED:COUNT, a seed from 0 to 2\^64 - 1 and a count from 1 to 1000000
--keep 1 --from 1=$g 1:1 1:1|1:1: seed 1 given twice
--keep 1 --from 1=$g --from 3=$g 1:1|--from 3=$g: seed 3 is none of the SEED:COUNT given
--keep 1 --from 1=$tmp/none 1:1|--from 1=$tmp/none: no such file
--keep 1 --from 1=$tmp 1:1|--from 1=$tmp: not a file
--keep 1 --from 1=$g.short 1:1|$g.short:2: expected a 25x25 puzzle, 625 cells of '.', 1-9 and A-P
--keep 1 --from 1=$g 1:1 --pb $tmp/none|--pb $tmp/none: not an executable file
--keep 1 --from 1=$g 1:1 --out $tmp/none/h.txt|--out $tmp/none/h.txt: $tmp/none is not a folder this can write in
--keep 1 --from 1=$g 1:1 --out $tmp/nobin|--out $tmp/nobin: a folder, not a file
EOF
PATH="$tmp/nobin:$PATH" expect 2 "make-sudoku-hard.py, no build/puzzlebench here" -- env -C "$tmp" \
    python3 "$tmp/scripts/make-sudoku-hard.py" --keep 1 --from "1=$g" --out "$tmp/h.txt" 1:1
one_line_error "^make-sudoku-hard: --pb build/puzzlebench: not an executable file$"
expect 2 "make-sudoku-hard.py without minisat" -- env PATH=/nonexistent /usr/bin/python3 \
    "$tmp/scripts/make-sudoku-hard.py" "${h[@]}" --keep 1 --from "1=$g" 1:1
one_line_error "^make-sudoku-hard: minisat is not installed \(Debian package minisat\)$"
[ -e "$tmp/h.txt" ] && bad "make-sudoku-hard.py wrote --out after a refusal" || ok
# make-sudoku-qwh.py too: --jobs 0, --limit 0 or a missing --pb ended in a traceback
# once the candidates were being made.
q=(--pb "$pb" --candidates 1 --keep 1 --out "$tmp/q.txt")
while IFS='|' read -r args want; do
    read -r -a a <<<"$args"
    PATH="$tmp/nobin:$PATH" expect 2 "make-sudoku-qwh.py $args" -- run make-sudoku-qwh.py "${q[@]}" "${a[@]}"
    one_line_error "^make-sudoku-qwh(\.py)?: $want$"
    [ -s "$tmp/out" ] && bad "make-sudoku-qwh.py $args: stdout: $(head -c 200 "$tmp/out")" || ok
done <<EOF
--jobs 0|--jobs 0: expected a positive whole number
--jobs x|argument --jobs: invalid int value: 'x' \(see --help\)
--candidates 0|--candidates 0: expected a positive whole number
--keep 0|--keep 0: expected a positive whole number
--keep 2|--keep 2: more than the 1 --candidates made
--limit 0|--limit 0: expected a positive whole number
--givens 300:200|--givens 300:200: expected GMIN:GMAX within 1\.\.625
--pb $tmp/none|--pb $tmp/none: not an executable file
--out $tmp/none/q.txt|--out $tmp/none/q.txt: $tmp/none is not a folder this can write in
--out $tmp/nobin|--out $tmp/nobin: a folder, not a file
EOF
PATH="$tmp/nobin:$PATH" expect 2 "make-sudoku-qwh.py, no build/puzzlebench here" -- env -C "$tmp" \
    python3 "$tmp/scripts/make-sudoku-qwh.py" --candidates 1 --keep 1 --out "$tmp/q.txt"
one_line_error "^make-sudoku-qwh: --pb build/puzzlebench: not an executable file$"
expect 2 "make-sudoku-qwh.py without cadical" -- env PATH=/nonexistent /usr/bin/python3 \
    "$tmp/scripts/make-sudoku-qwh.py" "${q[@]}"
one_line_error "^make-sudoku-qwh: cadical is not installed \(Debian package cadical\)$"
# MiniSat is asked for only where it ranks.
mkdir -p "$tmp/cadical-only" && cp "$tmp/nobin/cadical" "$tmp/cadical-only/"
expect 2 "make-sudoku-qwh.py --rank minisat without minisat" -- env PATH="$tmp/cadical-only" /usr/bin/python3 \
    "$tmp/scripts/make-sudoku-qwh.py" "${q[@]}" --rank minisat
one_line_error "^make-sudoku-qwh: minisat is not installed \(Debian package minisat\)$"
[ -e "$tmp/q.txt" ] && bad "make-sudoku-qwh.py wrote --out after a refusal" || ok
# Their --help says what each option does: an entry of argparse's with no text after it,
# nor on the lines below, is an option left bare.
for s in make-sudoku-hard.py make-sudoku-qwh.py make-sudoku-unique.py; do
    COLUMNS=80 run "$s" --help >"$tmp/help"
    awk '/^  [^ ]/ { if (o) print o; o = ($0 ~ /[^ ]  +[^ ]/) ? "" : $0; next }
        /^        / { o = ""; next }
        { if (o) print o; o = "" }
        END { if (o) print o }' "$tmp/help" >"$tmp/bare"
    [ -s "$tmp/bare" ] && bad "$s --help: options without a word said: $(tr -s ' \n' ' ' <"$tmp/bare")" || ok
done
# An OUT_DIR that is a file, or a link to none, is refused before any work.
touch "$tmp/afile" && ln -sfn "$tmp/nowhere" "$tmp/alink"
for args in "run.sh --quick $tmp/afile" "run.sh $tmp/alink" "scaling.sh $tmp/afile"; do
    read -r -a a <<<"$args"
    expect 2 "$args" -- run "${a[@]}"
    one_line_error "^${a[0]}: $tmp/a(file|link): not a folder \(OUT_DIR\)$"
done
PUZZLEBENCH=$tmp/none expect 2 "scaling.sh, PUZZLEBENCH missing" -- run scaling.sh
one_line_error "^scaling.sh: PUZZLEBENCH=$tmp/none: not an executable file$"
# tdoku runs at the end of run.sh: its variables are checked before the work, not after.
PB_TDOKU=$tmp/afile PB_TDOKU_SETS='' expect 2 "run.sh, PB_TDOKU without PB_TDOKU_SETS" -- run run.sh
one_line_error "^run.sh: PB_TDOKU needs PB_TDOKU_SETS, the folder of the tdoku sets$"
PB_TDOKU=$tmp/afile PB_TDOKU_SETS=$tmp/nosets expect 2 "run.sh, PB_TDOKU_SETS missing" -- run run.sh
one_line_error "^run.sh: PB_TDOKU_SETS=$tmp/nosets: not a folder \(the tdoku sets\)$"
PB_TDOKU=$tmp/afile PB_TDOKU_SETS=$tmp expect 2 "run.sh, PB_TDOKU not a program" -- run run.sh
one_line_error "^run.sh: PB_TDOKU=$tmp/afile: not an executable file \(tdoku's run_benchmark\)$"
# Run from another folder, a relative path given names a file from there, not from the
# source tree the script moves to: a stand-in program prints the arguments it gets.
mkdir -p "$tmp/elsewhere"
printf '#!/bin/sh\n[ "$1" = info ] && { echo "cores: 1"; exit 0; }\necho "$@"\n' >"$tmp/elsewhere/fake"
chmod +x "$tmp/elsewhere/fake"
expect 0 "scaling.sh from another folder" -- env -C "$tmp/elsewhere" PUZZLEBENCH="$tmp/elsewhere/fake" bash "$tmp/scripts/scaling.sh" res
has "--out $tmp/elsewhere/res " "$tmp/out"
for s in make-kakuro-data.sh make-sudoku-data.sh; do
    expect 0 "$s from another folder" -- env -C "$tmp/elsewhere" bash "$tmp/scripts/$s" ./fake
done
# method-study.sh runs build/puzzlebench of the tree it lies in: here, the stand-in.
mkdir -p "$tmp/build" && cp "$tmp/elsewhere/fake" "$tmp/build/puzzlebench"
expect 0 "method-study.sh from another folder" -- env -C "$tmp/elsewhere" PB_QUICK=1 bash "$tmp/scripts/method-study.sh" res
has "--out $tmp/elsewhere/res " "$tmp/out"
# A relative path in a variable names a file from the caller's folder too, as one given
# as an argument does: scaling.sh's program and sweep,
e=$tmp/elsewhere
expect 0 "scaling.sh --mpi, relative variables" -- env -C "$e" PUZZLEBENCH=./fake SWEEP=my.sweep MPIRUN="$e/fake" \
    timeout 60 bash "$tmp/scripts/scaling.sh" --mpi res
has "^-np 1 $e/\./fake sweep $e/my\.sweep --out $e/res " "$tmp/out"
# and what run.sh hands on, absolute, to what it runs from the root: the program, tdoku's
# and a sweep's collection folder (its collection-env), which a stand-in sweep prints
# before it stops the run, in a stand-in tree whose setup.sh builds nothing.
tree=$tmp/tree
mkdir -p "$tree/bench/families/fam" "$tree/build" "$e/sets"
cp -r "$src/scripts" "$tree/scripts" && printf '#!/bin/sh\n' >"$tree/scripts/setup.sh"
printf 'collection-env  PB_FAKE_COLLECTION\n' >"$tree/bench/families/fam/coll.sweep"
cat >"$tree/build/puzzlebench" <<'FAKE'
#!/bin/sh
case $1 in
info) echo "cores: 1" ;;
families) printf 'name,default_engine,sweeps,experiments,summary\nfam,e,%s,,\n' "${FAKE_SWEEPS:-coll}" ;;
sweep) echo "got $PUZZLEBENCH $PB_TDOKU $PB_TDOKU_SETS $PB_FAKE_COLLECTION" && echo "args $*" && exit 3 ;;
esac
FAKE
chmod +x "$tree/build/puzzlebench"
expect 3 "run.sh, relative variables" -- env -C "$e" PUZZLEBENCH=./fake PB_TDOKU=./fake PB_TDOKU_SETS=sets \
    PB_FAKE_COLLECTION=coll timeout 60 bash "$tree/scripts/run.sh" res
has "^got $e/\./fake $e/\./fake $e/sets $e/coll$" "$tmp/out"
# PB_RESUME=1 hands a sweep --resume, and a tool sweep (key tool), which refuses it,
# --force, said on stderr.
printf 'tool  t\n' >"$tree/bench/families/fam/tl.sweep"
expect 3 "run.sh PB_RESUME=1, a sweep" -- env -C "$e" PB_RESUME=1 timeout 60 bash "$tree/scripts/run.sh" r1
has "^args sweep bench/families/fam/coll\.sweep --out \S*r1 --resume$" "$tmp/out"
expect 3 "run.sh PB_RESUME=1, a tool sweep" -- env -C "$e" PB_RESUME=1 FAKE_SWEEPS=tl \
    timeout 60 bash "$tree/scripts/run.sh" r2
has "^args sweep bench/families/fam/tl\.sweep --out \S*r2 --force$" "$tmp/out"
has "^run\.sh: tl is a tool sweep, which cannot resume: made again \(--force\)$" "$tmp/err"
finish scripts_help
