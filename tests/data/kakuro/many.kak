; many.kak — small hand-made kakuro clue grids with more than one solution. The
; line before each puzzle gives its solution count.

; solutions: 2
#  4\ 4\
\4 .  .
\4 .  .

; solutions: 2
#   3\  16\ #
\4  .   .   4\
\10 .   .   .
#   \9  .   .

; a lone white cell is in no run: any digit goes there
; solutions: 18
\3 . . # .

; solutions: 4
#   15\ 9\
\11 .   .
\13 .   .

; solutions: 6
#   #   16\ 18\ #
#   \3  .   .   9\
#   \19 .   .   .
#   \21 .   .   .

; solutions: 9
#   #   #    17\ 4\
#   #   \7   .   .
#   9\  12\6 .   .
\12 .   .    .   #
\17 .   .    .   #

; a one-cell run that both its clues (7 across, 7 down) agree on, beside a 2x2 of 4s
; solutions: 2
#   4\  4\  #
\4  .   .   #
\4  .   .   7\
#   #   \7  .

; runs without a clue: row 3 here, and at the grid's edge below
; solutions: 2
#   5\  7\
\6  .   .
#   .   .

; solutions: 72
.   .
