; error: 3: column 3: unknown token 'x' (expected D\R, #, . or a digit 1-9)
#  4\ 6\
\3 . x
\7 . .
