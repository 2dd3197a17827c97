# latin-time.gp: latin: median wall time vs hole fraction, one panel per order n
# Data: latin-time.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot latin-time.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 2100,640 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 2100,640 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'latin-time' . '.' . fmt
set multiplot title 'latin: median wall time over the instances vs hole fraction (open: a lower bound, runs stopped at a limit decide it)' font ',13' noenhanced
set logscale y
set format y '10^{%L}'
set grid xtics ytics lc rgb '#dddddd' lw 1
set yrange [0.001:14612.6]
set xrange [0.28:0.82]
set xtics 0.1 out nomirror
set mxtics 5
set xlabel 'hole fraction'
unset key
set tmargin at screen 0.88; set bmargin at screen 0.190
set lmargin at screen 0.043; set rmargin at screen 0.210
set ylabel 'median wall time [ms]'
set title 'n = 10 (100 cells)'
plot 'latin-time.tsv' index 0 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 1 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 2 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 3 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 4 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 5 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 0 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 0 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 0 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 1 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 1 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 1 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 2 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 2 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 2 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 4 ps 1.1 notitle, \
     'latin-time.tsv' index 3 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 3 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 3 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 4 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 4 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 4 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 5 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 5 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 5 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 4 ps 1.1 notitle
set lmargin at screen 0.238; set rmargin at screen 0.405
unset ylabel
set title 'n = 12 (144 cells)'
plot 'latin-time.tsv' index 6 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 7 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 8 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 9 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 10 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 11 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 6 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 6 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 6 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 7 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 7 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 7 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 8 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 8 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 8 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 4 ps 1.1 notitle, \
     'latin-time.tsv' index 9 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 9 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 9 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 10 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 10 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 10 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 11 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 11 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 11 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 4 ps 1.1 notitle
set lmargin at screen 0.433; set rmargin at screen 0.600
unset ylabel
set title 'n = 15 (225 cells)'
plot 'latin-time.tsv' index 12 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 13 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 14 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 15 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 16 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 17 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 12 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 12 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 12 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 13 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 13 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 13 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 14 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 14 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 14 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 4 ps 1.1 notitle, \
     'latin-time.tsv' index 15 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 15 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 15 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 16 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 16 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 16 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 17 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 17 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 17 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 4 ps 1.1 notitle
set lmargin at screen 0.629; set rmargin at screen 0.795
unset ylabel
set title 'n = 20 (400 cells)'
plot 'latin-time.tsv' index 18 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 19 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 20 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 21 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 22 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 23 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 18 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 18 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 18 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 19 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 19 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 19 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 20 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 20 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 20 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 4 ps 1.1 notitle, \
     'latin-time.tsv' index 21 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 21 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 21 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 22 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 22 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 22 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 23 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 23 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 23 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 4 ps 1.1 notitle
set lmargin at screen 0.824; set rmargin at screen 0.990
unset ylabel
set title 'n = 25 (625 cells)'
plot 'latin-time.tsv' index 24 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 25 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 26 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#1f77b4' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 27 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.3 notitle, \
     'latin-time.tsv' index 28 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 2 lw 1.3 notitle, \
     'latin-time.tsv' index 29 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt 3 lw 1.3 notitle, \
     'latin-time.tsv' index 24 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 24 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 24 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 25 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 25 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 25 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 26 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#1f77b4' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 26 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 26 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#1f77b4' pt 4 ps 1.1 notitle, \
     'latin-time.tsv' index 27 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 27 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 7 ps 0.9 notitle, \
     'latin-time.tsv' index 27 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'latin-time.tsv' index 28 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 28 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 9 ps 0.9 notitle, \
     'latin-time.tsv' index 28 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.1 notitle, \
     'latin-time.tsv' index 29 using 1:($6 > 0 && $7 == 0 ? $6 : NaN) with points lc rgb '#d62728' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 29 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb 'white' pt 5 ps 0.9 notitle, \
     'latin-time.tsv' index 29 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 4 ps 1.1 notitle
unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale; unset arrow
set xrange [0:1]; set yrange [0:1]
set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen 0.090; set bmargin at screen 0.005
set key center center horizontal Left reverse maxcols 4 maxrows 2 font ',10' samplen 3 spacing 1.1 width 1
plot NaN with linespoints lc rgb '#1f77b4' dt 1 pt 7 ps 0.9 title 'backtrack/row' noenhanced, \
     NaN with linespoints lc rgb '#1f77b4' dt 2 pt 9 ps 0.9 title 'backtrack/degree' noenhanced, \
     NaN with linespoints lc rgb '#1f77b4' dt 3 pt 5 ps 0.9 title 'backtrack/mrv' noenhanced, \
     NaN with linespoints lc rgb '#d62728' dt 1 pt 7 ps 0.9 title 'propagate/row' noenhanced, \
     NaN with linespoints lc rgb '#d62728' dt 2 pt 9 ps 0.9 title 'propagate/degree' noenhanced, \
     NaN with linespoints lc rgb '#d62728' dt 3 pt 5 ps 0.9 title 'propagate/mrv' noenhanced, \
     NaN with points lc rgb 'black' pt 6 ps 1.1 title 'open: lower bound (limit hit)'
unset multiplot
unset output
}
