/*===- tile-c/Tile.h - tile's C API -------------------------------*- C -*-===*\
|*                                                                            *|
|* The compiler and the layout calculator behind plain C types, for the      *|
|* Python package (loaded with ctypes, so one build serves every Python      *|
|* version) and any other language with a C FFI. Every entry point returns   *|
|* a TileResult that the caller owns and frees with tileResultDestroy; its   *|
|* parts are byte strings read by name. Nothing here throws or aborts on bad *|
|* input: failures come back as tileResultOk() == 0 with the message.        *|
|* docs/Embedding.md, "The C API", describes the calls and their options.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_TILE_H
#define TILE_C_TILE_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define TILE_CAPI_EXPORTED __attribute__((visibility("default")))
#else
#define TILE_CAPI_EXPORTED
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this interface; it changes when a call or a part name
 *  changes meaning. Callers check it against the one they were written for. */
#define TILE_CAPI_VERSION 1
TILE_CAPI_EXPORTED int tileCapiVersion(void);

/** An owned result: ok or not, and named parts (byte strings). */
typedef struct TileResult TileResult;

/** 1 when the call succeeded, 0 when it failed (a null result is a failure). */
TILE_CAPI_EXPORTED int tileResultOk(const TileResult *result);

/** The part `name` of a result and its size in bytes (`size` may be null),
 *  or null when the result has no such part. The bytes stay valid until
 *  tileResultDestroy and are NUL-terminated (a cubin may hold NULs too:
 *  use the size). Parts:
 *    every result: "error" (empty on success);
 *    queries: "value";
 *    tileCompile: "diagnostics", "format", "output", "ptx",
 *      "metadata_json", "note", "assembler". */
TILE_CAPI_EXPORTED const char *tileResultGet(const TileResult *result,
                                             const char *name, size_t *size);

TILE_CAPI_EXPORTED void tileResultDestroy(TileResult *result);

/** Compiles the kernel module `source` (`sourceSize` bytes, need not be
 *  NUL-terminated), as tile-compile does. `optionsJson` is a JSON object,
 *  every key optional (null or "" means {}):
 *    "source_name": "<string>"  the name diagnostics show
 *    "arch": "sm_90"            sm_80 and newer
 *    "emit": "cubin"            "mlir", "llvm", "ptx", "cubin", "layouts"
 *    "opt_level": 3             0..3
 *    "num_stages": 0            tile-compile --num-stages
 *    "warp_specialize": true    tile-compile --warp-specialize (false: off)
 *    "assembler": "auto"        "auto", "ptxas", "nvjitlink"
 *    "ptxas": ""                an explicit ptxas
 *    "defines": [["BLOCK", "256"], ...]   tile-compile -D, in order
 *  On failure "diagnostics" holds tile-compile's messages
 *  (`name:line:col: error: ...`). When a cubin is asked for and neither
 *  nvJitLink nor ptxas is found, the result is PTX ("format" says "ptx",
 *  "note" says why) for the driver to JIT-compile; "assembler" names the
 *  assembler a cubin went through ("nvJitLink" or "ptxas"). */
TILE_CAPI_EXPORTED TileResult *
tileCompile(const char *source, size_t sourceSize, const char *optionsJson);

/** 1 when a cubin can be produced here (nvJitLink or ptxas found). */
TILE_CAPI_EXPORTED int tileCanAssembleCubin(void);

/** The assembler an "auto" cubin compile uses now: "value" is "nvJitLink",
 *  "ptxas" or "" (none: PTX is returned instead), and, in "path", where the
 *  library or the program was found. */
TILE_CAPI_EXPORTED TileResult *tileCubinAssembler(void);

/** The PTX ISA version emitted for `arch` ("8.0"), or the error for a bad
 *  arch. */
TILE_CAPI_EXPORTED TileResult *tilePtxVersion(const char *arch);

/** A layout or CuTe query; `argsJson` is a JSON object. `function` and its
 *  arguments (tile-layout's outputs; shape [] means the shape the layout
 *  implies):
 *    "layout_table"     attr, shape, max_rows, max_cols
 *    "layout_linear"    attr, shape
 *    "layout_json"      attr, shape
 *    "layout_svg"       attr, shape, max_rows, max_cols, element_bits, html
 *    "layout_convert"   attr, dst, shape, element_bits, strategy, format,
 *                       max_rows, max_cols
 *    "layout_canonical" attr
 *    "cute_eval"        expr
 *    "cute_normalize"   layout
 *    "cute_table"       layout
 *  "value" holds the text; on failure "error" says what is wrong. */
TILE_CAPI_EXPORTED TileResult *tileLayoutQuery(const char *function,
                                               const char *argsJson);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_TILE_H */
