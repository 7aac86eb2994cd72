//===- PythonAPI.h - The narrow C++ API behind tile's C API -----*- C++ -*-===//
//
// Everything the C API (include/tile-c/Tile.h, CAPI.cpp) and so the Python
// package need, with only standard types at the boundary. Nothing here
// throws; failures come back as `ok == false` with the message the tools
// would print.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PYTHON_PYTHONAPI_H
#define TILE_PYTHON_PYTHONAPI_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tile::python {

/// A string result or an error message.
struct TextResult {
  bool ok = false;
  std::string value;
  std::string error;
};

struct CompileRequest {
  std::string source;
  /// The buffer name diagnostics use ("kernel.mlir:3:5: error: ...").
  std::string sourceName = "<string>";
  std::string arch = "sm_90";
  /// "mlir", "llvm", "ptx" or "cubin".
  std::string emit = "cubin";
  unsigned optLevel = 3;
  /// tile-pipeline's stage count for loops without a tile.num_stages
  /// attribute: 0 chooses from the shared-memory budget, 1 turns it off
  /// (tile-compile --num-stages).
  unsigned numStages = 0;
  /// tile-warp-specialize on every eligible GEMM loop (tile-compile
  /// --warp-specialize, on by default); false: only loops or kernels with
  /// a tile.warp_specialize attribute.
  bool warpSpecialize = true;
  /// "auto", "ptxas" or "nvjitlink".
  std::string assembler = "auto";
  /// Explicit ptxas path; empty: search as tile-compile does.
  std::string ptxasPath;
  /// Kernel parameters ${NAME}: (NAME, VALUE) pairs (tile-compile -D).
  std::vector<std::pair<std::string, std::string>> defines;
};

struct CompileResponse {
  bool ok = false;
  /// Every diagnostic, error or not, as tile-compile prints them
  /// (`name:line:col: error: message` plus notes).
  std::string diagnostics;
  /// What was produced: "mlir", "llvm", "ptx" or "cubin". Differs from the
  /// request only when a cubin was asked for and no CUDA toolkit is found.
  std::string format;
  /// The output: the cubin bytes, or the text of the other formats.
  std::string output;
  /// The PTX text, for "ptx" and "cubin".
  std::string ptx;
  /// tile-compile's metadata JSON (empty for a module with no kernel
  /// metadata, e.g. when lowering stopped early).
  std::string metadataJson;
  /// Why the format differs from the request, when it does.
  std::string note;
  /// The assembler a cubin goes through ("nvJitLink" or "ptxas"); empty for
  /// the other formats.
  std::string assembler;
};

/// parse -> tile-to-llvm pipeline -> LLVM IR -> PTX -> cubin, stopping at
/// `request.emit`; the same steps and messages as tile-compile.
CompileResponse compile(const CompileRequest &request);

/// Whether a cubin can be produced here (ptxas or nvJitLink found), the
/// assembler an automatic choice takes ("nvJitLink", "ptxas" or "", with
/// where it was found), and the PTX ISA version for an arch ("" with the
/// error when the arch is bad).
bool canAssembleCubin();
TextResult cubinAssembler(std::string &path);
TextResult checkArch(const std::string &arch);

/// Layout attribute text (`#layout.blocked<...>`, ...) + tensor shape to the
/// forms tile-layout prints. An empty shape means the shape the layout
/// implies (#layout.linear, #layout.strided); other layouts need one.
TextResult layoutTable(const std::string &attr,
                       const std::vector<int64_t> &shape, unsigned maxRows,
                       unsigned maxCols);
TextResult layoutLinear(const std::string &attr,
                        const std::vector<int64_t> &shape);
TextResult layoutJson(const std::string &attr,
                      const std::vector<int64_t> &shape);
/// The picture of tile-layout --format=svg (html: the self-contained page);
/// a strided layout without a shape draws CuTe's print_layout grid.
/// `elementBits` (0: unknown) decides a shared layout's banks.
TextResult layoutSvg(const std::string &attr, const std::vector<int64_t> &shape,
                     unsigned maxRows, unsigned maxCols, unsigned elementBits,
                     bool html);
/// tile-layout --convert-to: the conversion of a `shape` tensor from `attr`
/// to `dstAttr`, as the text summary or (svg/html) the picture.
TextResult layoutConvert(const std::string &attr, const std::string &dstAttr,
                         const std::vector<int64_t> &shape,
                         unsigned elementBits, const std::string &strategy,
                         const std::string &format, unsigned maxRows,
                         unsigned maxCols);
/// The attribute parsed and printed back (canonical form), or the error.
TextResult layoutCanonical(const std::string &attr);

/// CuTe: evaluate an expression; parse and print a layout; CuTe's
/// print_layout table of a layout.
TextResult cuteEval(const std::string &expr);
TextResult cuteNormalize(const std::string &layout);
TextResult cuteTable(const std::string &layout);

} // namespace tile::python

#endif // TILE_PYTHON_PYTHONAPI_H
