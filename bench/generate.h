/* generate.h — the generators of families with their own file (cmd_generate.c holds
 * the table and sudoku's): each entry point returns the exit status. */
#ifndef PB_GENERATE_H
#define PB_GENERATE_H

extern const char kakuro_generate_help[], kakuro_outline_help[];
int generate_kakuro(int argc, char **argv);
int generate_kakuro_outline(int argc, char **argv);

#endif
