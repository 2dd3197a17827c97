#!/usr/bin/env python3
"""Tests of the analysis tool's ladder section (scripts/analysis/sections/ladder.py) on
hand-made rows: the first rung that solves every instance, totals with lower bounds,
the targets' ratios, a family's second ladder file, learn against logic from the
micro-benchmarks, and a sweep's isomorphic copies summed with their spread, their
per-puzzle rows in the puzzles' order.

Run: python3 tests/e2e/test_analysis_ladder.py
"""

import dataclasses
import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import *  # noqa: F401,F403 (paths, fixtures, the analysis modules)


class Ladder(unittest.TestCase):
    """The sweeps the ladder section reads (a family module's READS): the first rung that
    solves every instance, totals with lower bounds, and the targets' ratios, on
    hand-made rows."""

    HEADER = ("family,instance,cells,engine,order,mode,threads,rep,status,solutions,steps,placements,backtracks,"
              "candidates,guesses,learnts,restarts,wall_s,puzzles,run_id,row,samples,runs_per_sample,min_s,median_s,"
              "mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy,ref_s")

    def section(self, rows, limit="10", micro=None, apart=(), family="latin"):
        """apart: the rows of a second ladder file of the family, latin-more.csv. family
        sudoku names a row's instance SET#PARAM (a puzzle of a file) and has levels."""
        from analysis.context import Context
        from analysis.markdown import Image
        from analysis.sections import ladder
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            for name, these in ((f"{family}-ladder", rows), (f"{family}-more", apart)):
                if not these:
                    continue
                lines = [self.HEADER]
                for i, (set_, param, tool, st, bt, t, *copy) in enumerate(these):
                    n = 1 if st == "limit" else 3
                    lo, hi = ("", "") if n == 1 else (t * 0.9, t * 1.1)
                    suffix = f".copy{copy[0]}" if copy and copy[0] else ""
                    instance = f"{set_}#{param}" if family == "sudoku" else f"{set_}-{param}-s1-i0"
                    lines.append(f"{family},{instance}{suffix},900,{tool},-,first,1,0,{st},{int(st == 'done')},"
                                 f"{bt * 2},{bt},{bt},0,{bt},0,0,{t},1,{RUN_ID},{i},{n},1,{t},{t},{t},0,0,{lo},{hi},"
                                 "0,")
                write_results(tmp, name, lines[0], lines[1:], f"run_id={RUN_ID}\ncommit=abc123\ntime_limit_s={limit}\n")
            if micro:
                cases = [{"name": f"sudoku/9x9-bench/{e}/real_time", "run_name": f"sudoku/9x9-bench/{e}/real_time",
                          "run_type": "iteration", "real_time": t, "time_unit": "us"}
                         for e, ts in micro.items() for t in ts]
                (tmp / "micro.json").write_text(json.dumps({"benchmarks": cases}))
            # Two families, each with its section's ladder part (the targets are theirs).
            families = [{"name": f, "default_engine": "-", "sweeps": "", "summary": ""}
                        for f in ("latin", "sudoku")]
            # sudoku's levels, as `puzzlebench engines --csv` lists them: a family with levels.
            levels = "".join(f"level,sudoku,{lv},,\n" for lv in ("simple", "easy", "intermediate", "expert"))
            listing = fake_listing(families, levels)
            ctx = Context(tmp, listing, False, str(FAKE))
            # latin's section, its reads giving the ladder latin-more too.
            ctx.sections = sections.family_sections(listing.families)
            ctx.sections[family] = dataclasses.replace(ctx.sections[family],
                                                       reads={"ladder": (f"{family}-ladder", f"{family}-more")})
            # The ladder's cactus plots are Images: "_(plot ... not generated)_" here.
            return "\n".join(l.render(tmp / "plots") if isinstance(l, Image) else l for l in ladder.section(ctx))

    def test_rungs_totals_and_targets(self):
        text = self.section([
            ("qwh-30", "0.40", "propagate", "limit", 2000000, 10.0),
            ("qwh-30", "0.40", "alldiff", "done", 100, 0.02),
            ("qwh-30", "0.80", "propagate", "done", 300, 0.01),
            ("qwh-30", "0.80", "alldiff", "done", 0, 0.03),
            ("qwh-40", "0.40", "learn", "done", 5000, 2.0),
            ("qwh-40", "0.40", "cadical", "done", 900, 1.0),
            ("qwh-40", "0.50", "learn", "done", 6000, 3.0),
            ("qwh-40", "0.50", "cadical", "done", 800, 1.5),
        ])
        # propagate stops at 0.40 on qwh-30: alldiff is the first rung to solve all there;
        # qwh-40 ran learn only, which solves both.
        self.assertIn("no rung of the ladder solves all 4 instances within 10 s", text)
        self.assertIn("First rung solving every instance, per set: `qwh-30`: alldiff, `qwh-40`: learn.", text)
        self.assertIn("cadical solves 2 of 4", text)
        # totals: a stopped run counts with what it used, and the total is then a bound
        self.assertIn("| propagate | 1/2 | ≥ 10.0 s | - | - |", text)
        self.assertIn("| learn | - | - | 2/2 | 5.00 s [4.50, 5.50] |", text)
        self.assertIn("| cadical (outside) | - | - | 2/2 | 2.50 s [2.25, 2.75] |", text)
        # per instance: median [range] · backtracks, ≥ for the stopped run
        self.assertIn("| 0.40 | ≥ 10.0 s · ≥ 2,000,000 | 20.0 ms [18.0, 22.0] · 100 |", text)
        self.assertIn("propagate: stopped at the limit at 0.40 (the peak among them, or below the lowest fraction run)", text)
        self.assertIn("learn: 0.50; cadical: 0.40 (the lowest fraction run: the peak may lie below it).", text)
        # the targets
        self.assertIn("alldiff takes ≥ 20,000× fewer backtracks (goal: at least 10× fewer: met).", text)
        self.assertIn("On the one square of the set where both backtracked: ≥ 20,000× fewer backtracks.", text)
        # a set's table has the columns of the tools that ran on it
        self.assertIn("| hole fraction | propagate | alldiff |\n", text)
        # Each run's interval is [0.9, 1.1] x its time: 2x slower at the goal, but the
        # bounds reach past it, so the samples do not settle it.
        self.assertIn("2/2 solved in 5.00 s [4.50, 5.50] against 2/2 in 2.50 s [2.25, 2.75]: learn is 2.00× slower "
                      "[1.64×, 2.44×] (goal: at most 2× slower: not settled by the bounds)", text)

    def test_copies_summed_with_their_spread(self):
        # Each puzzle in 3 orientations (the sweep key copies): totals over all, the
        # ratio on the originals alone beside them, and the spread over orientations.
        rows = []
        for tool, param, bts, t in (("learn", "0.40", (1000, 3000, 2000), 1.0), ("learn", "0.50", (100, 100, 100), 0.1),
                                    ("cadical", "0.40", (500, 4000, 1500), 0.5),
                                    ("cadical", "0.50", (200, 400, 100), 0.2)):
            rows += [("qwh-40", param, tool, "done", bt, t, c) for c, bt in enumerate(bts)]
        # A third tool stopped at the limit leaves learn against cadical as it is.
        rows.append(("qwh-40", "0.40", "minisat", "limit", 50, 10.0, 0))
        # An outside solver stopped has no conflicts (0): its range is that of the
        # orientations that finished, and says how many stopped.
        rows += [("qwh-40", "0.50", "minisat", "limit", 0, 10.0, 0), ("qwh-40", "0.50", "minisat", "done", 700, 1.0, 1),
                 ("qwh-40", "0.50", "minisat", "done", 300, 1.0, 2)]
        text = self.section(rows)
        self.assertNotIn("drawn again", text)  # two puzzles: too few to draw from
        self.assertIn("| 0.50 | 300 ms [270, 330] · 300 [100, 100] | 600 ms [540, 660] · 700 [100, 400] | ≥ 12.0 s · "
                      "≥ 1,000 [300, 700; 1 stopped] |", text)
        self.assertIn("| 0.40 | 3.00 s [2.70, 3.30] · 6,000 [1,000, 3,000] | 1.50 s [1.35, 1.65] · 6,000 [500, 4,000] | "
                      "≥ 10.0 s · ≥ 50 [-; 1 stopped] |", text)
        self.assertIn("Each puzzle ran in 3 orientations: as given and as 2 isomorphic copies", text)
        self.assertIn("| `qwh-40` | learn | 6/6 | 3.30 s [2.97, 3.63] | 6,300 | - | - | median 2.00×, largest 3.00× (of 2 puzzles) |",
                      text)
        self.assertIn("| `qwh-40` | cadical | 6/6 | 2.10 s [1.89, 2.31] | 6,700 | 1.57× slower [1.29×, 1.92×] | 1.06× fewer | median 6.00×, largest "
                      "8.00× (of 2 puzzles) |", text)
        self.assertIn("6/6 solved in 3.30 s [2.97, 3.63] against 6/6 in 2.10 s [1.89, 2.31]: learn is 1.57× slower "
                      "[1.29×, 1.92×] (goal: at most 2× slower: met). Conflicts: 6,300 against 6,700: learn takes 1.06× fewer conflicts. On the hardest "
                      "puzzle for cadical, hole fraction 0.40: 6,000 conflicts against 6,000: learn takes 1.00× fewer "
                      "(goal: at most 2× more: met on this one). Totals over 3 "
                      "orientations of each puzzle (the puzzle and 2 isomorphic copies). On the puzzles as given "
                      "alone, learn would take 1.57× more conflicts. Spread of the conflicts over a puzzle's "
                      "orientations: learn median 2.00×, largest 3.00× (of 2 puzzles); cadical median 6.00×, largest 8.00× (of "
                      "2 puzzles).", text)

    def test_puzzles_and_orientations_drawn_again(self):
        # Five puzzles or more, every run finished: the ratio's interval with the set
        # drawn again (a two-stage bootstrap). learn at half cadical's time on every
        # orientation leaves no room either way.
        rows = [("qwh-40", f"0.4{p}", tool, "done", 100, t, c)
                for p in range(5) for c in (0, 1) for tool, t in (("learn", 1.0), ("cadical", 2.0))]
        text = self.section(rows)
        self.assertIn("With the 5 puzzles drawn again, and each drawn puzzle's orientations (a two-stage bootstrap, "
                      "10,000 draws), learn's time against cadical's: 2.00× faster [2.00×, 2.00×] (95%)", text)
        self.assertIn("Totals over 2 orientations of each puzzle (the puzzle and 1 isomorphic copy).", text)
        # One puzzle's orientations differ: the interval holds both of its ratios' pull,
        # and the same files give the same interval.
        rows[-4:] = [("qwh-40", "0.44", "learn", "done", 100, 8.0, 0), ("qwh-40", "0.44", "cadical", "done", 100, 2.0, 0),
                     ("qwh-40", "0.44", "learn", "done", 100, 1.0, 1), ("qwh-40", "0.44", "cadical", "done", 100, 2.0, 1)]
        first, again = self.section(rows), self.section(rows)
        line = [l for l in first.splitlines() if "drawn again" in l]
        self.assertEqual(len(line), 1)
        self.assertIn(line[0], again)
        self.assertRegex(line[0], r"learn's time against cadical's: 1\.18× faster \[[0-9.]+× faster, [0-9.]+× slower\] "
                                  r"\(95%\)")
        # A run stopped at the limit: the totals are bounds, and nothing is drawn.
        rows[0] = ("qwh-40", "0.40", "learn", "limit", 100, 10.0, 0)
        self.assertNotIn("drawn again", self.section(rows))

    def test_copies_per_puzzle_rows_in_puzzle_order(self):
        # 12 puzzles of a file, each in 2 orientations, in a family with levels: the
        # per-puzzle rows go 0, 1, 2, ..., 10, 11 (by number), not 0, 1, 10, 11, 2.
        rows = [("25x25-hard", str(p), tool, "done", 100 + p, 0.5, c)
                for p in range(12) for tool in ("learn", "cadical") for c in (0, 1)]
        text = self.section(rows, family="sudoku")
        self.assertIn("`25x25-hard`, per puzzle (puzzle (from 0)), over its 2 orientations", text)
        lines = text.splitlines()
        start = lines.index("| puzzle (from 0) | learn | cadical |")
        firsts = [l.split(" | ")[0].lstrip("| ") for l in lines[start + 2:start + 14]]
        self.assertEqual(firsts, [str(p) for p in range(12)])
        self.assertIn("| 10 | 1.00 s [0.900, 1.10] · 220 [110, 110] | 1.00 s [0.900, 1.10] · 220 [110, 110] |", text)

    def test_a_second_ladder_file_of_a_family(self):
        # learn's set apart in a file of its own: its part is named, and the target
        # takes its rows with the ladder's
        text = self.section([("qwh-30", "0.40", "alldiff", "done", 100, 0.02),
                             ("qwh-40", "0.40", "cadical", "done", 900, 2.0)],
                            apart=[("qwh-40", "0.40", "learn", "done", 5000, 5.0)])
        self.assertIn("### latin: a first solution\n", text)
        self.assertIn("### latin: a first solution (`latin-more`)\n", text)
        self.assertIn("1/1 solved in 5.00 s [4.50, 5.50] against 1/1 in 2.00 s [1.80, 2.20]: learn is 2.50× slower "
                      "[2.05×, 3.06×] (goal: at most 2× slower: missed)", text)

    def test_learn_against_logic_from_micro(self):
        rows = [("qwh-30", "0.40", "alldiff", "done", 100, 0.02)]
        text = self.section(rows, micro={"learn": [80, 90, 100], "logic": [10, 11, 12]})
        self.assertIn("learn is 8.18× slower (the repetitions allow 6.67× to 10×; goal: within 10×: met)", text)
        text = self.section(rows, micro={"learn": [80, 90, 130], "logic": [10, 11, 12]})
        self.assertIn("(the repetitions allow 6.67× to 13×; goal: within 10×: not settled by these repetitions)", text)
        self.assertNotIn("learn against logic", self.section(rows))

    def test_alldiff_target_with_no_backtrack(self):
        text = self.section([
            ("qwh-30", "0.60", "propagate", "limit", 7000000, 10.0),
            ("qwh-30", "0.60", "alldiff", "done", 0, 0.03),
        ])
        self.assertIn("0 backtracks against ≥ 7,000,000: alldiff takes none at all: its filtering alone completes "
                      "the square (goal: at least 10× fewer: met).", text)

    def test_hardest_square(self):
        text = self.section([
            ("qwh-50", "0.30", "cadical", "limit", 0, 10.0),
            ("qwh-50", "0.60", "cadical", "done", 3000, 3.0),
            ("qwh-50", "0.30", "propagate", "limit", 10, 10.0),
            ("qwh-50", "0.60", "propagate", "limit", 10, 10.0),
            ("qwh-50", "0.30", "alldiff", "done", 10, 1.0),
            ("qwh-50", "0.60", "alldiff", "done", 50, 1.0),
        ])
        # a killed outside solver has no counts, and still stopped where it is hardest
        self.assertIn("propagate: at the limit on every square, not located; alldiff: 0.60; cadical: stopped at "
                      "the limit at 0.30 (the peak among them, or below the lowest fraction run).", text)

    def test_claims_on_held_out_sets(self):
        # latin's tuning sets (qwh-N) against its held-out ones (bqwh-N, balanced holes,
        # a ladder file of their own): each claim on both, and plainly where one that
        # holds on the tuning set does not hold on the held-out one.
        text = self.section([
            ("qwh-30", "0.40", "propagate", "limit", 2000000, 10.0),
            ("qwh-30", "0.40", "alldiff", "done", 100, 0.02),
            ("qwh-40", "0.40", "alldiff", "done", 50, 1.0),
            ("qwh-40", "0.40", "learn", "done", 5000, 1.5),
            ("qwh-40", "0.40", "cadical", "done", 900, 1.0),
        ], apart=[
            ("bqwh-30", "0.40", "propagate", "limit", 2000000, 10.0),
            ("bqwh-30", "0.40", "alldiff", "limit", 300000, 10.0),
            ("bqwh-30", "0.40", "learn", "done", 3000, 0.5),
            ("bqwh-40", "0.40", "alldiff", "done", 80, 1.0),
            ("bqwh-40", "0.40", "learn", "done", 9000, 6.0),
            ("bqwh-40", "0.40", "cadical", "done", 900, 2.0),
        ])
        self.assertIn("First rung solving every instance, per set: `bqwh-30`: learn, `bqwh-40`: alldiff.", text)
        self.assertIn("Tuning set: `qwh-N` (latin-ladder.sweep)", text)
        self.assertIn("- **learn against cadical** on `qwh-40` (tuning set): 1/1 solved in 1.50 s [1.35, 1.65] against "
                      "1/1 in 1.00 s [0.900, 1.10]: learn is 1.50× slower [1.23×, 1.83×] (goal: at most 2× slower: "
                      "met).", text)
        self.assertIn("- **learn against cadical** on `bqwh-40` (held-out set, balanced holes): 1/1 solved in 6.00 s "
                      "[5.40, 6.60] against 1/1 in 2.00 s [1.80, 2.20]: learn is 3.00× slower [2.45×, 3.67×] (goal: at "
                      "most 2× slower: missed).", text)
        self.assertIn("- **alldiff against propagate** on `bqwh-30` (held-out set, balanced holes) at propagate's "
                      "hardest square (hole fraction 0.40): ≥ 300,000 backtracks against ≥ 2,000,000", text)
        self.assertIn("### The claims on held-out data\n\n"
                      "- latin: `bqwh-30` (held-out set, balanced holes) against `qwh-30` (tuning set): the first "
                      "rung that solves every instance is alldiff on the tuning set and learn on the held-out set "
                      "(**does not hold** on the held-out set: alldiff does not solve every instance); the alldiff "
                      "against propagate target is met on the tuning set and not settled by the bounds on the "
                      "held-out set.\n"
                      "- latin: `bqwh-40` (held-out set, balanced holes) against `qwh-40` (tuning set): the first "
                      "rung that solves every instance is alldiff on the tuning set and alldiff on the held-out set "
                      "(holds); the learn against cadical target is met on the tuning set and missed on the "
                      "held-out set (**does not hold** on the held-out set).", text)
        # Without the held-out file, the claims are said unchecked on held-out data.
        text = self.section([("qwh-30", "0.40", "alldiff", "done", 100, 0.02)])
        self.assertIn("- latin: `bqwh-30` (held-out set, balanced holes) against `qwh-30` (tuning set): the held-out "
                      "set has no rows in this run; the claims on `qwh-30` are not checked on held-out data.", text)

    def test_a_set_of_ones_own_held_to_the_learn_target(self):
        # sudoku holds a set it names nowhere (sudoku-learn.sweep --instances FILE, a set
        # of a researcher's own) to the 25x25 sets' target, said to be none of the project's.
        text = self.section([
            ("mine", "0", "learn", "done", 5000, 2.0),
            ("mine", "0", "cadical", "done", 900, 1.0),
            ("25x25-hard", "0", "learn", "done", 100, 1.0),
            ("25x25-hard", "0", "cadical", "done", 100, 1.0),
        ], family="sudoku")
        self.assertIn("- **learn against cadical** on `mine` (a set not in the project: neither tuned on nor "
                      "chosen by it): 1/1 solved in 2.00 s [1.80, 2.20] against 1/1 in 1.00 s [0.900, 1.10]: learn is "
                      "2.00× slower [1.64×, 2.44×] (goal: at most 1.5× slower: missed).", text)
        self.assertIn("- **learn against cadical** on `25x25-hard` (tuning set of the first levers, held out for "
                      "tiers and rephasing): 1/1 solved", text)
        # latin names no such target: its other sets get none.
        text = self.section([("qwh-60", "0.40", "learn", "done", 5000, 2.0),
                             ("qwh-60", "0.40", "cadical", "done", 900, 1.0)])
        self.assertNotIn("**learn against cadical** on `qwh-60`", text)

    def test_kakuro_public_collections_held_out(self):
        # kakuro's held-out set is the public collections (kakuro-ladder-public.sweep):
        # their puzzles are one set; without the folder it is said absent, and where no
        # rung proves every public puzzle unique the tuning set's first rung does not hold.
        from analysis.sections import ladder
        families = [{"name": "kakuro", "default_engine": "-", "sweeps": "", "summary": ""}]
        listing = __import__("analysis.listing", fromlist=["Listing"]).Listing(
            csvread.parse_csv(FAKE_ENGINES.splitlines(keepends=True), "engines").rows, families)
        conf = sections.family_sections(listing.families)["kakuro"].ladder
        self.assertEqual(conf["split"]("puzzles-30x30-hard#1"), ("30x30", "hard"))
        self.assertEqual(conf["split"]("csprules-10x10-H3401-W11"), ("public", "csprules-10x10-H3401-W11"))
        self.assertEqual(ladder.held_out_part({"kakuro": []}, {"kakuro": conf}, {}),
                         ["- kakuro: `public` (held-out set, public collections) against `30x30` (tuning set): the "
                          "held-out set has no rows in this run; the claims on `30x30` are not checked on held-out "
                          "data."])

        class Row:
            def __init__(self, set_, tool, done):
                self.set, self.tool, self.done, self.outside, self.instance = set_, tool, done, False, set_ + "-a"

        runs = [Row("30x30", "backtrack", False), Row("30x30", "propagate", True),
                Row("public", "backtrack", False), Row("public", "propagate", False)]
        self.assertEqual(ladder.held_out_part({"kakuro": runs}, {"kakuro": conf}, {}),
                         ["- kakuro: `public` (held-out set, public collections) against `30x30` (tuning set): the "
                          "first rung that solves every instance is propagate on the tuning set and none on the "
                          "held-out set (**does not hold** on the held-out set: propagate does not solve every "
                          "instance)."])

    def test_learn_target_with_both_stopped_on_the_runs_both_solved(self):
        # Each side stops on a puzzle the other solves: the totals leave the ratio open,
        # so the runs that both solved are compared apart.
        text = self.section([
            ("qwh-40", "0.40", "learn", "limit", 5000, 10.0),
            ("qwh-40", "0.40", "cadical", "done", 900, 4.0),
            ("qwh-40", "0.50", "learn", "done", 700, 1.0),
            ("qwh-40", "0.50", "cadical", "limit", 9000, 10.0),
            ("qwh-40", "0.60", "learn", "done", 600, 2.0),
            ("qwh-40", "0.60", "cadical", "done", 800, 6.0),
        ])
        self.assertIn("2/3 solved in ≥ 13.0 s against 2/3 in ≥ 20.0 s: learn is n/a (both stopped at a limit) (goal: "
                      "at most 2× slower: not settled by the bounds). "
                      "Conflicts: ≥ 6,300 against ≥ 10,700. On the hardest puzzle for cadical among those both "
                      "finished (hole fraction 0.40, 0.50 left out: a run stopped at the limit), hole fraction 0.60: "
                      "600 conflicts against 800: learn takes 1.33× fewer (goal: at most 2× more: met on this one; not settled on those left out). "
                      "On the 1 of 3 runs both solved: 2.00 s against "
                      "6.00 s: learn is 3.00× faster.", text)

    def test_learn_target_against_each_cadical_configuration(self):
        # cadical-sat (CaDiCaL's preset for satisfiable instances) ran too: the target is
        # held against each configuration, and each verdict compared on the held-out set.
        text = self.section([
            ("qwh-40", "0.40", "learn", "done", 5000, 1.5),
            ("qwh-40", "0.40", "cadical", "done", 900, 1.0),
            ("qwh-40", "0.40", "cadical-sat", "done", 700, 0.5),
        ], apart=[
            ("bqwh-40", "0.40", "learn", "done", 9000, 6.0),
            ("bqwh-40", "0.40", "cadical", "done", 900, 4.0),
            ("bqwh-40", "0.40", "cadical-sat", "done", 600, 2.0),
        ])
        self.assertIn("Outside solvers: cadical solves 1 of 1; cadical-sat solves 1 of 1.", text)
        self.assertIn("`cadical-sat`: CaDiCaL with its preset for satisfiable instances (`--sat`; every puzzle here "
                      "has a solution): CaDiCaL is not measured at its defaults alone, and the learn target is held "
                      "against each of its configurations.", text)
        self.assertIn("- **learn against cadical** on `qwh-40` (tuning set): 1/1 solved in 1.50 s [1.35, 1.65] against "
                      "1/1 in 1.00 s [0.900, 1.10]: learn is 1.50× slower [1.23×, 1.83×] (goal: at most 2× slower: "
                      "met).", text)
        self.assertIn("- **learn against cadical-sat** on `qwh-40` (tuning set): 1/1 solved in 1.50 s [1.35, 1.65] "
                      "against 1/1 in 500 ms [450, 550]: learn is 3.00× slower [2.45×, 3.67×] (goal: at most 2× slower: "
                      "missed). Conflicts: 5,000 against 700: "
                      "learn takes 7.14× more conflicts. On the hardest puzzle for cadical-sat, hole fraction 0.40: "
                      "5,000 conflicts against 700: learn takes 7.14× more (goal: at most 2× more: missed on this one).", text)
        self.assertIn("- **learn against cadical-sat** on `bqwh-40` (held-out set, balanced holes): 1/1 solved in "
                      "6.00 s [5.40, 6.60] against 1/1 in 2.00 s [1.80, 2.20]: learn is 3.00× slower [2.45×, 3.67×] "
                      "(goal: at most 2× slower: missed).", text)
        self.assertIn("the learn against cadical target is met on the tuning set and met on the held-out set "
                      "(holds); the learn against cadical-sat target is missed on the tuning set and missed on the "
                      "held-out set.", text)
        # cadical-sat on the held-out set alone: the tuning set has no verdict of it to
        # hold, so none is made up there ("not settled"), and none is said not to hold.
        text = self.section([
            ("qwh-40", "0.40", "learn", "done", 5000, 2.0),
            ("qwh-40", "0.40", "cadical", "done", 900, 1.0),
        ], apart=[
            ("bqwh-40", "0.40", "learn", "done", 9000, 6.0),
            ("bqwh-40", "0.40", "cadical", "done", 900, 4.0),
            ("bqwh-40", "0.40", "cadical-sat", "done", 600, 2.0),
        ])
        self.assertIn("the learn against cadical-sat target is not measured on the tuning set (its tools did not "
                      "both run there) and missed on the held-out set.", text)
        # Without cadical-sat's rows, nothing is said of it.
        text = self.section([("qwh-40", "0.40", "learn", "done", 5000, 2.0),
                             ("qwh-40", "0.40", "cadical", "done", 900, 1.0)])
        self.assertNotIn("cadical-sat", text)

    def test_learn_target_on_the_hardest_puzzle(self):
        # learn is faster in all, yet on cadical's hardest puzzle (the most conflicts
        # over its orientations, not learn's) it takes 3x cadical's conflicts: missed.
        rows = []
        for tool, param, bts, t in (("learn", "0.40", (300, 300), 0.1), ("learn", "0.50", (3000, 3000), 1.0),
                                    ("learn", "0.60", (27000, 27000), 2.0),
                                    ("cadical", "0.40", (2000, 2000), 5.0), ("cadical", "0.50", (1000, 1000), 2.0),
                                    ("cadical", "0.60", (9000, 9000), 3.0)):
            rows += [("qwh-40", param, tool, "done", bt, t, c) for c, bt in enumerate(bts)]
        text = self.section(rows)
        self.assertIn("learn is 3.23× faster [2.64×, 3.94×] (goal: at most 2× slower: met). Conflicts: 60,600 against 24,000: learn "
                      "takes 2.52× more conflicts. On the hardest puzzle for cadical, hole fraction 0.60: 54,000 "
                      "conflicts against 18,000: learn takes 3.00× more (goal: at most 2× more: missed on this one).", text)
        # 0.60 stopped for learn in one orientation: left out, named; 0.40 is then the hardest.
        rows = [r if r[1:3] != ("0.60", "learn") or r[6] else r[:3] + ("limit",) + r[4:] for r in rows]
        text = self.section(rows)
        self.assertIn("On the hardest puzzle for cadical among those both finished in every orientation (hole "
                      "fraction 0.60 left out: a run stopped at the limit), hole fraction 0.40: 600 conflicts against "
                      "4,000: learn takes 6.67× fewer (goal: at most 2× more: met on this one; not settled on those left "
                      "out).", text)
        rows = [r if r[1:3] != ("0.40", "learn") else r[:4] + (r[4] * 50,) + r[5:] for r in rows]
        text = self.section(rows)
        self.assertIn("hole fraction 0.40: 30,000 conflicts against 4,000: learn takes 7.50× more (goal: at most 2× "
                      "more: missed on this one; not settled on those left out).", text)
        # cadical needed no conflict on its hardest puzzle: no ratio to say, the counts
        # and the verdict alone (not "learn takes n/a").
        for learn, said in ((5, "missed"), (0, "met")):
            text = self.section([("qwh-40", "0.40", "learn", "done", learn, 2.0),
                                 ("qwh-40", "0.40", "cadical", "done", 0, 1.0)])
            self.assertIn(f"hole fraction 0.40: {learn} conflicts against 0 (goal: at most 2× more: {said} on this one).", text)

    def test_learn_target_met_against_a_bound(self):
        # cadical stopped: its total is a bound, and learn's, all solved, is within it.
        text = self.section([
            ("qwh-40", "0.40", "learn", "done", 5000, 1.0),
            ("qwh-40", "0.40", "cadical", "limit", 900, 10.0),
        ])
        self.assertIn("1/1 solved in 1.00 s [0.900, 1.10] against 0/1 in ≥ 10.0 s: learn is ≥ 10.0× faster (goal: at "
                      "most 2× slower: met).", text)

    def test_learn_target_missed_with_fewer_solved(self):
        text = self.section([
            ("qwh-40", "0.40", "learn", "limit", 5000, 10.0),
            ("qwh-40", "0.40", "cadical", "done", 900, 4.0),
        ])
        self.assertIn("0/1 solved in ≥ 10.0 s against 1/1 in 4.00 s [3.60, 4.40]: learn is ≥ 2.50× slower (goal: at "
                      "least as many solved: missed)", text)
        self.assertIn("no rung of the ladder solves the one instance within 10 s", text)


if __name__ == "__main__":
    unittest.main()
