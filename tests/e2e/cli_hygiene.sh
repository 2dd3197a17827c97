#!/usr/bin/env bash
# cli_hygiene.sh — the regression tests of issue 30's findings (input hygiene):
# no output is written through a symbolic link planted at its name (every command
# that writes, every name it writes: the link is refused, or replaced by the new
# file, and its target never touched; files read back by --resume and --out folders
# that are links are refused; an output that is a pipe or a device is refused, not
# replaced); bytes from data reach messages as \xNN
# (file names with ESC and BEL, fields); one byte-order mark at most; qwh ranges
# are checked before they are counted; a Latin square is of order 2 to 64; an
# output that cannot be written exits 2 with the path and the reason, a disk that
# fills mid-run leaves whole records that --resume completes; a write to
# stdout that fails (/dev/full) exits 4 with one line, whatever the command; compare
# reads decimal numbers only; --workers 0 is refused.
# usage: tests/e2e/cli_hygiene.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1

# ---- links planted at output names ----

# planted NAME...: a link at each NAME to its own victim file, and a dangling link
# beside it (NAME.dangling's target must never be created).
planted() {
    local n
    for n in "$@"; do
        rm -rf "$n"
        mkdir -p "$(dirname "$n")"
        printf 'victim\n' >"$n.victim"
        ln -s "$PWD/$n.victim" "$n"
    done
}
# untouched WHAT NAME...: each NAME's victim still holds "victim", and NAME is the
# link still (the command refused it) or a file of its own (renamed over the link).
untouched() {
    local what=$1 n
    shift
    for n in "$@"; do
        if [ "$(cat "$n.victim")" = victim ]; then ok; else bad "$what: wrote through the link at $n"; fi
    done
}
# refused_or_replaced WHAT: the run's exit status was 0 (links replaced) or 2 with
# one line that names a link.
refused_or_replaced() {
    local what=$1 st=$2
    if [ "$st" -eq 0 ]; then ok; elif [ "$st" -eq 2 ]; then one_line_error "cannot (write|resume): it is a symbolic link|exists"; else
        bad "$what: exit $st, expected 0 or 2"
    fi
}

# A sweep: its lock, row files, .meta and topology, one at a time and all at once.
printf 'name k\nfamily notouch\ninstances 2x3\nengines backtrack\nsamples 1\n' >k.sweep
for f in k.lock k.csv.part k.samples.csv.part k.meta k.topology.xml k.csv k.samples.csv; do
    rm -rf o
    planted "o/$f"
    "$pb" sweep k.sweep --out o -q >out 2>err
    refused_or_replaced "sweep, link at $f" $?
    untouched "sweep" "o/$f"
done
# The lock: a dangling link is not followed into creating its target either.
rm -rf o && mkdir o && ln -s "$PWD/nowhere" o/k.lock
expect 2 "sweep, dangling link at the lock" -- "$pb" sweep k.sweep --out o -q
one_line_error "k\.lock: cannot write: it is a symbolic link, which is not followed"
[ -e nowhere ] && bad "sweep: created the dangling lock's target" || ok

# An output that is a pipe (or a device: /dev/null, as root) is refused, neither
# replaced by a file nor waited on: whole-file writers (meta, time --output), an
# appended CSV (solve --csv), generate --stats with --force.
rm -f pipe.csv pipe.meta && mkfifo pipe.csv pipe.meta
for args in "meta --out pipe.meta" "solve notouch 2x3 --csv pipe.csv" \
    "generate sudoku --size 4 --stats pipe.csv --force" "time --output pipe.csv true"; do
    # shellcheck disable=SC2086
    expect 2 "$args: a pipe as output" -- timeout 20 "$pb" $args
    one_line_error "pipe\.(csv|meta): cannot write: not a regular file"
    [ -p pipe.csv ] && [ -p pipe.meta ] && ok || bad "$args: replaced the pipe"
done
# A sweep's row files are renamed into place at its end: a pipe there is refused at
# its start, before any work, and left as it is.
for f in k.csv k.samples.csv; do
    rm -rf o && mkdir o && mkfifo "o/$f"
    expect 2 "sweep, a pipe at $f" -- timeout 20 "$pb" sweep k.sweep --out o -q
    one_line_error "o/$f: cannot write: not a regular file"
    [ -p "o/$f" ] && [ ! -e o/k.meta ] && ok || bad "sweep with a pipe at $f: $(ls o)"
