/* micro_kakuro.h — the kakuro cases of puzzlebench-micro. */
#ifndef PB_MICRO_KAKURO_H
#define PB_MICRO_KAKURO_H

/* Registers the generation cases, loads DATA_DIR/kakuro/puzzles-30x30-easy.kak,
 * checks each engine on it and registers its proof benchmark. 0, or -1 after
 * printing why. */
int micro_kakuro_register(const char *data_dir);
void micro_kakuro_free(void);

#endif
