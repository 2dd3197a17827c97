#!/usr/bin/env bash
# cli_sweep_generate.sh — a generation sweep (generator, generate, puzzles): each
# method's records are those of `generate` run by hand with the same options, a
# folder is what `generate --out` writes, --resume keeps the finished methods and
# records and makes the rest (never over another build's: the .meta's commit), --quick
# takes quick-generate, a limit is a result only with --keep-going, and options or keys
# that would write elsewhere, or mean nothing here, are refused with the file and line;
# generate --resume drops what a killed run left half written.
# usage: cli_sweep_generate.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"

cat >"$tmp/g.sweep" <<'EOF'
name      g
family    kakuro
generator kakuro
generate  diff: --seed 3 --count 2 --size 5x5,6x6 --difficulty easy,hard
          all: --seed 3 --count 2 --size 5x5 --checker thesis --refill all --seed-table
quick-generate diff: --seed 3 --count 1 --size 5x5
EOF
# records FILE: the records less wall_s and run_id (the last two fields).
records() { cut -d, -f1-20 "$1"; }

expect 0 "a generation sweep" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q
"$pb" generate kakuro --seed 3 --count 2 --size 5x5,6x6 --difficulty easy,hard -q \
    --stats "$tmp/diff.csv" >/dev/null
"$pb" generate kakuro --seed 3 --count 2 --size 5x5 --checker thesis --refill all --seed-table -q \
    --stats "$tmp/all.csv" >/dev/null
for m in diff all; do
    if [ "$(records "$tmp/r/g-$m.csv")" = "$(records "$tmp/$m.csv")" ]; then ok; else
        bad "g-$m.csv: records differ from generate's"; fi
    has '^generator=kakuro$' "$tmp/r/g-$m.meta"
    # What a solving sweep's .meta says of its sweep, for a reader of the records.
    has '^family=kakuro$' "$tmp/r/g-$m.meta"
    has "^sweep=$tmp/g.sweep\$" "$tmp/r/g-$m.meta"
    has '^sweep_hash=fnv1a64:[0-9a-f]{16}$' "$tmp/r/g-$m.meta"
done
# The method's own line (command= is the sweep's): the options its records were made with.
has '^generate=diff: --seed 3 --count 2 --size 5x5,6x6 --difficulty easy,hard$' "$tmp/r/g-diff.meta"
has '^generate=all: --seed 3 --count 2 --size 5x5 --checker thesis --refill all --seed-table$' "$tmp/r/g-all.meta"
[ "$(tail -n +2 "$tmp/r/g-diff.csv" | wc -l)" -eq 8 ] && ok || bad "g-diff.csv: expected 8 records"
[ ! -s "$tmp/out" ] && ok || bad "records-only wrote puzzles to standard output"
expect 2 "an existing sweep, no --force" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q
one_line_error '^puzzlebench: sweep: .*/r/g-diff.csv exists: give --force'
# Every method's outputs are looked at before any is made: a later one's refuse the
# sweep as the first's do, and the first is left as it was.
mv "$tmp/r/g-diff.csv" "$tmp/r/g-diff.csv.kept"
expect 2 "a later method's records there, no --force" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q
one_line_error '^puzzlebench: sweep: .*/r/g-all.csv exists: give --force'
[ ! -e "$tmp/r/g-diff.csv" ] && ok || bad "a refused sweep made g-diff.csv"
mv "$tmp/r/g-diff.csv.kept" "$tmp/r/g-diff.csv"
expect 0 "--force" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q --force

# --resume keeps what is done and makes only the rest: a finished method stays as it
# is (its wall_s and run_id too), an interrupted one keeps its finished records (a kill
# leaves them whole), one not begun is made; the records are the uninterrupted run's.
cp -r "$tmp/r" "$tmp/whole"
expect 0 "--resume of a finished sweep" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q --resume
for m in diff all; do
    cmp -s "$tmp/r/g-$m.csv" "$tmp/whole/g-$m.csv" && ok || bad "--resume made finished g-$m.csv again"
