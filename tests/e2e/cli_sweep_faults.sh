#!/usr/bin/env bash
# cli_sweep_faults.sh — a sweep never loses a finished row (issue 13): killed with
# SIGKILL at several points and resumed, it gives the rows of an uninterrupted run
# (keys and step counts; times differ); SIGINT, SIGTERM and SIGHUP keep whole rows
# only and exit 130/143/143; an existing sweep is refused unless --force or --resume,
# and --resume refuses a changed sweep; a second sweep of the same name in the same
# folder is refused while the first runs (its lock); a full disk (a small tmpfs, as
# root) stops it with one line and whole rows, and one that fills as the sweep ends
# leaves a .meta saying status=failed; a file-size limit at every other kilobyte of
# the row files stops it the same way; sweep files that do nothing, name two
# instances alike, or escape --out are refused.
# usage: cli_sweep_faults.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"
# shellcheck source=tests/e2e/sweep_lib.sh
source "$(dirname "$0")/sweep_lib.sh"
mnt=$tmp/mnt
trap 'umount "$mnt" 2>/dev/null; rm -rf "$tmp"' EXIT

# A small sweep of 20 runs in blocks of 2: the boards up to 2x5 and 3x3 take
# milliseconds, the counts of 3x4 most of its second. No warm-up: it would be most of
# the sweep's time, and what is tested here is the files. 2x4 comes first because its
# runs fit the speed reference (5 us to 1 ms, in the Release build and under the
# sanitizers): a sweep times its runs in order until one fits, some 50 ms each, and
# 2x3's take under 5 us in the Release build.
cat >"$tmp/k.sweep" <<'EOF'
family notouch
name k
instances 2x4 2x3 2x5 3x3 3x4
engines backtrack propagate
modes first count
samples 2
min-sample-time 0
warmup 0
EOF
sweep() { # sweep DIR [options]: the sweep above into DIR
    local dir=$1
    shift
    "$pb" sweep "$tmp/k.sweep" --out "$dir" --workers 1 --block 2 -q "$@"
}
# run_until DIR ROWS [options]: starts the sweep in the background ($pid) and stops
# it (SIGSTOP) once DIR's CSV holds at least ROWS rows (0: once its .meta is there).
run_until() {
    local dir=$1 want=$2
    shift 2
    # Not through sweep(): $pid must be puzzlebench's own, not a subshell's.
    "$pb" sweep "$tmp/k.sweep" --out "$dir" --workers 1 --block 2 -q "$@" 2>"$tmp/bg.err" &
    pid=$!
    for _ in $(seq 1 3000); do # 60 s: rows come late on a loaded machine
        if [ -f "$dir/k.meta" ] && [ "$(rows_in "$dir")" -ge "$want" ]; then break; fi
        sleep 0.02
    done
    kill -STOP $pid
}

# ---- the uninterrupted run ----
expect 0 "the whole sweep" -- sweep "$tmp/ref"
keys "$tmp/ref/k.csv" >"$tmp/ref.keys"
if [ "$(wc -l <"$tmp/ref.keys")" -eq 20 ]; then ok; else bad "the sweep has $(wc -l <"$tmp/ref.keys") rows, not 20"; fi
has "^status=complete$" "$tmp/ref/k.meta"
has "^rows=20 of 20$" "$tmp/ref/k.meta"
whole "$tmp/ref" "the whole sweep"

# ---- (1) SIGKILL at a few points, then --resume: the same rows ----
for at in 0 4 12; do
    d=$tmp/kill$at
    run_until "$d" $at
    kill -KILL $pid
    wait $pid 2>/dev/null
    has "^status=running$" "$d/k.meta"
    [ -f "$d/k.csv" ] && bad "killed at $at rows: NAME.csv is in place" || ok
    whole "$d" "killed at $at rows"
    expect 0 "resume after a kill at $at rows" -- sweep "$d" --resume
    keys "$d/k.csv" | cmp -s - "$tmp/ref.keys" && ok ||
        bad "killed at $at rows and resumed: rows differ: $(keys "$d/k.csv" | diff - "$tmp/ref.keys")"
    has "^status=complete$" "$d/k.meta"
    has "^run_id=[^ ]+ [^ ]+$" "$d/k.meta" # the killed run's id and the resumed one's
    if ls "$d" | grep -q part; then bad "a .part file is left after the resume"; else ok; fi
    whole "$d" "resumed after a kill at $at rows"
