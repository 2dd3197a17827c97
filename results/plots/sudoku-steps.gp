# sudoku-steps.gp: sudoku: steps per puzzle vs board size
# Data: sudoku-steps.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot sudoku-steps.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 900,600 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 900,600 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'sudoku-steps' . '.' . fmt
set title "sudoku: steps per puzzle vs board size (mode first, 1 thread)\n9x9: the best set of each engine/order, the bar spans all its 9x9 sets" font ',11' noenhanced
set logscale xy
set format y '10^{%L}'
set grid xtics ytics lc rgb '#dddddd' lw 1
set xrange [11.4286:875]
set xtics out nomirror ("4x4\n16 cells" 16, "9x9\n81 cells" 81, "16x16\n256 cells" 256, "25x25\n625 cells" 625)
set xlabel 'board size' offset 0,-0.8
set bmargin 5
set ylabel 'steps per puzzle'
set key outside right top Left reverse font ',9' samplen 3 spacing 1.1
set bars 2
set offsets 0, 0, graph 0.04, graph 0.04
plot 'sudoku-steps.tsv' index 0 using 1:2:3:4 with yerrorlines lc rgb '#8c564b' dt 1 pt 7 ps 1.2 title 'enum-all' noenhanced, \
     'sudoku-steps.tsv' index 1 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 1 pt 7 ps 1.2 title 'backtrack/row' noenhanced, \
     'sudoku-steps.tsv' index 2 using 1:2 with points lc rgb '#1f77b4' pt 6 ps 1.4 notitle, \
     'sudoku-steps.tsv' index 3 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 3 pt 5 ps 1.2 title 'backtrack/mrv' noenhanced, \
     'sudoku-steps.tsv' index 4 using 1:2 with points lc rgb '#1f77b4' pt 4 ps 1.4 notitle, \
     'sudoku-steps.tsv' index 5 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 1 pt 7 ps 1.2 title 'propagate/row' noenhanced, \
     'sudoku-steps.tsv' index 6 using 1:2 with points lc rgb '#d62728' pt 6 ps 1.4 notitle, \
     'sudoku-steps.tsv' index 7 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 3 pt 5 ps 1.2 title 'propagate/mrv' noenhanced, \
     'sudoku-steps.tsv' index 8 using 1:2 with points lc rgb '#d62728' pt 4 ps 1.4 notitle, \
     'sudoku-steps.tsv' index 9 using 1:2:3:4 with yerrorlines lc rgb '#393b79' dt 1 pt 7 ps 1.2 title 'logic' noenhanced, \
     'sudoku-steps.tsv' index 10 using 1:2:3:4 with yerrorlines lc rgb '#e6550d' dt 1 pt 7 ps 1.2 title 'seed' noenhanced, \
     'sudoku-steps.tsv' index 11 using 1:2 with points lc rgb '#e6550d' pt 6 ps 1.4 notitle, \
     NaN with points lc rgb 'black' pt 6 ps 1.2 title 'open: lower bound (limit hit)'
unset output
}
