//===- Compile.cpp - tile-compile's steps for the Python module -----------===//
//
// The steps of tools/tile-compile through the public Target and Conversion
// API, with diagnostics collected into a string instead of stderr. Keep the
// messages and the order of the steps in line with tile-compile.
//
//===----------------------------------------------------------------------===//

#include "PythonAPI.h"

#include "tile/Conversion/Pipelines.h"
#include "tile/InitAll.h"
#include "tile/Target/Cubin.h"
#include "tile/Target/KernelMetadata.h"
#include "tile/Target/PTX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace tile;
using namespace tile::python;

namespace {
const DialectRegistry &getRegistry() {
  static const DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    registerAllExtensions(*r);
    r->insert<arith::ArithDialect, math::MathDialect, scf::SCFDialect,
              LLVM::LLVMDialect, NVVM::NVVMDialect>();
    registerTargetTranslations(*r);
    return r;
  }();
  return *registry;
}

/// Collects the steps' output and errors into `response`.
struct Compilation {
  const CompileRequest &request;
  CompileResponse &response;
  llvm::raw_string_ostream diag{response.diagnostics};

  bool fail(llvm::Error err) {
    diag << "error: " << llvm::toString(std::move(err)) << "\n";
    return false;
  }
  bool fail(const llvm::Twine &message) {
    diag << "error: " << message << "\n";
    return false;
  }

  bool run();
};
} // namespace

bool Compilation::run() {
  StringRef emit = request.emit;
  if (emit != "mlir" && emit != "llvm" && emit != "ptx" && emit != "cubin")
    return fail("emit='" + emit + "' is not an output kind; use 'mlir', " +
                "'llvm', 'ptx' or 'cubin'");
  if (request.optLevel > 3)
    return fail("opt_level=" + llvm::Twine(request.optLevel) +
                " is not an optimization level; use 0, 1, 2 or 3");
  StringRef assemblerName = request.assembler;
  if (assemblerName != "auto" && assemblerName != "ptxas" &&
      assemblerName != "nvjitlink")
    return fail("assembler='" + assemblerName +
                "' is not an assembler; use 'auto', 'ptxas' or 'nvjitlink'");
  if (llvm::Error err = verifyTargetArch(request.arch))
    return fail("arch='" + request.arch +
                "': " + llvm::toString(std::move(err)));

  CubinOptions cubinOptions;
  cubinOptions.optLevel = request.optLevel;
  cubinOptions.ptxasPath = request.ptxasPath;
  cubinOptions.assembler = assemblerName == "ptxas" ? CubinAssembler::Ptxas
                           : assemblerName == "nvjitlink"
                               ? CubinAssembler::NvJitLink
                               : CubinAssembler::Auto;
  if (emit == "cubin" && !resolveCubinAssembler(cubinOptions)) {
    emit = "ptx";
    response.note = "no CUDA toolkit found (neither ptxas nor libnvJitLink "
                    "under PATH, $CUDA_HOME, $CUDA_PATH or /usr/local/cuda): "
                    "emitted PTX instead of a cubin";
  }
  response.format = emit.str();

  MLIRContext context(getRegistry());
  context.loadAllAvailableDialects();
  // As tile-compile: no dump of the whole module under a diagnostic on it.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(request.source, request.sourceName),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diag);

  if (failed(verifyParsableSource(sourceMgr, &context)))
    return false;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module || failed(verifyKernelModule(*module)))
    return false;

  if (findUntranslatableOp(*module)) {
    PassManager pm(&context, ModuleOp::getOperationName());
    TileToLLVMOptions options;
    options.arch = request.arch;
    options.optLevel = request.optLevel;
    options.numStages = request.numStages;
    buildTileToLLVMPipeline(pm, options);
    if (failed(pm.run(*module)))
      return false;
    if (failed(verifyLoweredToLLVM(*module)))
      return false;
  }

  // wgmma kernels need sm_90a rather than the requested sm_90.
  std::string arch = getLoweredTargetArch(*module, request.arch);

  FailureOr<std::vector<KernelInfo>> kernels = extractKernelMetadata(*module);
  if (failed(kernels))
    return false;
  // The binary's name in the metadata: the runtime looks for it beside the
  // JSON file; CompiledKernel.save() rewrites it to the name it writes.
  response.metadataJson =
      llvm::formatv("{0}", kernelMetadataToJSON(*kernels, arch, emit,
                                                ("kernel." + emit).str()))
          .str();

  if (emit == "mlir") {
    llvm::raw_string_ostream os(response.output);
    module->print(os);
    return true;
  }

  // fp8 mma.sync needs a newer PTX ISA than some archs imply.
  auto tm = createNVPTXTargetMachine(arch, request.optLevel,
                                     getLoweredPTXVersion(*module, arch));
  if (!tm)
    return fail(tm.takeError());
  llvm::LLVMContext llvmContext;
  auto llvmModule = translateToLLVMIR(*module, llvmContext, arch);
  if (!llvmModule)
    return fail(llvmModule.takeError());
  if (llvm::Error err =
          optimizeLLVMModule(**llvmModule, **tm, request.optLevel))
    return fail(std::move(err));
  if (emit == "llvm") {
    llvm::raw_string_ostream os(response.output);
    (*llvmModule)->print(os, nullptr);
    return true;
  }

  auto ptx = emitPTX(**llvmModule, **tm);
  if (!ptx)
    return fail(ptx.takeError());
  response.ptx = std::move(*ptx);
  if (emit == "ptx") {
    response.output = response.ptx;
    return true;
  }

  auto cubin = assembleCubin(response.ptx, arch, cubinOptions);
  if (!cubin)
    return fail(cubin.takeError());
  response.output.assign(cubin->begin(), cubin->end());
  return true;
}

CompileResponse tile::python::compile(const CompileRequest &request) {
  CompileResponse response;
  Compilation compilation{request, response};
  response.ok = compilation.run();
  compilation.diag.flush();
  return response;
}

bool tile::python::canAssembleCubin() { return tile::canAssembleCubin(); }

TextResult tile::python::checkArch(const std::string &arch) {
  TextResult result;
  if (llvm::Error err = verifyTargetArch(arch)) {
    result.error = llvm::toString(std::move(err));
    return result;
  }
  unsigned version = getPTXVersion(arch);
  result.ok = true;
  result.value =
      std::to_string(version / 10) + "." + std::to_string(version % 10);
  return result;
}
