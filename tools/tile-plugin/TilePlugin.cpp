//===- TilePlugin.cpp - tile's dialects and passes as an mlir-opt plugin --===//
//
// Loaded by a stock mlir-opt built against the same libMLIR.so:
//   mlir-opt-22 --load-dialect-plugin=libTilePlugin.so \
//               --load-pass-plugin=libTilePlugin.so ...
// The dialect entry point registers every dialect of the project (and the
// extensions their lowering needs); the pass entry point registers every
// pass and named pipeline.
//
//===----------------------------------------------------------------------===//

#include "tile/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TileDialects", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            tile::registerAllDialects(*registry);
            tile::registerAllExtensions(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TilePasses", LLVM_VERSION_STRING,
          []() { tile::registerAllPasses(); }};
}
