/* driver.c — runs a fuzz target without libFuzzer, deterministically, so that every
 * build (gcc too, Release and the sanitizer build) exercises the targets under ctest:
 * first every file of the seed corpus, then N mutations of them (bytes inserted,
 * deleted, replaced, chunks repeated, two seeds spliced), from a fixed random stream.
 * Each input is passed in a buffer of exactly its size, so that AddressSanitizer
 * sees a read past its end. When a check aborts, the input is written to
 * fuzz-failure.bin in the working folder; give that file to replay it.
 * usage: fuzz_TARGET CORPUS_DIR [MUTATIONS]     (default 10000)
 *        fuzz_TARGET CORPUS_DIR 0 FILE...        (replays FILEs only) */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

#define MAX_INPUT 16384

typedef struct input {
    uint8_t *data;
    size_t size;
} input;

/* The input being run, for the abort handler. */
static const uint8_t *current;
static size_t current_size;

static void on_abort(int sig)
{
    static const char note[] = "fuzz driver: the failing input is in fuzz-failure.bin\n";
    /* No input running (a leak found at exit): none to keep. */
    int fd = current ? open("fuzz-failure.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
    if (fd >= 0) {
        if (current_size && write(fd, current, current_size) < 0) {
        }
        close(fd);
        if (write(2, note, sizeof note - 1) < 0) {
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run(const uint8_t *data, size_t size)
{
    /* A copy of exactly size bytes: a read past the end is a heap overflow. */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) abort();
    if (size) memcpy(copy, data, size);
    current = copy, current_size = size;
    LLVMFuzzerTestOneInput(copy, size);
    /* An abort after this input (LeakSanitizer's at exit) must not write it from freed
     * memory: the sanitizer's report of that, in the handler, aborted into it again for
     * good. */
    current = NULL, current_size = 0;
    free(copy);
}

static int read_file(const char *path, input *in)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    in->data = malloc(MAX_INPUT);
    in->size = in->data ? fread(in->data, 1, MAX_INPUT, f) : 0;
    int bad = !in->data || ferror(f);
    fclose(f);
    return bad ? -1 : 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of dir, sorted by name so that the run does not depend on the
 * order readdir gives. */
static int read_corpus(const char *dir, input **out)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    char **names = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char **more = realloc(names, (size_t)(n + 1) * sizeof *names);
        if (!more) abort();
        names = more;
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    input *in = calloc((size_t)n + 1, sizeof *in);
    if (!in) abort();
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (read_file(path, &in[i])) {
            fprintf(stderr, "fuzz driver: cannot read %s\n", path);
            exit(2);
        }
        free(names[i]);
    }
    free(names);
    *out = in;
    return n;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Bytes the readers treat specially, and some that they must refuse. */
static const char alphabet[] = "#.;\\\n\r \t,x0123456789e-+/ABCnrc\x01\x7f\xef\xbb\xbf";

/* One mutation of buf[0..n) in place (capacity MAX_INPUT); the new size. */
static size_t mutate(uint8_t *buf, size_t n, const input *seeds, int nseeds)
{
    size_t pos = n ? rng() % (n + 1) : 0;
    uint8_t ch = rng() % 4 == 0 ? (uint8_t)rng() : (uint8_t)alphabet[rng() % (sizeof alphabet - 1)];
    switch (rng() % 5) {
    case 0: /* insert a byte */
        if (n < MAX_INPUT) {
            memmove(buf + pos + 1, buf + pos, n - pos);
            buf[pos] = ch, n++;
        }
        break;
    case 1: /* delete a run of bytes */
        if (pos < n) {
            size_t len = 1 + rng() % (rng() % 4 ? 1 : n - pos);
            memmove(buf + pos, buf + pos + len, n - pos - len), n -= len;
        }
        break;
    case 2: /* replace a byte */
        if (pos < n) buf[pos] = ch;
        break;
    case 3: /* repeat a chunk */
        if (pos < n) {
            size_t len = 1 + rng() % (n - pos);
            if (n + len <= MAX_INPUT) {
                memmove(buf + pos + len, buf + pos, n - pos);
                n += len;
            }
        }
        break;
    default: { /* splice: the rest from another seed, from some point of it */
        const input *o = &seeds[rng() % (uint64_t)nseeds];
        size_t from = o->size ? rng() % o->size : 0, len = o->size - from;
        if (pos + len > MAX_INPUT) len = MAX_INPUT - pos;
        memcpy(buf + pos, o->data + from, len);
        n = pos + len;
    }
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR [MUTATIONS [FILE...]]\n", argv[0]);
        return 2;
    }
    long mutations = argc > 2 ? atol(argv[2]) : 10000;
    input *seeds;
    int nseeds = read_corpus(argv[1], &seeds);
    if (nseeds < 1) {
        fprintf(stderr, "fuzz driver: no seed files in %s\n", argv[1]);
        return 2;
    }
    signal(SIGABRT, on_abort);
    if (argc > 3) {
        for (int i = 3; i < argc; i++) {
            input in;
            if (read_file(argv[i], &in)) {
                fprintf(stderr, "fuzz driver: cannot read %s\n", argv[i]);
                return 2;
            }
            run(in.data, in.size);
            free(in.data);
        }
        printf("%s: %d inputs replayed, every check held\n", argv[0], argc - 3);
        return 0;
    }
    for (int i = 0; i < nseeds; i++) run(seeds[i].data, seeds[i].size);
    static uint8_t buf[MAX_INPUT];
    for (long it = 0; it < mutations; it++) {
        const input *s = &seeds[rng() % (uint64_t)nseeds];
        size_t n = s->size;
        memcpy(buf, s->data, n);
        for (int k = 1 + (int)(rng() % 8); k > 0; k--) n = mutate(buf, n, seeds, nseeds);
        run(buf, n);
    }
    for (int i = 0; i < nseeds; i++) free(seeds[i].data);
    free(seeds);
    printf("%s: %d seeds and %ld mutations, every check held\n", argv[0], nseeds, mutations);
    return 0;
}