done
head -n 4 "$tmp/whole/g-diff.csv" >"$tmp/r/g-diff.csv"
rm "$tmp/r/g-all."*
expect 0 "--resume of an interrupted sweep" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q --resume
[ "$(head -n 4 "$tmp/r/g-diff.csv")" = "$(head -n 4 "$tmp/whole/g-diff.csv")" ] && ok ||
    bad "--resume made g-diff.csv's finished records again"
for m in diff all; do
    if [ "$(records "$tmp/r/g-$m.csv")" = "$(records "$tmp/whole/g-$m.csv")" ]; then ok; else
        bad "--resume: g-$m.csv's records differ from the uninterrupted run's"; fi
    has '^status=complete$' "$tmp/r/g-$m.meta"
done
has '^rows=8 of 8$' "$tmp/r/g-diff.meta"
has "^run_id=$(sed -n 's/^run_id=//p' "$tmp/whole/g-diff.meta") [0-9TZ]+-[0-9a-f]{6}$" "$tmp/r/g-diff.meta"
expect 2 "--resume with a method's options changed" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q \
    --resume --generate "diff: --seed 4 --count 2 --size 5x5,6x6 --difficulty easy,hard"
one_line_error '^puzzlebench: sweep: .*g-diff.csv:2: record 1 is not .*made with other options'
# A later method that cannot resume (its options changed, or another build's records)
# is refused before the first is completed: the first's records are left as they were.
head -n 4 "$tmp/whole/g-diff.csv" >"$tmp/r/g-diff.csv"
cp "$tmp/r/g-diff.csv" "$tmp/cut.csv"
expect 2 "--resume with a later method's options changed" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q \
    --resume --generate "diff: --seed 3 --count 2 --size 5x5,6x6 --difficulty easy,hard all: --seed 4 --count 2 --size 5x5 --checker thesis --refill all --seed-table"
one_line_error '^puzzlebench: sweep: .*g-all.csv:2: record 1 is not .*made with other options'
cmp -s "$tmp/r/g-diff.csv" "$tmp/cut.csv" && ok || bad "a refused --resume completed g-diff.csv first"
cp "$tmp/r/g-all.meta" "$tmp/all.meta"
sed -i 's/^commit=.*/commit=0123456789abcdef0123456789abcdef01234567/' "$tmp/r/g-all.meta"
expect 2 "--resume over a later method's records of another build" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q --resume
one_line_error "^puzzlebench: sweep: .*g-all.meta: cannot resume: the commit differs"
cmp -s "$tmp/r/g-diff.csv" "$tmp/cut.csv" && ok || bad "a refused --resume completed g-diff.csv first"
mv "$tmp/all.meta" "$tmp/r/g-all.meta"
# Records of another build (its .meta's commit=): --resume refuses to mix two builds'
# records in one file, as an engine sweep's does, in a generation sweep and in generate
# alone, and leaves the records as they were; this build's .meta resumes.
head -n 4 "$tmp/whole/g-diff.csv" >"$tmp/r/g-diff.csv"
cp "$tmp/r/g-diff.csv" "$tmp/cut.csv"
cp "$tmp/r/g-diff.meta" "$tmp/own.meta"
has '^commit=.' "$tmp/own.meta"
sed -i 's/^commit=.*/commit=0123456789abcdef0123456789abcdef01234567/' "$tmp/r/g-diff.meta"
forged="cannot resume: the commit differs \(the .meta: '0123456789abcdef0123456789abcdef01234567', now: "
expect 2 "sweep --resume over another build's records" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q --resume
one_line_error "^puzzlebench: sweep: .*g-diff.meta: $forged"
cmp -s "$tmp/r/g-diff.csv" "$tmp/cut.csv" && ok || bad "a refused sweep --resume changed g-diff.csv"
expect 2 "generate --resume over another build's records" -- "$pb" generate kakuro --seed 3 --count 2 \
    --size 5x5,6x6 --difficulty easy,hard -q --stats "$tmp/r/g-diff.csv" --records-only --resume
