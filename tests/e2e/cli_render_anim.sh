#!/usr/bin/env bash
# cli_render_anim.sh — the animated pictures. `render tenpair upto19 --win`, the shortest win:
# The SVG parses; it has one step per step of the win `solve tenpair` prints (its boards,
# less the start), each a frame later than the last; replayed in Python from the SVG's
# step elements by the game's rules (README, engines/tenpair/tenpair.h), every crossed
# pair is live, equal or summing to 10, and neighbours, every append comes when no move
# is left and writes the live digits again, and the game ends with every digit crossed,
# as long as solve's win. `render notouch cross8 --trace [--engine E]`, the search, by
# the default engine (propagate) and seed 000's (backtrack): as many steps as `solve
# notouch cross8 --trace` reports, each step's board the one solve prints at that step.
# --step-limit and --time-limit stop render's searches with exit 3, one line and no file;
# a search without a solution (--trace, --solution, --win) exits 1, with no file either.
# usage: cli_render_anim.sh PUZZLEBENCH SOURCE_DIR
set -eu
pb=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$pb" render tenpair upto19 --win --out "$tmp/win.svg" >"$tmp/none" ||
    { echo "FAIL: render tenpair upto19 --win exited $?"; exit 1; }
[ ! -s "$tmp/none" ] || { echo "FAIL: --out also wrote to standard output"; exit 1; }
"$pb" solve tenpair --upto 19 >"$tmp/solve.txt"


for e in propagate backtrack; do # the default engine, and seed 000's
    "$pb" render notouch cross8 --trace --engine $e >"$tmp/trace-$e.svg" ||
        { echo "FAIL: render notouch cross8 --trace --engine $e exited $?"; exit 1; }
    "$pb" solve notouch cross8 --trace --engine $e >"$tmp/trace-$e.txt"
done
"$pb" render notouch cross8 --trace >"$tmp/trace-default.svg"
cmp -s "$tmp/trace-default.svg" "$tmp/trace-propagate.svg" ||
    { echo "FAIL: render --trace does not default to the family's engine"; exit 1; }

# Bad requests: one line on standard error and the exit status.
for want_args in "2 notouch cross8 --win" "2 tenpair upto19 --win --solution" "1 tenpair 12 --win" \
    "2 tenpair upto19 --trace" "2 notouch cross8 --trace --solution" \
    "2 notouch cross8 --trace --engine nosuch" "2 notouch cross8 --trace --engine path-dp" \
    "2 tenpair upto19 --win --engine bfs"; do
    set -- $want_args
    want=$1
    shift
    set +e
    "$pb" render "$@" --out "$tmp/bad.svg" >/dev/null 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = "$want" ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -e "$tmp/bad.svg" ] || {
        echo "FAIL: render $*: exit $rc (want $want), $(wc -l <"$tmp/err") error lines"
        exit 1
    }
done

# A search that a limit stops draws nothing: exit 3 (as solve's limits) and one line
# naming the limit. A step limit far below the search's steps (solve's, read here), and
# a time limit far below the search for 1..200's win (ten times the digits of 1..19's).
win_steps=$("$pb" solve tenpair --upto 19 | sed -n 's/.* steps=\([0-9]*\) .*/\1/p')
trace_steps=$("$pb" solve notouch cross8 --trace | sed -n 's/.* steps=\([0-9]*\) .*/\1/p')
[ "$win_steps" -gt 20 ] && [ "$trace_steps" -gt 20 ] ||
    { echo "FAIL: solve reports $win_steps and $trace_steps steps"; exit 1; }
