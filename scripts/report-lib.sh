# report-lib.sh — helpers shared by scripts/report.sh and the family sections
# (kakuro-report.sh, tenpair-report.sh; sourced, not run): a section script's
# start, reading .meta files, markdown escaping, the meta line that ends a section,
# and the awk number formatters. Defines functions and variables
# only; expects LC_ALL=C and `set -euo pipefail` from the caller. meta_line reads
# the caller's $primary_meta (the .meta file of the report's environment table).
# shellcheck shell=bash disable=SC2034  # the variables are for the sourcing scripts

STD_KEYS="date commit host cpu packages cores pus compiler flags build_type threads bind"

# CSV_READ_AWK — the start of an awk program that reads a result CSV: fields by
# header name in col[], the columns named in the variable need checked (exit 2 and
# a message naming the variable file when one is missing), blank lines, carriage
# returns and repeated headers skipped; output tab-separated. The caller appends
# its rules for the data rows.
# shellcheck disable=SC2016
CSV_READ_AWK='
BEGIN { FS = ","; OFS = "\t" }
{ sub(/\r$/, "") }
/^[ \t]*$/ { next }
!hs {
    for (i = 1; i <= NF; i++) col[$i] = i
    nn = split(need, nd, " ")
    for (i = 1; i <= nn; i++) if (!(nd[i] in col)) {
        printf "%s: no column \"%s\" in the header\n", file, nd[i] > "/dev/stderr"; bad = 1; exit 2
    }
    hs = 1; hdr = $0; next
}
$0 == hdr { next }
'

# report_options USAGE "$@" — the report scripts' options: --no-plots sets
# noplots=1, --help prints the script's header comment; what follows the options
# is left in the array rest. USAGE names the arguments, for the error message.
# shellcheck disable=SC2154  # prog: set by the sourcing script
report_options() {
    local usage=$1
    shift
    noplots=0
    while [ $# -gt 0 ]; do
        case $1 in
            --no-plots) noplots=1; shift ;;
            -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
            --) shift; break ;;
            -*) die "unknown option $1 (usage: $prog [--no-plots] $usage)" ;;
            *) break ;;
        esac
    done
    rest=("$@")
}

