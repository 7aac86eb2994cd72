//===- Compile.cpp - One kernel module in, PTX or a cubin out -------------===//
//
// The steps, each stopping the compile on failure:
//   1. kernel parameters: `${NAME}` replaced (errors located in the source
//      as written);
//   2. parse (the parser verifies) and check it is one kernel module;
//   3. lower to LLVM + NVVM with the tile-to-llvm pipeline (skipped for a
//      module already written in those dialects);
//   4. read the launch metadata;
//   5. translate to LLVM IR, optimize, run the NVPTX back end;
//   6. assemble the PTX into a cubin.
// Located diagnostics go through the context to the caller's stream; a
// failure without a location (LLVM, the assembler) comes back as text.
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler/Compile.h"

#include "RegisterRemarks.h"

#include "tile/Compiler/Parameters.h"
#include "tile/InitAll.h"
#include "tile/LayoutReport/LayoutReport.h"
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
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace tile;

StringRef tile::stringifyCompileOutput(CompileOutput output) {
  switch (output) {
  case CompileOutput::Mlir:
    return "mlir";
  case CompileOutput::Llvm:
    return "llvm";
  case CompileOutput::Ptx:
    return "ptx";
  case CompileOutput::Cubin:
    return "cubin";
  case CompileOutput::Layouts:
    return "layouts";
  }
  return "cubin";
}

std::optional<CompileOutput> tile::symbolizeCompileOutput(StringRef name) {
  for (CompileOutput output :
       {CompileOutput::Mlir, CompileOutput::Llvm, CompileOutput::Ptx,
        CompileOutput::Cubin, CompileOutput::Layouts})
    if (stringifyCompileOutput(output) == name)
      return output;
  return std::nullopt;
}

void tile::registerCompilerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // The upstream dialects of the language (docs/TileLanguage.md), and those
  // of hand-written LLVM-dialect kernels.
  registry.insert<arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect>();
  registerTargetTranslations(registry);
}

namespace {
/// A timing scope nested under the caller's, or a disabled one.
TimingScope nestTiming(TimingScope *parent, StringRef name) {
  return parent ? parent->nest(name) : TimingScope();
}

/// Step 1: the source with its parameters substituted, or failure with
/// errors located in `source` as written.
FailureOr<std::unique_ptr<llvm::MemoryBuffer>>
applyKernelParameters(std::unique_ptr<llvm::MemoryBuffer> source,
                      MLIRContext &context, const CompileOptions &options,
                      llvm::raw_ostream &diagnostics) {
  StringRef text = source->getBuffer();
  if (options.defines.empty() && !text.contains("${"))
    return std::move(source);
  std::vector<ParameterError> errors;
  std::optional<std::string> substituted =
      tile::substituteParameters(text, options.defines, errors);
  if (substituted)
    return llvm::MemoryBuffer::getMemBufferCopy(*substituted,
                                                source->getBufferIdentifier());

  llvm::SourceMgr sourceMgr;
  std::string name = source->getBufferIdentifier().str();
  sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(1);
  for (const ParameterError &error : errors) {
    // Errors about the defines themselves belong to the whole file.
    unsigned line = 1, column = 1;
    if (error.offset != std::string::npos)
      std::tie(line, column) = sourceMgr.getLineAndColumn(
          llvm::SMLoc::getFromPointer(buffer->getBufferStart() + error.offset));
    emitError(FileLineColLoc::get(&context, name, line, column))
        << error.message;
  }
  return failure();
}

/// Drops every kernel of `module` not named in `names` (all stay when it is
/// empty); fails, naming the module's kernels, when one of `names` is not
/// there.
LogicalResult selectKernels(ModuleOp module, ArrayRef<std::string> names) {
  if (names.empty())
    return success();
  SmallVector<Operation *> dropped;
  SmallVector<StringRef> present;
  llvm::StringSet<> found;
  for (Operation &op : *module.getBody()) {
    auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!isKernelFunction(op) || !name)
      continue;
    present.push_back(name.getValue());
    if (llvm::is_contained(names, name.getValue()))
      found.insert(name.getValue());
    else
      dropped.push_back(&op);
  }
  for (const std::string &name : names) {
    if (found.contains(name))
      continue;
    return emitError(getInputStartLoc(module))
           << "no kernel named '" << name
           << "' to compile (--kernel); the kernels of this "
              "file are: "
           << llvm::join(present, ", ");
  }
  for (Operation *op : dropped)
    op->erase();
  return success();
}

