#!/usr/bin/env bash
# mpi_generate.sh — generation over MPI ranks (issue 15, part COUNT): `generate sudoku`,
# `generate kakuro`, `generate kakuro-outline` and `generate latin` at 3 ranks on
# loopback write what one process writes, in index order: standard output, --out and
# --html byte for byte, the --stats / generate.csv rows but for their times and run
# ids (puzzles that hit a limit with --keep-going too); --resume under mpirun completes a cut file to
# the whole; an existing --out is refused once (rank 0 alone speaks); a generation sweep
# at 3 ranks writes each method's records as one process does.
# Usage: mpi_generate.sh PUZZLEBENCH SOURCE_DIR. Exit 77 (skip) without mpirun.
. "$(dirname "$0")/cli_lib.sh"
need_mpirun
export OMP_NUM_THREADS=1
cd "$tmp" || exit 1

# same_file WHAT A B: byte-identical files.
same_file() { if cmp -s "$2" "$3"; then ok; else bad "$1: $2 and $3 differ"; fi; }
# same_rows WHAT A B N: CSV files equal once their last N columns (times, run id) are cut.
same_rows() {
    if diff <(rev "$2" | cut -d, -f"$(($4 + 1))"- | rev) <(rev "$3" | cut -d, -f"$(($4 + 1))"- | rev) \
        >/dev/null; then ok; else bad "$1: $2 and $3 differ beyond times and run ids"; fi
}

# same_stdout WHAT NAME ARGS...: `puzzlebench ARGS` writes the same standard output in
# one process (kept as NAME1.txt) and at 3 ranks (NAME3.txt).
same_stdout() {
    local what=$1 name=$2
    shift 2
    expect 0 "$what, one process" -- "$pb" "$@"
    mv out "${name}1.txt"
    expect 0 "$what, 3 ranks" -- mpi 3 "$pb" "$@"
    mv out "${name}3.txt"
    same_file "$what to standard output" "${name}1.txt" "${name}3.txt"
}

sud="generate sudoku --count 30 --seed 3"
same_stdout sudoku s $sud

sud="generate sudoku --count 20 --seed 5 --format numbers --difficulty expert"
expect 0 "sudoku --out, one process" -- "$pb" $sud --out a1
expect 0 "sudoku --out, 3 ranks" -- mpi 3 "$pb" $sud --out a3
same_file "sudoku --out" a1/generate.txt a3/generate.txt
same_rows "sudoku records" a1/generate.csv a3/generate.csv 2
expect 2 "existing --out refused at 3 ranks" -- mpi 3 "$pb" $sud --out a3
one_line_error 'a3/generate.txt exists'
expect 0 "sudoku --stats, 3 ranks" -- mpi 3 "$pb" $sud --stats s3.csv
same_rows "sudoku --stats" a1/generate.csv s3.csv 2
# --resume at 3 ranks: a file cut in its fourth puzzle (and its rows) made whole.
mkdir r
head -c 700 a1/generate.txt >r/generate.txt
head -n 5 a1/generate.csv >r/generate.csv
expect 0 "sudoku --resume, 3 ranks" -- mpi 3 "$pb" $sud --out r --resume
same_file "sudoku resumed" a1/generate.txt r/generate.txt
same_rows "sudoku resumed records" a1/generate.csv r/generate.csv 2

kak="generate kakuro --size 9x9 --count 8 --seed 2"
same_stdout kakuro k $kak
expect 0 "kakuro --out --html, one process" -- "$pb" $kak --out k1 --html k1.html
expect 0 "kakuro --out --html, 3 ranks" -- mpi 3 "$pb" $kak --out k3 --html k3.html
for f in k1/*.kak; do same_file "kakuro --out" "$f" "k3/${f#k1/}"; done
if [ "$(ls k1 | wc -l)" -eq "$(ls k3 | wc -l)" ]; then ok; else bad "kakuro --out: other files"; fi
same_rows "kakuro generate.csv" k1/generate.csv k3/generate.csv 2
if diff <(sed -E 's/"wall_s":[0-9.e-]+//g' k1.html) <(sed -E 's/"wall_s":[0-9.e-]+//g' k3.html) \
    >/dev/null; then ok; else bad "kakuro --html differs beyond times"; fi

lat="generate latin --count 12 --seed 4 --solutions"
same_stdout latin l $lat
mkdir lr
head -c 900 l1.txt >lr/generate.txt
expect 0 "latin --resume, 3 ranks" -- mpi 3 "$pb" $lat --out lr --resume
same_file "latin resumed" l1.txt lr/generate.txt
# The outlines and the keep-going records over the ranks.
same_stdout outlines o generate kakuro-outline --size 9x9 --count 9 --seed 3
kg="generate kakuro --size 9x9 --difficulty hard --count 8 --max-attempts 4 --keep-going --seed 1"
expect 3 "kakuro --keep-going, one process" -- "$pb" $kg --out g1
expect 3 "kakuro --keep-going, 3 ranks" -- mpi 3 "$pb" $kg --out g3
for f in g1/*.kak g1/generate.txt; do same_file "kakuro --keep-going" "$f" "g3/${f#g1/}"; done
same_rows "kakuro --keep-going records" g1/generate.csv g3/generate.csv 2

gs="sweep $src/bench/families/kakuro/kakuro-gen.sweep --quick -q"
expect 0 "generation sweep, one process" -- "$pb" $gs --out w1
expect 0 "generation sweep, 3 ranks" -- mpi 3 "$pb" $gs --out w3
for f in w1/*.csv; do same_rows "generation sweep ${f#w1/}" "$f" "w3/${f#w1/}" 2; done
# A method that stops the sweep (a failure, --keep-going or not; a limit without it)
# stops every rank there: rank 0 alone knows how it ended. (A rank that went on to the
# next method alone would wait for the others for good: the bound only ends such a hang.)
# A failure (no valid 20x3 outline) exits 1, a limit 3.
for sm in "1:--size 20x3 --keep-going" "1:--size 20x3" "3:--size 9x9 --difficulty hard --count 2 --max-attempts 1"; do
    m=${sm#*:}
    printf 'name u\nfamily kakuro\ngenerator kakuro\ngenerate a: %s\n b: --size 5x5\n' "$m" >u.sweep
    expect "${sm%%:*}" "a method that stops the sweep ($m), 3 ranks" -- timeout -k 10 120 mpirun --allow-run-as-root \
        --oversubscribe -q -np 3 "$pb" sweep u.sweep --out u3 -q --force
    grep -q 'the sweep stops, not running method b$' err && [ ! -e u3/u-b.csv ] && ok ||
        bad "a method that stops the sweep ($m), 3 ranks: method b was run, or not said: $(cat err)"
done

finish mpi_generate
