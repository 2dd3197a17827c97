#!/usr/bin/env bash
# cli_compare_engines.sh — end-to-end tests of `puzzlebench compare FILE.csv --by
# engine=A,B` where the two engines were run with settings of their own: each side's
# one value of a setting (threads, engine_seed, the cell order, an item of params,
# one the other engine lacks) is set aside, a side with several keeps it a key
# (--where picks one), an engine value may be ENGINE/ORDER, two files of one engine
# each pair as --by engine does (a file of several keeps engine a key), and real
# sweeps of restart and learn, and of backtrack and propagate in two orders, pair on
# every instance.
# usage: tests/e2e/cli_compare_engines.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
# shellcheck source=tests/e2e/compare_lib.sh
. "$(dirname "$0")/compare_lib.sh"

# ---- --by engine=A,B: two engines of one file, each with settings of its own ----
# restart's parameters and seed are its own, learn's its own: each side holds one value
# of each item (the other engine lacks it, -), so they are set aside and the engines
# pair on the instance; learn and learn-alldiff differ in luby-unit alone; backtrack
# and propagate were run at one thread count each.
set_table engines <<'ROWS'
0 a restart - 1 restart-steps=50;cell-choice=random 3 90 0.001
1 a learn - 1 luby-unit=20;restarts=luby - 50 0.002
2 b restart - 1 restart-steps=50;cell-choice=random 3 90 0.001
3 b learn - 1 luby-unit=20;restarts=luby - 80 0.002
4 a learn-alldiff - 1 luby-unit=100;restarts=luby - 40 0.001
5 b learn-alldiff - 1 luby-unit=100;restarts=luby - 40 0.001
6 a backtrack row 1 - - 100 0.004
7 b backtrack row 1 - - 100 0.004
8 a propagate row 4 - - 100 0.002
9 b propagate row 4 - - 100 0.002
ROWS
expect 0 "by engine, each its own parameters" -- "$pb" compare "$tmp/engines.csv" --by engine=restart,learn
has "^settings set aside, one value on each side \(old/new\): params restart-steps=50/-, cell-choice=random/-, luby-unit=-/20, restarts=-/luby$" "$tmp/out"
has "^a +1\.00 ms \[0\.980, 1\.02\] +2\.00 ms \[1\.96, 2\.04\] +2\.00× slower .* 1\.80× fewer$" "$tmp/out"
has "^2 pairs: 0 faster, 2 slower, 0 unchanged \(~\)$" "$tmp/out"
has "^engine_seed ignored in 2 pairs, where one side has none \(-\): shown as old/new$" "$tmp/out"
grep -q "only in" "$tmp/out" && bad "by engine, own parameters: rows left without a partner" || ok
expect 0 "by engine, own parameters, json" -- "$pb" compare "$tmp/engines.csv" --by engine=restart,learn --json
python3 - "$tmp/out" <<'PY' && ok || bad "json: set_aside not restart's and learn's items"
import json, sys
d = json.load(open(sys.argv[1]))
assert [(a["item"], a["old"], a["new"]) for a in d["set_aside"]] == [
    ("restart-steps", "50", "-"), ("cell-choice", "random", "-"), ("luby-unit", "-", "20"),
    ("restarts", "-", "luby")], d["set_aside"]
