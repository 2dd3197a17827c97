; error: 4: column 3: digit 2 repeated in its down run (also at line 3)
#  4\ 6\
\3 1  2
\7 3  2
