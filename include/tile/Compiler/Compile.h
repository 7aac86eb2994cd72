//===- Compile.h - One kernel module in, PTX or a cubin out ----*- C++ -*-===//
//
// The compiler as one library call: source text -> kernel parameters
// substituted (Parameters.h) -> parsed and checked -> tile-to-llvm pipeline
// -> LLVM IR, optimized -> PTX -> cubin, stopping at the output asked for,
// with the launch metadata of every kernel. tile-compile, the Python
// package and embedders call it; they only parse their options and write
// the result (docs/Embedding.md, "Compiling from C++").
//
//===----------------------------------------------------------------------===//

#ifndef TILE_COMPILER_COMPILE_H
#define TILE_COMPILER_COMPILE_H

#include "tile/Conversion/Pipelines.h"
#include "tile/Support/LLVM.h"
#include "tile/Target/Cubin.h"
#include "tile/Target/KernelMetadata.h"

#include "mlir/Support/LogicalResult.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class MemoryBuffer;
class raw_ostream;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class PassManager;
class TimingScope;
} // namespace mlir

namespace tile {

/// What a compile produces; it stops after that step.
enum class CompileOutput {
  /// The lowered module (LLVM + NVVM dialects), as MLIR text.
  Mlir,
  /// Optimized LLVM IR text.
  Llvm,
  /// PTX text.
  Ptx,
  /// A cubin (needs ptxas or nvJitLink at run time).
  Cubin,
  /// An HTML report of the layouts the compiler chose (tensors by source
  /// line with pictures, converts and their lowering, access facts,
  /// reduction plans), after the tile-level pipeline; nothing is lowered
  /// (docs/tile-compile.md, "--emit=layouts").
  Layouts,
};

/// "mlir", "llvm", "ptx", "cubin", "layouts"; and back (std::nullopt for
/// other text).
StringRef stringifyCompileOutput(CompileOutput output);
std::optional<CompileOutput> symbolizeCompileOutput(StringRef name);

struct CompileOptions {
  CompileOutput emit = CompileOutput::Cubin;
  /// The lowering's options. `pipeline.arch` and `pipeline.optLevel` are
  /// also the target and the level of LLVM's optimizer, the NVPTX back end
  /// and the assembler.
  TileToLLVMOptions pipeline;
  /// The assembler, its path and extra options; its optLevel and infoLog
  /// are set by the compile (from pipeline.optLevel and assemblerLog).
  CubinOptions cubin;
  /// Values of the kernel parameters `${NAME}` in the source, in the order
  /// given (docs/tile-compile.md, "Kernel parameters"). A value must be a
  /// number, a type or an identifier; every one must be used.
  std::vector<std::pair<std::string, std::string>> defines;
  /// When not empty: compile only the kernels of these names (tile.kernel
  /// or nvvm.kernel functions); the module's other kernels are dropped
  /// after parsing, so that one kernel of a file of several costs the time
  /// of that kernel alone. Naming a kernel the module lacks is an error.
  std::vector<std::string> kernels;
  /// For cubin output: a remark at each kernel whose registers spill or cap
  /// the blocks per SM below what its tensors need, naming the largest
  /// tensors live at its busiest point (docs/tile-compile.md,
  /// "Register remarks").
  bool registerRemarks = true;
  /// Verify the IR after each upstream pass that follows
  /// convert-tile-to-llvm (off: once after the last; the tile-level passes
  /// and convert-tile-to-llvm are always verified after each). For finding
  /// a pass that breaks the IR.
  bool verifyEachPass = false;
  /// Called with the lowering's pass managers before it runs, e.g. to apply
  /// MLIR's command-line options (IR printing); a failure stops the compile.
  std::function<LogicalResult(PassManager &)> configurePassManager;
};

struct CompileResult {
  /// Whether every step succeeded. On failure the located diagnostics were
  /// printed to the diagnostics stream; `error` holds the message of a
  /// failure that has no source location (from the LLVM back end or the
  /// assembler), empty when there is none.
  bool succeeded = false;
  std::string error;
  /// The output: cubin bytes, or the text of the other kinds.
  std::string output;
  /// The PTX text, for Ptx and Cubin output.
  std::string ptx;
  /// The architecture compiled for: pipeline.arch, or its variant the
  /// lowering asked for (sm_90 -> sm_90a for wgmma).
  std::string arch;
  /// Every kernel's launch metadata (kernelMetadataToJSON writes it).
  std::vector<KernelInfo> kernels;
  /// For cubin output, the assembler's resource report (ptxas -v or
  /// nvJitLink -verbose: registers, spills, per kernel).
  std::string assemblerLog;
};

/// Inserts every dialect a kernel module may use: tile's, the upstream ones
/// of the language (arith, math, scf) and LLVM + NVVM for hand-written
/// lowered modules, with the translations to LLVM IR.
void registerCompilerDialects(DialectRegistry &registry);

/// Compiles the kernel module `source` (named by its buffer identifier in
/// diagnostics) in `context`, which must know registerCompilerDialects'
/// dialects. Diagnostics, located as `name:line:col: error: ...`, are
/// printed to `diagnostics`; `timing`, when given, gets one nested scope per
/// step.
CompileResult compileKernelModule(std::unique_ptr<llvm::MemoryBuffer> source,
                                  MLIRContext &context,
                                  const CompileOptions &options,
                                  llvm::raw_ostream &diagnostics,
                                  TimingScope *timing = nullptr);

/// The same in a context of its own (the dialects loaded once per process),
/// for embedders that only want the result: `source` is named `sourceName`
/// in diagnostics, which are appended to `diagnostics`; an `error` is
/// appended there too, as `error: message`.
CompileResult compileKernelSource(StringRef source, StringRef sourceName,
                                  const CompileOptions &options,
                                  std::string &diagnostics);

} // namespace tile

#endif // TILE_COMPILER_COMPILE_H
