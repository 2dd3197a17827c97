; note: 4: column 1: right clue 12 for a single white cell: no digit is 12
; solutions: 0
#  4\ #
\12 . #
\7 .  .
