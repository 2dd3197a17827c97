; note: 3: column 3: right clue 50 for a run of 4 cells: no 4 distinct digits add up to 50
; solutions: 0
#  #  \50 .  .  .  .