done

# --resume reads a sweep's files back and rewrites them: one replaced by a link (to a
# copy of itself) is refused, as generate and time refuse it, and the copy untouched.
for f in k.csv k.samples.csv k.meta k.csv.part; do
    rm -rf o
    "$pb" sweep k.sweep --out o -q >out 2>err
    if [ -e "o/$f" ]; then mv "o/$f" "$f.copy"; else printf 'victim\n' >"$f.copy"; fi
    cp "$f.copy" "$f.before"
    ln -s "$PWD/$f.copy" "o/$f"
    expect 2 "sweep --resume, link at $f" -- "$pb" sweep k.sweep --out o --resume -q
    one_line_error "o/$f: cannot resume: it is a symbolic link, which is not followed"
    cmp -s "$f.copy" "$f.before" && ok || bad "sweep --resume wrote through the link at $f"
done
# An --out folder that is a link is refused (generate --out refuses one too), and
# nothing is written into the folder it names.
for cmd in "sweep k.sweep -q" "player"; do
    rm -rf linked real && mkdir real && ln -s "$PWD/real" linked
    # shellcheck disable=SC2086
    expect 2 "$cmd --out at a link" -- "$pb" $cmd --out linked
    one_line_error "linked: cannot write: it is a symbolic link, which is not followed"
    [ -z "$(ls -A real)" ] && ok || bad "$cmd --out wrote through the linked folder: $(ls real)"
done

# generate: a new file (refused: it exists), --force and --resume (a link is not
# opened), for each generator, at its --out folder and at each file it writes there.
for args in "sudoku --count 3" "latin --size 4 --count 3" "kakuro-outline --size 7x7 --count 2"; do
    for mode in "" --force --resume; do
        for at in gen gen/generate.txt gen/generate.csv; do
            rm -rf gen && planted "$at"
            # shellcheck disable=SC2086
            "$pb" generate $args --out gen $mode >out 2>err
            st=$?
            if [ "$st" -eq 2 ]; then ok; else bad "generate $args $mode, link at $at: exit $st, expected 2"; fi
            one_line_error "$at(: cannot (write|resume): it is a symbolic link| exists)"
            untouched "generate $args $mode" "$at"
        done
    done
done
planted stats
expect 2 "generate sudoku --stats at a link" -- "$pb" generate sudoku --count 2 --stats stats --force
untouched "generate --stats" stats
# kakuro: the records file on --resume (it used to be appended through), and the
# puzzles' own files (written by rename: the link is replaced).
"$pb" generate kakuro --size 7x7 --count 2 --out kk 2>/dev/null
for f in kk/generate.csv kk/generate.txt; do
    mv "$f" "$f.real" && planted "$f"
    expect 2 "generate kakuro --resume with a link at $f" -- "$pb" generate kakuro --size 7x7 \
        --count 4 --out kk --resume
    untouched "generate kakuro --resume" "$f"
    rm "$f" && mv "$f.real" "$f"
done
rm -rf kk2 && mkdir kk2
name=$("$pb" generate kakuro --size 7x7 --count 1 --out kk3 2>/dev/null; ls kk3 | grep -v generate | head -1)
planted "kk2/$name"
"$pb" generate kakuro --size 7x7 --count 1 --out kk2 --force >out 2>err
refused_or_replaced "generate kakuro, link at a puzzle" $?
untouched "generate kakuro puzzle" "kk2/$name"

# The single-file writers: export, render, player, meta, time, tenpair's CSV and levels.
planted x.cnf x.svg web/kakuro.html m.meta m.topology.xml t.csv t.samples.csv t.out tp.csv tp.csv.meta lv.csv
"$pb" export dimacs notouch 2x3 --out x.cnf >out 2>err
refused_or_replaced "export" $?
"$pb" render notouch 2x3 --out x.svg >out 2>err
refused_or_replaced "render" $?
"$pb" player --out web >out 2>err
refused_or_replaced "player" $?
"$pb" meta --out m.meta >out 2>err
refused_or_replaced "meta" $?
"$pb" time --csv t.csv --key tool=true --run-id R --output t.out --samples 1 -- true >out 2>err
refused_or_replaced "time" $?
"$pb" solve tenpair --csv tp.csv >out 2>err
refused_or_replaced "tenpair --csv" $?
"$pb" count tenpair --max-length 70 --levels lv.csv >out 2>err
refused_or_replaced "tenpair --levels" $?
untouched "single-file writers" x.cnf x.svg web/kakuro.html m.meta m.topology.xml t.csv \
    t.samples.csv t.out tp.csv tp.csv.meta lv.csv