one_line_error "^puzzlebench: generate: .*g-diff.meta: $forged"
cmp -s "$tmp/r/g-diff.csv" "$tmp/cut.csv" && ok || bad "a refused generate --resume changed g-diff.csv"
"$pb" generate kakuro --size 5x5 --count 3 --seed 2 --out "$tmp/gd" -q
head -n 2 "$tmp/gd/generate.csv" >"$tmp/gd/cut" && mv "$tmp/gd/cut" "$tmp/gd/generate.csv"
sed -i 's/^commit=.*/commit=unknown-other/' "$tmp/gd/generate.meta"
expect 2 "generate --out --resume over another build's" -- "$pb" generate kakuro --size 5x5 --count 3 \
    --seed 2 --out "$tmp/gd" -q --resume
one_line_error "gd/generate.meta: cannot resume: the commit differs \(the .meta: 'unknown-other'"
# Records read back name the line of a bad one, its bytes shown; a NUL byte is refused
# (it would put every later record out of step with its task). Without a .meta they
# are taken as this build's.
rm "$tmp/gd/generate.meta"
cp "$tmp/gd/generate.csv" "$tmp/gd/whole.csv"
sed -i '2s/,done,/,d\x01ne,/' "$tmp/gd/generate.csv"
expect 2 "generate --resume over a bad status" -- "$pb" generate kakuro --size 5x5 --count 3 \
    --seed 2 --out "$tmp/gd" -q --resume
one_line_error "gd/generate.csv:2: record 1: status 'd\\\\x01ne' is not done or limit"
{ head -n 1 "$tmp/gd/whole.csv"; printf 'a\0b\n'; } >"$tmp/gd/generate.csv"
expect 2 "generate --resume over a NUL byte" -- "$pb" generate kakuro --size 5x5 --count 3 \
    --seed 2 --out "$tmp/gd" -q --resume
one_line_error "gd/generate.csv:2: expected text, got a NUL byte"
cp "$tmp/own.meta" "$tmp/r/g-diff.meta"
expect 0 "--resume over this build's records" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" -q --resume
if [ "$(records "$tmp/r/g-diff.csv")" = "$(records "$tmp/whole/g-diff.csv")" ]; then ok; else
    bad "--resume over this build's records: g-diff.csv differs from the uninterrupted run's"; fi
# A method's outputs that another run is writing are refused, the way out the sweep's
# own (--out), not the generator's (--stats); the other run is left as it was.
mkdir "$tmp/lk"
"$pb" generate kakuro --count 1000000 --size 5x5 -q --stats "$tmp/lk/g-diff.csv" --records-only &
pid=$!
for _ in $(seq 1 3000); do # until its first record is written, however slow the machine
    [ "$(wc -l <"$tmp/lk/g-diff.csv" 2>/dev/null || echo 0)" -ge 2 ] && break
    sleep 0.02
done
kill -STOP "$pid"
cp "$tmp/lk/g-diff.csv" "$tmp/lk.before"
expect 2 "a sweep on outputs another run writes" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/lk" -q --force
one_line_error "^puzzlebench: sweep: .*/lk/g-diff\.csv\.lock: another run is writing these outputs \(pid $pid\); wait for it, or give --out another folder; the sweep stops, not running method all$"
cmp -s "$tmp/lk/g-diff.csv" "$tmp/lk.before" && ok || bad "a refused sweep changed the other run's records"
kill -CONT "$pid"
kill -TERM "$pid"
wait "$pid" 2>/dev/null
# A method timed whole (--samples) cannot be completed piecewise: it is made again.
printf 'name t\nfamily kakuro\ngenerator kakuro\ngenerate a: --size 5x5 --samples 2\n' >"$tmp/t.sweep"
expect 0 "a timed method" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/t" -q
expect 0 "--resume of a timed method" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/t" -q --resume
has '^timing=samples:2 ' "$tmp/t/t-a.meta"
expect 0 "--quick" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/q" -q --quick
[ "$(tail -n +2 "$tmp/q/g-diff.csv" | wc -l)" -eq 1 ] && [ ! -e "$tmp/q/g-all.csv" ] && ok ||
    bad "--quick: expected quick-generate's one method, 1 record"
