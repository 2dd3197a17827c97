# tenpair-speedup.gp: tenpair: compact count speedup vs threads
# Data: tenpair-speedup.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot tenpair-speedup.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 800,600 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 800,600 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'tenpair-speedup' . '.' . fmt
set title 'tenpair: compact count up to 100, speedup vs threads (bars: from the reps'' ranges)' noenhanced
set grid xtics ytics lc rgb '#dddddd' lw 1
set xlabel 'threads'
set ylabel 'speedup'
set xrange [0.5:2.5]
set yrange [0:2.5]
set xtics 1 out nomirror
set key top left Left reverse
plot x with lines lc rgb '#888888' dt 2 title 'ideal', 'tenpair-speedup.tsv' index 0 using 1:3:4:5 with yerrorlines lc rgb '#2ca02c' pt 9 ps 1.3 lw 1.8 title 'compact count'
unset output
}
