/* latin.c — the latin family: quasigroup completion, Latin squares with holes (QWH).
 * An instance is a file of squares ('-': standard input), or generated instances
 * named qwh-ORDER-HOLES[-xCOUNT][-sSEED][-iFIRST], where HOLES is a fraction or a
 * range FROM:TO:STEP, so one name stands for a whole easy-hard-easy series; each
 * generated puzzle is named qwh-ORDER-HOLES-sSEED-iINDEX, a name that reads back as
 * that one puzzle; bqwh-... names the same with balanced holes (as many in every row
 * and column). The squares of one order share one model structure; solutions print
 * as squares; a set's isomorphic copies (the sweep key copies) come from iso.c. */
#include "family.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "families/render_grid.h"
#include "latin/latin.h"
#include "families/families.h"

/* What a generated instance name asks for. */
typedef struct qwh_spec {
    int n, count, first;   /* order; instances per fraction, from index first */
    double from, to, step; /* hole fractions from..to by step (one when step is 0) */
    uint64_t seed;
    int balanced; /* bqwh-: balanced holes (latin_punch_balanced) */
} qwh_spec;

typedef struct latin_priv {
    pb_model *shape[LATIN_MAX_ORDER + 1]; /* by order, built when first needed */
    pb_model *views;                      /* one per puzzle */
    pb_mask *doms;                        /* their domains, n * n a puzzle, one after another */
    size_t doms_used;
    char (*name)[48]; /* generated puzzles' names; NULL for files */
} latin_priv;

static void free_set(pb_set *set)
{
    latin_priv *pv = set->priv;
    for (int i = 0; i < set->count; i++) free(set->puzzle[i].error), free(set->puzzle[i].note);
    if (pv) {
        for (int n = 0; n <= LATIN_MAX_ORDER; n++) pb_model_free(pv->shape[n]);
        free(pv->views), free(pv->doms), free(pv->name), free(pv);
    }
    free(set->puzzle);
    memset(set, 0, sizeof *set);
}

/* Room for count puzzles of `cells` cells in all; 0, or -1 when out of memory. */
static int make_room(pb_set *set, latin_priv *pv, int count, size_t cells, int named)
{
    set->puzzle = calloc((size_t)count + 1, sizeof *set->puzzle);
    pv->views = calloc((size_t)count + 1, sizeof *pv->views);
    pv->doms =
        cells <= SIZE_MAX / sizeof *pv->doms - 1 ? malloc((cells + 1) * sizeof *pv->doms) : NULL;
    if (named) pv->name = calloc((size_t)count + 1, sizeof *pv->name);
    return set->puzzle && pv->views && pv->doms && (!named || pv->name) ? 0 : -1;
}

/* Makes puzzle i of the set the model of sq. 0, or -1 when out of memory. */
static int add_square(pb_set *set, latin_priv *pv, int i, const latin_square *sq, int line)
{
    if (!pv->shape[sq->n] && !(pv->shape[sq->n] = latin_model_new(sq->n))) return -1;
    latin_model_view(pv->shape[sq->n], sq, pv->doms + pv->doms_used, &pv->views[i]);
    pv->doms_used += (size_t)sq->ncells;
    set->puzzle[i].model = &pv->views[i];
    set->puzzle[i].line = line;
    return 0;
}

/* The most squares one qwh name may make (a count times its fractions), and the most
 * cells in all (their domains are held at once: 2 GiB). */
#define QWH_MAX_SQUARES 1000000
#define QWH_MAX_CELLS   (1 << 28)

/* "-TAG" and a decimal number at p, in [0, 2^64 - 1]: its length, or 0. Digits only:
 * sscanf's %llu takes a sign, blanks and (undefined) an overflow, so "-s-1" and a
 * seed past 2^64 would read as another seed. */