done

# A resume drops a row cut short and a row missing samples, and runs them again.
d=$tmp/cut
mkdir -p "$d"
sed 's/^status=complete$/status=running/' "$tmp/ref/k.meta" >"$d/k.meta"
head -c -40 "$tmp/ref/k.csv" >"$d/k.csv.part"                          # the last row cut short
grep -v ",3,1,[0-9]*,[0-9.e-]*,[0-9]*,[0-9]*,[0-9.e-]*$" "$tmp/ref/k.samples.csv" >"$d/k.samples.csv.part" # row 3's 2nd sample
expect 0 "resume with a row cut short and one missing a sample" -- "$pb" sweep "$tmp/k.sweep" --out "$d" \
    --workers 1 --block 2 --resume
has "^resuming .*: 18 of 20 rows there, 2 left out" "$tmp/out"
keys "$d/k.csv" | cmp -s - "$tmp/ref.keys" && ok || bad "cut files resumed: rows differ"
whole "$d" "cut files resumed"

# ---- (2) SIGINT, SIGTERM and SIGHUP: whole rows only, then --resume completes ----
for sig in INT:130 TERM:143 HUP:143; do
    d=$tmp/${sig%:*}
    run_until "$d" 4
    kill -"${sig%:*}" $pid
    kill -CONT $pid
    wait $pid
    st=$?
    if [ "$st" -eq "${sig#*:}" ]; then ok; else bad "SIG${sig%:*}: exit $st, expected ${sig#*:}"; fi
    has "^status=interrupted$" "$d/k.meta"
    has "^rows=[0-9]+ of 20 \(interrupted\)$" "$d/k.meta"
    whole "$d" "SIG${sig%:*}"
    n=$(rows_in "$d")
    if [ "$n" -ge 4 ] && [ "$n" -lt 20 ]; then ok; else bad "SIG${sig%:*} kept $n rows"; fi
    expect 0 "resume after SIG${sig%:*}" -- sweep "$d" --resume
    keys "$d/k.csv" | cmp -s - "$tmp/ref.keys" && ok || bad "SIG${sig%:*} and resumed: rows differ"
done

# ---- (3) no overwrite; --force; --resume checks the sweep ----
d=$tmp/ref
cp "$d/k.csv" "$tmp/before.csv"
expect 2 "a second sweep over the first" -- sweep "$d"
one_line_error "k\.(meta|csv) exists: --force starts the sweep over, --resume continues it"
cmp -s "$d/k.csv" "$tmp/before.csv" && ok || bad "the refused sweep changed k.csv"
expect 0 "resume a finished sweep" -- "$pb" sweep "$tmp/k.sweep" --out "$d" --workers 1 --block 2 --resume
has "complete already; nothing to resume" "$tmp/out"
# A finished sweep whose row or samples file is gone is not complete: --resume says
# which file, rather than that there is nothing to do, and leaves the folder as it was.
for f in k.csv k.samples.csv; do
    cp -r "$d" "$tmp/gone"
    rm "$tmp/gone/$f"
    expect 2 "resume a finished sweep without $f" -- "$pb" sweep "$tmp/k.sweep" --out "$tmp/gone" --workers 1 --block 2 --resume
    one_line_error "^puzzlebench: sweep: $tmp/gone/k\.meta: says the sweep is complete, but $tmp/gone/$f is missing; --force starts over$"
    [ ! -e "$tmp/gone/$f" ] && cmp -s "$tmp/gone/k.meta" "$d/k.meta" && ok || bad "a refused resume changed the folder"
    rm -rf "$tmp/gone"
