#!/usr/bin/env bash
# browser_player.sh — the kakuro player in headless Chromium: writes the page
# (`player`), a page of CLI puzzles (`generate kakuro --html`) and a picture of every
# family (`render`), then runs tests/browser/test_player.py on them with Debian's
# Python (/usr/bin/python3, for its selenium). Exit 77 (skipped) without Chromium,
# ChromeDriver, Selenium or the page's WebAssembly generator; with PB_REQUIRE_BROWSER=1
# (scripts/test.sh, after installing them) that is a failure instead.
# usage: browser_player.sh PUZZLEBENCH SOURCE_DIR [SCREENSHOT.png]
set -eu
pb=$1
src=$2
shot=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

skip() {
    if [ "${PB_REQUIRE_BROWSER:-0}" = 1 ]; then echo "FAIL: $*"; exit 1; fi
    echo "SKIP: $*"
    exit 77
}
if ! "$pb" info | grep -q '^player page: with its WebAssembly generator'; then
    skip "this build has no WebAssembly generator ($("$pb" info | grep '^player page'))"
fi
for prog in /usr/bin/chromium /usr/bin/chromedriver; do
    [ -x "$prog" ] || skip "no $prog (Debian: chromium chromium-driver; scripts/setup.sh --browser)"
done
/usr/bin/python3 -c 'import selenium' 2>/dev/null ||
    skip "no selenium for /usr/bin/python3 (Debian: python3-selenium; scripts/setup.sh --browser)"
"$pb" player --out "$tmp" >/dev/null
"$pb" generate kakuro --size 6x6,11x11 --difficulty easy,hard --count 2 --seed 5 \
    --html "$tmp/cli.html" >/dev/null
mkdir "$tmp/svg"
"$pb" render notouch cross8 --solution --out "$tmp/svg/notouch.svg"
"$pb" render sudoku "$src/data/sudoku/9x9-easy.txt" --solution --out "$tmp/svg/sudoku.svg"
"$pb" render kakuro "$src/data/kakuro/puzzles-9x9-hard.kak" --solution --out "$tmp/svg/kakuro.svg"
"$pb" render latin qwh-10-0.42-x1 --solution --out "$tmp/svg/latin.svg"
"$pb" render tenpair upto19 --out "$tmp/svg/tenpair.svg"
"$pb" render tenpair upto19 --win --out "$tmp/svg/tenpair-win.svg"
"$pb" render notouch cross8 --trace --out "$tmp/svg/notouch-trace.svg"

exec /usr/bin/python3 "$src/tests/browser/test_player.py" --page "$tmp/kakuro.html" --cli "$pb" \
    --cli-page "$tmp/cli.html" --svg-dir "$tmp/svg" ${shot:+--screenshot "$shot"}
