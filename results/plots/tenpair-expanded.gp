# tenpair-expanded.gp: tenpair count: states expanded vs length bound (log scale)
# Data: tenpair-expanded.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot tenpair-expanded.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 900,600 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 900,600 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'tenpair-expanded' . '.' . fmt
set title 'tenpair count: states expanded vs length bound (log scale)' noenhanced
set logscale y
set format y '10^{%L}'
set grid xtics ytics lc rgb '#dddddd' lw 1
set xlabel 'length bound (count mode: every win of length <= bound)'
set ylabel 'states expanded'
set xtics 4 out nomirror
set xrange [67:101]
set offsets 0, 0, graph 0.05, graph 0.05
set key top left Left reverse
plot 'tenpair-expanded.tsv' index 0 using 1:2 with linespoints lc rgb '#393b79' pt 7 ps 1.5 dt 1 lw 1.6 title 'bfs' noenhanced, \
     'tenpair-expanded.tsv' index 1 using 1:2 with linespoints lc rgb '#e6550d' pt 9 ps 1.3 dt 2 lw 1.6 title 'best-first' noenhanced, \
     'tenpair-expanded.tsv' index 2 using 1:2 with linespoints lc rgb '#31a354' pt 5 ps 1.1 dt 3 lw 1.6 title 'compact' noenhanced
unset output
}