# ---- bytes from data in messages ----

# no_raw_bytes WHAT FILE: FILE holds printable ASCII and line ends only.
no_raw_bytes() {
    if LC_ALL=C grep -q '[^[:print:]]' "$2"; then bad "$1: raw bytes: $(od -c "$2" | head -3)"; else ok; fi
}
esc=$(printf 'a\033]0;pwn\007b')
printf 'x\n' >"$esc.txt"
for cmd in "solve sudoku" "solve kakuro" "solve latin" "count notouch --board-file" \
    "generate kakuro --outline" "sweep"; do
    # shellcheck disable=SC2086
    "$pb" $cmd "$esc.txt" >out 2>err
    no_raw_bytes "$cmd with ESC in the file name (stderr)" err
    no_raw_bytes "$cmd with ESC in the file name (stdout)" out
    has '\\x1b\]0;pwn\\x07b' err
done
head -3 "$src/data/sudoku/4x4.txt" >"$esc.4"
"$pb" count sudoku "$esc.4" -l 2 >out 2>err
no_raw_bytes "count with ESC in the file name" out
"$pb" import-solution latin qwh-5-0.5 "$esc.txt" >out 2>err
no_raw_bytes "import-solution with ESC in the file name" err
# compare: a field's bytes >= 0x80 and control bytes are shown as \xNN.
printf 'instance,x\n%s\x9b[31m,1\n' "$esc" >"bytes.csv"
"$pb" compare bytes.csv bytes.csv >out 2>err
no_raw_bytes "compare (stderr)" err
no_raw_bytes "compare (stdout)" out

# ---- one byte-order mark at most ----
bom=$(printf '\357\273\277')
printf '%s%s' "$bom" "$(head -2 "$src/data/sudoku/4x4.txt")" >bom1.txt
printf '%s%s%s' "$bom" "$bom" "$(head -2 "$src/data/sudoku/4x4.txt")" >bom2.txt
expect 0 "one byte-order mark" -- "$pb" solve sudoku bom1.txt -q
expect 2 "two byte-order marks" -- "$pb" solve sudoku bom2.txt -q
one_line_error "bom2\.txt:1: .*byte 0xef"
printf '%s%s1 2\n2 1\n' "$bom" "$bom" >bom2.latin
expect 2 "two byte-order marks (latin)" -- "$pb" solve latin bom2.latin -q
printf '%s%s##\n##\n' "$bom" "$bom" >bom2.board
expect 2 "two byte-order marks (notouch)" -- "$pb" count notouch --board-file bom2.board -q
printf '%s%sfamily notouch\n' "$bom" "$bom" >bom2.sweep
expect 2 "two byte-order marks (sweep)" -- "$pb" sweep bom2.sweep --out o2 -q

# ---- numbers and ranges ----
for q in qwh-10-0:1:0.00001-x100000 qwh-10-0:1:1e-300 qwh-10-0:1:1e-11 qwh-10-0:1:5e-324; do
    expect 2 "$q" -- "$pb" solve latin "$q" -q
    one_line_error "the range gives .* squares: at most 1000000 of order 10"
done
expect 2 "qwh-64 too many squares" -- "$pb" solve latin qwh-64-0.5-x100000 -q
one_line_error "at most 65536 of order 64"
expect 2 "hexadecimal holes" -- "$pb" solve latin qwh-10-0x1p-2 -q
expect 2 "latin order 1 (qwh)" -- "$pb" solve latin qwh-1-0.5 -q
printf '1\n' >one.latin
expect 2 "latin order 1 (file)" -- "$pb" solve latin one.latin -q
one_line_error "one.latin:1: column 1: one value on the square's first line \(its values give the order, 2-64: no line of its own names it\)"
expect 2 "generate latin --size 1" -- "$pb" generate latin --size 1
# --order is the cell order everywhere; the squares' size has its own name.
expect 2 "generate latin --order" -- "$pb" generate latin --order 5
one_line_error "generate: --order is now --size"
expect 2 "--workers 0" -- "$pb" sweep k.sweep --workers 0 --out o3 -q
# compare: a sample's time in hexadecimal is refused.
"$pb" sweep k.sweep --out c -q --samples 3 >/dev/null 2>&1
sed -i '2s/^\(\([^,]*,\)\{4\}\)[^,]*/\10x10/' c/k.samples.csv
expect 2 "compare, 0x10 as wall_s" -- "$pb" compare c/k.csv c/k.csv
one_line_error "k\.samples\.csv:2: expected a time in seconds in column wall_s, got '0x10'"

