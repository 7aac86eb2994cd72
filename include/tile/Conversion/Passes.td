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

    A `layout.convert` is lowered as nothing, a register permutation,
    warp shuffles or a shared-memory round trip, the cheapest that is
    correct (`convert-strategy` forces shared memory or shuffles; a
    kernel's `tile.convert_strategy` attribute overrides the option for
    that kernel). Every shared-memory user (convert, reduce, broadcast,
    expand_dims) reuses one scratch area per kernel, and afterwards the
    barriers that guard nothing are removed (`elide-barriers`).

    The lowered kernel carries `tile.num_warps`, `tile.shared_bytes` (the
    dynamic shared memory it needs) and `tile.arg_types` (the original
    parameter types). See docs/Lowering.md.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU, sm_80 or newer">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of the index type once lowered (32 or 64)">,
    Option<"convertStrategy", "convert-strategy", "std::string",
           /*default=*/"\"auto\"",
           "How layout.convert ops that move data between threads are "
           "lowered: auto (warp shuffles when the cost model prefers them), "
           "shared (always shared memory) or shuffle (warp shuffles whenever "
           "possible; a remark where not). A kernel's "
           "tile.convert_strategy attribute overrides it">,
    Option<"convertRemarks", "convert-remarks", "bool", /*default=*/"false",
           "Emit a remark on every layout.convert saying how it is lowered "
           "and the estimated costs">,
    Option<"elideBarriers", "elide-barriers", "bool", /*default=*/"true",
           "Remove barriers that no shared-memory access precedes since the "
           "previous barrier on any path">,
    Option<"enableAsserts", "enable-asserts", "bool", /*default=*/"false",
           "Compile tile.assert ops in (a check and __assertfail); without "
           "it they are erased unless their kernel or module carries the "
           "tile.enable_asserts unit attribute">,
  ];
}

#endif // TILE_CONVERSION_PASSES_TD