expect 0 "--list" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/l" --list
has '^g-all: puzzlebench generate kakuro --seed 3 --count 2 --size 5x5 --checker thesis' "$tmp/out"
[ ! -e "$tmp/l" ] && ok || bad "--list wrote files"
# Its time, as a solving sweep's --list gives it: from each method's earlier run in
# --out (its .meta's elapsed_s and rows), scaled to the puzzles now asked for.
[ "$(tail -n 2 "$tmp/out")" = "2 methods, 10 puzzles
time: no earlier run in $tmp/l/ to estimate it from" ] && ok ||
    bad "--list with no earlier run: $(tail -n 2 "$tmp/out")"
has '^elapsed_s=[0-9.e-]+$' "$tmp/r/g-diff.meta"
sed -i 's/^elapsed_s=.*/elapsed_s=12/' "$tmp/r/g-diff.meta"
sed -i 's/^elapsed_s=.*/elapsed_s=3/' "$tmp/r/g-all.meta"
expect 0 "--list beside an earlier run" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" --list
earlier="the earlier run in $tmp/r/g-%s.meta, at commit [0-9a-f]{7}, took %s s for %s of its %s rows"
has "^time: g-diff: about 12 s \($(printf "$earlier" diff 12 8 8)\)$" "$tmp/out"
has "^time: g-all: about 3.0 s \($(printf "$earlier" all 3.0 2 2)\)$" "$tmp/out"
[ "$(tail -n 1 "$tmp/out")" = "time: about 15 s in all" ] && ok || bad "--list: $(tail -n 1 "$tmp/out")"
expect 0 "--list --quick beside an earlier run" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/r" --list --quick
has "^1 method, 1 puzzle$" "$tmp/out"
has "^time: g-diff: about 1.5 s \($(printf "$earlier" diff 12 8 8)\); its setting generate differs, so this is only a rough guide$" \
    "$tmp/out"

# A folder: what generate --out writes, puzzles and all.
printf 'name k\nfamily kakuro\ngenerator kakuro\npuzzles folder\ngenerate ex: --size 7x7 --seed 2\n' \
    >"$tmp/f.sweep"
expect 0 "puzzles folder" -- "$pb" sweep "$tmp/f.sweep" --out "$tmp/f" -q
"$pb" generate kakuro --size 7x7 --seed 2 --out "$tmp/f-hand" -q
cmp -s "$tmp/f/k-ex/generate.txt" "$tmp/f-hand/generate.txt" && [ -f "$tmp/f/k-ex/generate.meta" ] &&
    ok || bad "puzzles folder: k-ex/ is not what generate --out writes"
has '^family=kakuro$' "$tmp/f/k-ex/generate.meta"
has "^sweep=$tmp/f.sweep\$" "$tmp/f/k-ex/generate.meta"

# --force leaves the folder holding this run alone: the records of a method taken out
# of the sweep file (the report would read e-b.csv as one of sweep e's methods) go,
# named; files that no .meta of this sweep's method claims stay (generate's own
# e-c.csv, sweep e-x's method y).
gen_sweep() { # FILE PUZZLES METHODS...: a sweep e of these methods (5x5, seeds 1, 2, ...)
    local f=$1 p=$2 s=1 key=generate
    shift 2
    printf 'name e\nfamily kakuro\ngenerator kakuro\n%s' "$p" >"$f"
    for m in "$@"; do
        printf '%s %s: --size 5x5 --seed %d\n' "$key" "$m" "$s" >>"$f"
        s=$((s + 1)) key=" " # a method a line, the key's value going on
    done
}
gen_sweep "$tmp/e.sweep" "" a b
expect 0 "a sweep of methods a and b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/e" -q
"$pb" generate kakuro --size 5x5 -q --stats "$tmp/e/e-c.csv" --records-only
printf 'name e-x\nfamily kakuro\ngenerator kakuro\ngenerate y: --size 5x5\n' >"$tmp/ex.sweep"
expect 0 "sweep e-x in the same folder" -- "$pb" sweep "$tmp/ex.sweep" --out "$tmp/e" -q
cp "$tmp/e/e-a.csv" "$tmp/e-a.before"
gen_sweep "$tmp/e.sweep" "" a
expect 0 "--force without method b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/e" -q --force
one_line_error "^puzzlebench: sweep: --force removed $tmp/e/e-b.csv, $tmp/e/e-b.meta, $tmp/e/e-b.topology.xml: method b of the earlier run, which this run does not make$"
[ "$(cd "$tmp/e" && ls e-*.csv | tr '\n' ' ')" = "e-a.csv e-c.csv e-x-y.csv " ] && ok ||
    bad "--force without method b left: $(ls "$tmp/e" | tr '\n' ' ')"
[ -e "$tmp/e/e-c.meta" ] && [ -e "$tmp/e/e-x-y.meta" ] && ok || bad "--force removed another's .meta"
# A run writing the earlier method's records (their lock held) is left alone.
gen_sweep "$tmp/e.sweep" "" a b
expect 0 "methods a and b again" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/e" -q --force
gen_sweep "$tmp/e.sweep" "" a
exec 9>"$tmp/e/e-b.csv.lock"
flock -n 9
expect 2 "--force over a method being written" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/e" -q --force
exec 9>&-
one_line_error "^puzzlebench: sweep: --force: $tmp/e/e-b.csv.lock: another run is writing method b of this sweep's earlier run \(pid unknown\)"
[ -e "$tmp/e/e-b.csv" ] && [ -e "$tmp/e/e-b.meta" ] && ok || bad "--force removed records being written"
# A method's folder holds the generator's own files, which the sweep cannot name: it is
# refused, and nothing is removed or made.
gen_sweep "$tmp/e.sweep" "puzzles folder
" a b
expect 0 "a sweep of folders a and b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/ef" -q
gen_sweep "$tmp/e.sweep" "puzzles folder
" a
cp "$tmp/ef/e-a/generate.csv" "$tmp/ef-a.before"
expect 2 "--force without folder b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/ef" -q --force
one_line_error "^puzzlebench: sweep: --force: $tmp/ef/e-b/ holds method b of the earlier run, which this run does not make, and the generator's own files"
[ -e "$tmp/ef/e-b/generate.meta" ] && cmp -s "$tmp/ef/e-a/generate.csv" "$tmp/ef-a.before" && ok ||
    bad "a refused --force changed the folder"
# Without --force (--resume, or a new run), an earlier method that this run does not
# make refuses the sweep, named, and nothing is made or removed: finishing it would leave
# e-b.csv in the folder, which the report reads as one of this run's methods.
gen_sweep "$tmp/e.sweep" "" a b
expect 0 "a sweep of methods a and b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/er" -q
gen_sweep "$tmp/e.sweep" "" a
expect 2 "--resume without method b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/er" -q --resume
one_line_error "^puzzlebench: sweep: $tmp/er/e-b.csv, $tmp/er/e-b.meta, $tmp/er/e-b.topology.xml: the records of method b of an earlier run of this sweep, which this run does not make, and the report would read them as this run's; remove them, give --force"
rm "$tmp/er/e-a.csv" "$tmp/er/e-a.meta" "$tmp/er/e-a.topology.xml"
expect 2 "a new run without method b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/er" -q
one_line_error "^puzzlebench: sweep: $tmp/er/e-b.csv, .*: the records of method b of an earlier run"
[ "$(ls "$tmp/er" | tr '\n' ' ')" = "e-b.csv e-b.meta e-b.topology.xml " ] && ok ||
    bad "a refused sweep changed the folder: $(ls "$tmp/er" | tr '\n' ' ')"
gen_sweep "$tmp/e.sweep" "puzzles folder
" a
expect 2 "--resume without folder b" -- "$pb" sweep "$tmp/e.sweep" --out "$tmp/ef" -q --resume
one_line_error "^puzzlebench: sweep: $tmp/ef/e-b/ holds method b of an earlier run of this sweep, which this run does not make"

# A limit (one attempt a puzzle): a result with --keep-going, exit 3 without it.
limited() {
    printf 'name h\nfamily kakuro\ngenerator kakuro\ngenerate m: --size 9x9 --difficulty hard --count 3 --max-attempts 1 %s\n' \
        "$1" >"$tmp/h.sweep"
}
limited --keep-going
expect 0 "a limit with --keep-going" -- "$pb" sweep "$tmp/h.sweep" --out "$tmp/h" -q --force
has ',limit,' "$tmp/h/h-m.csv"
limited ""
expect 3 "a limit without --keep-going" -- "$pb" sweep "$tmp/h.sweep" --out "$tmp/h" -q --force
one_line_error '^puzzlebench: generate: 9x9-hard-s1-0000 could not be made within the limits .*; those before it are written; .*go on$'
# A sweep that a method stops says, in that one line, which methods it did not run;
# a limit with --keep-going is a result, and the sweep goes on.
printf 'name h\nfamily kakuro\ngenerator kakuro\ngenerate k: --size 9x9 --difficulty hard --count 3 --max-attempts 1 --keep-going\n m: --size 9x9 --difficulty hard --count 3 --max-attempts 1\n n: --size 5x5\n o: --size 5x5\n' \
    >"$tmp/h.sweep"
expect 3 "a limit in the second of four methods" -- "$pb" sweep "$tmp/h.sweep" --out "$tmp/h" -q --force
grep -v '3 of 3 puzzles hit a limit' "$tmp/err" >"$tmp/err.k" && mv "$tmp/err.k" "$tmp/err"
one_line_error '^puzzlebench: generate: 9x9-hard-s1-0000 could not be made within the limits .*go on; the sweep stops, not running methods n, o$'
[ ! -e "$tmp/h/h-n.csv" ] && [ -e "$tmp/h/h-k.csv" ] && ok || bad "a stopped sweep: the files of k, and none of n, expected"
printf 'name h\nfamily kakuro\ngenerator kakuro\ngenerate n: --size 5x5\n m: --size 9x9 --difficulty hard --count 3 --max-attempts 1\n o: --size 5x5\n' \
    >"$tmp/h.sweep"
expect 3 "a limit in the second of three methods" -- "$pb" sweep "$tmp/h.sweep" --out "$tmp/h" -q --force
has "^puzzlebench: sweep: --force removed $tmp/h/h-k.csv, .*: method k of the earlier run" "$tmp/err"
grep -v -e '--force removed' "$tmp/err" >"$tmp/err.k" && mv "$tmp/err.k" "$tmp/err"
one_line_error 'go on; the sweep stops, not running method o$'
# --keep-going records limits, never a failure (no 20x3 outline is valid): the
# method stops the sweep with its exit status and line, as without --keep-going.
for keep in "" --keep-going; do
    printf 'name u\nfamily kakuro\ngenerator kakuro\ngenerate a: --size 20x3 %s\n b: --size 5x5\n' \
        "$keep" >"$tmp/u.sweep"
    expect 1 "a failure, ${keep:-no --keep-going}" -- "$pb" sweep "$tmp/u.sweep" --out "$tmp/u$keep" -q
    one_line_error '^puzzlebench: generate: 20x3-medium-s1-0000: no valid 20x3 outline found at density 0.6; the sweep stops, not running method b$'
    has '^status=stopped$' "$tmp/u$keep/u-a.meta"
    [ ! -e "$tmp/u$keep/u-b.csv" ] && ok || bad "a failure, ${keep:-no --keep-going}: method b was run"
done
# A signal: the method's finished puzzles are kept, and the line names the rest.
printf 'name s\nfamily kakuro\ngenerator kakuro\ngenerate a: --size 5x5 --count 1000000\n b: --size 5x5\n c: --size 6x6\n' >"$tmp/s.sweep"
"$pb" sweep "$tmp/s.sweep" --out "$tmp/s" -q >/dev/null 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 3000); do # until its first record is written, however slow the machine
    [ -f "$tmp/s/s-a.csv" ] && [ "$(wc -l <"$tmp/s/s-a.csv")" -ge 2 ] && break
    sleep 0.02