# ---- an output that cannot be written: exit 2, the path and the reason ----
touch plain
expect 2 "export into a file's 'folder'" -- "$pb" export dimacs notouch 2x3 --out plain/x.cnf
one_line_error "plain/x\.cnf.*: cannot write: Not a directory"
expect 2 "player into a file's 'folder'" -- "$pb" player --out plain/web
one_line_error "plain/web: cannot make the folder: Not a directory"
expect 2 "render into a file's 'folder'" -- "$pb" render notouch 2x3 --out plain/x.svg
one_line_error "plain/x\.svg.*: cannot write: Not a directory"
expect 2 "generate into a file's 'folder'" -- "$pb" generate latin --size 4 --count 2 --out plain/x
one_line_error "plain/x: cannot make the folder: Not a directory"
expect 2 "generate into a file as its folder" -- "$pb" generate latin --size 4 --count 2 --out plain
one_line_error "plain: cannot make the folder: Not a directory"
# A full disk (a small tmpfs, as root): the file and the reason.
mnt=$tmp/mnt
if [ "$(id -u)" -eq 0 ] && mkdir -p "$mnt" && mount -t tmpfs -o size=64k tmpfs "$mnt" 2>/dev/null; then
    trap 'umount "$mnt" 2>/dev/null; rm -rf "$tmp"' EXIT
    expect 2 "generate latin on a full disk" -- "$pb" generate latin --size 30 --count 200 --out "$mnt/sq"
    one_line_error "sq/generate\.txt: cannot write: No space left on device; .*--resume"
    # count --levels: exit 4, one line naming the file, and no file (nor .part) left.
    rm -rf "$mnt/sq" && dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
    expect 4 "count tenpair --levels on a full disk" -- "$pb" count tenpair --max-length 80 --levels "$mnt/lv.csv"
    one_line_error "count: --levels: .*/lv\.csv: cannot write: No space left on device"
    [ -z "$(ls "$mnt" | grep lv)" ] && ok || bad "--levels on a full disk left $(ls "$mnt")"
    umount "$mnt"
else
    echo "cli_hygiene: the full-disk test needs root (mount -t tmpfs): skipped"
fi

# A disk that fills mid-run, as a file-size limit (no root needed; SIGXFSZ ignored so
# that the write fails with EFBIG): each file ends at a whole puzzle or row, the line
# says how to go on, and --resume then gives the uninterrupted run's files.
gen9() { "$pb" generate sudoku --size 9 --count 300 -q "$@"; }
gen9 --out whole 2>/dev/null || bad "generate sudoku --size 9 --count 300 failed"
(trap '' XFSZ; ulimit -f 8; exec "$pb" generate sudoku --size 9 --count 300 -q --out capped) \
    >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "generate past a file-size limit: exit $got, expected 2"
one_line_error "capped/generate\.txt: cannot write: File too large; .*--resume"
# Whole lines (times aside): the capped file ends with a newline, and its lines are
# the first lines of the whole run's.
for f in generate.txt generate.csv; do
    n=$(wc -l <"capped/$f")
    if [ "$n" -gt 1 ] && [ "$(tail -c 1 "capped/$f" | od -An -c | tr -d ' ')" = '\n' ] &&
        cmp -s <(head -n "$n" "whole/$f" | cut -d, -f1-6) <(cut -d, -f1-6 "capped/$f"); then ok
    else bad "capped/$f ($n lines) is not whole lines of whole/$f"; fi
