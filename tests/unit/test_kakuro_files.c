/* test_kakuro_files.c — the hand-made puzzles of tests/data/kakuro: each file's
 * solution count (unique, none, many) by a brute-force counter written here,
 * independent of the engines, and each bad or impossible file's refusal or answer.
 *
 * usage: test_kakuro_files SOURCE_DIR */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kakuro/kakuro.h"

static kakuro_grid g; /* big: kept off the stack */

/* Counts g's solutions by assigning digits to the white cells in reading order,
 * cutting a branch only when a clued run's digits repeat or can no longer reach its
 * clue; every complete fill is then checked whole by kakuro_is_solution_of (which
 * sees to the runs without a clue). */
enum { COUNTER_CELLS = 4096 }; /* the hand-made puzzles are far smaller */

typedef struct counter {
    const kakuro_grid *g;
    kakuro_grid fill;
    int cells[COUNTER_CELLS], ncells;
    int across_clue[COUNTER_CELLS], down_clue[COUNTER_CELLS]; /* per grid cell */
    long count, limit;
} counter;

static int run_ok(const counter *k, int step, int clue_cell, int sum)
{
    const kakuro_grid *g = k->g;
    int total = 0, empty = 0;
    unsigned seen = 0;
    for (int j = clue_cell + step; j < g->rows * g->cols && g->white[j]; j += step) {
        if (step == 1 && j / g->cols != clue_cell / g->cols) break;
        const int d = k->fill.digit[j];
        if (!d) {
            empty++;
            continue;
        }
        if (seen & (1u << d)) return 0;
        seen |= 1u << d;
        total += d;
    }
    if (empty == 0) return total == sum;
    /* The smallest and largest that `empty` more distinct digits can add. */
    int lo = 0, hi = 0, n = 0;
    for (int d = 1; d <= 9 && n < empty; d++)
        if (!(seen & (1u << d))) lo += d, n++;
    if (n < empty) return 0; /* fewer digits left than cells */
    n = 0;
    for (int d = 9; d >= 1 && n < empty; d--)
        if (!(seen & (1u << d))) hi += d, n++;
    return total + lo <= sum && total + hi >= sum;
}

static void count_from(counter *k, int at)
{
    if (k->count >= k->limit) return;
    if (at == k->ncells) {
        if (kakuro_is_solution_of(k->g, &k->fill)) k->count++;
        return;
    }
    const int i = k->cells[at];
    const int given = k->g->digit[i];
    for (int d = given ? given : 1; d <= (given ? given : 9); d++) {
        k->fill.digit[i] = (unsigned char)d;
        int a = k->across_clue[i], b = k->down_clue[i];
        if ((a < 0 || run_ok(k, 1, a, k->g->right[a])) &&
            (b < 0 || run_ok(k, k->g->cols, b, k->g->down[b])))
            count_from(k, at + 1);
    }
    k->fill.digit[i] = (unsigned char)given;
}

static counter cnt; /* big: kept off the stack */

static long brute_count(const kakuro_grid *p, long limit)
{
    cnt.g = p;
    CHECK(p->rows * p->cols <= COUNTER_CELLS && kakuro_grid_copy(&cnt.fill, p) == 0);
    if (p->rows * p->cols > COUNTER_CELLS) return -1;
    cnt.ncells = 0;
    cnt.count = 0;
    cnt.limit = limit;
    const int C = p->cols;
    for (int i = 0; i < p->rows * C; i++) {
        cnt.across_clue[i] = cnt.down_clue[i] = -1;
        if (!p->white[i]) continue;
        cnt.cells[cnt.ncells++] = i;
        /* The clue cell of each clued run through i. */
        int a = i, b = i;
        while (a % C && p->white[a - 1]) a--;
        if (a % C && p->right[a - 1]) cnt.across_clue[i] = a - 1;
        while (b >= C && p->white[b - C]) b -= C;
        if (b >= C && p->down[b - C]) cnt.down_clue[i] = b - C;
    }
    count_from(&cnt, 0);
    return cnt.count;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n + 4096 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *nb = realloc(buf, cap + 1);
            if (!nb) break;
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got);
    fclose(f);
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

