#!/usr/bin/env bash
# docs_examples.sh — runs every example of README.md and docs/*.md as written, and
# fails if one fails. The convention (docs/cli.md, "How the examples are tested"):
#   ```sh                a block that runs: each command must exit 0
#   ```sh norun          shown, never run (the long jobs, other machines); say why
#   ```sh needs=T1,T2    runs only where the tools T1, T2 are on PATH (else a note);
#                        needs=mpirun is also skipped with --no-mpi (a build without
#                        MPI)
# ```sh-norun is read as ```sh norun. Every other fence (```, ```text, ...) is output
# or a file's content, never run.
# The blocks of one file run in order, each as one bash script (set -euo pipefail),
# in a scratch folder of that file's own that stands in for the repository root:
# copies of data/ and results/ (so that no example writes into the sources) and links
# to the read-only scripts/, bench/ and tests/, with the binary's folder first on
# PATH, so `puzzlebench ...` and `data/...` work as written.
# Usage: docs_examples.sh PUZZLEBENCH SOURCE_DIR [--no-mpi]
set -u
pb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
no_mpi=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PATH="$(dirname "$pb"):$PATH"
export PATH OMP_WAIT_POLICY=PASSIVE
passed=0 failed=0 skipped=0

# extract FILE: writes $tmp/blocks/N.sh for each block to run, and N.where (FILE:LINE
# and the block's needs), numbered in order.
extract() {
    awk -v out="$tmp/blocks" -v file="$1" -v start="$(find "$tmp/blocks" -name '*.sh' | wc -l)" '
        BEGIN { n = start }
        !inb && /^```/ {
            inb = 1; info = substr($0, 4); run = 0; needs = ""
            k = split(info, w, /[ \t]+/)
            if (w[1] == "sh") {
                run = 1
                for (i = 2; i <= k; i++) {
                    if (w[i] == "norun") run = 0
                    else if (w[i] ~ /^needs=/) needs = substr(w[i], 7)
                }
            } else if (w[1] == "sh-norun") run = 0
            if (run) {
                n++
                f = sprintf("%s/%04d.sh", out, n)
                printf "%s:%d %s\n", file, NR, needs > sprintf("%s/%04d.where", out, n)
            }
            next
        }
        inb && /^```/ { inb = 0; if (run) close(f); run = 0; next }
        inb && run { print > f }
    ' "$src/$1"
}

# root FILE: prints the scratch root of FILE's blocks, made on first use.
root() {
    local r="$tmp/root-${1//\//-}"
    if [ ! -d "$r" ]; then
        mkdir -p "$r"
        cp -R "$src/data" "$src/results" "$r/"
        for d in scripts bench tests; do ln -s "$src/$d" "$r/$d"; done
    fi
    echo "$r"
}

# The README's own rules (issue 33): at most 300 lines, no commit hash, no measured
# figure (a number with a unit of time or memory); and every relative link of the
# README and docs/ leads to a file that exists and, with #anchor, to one of its
# headings (GitHub's slugs).
python3 - "$src" <<'PY' || failed=$((failed + 1))
import pathlib, re, sys
src = pathlib.Path(sys.argv[1])
bad = []
readme = (src / "README.md").read_text()
if len(readme.splitlines()) > 300:
    bad.append(f"README.md: {len(readme.splitlines())} lines, over 300")
for n, line in enumerate(readme.splitlines(), 1):
    for m in re.finditer(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b", line):
        bad.append(f"README.md:{n}: a commit hash? '{m.group(0)}'")
    for m in re.finditer(r"\d[\d.,]*\s?(ns|µs|us|ms|s|sec|seconds|min|minutes|h|hours|[KMG]i?B)\b", line):
        bad.append(f"README.md:{n}: a measured figure? '{m.group(0)}'")

def slugs(path):
    out, fence = set(), False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r" ", "-", re.sub(r"[^\w\- ]", "", title)))
    return out

for doc in [src / "README.md"] + sorted((src / "docs").glob("*.md")):
    text = doc.read_text()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        name = doc.relative_to(src)
        if not dest.exists():
            bad.append(f"{name}: link to a missing file: {target}")
        elif anchor and dest.suffix == ".md" and anchor not in slugs(dest):
            bad.append(f"{name}: link to a missing heading: {target}")
for b in bad:
    print("FAIL", b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY

mkdir -p "$tmp/blocks"
files=(README.md)
for f in "$src"/docs/*.md; do files+=("docs/$(basename "$f")"); done
for f in "${files[@]}"; do extract "$f"; done

t_all=$SECONDS
for b in "$tmp"/blocks/*.sh; do
    read -r where needs <"${b%.sh}.where"
    missing=
    for t in ${needs//,/ }; do
        command -v "$t" >/dev/null || missing+=" $t"
        [ "$t" = mpirun ] && [ "$no_mpi" = --no-mpi ] && missing+=" mpirun (--no-mpi: a build without MPI)"
    done
    if [ -n "$missing" ]; then
        skipped=$((skipped + 1))
        echo "skip $where: needs$missing"
        continue
    fi
    t0=$SECONDS
    # shellcheck disable=SC2016 # $BASH_COMMAND is the inner shell's
    (cd "$(root "${where%:*}")" && timeout 60 bash -c 'set -euo pipefail
        trap '\''echo "failed command: $BASH_COMMAND" >&2'\'' ERR
        . "$0"' "$b") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok   $where ($((SECONDS - t0)) s)"
    else
        failed=$((failed + 1))
        echo "FAIL $where: exit $rc$([ "$rc" -eq 124 ] && echo ' (over 60 s)'); the block:" >&2
        sed 's/^/    /' "$b" >&2
        echo "  its stderr (last 10 lines):" >&2
        tail -n 10 "$tmp/err" | sed 's/^/    /' >&2
    fi
done
# What the README's examples write beside the sources is in .gitignore, so that the
# tour leaves `git status` clean (checked where the sources are a git checkout).
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    for p in "$tmp/root-README.md"/*; do
        name=${p##*/}
        case $name in data | results | scripts | bench | tests | '*') continue ;; esac
        [ -d "$p" ] && name+=/
        git -C "$src" check-ignore -q --no-index -- "$name" ||
            { failed=$((failed + 1)) && echo "FAIL README.md's examples write $name, which .gitignore leaves out" >&2; }
    done
fi
echo "docs_examples: $passed blocks passed, $failed failed, $skipped skipped ($((SECONDS - t_all)) s)"
[ "$passed" -gt 0 ] && [ "$failed" -eq 0 ]
