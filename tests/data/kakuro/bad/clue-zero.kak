; error: 2: column 3: clue 0 in '0\' (leave the side empty for no clue)
#  4\ 0\
\3 .  .
\7 .  .