/* The text of 1-based line `line` of buf (without its newline) into out. */
static void line_text(const char *buf, int line, char *out, size_t outlen)
{
    const char *p = buf;
    for (int l = 1; l < line && p; l++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    size_t n = 0;
    while (p && *p && *p != '\n' && n + 1 < outlen) out[n++] = *p++;
    while (n && out[n - 1] == '\r') n--;
    out[n] = '\0';
}

/* Every puzzle of the file has `; solutions: N` on the line before it; N must be
 * what the counter finds and satisfy want(N). Returns the number of puzzles. */
static int check_counts(const char *dir, const char *name, int kind)
{
    char path[1024], comment[128];
    snprintf(path, sizeof path, "%s/tests/data/kakuro/%s", dir, name);
    size_t len;
    char *text = slurp(path, &len);
    CHECK(text != NULL);
    if (!text) return 0;
    kakuro_reader r;
    pb_error e = {0, ""};
    int line, rc, puzzles = 0;
    kakuro_reader_init(&r, text, len);
    while ((rc = kakuro_read(&r, &g, &line, &e)) != 0) {
        CHECK_EQ_U64(rc, 1);
        if (rc < 0) {
            fprintf(stderr, "%s:%d: %s\n", name, e.line, e.msg);
            continue;
        }
        puzzles++;
        long want = -1;
        line_text(text, line - 1, comment, sizeof comment);
        if (sscanf(comment, "; solutions: %ld", &want) != 1)
            fprintf(stderr, "%s:%d: no '; solutions: N' line before the puzzle\n", name, line);
        const long got = brute_count(&g, 100000);
        if (got != want)
            fprintf(stderr, "%s:%d: %ld solutions, the file says %ld\n", name, line, got, want);
        CHECK_EQ_U64(got, want);
        CHECK(kind == 0 ? got == 0 : kind == 1 ? got == 1 : got > 1);
        pb_model *m = kakuro_model_new(&g, &e);
        CHECK(m != NULL);
        pb_model_free(m);
    }
    free(text);
    return puzzles;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Each bad/NAME.kak holds one rejected puzzle, its expected error on its first line
 * ("; error: LINE: ..."); each impossible/NAME.kak one puzzle that reads but has no
 * solution, the note naming why on its first line ("; note: LINE: ..."). */
static int check_files(const char *dir, const char *sub)
{
    const int bad = !strcmp(sub, "bad");
    char path[1024], want[256], got[256];
    snprintf(path, sizeof path, "%s/tests/data/kakuro/%s", dir, sub);
    DIR *d = opendir(path);
    CHECK(d != NULL);
    if (!d) return 0;
    char *names[64];
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) && n < 64) {
        size_t l = strlen(de->d_name);
        if (l > 4 && !strcmp(de->d_name + l - 4, ".kak")) names[n++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    for (int k = 0; k < n; k++) {
        snprintf(path, sizeof path, "%s/tests/data/kakuro/%s/%s", dir, sub, names[k]);
        size_t len;
        char *text = slurp(path, &len);
        CHECK(text != NULL);
        if (!text) continue;
        line_text(text, 1, want, sizeof want);
        kakuro_reader r;
        pb_error e = {0, ""};
        int line;
        kakuro_reader_init(&r, text, len);
        CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), bad ? (uint64_t)-1 : 1);
        if (bad) {
            CHECK(r.note.line == 0);
            snprintf(got, sizeof got, "; error: %d: %s", e.line, e.msg);
        } else {
            snprintf(got, sizeof got, "; note: %d: %s", r.note.line, r.note.msg);
        }
        if (strcmp(got, want)) fprintf(stderr, "%s/%s:\n", sub, names[k]);
        CHECK_STR(got, want);
        if (!bad) { /* read, and no solution */
            CHECK_EQ_U64(brute_count(&g, 10), 0);
            pb_model *m = kakuro_model_new(&g, &e);
            CHECK(m != NULL);
            pb_model_free(m);
        }
        CHECK_EQ_U64(kakuro_read(&r, &g, &line, &e), 0); /* one puzzle per file */
        free(text);
        free(names[k]);
    }
    return n;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    CHECK(check_counts(dir, "unique.kak", 1) >= 5);
    CHECK(check_counts(dir, "none.kak", 0) >= 3);
    CHECK(check_counts(dir, "many.kak", 2) >= 3);
    CHECK(check_files(dir, "bad") >= 9);
    CHECK(check_files(dir, "impossible") >= 4);
    kakuro_grid_free(&g);
    kakuro_grid_free(&cnt.fill);
    return check_report("test_kakuro_files");
}
