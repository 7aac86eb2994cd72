//===- LayoutReport.h - The layouts a kernel ended up with -------*- C++ -*-===//
//
// `tile-compile --emit=layouts` (docs/tile-compile.md): one self-contained
// HTML page per compiled file with, next to each source line, every tensor
// the line produces and its layout (drawn as tile-layout --format=svg draws
// it), each layout.convert that remains with the lowering the compiler
// picks and its cost, each global access's vectorization facts, and each
// reduction's plan. It reads the module after layout assignment and convert
// optimization (the lowering's input).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUTREPORT_LAYOUTREPORT_H
#define TILE_LAYOUTREPORT_LAYOUTREPORT_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace tile {

struct LayoutReportOptions {
  /// The file name shown, and the source text the lines come from.
  std::string sourceName;
  StringRef sourceText;
  /// Pictures show at most this many rows and columns (the rest elided).
  unsigned maxCells = 16;
  /// The convert strategy the lowering will use ("auto", "shared",
  /// "shuffle"); a kernel's tile.convert_strategy attribute overrides it.
  std::string convertStrategy = "auto";
};

/// Writes the report of `module` (every tile.kernel in it). Fails (with a
/// diagnostic on the module) only for a bad convert strategy.
LogicalResult writeLayoutReport(ModuleOp module, raw_ostream &os,
                                const LayoutReportOptions &options);

} // namespace tile

#endif // TILE_LAYOUTREPORT_LAYOUTREPORT_H