done
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 143 ] && ok || bad "a sweep stopped by SIGTERM: exit $rc, expected 143"
one_line_error '^puzzlebench: generate: interrupted; puzzles 0 to [0-9]+ of 1000000 written \(--resume completes .*/s/s-a.csv\); the sweep stops, not running methods b, c$'

# refused SWEEP-LINES PATTERN: a sweep file with these lines is refused, one line.
refused() {
    printf 'name x\nfamily kakuro\n%b\n' "$1" >"$tmp/x.sweep"
    expect 2 "refused: $1" -- "$pb" sweep "$tmp/x.sweep" --out "$tmp/x" -q
    one_line_error "$2"
    [ ! -e "$tmp/x" ] && ok || bad "refused: $1: wrote $tmp/x"
}
refused 'generator kakuro\ngenerate a: --size 5x5 --html /tmp/p.html' 'x.sweep:4: --html is the sweep.s to give'
refused 'generator kakuro\ngenerate a: --out /tmp/elsewhere' 'x.sweep:4: --out is the sweep.s to give'
refused 'generator kakuro\ngenerate a: --stats=/tmp/s.csv' 'x.sweep:4: --stats is the sweep.s to give'
refused 'generator kakuro\ngenerate a: --force' 'x.sweep:4: --force is the sweep.s to give'
refused 'generator kakuro\ngenerate a: --outline /etc/passwd' 'x.sweep:4: --outline names a file to read, which a method may not'
refused 'generator kakuro\ngenerate a: --no-such 1' 'x.sweep:4: generate kakuro has no option --no-such'
refused 'generator kakuro\ngenerate a: 5x5' "x.sweep:4: expected an option --NAME of generate kakuro, got '5x5'"
refused 'generator kakuro\ngenerate a: -s 3' "x.sweep:4: expected an option --NAME"
refused 'generator kakuro\ngenerate --size 5x5' 'x.sweep:4: generate expects METHOD: first'
refused 'generator kakuro\ngenerate a: --size 5x5 a: --size 6x6' 'x.sweep:4: method a is given twice'
refused 'generator kakuro\ngenerate ../up: --size 5x5' "x.sweep:4: a method's name is up to 40"
refused 'generator kakuro\ngenerate a: --size' 'x.sweep:4: --size expects a value'
refused 'generator kakuro\nengines combo\ngenerate a: --size 5x5' "x.sweep:4: a generation sweep takes no 'engines'"
refused 'generator kakuro\ndiff 2\ngenerate a: --size 5x5' "x.sweep:4: diff is not a key of family kakuro"
refused 'generator sudoku\ngenerate a: --size 4' "x.sweep:3: family kakuro has no generator 'sudoku'"
refused 'generator kakuro' "a generation sweep needs 'generate'"
refused 'instances x.kak\ngenerate a: --size 5x5' "x.sweep:4: 'generate' belongs to a generation sweep"
# A value or a combination that the generator refuses is refused before any method is
# made (not hours into the first), at the key's line, naming the method; so is it in
# --list, and on the command line (--generate).
refused 'generator kakuro\ngenerate a: --size 5x5\n b: --size 4x' \
    "^puzzlebench: sweep: .*x.sweep:4: method b: --size expects RxC \\(e.g. 11x11\\), got '4x'"
