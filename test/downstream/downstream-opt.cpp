// An opt tool of a project that embeds tile: it registers tile's dialects,
// passes and extensions next to the upstream ones it needs.
#include "tile/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect>();
  tile::registerAllDialects(registry);
  tile::registerAllExtensions(registry);
  tile::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "downstream tile embedding\n", registry));
}
