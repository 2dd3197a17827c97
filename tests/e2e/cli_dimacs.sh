#!/usr/bin/env bash
# cli_dimacs.sh — end-to-end tests of `export dimacs` and `import-solution`: the DIMACS
# file's header and counts (checked here with awk), a sudoku 9x9, a latin qwh, a kakuro
# and notouch boards solved by minisat and cadical when installed (scripts/setup.sh
# installs both) and read back, the boards equal to the ones `solve` finds for unique
# puzzles; unsatisfiable instances give the UNSAT verdict; a model that breaks the rules
# is named; malformed solver outputs give one-line errors with file and line.
# usage: tests/e2e/cli_dimacs.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

# check_cnf FILE: "p cnf V C" once, after the comments, then exactly C clauses, each
# ending in 0, every literal within 1..V; a 'c var' map line per cell variable.
check_cnf() {
    awk 'BEGIN { p = 0; n = 0; bad = "" }
         /^c / { if (p) bad = "comment after the p line"; if ($2 == "var") vars++; next }
         /^p cnf / { if (p++) bad = "two p lines"; V = $3; C = $4; next }
         { if (!p) { bad = "clause before the p line"; exit }
           if ($NF != "0") { bad = "clause " n + 1 " does not end in 0"; exit }
           for (i = 1; i < NF; i++) { l = $i < 0 ? -$i : $i
               if (l < 1 || l > V) { bad = "literal " $i " out of 1.." V; exit } }
           n++ }
         END { if (!bad && n != C) bad = n " clauses, the p line says " C
               if (!bad && (vars < 1 || vars > V)) bad = vars " map lines for " V " variables"
               if (bad) { print bad; exit 1 } }' "$1" >"$tmp/cnf.why" && ok ||
        bad "$1 is not the DIMACS CNF it should be: $(cat "$tmp/cnf.why")"
}

sat_solvers=()
for s in minisat cadical; do
    if command -v "$s" >/dev/null; then sat_solvers+=("$s"); else
        echo "cli_dimacs: $s is not installed (scripts/setup.sh installs it): its runs skipped"
    fi
done

# solve_with SOLVER CNF OUT: the solver's answer in OUT (minisat: its result file;
# cadical: its standard output); its exit status, 10 SAT or 20 UNSAT.
solve_with() {
    case $1 in
    minisat) minisat "$2" "$3" >/dev/null 2>&1 ;;
    cadical) cadical -q "$2" >"$3" 2>/dev/null ;;
    esac
}

# round_trip NAME FAMILY INSTANCE [OPTIONS...]: export, check the file, and with each
# solver: SAT, imported and valid; the imported board in $tmp/NAME.SOLVER.board.
round_trip() {
    local name=$1
    shift
    expect 0 "export $name" -- "$pb" export dimacs "$@" --out "$tmp/$name.cnf"
    check_cnf "$tmp/$name.cnf"
    has "^c family: $1\$" "$tmp/$name.cnf"
    has "^c instance: $2\$" "$tmp/$name.cnf"
    has "^c puzzlebench: [0-9.]+, commit [0-9a-f]{40}|^c puzzlebench: [0-9.]+, commit unknown" \
        "$tmp/$name.cnf"
    for s in "${sat_solvers[@]}"; do
        solve_with "$s" "$tmp/$name.cnf" "$tmp/$name.$s.out"
        local rc=$?
        [ "$rc" -eq 10 ] && ok || bad "$s on $name: exit $rc, expected 10 (SAT)"
        expect 0 "import $name from $s" -- "$pb" import-solution "$@" "$tmp/$name.$s.out"
        has "^verdict: solution " "$tmp/out"
        grep -v '^verdict: ' "$tmp/out" >"$tmp/$name.$s.board"
    done
}