refused 'generator kakuro\ngenerate a: --size 5x5\n b: --size 5x5 --checker nope' \
    "^puzzlebench: sweep: .*x.sweep:4: method b: unknown engine 'nope'"
refused 'generator kakuro\ngenerate a: --size 5x5\n b: --max-attempts 0' \
    '^puzzlebench: sweep: .*x.sweep:4: method b: --max-attempts expects a whole number >= 1'
refused 'generator kakuro\ngenerate a: --size 5x5\n b: --checker combo --order row' \
    '^puzzlebench: sweep: .*x.sweep:4: method b: engine combo takes no --order'
expect 2 "--list of a refused method" -- "$pb" sweep "$tmp/x.sweep" --out "$tmp/x" --list
one_line_error '^puzzlebench: sweep: .*x.sweep:4: method b: engine combo takes no --order'
[ ! -s "$tmp/out" ] && ok || bad "--list of a refused method listed: $(cat "$tmp/out")"
# The .meta records a method's options whole, or the sweep is refused: a line of 599
# characters is written as given, one of 600 refused (--list too), nothing written.
long_sizes() { python3 -c "import sys; print('5x5,' * int(sys.argv[1]) + '5x5')" "$1"; }
printf 'name x\nfamily kakuro\ngenerator kakuro\ngenerate a: --seed 3 --size %s\n' "$(long_sizes 142)" >"$tmp/x.sweep"
expect 0 "a method line of 599 characters" -- "$pb" sweep "$tmp/x.sweep" --out "$tmp/x" -q
line=$(grep '^generate=' "$tmp/x/x-a.meta")
[ "${#line}" -eq 599 ] && [ "$line" = "generate=a: --seed 3 --size $(long_sizes 142)" ] && ok ||
    bad "the .meta's generate= line is not the method's, whole: ${#line} characters"
