#!/usr/bin/env bash
# report.sh — writes RESULTS_DIR/REPORT.md and its plots from the puzzlebench result
# files in RESULTS_DIR. The work is done by the analysis tool, scripts/analysis/
# (Python 3, standard library only), which draws each plot with gnuplot from
# RESULTS_DIR/plots/NAME.gp and NAME.tsv into NAME.png and NAME.svg; to redraw one
# plot after editing it: cd RESULTS_DIR/plots && gnuplot NAME.gp
#
# usage: scripts/report.sh [--no-plots] [--allow-mixed] [--metric M] [--puzzlebench FILE]
#                          [RESULTS_DIR]
#                                                                  (default results)
#   --no-plots        draw nothing; link the PNGs already in RESULTS_DIR/plots
#   --allow-mixed     build even when the .meta files name different commits (a warning
#                     heads the report; without it that is exit status 2)
#   --metric M        what the sweeps' solver tables (solved, PAR-2, the virtual best
#                     solver), cactus and scatter plots and ratios measure: wall
#                     (default) or cpu time (user + system), steps or memory (peak RSS;
#                     PAR-2 is a time's alone); the family sections keep wall time
#   --puzzlebench F   the program whose `engines --csv` and `families --csv` give the
#                     families, engines, orders and levels, and which runs
#                     `compare` for the report's ratios (default $PUZZLEBENCH, else
#                     build/puzzlebench)
exec python3 "$(dirname "$0")/analysis/report.py" "$@"
