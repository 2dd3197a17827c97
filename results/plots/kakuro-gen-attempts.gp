# kakuro-gen-attempts.gp: kakuro: median attempts per puzzle vs grid side, a panel per level
# Data: kakuro-gen-attempts.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot kakuro-gen-attempts.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 1500,560 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 1500,560 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'kakuro-gen-attempts' . '.' . fmt
set multiplot title 'kakuro: median filled candidates checked (attempts) per puzzle vs grid side' font ',13' noenhanced
set logscale y
set format y '10^{%L}'
set yrange [0.5:4915.5]
set xrange [4:31]
set xtics 5 out nomirror
set mxtics 5
set grid xtics ytics lc rgb '#dddddd' lw 1
set xlabel 'grid side'
unset key
set lmargin at screen 0.065; set rmargin at screen 0.327
set tmargin at screen 0.86; set bmargin at screen 0.22
set ylabel 'attempts per puzzle (median)'
set title 'difficulty easy' noenhanced
plot 'kakuro-gen-attempts.tsv' index 0 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 0 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 0 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 1 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#9467bd' dt 1 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 1 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#9467bd' pt 5 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 1 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#9467bd' pt 4 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 2 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#17becf' dt 2 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 2 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#17becf' pt 9 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 2 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#17becf' pt 8 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 3 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#8c564b' dt 2 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 3 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#8c564b' pt 11 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 3 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#8c564b' pt 10 ps 1.2 notitle
set lmargin at screen 0.392; set rmargin at screen 0.653
set tmargin at screen 0.86; set bmargin at screen 0.22
unset ylabel
set title 'difficulty medium' noenhanced
plot 'kakuro-gen-attempts.tsv' index 4 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 4 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 4 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 5 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#9467bd' dt 1 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 5 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#9467bd' pt 5 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 5 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#9467bd' pt 4 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 6 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#17becf' dt 2 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 6 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#17becf' pt 9 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 6 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#17becf' pt 8 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 7 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#8c564b' dt 2 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 7 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#8c564b' pt 11 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 7 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#8c564b' pt 10 ps 1.2 notitle
set lmargin at screen 0.718; set rmargin at screen 0.980
set tmargin at screen 0.86; set bmargin at screen 0.22
unset ylabel
set title 'difficulty hard' noenhanced
plot 'kakuro-gen-attempts.tsv' index 8 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#1f77b4' dt 1 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 8 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#1f77b4' pt 7 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 8 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#1f77b4' pt 6 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 9 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#9467bd' dt 1 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 9 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#9467bd' pt 5 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 9 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#9467bd' pt 4 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 10 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#17becf' dt 2 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 10 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#17becf' pt 9 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 10 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#17becf' pt 8 ps 1.2 notitle, \
     'kakuro-gen-attempts.tsv' index 11 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#8c564b' dt 2 lw 1.5 notitle, \
     'kakuro-gen-attempts.tsv' index 11 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#8c564b' pt 11 ps 0.9 notitle, \
     'kakuro-gen-attempts.tsv' index 11 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#8c564b' pt 10 ps 1.2 notitle
unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale
set xrange [0:1]; set yrange [0:1]
set lmargin at screen 0.02; set rmargin at screen 0.98
set tmargin at screen 0.09; set bmargin at screen 0.003
set key center center horizontal Left reverse maxrows 1 font ',10' samplen 3 width 2
plot NaN with linespoints lc rgb '#1f77b4' dt 1 pt 7 lw 1.5 title 'combo-diff (ours)' noenhanced, NaN with linespoints lc rgb '#9467bd' dt 1 pt 5 lw 1.5 title 'thesis-all-seed (the seed''s method)' noenhanced, NaN with linespoints lc rgb '#17becf' dt 2 pt 9 lw 1.5 title 'combo-all (checker half)' noenhanced, NaN with linespoints lc rgb '#8c564b' dt 2 pt 11 lw 1.5 title 'thesis-diff (refill half)' noenhanced
unset multiplot
unset output
}