done
gen9 --out capped --resume 2>/dev/null || bad "generate --resume after the disk filled failed"
cmp -s whole/generate.txt capped/generate.txt && ok || bad "resumed generate.txt differs from a whole run's"
cut -d, -f1-6 whole/generate.csv >"$tmp/a" && cut -d, -f1-6 capped/generate.csv >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok || bad "resumed generate.csv differs from a whole run's"

# The same for count --levels past a file-size limit: exit 4, no file cut short left.
(trap '' XFSZ; ulimit -f 1; exec "$pb" count tenpair --max-length 90 --levels capped.csv -q) \
    >/dev/null 2>"$tmp/err"
got=$?
[ "$got" -eq 4 ] && ok || bad "count --levels past a file-size limit: exit $got, expected 4"
one_line_error "count: --levels: capped\.csv: cannot write: File too large"
[ ! -e capped.csv ] && [ ! -e capped.csv.part ] && ok || bad "count --levels left $(ls capped.csv*)"

# ---- stdout that cannot be written: exit 4, one line, for every command ----
if [ -w /dev/full ]; then
    "$pb" sweep --family notouch --instances "1x4 1x5 1x6 2x3 2x4 3x3 cross8" --name full \
        --engines "backtrack propagate" --orders "row degree mrv" --modes "first count" \
        --samples 1 --out full -q 2>/dev/null || bad "the sweep for compare failed"
    # A second file of the same rows: a file set against itself is warned of.
    for x in csv samples.csv meta; do cp "full/full.$x" "full/again.$x"; done
    # full_stdout PATTERN < COMMANDS: each command (as words, one a line) run with its
    # standard output on /dev/full exits 4 with one line matching PATTERN.
    full_stdout() {
        local cmd words got
        while IFS= read -r cmd; do
            read -ra words <<<"$cmd"
            "$pb" "${words[@]}" >/dev/full 2>"$tmp/err"
            got=$?
            [ "$got" -eq 4 ] && ok || bad "'$cmd' >/dev/full: exit $got, expected 4"
            one_line_error "$1"
        done
    }
    # Small outputs (flushed at the end) and large ones (a write fails on the way), text,
    # CSV and JSON.
    full_stdout "^puzzlebench: standard output: No space left on device$" <<'END'
solve notouch cross8
count notouch cross8
count notouch cross8 --json
solve notouch cross8 --json
compare full/full.csv --by engine=backtrack,propagate
compare full/full.csv --by engine=backtrack,propagate --csv
compare full/full.csv --by engine=backtrack,propagate --json
compare full/full.csv full/again.csv --json
render notouch cross8
time --json --samples 2 --min-sample-time 0 -- true
engines
families
info
kakuro-sums
sweep --list --family notouch --instances 2x3
solve tenpair
--help
solve --help
END
    # sweep --list whose last line's write fails: stdio drops what it could not write,
    # the final flush has nothing left to fail on, and the reason was lost ("write
    # error"). A listing a line longer each time crosses the buffer's end in its last
    # line once.
    "$pb" generate sudoku --size 4 --count 150 -q >"$tmp/list-all.txt" 2>/dev/null
    lost=
    for k in $(seq 40 151); do
        head -n "$k" "$tmp/list-all.txt" >"$tmp/list.txt"
        "$pb" sweep --family sudoku --instances "$tmp/list.txt" --rows per-puzzle --engines backtrack \
            --modes first --list >/dev/full 2>"$tmp/err"
        got=$?
        grep -v '^puzzlebench: warning: 1-minute load ' "$tmp/err" >"$tmp/err.1"
        [ "$got" -eq 4 ] && [ "$(cat "$tmp/err.1")" = "puzzlebench: standard output: No space left on device" ] ||
            lost="$lost $k:$got:$(cat "$tmp/err.1")"
    done
    [ -z "$lost" ] && ok || bad "sweep --list >/dev/full of N puzzles: not one line with the reason:$lost"
    # Commands that name what failed: still one line, exit 4 (their own line, not a
    # second one from the final check of stdout).
    full_stdout "^puzzlebench: (generate|export): standard output: (cannot write: )?No space left on device$" <<'END'
generate latin --size 5 --count 2 -q
generate sudoku --size 4 --count 300 --seed 1 -q
generate kakuro-outline --size 5x5 --count 1 -q
export dimacs notouch cross8
END
fi

finish cli_hygiene