static int tagged(const char *p, char tag, unsigned long long *v)
{
    if (p[0] != '-' || p[1] != tag || p[2] < '0' || p[2] > '9') return 0;
    char *end;
    errno = 0;
    *v = strtoull(p + 2, &end, 10);
    return errno ? 0 : (int)(end - p);
}

/* "[b]qwh-ORDER-HOLES[-xCOUNT][-sSEED][-iFIRST]"; 1 when spec is such a name (*q
 * filled), 0 when it is not one, -1 when it is one with a fault (err says which). */
static int parse_qwh(const char *spec, qwh_spec *q, char *err, size_t errlen)
{
    const int balanced = !strncmp(spec, "bqwh-", 5);
    if (strncmp(spec, "qwh-", 4) && !balanced) return 0;
    char rest[128];
    int used = 0;
    *q = (qwh_spec){.count = 1, .seed = 1, .balanced = balanced};
    const char *body = spec + balanced; /* from "qwh-" on */
    if (sscanf(body, "qwh-%d-%lf%n", &q->n, &q->from, &used) != 2) goto bad;
    q->to = q->from;
    int more = 0;
    if (body[used] == ':' && sscanf(body + used, ":%lf:%lf%n", &q->to, &q->step, &more) == 2)
        used += more;
    /* A tail cut to fit would read as another name (a seed's last digits lost). */
    if ((size_t)snprintf(rest, sizeof rest, "%s", body + used) >= sizeof rest) goto bad;
    for (char *p = rest; *p;) {
        unsigned long long v;
        int k;
        if ((k = tagged(p, 'x', &v)) && v >= 1 && v <= 100000)
            q->count = (int)v;
        else if ((k = tagged(p, 's', &v)))
            q->seed = v;
        else if ((k = tagged(p, 'i', &v)) && v < 1000000)
            q->first = (int)v;
        else
            goto bad;
        p += k;
    }
    /* The numbers are decimal: no hexadecimal, inf or nan (sscanf takes them). */
    if (strspn(body + 4, "0123456789.eE+-:") < (size_t)used - 4) goto bad;
    if (q->n < LATIN_MIN_ORDER || q->n > LATIN_MAX_ORDER ||
        !(q->from >= 0 && q->to <= 1 && q->from <= q->to) || (q->to > q->from && !(q->step > 0)))
        goto bad;
    /* The range's size is checked before it is counted in an int or multiplied. */
    const double fractions = q->step > 0 ? floor((q->to - q->from) / q->step + 1e-9) + 1 : 1;
    const double most = fmin(QWH_MAX_SQUARES, QWH_MAX_CELLS / (q->n * q->n));
    if (fractions * q->count > most) {
        const double asked = fractions * q->count;
        char many[32] = "more than 1e308";
        if (isfinite(asked)) snprintf(many, sizeof many, "%.3g", asked);
        snprintf(err, errlen, "%s: the range gives %s squares: at most %.0f of order %d", spec,
                 many, most, q->n);
        return -1;
    }
    return 1;
bad:
    snprintf(err, errlen,
             "%s: expected %sqwh-ORDER-HOLES[-xCOUNT][-sSEED][-iFIRST] (ORDER %d-%d, HOLES a "
             "fraction 0-1 or FROM:TO:STEP), e.g. %sqwh-15-0.42-x20",
             spec, q->balanced ? "b" : "", LATIN_MIN_ORDER, LATIN_MAX_ORDER,
             q->balanced ? "b" : "");
    return -1;
}

/* The fractions of q, from..to by step: their number, the k-th. */
static int qwh_steps(const qwh_spec *q)
{
    return q->step > 0 ? (int)floor((q->to - q->from) / q->step + 1e-9) + 1 : 1;
}

static double qwh_fraction(const qwh_spec *q, int k)
{
    return q->from + k * q->step;
}

