; error: 2: column 2: bad clue '4\6\' (expected D\R: a number 1-45 or nothing on either side of the \)
#  4\6\ 6\
\3 .  .
\7 .  .