assert len(d["pairs"]) == 2 and d["only_old"] == 0 and d["only_new"] == 0
assert [p["new_key"]["params"] for p in d["pairs"]] == ["luby-unit=20;restarts=luby"] * 2
PY
expect 0 "by engine, one item apart" -- "$pb" compare "$tmp/engines.csv" --by engine=learn,learn-alldiff --metric steps
has "^settings set aside, one value on each side \(old/new\): params luby-unit=20/100$" "$tmp/out"
has "^common: .* params=luby-unit=20/100;restarts=luby engine_seed=-$" "$tmp/out"
has "^b +80 +40 +2\.00× fewer$" "$tmp/out"
expect 0 "by engine, threads apart" -- "$pb" compare "$tmp/engines.csv" --by engine=backtrack,propagate --csv
has "^toy,a,4,row,first,1,-,-,5,0\.004,.*,faster,100,100,1,independent,5,,0\.007937,threads=4$" "$tmp/out"
# An engine without parameters (-) pairs as before, the key it lacks ignored.
expect 0 "by engine, one engine without parameters" -- "$pb" compare "$tmp/engines.csv" --by engine=backtrack,learn
grep -q "set aside" "$tmp/out" && bad "by engine, no parameters: a setting set aside" || ok
has "^order, params ignored in 2 pairs, where one side has none \(-\): shown as old/new$" "$tmp/out"
# learn's restarts at two values is no setting of the side: a key, refused, saying why
# with the params the rows hold (not those less the items set aside, which no row has).
set_table engrid <<'ROWS'
0 a restart - 1 restart-steps=50;cell-choice=random 3 90 0.001
1 a learn - 1 luby-unit=20;restarts=luby - 50 0.002
2 a learn - 1 luby-unit=20;restarts=glue - 60 0.002
ROWS
expect 2 "by engine, several settings on a side" -- "$pb" compare "$tmp/engrid.csv" --by engine=restart,learn
one_line_error "^puzzlebench: compare: $tmp/engrid\.csv: no rows pair up: engine=restart rows have params restart-steps=50;cell-choice=random, engine=learn rows have params luby-unit=20;restarts=glue, luby-unit=20;restarts=luby \(a setting is set aside only where each side holds one value of it\)$"
[ -s "$tmp/out" ] && bad "by engine, several settings: a table on stdout" || ok
# --where keeps one of learn's values, and restart's rows, which lack the parameter
# as an engine without parameters (-) lacks it: then each side holds one.
expect 0 "by engine, several settings, where picks one" -- "$pb" compare "$tmp/engrid.csv" --by engine=restart,learn --where params=restarts=glue
has "^settings set aside, one value on each side \(old/new\): params restart-steps=50/-, cell-choice=random/-, luby-unit=-/20, restarts=-/glue$" "$tmp/out"
has "^1\.00 ms \[0\.980, 1\.02\] +2\.00 ms \[1\.96, 2\.04\] +2\.00× slower .* 1\.50× fewer$" "$tmp/out"
has "^1 pair: 0 faster, 1 slower, 0 unchanged \(~\)$" "$tmp/out"

# ---- --by engine=ENGINE/ORDER: an engine in one cell order, as the report names it ----
# The order is the engine's setting: where each side holds one (propagate mrv against
# backtrack row), it is set aside as the other settings are. backtrack ran in row and
# mrv on a, in row on b; dlx has no order (-).
set_table orders <<'ROWS'
0 a propagate mrv 1 - - 50 0.0005
1 b propagate mrv 1 - - 80 0.000008
2 a dlx - 1 - - 20 0.00025
3 b dlx - 1 - - 30 0.000004
4 a backtrack row 1 - - 100 0.002
5 a backtrack mrv 1 - - 90 0.001
6 b backtrack row 1 - - 200 0.00004
ROWS
expect 0 "by engine/order, orders apart" -- "$pb" compare "$tmp/orders.csv" --by engine=propagate,backtrack/row
has "^old: engine=propagate in $tmp/orders\.csv$" "$tmp/out"
has "^new: engine=backtrack/row in $tmp/orders\.csv$" "$tmp/out"
has "^settings set aside, one value on each side \(old/new\): order mrv/row$" "$tmp/out"
has "^common: family=toy cells=4 order=mrv/row mode=first threads=1 params=- engine_seed=-$" "$tmp/out"
has "^a +500 µs \[490, 510\] +2\.00 ms \[1\.96, 2\.04\] +4\.00× slower " "$tmp/out"
has "^2 pairs: 0 faster, 2 slower, 0 unchanged \(~\)$" "$tmp/out"
grep -q "only in" "$tmp/out" && bad "by engine/order: rows left without a partner" || ok
expect 0 "by engine/order, json" -- "$pb" compare "$tmp/orders.csv" --by engine=propagate,backtrack/row --json
python3 - "$tmp/out" <<'PY' && ok || bad "json: set_aside not order mrv against row"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["set_aside"] == [{"column": "order", "item": None, "old": "mrv", "new": "row"}], d["set_aside"]
assert d["new"]["label"].startswith("engine=backtrack/row in ")
PY
# One engine in two orders; backtrack mrv against dlx (no order): the order that one
# lacks, as with --where order=mrv.
expect 0 "by engine/order, two orders of one engine" -- "$pb" compare "$tmp/orders.csv" --by engine=backtrack/mrv,backtrack/row --metric steps
has "^settings set aside, one value on each side \(old/new\): order mrv/row$" "$tmp/out"
has "^common: family=toy instance=a cells=4 order=mrv/row mode=first threads=1 params=- engine_seed=-$" "$tmp/out"
has "^90 +100 +1\.11× more$" "$tmp/out"
expect 0 "by engine/order, against an engine without orders" -- "$pb" compare "$tmp/orders.csv" --by engine=backtrack/mrv,dlx
has "^common: family=toy instance=a cells=4 order=mrv/- mode=first threads=1 params=- engine_seed=-$" "$tmp/out"
has "^only in new \(engine=dlx in $tmp/orders\.csv\): 1 row$" "$tmp/out"
grep -q "set aside" "$tmp/out" && bad "by engine/order against dlx: a setting set aside" || ok
# A backtrack row in mrv is both backtrack/mrv and backtrack: refused.
expect 2 "by engine/order, both sides" -- "$pb" compare "$tmp/orders.csv" --by engine=backtrack/mrv,backtrack
one_line_error "^puzzlebench: compare: $tmp/orders\.csv:7: --by: 'backtrack' \(order mrv\) is both backtrack/mrv and backtrack: give values that tell the sides apart$"
expect 2 "by engine/order, a mistyped order" -- "$pb" compare "$tmp/orders.csv" --by engine=backtrack/mvr,dlx
one_line_error "^puzzlebench: compare: $tmp/orders\.csv: expected an order of engine backtrack for --by engine=ENGINE/ORDER, got 'mvr'; its orders: row, mrv \(did you mean 'mrv'\?\)$"
expect 2 "by engine/order, an engine without orders" -- "$pb" compare "$tmp/orders.csv" --by engine=dlx/row,propagate
one_line_error "^puzzlebench: compare: $tmp/orders\.csv: expected an order of engine dlx for --by engine=ENGINE/ORDER, got 'row'; it has no cell order \(order -\): give the engine alone$"
expect 2 "by engine/order, a mistyped engine" -- "$pb" compare "$tmp/orders.csv" --by engine=backtrak/row,dlx
one_line_error "^puzzlebench: compare: $tmp/orders\.csv: expected a value of column engine for --by, got 'backtrak'; its values: propagate, dlx, backtrack \(did you mean 'backtrack'\?\)$"

