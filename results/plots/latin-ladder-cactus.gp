# latin-ladder-cactus.gp: latin-ladder: instances solved against time per run (cactus)
# Data: latin-ladder-cactus.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot latin-ladder-cactus.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 900,560 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 900,560 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'latin-ladder-cactus' . '.' . fmt
set title 'latin-ladder: instances solved against time per run (cactus)' noenhanced
set logscale x
set format x '10^{%L}'
set grid xtics ytics lc rgb '#dddddd' lw 1
set xlabel 'time per run (s)'
set ylabel 'instances solved'
set yrange [0:15.5]
set key outside right top vertical Left reverse font ',9' samplen 3 noenhanced
set xrange [0.0001165215:3.0]
set arrow 1 from 2.0, graph 0 to 2.0, graph 1 nohead dt 2 lc rgb '#555555'
set label 1 'time limit' at 2.0, graph 0.04 right offset -0.5,0 font ',9'
plot 'latin-ladder-cactus.tsv' index 0 using 1:2 with linespoints lc rgb '#e377c2' dt 1 pt 7 ps 0.8 title 'learn-alldiff', \
     'latin-ladder-cactus.tsv' index 1 using 1:2 with linespoints lc rgb '#2ca02c' dt 1 pt 7 ps 0.8 title 'learn', \
     'latin-ladder-cactus.tsv' index 2 using 1:2 with linespoints lc rgb '#9467bd' dt 3 pt 5 ps 0.8 title 'alldiff/mrv', \
     'latin-ladder-cactus.tsv' index 3 using 1:2 with linespoints lc rgb '#8c564b' dt 1 pt 7 ps 0.8 title 'cadical', \
     'latin-ladder-cactus.tsv' index 4 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 pt 7 ps 0.8 title 'cadical-sat', \
     'latin-ladder-cactus.tsv' index 5 using 1:2 with linespoints lc rgb '#d62728' dt 1 pt 7 ps 0.8 title 'minisat', \
     'latin-ladder-cactus.tsv' index 6 using 1:2 with linespoints lc rgb '#d62728' dt 3 pt 5 ps 0.8 title 'propagate/mrv', \
     'latin-ladder-cactus.tsv' index 7 using 1:2 with linespoints lc rgb '#1f77b4' dt 3 pt 5 ps 0.8 title 'backtrack/mrv', \
     'latin-ladder-cactus.tsv' index 8 using 1:2 with lines lc rgb 'black' dt 3 lw 1.5 title 'virtual best solver'
unset output
}
