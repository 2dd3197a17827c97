#!/usr/bin/env bash
# add_engine.sh — docs/families.md's "Adding an engine" followed literally on a copy of
# the tree: the example engine's block saved as the file it names, its registry line
# added to PB_ENGINE_LIST, the program and the engine tests built; the tests must take
# the new engine up from the registry (no test edited) and pass; then the section's
# commands run as written (a sweep against two built-in engines in two cell orders,
# compare --by, the report), and their results are checked: the engine's steps, its
# pairs, and its own report section with the solver table and plots.
# usage: tests/e2e/add_engine.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

doc=$src/docs/families.md
tree=$tmp/tree
mkdir -p "$tree"
# The tree as a clone has it (its tracked files), else the source folder less builds.
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z | xargs -0 cp --parents -t "$tree") || { bad "cannot copy the tree"; finish add_engine; }
else
    (cd "$src" && tar --exclude='./build*' --exclude='./results*' -cf - .) | (cd "$tree" && tar -xf -)
fi

# block MARK: the fenced block after the line "<!-- add_engine: MARK -->".
block() {
    awk -v mark="<!-- add_engine: $1 -->" '
        $0 == mark { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }' "$doc"
}
file=$(grep -o '<!-- add_engine: engines/[^ ]*\.c -->' "$doc" | sed 's/<!-- add_engine: //; s/ -->//')
[ -n "$file" ] && [ ! -e "$tree/$file" ] && ok || bad "the docs name no new engine file ('$file')"
block "$file" >"$tree/$file"
line=$(block "registry line")
name=$(sed -n 's/^ *{"\([a-z0-9-]*\)", ".*/\1/p' "$tree/$file" | head -1)
[ -n "$name" ] && [ "$(echo "$line" | wc -l)" -eq 1 ] && ok || bad "no engine name ('$name') or not one registry line"
# One line, as the docs say, before the first of the list's other entries' ends.
reg=$tree/engines/registry/engine_list.h
awk -v add="$line" '/^#define PB_ENGINE_LIST/ { print; print add; next } { print }' "$reg" >"$reg.new" &&
    mv "$reg.new" "$reg"

# Build the program and the engine tests (Release, with Ninja where setup.sh finds it);
# at -O1, as the procedure is checked here and not the speed: it builds in less time.
# Its C flags hold a quote and a backslash, which the build records as C strings.
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi
if cmake -S "$tree" -B "$tree/build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG '-DPB_UNUSED_NOTE=\"a\\\\b\"'" "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" >"$tmp/cmake.log" 2>&1 &&
    cmake --build "$tree/build" -j "$(nproc)" --target puzzlebench test_notouch test_sudoku_engines test_latin \
        >>"$tmp/cmake.log" 2>&1; then ok; else
    bad "the tree with the example does not build: $(grep -m3 -i error "$tmp/cmake.log")"
    finish add_engine
fi
newpb=$tree/build/puzzlebench
expect 0 "the build with a quoted define in its flags" -- "$newpb" --version
has '^flags: .*-DPB_UNUSED_NOTE="a\\\\b"' "$tmp/out"
expect 0 "puzzlebench engines lists it" -- "$newpb" engines
has "^ *$name " "$tmp/out"
# The engine tests, unedited, take it from the registry.
for t in "test_notouch $tree" test_sudoku_engines test_latin; do
    read -r bin arg <<<"$t"
    expect 0 "$bin with $name in the registry" -- "$tree/build/tests/unit/$bin" ${arg:+"$arg"}
done

# The docs' commands, as written, from the copy's root.
block commands >"$tmp/commands.sh"
[ -s "$tmp/commands.sh" ] && ok || bad "the docs have no commands block"
expect 0 "the docs' commands" -- bash -c "cd '$tree' && set -euo pipefail && . '$tmp/commands.sh'"
# The seed's board in 540 steps, as backtrack takes it (both walk reading order).
has "^solutions=1 steps=540 " "$tmp/out"
csv=$tree/mine/mine.csv
# Both files solved whole (100 puzzles each) by every engine in every order it has.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { n[$c["engine"]]++; if ($c["status"] != "done" || $c["puzzles"] != 100) exit 1 }
    END { exit !(n["example"] == 2 && n["backtrack"] == 4 && n["propagate"] == 4) }' "$csv" &&
    ok || bad "mine.csv: $(cat "$csv")"
# compare paired the order-less engine with backtrack in order row, on both files: two
# pairs in all, whatever their verdicts (a loaded machine leaves a pair too few samples).
awk '/^[0-9]+ paired by round, [0-9]+ from independent samples$/ { n = $1 + $5; seen = 1 }
    END { exit !(seen && n == 2) }' "$tmp/out" &&
    ok || bad "compare did not make 2 pairs: $(grep -m1 'paired by round' "$tmp/out")"
has "^order ignored in 2 pairs, where one side has none" "$tmp/out"
# Its own section: the solver table with the virtual best solver, and the plots.
report=$tree/mine/REPORT.md
has '^## sudoku sweep `mine`' "$report"
has "^\\| $name \\| 2/2 \\|" "$report"
has '^\| \*\*virtual best solver\*\* \| 2/2 \|' "$report"
for p in cactus instances scatter; do
    [ -s "$tree/mine/plots/mine-$p.gp" ] && ok || bad "no plot mine-$p"
done

finish add_engine
