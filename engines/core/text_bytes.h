/* text_bytes.h — what every reader shares about raw bytes: a byte that is not
 * printable ASCII is named as `byte 0xNN` in messages, never echoed (a NUL would cut
 * the message short, other bytes would reach the terminal as they are), and text
 * from data is shown with such bytes as \xNN (pb_text_show). A UTF-8 byte-order mark
 * at the start of a file (as some Windows editors write) is skipped where files are
 * read (bench/harness/io/readfile.c), once. */
#ifndef PB_TEXT_BYTES_H
#define PB_TEXT_BYTES_H

#include <stddef.h>
#include <string.h>

/* The length of the UTF-8 byte-order mark text starts with: 3, or 0 when none. */
static inline size_t pb_bom_length(const char *text, size_t len)
{
    return len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
                   (unsigned char)text[2] == 0xBF
               ? 3
               : 0;
}

/* The first byte of s[0 .. len) that is not printable ASCII, or -1. */
static inline int pb_bad_byte(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        const unsigned char b = (unsigned char)s[i];
        if (b < 0x20 || b >= 0x7f) return b;
    }
    return -1;
}

/* Copies src into dst[0 .. n) (n >= 4) as one line of printable ASCII: every other
 * byte as \xNN, and a backslash as itself (text is shown, never parsed back). Cut
 * with "..." where dst is too small. Returns dst. */
static inline char *pb_text_show(char *dst, size_t n, const char *src)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    for (const unsigned char *s = (const unsigned char *)src; *s; s++) {
        size_t need = *s >= 0x20 && *s < 0x7f ? 1 : 4;
        if (o + need + 4 > n) { /* room for "..." and the NUL */
            if (s[1] || o + need + 1 > n) {
                memcpy(dst + o, "...", 3);
                o += 3;
                break;
            }
        }
        if (need == 1) {
            dst[o++] = (char)*s;
        } else {
            dst[o++] = '\\';
            dst[o++] = 'x';
            dst[o++] = hex[*s >> 4];
            dst[o++] = hex[*s & 15];
        }
    }
    dst[o] = '\0';
    return dst;
}

#endif
