#!/usr/bin/env bash
# cli_player.sh — `puzzlebench player` and `generate kakuro --html` without a browser:
# the page is whole (no marker left, the wasm is WebAssembly), and the puzzles a page
# holds are the CLI's own (clues, solution digits, attempts), solved by the rules;
# the usage errors. The browser test (tests/browser/) runs the page itself.
# usage: cli_player.sh PUZZLEBENCH SOURCE_DIR
set -eu
pb=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fails() { # EXPECTED-RC ARGS...: exit EXPECTED-RC with one line on standard error
    want=$1
    shift
    set +e
    "$pb" "$@" >/dev/null 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = "$want" ] && [ "$(wc -l <"$tmp/err")" = 1 ] || {
        echo "FAIL: $*: exit $rc (want $want), $(wc -l <"$tmp/err") error lines"
        cat "$tmp/err"
        exit 1
    }
}
fails 2 player
fails 2 player --out
fails 2 generate kakuro --html "$tmp/x.html" --candidates
fails 2 generate kakuro --html "$tmp/x.html" --resume --out "$tmp/o"

if ! "$pb" info | grep -q '^player page: with its WebAssembly generator'; then
    # A build without the toolchain says so, and writes no page.
    fails 4 player --out "$tmp/p"
    [ ! -e "$tmp/p/kakuro.html" ] || { echo "FAIL: a page without its generator"; exit 1; }
    echo "SKIP: this build has no WebAssembly generator ($("$pb" info | grep '^player page'))"
    exit 77
fi

"$pb" player --out "$tmp/p" >/dev/null
fails 2 player --out /proc/no/such/dir
args=(--size 6x6,9x9 --difficulty easy,hard --count 2 --seed 9)
"$pb" generate kakuro "${args[@]}" --html "$tmp/cli.html" >"$tmp/with.txt"
"$pb" generate kakuro "${args[@]}" >"$tmp/cli.txt"
cmp -s "$tmp/with.txt" "$tmp/cli.txt" || { echo "FAIL: --html changed the text output"; exit 1; }
fails 2 generate kakuro "${args[@]}" --html /proc/no/such/x.html

PYTHONPATH="$src/tests/browser" python3 - "$tmp/p/kakuro.html" "$tmp/cli.html" "$tmp/cli.txt" <<'PY'
import base64, json, re, sys
from kakuro_rules import grid_diff, parse_generate_output, rule_errors

def script(page, ident):
    m = re.search(r'<script id="%s"[^>]*>(.*?)</script>' % ident, page, re.S)
    assert m, f"no <script id={ident}>"
    return m.group(1)

def check_page(path, want_puzzles):
    page = open(path, encoding="utf-8").read()
    for marker in ("/*@CSS@*/", "/*@JS@*/", "@WASM@", "@PUZZLES@"):
        assert marker not in page, f"{path}: {marker} left in the page"
    wasm = base64.b64decode(script(page, "pb-wasm").strip(), validate=True)
    assert wasm[:4] == b"\0asm", f"{path}: the embedded generator is not WebAssembly"
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), f"{path}: the page loads from the network"
    puzzles = json.loads(script(page, "pb-puzzles").replace("<\\/", "</"))
    assert len(puzzles) == want_puzzles, f"{path}: {len(puzzles)} puzzles, want {want_puzzles}"
    return puzzles

check_page(sys.argv[1], 0)
puzzles = check_page(sys.argv[2], 8)
cli = parse_generate_output(open(sys.argv[3]).read())
assert [p["name"] for p in puzzles] == [p["name"] for p in cli], "the page's puzzles are not the CLI's, in order"
for page, text in zip(puzzles, cli):
    assert page["attempts"] == text["attempts"], f"{page['name']}: {page['attempts']} attempts, the CLI {text['attempts']}"
    diff = grid_diff(page, text)
    assert not diff, f"{page['name']}: page vs CLI at {diff}"
    errors = rule_errors(page)
    assert not errors, f"{page['name']}: {errors[0]}"
print(f"ok: 2 pages; {len(puzzles)} puzzles equal the CLI's and keep the rules")
PY
