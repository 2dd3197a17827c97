; error: 3: column 1: right clue 12 for a single white cell: no digit is 12
#  4\ #
\12 . #
\7 .  .
