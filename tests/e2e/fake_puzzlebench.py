#!/usr/bin/env python3
"""A stand-in for build/puzzlebench in the analysis tests: `engines --csv` and
`families --csv` print a small fixed listing (notouch's engines and orders), and
`compare` answers as the contract says the program does, with simple made-up
statistics, after checking its input as the report hands it over:

- `compare FILE --by COL=A,B --csv`: the rows of COL=A (old) and COL=B (new) of
  FILE, paired on the other key columns; FILE's NAME.samples.csv must exist.
- `compare OLD NEW --csv`: rows paired on every key column.

In both, a row left without an equal key pairs, as the program's, with the one row
left that agrees with it on every key both have (a key value "-": the row lacks it);
the pair's key is the old row's.

Per pair: ratio = new median / old median, its interval ratio * [0.9, 1.1], the
verdict faster below 0.9, slower above 1.1, else ~; "-" when a side's status is
not done. The statistics here are no model of the program's: only the format is.
"""

import csv
import math
import sys
from pathlib import Path

ENGINES = """kind,family,name,caps,summary
engine,placement,enum-perm,first count last,every permutation
engine,placement,enum-all,first count last,every vector
engine,placement,backtrack,first count trace order parallel last,chronological backtracking
engine,placement,propagate,first count trace order parallel last,forward checking
engine,notouch,value-order,first count,the dual search
engine,notouch,path-dp,first count,dynamic programming
outside,placement,minisat,first,MiniSat as a child process
outside,placement,cadical,first,CaDiCaL as a child process
outside,placement,cadical-sat,first,CaDiCaL --sat as a child process
order,placement,row,,reading order
order,placement,degree,,most neighbours first
order,placement,mrv,,fewest remaining values
"""
FAMILIES = """name,default_engine,sweeps,summary
notouch,propagate,notouch notouch-parallel,place 1..N so that touching cells differ
"""
MEASURED = set("rep,status,solutions,steps,placements,backtracks,candidates,guesses,learnts,restarts,wall_s,puzzles,run_id,row,"
               "samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy,per_s,"
               "speedup_vs_qqwing,ref_s,cpu_s,peak_rss_bytes,stop".split(","))
STATS = ("old_samples,old_median_s,old_lo_s,old_hi_s,old_cv,new_samples,new_median_s,new_lo_s,new_hi_s,new_cv,"
         "ratio,ratio_lo,ratio_hi,p_value,verdict,old_steps,new_steps,steps_ratio,method,n,bound,q_value").split(",")


def fail(message):
    print(f"puzzlebench: {message}", file=sys.stderr)
    sys.exit(2)


def read(path):
    path = Path(path)
    samples = path.with_name(path.stem + ".samples.csv")
    if not samples.exists():
        fail(f"{samples}: cannot read the raw samples")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return rows, [c for c in rows[0].keys() if c not in MEASURED] if rows else []


def side(row):
    return [row["samples"], row["median_s"], row["median_lo_s"], row["median_hi_s"], row["cv"]]


def pair_line(key, old, new):
    r = float(new["median_s"]) / float(old["median_s"])
    done = old.get("status", "done") == "done" and new.get("status", "done") == "done"
    verdict = "-" if not done else "faster" if r < 0.9 else "slower" if r > 1.1 else "~"
    if "steps" in old:
        steps = [old["steps"], new["steps"], "%.6g" % (float(new["steps"]) / float(old["steps"]))]
    else:
        steps = ["", "", ""]
    stats = ["%.6g" % r, "%.6g" % (0.9 * r), "%.6g" % (1.1 * r),
             "0.01" if verdict in ("faster", "slower") else "0.5", verdict]
    how = ["independent" if done else "", old["samples"] if done else "0", "", stats[3] if done else ""]
    return key + side(old) + side(new) + stats + steps + how, (r if done else None)


def main(argv):
    if argv[:2] == ["engines", "--csv"]:
        sys.stdout.write(ENGINES)
        return 0
    if argv[:2] == ["families", "--csv"]:
        sys.stdout.write(FAMILIES)
        return 0
    if not argv or argv[0] != "compare" or "--csv" not in argv:
        fail("the fake knows only engines --csv, families --csv and compare ... --csv")
    args = [a for a in argv[1:] if a != "--csv"]
    if "--by" in args:
        i = args.index("--by")
        column, values = args[i + 1].split("=", 1)
        a, b = values.split(",")
        rows, keys = read(args[0])
        keys = [k for k in keys if k != column]
        olds = {tuple(r[k] for k in keys): r for r in rows if r[column] == a}
        news = {tuple(r[k] for k in keys): r for r in rows if r[column] == b}
    else:
        old_rows, keys = read(args[0])
        new_rows, _ = read(args[1])
        olds = {tuple(r[k] for k in keys): r for r in old_rows}
        news = {tuple(r[k] for k in keys): r for r in new_rows}
    for key in [k for k in olds if k not in news]:
        near = [n for n in news if n not in olds and all(a == b or "-" in (a, b) for a, b in zip(key, n))]
        if len(near) == 1:
            news[key] = news.pop(near[0])
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(keys + STATS)
    logs = []
    for key, old in olds.items():
        if key in news:
            line, r = pair_line(list(key), old, news[key])
            out.writerow(line)
            if r:
                logs.append(math.log(r))
    geomean = "%.6g" % math.exp(sum(logs) / len(logs)) if logs else ""
    out.writerow(["geomean"] + [""] * (len(keys) - 1) + [""] * 10 + [geomean] + [""] * 11)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
