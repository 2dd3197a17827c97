#!/usr/bin/env bash
# provenance.sh — the run metadata end to end: --version's built-in commit, the build
# step that writes it, every field of the .meta files the commands write, the hwloc
# topology beside them, the shell-quoted command line, `puzzlebench meta`
# --begin/--end, the run_id of every CSV row in its .meta, and the analysis tool
# reading the files back.
# usage: tests/e2e/provenance.sh PATH/TO/puzzlebench SOURCE_DIR CMAKE
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cmake=$3

# Every key a .meta holds, each with a non-empty value.
fields="run_id date commit version compiler flags build_type command cpu host packages cores
    pus threads bind kernel glibc openmp google_benchmark hwloc mem_total mem_total_bytes
    cpu_id cpu_mhz cpu_min_mhz cpu_max_mhz smt governor governor_end load_start loadavg_start
    load_end loadavg_end"
id_re='^[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}$'

# value KEY FILE: the first value of KEY in a .meta.
value() { sed -n "s/^$1=//p" "$2" | head -n 1; }

# check_meta FILE.meta: every field, well formed; the topology beside it; the load
# warning present exactly when the load at the start was over 0.2 per core.
check_meta() {
    local m=$1 k v topo
    [ -s "$m" ] || { bad "no $m"; return; }
    for k in $fields; do
        v=$(value "$k" "$m")
        [ -n "$v" ] && ok || bad "$m: no value for $k"
    done
    [[ "$(value run_id "$m")" =~ $id_re ]] && ok || bad "$m: run_id '$(value run_id "$m")'"
    [[ "$(value mem_total_bytes "$m")" =~ ^[1-9][0-9]*$ ]] && ok || bad "$m: mem_total_bytes"
    [[ "$(value loadavg_start "$m")" =~ ^[0-9.]+\ [0-9.]+\ [0-9.]+$ ]] && ok || bad "$m: loadavg_start"
    [[ "$(value load_end "$m")" =~ ^[0-9.]+$ ]] && ok || bad "$m: load_end '$(value load_end "$m")'"
    [[ "$(value smt "$m")" =~ ^(on|off|unknown)$ ]] && ok || bad "$m: smt"
    [ "$(value commit "$m")" = "$commit" ] && ok || bad "$m: commit is not --version's"
    local over
    over=$(awk -v l="$(value load_start "$m")" -v c="$(value cores "$m")" \
        'BEGIN { if (c < 1) c = 1; print (l > 0.2 * c) ? 1 : 0 }')
    if [ "$over" = 1 ]; then has '^load_warning=.*per core' "$m"; else
        ! grep -q '^load_warning=' "$m" && ok || bad "$m: load_warning at a low load"; fi
    topo=${m%.meta}.topology.xml
    [ "$(head -c 5 "$topo" 2>/dev/null)" = "<?xml" ] && ok || bad "$topo: not XML"
    grep -q '<topology' "$topo" && ok || bad "$topo: no <topology"
}

# check_rows FILE.csv FILE.meta: a run_id column, and each row's id among the words
# of the .meta's run_id= line.
check_rows() {
    awk -F, -v ids="$(value run_id "$2")" '
        BEGIN { n = split(ids, w, " "); for (i = 1; i <= n; i++) known[w[i]] = 1 }
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == "run_id") col = i
                  if (!col) { print "no run_id column"; exit 1 }; next }
        !($col in known) { print "row " NR - 1 ": run_id \"" $col "\" not in the .meta"; bad = 1 }
        END { if (NR < 2) { print "no rows"; bad = 1 }; exit bad }' "$1" >"$tmp/rows" &&
        ok || bad "$1: $(head -n 3 "$tmp/rows" | tr '\n' ' ')"
}