for args in "tenpair upto19 --win --step-limit 10" "notouch cross8 --trace --step-limit 10" \
    "notouch cross8 --solution --step-limit 10" "tenpair upto200 --win --time-limit 0.2"; do
    set -- $args
    set +e
    "$pb" render "$@" --out "$tmp/limited.svg" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    limit="${*: -2:1} ${*: -1}"
    [ "$rc" = 3 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q -- "stopped at $limit " "$tmp/err" &&
        [ ! -e "$tmp/limited.svg" ] && [ ! -s "$tmp/out" ] || {
        echo "FAIL: render $*: exit $rc (want 3), said: $(cat "$tmp/err")"
        exit 1
    }
done
# Limits the search does not reach change nothing; a limit without a search is refused.
"$pb" render tenpair upto19 --win --step-limit "$((win_steps * 2))" --time-limit 600 \
    >"$tmp/win-limited.svg"
cmp -s "$tmp/win.svg" "$tmp/win-limited.svg" || { echo "FAIL: an unreached limit changed --win"; exit 1; }
set +e
"$pb" render tenpair upto19 --time-limit 5 >/dev/null 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 2 ] && grep -q -- "--time-limit bounds the search" "$tmp/err" ||
    { echo "FAIL: render without a search took --time-limit: exit $rc"; exit 1; }
echo "ok: --step-limit and --time-limit stop render's searches (exit 3)"
# A search that ends without a solution draws nothing either: exit 1 and one line, for
# --trace as for --solution and --win (1x2: its two cells touch, 1 and 2 are too close).
for args in "notouch 1x2 --trace" "notouch 1x2 --solution" "tenpair 12 --win"; do
    set -- $args
    set +e
    "$pb" render "$@" --out "$tmp/none.svg" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -e "$tmp/none.svg" ] && [ ! -s "$tmp/out" ] ||
        { echo "FAIL: render $*: exit $rc (want 1, no file), said: $(cat "$tmp/err")"; exit 1; }
done
echo "ok: a search without a solution draws nothing (exit 1)"

python3 - "$tmp" <<'PY'
import re, sys, xml.etree.ElementTree as ET
tmp = sys.argv[1]
NS = "{http://www.w3.org/2000/svg}"
W, FRAME = 9, 0.4

def fail(msg):
    sys.exit("FAIL: " + msg)

# notouch --trace: solve's steps, and its solved board (the lines of the last step).
for engine in ["propagate", "backtrack"]:
    lines = open(f"{tmp}/trace-{engine}.txt").read().splitlines()
    want = int(re.search(r" steps=(\d+) ", lines[-1]).group(1))
    solved = [i for i, l in enumerate(lines) if l.endswith(" solved")][-1]
    first = max(i for i in range(solved + 1) if re.match(r"\d+: ", lines[i]))
    board = " ".join(lines[first:solved + 1]).split(":", 1)[1].replace("solved", "").split()
    root = ET.parse(f"{tmp}/trace-{engine}.svg").getroot()
    tsteps = [g for g in root.iter(NS + "g") if g.get("class") == "step"]
    if [int(g.get("data-step")) for g in tsteps] != list(range(want)):
        fail(f"--trace --engine {engine}: {len(tsteps)} steps in the SVG, solve --trace reports {want}")
    # Each step's board, replayed from the SVG, is the board solve prints at that step
    # (-1 there: the cell that backs up, cleared).
    printed, cur = {}, None
    for l in lines[:solved]:
        m = re.match(r"(\d+): (.*)", l)
        if m:
            cur = int(m.group(1))
            printed[cur] = []
            l = m.group(2)
        if cur is not None:
            printed[cur] += [max(int(v), 0) for v in l.replace("backtrack", "").replace("start", "").split()]
    values = [0] * len(board)
    for g in tsteps:
        values[int(g.get("data-cell"))] = int(g.get("data-value"))
        k = int(g.get("data-step")) + 1
        if printed.get(k) != values:
            fail(f"--trace --engine {engine}: step {k} shows {values}, solve --trace prints {printed.get(k)}")
    if values != [int(v) for v in board]:
        fail(f"--trace --engine {engine}: the last frame is {values}, solve's solution {board}")
    held = [t for t in root.iter(NS + "text") if t.find(NS + "set").get("fill") == "freeze"]
    if sorted(int(t.text) for t in held) != sorted(values):
        fail(f"--trace --engine {engine}: the digits held at the end are not the solution")
    print(f"ok: --trace --engine {engine}, {want} steps")

