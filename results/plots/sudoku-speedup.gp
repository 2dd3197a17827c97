# sudoku-speedup.gp: sudoku: parallel speedup vs threads
# Data: sudoku-speedup.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot sudoku-speedup.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 900,600 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 900,600 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'sudoku-speedup' . '.' . fmt
set title 'sudoku: parallel speedup (median time at base / at T threads; bars: from the two intervals)' font ',12' noenhanced
set grid lc rgb '#dddddd' lw 1
set xlabel 'threads'
set ylabel 'speedup'
set xrange [0.9:2.1]
set yrange [0:*]
set xtics (1, 2)
set key top left Left reverse font ',9' samplen 3 spacing 1.1 box opaque
plot x with lines lc rgb 'black' dt 2 lw 1 title 'ideal (y = x)', \
     'sudoku-speedup.tsv' index 0 using 1:2:3:4 with yerrorlines lc rgb '#393b79' dt 1 pt 7 ps 1.2 title 'logic 9x9-batch first' noenhanced, \
     'sudoku-speedup.tsv' index 1 using 1:2:3:4 with yerrorlines lc rgb '#e6550d' dt 1 pt 7 ps 1.2 title 'seed 9x9-batch first' noenhanced, \
     'sudoku-speedup.tsv' index 2 using 1:2:3:4 with yerrorlines lc rgb '#393b79' dt 2 pt 7 ps 1.2 title 'logic 9x9-batch count' noenhanced, \
     'sudoku-speedup.tsv' index 3 using 1:2:3:4 with yerrorlines lc rgb '#e6550d' dt 2 pt 7 ps 1.2 title 'seed 9x9-batch count' noenhanced
unset output
}
