//===- TileDialect.td - The tile dialect -------------------*- tablegen -*-===//
//
// The language a kernel author writes: kernels, program ids, global views,
// tile loads and stores, pointer tensors and reductions. The language
// reference is docs/TileLanguage.md.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_TD
#define TILE_DIALECT_TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tile::tl";
  let summary = "Tile kernels: views, tile loads and stores, pointer tensors";
  let description = [{
    The `tile` dialect is the kernel language of the project. A `tile.kernel`
    holds the body of one GPU program; tensors in it are tiles distributed
    over the threads of the program by the `layout` attribute in their
    encoding. Elementwise work is upstream `arith` and `math` on those
    tensors, control flow is `scf`. See docs/TileLanguage.md.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the argument attribute promising the divisibility (in bytes
    /// for pointers, in units for integers) of a kernel parameter.
    static constexpr ::llvm::StringLiteral getDivisibilityAttrName() {
      return ::llvm::StringLiteral("tile.divisibility");
    }
    /// Name of the attribute giving the software-pipelining stage count of
    /// an scf.for or of every loop of a tile.kernel (tile-pipeline).
    static constexpr ::llvm::StringLiteral getNumStagesAttrName() {
      return ::llvm::StringLiteral("tile.num_stages");
    }
    /// Name of the attribute asking tile-warp-specialize to split an
    /// scf.for (or every loop of a tile.kernel) into a TMA producer and
    /// wgmma consumers: true, false, or array<i32: consumer, producer>
    /// registers per thread.
    static constexpr ::llvm::StringLiteral getWarpSpecializeAttrName() {
      return ::llvm::StringLiteral("tile.warp_specialize");
    }
    /// Threads per warp on every supported target.
    static constexpr int64_t kWarpSize = 32;
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_TD
