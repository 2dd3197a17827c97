/* satout.c — pb_satout_read: an outside SAT solver's answer (minisat's result file or
 * the competition format's s/v lines), read line by line; see satout.h. */
#include "satout.h"

#include <string.h>

#include "../core/text_bytes.h"

enum { FORM_NONE, FORM_MINISAT, FORM_COMPETITION };

typedef struct reader {
    int nvars, form, verdict;
    int in_model; /* 1 while the model's literals are being read (before its 0) */
    int done;     /* 1 once the answer is complete: only blanks and comments may follow */
    unsigned char *truth;
    pb_error *err;
} reader;

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Whether line[0 .. n) starts with the word w followed by a blank or its end. */
static int starts_word(const char *line, size_t n, const char *w)
{
    size_t k = strlen(w);
    return n >= k && !memcmp(line, w, k) && (n == k || is_blank(line[k]));
}

/* Whether line[0 .. n) is exactly the words of w (blanks around them ignored). */
static int is_words(const char *line, size_t n, const char *w)
{
    while (n && is_blank(*line)) line++, n--;
    while (n && is_blank(line[n - 1])) n--;
    return n == strlen(w) && !memcmp(line, w, n);
}

/* The literals of line[0 .. n) (after any "v"); 0 or -1 with the error. */
static int literals(reader *r, const char *p, size_t n, int lineno)
{
    size_t i = 0;
    for (;;) {
        while (i < n && is_blank(p[i])) i++;
        if (i == n) return 0;
        size_t start = i;
        while (i < n && !is_blank(p[i])) i++;
        const char *tok = p + start;
        size_t tlen = i - start;
        if (r->done)
            return pb_fail(r->err, lineno,
                           "expected nothing after the model's closing 0, got '%.*s'",
                           (int)(tlen > 20 ? 20 : tlen), tok);
        size_t k = tok[0] == '-';
        long long v = 0;
        if (k == tlen || (k && tok[k] == '0'))
            k = tlen + 1; /* "-" alone or "-0...": not a literal */
        for (; k < tlen; k++) {
            if (tok[k] < '0' || tok[k] > '9') break;
            if (v <= 1000000000LL) v = v * 10 + (tok[k] - '0');
        }
        if (k != tlen)
            return pb_fail(r->err, lineno,
                           "expected a literal (a variable 1..%d, negated with '-') or the closing "
                           "0, got '%.*s'",
                           r->nvars, (int)(tlen > 20 ? 20 : tlen), tok);
        if (v == 0) {
            r->in_model = 0, r->done = 1;
            continue;
        }
        if (v > r->nvars)
            return pb_fail(r->err, lineno,
                           "literal %.*s: the problem has %d variables (a model of another "
                           "problem?)",
                           (int)(tlen > 20 ? 20 : tlen), tok, r->nvars);
        if (r->truth[v]) return pb_fail(r->err, lineno, "variable %lld given twice", v);
        r->truth[v] = tok[0] == '-' ? 2 : 1; /* 2: false, until the end */
    }
}

/* One line without its end; 0 or -1. */
static int line(reader *r, const char *p, size_t n, int lineno)
{
    int bad = -1;
    for (size_t i = 0; i < n && bad < 0; i++)
        if (!is_blank(p[i]) && ((unsigned char)p[i] < 0x20 || (unsigned char)p[i] >= 0x7f))
            bad = (unsigned char)p[i];
    if (bad >= 0)
        return pb_fail(r->err, lineno, "byte 0x%02X is not part of a solver's answer", bad);
    size_t b = 0;
    while (b < n && is_blank(p[b])) b++;
    if (b == n || starts_word(p, n, "c")) return 0; /* blank line, comment */

    if (r->form == FORM_NONE) {
        static const struct {
            const char *words;
            int form, verdict;
        } first[] = {
            {"SAT", FORM_MINISAT, PB_SATOUT_SAT},
            {"UNSAT", FORM_MINISAT, PB_SATOUT_UNSAT},
            {"INDET", FORM_MINISAT, PB_SATOUT_UNKNOWN},
            {"s SATISFIABLE", FORM_COMPETITION, PB_SATOUT_SAT},
            {"s UNSATISFIABLE", FORM_COMPETITION, PB_SATOUT_UNSAT},
            {"s UNKNOWN", FORM_COMPETITION, PB_SATOUT_UNKNOWN},
        };
        for (size_t i = 0; i < sizeof first / sizeof *first; i++)
            if (is_words(p, n, first[i].words)) {
                r->form = first[i].form, r->verdict = first[i].verdict;
                r->in_model = r->verdict == PB_SATOUT_SAT;
                r->done = !r->in_model;
                return 0;
            }
        if (starts_word(p, n, "v"))
            return pb_fail(r->err, lineno, "expected the 's' line before the 'v' lines");
        return pb_fail(r->err, lineno,
                       "expected SAT, UNSAT or INDET (minisat's result file) or 's SATISFIABLE', "
                       "'s UNSATISFIABLE' or 's UNKNOWN' (a solver's standard output)");
    }
    if (r->form == FORM_COMPETITION) {
        if (starts_word(p, n, "s"))
            return pb_fail(r->err, lineno, "expected one 's' line, got a second");
        if (!starts_word(p, n, "v"))
            return pb_fail(r->err, lineno, "expected a 'v' line of the model or a 'c' comment");
        if (r->verdict != PB_SATOUT_SAT)
            return pb_fail(r->err, lineno, "expected no model ('v' lines) after '%s'",
                           r->verdict == PB_SATOUT_UNSAT ? "s UNSATISFIABLE" : "s UNKNOWN");
        return literals(r, p + 1, n - 1, lineno);
    }
    if (r->verdict != PB_SATOUT_SAT)
        return pb_fail(r->err, lineno, "expected nothing after %s",
                       r->verdict == PB_SATOUT_UNSAT ? "UNSAT" : "INDET");
    return literals(r, p, n, lineno);
}

int pb_satout_read(const char *text, size_t len, int nvars, unsigned char *truth, pb_error *err)
{
    reader r = {.nvars = nvars, .truth = truth, .err = err};
    memset(truth, 0, (size_t)nvars + 1);
    size_t i = 0;
    int lineno = 0;
    while (i < len) {
        const char *p = text + i, *nl = memchr(p, '\n', len - i);
        size_t n = nl ? (size_t)(nl - p) : len - i;
        i += n + (nl != NULL);
        lineno++;
        if (n && p[n - 1] == '\r') n--;
        if (line(&r, p, n, lineno)) return -1;
    }
    if (lineno == 0) lineno = 1;
    if (r.form == FORM_NONE)
        return pb_fail(err, lineno, "expected a SAT solver's answer, found %s",
                       len ? "only blank lines and comments" : "an empty file");
    if (r.in_model)
        return pb_fail(err, lineno,
                       r.form == FORM_MINISAT
                           ? "expected the model's literals after SAT, ending with 0"
                           : "expected 'v' lines of the model after 's SATISFIABLE', the last "
                             "ending with 0");
    for (int v = 1; v <= nvars; v++) truth[v] = truth[v] == 1;
    return r.verdict;
}
