//===- Passes.td - Conversion passes of tile ---------------*- tablegen -*-===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToLLVMPass : Pass<"convert-tile-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower tile kernels to the LLVM and NVVM dialects";
  let description = [{
    Lowers every `tile.kernel` of the module, with the tile, layout, arith,
    math, scf and cf ops in it, to an `llvm.func` with the `nvvm.kernel`
    attribute. A tensor whose encoding is a distributed layout becomes an
    `!llvm.struct` of the registers one thread holds (the layout's
    `register` input dimension, in order); `!tile.ptr<T>` becomes
    `!llvm.ptr<1>`; `!tile.view<...>` becomes a struct of the base pointer,
    the sizes and the strides (i64). `scf` ops keep their structure with
    converted types (run `convert-scf-to-cf` afterwards).

    The lowered kernel carries `tile.num_warps`, `tile.shared_bytes` (the
    dynamic shared memory it needs) and `tile.arg_types` (the original
    parameter types). See docs/Lowering.md.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
  ];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU, sm_80 or newer">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of the index type once lowered (32 or 64)">,
  ];
}

#endif // TILE_CONVERSION_PASSES_TD