done
expect 2 "resume with other settings" -- sweep "$tmp/INT" --resume --samples 3
one_line_error "cannot resume: samples differs \(the \.meta: '2', now: '3'\)"
echo "# changed" >>"$tmp/k.sweep"
expect 2 "resume with a changed sweep file" -- sweep "$tmp/TERM" --resume
one_line_error "cannot resume: the sweep file \(its content hash\) differs"
old_id=$(sed -n 's/^run_id=//p' "$d/k.meta")
expect 0 "--force" -- sweep "$d" --force
if [ "$(sed -n 's/^run_id=//p' "$d/k.meta")" != "$old_id" ]; then ok; else bad "--force kept the old run"; fi
keys "$d/k.csv" | cmp -s - "$tmp/ref.keys" && ok || bad "--force: rows differ"
expect 2 "--force with --resume" -- sweep "$d" --force --resume
one_line_error "give one"

# ---- (3b) one sweep of a name per folder at a time; a killed one leaves no lock ----
d=$tmp/lock
run_until "$d" 0
expect 2 "a second sweep while the first runs" -- sweep "$d" --force
one_line_error "k\.lock: a sweep of this name is running in this folder \(pid $pid\)"
has "^status=running$" "$d/k.meta" # the refused --force removed nothing
kill -KILL $pid
wait $pid 2>/dev/null
expect 0 "the same sweep once the first is killed" -- sweep "$d" --resume
keys "$d/k.csv" | cmp -s - "$tmp/ref.keys" && ok || bad "resumed after a lock: rows differ"
if [ -e "$d/k.lock" ]; then bad "k.lock is left after the sweep"; else ok; fi

# ---- (4) a full disk: one line, whole rows, and --resume completes after ----
if [ "$(id -u)" -ne 0 ]; then
    echo "cli_sweep_faults: the disk-full test needs root (mount -t tmpfs): skipped"
elif ! mkdir -p "$mnt" || ! mount -t tmpfs -o size=1m tmpfs "$mnt" 2>/dev/null; then
    echo "cli_sweep_faults: cannot mount a tmpfs here: the disk-full test skipped"
else
    # Samples of 20 ms: rows come slower than run_until looks, so that the rows still to
    # come need pages the row files do not hold yet.
    run_until "$mnt/o" 4 --min-sample-time 0.02
    dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null # fills the tmpfs
    kill -CONT $pid
    wait $pid
    st=$?
    if [ "$st" -eq 2 ]; then ok; else bad "disk full: exit $st, expected 2"; fi
    mv "$tmp/bg.err" "$tmp/err"
    one_line_error "k\.(samples\.)?csv\.part: cannot write: No space left on device"
    whole "$mnt/o" "disk full"
    rm -f "$mnt/fill"
    expect 0 "resume after the disk was full" -- sweep "$mnt/o" --resume --min-sample-time 0.02
    keys "$mnt/o/k.csv" | cmp -s - "$tmp/ref.keys" && ok || bad "disk full and resumed: rows differ"
    umount "$mnt"
fi

