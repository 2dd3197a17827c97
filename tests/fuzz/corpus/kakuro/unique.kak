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