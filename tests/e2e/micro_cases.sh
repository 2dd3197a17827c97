#!/usr/bin/env bash
# micro_cases.sh — puzzlebench-micro --cases: the cases a family marks as taking
# seconds are left out of a quick set, those of minutes or gigabytes out of the default
# set too, and all runs every one the filter selects; a bad set is refused, and so is
# an unknown flag, with its name, exit status 1 and nothing left allocated (the
# sanitizer build runs this too).
# usage: tests/e2e/micro_cases.sh PATH/TO/puzzlebench-micro
set -u
micro=$1
passed=0 failed=0
filter='cross8/count/(learn|backtrack/row|enum-all)/'
# list SET: the cases of SET that the filter selects, one line.
list() { "$micro" --cases "$1" --benchmark_filter="$filter" --benchmark_list_tests=true 2>/dev/null | sort | tr '\n' ' '; }
check() { if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: --cases $1: $2, expected $3" >&2; fi; }
b=notouch/cross8/count/backtrack/row/real_time e=notouch/cross8/count/enum-all/real_time
l=notouch/cross8/count/learn/real_time
check quick "$(list quick)" "$b "
check default "$(list default)" "$b $l "
check all "$(list all)" "$b $e $l "
if "$micro" --cases bogus 2>"${TMPDIR:-/tmp}/micro_cases.$$"; then check bogus "exit 0" "exit 1"; else
    check bogus "$(cat "${TMPDIR:-/tmp}/micro_cases.$$")" "puzzlebench-micro: --cases expects all, default or quick, got 'bogus'"; fi
"$micro" --json "${TMPDIR:-/tmp}/micro_cases.$$.json" --bogus 2>"${TMPDIR:-/tmp}/micro_cases.$$"
check --bogus "exit $? $(tr '\n' '|' <"${TMPDIR:-/tmp}/micro_cases.$$")" \
    "exit 1 $micro: error: unrecognized command-line flag: --bogus|puzzlebench-micro: see --help|"
rm -f "${TMPDIR:-/tmp}/micro_cases.$$" "${TMPDIR:-/tmp}/micro_cases.$$.json"
echo "micro_cases: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
