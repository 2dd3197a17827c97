; puzzlebench generate kakuro --seed 1 --no-solutions --size 9x9 --difficulty hard --count 20

; 9x9-hard-s1-0000: 2 attempts, unique sums on 16 of 28 runs (0.57)
  #     #     #     #     #     #     #   34\    3\
  #     #   16\   23\     #     #    8\3    .     .
  #     \16   .     .     #   24\7    .     .     .
  #     \17   .     .    7\24   .     .     .   11\
  #     #     \17   .     .     .     \17   .     .
  #     #   19\    6\10   .     .     \4    .     .
  #    6\14   .     .     .   11\    9\3    .     .
  \6    .     .     .     \24   .     .     .     #
  \12   .     .     #     \3    .     .     #     #

; 9x9-hard-s1-0001: 6 attempts, unique sums on 16 of 32 runs (0.50)