# ---- round trips ----
sudoku9=$src/data/sudoku/9x9-expert.txt
round_trip sudoku sudoku "$sudoku9" --index 3
# The header names the puzzle as a per-puzzle sweep's row does: from 0, by the file.
has "^c puzzle: 3 of [0-9]+, line [0-9]+, a per-puzzle sweep's row 9x9-expert#2$" "$tmp/sudoku.cnf"
# The export is deterministic: the same bytes again (to standard output).
expect 0 "export again" -- "$pb" export dimacs sudoku "$sudoku9" --index 3
cmp -s "$tmp/out" "$tmp/sudoku.cnf" && ok || bad "export dimacs is not deterministic"
ls "$tmp" | grep -q '\.tmp\.' && bad "export left a temporary file" || ok
# 9x9 givens: a variable per value of the open cells' domains, one per given.
has "^c cells: 81, values 1..9, cell variables 1\.\.[0-9]+\$" "$tmp/sudoku.cnf"
# The puzzle is unique: the imported board is the one solve finds (line 3 of its output).
expect 0 "solve sudoku" -- "$pb" solve sudoku "$sudoku9"
sed -n 3p "$tmp/out" >"$tmp/sudoku.want"
for s in "${sat_solvers[@]}"; do
    cmp -s "$tmp/sudoku.$s.board" "$tmp/sudoku.want" && ok || bad "$s's sudoku board differs from solve's"
done

round_trip latin latin qwh-15-0.42-s7
round_trip notouch notouch cross8
round_trip notouch3 notouch 3x3 --adj orth --diff 2
has "^c cells: 9, values 1..9, cell variables 1..81\$" "$tmp/notouch3.cnf"

kakuro=$src/data/kakuro/puzzles-9x9-hard.kak # its first puzzle is unique
round_trip kakuro kakuro "$kakuro"
has "^c group 1 sum [0-9]+ cells [0-9]+,[0-9]+ " "$tmp/kakuro.cnf"
has "^c sel [0-9]+ group 1 set [1-9]" "$tmp/kakuro.cnf"
expect 0 "solve kakuro" -- "$pb" solve kakuro "$kakuro"
awk 'NF == 0 { exit } { print }' "$tmp/out" >"$tmp/kakuro.want"
for s in "${sat_solvers[@]}"; do
    grep -v '^$' "$tmp/kakuro.$s.board" >"$tmp/kakuro.got"
    cmp -s "$tmp/kakuro.got" "$tmp/kakuro.want" && ok || bad "$s's kakuro board differs from solve's"
done

# The solver's standard output on standard input.
if command -v cadical >/dev/null; then
    expect 0 "import from stdin" -- sh -c "cadical -q '$tmp/latin.cnf' | '$pb' import-solution latin qwh-15-0.42-s7 -"
    has "^verdict: solution \\(stdin" "$tmp/out"
fi

# ---- unsatisfiable instances ----
printf '1 . .\n. . 1\n. 2 .\n' >"$tmp/dead.txt"
expect 0 "export a latin square without completion" -- "$pb" export dimacs latin "$tmp/dead.txt" --out "$tmp/dead.cnf"
check_cnf "$tmp/dead.cnf"
expect 0 "export notouch 2x3 (no solution)" -- "$pb" export dimacs notouch 2x3 --out "$tmp/none.cnf"
for s in "${sat_solvers[@]}"; do
    for u in dead:latin:$tmp/dead.txt none:notouch:2x3; do
        IFS=: read -r name fam inst <<<"$u"
        solve_with "$s" "$tmp/$name.cnf" "$tmp/$name.$s.out"
        rc=$?
        [ "$rc" -eq 20 ] && ok || bad "$s on $name: exit $rc, expected 20 (UNSAT)"
        expect 1 "import UNSAT $name from $s" -- "$pb" import-solution "$fam" "$inst" "$tmp/$name.$s.out"
        has "^verdict: unsatisfiable " "$tmp/out"
    done