# ---- --version: the commit built in ----
expect 0 "--version" -- "$pb" --version
has '^puzzlebench [0-9]+\.[0-9]+' "$tmp/out"
has '^build type: ' "$tmp/out"
has '^compiler: ' "$tmp/out"
has '^flags: ' "$tmp/out"
commit=$(sed -n 's/^commit: //p' "$tmp/out")
if git -C "$src" rev-parse --verify HEAD >/dev/null 2>&1; then
    [[ "$commit" =~ ^[0-9a-f]{40}(-dirty)?$ ]] && ok || bad "--version: commit '$commit' in a git checkout"
else
    [ "$commit" = unknown ] && ok || bad "--version: commit '$commit' outside a git checkout"
fi
expect 0 "info" -- "$pb" info
has "^commit: $commit\$" "$tmp/out"

# ---- the build step: the commit, "unknown" outside a repository, no needless rewrite ----
mkdir -p "$tmp/norepo"
"$cmake" -DSRC="$tmp/norepo" -DOUT="$tmp/bc.h" -P "$src/cmake/build_commit.cmake" &&
    has '^#define PB_BUILD_COMMIT "unknown"$' "$tmp/bc.h" || bad "build_commit.cmake outside a repository"
if git -C "$src" rev-parse --verify HEAD >/dev/null 2>&1; then
    "$cmake" -DSRC="$src" -DOUT="$tmp/bc.h" -P "$src/cmake/build_commit.cmake"
    has '^#define PB_BUILD_COMMIT "[0-9a-f]{40}(-dirty)?"$' "$tmp/bc.h"
    touch -d '2001-01-01' "$tmp/bc.h"
    "$cmake" -DSRC="$src" -DOUT="$tmp/bc.h" -P "$src/cmake/build_commit.cmake"
    [ "$(date -r "$tmp/bc.h" +%Y)" = 2001 ] && ok || bad "build_commit.cmake rewrote an unchanged header"
fi

# ---- the commands that write a .meta ----
# sudoku generate --stats, with a file name that needs quoting in command=
stats="$tmp/it's a \"gen\".csv"
expect 0 "generate sudoku --stats" -- "$pb" generate sudoku --count 3 --seed 2 --stats "$stats"
check_meta "$tmp/it's a \"gen\".meta"
check_rows "$stats" "$tmp/it's a \"gen\".meta"
# command= is the command line, quoted for the shell: it splits back into the words.
eval "words=($(value command "$tmp/it's a \"gen\".meta"))"
want=("$pb" generate sudoku --count 3 --seed 2 --stats "$stats")
[ "${words[*]}" = "${want[*]}" ] && [ "${#words[@]}" -eq "${#want[@]}" ] && [ "${words[8]}" = "$stats" ] &&
    ok || bad "command= does not split back into the command line: ${words[*]}"

# tenpair --csv
expect 0 "solve tenpair --csv" -- "$pb" solve tenpair --start 55 --csv "$tmp/tp.csv"
check_meta "$tmp/tp.csv.meta"
check_rows "$tmp/tp.csv" "$tmp/tp.csv.meta"

# kakuro generate --stats and --out
expect 0 "generate kakuro --stats" -- "$pb" generate kakuro --size 6x6 --count 2 --seed 3 --no-solutions --stats "$tmp/kg.csv"
check_meta "$tmp/kg.meta"
check_rows "$tmp/kg.csv" "$tmp/kg.meta"
expect 0 "generate kakuro --out" -- "$pb" generate kakuro --size 5x5 --count 1 --seed 3 --out "$tmp/kout"
check_meta "$tmp/kout/generate.meta"
check_rows "$tmp/kout/generate.csv" "$tmp/kout/generate.meta"

# sweep: NAME.csv and NAME.samples.csv rows name NAME.meta's run_id
expect 0 "sweep" -- "$pb" sweep --family notouch --instances "cross8 2x3" --engines backtrack \
    --modes count --samples 2 --out "$tmp/sw" --name sw -q
check_meta "$tmp/sw/sw.meta"
check_rows "$tmp/sw/sw.csv" "$tmp/sw/sw.meta"
check_rows "$tmp/sw/sw.samples.csv" "$tmp/sw/sw.meta"
[ "$(grep -c '^run_id=' "$tmp/sw/sw.meta")" -eq 1 ] && ok || bad "sw.meta: run_id= more than once"