rm -r "$tmp/x"
refused "generator kakuro\ngenerate a: --seed 33 --size $(long_sizes 142)" \
    "^puzzlebench: sweep: .*x.sweep:4: method a: its options make the .meta's generate= line 600 characters long, over the 599 it holds"
expect 2 "--list of a method line too long" -- "$pb" sweep "$tmp/x.sweep" --out "$tmp/x" --list
one_line_error "x.sweep:4: method a: its options make the .meta's generate= line 600"
expect 2 "--generate of a refused value" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/x" -q \
    --generate "a: --size 5x5 b: --count 0"
one_line_error "^puzzlebench: sweep: --generate: method b: --count expects a whole number from 1 "
[ ! -e "$tmp/x" ] && ok || bad "--generate of a refused value: wrote $tmp/x"
expect 2 "--against" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/a" --against "$pb"
one_line_error 'g.sweep: a generation sweep runs on one build'
# --block sizes an engine sweep's blocks of runs: given to a generation sweep it would
# change nothing, so it is refused (--list too), nothing written.
expect 2 "--block" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/b" -q --block 4
one_line_error "^puzzlebench: sweep: .*g.sweep: --block belongs to a sweep of engine runs \(measured in blocks\); a generation sweep takes none"
[ ! -e "$tmp/b" ] && ok || bad "--block: wrote $tmp/b"
expect 2 "--block --list" -- "$pb" sweep "$tmp/g.sweep" --out "$tmp/b" --list --block 64
one_line_error "^puzzlebench: sweep: .*g.sweep: --block belongs to a sweep of engine runs"
expect 2 "generate --records-only without --stats" -- "$pb" generate kakuro --size 5x5 --records-only
one_line_error 'records-only goes with --stats'
expect 2 "generate --force without --out or --stats" -- "$pb" generate latin --size 4 --force
one_line_error 'force starts an existing --out DIR or --stats FILE over'

