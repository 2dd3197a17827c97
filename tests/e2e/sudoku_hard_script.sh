#!/usr/bin/env bash
# sudoku_hard_script.sh — scripts/make-sudoku-hard.py end to end, its generator stood in
# for: a stand-in puzzlebench answers `generate` as the real one lays its --out out (a
# folder holding generate.txt, the command on its first line) with 25x25-minimal's
# puzzles, which take seconds where generating 25x25 puzzles takes minutes, and hands
# every other command to the real one. The script must read the folder, thin the
# puzzles and write the set: the puzzles kept, each unique.
# usage: tests/e2e/sudoku_hard_script.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

if ! command -v minisat >/dev/null; then
    echo "sudoku_hard_script: minisat not installed (scripts/setup.sh installs it): skipped"
    exit 77
fi
real=$(cd "$(dirname "$pb")" && pwd)/$(basename "$pb")
cat >"$tmp/pb" <<STUB
#!/usr/bin/env bash
# generate ... --count N --seed S --out DIR: DIR/generate.txt, as puzzlebench writes it.
if [ "\$1" = generate ]; then
    args=("\$@") count= seed= out=
    for ((i = 0; i < \$#; i++)); do
        case \${args[i]} in --count) count=\${args[i + 1]} ;; --seed) seed=\${args[i + 1]} ;;
        --out) out=\${args[i + 1]} ;; esac
    done
    mkdir "\$out" || exit 2
    { echo "# puzzlebench generate sudoku --size 25 --count \$count --seed \$seed --difficulty any"
      grep -v '^#' "$src/data/sudoku/25x25-minimal.txt" | head -n "\$count"; } >"\$out/generate.txt"
    exit 0
fi
exec "$real" "\$@"
STUB
chmod +x "$tmp/pb"
expect 0 "make-sudoku-hard.py, two puzzles of stream 1" -- python3 "$src/scripts/make-sudoku-hard.py" \
    --pb "$tmp/pb" --tries 3 --keep 1 --out "$tmp/hard.txt" 1:2
has "^# scripts/make-sudoku-hard\\.py --tries 3 .* --keep 1 1:2 \\(puzzlebench " "$tmp/hard.txt"
grep -v '^#' "$tmp/hard.txt" >"$tmp/puzzles"
[ "$(wc -l <"$tmp/puzzles")" -eq 1 ] && ok || bad "expected 1 puzzle kept, got $(wc -l <"$tmp/puzzles")"
expect 0 "the kept puzzle unique" -- "$real" count sudoku -e learn --limit 2 "$tmp/puzzles"
has '^puzzles=1 none=0 unique=1 multiple=0 stopped=0 unreadable=0$' "$tmp/out"

finish sudoku_hard_script
