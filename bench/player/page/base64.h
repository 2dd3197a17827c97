/* base64.h — standard base64 (RFC 4648, with padding), for the player page's wasm. */
#ifndef PB_BASE64_H
#define PB_BASE64_H

#include <stddef.h>

/* Characters that n bytes take in base64. */
size_t pb_base64_len(size_t n);

/* Writes the base64 of in[n] to out (pb_base64_len(n) characters, no NUL). */
void pb_base64_encode(const unsigned char *in, size_t n, char *out);

#endif