# Two runs, two ids.
expect 0 "solve tenpair --csv again" -- "$pb" solve tenpair --start 55 --csv "$tmp/tp2.csv"
[ "$(value run_id "$tmp/tp.csv.meta")" != "$(value run_id "$tmp/tp2.csv.meta")" ] && ok ||
    bad "two runs got the same run_id"

# ---- puzzlebench meta (for scripts) ----
expect 0 "meta" -- "$pb" meta --out "$tmp/m.meta" --threads 2 a=1 "b=two words"
check_meta "$tmp/m.meta"
[ "$(cat "$tmp/out")" = "$(value run_id "$tmp/m.meta")" ] && ok || bad "meta printed '$(cat "$tmp/out")', not its run_id"
has '^threads=2$' "$tmp/m.meta"
has '^a=1$' "$tmp/m.meta"
has '^b=two words$' "$tmp/m.meta"
expect 0 "meta --begin" -- "$pb" meta --begin --out "$tmp/b.meta" --command "scripts/x.sh --fast" k=v
id=$(cat "$tmp/out")
has '^load_end=unknown$' "$tmp/b.meta"
has '^command=scripts/x.sh --fast$' "$tmp/b.meta"
expect 0 "meta --end" -- "$pb" meta --end "$tmp/b.meta" --out "$tmp/e.meta" done=1
[ "$(cat "$tmp/out")" = "$id" ] && ok || bad "meta --end printed '$(cat "$tmp/out")', not --begin's $id"
check_meta "$tmp/e.meta"
has '^k=v$' "$tmp/e.meta"
has '^done=1$' "$tmp/e.meta"
[ "$(value run_id "$tmp/e.meta")" = "$id" ] && ok || bad "meta --end changed the run_id"
[ "$(value load_start "$tmp/e.meta")" = "$(value load_start "$tmp/b.meta")" ] && ok || bad "meta --end changed load_start"
[ "$(grep -c '^load_end=' "$tmp/e.meta")" -eq 1 ] && ok || bad "meta --end: load_end twice"
expect 2 "meta without --out" -- "$pb" meta a=1
one_line_error "--out"
expect 2 "meta: not KEY=VALUE" -- "$pb" meta --out "$tmp/x.meta" novalue
one_line_error "KEY=VALUE"
expect 2 "meta --end of a file without run_id" -- "$pb" meta --end "$tmp/tp.csv" --out "$tmp/x.meta"
one_line_error "run_id"
# A key is written once: one meta writes itself, one FROM.meta of --end has, or one given
# twice is refused by name, and nothing is written.
for key in run_id threads load_start load_warning; do
    expect 2 "meta $key=x" -- "$pb" meta --out "$tmp/k.meta" "$key=x"
    one_line_error "^puzzlebench: meta: '$key=x': $key is a key meta writes itself \\(a key is written once"
    [ ! -e "$tmp/k.meta" ] && [ ! -e "$tmp/k.topology.xml" ] && ok || bad "meta $key=x wrote a file"
