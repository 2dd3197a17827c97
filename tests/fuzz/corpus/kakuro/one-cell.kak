; one-cell runs: a clue over a single white cell is its digit
#   4\  2\  #
\3  .   .   #
\3  .   #   .

#   #    6\  3\
#   12\4 .   .
\9  .    .   #
\8  .    .   #

; impossible: a one-cell clue over 9, a clue no set meets, a digit given twice
#  4\ #
\12 . #
\7 .  .

# 2\ 3\
\3 .  .
\4 1  1

; runs without a clue: after '#', after a clue's empty side, at the grid's edge
#   3\  #
\6  .   .
#   .   .
.   .   #
