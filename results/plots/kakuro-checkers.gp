# kakuro-checkers.gp: kakuro checkers on the same inputs: steps per puzzle
# Data: kakuro-checkers.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot kakuro-checkers.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 1300,700 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 1300,700 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'kakuro-checkers' . '.' . fmt
set title 'kakuro checkers on the same inputs: steps per puzzle (median over done reps; mode unique: stop at the second solution)' font ',12' noenhanced
set logscale y
set format y '10^{%L}'
set grid ytics lc rgb '#dddddd' lw 1
set xrange [-0.6:9.6]
set yrange [10:1e+07]
set xtics out nomirror rotate by 30 right font ',10' noenhanced
set ylabel 'steps per puzzle'
set bmargin 8
set arrow from 0.5, graph 0 to 0.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 1.5, graph 0 to 1.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 2.5, graph 0 to 2.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 3.5, graph 0 to 3.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 4.5, graph 0 to 4.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 5.5, graph 0 to 5.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 6.5, graph 0 to 6.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 7.5, graph 0 to 7.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set arrow from 8.5, graph 0 to 8.5, graph 1 nohead lc rgb "#cccccc" lw 0.8 back
set offsets 0, 0, graph 0.05, graph 0.05
set key outside right top Left reverse font ',10' samplen 1.5 spacing 1.3
plot 'kakuro-checkers.tsv' index 1 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#1f77b4' pt 7 ps 1.5 title 'backtrack/row' noenhanced, \
     'kakuro-checkers.tsv' index 1 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 2 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#1f77b4' pt 9 ps 1.5 title 'backtrack/degree' noenhanced, \
     'kakuro-checkers.tsv' index 2 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#1f77b4' pt 8 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 3 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#1f77b4' pt 5 ps 1.5 title 'backtrack/mrv' noenhanced, \
     'kakuro-checkers.tsv' index 3 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#1f77b4' pt 4 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 4 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 7 ps 1.5 title 'propagate/row' noenhanced, \
     'kakuro-checkers.tsv' index 4 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 6 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 5 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 9 ps 1.5 title 'propagate/degree' noenhanced, \
     'kakuro-checkers.tsv' index 5 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 8 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 6 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 5 ps 1.5 title 'propagate/mrv' noenhanced, \
     'kakuro-checkers.tsv' index 6 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 4 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 7 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#31a354' pt 7 ps 1.5 title 'combo' noenhanced, \
     'kakuro-checkers.tsv' index 7 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#31a354' pt 6 ps 1.5 notitle, \
     'kakuro-checkers.tsv' index 8 using 1:($3 == 0 ? $2 : NaN) with points lc rgb '#843c39' pt 7 ps 1.5 title 'thesis' noenhanced, \
     'kakuro-checkers.tsv' index 8 using 1:($3 == 1 ? $2 : NaN) with points lc rgb '#843c39' pt 6 ps 1.5 notitle, \
     NaN with points lc rgb 'black' pt 6 ps 1.5 title "open: lower bound\n(the run hit its limit)", \
     'kakuro-checkers.tsv' index 0 using 1:(NaN):xticlabels(2) notitle
unset output
}
