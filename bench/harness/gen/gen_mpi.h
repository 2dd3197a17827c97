/* gen_mpi.h — a generator's indices spread over the ranks of an MPI world. Rank 0
 * hands the indices out one at a time to whichever rank asks first, makes one
 * itself whenever no rank is waiting, and gets every record back to write in index
 * order (the generator's own writer). A record is whatever bytes the generator
 * needs to write item i (its text and stats): since (options, index) fix the item,
 * the output is the one-process output whoever made which item. */
#ifndef PB_GEN_MPI_H
#define PB_GEN_MPI_H

#include <stddef.h>

typedef struct pb_gen_mpi {
    int from, count; /* the indices to make: [from, count) */
    /* Any rank: makes item i into a malloc'd record (*rec, *len); returns 1 when
     * made, 0 when it could not be made within its limits (the record may still
     * hold its stats), -1 when out of memory. */
    int (*make)(void *ctx, int i, void **rec, size_t *len);
    /* Rank 0: item i's record (made as make said), to keep and write what is ready. */
    void (*take)(void *ctx, int i, int made, const void *rec, size_t len);
    /* Rank 0: 1 when no further index may be handed out (an item that could not be
     * made, a write that failed); a signal to any rank stops the handing out too. */
    int (*stopped)(void *ctx);
    void *ctx;
} pb_gen_mpi;

/* Runs on every rank (each calls it). 0, or -1 when out of memory or MPI failed. A
 * signal to any rank is set on rank 0 (pb_interrupted) once the items being made
 * are in. */
int pb_gen_mpi_run(const pb_gen_mpi *g);

#endif
