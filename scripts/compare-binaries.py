#!/usr/bin/env python3
"""compare-binaries.py — times two puzzlebench binaries side by side on the same work,
in pairs (A B, then B A, alternately, so drift and a noisy neighbour hit both alike),
and says how their times compare: per case the median of each, the median of the
pair ratios NEW/OLD with a distribution-free 95% confidence interval (order
statistics of the ratios, as for a sign test), and whether the steps agree.

The times are the binaries' own: `elapsed_s` for a file of puzzles, else `wall_s`
from the stats line, so process start-up is left out. Both run pinned to one CPU
(taskset): on a small virtual machine a process that moves between vCPUs runs at
two speeds, 1.6x apart, and the ratios then say nothing.

usage: scripts/compare-binaries.py OLD NEW [--rounds N] [--cpu K] [--case NAME ...]
"""

import argparse
import math
import os
import shutil
import subprocess
import sys

# name: the command line after the binary.
CASES = {
    "sudoku-batch-logic": ["solve", "sudoku", "data/sudoku/9x9-batch.txt"],
    "sudoku-expert-propagate-mrv": ["solve", "sudoku", "data/sudoku/9x9-expert.txt",
                                    "--engine", "propagate", "--order", "mrv"],
    "notouch-3x4-count-propagate": ["count", "notouch", "3x4", "--engine", "propagate"],
    "notouch-3x4-count-backtrack": ["count", "notouch", "3x4", "--engine", "backtrack"],
    "notouch-2x6-count-propagate-mrv": ["count", "notouch", "2x6", "--engine", "propagate",
                                        "--order", "mrv"],
    "notouch-3x4-count-value-order": ["count", "notouch", "3x4", "--engine", "value-order"],
    "notouch-2x7-count-path-dp": ["count", "notouch", "2x7", "--engine", "path-dp"],
}


def run(pin, binary, args):
    """(seconds, steps) of one run, from its stats line."""
    out = subprocess.run(pin + [binary] + args, capture_output=True, text=True, check=False).stdout
    line = [l for l in out.splitlines() if l.startswith("solutions=")][-1]
    fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
    secs = float(fields.get("elapsed_s", fields["wall_s"]))
    return secs, int(fields["steps"])


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def median_ci(values, level=0.95):
    """The distribution-free interval of the median: the k-th smallest and k-th largest
    values, k the largest rank with P(Binomial(n, 1/2) < k) <= (1 - level) / 2."""
    v = sorted(values)
    n = len(v)
    tail, k = 0.0, 0
    while True:
        p = math.comb(n, k) / 2**n
        if tail + p > (1 - level) / 2:
            break
        tail += p
        k += 1
    if k == 0:
        return None
    return v[k - 1], v[n - k]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--case", action="append", choices=sorted(CASES))
    ap.add_argument("--cpu", type=int, default=os.cpu_count() - 1,
                    help="the CPU both run on (default the last); -1: not pinned")
    a = ap.parse_args()
    pin = ["taskset", "-c", str(a.cpu)] if a.cpu >= 0 and shutil.which("taskset") else []
    print(f"pinned to CPU {a.cpu}" if pin else "not pinned", f"{a.rounds} rounds")
    cases = a.case or list(CASES)
    print(f"{'case':34} {'old s':>10} {'new s':>10} {'new/old':>8}  95% CI of the ratio   steps")
    for name in cases:
        args = CASES[name]
        old_t, new_t, ratios, same = [], [], [], True
        for r in range(a.rounds):
            order = [(a.old, old_t), (a.new, new_t)]
            if r % 2:
                order.reverse()
            steps = []
            for binary, times in order:
                t, s = run(pin, binary, args)
                times.append(t)
                steps.append(s)
            same &= steps[0] == steps[1]
            ratios.append(new_t[-1] / old_t[-1])
        ci = median_ci(ratios)
        ci_text = f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "(too few rounds)"
        print(f"{name:34} {median(old_t):10.6f} {median(new_t):10.6f} {median(ratios):8.3f}  "
              f"{ci_text:20} {'same' if same else 'DIFFER'}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