static int load_generated(const qwh_spec *q, pb_set *set, latin_priv *pv, char *err, size_t errlen)
{
    const int fractions = qwh_steps(q), count = fractions * q->count;
    if (make_room(set, pv, count, (size_t)count * (size_t)(q->n * q->n), 1))
        return snprintf(err, errlen, "out of memory"), -1;
    latin_square *puzzle = malloc(sizeof *puzzle);
    if (!puzzle) return snprintf(err, errlen, "out of memory"), -1;
    int rc = 0;
    for (int k = 0, i = 0; k < fractions && !rc; k++)
        for (int index = q->first; index < q->first + q->count && !rc; index++, i++) {
            latin_gen_opts o = {q->n, qwh_fraction(q, k), q->seed, 0, q->balanced};
            rc = latin_generate(&o, (uint64_t)index, puzzle, NULL) ||
                 add_square(set, pv, i, puzzle, 0);
            snprintf(pv->name[i], sizeof pv->name[i], "%sqwh-%d-%g-s%llu-i%d",
                     q->balanced ? "b" : "", q->n, o.holes, (unsigned long long)q->seed, index);
            set->count++;
        }
    free(puzzle);
    if (rc) snprintf(err, errlen, "out of memory");
    return rc ? -1 : 0;
}

/* Counts the squares of text (readable or not) and their cells (readable ones), for
 * the room to hold them. */
static int count_squares(const char *text, size_t len, size_t *cells)
{
    latin_reader rd;
    latin_square *sq = malloc(sizeof *sq);
    int n = 0, line, rc;
    pb_error e;
    *cells = 0;
    latin_reader_init(&rd, text, len);
    while (sq && (rc = latin_read(&rd, sq, &line, &e)) != 0) {
        if (rc > 0) *cells += (size_t)sq->ncells;
        n++;
    }
    free(sq);
    return n;
}

static int load_text(const char *spec, const char *text, size_t len, pb_set *set, char *err,
                     size_t errlen)
{
    latin_priv *pv = set->priv;
    size_t cells;
    const int count = count_squares(text, len, &cells);
    if (!count) {
        snprintf(err, errlen, "%s: no squares found (expected rows of tokens: '.' or 1..n)", spec);
        return -1;
    }
    latin_square *sq = malloc(sizeof *sq);
    if (!sq || make_room(set, pv, count, cells, 0))
        return free(sq), snprintf(err, errlen, "out of memory"), -1;
    latin_reader rd;
    latin_reader_init(&rd, text, len);
    int line, rc;
    pb_error e;
    while (set->count < count && (rc = latin_read(&rd, sq, &line, &e)) != 0) {
        pb_puzzle *p = &set->puzzle[set->count];
        if (rc > 0 && add_square(set, pv, set->count, sq, line)) break;
        if (rc > 0 && rd.note.line) {
            p->note = pb_puzzle_message(spec, rd.note.line, rd.note.msg,
                                        " (the square has no completion)");
            if (!p->note) break;
        }
        if (rc < 0) {
            if (!(p->error = pb_puzzle_message(spec, e.line, e.msg, ""))) break;
            p->line = e.line;
            set->bad++;
        }
        set->count++;
    }
    free(sq);
    if (set->count < count) return snprintf(err, errlen, "%s: out of memory", spec), -1;
    return 0;
}

static int load(const pb_instance *inst, const void *params, pb_set *set, char *err, size_t errlen)
{
    (void)params;
    qwh_spec q;
    memset(set, 0, sizeof *set);
    latin_priv *pv = calloc(1, sizeof *pv);
    if (!pv) return snprintf(err, errlen, "%s: out of memory", inst->spec), -1;
    set->priv = pv;
    int kind = inst->file ? 0 : parse_qwh(inst->spec, &q, err, errlen), rc = -1;
    if (kind > 0) {
        rc = load_generated(&q, set, pv, err, errlen);
    } else if (kind == 0) {
        rc = pb_read_puzzle_file(inst->spec, set, load_text, err, errlen);
    }
    if (rc) free_set(set);
    return rc;
}

