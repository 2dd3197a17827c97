; error: 2: column 1: right clue 45 for a run of 10 cells (a run has 1 to 9 cells)
\45 . . . . . . . . . .
