; error: 2: column 1: no white cells in the puzzle
#  #
\ #