/* Copy `copy` of every square of set: each under the symmetry of the stream (seed,
 * i * 2^20 + copy) (latin_iso_draw), keeping its square's line, name and note. */
static int copy_set(const pb_set *set, const char *spec, int copy, uint64_t seed, pb_set *out,
                    char *err, size_t errlen)
{
    const latin_priv *from = set->priv;
    size_t cells = 0;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < set->count; i++) {
        if (!set->puzzle[i].model) return snprintf(err, errlen, "%s", set->puzzle[i].error), -1;
        cells += (size_t)set->puzzle[i].model->ncells;
    }
    latin_priv *pv = calloc(1, sizeof *pv);
    latin_square *sq = malloc(2 * sizeof *sq);
    out->priv = pv;
    int rc = !pv || !sq || make_room(out, pv, set->count, cells, from->name != NULL);
    for (int i = 0; i < set->count && !rc; i++) {
        latin_iso iso;
        const pb_puzzle *p = &set->puzzle[i];
        latin_square_from(p->model, NULL, &sq[0]);
        latin_iso_draw(sq[0].n, seed, pb_copy_stream(i, copy), &iso);
        rc = latin_iso_apply(&iso, &sq[0], &sq[1]) || add_square(out, pv, i, &sq[1], p->line) ||
             (p->note && !(out->puzzle[i].note = strdup(p->note)));
        if (from->name) memcpy(pv->name[i], from->name[i], sizeof pv->name[i]);
        out->count++;
    }
    free(sq);
    if (rc) {
        free_set(out);
        return snprintf(err, errlen, "%s: out of memory", spec), -1;
    }
    return 0;
}

static void print_solution(FILE *f, const pb_set *set, int i, const int *values,
                           const pb_engine *engine)
{
    (void)engine;
    latin_square sq;
    char text[LATIN_MAX_TEXT];
    if (latin_square_from(set->puzzle[i].model, values, &sq)) return;
    latin_format_square(&sq, text, sizeof text);
    fprintf(f, "%s%s", i ? "\n" : "", text);
}

static void instance_name(const char *spec, char *out, size_t outlen)
{
    qwh_spec q;
    char err[300];
    if (parse_qwh(spec, &q, err, sizeof err) > 0)
        snprintf(out, outlen, "%s", spec);
    else
        pb_base_name(spec, out, outlen);
}

static void puzzle_name(const pb_set *set, int i, char *out, size_t outlen)
{
    const latin_priv *pv = set->priv;
    if (pv->name) snprintf(out, outlen, "%s", pv->name[i]);
}

/* The board as a picture (render). */
static void render(FILE *f, const pb_set *set, int i, const int *values)
{
    pb_render_grid(f, set->puzzle[i].model, values, 0, 0);
}

static const char *const latin_sweeps[] = {"latin", "latin-ladder", "latin-ladder-heldout", NULL};
static const char *const latin_examples[] = {
    "count latin qwh-15-0.42-x10 -l 2",
    "generate latin --size 20 --holes 0.42 --count 5",
    NULL,
};

const pb_family pb_family_latin = {
    .name = "latin",
    .summary = "quasigroup completion: fill the holes of a Latin square (QWH)",
    .instance_help = "a file of squares ('-': standard input), n rows of n tokens ('.' a hole, "
                     "or 1..n), ';' comments, a blank line between squares; or generated "
                     "instances qwh-ORDER-HOLES[-xCOUNT][-sSEED], HOLES a fraction or FROM:TO:STEP "
                     "(bqwh-...: balanced holes, round(HOLES * ORDER) in every row and column)",
    .batch = 1,
    PB_PLACEMENT_FAMILY,
    .instance_name = instance_name,
    .puzzle_name = puzzle_name,
    .copy_set = copy_set,
    .default_engine = "propagate",
    .generators = pb_latin_generators,
    .sweeps = latin_sweeps,
    .examples = latin_examples,
};
