# tenpair-wins.gp: tenpair: wins by length and cumulative, the seed's figures as points
# Data: tenpair-wins.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot tenpair-wins.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 1300,560 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 1300,560 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'tenpair-wins' . '.' . fmt
set multiplot layout 1,2 title 'tenpair: wins by length (a win = a distinct written digit sequence), compact count up to 106' font ',13'
set grid ytics lc rgb '#dddddd' lw 1
set xlabel 'length of the win (digits written)'
set xrange [65:109]
set xtics 4 out nomirror
set key top left Left reverse
set title 'wins of each length'
set ylabel 'wins'
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set style fill solid 0.6 border -1
set boxwidth 1.4
plot 'tenpair-wins.tsv' index 0 using 1:2 with boxes lc rgb '#2ca02c' title 'this run', 'tenpair-wins.tsv' index 1 using 1:2 with points lc rgb '#d62728' pt 7 ps 1.6 title 'the seed (reported): 4 wins of length 80'
set title 'wins of length <= L (cumulative)'
set ylabel 'wins up to L'
set logscale y
set offsets 0, 0, 0, 0
set yrange [0.8:*]
plot 'tenpair-wins.tsv' index 0 using 1:3 with steps lc rgb '#2ca02c' lw 1.8 notitle, 'tenpair-wins.tsv' index 0 using 1:3 with points lc rgb '#2ca02c' pt 7 ps 0.7 title 'this run', 'tenpair-wins.tsv' index 2 using 1:2 with points lc rgb '#d62728' pt 7 ps 1.6 title 'the seed (reported): 30 up to 90, 170 up to 100'
unset multiplot
unset output
}