# section_start NAME "$@" — what a family's section script does first: parses
# [--no-plots] RESULTS_DIR (--help prints the script's header comment) and sets
# noplots, plotmode, dir, plots, primary_meta (from PB_PRIMARY_META, which
# report.sh sets) and tmp, a temporary folder removed on exit with the section's half-drawn plots
# (plots/.NAME-*.tmp.PID.png). Needs the caller's die and prog.
# shellcheck disable=SC2154  # prog: set by the sourcing script
section_start() {
    local name=$1
    shift
    report_options "RESULTS_DIR" "$@"
    [ ${#rest[@]} -eq 1 ] || die "usage: $prog [--no-plots] RESULTS_DIR"
    dir=${rest[0]}
    [ -d "$dir" ] || die "results directory '$dir' does not exist"
    plots=$dir/plots
    primary_meta=${PB_PRIMARY_META:-}
    [ -z "$primary_meta" ] || [ -r "$primary_meta" ] || primary_meta=
    plotmode=draw # draw, link (--no-plots: show the plots already there) or none
    if [ "$noplots" = 1 ]; then plotmode="link"
    elif ! command -v gnuplot >/dev/null 2>&1; then plotmode="none"
    fi
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/pb$name.XXXXXX")
    # shellcheck disable=SC2064  # name and the PID are fixed now; tmp and plots too
    trap "rm -rf '$tmp'; rm -f '$plots'/.$name-*.tmp.$$.png" EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# The plot helpers of the section scripts (after section_start).
# gq STRING — STRING as a single-quoted gnuplot string.
gq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }
TERM_FONT="enhanced font 'Sans,11' linewidth 1.5"

# run_gnuplot SCRIPT NAME — draws plots/NAME through a hidden temporary file.
# The script writes to the file named by the gnuplot variable OUT.
# shellcheck disable=SC2154  # plots, tmp: set by section_start
run_gnuplot() {
    local gp=$1 name=$2 part=$plots/.${2%.png}.tmp.$$.png
    mkdir -p "$plots"
    if gnuplot -e "OUT=$(gq "$part")" "$gp" 2>"$tmp/gnuplot.err" && [ -s "$part" ]; then
        mv -f "$part" "$plots/$name"
        grep -v -i 'warning' "$tmp/gnuplot.err" >&2 || true
        return 0
    fi
    rm -f "$part" "$plots/$name"
    warn "gnuplot failed on $name: $(grep -v -i warning "$tmp/gnuplot.err" | head -n 1)"
    return 1
}

# image NAME ALT — the markdown image line for plots/NAME, or why there is none.
image() {
    if [ "$plotmode" = none ]; then return 0; fi
    if [ -f "$plots/$1" ]; then echo "![$2](plots/$1)"
    else echo "_(plot plots/$1 not generated)_"; fi
    echo
}

# drop NAME... — removes plots that would be stale (their data is gone).
drop() { if [ "$plotmode" = draw ]; then for p in "$@"; do rm -f "$plots/$p"; done; fi; }

# meta_get FILE KEY — the value of KEY (text after the first "="), or nothing.
meta_get() {
    [ -r "$1" ] || return 0
    awk -v k="$2" '{ sub(/\r$/, "") } index($0, "=") { if (substr($0, 1, index($0, "=") - 1) == k) { print substr($0, index($0, "=") + 1); exit } }' "$1"
}

# md STRING — STRING with "|" escaped for a markdown table cell.
md() { printf '%s' "$1" | sed 's/|/\\|/g'; }

# meta_line FILE [SHOW_KEYS] — "key=value" of FILE's non-standard keys, and of
# standard keys that differ from the primary meta file, as one markdown line (or
# nothing). With SHOW_KEYS (e.g. "commit date cpu threads") the line starts with
# "`FILE`: " and those keys, always, in that order; they are then not repeated
# among the differences, and without a primary meta file no differences are
# listed (there is no environment above to differ from).
meta_line() {
    local f=$1 show=${2:-}
    [ -r "$f" ] || { echo "_(no ${f##*/})_"; return; }
    awk -v std="$STD_KEYS" -v pm="${primary_meta:-}" -v show="$show" -v fname="${f##*/}" '
        function esc(s) { gsub(/\|/, "\\|", s); gsub(/`/, "\047", s); return s }
        BEGIN {
            n = split(std, a, " "); for (i = 1; i <= n; i++) isstd[a[i]] = 1
            ns = split(show, sk, " "); for (i = 1; i <= ns; i++) isshow[sk[i]] = 1
            if (pm != "") while ((getline l < pm) > 0) {
                sub(/\r$/, "", l); e = index(l, "=")
                if (e) prim[substr(l, 1, e - 1)] = substr(l, e + 1)
            }
        }
        { sub(/\r$/, "") }
        !index($0, "=") { next }
        { k = substr($0, 1, index($0, "=") - 1); v = substr($0, index($0, "=") + 1) }
        k in isshow { if (!(k in sv)) sv[k] = v; next }
        {
            if (!(k in isstd)) extra = extra (extra == "" ? "" : ", ") "`" esc(k "=" v) "`"
            else if (ns && pm == "") next
            else if (!(k in prim) || prim[k] != v) diff = diff (diff == "" ? "" : ", ") "`" esc(k "=" v) "`"
        }
        END {
            s = ""
            if (ns) {
                for (i = 1; i <= ns; i++) s = s (i > 1 ? ", " : "") "`" esc(sk[i] "=" ((sk[i] in sv) ? sv[sk[i]] : "?")) "`"
                s = "`" esc(fname) "`: " s "."
            }
            if (extra != "") s = s (s == "" ? "" : " ") "Run parameters: " extra "."
            if (diff != "") s = s (s == "" ? "" : " ") "Differs from the environment above: " diff "."
            if (s != "") print s
        }' "$f"
}

# fmt helpers for awk programs
AWK_FMT='
function fs(x) { if (x == "-" || x == "") return "-"; if (x + 0 != 0 && x + 0 < 1e-6 && x + 0 > -1e-6) return sprintf("%.3g", x); return sprintf("%.6f", x) }
function fi(x) { if (x == "-" || x == "") return "-"; return sprintf("%.0f", x) }
function esc(s) { gsub(/\|/, "\\|", s); return s }
'

# Number formatting for the per-puzzle tables: about four significant digits.
AWK_NUM='
function num(x,    v) {
    if (x == "-" || x == "") return "-"
    v = x + 0; if (v < 0) v = -v
    if (v >= 1000 || v == 0) return sprintf("%.0f", x)
    if (v >= 100) return sprintf("%.1f", x)
    if (v >= 1) return sprintf("%.2f", x)
    return sprintf("%.3g", x)
}
function ratio(a, b) { if (a == "-" || b == "-" || a == "" || b == "" || b + 0 <= 0) return "n/a"; return sprintf("%.2fx", a / b) }
'