# ---- (4b) a disk that fills at the end: the rows in place, the .meta not left
# 'running' (status=failed, all rows counted), one line, exit 2; --resume completes ----
if [ "$(id -u)" -eq 0 ] && mkdir -p "$mnt" && mount -t tmpfs -o size=1m tmpfs "$mnt" 2>/dev/null; then
    # Two runs a block each: a count of 3x4 (a tenth of a second), then one of 4x4 that
    # stops at its step limit after seconds: time to fill the disk while the second
    # runs. Its two rows fit the pages the row files hold already, so only the new .meta
    # (a file of its own) meets the full disk. A machine so loaded that the sweep ends
    # before the loop sees its first row is tried again, not taken for a failure.
    printf 'family notouch\nname k\ninstances 3x4 4x4\nengines backtrack\nmodes count\nsamples 1\nmin-sample-time 0\nstep-limit 2e8\n' \
        >"$tmp/end.sweep"
    for _ in 1 2 3 4 5; do
        rm -rf "$mnt/e"
        "$pb" sweep "$tmp/end.sweep" --out "$mnt/e" --workers 1 --block 1 -q 2>"$tmp/bg.err" &
        pid=$!
        for _ in $(seq 1 2000); do
            [ "$(rows_in "$mnt/e")" -ge 1 ] && break
            sleep 0.01
        done
        kill -STOP $pid
        [ "$(rows_in "$mnt/e")" -lt 2 ] && break
        kill -CONT $pid
        wait $pid
    done
    dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null # fills the tmpfs
    kill -CONT $pid
    wait $pid
    st=$?
    if [ "$st" -eq 2 ]; then ok; else bad "disk full at the end: exit $st, expected 2"; fi
    mv "$tmp/bg.err" "$tmp/err"
    one_line_error "k\.(meta|topology\.xml).*No space left on device.*k\.csv holds its 2 of 2 rows; the \.meta says status=failed: --resume completes it"
    [ "$(rows_in "$mnt/e")" -eq 2 ] && ok || bad "disk full at the end: $(rows_in "$mnt/e") rows in place, not 2"
    has "^status=failed$" "$mnt/e/k.meta"
    has "^rows=2 of 2$" "$mnt/e/k.meta"
    rm -f "$mnt/fill"
    expect 0 "resume after the disk filled at the end" -- "$pb" sweep "$tmp/end.sweep" --out "$mnt/e" --workers 1 \
        --block 1 --resume -q
    has "^status=complete$" "$mnt/e/k.meta"
    umount "$mnt"
fi

# ---- (4c) a write that fails at every other kilobyte of the row files (a file-size
# limit, no root needed): one line, exit 2, whole rows, a .meta never left 'running',
# and --resume gives the rows of the whole sweep. With 2 samples a run the CSV is the
# largest file, with 6 the samples file; the walk starts where the topology file
# (written first) fits and ends at the first limit the sweep finishes under. 2x4
# first, as in k.sweep: the 1xN boards' runs are too short for the speed reference,
# and timing them in turn took most of each sweep of the walk. ----
for samples in 2 6; do
    printf 'family notouch\nname k\ninstances 2x4 1x4 1x5 1x6 1x7 2x2 2x3 2x5 3x3 3x2 4x2 5x2\nengines backtrack propagate\nmodes first count\nsamples %s\nmin-sample-time 0\nwarmup 0\nsettle-time 0\n' \
        "$samples" >"$tmp/w.sweep"
    wsweep() { "$pb" sweep "$tmp/w.sweep" --workers 1 --block 2 -q "$@"; }
    expect 0 "the sweep of every write, $samples samples" -- wsweep --out "$tmp/wref$samples"
    keys "$tmp/wref$samples/k.csv" >"$tmp/wref.keys"
    first=$(($(wc -c <"$tmp/wref$samples/k.topology.xml") / 1024 + 1))
    cut_rows=0
    for kb in $(seq "$first" 2 200); do
        d=$tmp/w$samples-$kb
        (
            trap '' XFSZ
            ulimit -f "$kb"
            exec "$pb" sweep "$tmp/w.sweep" --out "$d" --workers 1 --block 2 -q
        ) 2>"$tmp/err"
        st=$?
        [ "$st" -eq 0 ] && break
        what="$samples samples, files cut at $kb KiB"
        if [ "$st" -eq 2 ]; then ok; else bad "$what: exit $st, expected 2"; fi
        grep -q 'csv\.part: cannot write' "$tmp/err" && cut_rows=$((cut_rows + 1))
        one_line_error "k\.(topology\.xml|meta|csv\.part|samples\.csv\.part): cannot write: File too large"
        if grep -q "^status=running$" "$d/k.meta" 2>/dev/null; then bad "$what: the .meta says running"; else ok; fi
        whole "$d" "$what"
        expect 0 "$what, resumed" -- wsweep --out "$d" --resume
        keys "$d/k.csv" | cmp -s - "$tmp/wref.keys" && ok || bad "$what and resumed: rows differ"
        has "^status=complete$" "$d/k.meta"
    done
    [ "$st" -eq 0 ] && ok || bad "$samples samples: still cut at $kb KiB"
    # A machine whose topology file outgrows the rows walks no row write.
    [ "$cut_rows" -gt 0 ] || echo "cli_sweep_faults: $samples samples: no row file outgrew the topology file"
