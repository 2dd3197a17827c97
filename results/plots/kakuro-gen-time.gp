# kakuro-gen-time.gp: kakuro: generation time per puzzle vs grid side, a panel per method
# Data: kakuro-gen-time.tsv (one block per series, `index N`). Written by scripts/report.sh;
# after editing, redraw from this folder with: gnuplot kakuro-gen-time.gp
# (draws the plot twice: the PNG of the report, and an SVG)
do for [fmt in "png svg"] {
reset
if (fmt eq "png") {
    set terminal pngcairo size 1300,1000 enhanced font 'Sans,11' linewidth 1.5
} else {
    set terminal svg size 1300,1000 dynamic enhanced font 'Sans,11' linewidth 1.5 background '#ffffff'
}
set output 'kakuro-gen-time' . '.' . fmt
set multiplot title 'kakuro: generation time per puzzle vs grid side (one core; 30 puzzles per point, limit hits counted at the time they ran)' font ',13' noenhanced
set logscale y
set format y '10^{%L}'
set yrange [0.017:30000]
set xrange [4:31]
set xtics 5 out nomirror
set mxtics 5
set grid xtics ytics lc rgb '#dddddd' lw 1
set xlabel 'grid side (rows = columns, clue row included)'
set ylabel 'time per puzzle [ms]'
unset key
set arrow 1 from graph 0, first 1000 to graph 1, first 1000 nohead lc rgb '#888888' dt 1 lw 0.7 back
set arrow 2 from graph 0, first 10000 to graph 1, first 10000 nohead lc rgb '#888888' dt 1 lw 0.7 back
set label 1 '1 s' at graph 0.01, first 1000 offset 0,0.6 font ',9' tc rgb '#555555'
set label 2 '10 s' at graph 0.01, first 10000 offset 0,0.6 font ',9' tc rgb '#555555'
set lmargin at screen 0.085; set rmargin at screen 0.485
set tmargin at screen 0.895; set bmargin at screen 0.570
set title 'combo-diff (ours): checker combo, refill diff' noenhanced
plot 'kakuro-gen-time.tsv' index 0 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#2ca02c' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#2ca02c' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#2ca02c' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#2ca02c' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#2ca02c' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#2ca02c' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#2ca02c' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 0 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#2ca02c' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#ff7f0e' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#ff7f0e' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#ff7f0e' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 1 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#ff7f0e' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#d62728' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#d62728' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#d62728' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 2 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.0 notitle
set lmargin at screen 0.575; set rmargin at screen 0.975
set tmargin at screen 0.895; set bmargin at screen 0.570
set title 'thesis-all-seed (the seed''s method): checker thesis, refill all' noenhanced
plot 'kakuro-gen-time.tsv' index 3 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#2ca02c' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#2ca02c' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#2ca02c' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#2ca02c' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#2ca02c' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#2ca02c' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#2ca02c' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 3 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#2ca02c' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#ff7f0e' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#ff7f0e' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#ff7f0e' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 4 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#ff7f0e' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#d62728' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#d62728' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#d62728' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 5 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.0 notitle
set lmargin at screen 0.085; set rmargin at screen 0.485
set tmargin at screen 0.460; set bmargin at screen 0.135
set title 'combo-all (checker half): checker combo, refill all' noenhanced
plot 'kakuro-gen-time.tsv' index 6 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#2ca02c' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#2ca02c' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#2ca02c' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#2ca02c' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#2ca02c' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#2ca02c' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#2ca02c' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 6 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#2ca02c' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#ff7f0e' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#ff7f0e' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#ff7f0e' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 7 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#ff7f0e' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#d62728' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#d62728' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#d62728' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 8 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.0 notitle
set lmargin at screen 0.575; set rmargin at screen 0.975
set tmargin at screen 0.460; set bmargin at screen 0.135
set title 'thesis-diff (refill half): checker thesis, refill diff' noenhanced
plot 'kakuro-gen-time.tsv' index 9 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#2ca02c' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#2ca02c' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#2ca02c' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#2ca02c' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#2ca02c' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#2ca02c' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#2ca02c' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 9 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#2ca02c' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#ff7f0e' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#ff7f0e' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#ff7f0e' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#ff7f0e' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#ff7f0e' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 10 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#ff7f0e' pt 8 ps 1.0 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($2 > 0 ? $2 : NaN) with lines lc rgb '#d62728' dt 1 lw 1.6 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb '#d62728' pt 7 ps 0.8 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb '#d62728' pt 6 ps 1.1 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($4 > 0 ? $4 : NaN) with lines lc rgb '#d62728' dt (10,6) lw 1.1 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb '#d62728' pt 5 ps 0.5 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb '#d62728' pt 4 ps 0.9 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($6 > 0 ? $6 : NaN) with lines lc rgb '#d62728' dt (2,5) lw 1.4 notitle, \
     'kakuro-gen-time.tsv' index 11 using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb '#d62728' pt 8 ps 1.0 notitle
unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale; unset arrow; unset label
set xrange [0:1]; set yrange [0:1]
set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen 0.05; set bmargin at screen 0.003
set key center center horizontal Left reverse maxcols 4 font ',10' samplen 3 width 2
plot NaN with linespoints lc rgb '#2ca02c' dt 1 lw 1.6 pt 7 title 'easy' noenhanced, NaN with linespoints lc rgb 'black' dt 1 lw 1.6 pt 7 title 'median', NaN with linespoints lc rgb '#ff7f0e' dt 1 lw 1.6 pt 7 title 'medium' noenhanced, NaN with linespoints lc rgb 'black' dt (10,6) lw 1.1 pt 5 title 'p90 (nearest rank)', NaN with linespoints lc rgb '#d62728' dt 1 lw 1.6 pt 7 title 'hard' noenhanced, NaN with linespoints lc rgb 'black' dt (2,5) lw 1.4 pt -1 title 'max', NaN with lines lc rgb '#888888' dt 1 lw 0.7 title 'the seed''s marks: 1 s, 10 s'
unset multiplot
unset output
}
