/* text_bytes.h — what every reader shares about raw bytes: a UTF-8 byte-order mark at
 * the start of a file (as some Windows editors write) is skipped, and a byte that is
 * not printable ASCII is named as `byte 0xNN` in messages, never echoed (a NUL would
 * cut the message short, other bytes would reach the terminal as they are). */
#ifndef PB_TEXT_BYTES_H
#define PB_TEXT_BYTES_H

#include <stddef.h>

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

#endif
