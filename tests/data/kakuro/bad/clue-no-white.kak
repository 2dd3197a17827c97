; error: 2: column 4: down clue 6 but no white cell below it
#  4\ 6\ 6\
\3 .  .  #
\7 .  .  #