# ---- two files, one engine each: the sides are engines, as with --by engine=A,B ----
# A sweep of restart alone against one of learn alone: the engine is set aside as
# the files' other settings are, and each engine's parameters as under --by engine.
set_table restart <<'ROWS'
0 a restart - 1 restart-steps=50;cell-choice=random 3 90 0.001
2 b restart - 1 restart-steps=50;cell-choice=random 3 90 0.001
ROWS
set_table learn <<'ROWS'
1 a learn - 1 luby-unit=20;restarts=luby - 50 0.002
3 b learn - 1 luby-unit=20;restarts=luby - 80 0.002
ROWS
expect 0 "two files, one engine each" -- "$pb" compare "$tmp/restart.csv" "$tmp/learn.csv"
has "^settings set aside, one value in each file \(old/new\): engine restart/learn, params restart-steps=50/-, cell-choice=random/-, luby-unit=-/20, restarts=-/luby$" "$tmp/out"
has "^a +1\.00 ms \[0\.980, 1\.02\] +2\.00 ms \[1\.96, 2\.04\] +2\.00× slower .* 1\.80× fewer$" "$tmp/out"
has "^2 pairs: 0 faster, 2 slower, 0 unchanged \(~\)$" "$tmp/out"
grep -q "only in" "$tmp/out" && bad "two files, one engine each: rows left without a partner" || ok
expect 0 "two files, one engine each, csv" -- "$pb" compare "$tmp/restart.csv" "$tmp/learn.csv" --csv
has "^toy,a,4,restart,-,first,1,restart-steps=50;cell-choice=random,3,5,.*,engine=learn;params=luby-unit=20%3Brestarts=luby;engine_seed=-$" "$tmp/out"
expect 0 "two files, one engine each, json" -- "$pb" compare "$tmp/restart.csv" "$tmp/learn.csv" --json
python3 - "$tmp/out" <<'PY' && ok || bad "json: set_aside not the engines and their items"
import json, sys
d = json.load(open(sys.argv[1]))
assert [(a["column"], a["item"], a["old"], a["new"]) for a in d["set_aside"]] == [
    ("engine", None, "restart", "learn"), ("params", "restart-steps", "50", "-"),
    ("params", "cell-choice", "random", "-"), ("params", "luby-unit", "-", "20"),
    ("params", "restarts", "-", "luby")], d["set_aside"]
