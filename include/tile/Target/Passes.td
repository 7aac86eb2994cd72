//===- Passes.td - Passes of the target library -------------*- tablegen -*-===//

#ifndef TILE_TARGET_PASSES_TD
#define TILE_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

def AttachPTXPass : Pass<"tile-attach-ptx", "mlir::ModuleOp"> {
  let summary = "Translate an LLVM-dialect module to PTX and attach the text";
  let description = [{
    Translates the module (LLVM + NVVM dialects, as `tile-to-llvm` leaves
    it) to LLVM IR, optimizes it and runs the NVPTX back end, exactly as
    `tile-compile --emit=ptx` does, and attaches the PTX to the module as
    the string attribute `tile.ptx`. Lets `tile-opt`, a stock `mlir-opt`
    with the plugin, or a downstream pass manager go from a tile kernel to
    PTX with one `--pass-pipeline` (`tile-to-ptx`).
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"sm_90\"",
           "The GPU: sm_80 or newer">,
    Option<"optLevel", "opt-level", "unsigned", /*default=*/"3",
           "LLVM optimization level (0-3)">,
  ];
}

#endif // TILE_TARGET_PASSES_TD
