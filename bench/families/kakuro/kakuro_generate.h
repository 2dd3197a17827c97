/* kakuro_generate.h — what the files of `generate kakuro` share: one run's task
 * matrix (shapes x levels x index) and the generator's hook. kakuro_generate.c
 * parses the options into it, kakuro_gen_tasks.c makes a task's puzzle, text and
 * record, kakuro_gen_files.c writes a puzzle's own files and the --html page. */
#ifndef PB_KAKURO_GENERATE_H
#define PB_KAKURO_GENERATE_H

#include <stddef.h>

#include "family.h"
#include "harness/gen/gen.h"
#include "kakuro/kakuro.h"

enum { KAKURO_MAX_SHAPES = 32 };

/* One run of `generate kakuro`: task t is puzzle (t % count) of level
 * level[(t / count) % nlevels] on shape t / count / nlevels. */
typedef struct kakuro_gen_run {
    int count, nlevels, candidates, no_solutions;
    int level[KAKURO_LEVELS];
    const char *html; /* --html FILE, or NULL */
    kakuro_gen_opts gen;
    /* the shapes: generated sizes, or the outlines of --outline */
    int nshapes;
    int size[KAKURO_MAX_SHAPES][2];
    kakuro_grid *outlines; /* NULL: generated sizes */
    char shape_name[KAKURO_MAX_SHAPES][32];
} kakuro_gen_run;

/* The hook (kakuro_gen_tasks.c). Items' extra texts: the puzzle, its solution and
 * (with --html) its object for the page. */
extern const pb_gen_hook pb_kakuro_gen_hook;
enum { KAKURO_TEXT_PUZZLE, KAKURO_TEXT_SOLUTION, KAKURO_TEXT_JSON };

/* Task t's puzzle index, level and shape, and its name RxC-LEVEL-sSEED-INDEX. */
void pb_kakuro_task(const kakuro_gen_run *r, long t, int *shape, int *level, int *index);
void pb_kakuro_task_name(const kakuro_gen_run *r, long t, char *buf, size_t len);

/* kakuro_gen_files.c: the hook's put, kept, drop and finish. */
int pb_kakuro_put(void *ctx, long t, const pb_gen_item *it, const char *dir, char *err,
                  size_t errlen);
int pb_kakuro_kept(void *ctx, long t, const char *dir, char *err, size_t errlen);
int pb_kakuro_drop(const char *dir, const char *name, char *err, size_t errlen);
int pb_kakuro_page(void *ctx, const pb_gen_item *items, long written, char *err, size_t errlen);

/* kakuro_outline.c: `generate kakuro-outline`, its options and their defaults. */
typedef struct kakuro_outline_gen_opts {
    kakuro_outline_opts shape;
    int count;
    pb_gen_opts run;
} kakuro_outline_gen_opts;
extern const pb_option pb_kakuro_outline_options[];
extern const kakuro_outline_gen_opts pb_kakuro_outline_defaults;
int pb_kakuro_outline_run(const pb_command *self, int argc, char **argv, int first);

/* "RxC" into rows and cols (3..KAKURO_MAX_DIM each). 0, or -1 with a message. */
int pb_kakuro_parse_size(const char *v, int *rows, int *cols, char *err, size_t errlen);

#endif
