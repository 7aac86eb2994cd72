//===- InitAll.cpp - Register every dialect, pass and extension -----------===//
//
// Engineers adding a dialect, pass library or extension: add one include and
// one line in the matching function, and the library to CMakeLists.txt.
//
//===----------------------------------------------------------------------===//

#include "tile/InitAll.h"

#include "tile/Conversion/Passes.h"
#include "tile/Conversion/Pipelines.h"
#include "tile/Target/Passes.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Layout/Transforms/Passes.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void tile::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<tile::layout::LayoutDialect>();
  registry.insert<tile::tl::TileDialect>();
}

void tile::registerAllPasses() {
  tile::layout::registerTileLayoutPasses();
  tile::tl::registerTileTransformsPasses();
  tile::registerTileConversionPasses();
  tile::registerTilePipelines();
  tile::registerTargetPassesAndPipelines();
}

void tile::registerAllExtensions(mlir::DialectRegistry &registry) {
  (void)registry;
}
