; note: 3: column 1: right clue 45 for a run of 10 cells: no run holds more than 9 distinct digits
; solutions: 0
\45 . . . . . . . . . .
