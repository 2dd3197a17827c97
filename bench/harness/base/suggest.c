/* suggest.c — the nearest known name to a mistyped one (edit distance, ignoring case),
 * and a list of the known names for an error line. */
#include "suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Names longer than this are compared on their first PB_SUGGEST_LEN bytes only. */
enum { PB_SUGGEST_LEN = 64 };

static size_t count_names(const char *const *names, int n)
{
    if (n >= 0) return (size_t)n;
    size_t k = 0;
    while (names[k]) k++;
    return k;
}

static int same_char(char a, char b)
{
    return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* The edit distance between a and b (their first PB_SUGGEST_LEN bytes), case folded:
 * Levenshtein's with two neighbours swapped as one edit (optimal string alignment),
 * since a swap is the commonest slip ("mvr" for "mrv", "frist" for "first"); the
 * table's last two rows kept. */
static size_t distance(const char *a, const char *b)
{
    size_t la = strnlen(a, PB_SUGGEST_LEN), lb = strnlen(b, PB_SUGGEST_LEN);
    size_t rows[3][PB_SUGGEST_LEN + 1];
    size_t *before = rows[0], *last = rows[1], *row = rows[2];
    for (size_t j = 0; j <= lb; j++) last[j] = j;
    for (size_t i = 1; i <= la; i++) {
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t best = last[j - 1] + !same_char(a[i - 1], b[j - 1]);
            if (last[j] + 1 < best) best = last[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            if (i > 1 && j > 1 && same_char(a[i - 1], b[j - 2]) && same_char(a[i - 2], b[j - 1]) &&
                before[j - 2] + 1 < best)
                best = before[j - 2] + 1;
            row[j] = best;
        }
        size_t *spare = before;
        before = last, last = row, row = spare;
    }
    return last[lb];
}

/* A name that the word holds as a whole hyphenated part at its start or end
 * ("params" in "engine-params", "time-limit" in "time-limit-s"): the longest such
 * of at least 3 bytes, or NULL. */
static const char *part_of(const char *word, const char *const *names, size_t count)
{
    size_t lw = strlen(word), best_len = 0;
    const char *best = NULL;
    for (size_t k = 0; k < count; k++) {
        if (!names[k]) continue;
        size_t ln = strlen(names[k]);
        if (ln < 3 || ln >= lw || ln <= best_len) continue;
        int head = !strncasecmp(word, names[k], ln) && word[ln] == '-';
        int tail = !strcasecmp(word + lw - ln, names[k]) && word[lw - ln - 1] == '-';
        if (head || tail) best = names[k], best_len = ln;
    }
    return best;
}

/* The first name that holds the word as a whole hyphenated part at its start or end
 * ("engine-seeds" for "seeds", "time-limit" for "time"), the word of at least 3 bytes;
 * or NULL. */
static const char *holding(const char *word, const char *const *names, size_t count)
{
    size_t lw = strlen(word);
    if (lw < 3) return NULL;
    for (size_t k = 0; k < count; k++) {
        if (!names[k]) continue;
        size_t ln = strlen(names[k]);
        if (ln <= lw) continue;
        int head = !strncasecmp(names[k], word, lw) && names[k][lw] == '-';
        int tail = !strcasecmp(names[k] + ln - lw, word) && names[k][ln - lw - 1] == '-';
        if (head || tail) return names[k];
    }
    return NULL;
}

const char *pb_suggest(const char *word, const char *const *names, int n)
{
    size_t count = count_names(names, n), best_d = (size_t)-1;
    const char *best = NULL;
    for (size_t k = 0; k < count; k++) {
        if (!names[k]) continue;
        size_t d = distance(word, names[k]);
        if (d < best_d) best_d = d, best = names[k];
    }
    if (!best) return NULL;
    size_t lw = strnlen(word, PB_SUGGEST_LEN), ln = strnlen(best, PB_SUGGEST_LEN);
    size_t longer = lw > ln ? lw : ln;
    /* A prefix of a name ("prop" for "propagate") is a likely slip too. */
    int prefix = lw >= 2 && !strncasecmp(word, best, lw);
    return best_d * 3 <= longer || prefix ? best : part_of(word, names, count);
}

char *pb_suggest_hint(const char *word, const char *const *names, int n, char *out, size_t len)
{
    const char *near = pb_suggest(word, names, n);
    const char *whole = holding(word, names, count_names(names, n));
    if (near && !strcmp(near, word)) near = NULL;
    if (!near || whole == near) near = whole, whole = NULL;
    if (near && whole)
        snprintf(out, len, " (did you mean '%s' or '%s'?)", near, whole);
    else if (near)
        snprintf(out, len, " (did you mean '%s'?)", near);
    else if (len)
        out[0] = 0;
    return out;
}

char *pb_names_join(const char *const *names, int n, char *out, size_t len)
{
    size_t count = count_names(names, n), used = 0;
    if (!len) return out;
    out[0] = 0;
    for (size_t k = 0; k < count; k++) {
        if (!names[k]) continue;
        int w = snprintf(out + used, len - used, "%s%s", used ? ", " : "", names[k]);
        if (w < 0 || (size_t)w >= len - used) {
            /* Cut after the last whole name that leaves room for "..." and the NUL. */
            out[used] = 0;
            while (used > 0 && used + 4 > len) {
                char *comma = strrchr(out, ',');
                used = comma ? (size_t)(comma - out) : 0;
                out[used] = 0;
            }
            if (len >= 4) memcpy(out + used, "...", 4);
            return out;
        }
        used += (size_t)w;
    }
    return out;
}