struct Compilation {
  MLIRContext &context;
  const CompileOptions &options;
  llvm::raw_ostream &diagnostics;
  TimingScope *timing;
  CompileResult result;
  /// The tile-level register estimates, for the register remarks.
  std::vector<KernelPressureEstimate> pressure;

  LogicalResult fail(llvm::Error err) {
    result.error = llvm::toString(std::move(err));
    return failure();
  }

  LogicalResult run(std::unique_ptr<llvm::MemoryBuffer> source);
  LogicalResult lower(ModuleOp module);
  LogicalResult reportLayouts(ModuleOp module, llvm::SourceMgr &sourceMgr);
  LogicalResult generate(ModuleOp module);
};
} // namespace

LogicalResult
Compilation::run(std::unique_ptr<llvm::MemoryBuffer> originalSource) {
  FailureOr<std::unique_ptr<llvm::MemoryBuffer>> source = applyKernelParameters(
      std::move(originalSource), context, options, diagnostics);
  if (failed(source))
    return failure();

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*source), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);

  // Parse (the parser also verifies).
  if (failed(verifyParsableSource(sourceMgr, &context)))
    return failure();
  OwningOpRef<ModuleOp> module;
  {
    TimingScope parseTiming = nestTiming(timing, "parse");
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  }
  if (!module || failed(verifyKernelModule(*module)) ||
      failed(selectKernels(*module, options.kernels)))
    return failure();
  if (options.emit == CompileOutput::Layouts)
    return reportLayouts(*module, sourceMgr);
  if (failed(lower(*module)))
    return failure();

  // wgmma kernels need sm_90a rather than the requested sm_90.
  result.arch = getLoweredTargetArch(*module, options.pipeline.arch);
  FailureOr<std::vector<KernelInfo>> kernels = extractKernelMetadata(*module);
  if (failed(kernels))
    return failure();
  result.kernels = std::move(*kernels);

  if (options.emit == CompileOutput::Mlir) {
    llvm::raw_string_ostream os(result.output);
    module->print(os);
    return success();
  }
  return generate(*module);
}

/// --emit=layouts: the tile-level pipeline, then the report of what it chose.
LogicalResult Compilation::reportLayouts(ModuleOp module,
                                         llvm::SourceMgr &sourceMgr) {
  PassManager pm(&context, ModuleOp::getOperationName());
  if (options.configurePassManager && failed(options.configurePassManager(pm)))
    return failure();
  TimingScope scope = nestTiming(timing, "layout pipeline");
  if (timing)
    pm.enableTiming(scope);
  buildTileLayoutPipeline(pm, options.pipeline);
  if (failed(pm.run(module)))
    return failure();
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  LayoutReportOptions report;
  report.sourceName = buffer->getBufferIdentifier().str();
  report.sourceText = buffer->getBuffer();
  report.convertStrategy = options.pipeline.convertStrategy;
  llvm::raw_string_ostream os(result.output);
  return writeLayoutReport(module, os, report);
}

/// Step 3: to the LLVM + NVVM dialects, unless the module is in them.
LogicalResult Compilation::lower(ModuleOp module) {
  if (!findUntranslatableOp(module))
    return success();
  TimingScope lowerTiming = nestTiming(timing, "lower to LLVM + NVVM");
  // Two pass managers: the tile-level passes and convert-tile-to-llvm,
  // verified after each (the tile verifiers are the language's diagnostics),
  // then the upstream conversions and cleanups of the LLVM dialect, verified
  // once at the end unless verifyEachPass: checking the large LLVM-dialect
  // module after each of them took more time than the passes (45 of 80 ms
  // on examples/attention_ws.mlir's d = 64 kernel).
  PassManager tilePM(&context, ModuleOp::getOperationName());
  PassManager lowerPM(&context, ModuleOp::getOperationName());
  for (PassManager *pm : {&tilePM, &lowerPM}) {
    if (options.configurePassManager &&
        failed(options.configurePassManager(*pm)))
      return failure();
    if (timing)
      pm->enableTiming(lowerTiming);
  }
  lowerPM.enableVerifier(options.verifyEachPass);
  buildTileLayoutPipeline(tilePM, options.pipeline);
  if (options.emit == CompileOutput::Cubin && options.registerRemarks)
    tilePM.addPass(createRecordRegisterPressurePass(pressure));
  buildTileConversionPass(tilePM, options.pipeline);
  buildLLVMCleanupPipeline(lowerPM, options.pipeline);
  if (failed(tilePM.run(module)) || failed(lowerPM.run(module)))
    return failure();
  if (!options.verifyEachPass && failed(mlir::verify(module)))
    return fail(llvm::createStringError(
        "internal error: the lowering to the LLVM dialect produced invalid "
        "IR (diagnostics above); rerun with --verify-each to find the pass, "
        "and please report it"));
  return verifyLoweredToLLVM(module);
}