done

# ---- (5) sweep files that do nothing, or name what does not exist, are refused ----
bad_sweep() { # bad_sweep PATTERN LINES...: the file of LINES is refused with PATTERN
    local pattern=$1
    shift
    printf '%s\n' "$@" >"$tmp/v.sweep"
    expect 2 "sweep file: $*" -- "$pb" sweep "$tmp/v.sweep" --out "$tmp/v" -q
    one_line_error "$pattern"
}
# Two instances that rows would name alike (cut at the first dot, or at 95 characters).
mkdir -p "$tmp/names"
long=$(printf 'n%.0s' $(seq 1 100))
for f in a.1.txt a.2.txt "${long}x.txt" "${long}y.txt"; do cp "$src/data/sudoku/4x4.txt" "$tmp/names/$f"; done
bad_sweep "v\.sweep:2: instances: '.*/a\.1\.txt' and '.*/a\.2\.txt' are both named 'a' in the rows.*: rename one" \
    "family sudoku" "instances $tmp/names/a.1.txt $tmp/names/a.2.txt" "engines backtrack"
bad_sweep "v\.sweep:2: instances: '.*/${long}x\.txt' and '.*/${long}y\.txt' are both named 'n{95}' in the rows" \
    "family sudoku" "instances $tmp/names/${long}x.txt $tmp/names/${long}y.txt" "engines backtrack"
# A puzzle of a file that does not read: the sweep's line, then the file's.
{ grep -v '^#' "$src/data/sudoku/4x4.txt" | head -n 1; echo "1.3x"; } >"$tmp/names/bad.txt"
bad_sweep "v\.sweep:2: instances: .*/names/bad\.txt:2: expected a puzzle of 16, " \
    "family sudoku" "instances $tmp/names/bad.txt" "engines backtrack"
bad_sweep "v\.sweep: the sweep runs nothing: value-order .*threads=2" \
    "family notouch" "instances 2x3" "engines value-order" "search-threads 2"
bad_sweep "v\.sweep:3: step-limit names engine 'warp', which notouch has not" \
    "family notouch" "instances 2x3" "step-limit 100 warp=5"
bad_sweep "v\.sweep:3: engines names engine 'warp'" "family notouch" "instances 2x3" "engines warp"
bad_sweep "v\.sweep:3: orders: unknown order 'spiral'" "family notouch" "instances 2x3" "orders spiral"
bad_sweep "v\.sweep:1: unknown family 'warp'" "family warp" "instances 2x3"
bad_sweep "v\.sweep:4: key 'samples' given twice \(first on line 3\)" \
    "family notouch" "instances 2x3" "samples 1" "samples 2"
bad_sweep "v\.sweep:4: key 'diff' given twice \(first on line 3\)" \
    "family notouch" "instances 2x3" "diff 2" "diff 3"
bad_sweep "v\.sweep:3: engines names 'backtrack' twice" \
    "family notouch" "instances 2x3" "engines backtrack backtrack"
bad_sweep "v\.sweep:3: step-limit gives engine backtrack twice" \
    "family notouch" "instances 2x3" "step-limit backtrack=5 backtrack=6"
bad_sweep "v\.sweep:2: name expects a file name that starts with a letter, a digit or '_', got '\.\./\.\./escape'" \
    "family notouch" "name ../../escape" "instances 2x3"
