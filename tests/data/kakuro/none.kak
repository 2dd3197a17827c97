; none.kak — small hand-made kakuro clue grids whose clues are each possible but
; which have no solution. The line before each puzzle gives its solution count.

; the across and down totals agree (8), yet the top-left cell must be 1 and then
; the top-right cell 2, which 4 down ({1,3}) cannot take
; solutions: 0
#  4\ 4\
\3 .  .
\5 .  .

; solutions: 0
#   15\ 9\
\12 .   .
\13 .   .

; a given that its run's sum cannot take: 3 over two cells is {1,2}
; solutions: 0
#  4\ 6\
\3 3  .
\7 .  .

; solutions: 0
#   17\ 18\ 17\
\21 .   .   .
\18 .   .   .
\14 .   .   .

; solutions: 0
#   #    26\ 19\ 25\
#   10\18 .  .   .
\24 .    .   .   .
\18 .    .   .   .
\21 .    .   .   .

; one-cell runs, each possible: 3 down in column 4 forces 1 3 across, so 3 down
; column 3, so 1 in row 3, but the one-cell run below 3\4 wants 3
; solutions: 0
#   #   4\   3\
#   3\4 .    .
\4  .   .    #

; the clues' one fill, 2 3 / 1 1, repeats a digit in the run without a clue (row 3)
; solutions: 0
#   3\  4\
\5  .   .
#   .   .