done
expect 2 "meta a key twice" -- "$pb" meta --out "$tmp/k.meta" a=1 b=2 a=3
one_line_error "^puzzlebench: meta: 'a=3': a is given twice \\(a key is written once"
[ ! -e "$tmp/k.meta" ] && ok || bad "meta a=1 a=3 wrote $tmp/k.meta"
expect 2 "meta --end k= that --begin wrote" -- "$pb" meta --end "$tmp/b.meta" --out "$tmp/k.meta" k=w
one_line_error "^puzzlebench: meta: 'k=w': .*/b\\.meta has k already \\(a key is written once"
expect 2 "meta --end load_end=" -- "$pb" meta --end "$tmp/b.meta" --out "$tmp/k.meta" load_end=0
one_line_error "^puzzlebench: meta: 'load_end=0': load_end is a key meta writes itself"
[ ! -e "$tmp/k.meta" ] && ok || bad "meta --end with a key again wrote $tmp/k.meta"
expect 0 "meta --help" -- "$pb" meta --help
tr -s ' \n' '  ' <"$tmp/out" >"$tmp/help.flat"
has "A key is written once: one meta writes itself, one FROM.meta has \\(--end\\) or one given twice is refused" "$tmp/help.flat"
# A bad --out is refused before FILE.topology.xml is written beside it, by its name.
mkdir "$tmp/mdir"
expect 2 "meta --out a folder" -- "$pb" meta --out "$tmp/mdir"
one_line_error "meta: .*/mdir: cannot write: Is a directory"
[ -e "$tmp/mdir.topology.xml" ] && bad "meta --out a folder left mdir.topology.xml" || ok
expect 2 "meta --out in a missing folder" -- "$pb" meta --out "$tmp/none/x.meta"
one_line_error "meta: .*/none/x\.meta: cannot write"
# The .meta and its topology land together: a .meta that cannot be written at the end
# (a folder where its temporary file goes, NAME.tmp.PID, the pid the subshell's, which
# exec keeps) leaves the topology there as it was, the same file.
expect 0 "meta --out g.meta" -- "$pb" meta --out "$tmp/g.meta"
topo=$(stat -c %i "$tmp/g.topology.xml")
(mkdir "$tmp/g.meta.tmp.$BASHPID" && exec "$pb" meta --out "$tmp/g.meta") >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "meta whose .meta cannot be written: exit $got, expected 2"
one_line_error "^puzzlebench: meta: .*/g\.meta: cannot write: File exists$"
[ "$(stat -c %i "$tmp/g.topology.xml")" = "$topo" ] && ok || bad "a .meta not written, its topology replaced"
# So does --end's: its .meta not written, the topology beside it stays the one there.
expect 0 "meta --end --out ge.meta" -- "$pb" meta --end "$tmp/b.meta" --out "$tmp/ge.meta"
topo=$(stat -c %i "$tmp/ge.topology.xml")
(mkdir "$tmp/ge.meta.tmp.$BASHPID" && exec "$pb" meta --end "$tmp/b.meta" --out "$tmp/ge.meta") >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "meta --end whose .meta cannot be written: exit $got, expected 2"
one_line_error "^puzzlebench: meta: .*/ge\.meta: cannot write: File exists$"
[ "$(stat -c %i "$tmp/ge.topology.xml")" = "$topo" ] && ok || bad "meta --end: a .meta not written, its topology replaced"
# A name whose topology's would be too long (a file name of 4190 bytes: the .meta's own
# too, as the disk allows none over 255) is refused by that reason, before any file is
# written, with or without --end.
long=$tmp/$(printf '%04190d' 0).meta
too_long='^puzzlebench: meta: .*/0+\.meta: cannot write: path too long for its topology \(NAME\.topology\.xml\) beside it$'
expect 2 "meta with a name too long" -- "$pb" meta --out "$long"
one_line_error "$too_long"
expect 2 "meta --end with a name too long" -- "$pb" meta --end "$tmp/b.meta" --out "$long"
one_line_error "$too_long"
[ -z "$(find "$tmp" -maxdepth 1 -name '0000*')" ] && ok || bad "meta with a name too long left a file"

# ---- the analysis tool reads them back ----
PYTHONPATH="$src/scripts" python3 - "$tmp/tp.csv.meta" "$commit" >"$tmp/py" 2>&1 <<'EOF' && ok || bad "analysis meta.py: $(cat "$tmp/py")"
import sys
from pathlib import Path
from analysis.meta import STANDARD_KEYS, meta_line, read_meta
m = read_meta(Path(sys.argv[1]))
assert m is not None and m.get("commit") == sys.argv[2], m and m.get("commit")
for key in STANDARD_KEYS:
    assert m.get(key), key
line = meta_line(Path(sys.argv[1]), m)
assert "run_id" not in line and "loadavg" not in line and "command" not in line, line
EOF

finish provenance
