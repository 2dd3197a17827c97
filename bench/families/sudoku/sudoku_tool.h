/* sudoku_tool.h — sudoku's outside tools (pb_tool): QQwing, timed whole by the tool
 * sweep (sudoku_qqwing.c), and tdoku's run_benchmark, which times itself
 * (sudoku_tdoku.c); the table of both and the helpers they share (sudoku_tool.c). */
#ifndef PB_SUDOKU_TOOL_H
#define PB_SUDOKU_TOOL_H

#include <stddef.h>

#include "family.h"

/* The table of sudoku's tools, ended by a NULL name. */
extern const pb_tool pb_sudoku_tools[];

/* QQwing's hooks and difficulties (sudoku_qqwing.c). */
extern const char *const sudoku_qqwing_levels[];
int sudoku_qqwing_solve(const char *file, int repeat, const char *dir, const char *self,
                        pb_tool_task *t, char *err, size_t errlen);
int sudoku_qqwing_generate(const char *level, int count, const char *self, pb_tool_task *t,
                           char *err, size_t errlen);

/* tdoku's hooks and modes (sudoku_tdoku.c). */
extern const char *const sudoku_tdoku_modes[];
int sudoku_tdoku_measure(const char *file, const char *mode, double seconds, const char *dir,
                         const char *program, const char *self, pb_tool_task *t, char *err,
                         size_t errlen);
int sudoku_tdoku_figures(int side, const char *out, size_t len, const pb_tool_task *t,
                         pb_tool_figures *f);

/* ---- shared ---- */

/* Appends the words of a command to t->argv[side] (the words copied into t->buf). */
void sudoku_tool_command(pb_tool_task *t, int side, const char *const *words, size_t *used);
/* 1 when the line [p, end) is a puzzle line: not blank, not a comment. */
int sudoku_tool_puzzle_line(const char *p, const char *end);
/* The file's short name: its base name less ".txt", commas, quotes and control
 * characters replaced (it is a CSV field). */
void sudoku_tool_set_name(const char *file, char *out, size_t outlen);
/* Writes text k times over into path (a new file); with plain, its puzzle lines only. */
int sudoku_tool_write_input(const char *path, const char *text, size_t len, int k, int plain,
                            char *err, size_t errlen);

#endif
