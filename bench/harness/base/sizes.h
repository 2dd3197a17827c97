/* sizes.h — the sizes of the harness's fixed text buffers, each named for what it
 * holds. A name made from another (FILE.meta from FILE) or a message that quotes one
 * is sized from the size of what it quotes, so that a name the harness accepts fits
 * every text made from it; a longer text is cut or refused, never overrun. */
#ifndef PB_SIZES_H
#define PB_SIZES_H

/* A file or folder name as given on the command line or in a sweep file (PATH_MAX). */
#define PB_PATH_MAX 4096
/* A name made from a given one and a short addition: FILE.meta, FILE.samples,
 * DIR/input.txt, a temporary name beside FILE; or a place, "FILE:LINE". */
#define PB_PATH_EXT_MAX (PB_PATH_MAX + 104)
/* A name made from a made one: DIR/NAME.part, DIR/NAME.csv.meta. */
#define PB_PATH_PART_MAX (PB_PATH_MAX + 204)
/* One error message that names a file (made or given) and says what went wrong. */
#define PB_MSG_MAX (PB_PATH_MAX + 304)
/* One error message that quotes another (a file's message, a child's). */
#define PB_MSG_LONG_MAX (PB_PATH_MAX + 504)
/* A command line, shell-quoted, or the words of one. */
#define PB_COMMAND_LINE_MAX 4096
/* A CSV file's header line. */
#define PB_CSV_HEADER_MAX 4096
/* One line of a CSV file read back (a row of many columns). */
#define PB_CSV_LINE_MAX 9000
/* The room pb_text_show needs to show a text of n bytes whole: a byte may become \xNN. */
#define PB_SHOWN_SIZE(n) (4 * (n))

#endif
