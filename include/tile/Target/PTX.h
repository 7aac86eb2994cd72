//===- PTX.h - LLVM dialect to LLVM IR and PTX ------------------*- C++ -*-===//
//
// The first half of tile's target: a module in the LLVM + NVVM dialects (what
// tile::buildTileToLLVMPipeline produces) becomes an LLVM module for
// nvptx64-nvidia-cuda, is optimized by LLVM's default O-level pipeline and is
// printed as PTX by the NVPTX back end. Needs no CUDA toolkit, except when the
// module calls libdevice (`__nv_*`) functions: those are linked from the
// toolkit's libdevice.10.bc.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGET_PTX_H
#define TILE_TARGET_PTX_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class SourceMgr;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tile {

/// Registers the LLVM IR translations of the builtin, LLVM and NVVM dialects.
/// translateToLLVMIR also appends them to the module's context itself, so a
/// caller only needs this to build its own registry.
void registerTargetTranslations(DialectRegistry &registry);

/// Checks that `arch` names a GPU the NVPTX back end knows and tile supports
/// (sm_80 and newer: "sm_80", "sm_90", "sm_90a", ...). The error says what is
/// accepted.
llvm::Error verifyTargetArch(StringRef arch);

/// The architecture to compile a lowered module for: `requested`, or the
/// architecture-specific variant the lowering asked for in the module's
/// `tile.target_arch` attribute (sm_90 -> sm_90a when a kernel uses wgmma).
std::string getLoweredTargetArch(ModuleOp module, StringRef requested);

/// The PTX ISA version (80 for 8.0) tile emits for a valid `arch`: the
/// oldest version that supports the architecture, and at least 8.0 (CUDA
/// 12.0). Every version LLVM 22 can emit is accepted by CUDA 13's ptxas and
/// nvJitLink.
unsigned getPTXVersion(StringRef arch);

/// The PTX ISA version to emit a lowered module in for `arch`: the newer of
/// getPTXVersion(arch) and the module's `tile.ptx_version` attribute, which
/// the lowering sets when a kernel uses instructions from a newer PTX ISA
/// (fp8 mma.sync: 8.4). One version holds for the whole module.
unsigned getLoweredPTXVersion(ModuleOp module, StringRef arch);

/// The NVPTX TargetMachine for `arch` at `optLevel` (0..3), emitting PTX ISA
/// max(`ptxVersion`, getPTXVersion(arch)); an error when this LLVM does not
/// know that version.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNVPTXTargetMachine(StringRef arch, unsigned optLevel,
                         unsigned ptxVersion = 0);

/// Before parsing: a located error at text the MLIR 22 parser crashes on
/// instead of diagnosing (a dense array of `index`, `array<index: ...>`,
/// which it reads as a float type). Found by fuzzing tile-compile.
LogicalResult verifyParsableSource(const llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context);

/// Before translation: a located error at an `nvvm.maxntid`, `nvvm.reqntid`
/// or `nvvm.cluster_dim` of a kernel with an element below 1 (LLVM's
/// optimizer rejected it without a location).
LogicalResult verifyKernelLaunchBounds(ModuleOp module);

/// Before translation: a located error at an `llvm.align` of a function
/// argument that is not a power of two of at most 2^32 bytes (LLVM's
/// translation rejected it without a location).
LogicalResult verifyArgumentAlignments(ModuleOp module);

/// Right after parsing: checks that `module` is one kernel module, the input
/// tile-compile and the Python module accept. It must define at least one
/// kernel (a `tile.kernel`, or an `llvm.func` with `nvvm.kernel`) and hold
/// no nested module (a file with a second top-level `module` parses as an
/// implicit module around both, whose kernels would never be translated).
/// Errors are located (an empty input at its line 1, column 1).
LogicalResult verifyKernelModule(ModuleOp module);

/// Whether `op`, at the top level of a kernel module, is a kernel: a
/// `tile.kernel`, or an `llvm.func` with `nvvm.kernel`.
bool isKernelFunction(Operation &op);

/// Where a diagnostic about the whole input points: the module's location,
/// or line 1, column 1 of the file for the implicit module of a file (which
/// sits at line 0).
Location getInputStartLoc(ModuleOp module);

/// The first op of `module` that LLVM IR translation cannot take (not a
/// builtin, LLVM or NVVM op); null when there is none. A module without one
/// needs no lowering.
Operation *findUntranslatableOp(ModuleOp module);

/// After the lowering: a located error at the first op translation cannot
/// take, saying the lowering does not support it; success when none is left.
LogicalResult verifyLoweredToLLVM(ModuleOp module);

/// Before translation: a located error at the first value or type attribute
/// (an `llvm.getelementptr` or `llvm.alloca` element type, a function type)
/// whose type LLVM IR cannot represent (f8E5M2, tf32, index, a tensor, ...).
/// translateToLLVMIR calls it; LLVM's translation would crash on them.
LogicalResult verifyTranslatableTypes(ModuleOp module);

/// Translates an LLVM + NVVM dialect module to LLVM IR with the NVPTX triple
/// and data layout set and libdevice linked when needed; does not optimize.
/// Discardable `tile.*` attributes (the metadata) are dropped from the copy
/// that is translated; `llvmDialectModule` itself is not modified.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(ModuleOp llvmDialectModule, llvm::LLVMContext &llvmContext,
                  StringRef arch);

/// Runs LLVM's default per-module pipeline at `optLevel` (0..3) on `module`,
/// with the NVPTX target's own passes registered.
llvm::Error optimizeLLVMModule(llvm::Module &module, llvm::TargetMachine &tm,
                               unsigned optLevel);

/// Runs the NVPTX back end on an (optimized) module; returns the PTX text.
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    llvm::TargetMachine &tm);

/// translateToLLVMIR + optimizeLLVMModule, printed as text. The module's
/// own requests apply: getLoweredTargetArch and getLoweredPTXVersion.
llvm::Expected<std::string>
translateToOptimizedLLVMIR(ModuleOp llvmDialectModule, StringRef requestedArch,
                           unsigned optLevel);

/// The whole first half: LLVM dialect -> LLVM IR -> optimized -> PTX text,
/// for getLoweredTargetArch(module, requestedArch) in
/// getLoweredPTXVersion's PTX ISA.
llvm::Expected<std::string> translateToPTX(ModuleOp llvmDialectModule,
                                           StringRef requestedArch,
                                           unsigned optLevel);

} // namespace tile

#endif // TILE_TARGET_PTX_H