# What solve reports: its boards (the start, then one a step) and the win's length.
text = open(f"{tmp}/solve.txt").read().strip().split("\n\n")
nsteps = len(text) - 2  # the boards less the start, and the stats line
length = int(re.match(r"length=(\d+) ", text[-1]).group(1))

root = ET.parse(f"{tmp}/win.svg").getroot()
cells = {}  # cell -> (digit, hidden, the <set> begins on it and its children)
for g in root.iter(NS + "g"):
    if not (g.get("id") or "").startswith("c"):
        continue
    t = g.find(NS + "text")
    begins = [float(s.get("begin").rstrip("s")) for s in g.iter(NS + "set")]
    cells[int(t.get("data-cell"))] = (int(t.text), g.get("visibility") == "hidden", begins)
steps = [g for g in root.iter(NS + "g") if g.get("class") == "step"]
if [int(s.get("data-step")) for s in steps] != list(range(len(steps))):
    fail("the steps are not numbered 0, 1, ... in order")
if len(steps) != nsteps:
    fail(f"{len(steps)} steps in the SVG, solve's win has {nsteps}")

start = [int(c) for c in "123456789111213141516171819"]
board = [cells[k][0] for k in range(len(start))]
if board != start or any(cells[k][1] for k in range(len(start))):
    fail("the first frame is not the start 1..19, shown")
live = [True] * len(board)

def neighbours(a, b):
    """a < b: next in reading order (wrap on, crossed skipped) or in one column."""
    if all(not live[k] for k in range(a + 1, b)):
        return True
    return a % W == b % W and all(not live[k] for k in range(a + W, b, W))

def moves():
    n = len(board)
    return [(a, b) for a in range(n) for b in range(a + 1, n)
            if live[a] and live[b] and (board[a] == board[b] or board[a] + board[b] == 10)
            and neighbours(a, b)]

for s in steps:
    k, kind = int(s.get("data-step")), s.get("data-kind")
    when = FRAME * (k + 1)
    a, b = map(int, s.get("data-move").split())
    if kind == "cross":
        if not (a < b < len(board) and live[a] and live[b]):
            fail(f"step {k}: cells {a} {b} are not two live cells")
        if not (board[a] == board[b] or board[a] + board[b] == 10):
            fail(f"step {k}: {board[a]} and {board[b]} neither equal nor sum to 10")
        if not neighbours(a, b):
            fail(f"step {k}: cells {a} and {b} are not neighbours")
        for c in (a, b):
            if not any(abs(t - when) < 1e-9 for t in cells[c][2]):
                fail(f"step {k}: cell {c} is not lit at {when:g} s")
        live[a] = live[b] = False
    elif kind == "append":
        if moves():
            fail(f"step {k}: an append while a move is left")
        new = [d for d, l in zip(board, live) if l]
        if a != len(board) or b != a + len(new):
            fail(f"step {k}: appends cells {a}-{b}, expected {len(board)}-{len(board) + len(new)}")
        for c, d in zip(range(a, b), new):
            digit, hidden, begins = cells[c]
            if digit != d or not hidden or abs(begins[0] - when) > 1e-9:
                fail(f"step {k}: cell {c} is not {d} shown at {when:g} s")
        board += new
        live += [True] * len(new)
    else:
        fail(f"step {k}: kind {kind!r}")
if any(live):
    fail("the last frame has live digits")
if len(board) != length or len(cells) != length:
    fail(f"the win writes {len(board)} digits, solve's {length}")
print(f"ok: {len(steps)} steps ({sum(s.get('data-kind') == 'cross' for s in steps)} crossings), "
      f"{length} digits")
PY
