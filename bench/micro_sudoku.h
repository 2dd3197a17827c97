/* micro_sudoku.h — the sudoku cases of puzzlebench-micro. */
#ifndef PB_MICRO_SUDOKU_H
#define PB_MICRO_SUDOKU_H

/* Loads DATA_DIR/sudoku/9x9-bench.txt, checks each engine on it and registers its
 * benchmark. 0, or -1 after printing why. */
int micro_sudoku_register(const char *data_dir);
void micro_sudoku_free(void);

#endif