/// Steps 5 and 6: LLVM IR, PTX, cubin.
LogicalResult Compilation::generate(ModuleOp module) {
  unsigned optLevel = options.pipeline.optLevel;
  // fp8 mma.sync needs a newer PTX ISA than some archs imply.
  auto tm = createNVPTXTargetMachine(result.arch, optLevel,
                                     getLoweredPTXVersion(module, result.arch));
  if (!tm)
    return fail(tm.takeError());
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    TimingScope scope = nestTiming(timing, "translate to LLVM IR");
    auto translated = translateToLLVMIR(module, llvmContext, result.arch);
    if (!translated)
      return fail(translated.takeError());
    llvmModule = std::move(*translated);
  }
  {
    TimingScope scope =
        nestTiming(timing, "LLVM -O" + std::to_string(optLevel));
    if (llvm::Error err = optimizeLLVMModule(*llvmModule, **tm, optLevel))
      return fail(std::move(err));
  }
  if (options.emit == CompileOutput::Llvm) {
    llvm::raw_string_ostream os(result.output);
    llvmModule->print(os, nullptr);
    return success();
  }

  {
    TimingScope scope = nestTiming(timing, "NVPTX to PTX");
    auto emitted = emitPTX(*llvmModule, **tm);
    if (!emitted)
      return fail(emitted.takeError());
    result.ptx = std::move(*emitted);
  }
  if (options.emit == CompileOutput::Ptx) {
    result.output = result.ptx;
    return success();
  }

  CubinOptions cubinOptions = options.cubin;
  cubinOptions.optLevel = optLevel;
  cubinOptions.infoLog = &result.assemblerLog;
  std::optional<std::string> assembler = resolveCubinAssembler(cubinOptions);
  // The resource report (registers, spills) costs the assembler nothing
  // measurable; it feeds the register remarks and --ptxas-verbose.
  cubinOptions.resourceReport = true;
  {
    TimingScope scope =
        nestTiming(timing, "PTX to cubin (" + assembler.value_or("none") + ")");
    auto cubin = assembleCubin(result.ptx, result.arch, cubinOptions);
    if (!cubin)
      return fail(cubin.takeError());
    result.output.assign(cubin->begin(), cubin->end());
  }
  std::vector<KernelResourceUsage> usages =
      parseAssemblerLog(result.assemblerLog);
  for (const KernelResourceUsage &usage : usages)
    for (KernelInfo &kernel : result.kernels)
      if (kernel.name == usage.kernel) {
        kernel.registers = usage.registers;
        kernel.spillBytes = usage.spillStoreBytes + usage.spillLoadBytes;
      }
  if (options.registerRemarks)
    emitRegisterRemarks(result.arch, result.kernels, usages,
                        pressure);
  return success();
}

CompileResult
tile::compileKernelModule(std::unique_ptr<llvm::MemoryBuffer> source,
                          MLIRContext &context, const CompileOptions &options,
                          llvm::raw_ostream &diagnostics, TimingScope *timing) {
  Compilation compilation{context, options, diagnostics, timing, {}};
  compilation.result.succeeded = succeeded(compilation.run(std::move(source)));
  return std::move(compilation.result);
}

CompileResult tile::compileKernelSource(StringRef source, StringRef sourceName,
                                        const CompileOptions &options,
                                        std::string &diagnostics) {
  static const DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    registerCompilerDialects(*r);
    return r;
  }();
  MLIRContext context(*registry);
  context.loadAllAvailableDialects();
  // No dump of the whole module under a diagnostic on it.
  context.printOpOnDiagnostic(false);
  llvm::raw_string_ostream os(diagnostics);
  CompileResult result = compileKernelModule(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), context,
      options, os);
  if (!result.error.empty())
    os << "error: " << result.error << "\n";
  return result;
}