assert len(d["pairs"]) == 2 and d["only_old"] == 0 and d["only_new"] == 0
assert [p["new_key"]["engine"] for p in d["pairs"]] == ["learn"] * 2
PY
# The same rows as one file, compared with --by engine: the same pairs and ratios.
cat "$tmp/restart.csv" >"$tmp/rl.csv"
tail -n +2 "$tmp/learn.csv" >>"$tmp/rl.csv"
cat "$tmp/restart.samples.csv" >"$tmp/rl.samples.csv"
tail -n +2 "$tmp/learn.samples.csv" >>"$tmp/rl.samples.csv"
verdicts() { grep -E "^(a|b) |^geomean: |^[0-9]+ pairs?: " "$tmp/out"; }
expect 0 "two files, one engine each, as two files" -- "$pb" compare "$tmp/restart.csv" "$tmp/learn.csv"
verdicts >"$tmp/files.txt"
expect 0 "two files, one engine each, as one file" -- "$pb" compare "$tmp/rl.csv" --by engine=restart,learn
verdicts >"$tmp/by.txt"
[ "$(wc -l <"$tmp/by.txt")" -eq 4 ] && cmp -s "$tmp/files.txt" "$tmp/by.txt" && ok ||
    bad "two files and --by engine: other verdicts: $(diff "$tmp/by.txt" "$tmp/files.txt")"
# Each engine in a cell order of its own: the order is set aside too, as under --by.
set_table btrow <<'ROWS'
0 a backtrack row 1 - - 100 0.002
1 b backtrack row 1 - - 200 0.004
ROWS
set_table propmrv <<'ROWS'
0 a propagate mrv 1 - - 50 0.0005
1 b propagate mrv 1 - - 80 0.001
ROWS
expect 0 "two files, one engine each, in orders of their own" -- "$pb" compare "$tmp/btrow.csv" "$tmp/propmrv.csv" --metric steps
has "^settings set aside, one value in each file \(old/new\): engine backtrack/propagate, order row/mrv$" "$tmp/out"
has "^a +100 +50 +2\.00× fewer$" "$tmp/out"
has "^b +200 +80 +2\.50× fewer$" "$tmp/out"
# A file of several engines keeps engine a key: which would pair is not for compare
# to guess, and nothing pairs, as before.
set_table two_a <<'ROWS'
0 a backtrack row 1 - - 100 0.002
1 a propagate row 1 - - 50 0.001
ROWS
set_table two_b <<'ROWS'
0 a dlx - 1 - - 20 0.0005
1 a learn - 1 - - 40 0.001
ROWS
expect 2 "two files, several engines each" -- "$pb" compare "$tmp/two_a.csv" "$tmp/two_b.csv"
one_line_error "^puzzlebench: compare: $tmp/two_a\.csv: no rows pair up: rows of $tmp/two_a\.csv have engine backtrack, propagate, rows of $tmp/two_b\.csv have engine dlx, learn$"
[ -s "$tmp/out" ] && bad "two files, several engines each: a table on stdout" || ok
expect 2 "two files, one engine against several" -- "$pb" compare "$tmp/btrow.csv" "$tmp/two_b.csv"
one_line_error "^puzzlebench: compare: $tmp/btrow\.csv: no rows pair up: rows of $tmp/btrow\.csv have engine backtrack, rows of $tmp/two_b\.csv have engine dlx, learn$"

# ---- a real sweep: restart and learn, each run with a parameter of its own and
# restart with a seed, compared with --by engine: every instance pairs ----
expect 0 "a real sweep of restart and learn" -- "$pb" sweep --family notouch --name rl \
    --instances "cross8 2x4" --engines "restart learn" --modes first \
    --params "luby-unit=20 restart-steps=50" --engine-seeds 3 --samples 3 --min-sample-time 0 \
    --out "$tmp/real" -q
expect 0 "real sweep, two engines' own settings" -- "$pb" compare "$tmp/real/rl.csv" --by engine=restart,learn
has "^settings set aside, one value on each side \(old/new\): params restart-steps=50/-, .*luby-unit=-/20, " "$tmp/out"
has "^2 pairs: " "$tmp/out"
has "^2 paired by round, 0 from independent samples$" "$tmp/out"
grep -q "only in" "$tmp/out" && bad "real sweep, restart and learn: rows left without a partner" || ok

# ---- a real sweep: two engines, each in an order of its own, as the report names them ----
expect 0 "a real sweep in two orders" -- "$pb" sweep --family notouch --name orders \
    --instances "cross8 2x4" --engines "backtrack propagate" --orders "row mrv" --modes first \
    --samples 3 --min-sample-time 0 --out "$tmp/real" -q
expect 0 "real sweep, engine/order against engine/order" -- "$pb" compare "$tmp/real/orders.csv" --by engine=backtrack/mrv,propagate/row
has "^settings set aside, one value on each side \(old/new\): order mrv/row$" "$tmp/out"
has "^2 pairs: " "$tmp/out"
grep -q "only in" "$tmp/out" && bad "real sweep, engine/order: rows left without a partner" || ok

finish cli_compare_engines
