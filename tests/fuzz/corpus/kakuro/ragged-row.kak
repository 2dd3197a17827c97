; error: 4: column 7: row has 6 cells, expected 7
#   #   #   17\ 4\ #  #
#   #   \7  .   .  #  #
#   9\ 12\6 .  .   #