done
# Without the solvers, the answers they write.
printf 'UNSAT\n' >"$tmp/unsat.out"
expect 1 "minisat's UNSAT" -- "$pb" import-solution latin "$tmp/dead.txt" "$tmp/unsat.out"
has "^verdict: unsatisfiable \\(.*unsat.out" "$tmp/out"
printf 'c cadical\ns UNSATISFIABLE\nc done\n' >"$tmp/unsat.out"
expect 1 "cadical's UNSATISFIABLE" -- "$pb" import-solution latin "$tmp/dead.txt" "$tmp/unsat.out"
has "^verdict: unsatisfiable " "$tmp/out"
printf 'INDET\n' >"$tmp/indet.out"
expect 3 "minisat gave up" -- "$pb" import-solution latin "$tmp/dead.txt" "$tmp/indet.out"
has "^verdict: unknown " "$tmp/out"

# ---- models that break the rules ----
# Every variable false: the first cell has no value.
nv=$(awk '/^p cnf/ { print $3 }' "$tmp/sudoku.cnf")
{ echo SAT; seq -s ' ' -"$nv" -1 | sed 's/$/ 0/'; } >"$tmp/allfalse.out"
expect 4 "no value" -- "$pb" import-solution sudoku "$sudoku9" --index 3 "$tmp/allfalse.out"
has "^verdict: not a solution " "$tmp/out"
one_line_error "allfalse.out: the model breaks the rules: cell \\(1,[0-9]\\) has no value"
# Two values in one open cell: its variables 1 and 2 (the map's first two lines).
{ echo "s SATISFIABLE"; echo "v 1 2 0"; } >"$tmp/two.out"
expect 4 "two values" -- "$pb" import-solution latin qwh-15-0.42-s7 "$tmp/two.out"
one_line_error "two.out: the model breaks the rules: cell \\(1,[0-9]+\\) has more than one value"
# A valid model of notouch cross8 read as one with orthogonal touching only fits;
# read under --diff 3 it breaks a pair.
if [ ${#sat_solvers[@]} -gt 0 ]; then
    expect 4 "a pair too close" -- "$pb" import-solution notouch cross8 --diff 3 "$tmp/notouch.${sat_solvers[0]}.out"
    one_line_error "the model breaks the rules: \\([0-9]+,[0-9]+\\) and \\([0-9]+,[0-9]+\\) hold [0-9]+ and [0-9]+, less than 3 apart"
fi

# ---- malformed solver outputs: one line with file and line, exit 2 ----
malformed() { # malformed TEXT PATTERN
    printf '%b' "$1" >"$tmp/bad.out"
    expect 2 "malformed: $2" -- "$pb" import-solution latin qwh-15-0.42-s7 "$tmp/bad.out"
    one_line_error "^puzzlebench: import-solution: $tmp/bad.out:$2"
}
malformed '' "1: expected a SAT solver's answer, found an empty file"
malformed 'c only a comment\n' "1: expected a SAT solver's answer"
malformed 'SATISFIABLE\n' "1: expected SAT, UNSAT or INDET"
malformed 'SAT\n' "1: expected the model's literals after SAT, ending with 0"
malformed 'SAT\n1 2 3\n' "2: expected the model's literals after SAT, ending with 0"
malformed 'SAT\n1 x 0\n' "2: expected a literal .* got 'x'"
malformed 'SAT\n1 -1 0\n' "2: variable 1 given twice"
malformed 'SAT\n1 99999999 0\n' "2: literal 99999999: the problem has [0-9]+ variables"
malformed 'SAT\n1 0\n2 0\n' "3: expected nothing after the model's closing 0"
malformed 'UNSAT\n1 0\n' "2: expected nothing after UNSAT"
malformed 'v 1 0\ns SATISFIABLE\n' "1: expected the 's' line before the 'v' lines"
malformed 's SATISFIABLE\nv 1 2\n' "2: expected 'v' lines of the model after 's SATISFIABLE'"
malformed 's SATISFIABLE\ns SATISFIABLE\n' "2: expected one 's' line, got a second"
malformed 's SATISFIABLE\n1 2 0\n' "2: expected a 'v' line of the model or a 'c' comment"
malformed 's UNSATISFIABLE\nv 1 0\n' "2: expected no model \\('v' lines\\) after 's UNSATISFIABLE'"
malformed 'SAT\n1 \x01 0\n' "2: byte 0x01 is not part of a solver's answer"
expect 2 "missing output file" -- "$pb" import-solution latin qwh-15-0.42-s7 "$tmp/nothere.out"
one_line_error "nothere.out: cannot open"

# ---- the outside solvers as engines (solve -e minisat, -e cadical, ...) ----
# A run writes the export's clauses, runs the solver, and checks its model: the boards
# are solve's own for the unique sudoku, and the counts are those the solver prints
# itself for the exported file (conflicts = backtracks, decisions = guesses). The
# engines are the registry's outside ones whose solver is installed: cadical-sat is
# cadical with --sat.
stat_line() { grep -E "^(c )?$1 *:" "$2" | head -1 | sed -E 's/^(c )?[a-z]+ *: *([0-9]+).*/\2/'; }
outside=()
for s in $("$pb" engines --csv | awk -F, '$1 == "outside" { print $3 }'); do
    command -v "${s%%-*}" >/dev/null && outside+=("$s")
done
[ ${#outside[@]} -ge ${#sat_solvers[@]} ] && ok || bad "the registry lists fewer outside engines than solvers installed"
for s in "${outside[@]}"; do
    expect 0 "solve sudoku -e $s" -- "$pb" solve sudoku "$sudoku9" -e "$s"
    sed -n 3p "$tmp/out" >"$tmp/sudoku.engine.$s"
    cmp -s "$tmp/sudoku.engine.$s" "$tmp/sudoku.want" && ok || bad "-e $s: its sudoku board differs from solve's"
    expect 0 "solve latin -e $s" -- "$pb" solve latin qwh-15-0.42-s7 -e "$s" -q
    has " status=done " "$tmp/out"
    has "^solutions=1 " "$tmp/out"
    case $s in
    minisat) minisat "$tmp/latin.cnf" "$tmp/latin.m" >"$tmp/latin.stats" 2>&1 ;;
    cadical) cadical "$tmp/latin.cnf" >"$tmp/latin.stats" 2>&1 ;;
    cadical-sat) cadical --sat "$tmp/latin.cnf" >"$tmp/latin.stats" 2>&1 ;;
    *) bad "an outside engine this test does not know: $s" ;;
    esac
    conflicts=$(stat_line conflicts "$tmp/latin.stats") decisions=$(stat_line decisions "$tmp/latin.stats")
    has " backtracks=${conflicts:-0} " "$tmp/out"
    has " guesses=${decisions:-0} " "$tmp/out"
    expect 1 "an instance without a solution, -e $s" -- "$pb" solve latin "$tmp/dead.txt" -e "$s" -q
    has "^solutions=0 .* status=done " "$tmp/out"
    expect 2 "count -e $s" -- "$pb" count latin qwh-15-0.42-s7 -e "$s"
    one_line_error "engine $s cannot count"
