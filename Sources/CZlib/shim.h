#ifndef TMM_ZLIB_SHIM_H
#define TMM_ZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 / deflateInit2 are macros (they pass ZLIB_VERSION and the struct
// size), so Swift cannot call them: expose raw-deflate (no zlib header, as in zip
// files) variants as functions.
static inline int tmm_inflate_init_raw(z_streamp strm) {
    return inflateInit2(strm, -MAX_WBITS);
}
static inline int tmm_deflate_init_raw(z_streamp strm, int level) {
    return deflateInit2(strm, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
#endif
