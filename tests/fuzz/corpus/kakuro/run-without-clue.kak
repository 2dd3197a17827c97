; error: 4: column 2: across run of 3 white cells without a clue
#  4\ 6\ #
\3 .  .  #
#  .  .  .