done
# cadical-sat is cadical with --sat: its conflicts on an order-25 square are those of
# `cadical --sat` on the export, not those of cadical's defaults (they differ there).
if [ -n "$(printf '%s\n' "${outside[@]}" | grep -x cadical-sat)" ]; then
    expect 0 "export qwh-25" -- "$pb" export dimacs latin qwh-25-0.42-s1 --out "$tmp/l25.cnf"
    for s in cadical cadical-sat; do
        expect 0 "solve qwh-25 -e $s" -- "$pb" solve latin qwh-25-0.42-s1 -e "$s" -q
        sed -n 's/.* backtracks=\([0-9]*\) .*/\1/p' "$tmp/out" >"$tmp/l25.$s"
    done
    cadical --sat "$tmp/l25.cnf" >"$tmp/l25.stats" 2>&1
    [ "$(cat "$tmp/l25.cadical-sat")" = "$(stat_line conflicts "$tmp/l25.stats")" ] &&
        ! cmp -s "$tmp/l25.cadical" "$tmp/l25.cadical-sat" && ok ||
        bad "cadical-sat's conflicts $(cat "$tmp/l25.cadical-sat"), cadical's $(cat "$tmp/l25.cadical"): not cadical --sat's"
fi
# In a sweep (the ladder's way): a row per square and solver, its counts those of solve.
if [ ${#outside[@]} -gt 0 ]; then
    printf 'name ladder\nfamily latin\ninstances qwh-12-0.42 qwh-12-0.80\nengines learn %s\n' \
        "${outside[*]}" >"$tmp/ladder.sweep"
    printf 'orders mrv\nmodes first\nrows per-puzzle\nsamples 1\nwarmup 0\n' >>"$tmp/ladder.sweep"
    printf 'min-sample-time 0\ntime-limit 30\nworkers 1\n' >>"$tmp/ladder.sweep"
    # Through stand-ins first on PATH that log each call and hand it on to the solver.
    mkdir -p "$tmp/logged"
    for c in minisat cadical; do
        real=$(command -v "$c") || continue
        printf '#!/bin/sh\necho "$*" >>"%s"\nexec "%s" "$@"\n' "$tmp/calls.$c" "$real" >"$tmp/logged/$c"
        chmod +x "$tmp/logged/$c"
    done
    PATH="$tmp/logged:$PATH" expect 0 "a sweep with the outside solvers" -- "$pb" sweep "$tmp/ladder.sweep" --out "$tmp/ladder" -q
    # A program is asked its version once a sweep, however many of its engines run
    # (cadical and cadical-sat are one program).
    if [ -e "$tmp/calls.cadical" ]; then
        [ "$(grep -c -- '^--version$' "$tmp/calls.cadical")" -eq 1 ] && ok ||
            bad "cadical asked its version $(grep -c -- '^--version$' "$tmp/calls.cadical") times in one sweep"
    fi
    has "^row_kind=per-puzzle\$" "$tmp/ladder/ladder.meta"
    # The .meta names each solver's version, as the solver prints it: a result against
    # cadical says which CaDiCaL.
    for s in "${outside[@]}"; do
        case $s in minisat) want="unknown \(no version option\)" ;; *) want=$(cadical --version | head -1) ;; esac
        grep -Eq "^outside_solvers=(.*, )?$s: $want(,|\$)" "$tmp/ladder/ladder.meta" && ok ||
            bad "ladder.meta: no '$s: $want' in $(grep '^outside_solvers=' "$tmp/ladder/ladder.meta")"
    done
    for s in "${outside[@]}"; do
        for h in 0.42 0.80; do
            row=$(awk -F, -v e="$s" -v i="qwh-12-${h%0}-s1-i0" 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
                $c["engine"] == e && $c["instance"] == i { print $c["status"], $c["solutions"], $c["backtracks"] }' \
                "$tmp/ladder/ladder.csv")
            expect 0 "solve qwh-12-$h -e $s" -- "$pb" solve latin "qwh-12-$h" -e "$s" -q
            bt=$(sed -n 's/.* backtracks=\([0-9]*\) .*/\1/p' "$tmp/out")
            [ "$row" = "done 1 $bt" ] && ok || bad "$s on qwh-12-$h in the sweep: '$row', expected 'done 1 $bt'"
        done
    done
fi
# Two workers running solvers at once: each wait ends with its own child (a run whose
# SIGCHLD another thread took used to sleep on to the time limit, its sample timed
# at the limit while its row said done). No solver run on an order-10 square comes
# near 30 s: a sample at the limit is that stall. Sharing the process, a solver's row
# has the peak memory of its own child (some MB, under 1 GB), learn's none.
if [ ${#sat_solvers[@]} -gt 0 ]; then
    printf 'name both\nfamily latin\ninstances qwh-10-0.30:0.80:0.05\nengines learn %s\n' "${sat_solvers[*]}" >"$tmp/both.sweep"
    printf 'modes first\nrows per-puzzle\nsamples 3\nwarmup 0\nmin-sample-time 0\ntime-limit 30\nworkers 2\n' \
        >>"$tmp/both.sweep"
    expect 0 "outside solvers on two workers" -- "$pb" sweep "$tmp/both.sweep" --out "$tmp/both" -q
    slowest=$(awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
        $c["wall_s"] > m { m = $c["wall_s"] } END { print m + 0 }' "$tmp/both/both.samples.csv")
    awk -v m="$slowest" 'BEGIN { exit !(m < 29) }' && ok || bad "a sample of the two workers took ${slowest} s: the wait slept to the time limit"
    wrong=$(awk -F, 'NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
        { p = $c["peak_rss_bytes"]; own = $c["engine"] == "learn" }
        own && p != "" || !own && !(p > 1048576 && p < 1073741824) { print "line " NR ": " $c["engine"] " peak " p; exit }' \
        "$tmp/both/both.csv")
    [ -z "$wrong" ] && ok || bad "peak_rss_bytes on two workers: $wrong"
fi
# Stand-ins on PATH: one that never answers (the time limit ends it: status=limit, exit
# 3), one whose model breaks the rules, one that fails; and none at all.
# The outside runs' folders go to a TMPDIR of this test's own: the shared one may
# hold other processes' folders while they run.
mkdir -p "$tmp/fake" "$tmp/empty" "$tmp/outside"
printf '#!/bin/sh\nexec sleep 60\n' >"$tmp/fake/cadical"
printf '#!/bin/sh\necho "s SATISFIABLE"; echo "v -1 0"; exit 10\n' >"$tmp/fake/minisat"
chmod +x "$tmp/fake/cadical" "$tmp/fake/minisat"
expect 3 "an outside solver stopped at the time limit" -- env TMPDIR="$tmp/outside" PATH="$tmp/fake:$PATH" "$pb" solve latin qwh-15-0.42-s7 -e cadical -q --time-limit 0.3
has " status=limit " "$tmp/out"
printf '#!/bin/sh\nprintf "SAT\\n-1 0\\n" >"$2"; exit 10\n' >"$tmp/fake/minisat"
expect 2 "an outside solver's model that breaks the rules" -- env TMPDIR="$tmp/outside" PATH="$tmp/fake:$PATH" "$pb" solve latin qwh-15-0.42-s7 -e minisat -q
one_line_error "engine minisat: a model that breaks the puzzle's rules"
printf '#!/bin/sh\necho "$1" >"%s/seen"; exit 1\n' "$tmp" >"$tmp/fake/minisat"
expect 2 "an outside solver that fails" -- env TMPDIR="$tmp/outside" PATH="$tmp/fake:$PATH" "$pb" solve latin qwh-15-0.42-s7 -e minisat -q
one_line_error "engine minisat: exited with status 1 \\(a SAT solver exits 10 or 20\\)"
expect 2 "an outside solver not installed" -- env TMPDIR="$tmp/outside" PATH="$tmp/empty" "$pb" solve latin qwh-15-0.42-s7 -e cadical
one_line_error "cadical is not installed \\(Debian package cadical\\)"
# Said once, naming the engine, before any puzzle is read: not as the first puzzle's
# refusal at its line, as if the file were at fault, nor after a file that is not there.
expect 2 "solve: a file of puzzles, its outside solver not installed" -- env PATH="$tmp/empty" "$pb" solve sudoku "$sudoku9" -e cadical-sat
one_line_error "^puzzlebench: solve: engine cadical-sat: cadical is not installed \\(Debian package cadical\\)$"
expect 2 "solve --samples: no file read before the missing solver is said" -- env PATH="$tmp/empty" "$pb" solve sudoku "$tmp/absent.txt" -e minisat --samples 3
one_line_error "^puzzlebench: solve: engine minisat: minisat is not installed \\(Debian package minisat\\)$"
# No outside solver counts, installed or not: count says so first, before the file.
expect 2 "count: an outside solver, a file not there" -- env PATH="$tmp/empty" "$pb" count sudoku "$tmp/absent.txt" -e cadical -l 2
one_line_error "^puzzlebench: count: engine cadical cannot count solutions$"
expect 2 "render --solution: its outside solver not installed" -- env PATH="$tmp/empty" "$pb" render sudoku "$tmp/absent.txt" --solution -e cadical --out "$tmp/absent.svg"
one_line_error "^puzzlebench: render: engine cadical: cadical is not installed \\(Debian package cadical\\)$"
[ -e "$tmp/absent.svg" ] && bad "render wrote a picture without its solver" || ok
# time shows a failed run's own reason, which its stderr (not shown) held.
expect 4 "time: a solve whose outside solver is not installed" -- env PATH="$tmp/empty" "$pb" time -q -- "$pb" solve sudoku "$sudoku9" -e cadical
one_line_error "exited with status 2 \\(every run must exit 0\\); its last line on stderr: puzzlebench: solve: engine cadical: cadical is not installed \\(Debian package cadical\\)$"
# A sweep that names it goes on with its other engines, but says, one line, that the
# solver was left out and why: its name must not vanish from the results unsaid.
printf 'name gone\nfamily latin\ninstances qwh-15-0.42-s7\nengines backtrack cadical\n' >"$tmp/gone.sweep"
expect 0 "a sweep of an outside solver not installed" -- env PATH="$tmp/empty" "$pb" sweep "$tmp/gone.sweep" --out "$tmp/gone" --list
one_line_error "^puzzlebench: sweep: .*gone.sweep: warning: engine cadical left out, none of its runs can run: .*cadical is not installed \\(Debian package cadical\\)$"
has "^qwh-15-0.42-s7 backtrack " "$tmp/out"
grep -q "^$tmp/outside/puzzlebench-outside-" "$tmp/seen" && ok || bad "an outside run's folder is not in TMPDIR"
ls "$tmp/outside" | grep -q "^puzzlebench-outside-" && bad "an outside run left its folder behind" || ok

# ---- usage ----
expect 2 "export: a family without the shared model" -- "$pb" export dimacs tenpair 19
one_line_error "no clauses for 'tenpair'"
expect 2 "export: unknown format" -- "$pb" export cnf sudoku "$sudoku9"
one_line_error "unknown format 'cnf'"
expect 2 "export: index past the end" -- "$pb" export dimacs notouch cross8 --index 2
one_line_error "--index 2: cross8 holds 1 puzzle "
# --index counts from 1, as render's does: 0 is refused, not read as the first.
expect 2 "export: index 0" -- "$pb" export dimacs notouch cross8 --index 0
one_line_error "--index expects a whole number from 1 to [0-9]+, got '0'"
expect 2 "import-solution: index 0" -- "$pb" import-solution notouch cross8 /dev/null --index 0
one_line_error "--index expects a whole number from 1 to [0-9]+, got '0'"
# --index's help states its default once, as the option table prints it.
for cmd in export import-solution; do
    expect 0 "$cmd --help" -- "$pb" $cmd --help
    has "per-puzzle row NAME#K is K \+ 1\) \(default 1\)$" "$tmp/out"
    if grep -q "default: the first" "$tmp/out"; then bad "$cmd --help: --index's default twice"; else ok; fi
done
expect 2 "export: unwritable" -- "$pb" export dimacs notouch cross8 --out "$tmp/no/such/dir.cnf"
one_line_error "cannot write"
expect 2 "import: missing output" -- "$pb" import-solution notouch cross8
one_line_error "missing SOLVER_OUTPUT"
expect 0 "export --help" -- "$pb" export dimacs --help
has "^usage: puzzlebench export dimacs" "$tmp/out"
expect 0 "import-solution --help" -- "$pb" help import-solution
has "^usage: puzzlebench import-solution" "$tmp/out"

finish cli_dimacs