bad_sweep "v\.sweep:2: name expects a file name .*'\.hidden'" "family notouch" "name .hidden" "instances 2x3"
# A name that would take another sweep's files in --out (NAME.samples.csv, the other
# side NAME-against.csv, a manifest), or that is no plain word, is refused.
bad_sweep "v\.sweep:2: name expects a name not ending in '\.samples' .*got 'x\.samples'" \
    "family notouch" "name x.samples" "instances 2x3"
bad_sweep "v\.sweep:2: name expects a name not ending in '\.manifest' .*got 'x\.manifest'" \
    "family notouch" "name x.manifest" "instances 2x3"
bad_sweep "v\.sweep:2: name expects a name not ending in '-against' .*got 'x-against'" \
    "family notouch" "name x-against" "instances 2x3"
bad_sweep "v\.sweep:2: name expects a file name that starts with .*got '-x'" "family notouch" "name -x" "instances 2x3"
# A name leaves room in a file name for NAME-against.samples.csv.part: 200 characters.
bad_sweep "v\.sweep:2: name expects a file name of at most 200 characters" \
    "family notouch" "name $(printf 'n%.0s' $(seq 201))" "instances 2x3"
expect 0 "a name of 200 characters" -- "$pb" sweep --family notouch --instances 2x3 \
    --name "$(printf 'n%.0s' $(seq 200))" --list -q
expect 2 "--name with a line break" -- "$pb" sweep --family notouch --instances 2x3 --name "$(printf 'a\nb')" \
    --out "$tmp/v" -q
one_line_error "--name expects a file name of letters, digits and \. _ \+ - only, got 'a.x0ab'"
bad_sweep "v\.sweep:3: step-limit expects .*in decimal.*got '0x10'" \
    "family notouch" "instances 2x3" "step-limit 0x10"
bad_sweep "v\.sweep:3: search-threads expects .*got '0x2'" "family notouch" "instances 2x3" "search-threads 0x2"
bad_sweep "v\.sweep:3: search-threads expects .*got '\+2'" "family notouch" "instances 2x3" "search-threads +2"
# A sweep names no report section: each section finds the results it reads by their .meta.
bad_sweep "v\.sweep:3: unknown key 'sections'" "family notouch" "instances 2x3" "sections enumeration"
expect 0 "a sweep's .meta" -- "$pb" sweep --family notouch --instances 2x3 --engines backtrack --modes first \
    --samples 1 --name secs --out "$tmp/v" -q
has "^family=notouch$" "$tmp/v/secs.meta"
if grep -q "^sections=" "$tmp/v/secs.meta"; then bad "a section named in $tmp/v/secs.meta"; else ok; fi
# The baseline is one of the sweep's engines (in one of its orders), checked before anything runs.
bad_sweep "v\.sweep:4: baseline names engine 'backtrak', which the sweep does not run \(its engines: backtrack, enum-all\) \(did you mean 'backtrack'\?\)" \
    "family notouch" "instances 2x3" "engines backtrack enum-all" "baseline backtrak"
bad_sweep "v\.sweep:4: baseline names order 'mrv', which the sweep does not run \(its orders: row\)" \
    "family notouch" "instances 2x3" "engines backtrack enum-all" "baseline backtrack/mrv"
bad_sweep "v\.sweep:4: baseline 'enum-all/row': engine enum-all takes no cell order" \
    "family notouch" "instances 2x3" "engines backtrack enum-all" "baseline enum-all/row"
expect 2 "--baseline logc" -- "$pb" sweep --family sudoku --instances "$tmp/none.txt" --engines "backtrack logic" \
    --baseline logc --out "$tmp/v" -q
one_line_error "--baseline names engine 'logc', which the sweep does not run .*\(did you mean 'logic'\?\)"
# Kept in the .meta: as given, or the first engine.
expect 0 "baseline" -- "$pb" sweep --family notouch --instances 2x3 --engines "backtrack enum-all" --modes first \
    --samples 1 --baseline enum-all --name base --out "$tmp/v" -q
