; one-cell runs: a clue over a single white cell is its digit
#   4\  2\  #
\3  .   .   #
\3  .   #   .

#   #    6\  3\
#   12\4 .   .
\9  .    .   #
\8  .    .   #
