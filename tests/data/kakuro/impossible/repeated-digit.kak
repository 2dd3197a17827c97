; note: 5: column 3: digit 2 repeated in its down run (also at line 4)
; solutions: 0
#  4\ 6\
\3 1  2
\7 3  2
