; unique.kak — small hand-made kakuro clue grids with exactly one solution each.
; The line before each puzzle gives its solution count (checked by
; tests/unit/test_kakuro_formats.c with a brute-force counter).

; solutions: 1
#  4\ 6\
\3 .  .
\7 .  .

; solutions: 1
#  3\ 4\
\4 .  .
\3 .  .

; a given digit picks one of the two fills of the same clues in many.kak
; solutions: 1
#  4\ 4\
\4 1  .
\4 .  .

; solutions: 1
#   13\ 10\ 3\
\19 .   .   .
\7  .   .   .

; solutions: 1
#   #    19\ 9\
#   12\12 .  .
\6  .    .   .
\22 .    .   .

; solutions: 1
#   8\  7\  #
\6  .   .   10\
\8  .   .   .
#   \11 .   .

; solutions: 1
#   10\ 9\ 14\ 11\
\21 .   .  .   .
\11 .   .  .   .
\12 .   .  #   #

; solutions: 1
#   #    16\ 19\ 11\
#   \7   .   .   .
#   15\23 .  .   .
\15 .    .   .   #
\16 .    .   #   #

; solutions: 1
#   8\  23\ 13\ #
\11 .   .   .   #
\22 .   .   .   #
\11 .   .   #   #
#   #   #   #   #

; one-cell runs: 3 across in row 3 and 2 down in column 3 are their cells' digits
; solutions: 1
#   4\  2\
\3  .   .
\3  .   #

; a one-cell run (3 down in column 4) fixes 1 3 across, then {2,3} below the 1
; solutions: 1
#   #    6\  3\
#   12\4 .   .
\9  .    .   #
\8  .    .   #

; runs without a clue (row 3): only their digits must differ, which leaves 2 4 / 1 3
; of the two fills of the clues (1 5 / 2 2 repeats its 2)
; solutions: 1
#   3\  7\
\6  .   .
#   .   .
