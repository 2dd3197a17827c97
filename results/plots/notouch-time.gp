# notouch-time.gp: notouch: wall time per instance, one panel per mode
# Data: notouch-time.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot notouch-time.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 1300,720 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 1300,720 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'notouch-time' . '.' . fmt
set multiplot title 'notouch: wall time per instance (median, bars: its interval; open: lower bound, the run hit its limit)' font ',13' noenhanced
set logscale y
set format y '10^{%L}'
set grid xtics ytics lc rgb '#dddddd' lw 1
set xrange [-0.5:12.5]
set xtics out nomirror rotate by 40 right font ',9' noenhanced
set xlabel 'instance (cells), by size' offset 0,0.5
unset key
set tmargin at screen 0.9; set bmargin at screen 0.320
set lmargin at screen 0.080; set rmargin at screen 0.505
set ylabel 'wall time [s] (median, bars: its interval)'
set title 'mode = first' noenhanced
plot 'notouch-time.tsv' index 1 using 1:2:3:4 with yerrorlines lc rgb '#7f7f7f' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 2 using 1:2:3:4 with yerrorlines lc rgb '#8c564b' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 3 using 1:2 with points lc rgb '#8c564b' pt 6 ps 1.3 notitle, \
     'notouch-time.tsv' index 4 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 5 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 2 pt 9 ps 1.1 notitle, \
     'notouch-time.tsv' index 6 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 3 pt 5 ps 1.1 notitle, \
     'notouch-time.tsv' index 7 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 8 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 2 pt 9 ps 1.1 notitle, \
     'notouch-time.tsv' index 9 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 3 pt 5 ps 1.1 notitle, \
     'notouch-time.tsv' index 10 using 1:2:3:4 with yerrorlines lc rgb '#17becf' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 11 using 1:2:3:4 with yerrorlines lc rgb '#bcbd22' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 0 using 1:(NaN):xticlabels(2) notitle
set lmargin at screen 0.545; set rmargin at screen 0.940
unset ylabel
set title 'mode = count' noenhanced
plot 'notouch-time.tsv' index 12 using 1:2:3:4 with yerrorlines lc rgb '#7f7f7f' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 13 using 1:2 with points lc rgb '#7f7f7f' pt 6 ps 1.3 notitle, \
     'notouch-time.tsv' index 14 using 1:2:3:4 with yerrorlines lc rgb '#8c564b' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 15 using 1:2 with points lc rgb '#8c564b' pt 6 ps 1.3 notitle, \
     'notouch-time.tsv' index 16 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 17 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 2 pt 9 ps 1.1 notitle, \
     'notouch-time.tsv' index 18 using 1:2:3:4 with yerrorlines lc rgb '#1f77b4' dt 3 pt 5 ps 1.1 notitle, \
     'notouch-time.tsv' index 19 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 20 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 2 pt 9 ps 1.1 notitle, \
     'notouch-time.tsv' index 21 using 1:2:3:4 with yerrorlines lc rgb '#d62728' dt 3 pt 5 ps 1.1 notitle, \
     'notouch-time.tsv' index 22 using 1:2:3:4 with yerrorlines lc rgb '#17becf' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 23 using 1:2:3:4 with yerrorlines lc rgb '#bcbd22' dt 1 pt 7 ps 1.1 notitle, \
     'notouch-time.tsv' index 0 using 1:(NaN):xticlabels(2) notitle
unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale
set xrange [0:1]; set yrange [0:1]
set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen 0.120; set bmargin at screen 0.005
set key center center horizontal Left reverse maxcols 4 maxrows 3 font ',9' samplen 3 spacing 1.1 width 1
plot NaN with linespoints lc rgb '#7f7f7f' dt 1 pt 7 ps 1.1 title 'enum-perm' noenhanced, \
     NaN with linespoints lc rgb '#8c564b' dt 1 pt 7 ps 1.1 title 'enum-all' noenhanced, \
     NaN with linespoints lc rgb '#1f77b4' dt 1 pt 7 ps 1.1 title 'backtrack/row' noenhanced, \
     NaN with linespoints lc rgb '#1f77b4' dt 2 pt 9 ps 1.1 title 'backtrack/degree' noenhanced, \
     NaN with linespoints lc rgb '#1f77b4' dt 3 pt 5 ps 1.1 title 'backtrack/mrv' noenhanced, \
     NaN with linespoints lc rgb '#d62728' dt 1 pt 7 ps 1.1 title 'propagate/row' noenhanced, \
     NaN with linespoints lc rgb '#d62728' dt 2 pt 9 ps 1.1 title 'propagate/degree' noenhanced, \
     NaN with linespoints lc rgb '#d62728' dt 3 pt 5 ps 1.1 title 'propagate/mrv' noenhanced, \
     NaN with linespoints lc rgb '#17becf' dt 1 pt 7 ps 1.1 title 'value-order' noenhanced, \
     NaN with linespoints lc rgb '#bcbd22' dt 1 pt 7 ps 1.1 title 'path-dp' noenhanced, \
     NaN with points lc rgb 'black' pt 6 ps 1.1 title 'open: lower bound (limit hit)'
unset multiplot
unset output
}
