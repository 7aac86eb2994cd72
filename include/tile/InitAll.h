//===- InitAll.h - Register every dialect, pass and extension ---*- C++ -*-===//
//
// One place that knows every dialect, pass and extension of the project.
// Tools (tile-opt, tile-compile, the plugin) call these; each library adds
// one line here (lib/Registration/InitAll.cpp) when it is created.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_INITALL_H
#define TILE_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tile {

/// Adds the project's dialects (layout, tile, ...) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the project's passes and pass pipelines with the global
/// registry (for tile-opt's command line). Safe to call more than once.
void registerAllPasses();

/// Adds the project's dialect extensions and interface implementations
/// (e.g. to-LLVM conversion interfaces) to `registry`.
void registerAllExtensions(mlir::DialectRegistry &registry);

} // namespace tile

#endif // TILE_INITALL_H
