/* base64.c — standard base64 (RFC 4648, with padding). */
#include "base64.h"

static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t pb_base64_len(size_t n)
{
    return (n + 2) / 3 * 4;
}

void pb_base64_encode(const unsigned char *in, size_t n, char *out)
{
    size_t i = 0;
    for (; i + 3 <= n; i += 3) {
        unsigned long v = (unsigned long)in[i] << 16 | (unsigned long)in[i + 1] << 8 | in[i + 2];
        *out++ = digits[v >> 18 & 63], *out++ = digits[v >> 12 & 63];
        *out++ = digits[v >> 6 & 63], *out++ = digits[v & 63];
    }
    if (i < n) {
        unsigned long v =
            (unsigned long)in[i] << 16 | (i + 1 < n ? (unsigned long)in[i + 1] << 8 : 0);
        *out++ = digits[v >> 18 & 63], *out++ = digits[v >> 12 & 63];
        *out++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
        *out++ = '=';
    }
}
