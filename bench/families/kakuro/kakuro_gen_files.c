/* kakuro_gen_files.c — the outputs of `generate kakuro` beyond the runner's: with --out
 * DIR, NAME.kak and NAME.sol.kak per puzzle (each a whole file, read by solve, count,
 * render and the report), and with --html FILE the player page holding the puzzles
 * written. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/io/outfile.h"
#include "kakuro_generate.h"
#include "player/page/page.h"
#include "harness/base/sizes.h"

typedef struct file_text {
    const char *name, *text;
} file_text;

static int fill_one(FILE *f, void *p)
{
    const file_text *ft = p;
    fprintf(f, "; %s\n%s", ft->name, ft->text);
    return ferror(f) ? -1 : 0;
}

int pb_kakuro_put(void *ctx, long t, const pb_gen_item *it, const char *dir, char *err,
                  size_t errlen)
{
    char path[PB_PATH_MAX], name[PB_GEN_NAME_MAX];
    pb_kakuro_task_name(ctx, t, name, sizeof name);
    file_text ft = {name, it->extra[KAKURO_TEXT_PUZZLE]};
    snprintf(path, sizeof path, "%s/%s.kak", dir, name);
    if (pb_write_file_atomic(path, fill_one, &ft, err, errlen)) return -1;
    ft.text = it->extra[KAKURO_TEXT_SOLUTION];
    snprintf(path, sizeof path, "%s/%s.sol.kak", dir, name);
    return pb_write_file_atomic(path, fill_one, &ft, err, errlen);
}

int pb_kakuro_drop(const char *dir, const char *name, char *err, size_t errlen)
{
    static const char *const ext[] = {".kak", ".sol.kak"};
    char path[PB_PATH_MAX];
    struct stat st;
    int gone = 0;
    for (int k = 0; k < 2; k++) {
        if (snprintf(path, sizeof path, "%s/%s%s", dir, name, ext[k]) >= (int)sizeof path ||
            lstat(path, &st) || !S_ISREG(st.st_mode))
            continue; /* not there, or none of put's (a folder, a link) */
        if (unlink(path))
            return snprintf(err, errlen, "%s: cannot remove: %s", path, strerror(errno)), -1;
        gone = 1;
    }
    return gone;
}

int pb_kakuro_kept(void *ctx, long t, const char *dir, char *err, size_t errlen)
{
    char path[PB_PATH_MAX], name[PB_GEN_NAME_MAX];
    pb_kakuro_task_name(ctx, t, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s.sol.kak", dir, name);
    if (!access(path, R_OK)) return 0;
    snprintf(err, errlen, "%s: missing, but its record is kept: give --force", path);
    return -1;
}

/* --html: the player page with the puzzles written that were made. */
int pb_kakuro_page(void *ctx, const pb_gen_item *items, long written, char *err, size_t errlen)
{
    const kakuro_gen_run *r = ctx;
    char *list = NULL;
    size_t len = 0;
    if (!r->html) return 0;
    FILE *f = open_memstream(&list, &len);
    if (!f) return snprintf(err, errlen, "out of memory"), -1;
    fputc('[', f);
    for (long t = 0, n = 0; t < written; t++)
        if (items[t].status == PB_GEN_MADE && items[t].extra[KAKURO_TEXT_JSON])
            fprintf(f, "%s%s", n++ ? ",\n" : "\n", items[t].extra[KAKURO_TEXT_JSON]);
    fputs("\n]", f);
    int rc = fclose(f) ? -1 : pb_player_write(r->html, list, err, errlen);
    if (rc && !list) snprintf(err, errlen, "out of memory");
    free(list);
    return rc;
}
