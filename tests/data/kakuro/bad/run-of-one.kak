; error: 3: column 1: right clue 3 for a single white cell (a run has 2 to 9 cells)
#  4\ #
\3 .  #
\7 .  .
