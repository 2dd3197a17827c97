#!/usr/bin/env bash
# cli_progress.sh — the progress report of count, solve, time and sweep (harness/io/progress.c): a
# redrawn line on a terminal (under `script`, a pty), plain lines when stderr is a
# pipe (PB_PROGRESS_INTERVAL=0: a line at once, so nothing waits 30 s or depends on
# speed), the last line's exact count, one search's time left from the part of its
# tree walked, puzzles of a file counted by their parts walked, and -q's silence.
# usage: tests/e2e/cli_progress.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1
bench=$src/data/sudoku/9x9-bench.txt
npuzzles=$(grep -vc '^#' "$bench")

# ---- piped: plain lines ----
PB_PROGRESS_INTERVAL=0 "$pb" count notouch 3x4 -e backtrack >out 2>err
has '^solutions=272836 steps=6268237 ' out
has '^puzzlebench: count notouch: [0-9.]+[kMG]? steps, [0-9.]+[kMG]? steps/s, [0-9.]+ s elapsed$' err
# The last line has the run's exact step count (the pool's refills add up to it).
has '^puzzlebench: count notouch: done: 6268237 steps in [0-9.]+ s$' err
PB_PROGRESS_INTERVAL=0 "$pb" solve sudoku "$bench" >out 2>err
has "^puzzlebench: solve sudoku: 0/$npuzzles puzzles \(0%\), 0 puzzles/s, 0.0 s elapsed, ETA \?$" err
has "^puzzlebench: solve sudoku: done: $npuzzles puzzles in " err
has "puzzles=$npuzzles " out
# One search reports the part of its tree walked, and the time left it implies: a
# line once the part is above 0 (2x7 takes billions of steps, so a line at 0.2 s comes
# mid-run on any machine); the run is then stopped, not waited for.
# err goes first: the earlier run's lines say ETA too, and the new process may not
# have truncated the file yet when the loop below first reads it (seen pinned to one
# core: the run was stopped before its first line).
rm -f err
PB_PROGRESS_INTERVAL=0.2 "$pb" count notouch 2x7 -e backtrack >out 2>err &
pid=$!
for ((i = 0; i < 600; i++)); do
    grep -qs 'ETA' err && break
    sleep 0.1
done
await_handler "$pid"
kill -INT "$pid"
wait "$pid"
has '^puzzlebench: count notouch: [0-9.]+[kMG]? steps, .* elapsed, ~[0-9.]+(e-[0-9]+)?% of the tree, ETA ~[0-9.]+ (s|min|h)' err
has 'status=interrupted' out
# The last line says the count was interrupted, never that it is done.
has '^puzzlebench: count notouch: interrupted: [0-9]+ steps in [0-9.]+ s$' err
if ! grep -q ' done: ' err; then ok; else bad "an interrupted count said done: $(grep ' done: ' err)"; fi
# A file of puzzles none of which has finished yet: the puzzles running count by the
# part of their tree walked (an enumeration's vectors checked of all there are), so
# the rate and time left move (they stood at "0 puzzles/s, ETA ?" until a chunk ended).
printf '................\n%.0s' 1 2 3 4 >empty4.txt
rm -f err
PB_PROGRESS_INTERVAL=0.2 "$pb" count sudoku empty4.txt -e enum-all >out 2>err &
pid=$!
inner='^puzzlebench: count sudoku: [0-9]*\.[0-9]+/4 puzzles \([0-9]+%\), [0-9.]+(e-[0-9]+)? puzzles/s, .* elapsed, ETA [0-9.]+ (s|min|h)'
for ((i = 0; i < 600; i++)); do
    grep -Eqs "$inner" err && break
    sleep 0.1
done
await_handler "$pid"
kill -INT "$pid"
wait "$pid"
has "$inner" err
has 'status=interrupted' out
# A short run writes no line at the default 30 s; -q none at all.
"$pb" count notouch 2x4 -e backtrack >out 2>err
if [ ! -s err ]; then ok; else bad "a short count wrote to stderr: $(cat err)"; fi
PB_PROGRESS_INTERVAL=0 "$pb" count notouch 3x4 -e backtrack -q >out 2>err
if [ ! -s err ]; then ok; else bad "-q wrote to stderr: $(cat err)"; fi
has '^solutions=272836 steps=6268237 ' out
# time counts the samples it takes: a warm-up run that is itself a sample included.
PB_PROGRESS_INTERVAL=0 "$pb" time --samples 3 --warmup 0 -- true >out 2>err
has '^puzzlebench: time: 0/3 samples \(0%\), ' err
has '^puzzlebench: time: done: 3 samples in [0-9.]+ s$' err
PB_PROGRESS_INTERVAL=0 "$pb" time -q --samples 3 -- true >out 2>err
if [ ! -s err ]; then ok; else bad "time -q wrote to stderr: $(cat err)"; fi
# A sweep's lines say what the earlier run of it took, scaled to this one's runs.
printf 'name est\nfamily notouch\ninstances cross8\nengines backtrack\nsamples 1\nworkers 1\n' >est.sweep
"$pb" sweep est.sweep --out sw -q >out 2>err
PB_PROGRESS_INTERVAL=0 "$pb" sweep est.sweep --out sw --force >out 2>err
has '; by the earlier run about [0-9.]+ (s|min)[^;]* in all$' err
PB_PROGRESS_INTERVAL=0 "$pb" sweep est.sweep --out sw --force --samples 2 >out 2>err
has '; by the earlier run about [0-9.]+ (s|min)[^;]* in all \(other settings\)$' err

# ---- a terminal: one line redrawn, then cleared ----
if command -v script >/dev/null 2>&1; then
    script -qc "'$pb' count notouch 2x4 -e backtrack" /dev/null >tty.out </dev/null
    tr '\r' '\n' <tty.out >tty.lines
    has '^count notouch: 0 steps, 0 steps/s, 0.0 s elapsed *$' tty.lines
    # The last state, drawn before it is cleared: the whole tree walked, nothing left.
    has '^count notouch: 5.07k steps, .* elapsed, ~100% of the tree, ETA ~0.0 s *$' tty.lines
    # A search that stops at a solution (solve, count -l) ends before its tree does.
    for run in "solve notouch 2x4 -e backtrack" "count notouch 2x4 -e backtrack -l 2"; do
        script -qc "'$pb' $run" /dev/null >tty.out </dev/null
        if ! grep -q 'of the tree' tty.out; then ok; else bad "$run showed a time left from its tree"; fi
    done
    has '^ +$' tty.lines
    has '^solutions=32 steps=5073 ' tty.lines
    script -qc "'$pb' count sudoku '$bench' -t 2" /dev/null >tty.out </dev/null
    tr '\r' '\n' <tty.out >tty.lines
    has "^count sudoku: $npuzzles/$npuzzles puzzles \(100%\), .* elapsed, ETA 0.0 s *$" tty.lines
    script -qc "'$pb' count notouch 2x4 -q" /dev/null >tty.out </dev/null
    if ! grep -q 'count notouch:' tty.out; then ok; else bad "-q drew on the terminal"; fi
else
    echo "cli_progress: no 'script': the terminal checks are skipped"
fi

# A file run in chunks gives the counts of one run, whatever the chunks: 25 puzzles on
# 2 threads end in a chunk of 1 unless it joins the one before (a chunk of one puzzle
# on 2 threads is a split search, which logic refuses for solve).
expect 0 "chunks, 2 threads" -- "$pb" solve sudoku "$src/data/sudoku/9x9-bench.txt" -t 2
has "solutions=25 steps=1499 .* status=done puzzles=25 " "$tmp/out"

finish cli_progress