has "^baseline=enum-all$" "$tmp/v/base.meta"
has "^baseline=backtrack$" "$tmp/v/secs.meta"
expect 2 "--name ../escape" -- "$pb" sweep --family notouch --instances 2x3 --name ../escape --out "$tmp/v/w" -q
one_line_error "name expects a file name that starts with a letter, a digit or '_', got '\.\./escape'"
if [ -e "$tmp/v/escape.csv" ] || [ -e "$tmp/v/escape.meta" ]; then bad "a sweep wrote outside --out"; else ok; fi
# Every option parses the same wherever it stands.
for args in "--list FILE" "FILE --list" "-q --list FILE" "--list -q FILE" "--quick --list FILE" "--list FILE --quick"; do
    # shellcheck disable=SC2086
    expect 0 "sweep $args" -- "$pb" sweep ${args//FILE/$tmp/k.sweep}
    has "^20 runs, [25] samples each$" "$tmp/out"
done

# ---- (6) without --out a sweep writes into a new folder sweep-NAME-DATE here ----
mkdir "$tmp/here"
said=()
for k in 1 2; do
    expect 0 "a sweep without --out ($k)" -- env -C "$tmp/here" "$pb" sweep --family notouch \
        --instances 2x3 --engines backtrack --modes first --samples 1 --name d -q
    one_line_error "^puzzlebench: sweep: writing into sweep-d-[0-9]{8}-[0-9]{6}(-[0-9]+)?/ "
    said+=("$(sed -n 's|^puzzlebench: sweep: writing into \([^/]*\)/ .*|\1|p' "$tmp/err")")
done
# Two started in one second get two folders; each holds its sweep, none is results/.
mapfile -t made < <(cd "$tmp/here" && ls -d -- *)
[ "${made[*]}" = "$(printf '%s\n' "${said[@]}" | sort | xargs)" ] && [ "${said[0]}" != "${said[1]}" ] &&
    ok || bad "sweeps without --out said ${said[*]}, made ${made[*]}"
for d in "${said[@]}"; do has "^status=complete$" "$tmp/here/$d/d.meta"; done
expect 2 "--resume without --out" -- env -C "$tmp/here" "$pb" sweep --family notouch \
    --instances 2x3 --name d --resume
one_line_error "--resume continues the sweep in a folder: name it with --out DIR"
expect 0 "--list without --out" -- env -C "$tmp/here" "$pb" sweep --family notouch \
    --instances 2x3 --name d --list
has "^time: no earlier run to estimate it from" "$tmp/out"
[ "$(cd "$tmp/here" && ls | wc -l)" -eq 2 ] && ok || bad "--list or --resume made a folder"

# A sweep's files are named after its file (my-exp.sweep: my-exp.csv) unless its name
# key says otherwise; a file whose name is none, and a sweep without a file, take the
# family's.
printf 'family notouch\ninstances 2x3\nengines backtrack\nmodes first\nsamples 1\n' >"$tmp/my-exp.sweep"
cp "$tmp/my-exp.sweep" "$tmp/.hidden.sweep"
expect 0 "a sweep named after its file" -- "$pb" sweep "$tmp/my-exp.sweep" --out "$tmp/n" -q
has "^status=complete$" "$tmp/n/my-exp.meta"
expect 0 "--name over the file's name" -- "$pb" sweep "$tmp/my-exp.sweep" --name other --out "$tmp/n" -q
has "^status=complete$" "$tmp/n/other.meta"
expect 0 "a file whose name is no sweep's name" -- "$pb" sweep "$tmp/.hidden.sweep" --out "$tmp/n" -q
expect 0 "a sweep without a file" -- "$pb" sweep --family notouch --instances 2x4 --engines backtrack \
    --modes first --samples 1 --out "$tmp/n2" -q
[ "$(cd "$tmp/n" && ls -- *.meta | xargs)" = "my-exp.meta notouch.meta other.meta" ] &&
    [ "$(cd "$tmp/n2" && ls -- *.meta)" = notouch.meta ] && ok ||
    bad "sweep names: $(ls "$tmp/n" "$tmp/n2" | xargs)"

finish cli_sweep_faults