# A run killed by SIGKILL leaves its half-written NAME.tmp.PID (no handler sees that
# signal): --resume drops it, where its process is gone (here, of a folder the run
# went on to complete), and keeps another live process's; the folder is then an
# uninterrupted run's.
"$pb" generate kakuro --size 6x6 --count 3 --out "$tmp/unkilled" -q 2>/dev/null
"$pb" generate kakuro --size 6x6 --count 3 --out "$tmp/killed" -q 2>/dev/null
dead=$(sh -c 'echo $$')
printf 'half' >"$tmp/killed/6x6-medium-s1-0002.kak.tmp.$dead"
printf 'live' >"$tmp/killed/other.kak.tmp.$$"
printf 'mine' >"$tmp/killed/notes.tmp.3000000000" # no pid_t holds it: no process's, kept
expect 0 "generate --resume beside a killed run's temporary file" -- "$pb" generate kakuro --size 6x6 \
    --count 3 --out "$tmp/killed" --resume -q
[ ! -e "$tmp/killed/6x6-medium-s1-0002.kak.tmp.$dead" ] && [ -e "$tmp/killed/other.kak.tmp.$$" ] && ok ||
    bad "--resume: the dead run's temporary file kept, or the live one's dropped"
[ -e "$tmp/killed/notes.tmp.3000000000" ] && ok || bad "--resume removed notes.tmp.3000000000, no pid's file"
rm -f "$tmp/killed/other.kak.tmp.$$" "$tmp/killed/notes.tmp.3000000000"
[ "$(ls "$tmp/killed")" = "$(ls "$tmp/unkilled")" ] && ok ||
    bad "--resume: the folder holds other files than an uninterrupted run's: $(ls "$tmp/killed" | tr '\n' ' ')"
for f in "$tmp/unkilled"/*.kak; do
    cmp -s "$f" "$tmp/killed/${f##*/}" && ok || bad "--resume: ${f##*/} differs from an uninterrupted run's"
done
finish cli_sweep_generate
