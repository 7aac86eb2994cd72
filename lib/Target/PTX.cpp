//===- PTX.cpp - LLVM dialect to LLVM IR and PTX --------------------------===//

#include "tile/Target/PTX.h"

#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "Libdevice.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <mutex>

using namespace tile;

static constexpr const char *kNVPTXTriple = "nvptx64-nvidia-cuda";

// Oldest PTX ISA tile emits (8.0, CUDA 12.0). Architectures that need a
// newer one (sm_100: 8.6, sm_120: 8.7, ...) get the oldest they accept; every
// version the NVPTX back end of LLVM 22 knows is accepted by CUDA 13's ptxas
// and nvJitLink.
static constexpr unsigned kPTXFloor = 80;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

void tile::registerTargetTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

static llvm::CodeGenOptLevel toCodeGenOptLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

static llvm::Expected<const llvm::Target *> lookupNVPTX() {
  initializeNVPTX();
  std::string lookupError;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(
      llvm::Triple(kNVPTXTriple), lookupError);
  if (!target)
    return makeError("the NVPTX back end is not available in this LLVM: " +
                     lookupError);
  return target;
}

llvm::Error tile::verifyTargetArch(StringRef arch) {
  auto target = lookupNVPTX();
  if (!target)
    return target.takeError();
  // Ask a generic subtarget whether the name is known: creating one for an
  // unknown name would print LLVM's own warning and fall back to a generic
  // GPU, i.e. produce PTX for the wrong target.
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      (*target)->createMCSubtargetInfo(llvm::Triple(kNVPTXTriple), "", ""));
  unsigned version = 0;
  StringRef digits = arch;
  bool wellFormed = digits.consume_front("sm_") && !digits.empty() &&
                    !digits.take_while(llvm::isDigit).getAsInteger(10, version);
  if (!sti || !wellFormed || !sti->isCPUStringValid(arch))
    return makeError("unknown GPU architecture '" + arch +
                     "'; expected a name like sm_80, sm_90 or sm_90a");
  if (version < 80)
    return makeError("GPU architecture '" + arch +
                     "' is too old: tile supports sm_80 and newer");
  return llvm::Error::success();
}

std::string tile::getLoweredTargetArch(ModuleOp module, StringRef requested) {
  auto wanted = module->getAttrOfType<StringAttr>(kTargetArchAttr);
  // Only the "a" variant of the requested arch itself (sm_90 -> sm_90a).
  if (wanted && wanted.getValue() == (requested + "a").str())
    return wanted.getValue().str();
  return requested.str();
}

unsigned tile::getPTXVersion(StringRef arch) {
  // The oldest PTX ISA of each architecture newer than sm_90a, as the NVPTX
  // back end of LLVM 22 requires it (it rejects an explicit older version),
  // and for sm_89 the one that has its fp8 conversions and fp8 mma.sync.
  StringRef base = arch.rtrim("af");
  unsigned required = llvm::StringSwitch<unsigned>(base)
                          // The fp8 conversions (cvt ... e4m3x2) reached
                          // sm_89 with PTX ISA 8.1, fp8 mma.sync with 8.4.
                          .Case("sm_89", 84)
                          .Cases({"sm_100", "sm_101"}, 86)
                          .Case("sm_120", 87)
                          .Cases({"sm_103", "sm_121"}, 88)
                          .Cases({"sm_88", "sm_110"}, 90)
                          .Default(0);
  // Family-specific targets ("f" suffix) arrived with PTX ISA 8.8.
  if (arch.ends_with("f"))
    required = std::max(required, 88u);
  return std::max(required, kPTXFloor);
}

unsigned tile::getLoweredPTXVersion(ModuleOp module, StringRef arch) {
  unsigned version = getPTXVersion(arch);
  // Clamped so that a wild value stays a version createNVPTXTargetMachine
  // reports as unknown.
  if (auto wanted = module->getAttrOfType<IntegerAttr>(kPTXVersionAttr))
    version = std::clamp<int64_t>(wanted.getValue().getSExtValue(), version,
                                  std::max<int64_t>(version, 9999));
  return version;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
tile::createNVPTXTargetMachine(StringRef arch, unsigned optLevel,
                               unsigned ptxVersion) {
  if (optLevel > 3)
    return makeError("optimization level " + llvm::Twine(optLevel) +
                     " is out of range; use 0, 1, 2 or 3");
  if (llvm::Error err = verifyTargetArch(arch))
    return std::move(err);
  auto target = lookupNVPTX();
  if (!target)
    return target.takeError();
  ptxVersion = std::max(ptxVersion, getPTXVersion(arch));
  std::string feature = "ptx" + std::to_string(ptxVersion);
  // An unknown feature would only be warned about by LLVM (on stderr) and
  // ignored: the PTX would claim an older version than the code needs.
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      (*target)->createMCSubtargetInfo(llvm::Triple(kNVPTXTriple), arch, ""));
  if (!sti || !llvm::any_of(sti->getAllProcessorFeatures(),
                            [&](const llvm::SubtargetFeatureKV &kv) {
                              return feature == kv.Key;
                            }))
    return makeError("PTX ISA " + llvm::Twine(ptxVersion / 10) + "." +
                     llvm::Twine(ptxVersion % 10) +
                     " is not known to the NVPTX back end of this LLVM");
  std::unique_ptr<llvm::TargetMachine> tm((*target)->createTargetMachine(
      llvm::Triple(kNVPTXTriple), arch, "+" + feature, llvm::TargetOptions(),
      std::nullopt, std::nullopt, toCodeGenOptLevel(optLevel)));
  if (!tm)
    return makeError("could not create the NVPTX target machine for '" + arch +
                     "'");
  return std::move(tm);
}

namespace {
/// Collects the LLVMContext's error diagnostics (which would otherwise print
/// and exit the process) so that they become an llvm::Error.
class CollectingDiagnosticHandler : public llvm::DiagnosticHandler {
public:
  explicit CollectingDiagnosticHandler(std::string &errors) : errors(errors) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return true; // Warnings and remarks: ignored.
    llvm::raw_string_ostream os(errors);
    llvm::DiagnosticPrinterRawOStream printer(os);
    if (!errors.empty())
      os << "\n";
    info.print(printer);
    return true;
  }

private:
  std::string &errors;
};

/// Installs a CollectingDiagnosticHandler for the lifetime of the object.
class ScopedDiagnostics {
public:
  explicit ScopedDiagnostics(llvm::LLVMContext &context) : context(context) {
    previous = context.getDiagnosticHandler();
    context.setDiagnosticHandler(
        std::make_unique<CollectingDiagnosticHandler>(errors));
  }
  ~ScopedDiagnostics() { context.setDiagnosticHandler(std::move(previous)); }
  llvm::Error takeError(const llvm::Twine &what) {
    if (errors.empty())
      return llvm::Error::success();
    std::string message = (what + ": " + errors).str();
    errors.clear();
    return makeError(message);
  }

private:
  llvm::LLVMContext &context;
  std::unique_ptr<llvm::DiagnosticHandler> previous;
  std::string errors;
};
} // namespace

/// Drops discardable `tile.*` attributes (tile's launch metadata) from every
/// op and function argument: the LLVM IR translation has no meaning for them.
static void stripTileAttributes(Operation *root) {
  auto isTileAttr = [](StringRef name) { return name.starts_with("tile."); };
  root->walk([&](Operation *op) {
    SmallVector<StringAttr> names;
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (isTileAttr(attr.getName().getValue()))
        names.push_back(attr.getName());
    for (StringAttr name : names)
      op->removeDiscardableAttr(name);
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      SmallVector<StringAttr> argNames;
      for (NamedAttribute attr : func.getArgAttrs(i))
        if (isTileAttr(attr.getName().getValue()))
          argNames.push_back(attr.getName());
      for (StringAttr name : argNames)
        func.removeArgAttr(i, name);
    }
  });
}

LogicalResult tile::verifyParsableSource(const llvm::SourceMgr &sourceMgr,
                                         MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef text = buffer->getBuffer();
  for (size_t pos = text.find("array<"); pos != StringRef::npos;
       pos = text.find("array<", pos + 1)) {
    StringRef rest = text.drop_front(pos + 6).ltrim(" \t\r\n");
    if (!rest.consume_front("index") ||
        (!rest.empty() && (llvm::isAlnum(rest[0]) || rest[0] == '_')))
      continue;
    // Not in a comment.
    size_t lineStart = text.rfind('\n', pos);
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    if (text.slice(lineStart, pos).contains("//"))
      continue;
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(text.data() + pos));
    return emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                         line, column))
           << "a dense array of 'index' is not supported (the MLIR parser "
              "cannot read it); use i32 or i64 elements, e.g. "
              "array<i32: 128, 1, 1>";
  }
  return success();
}

LogicalResult tile::verifyKernelLaunchBounds(ModuleOp module) {
  WalkResult result = module.walk([&](LLVM::LLVMFuncOp func) {
    for (StringRef name :
         {"nvvm.maxntid", "nvvm.reqntid", "nvvm.cluster_dim",
          "nvvm.cluster_max_blocks", "nvvm.minctasm", "nvvm.maxnreg"}) {
      Attribute attr = func->getAttr(name);
      if (!attr)
        continue;
      SmallVector<int64_t> values;
      if (auto array = dyn_cast<DenseI32ArrayAttr>(attr))
        values.append(array.asArrayRef().begin(), array.asArrayRef().end());
      else if (auto integer = dyn_cast<IntegerAttr>(attr))
        values.push_back(integer.getValue().getSExtValue());
      else
        continue;
      if (llvm::all_of(values, [](int64_t v) { return v >= 1; }))
        continue;
      func.emitError() << "'" << name << "' = " << attr
                       << " must hold positive values (threads, blocks or "
                          "registers)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult tile::verifyArgumentAlignments(ModuleOp module) {
  // LLVM takes up to 2^32, ptxas's `.align` up to 2^31: the smaller one.
  constexpr uint64_t kMaxAlignment = uint64_t(1) << 31;
  WalkResult result = module.walk([&](LLVM::LLVMFuncOp func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto align = func.getArgAttrOfType<IntegerAttr>(
          i, LLVM::LLVMDialect::getAlignAttrName());
      if (!align)
        continue;
      const APInt &value = align.getValue();
      if (value.isStrictlyPositive() && value.isPowerOf2() &&
          value.getActiveBits() <= 64 && value.getZExtValue() <= kMaxAlignment)
        continue;
      func.emitError() << "argument #" << i << " of '" << func.getName()
                       << "' has 'llvm.align' = "
                       << llvm::toString(value, 10, /*Signed=*/true)
                       << "; an alignment must be a power of two of at most "
                       << kMaxAlignment << " bytes";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

bool tile::isKernelFunction(Operation &op) {
  return op.getName().getStringRef() == "tile.kernel" ||
         (isa<LLVM::LLVMFuncOp>(op) &&
          op.hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()));
}

Location tile::getInputStartLoc(ModuleOp module) {
  Location loc = module.getLoc();
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc);
      fileLoc && !fileLoc.getLine())
    return FileLineColLoc::get(fileLoc.getFilename(), 1, 1);
  return loc;
}

LogicalResult tile::verifyKernelModule(ModuleOp module) {
  WalkResult nested = module.walk([&](ModuleOp inner) {
    if (inner == module)
      return WalkResult::advance();
    inner.emitError()
        << "a module nested in the kernel module: its kernels would not be "
           "compiled; an input holds one module (write the kernels at the "
           "top level of the file, or in one `module { ... }`)";
    return WalkResult::interrupt();
  });
  if (nested.wasInterrupted())
    return failure();
  for (Operation &op : *module.getBody())
    if (isKernelFunction(op))
      return success();
  StringRef file = "the input";
  if (auto fileLoc = dyn_cast<FileLineColLoc>(module.getLoc()))
    file = fileLoc.getFilename().getValue();
  return emitError(getInputStartLoc(module))
         << "no tile.kernel or nvvm.kernel function in '" << file
         << "'; the input must define at least one kernel "
            "(docs/TileLanguage.md)";
}

LogicalResult tile::verifyTranslatableTypes(ModuleOp module) {
  auto check = [](Operation *op, Type type, StringRef what) -> LogicalResult {
    if (LLVM::isCompatibleType(type))
      return success();
    return op->emitError() << "'" << op->getName() << "' " << what
                           << " has type " << type
                           << ", which LLVM IR cannot represent; use an LLVM "
                              "type (i1..i64, f16, bf16, f32, f64, "
                              "!llvm.ptr, vectors and structs of them)";
  };
  WalkResult result = module.walk([&](Operation *op) {
    if (isa<ModuleOp>(op))
      return WalkResult::advance();
    for (auto [i, value] : llvm::enumerate(op->getResults()))
      if (failed(
              check(op, value.getType(), ("result #" + llvm::Twine(i)).str())))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(
                  check(op, arg.getType(),
                        ("block argument #" + llvm::Twine(arg.getArgNumber()))
                            .str())))
            return WalkResult::interrupt();
    // Type attributes of llvm ops become LLVM types (a getelementptr's
    // element type); NVVM ops use theirs only to pick an instruction (the
    // fp8 kind of a cvt), so they may name types LLVM IR lacks.
    if (!isa<LLVM::LLVMDialect>(op->getDialect()))
      return WalkResult::advance();
    for (NamedAttribute attr : op->getAttrs())
      if (auto typeAttr = dyn_cast<TypeAttr>(attr.getValue());
          typeAttr && !attr.getName().getValue().starts_with("tile."))
        if (failed(
                check(op, typeAttr.getValue(),
                      ("attribute '" + attr.getName().getValue() + "'").str())))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

Operation *tile::findUntranslatableOp(ModuleOp module) {
  Operation *found = nullptr;
  module.walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns != "builtin" && ns != "llvm" && ns != "nvvm") {
      found = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

LogicalResult tile::verifyLoweredToLLVM(ModuleOp module) {
  Operation *left = findUntranslatableOp(module);
  if (!left)
    return success();
  return left->emitError() << "'" << left->getName()
                           << "' is still present after lowering to the LLVM "
                              "and NVVM dialects; the lowering does not "
                              "support it yet";
}

llvm::Expected<std::unique_ptr<llvm::Module>>
tile::translateToLLVMIR(ModuleOp llvmDialectModule,
                        llvm::LLVMContext &llvmContext, StringRef arch) {
  auto tm = createNVPTXTargetMachine(arch, 0);
  if (!tm)
    return tm.takeError();

  // A custom driver must register the translations itself; appending them
  // here makes the function safe to call from any context.
  DialectRegistry registry;
  registerTargetTranslations(registry);
  llvmDialectModule->getContext()->appendDialectRegistry(registry);

  if (failed(verifyTranslatableTypes(llvmDialectModule)) ||
      failed(verifyKernelLaunchBounds(llvmDialectModule)) ||
      failed(verifyArgumentAlignments(llvmDialectModule)))
    return makeError("translation of the LLVM dialect module to LLVM IR "
                     "failed (see the diagnostics above)");
  OwningOpRef<ModuleOp> copy = llvmDialectModule.clone();
  stripTileAttributes(*copy);

  // Translation failures are reported as MLIR diagnostics on the failing op;
  // they reach the caller's diagnostic handler (e.g. the source manager's).
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(*copy, llvmContext, "tile");
  if (!module)
    return makeError("translation of the LLVM dialect module to LLVM IR "
                     "failed (see the diagnostics above)");
  module->setTargetTriple(llvm::Triple(kNVPTXTriple));
  module->setDataLayout((*tm)->createDataLayout());
  detail::rewriteMathIntrinsicsToLibdevice(*module);
  if (llvm::Error err = detail::linkLibdeviceIfNeeded(*module))
    return std::move(err);
  std::string verifierMessage;
  llvm::raw_string_ostream verifierOS(verifierMessage);
  if (llvm::verifyModule(*module, &verifierOS))
    return makeError("the translated LLVM IR is invalid: " + verifierMessage);
  return std::move(module);
}

llvm::Error tile::optimizeLLVMModule(llvm::Module &module,
                                     llvm::TargetMachine &tm,
                                     unsigned optLevel) {
  if (optLevel > 3)
    return makeError("optimization level " + llvm::Twine(optLevel) +
                     " is out of range; use 0, 1, 2 or 3");
  ScopedDiagnostics diagnostics(module.getContext());
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);

  static const llvm::OptimizationLevel levels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
      llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  llvm::ModulePassManager mpm =
      optLevel == 0 ? pb.buildO0DefaultPipeline(levels[0])
                    : pb.buildPerModuleDefaultPipeline(levels[optLevel]);
  mpm.run(module, mam);
  return diagnostics.takeError("LLVM optimization failed");
}

llvm::Expected<std::string>
tile::translateToOptimizedLLVMIR(ModuleOp llvmDialectModule,
                                 StringRef requestedArch, unsigned optLevel) {
  std::string arch = getLoweredTargetArch(llvmDialectModule, requestedArch);
  auto tm = createNVPTXTargetMachine(
      arch, optLevel, getLoweredPTXVersion(llvmDialectModule, arch));
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext llvmContext;
  auto module = translateToLLVMIR(llvmDialectModule, llvmContext, arch);
  if (!module)
    return module.takeError();
  if (llvm::Error err = optimizeLLVMModule(**module, **tm, optLevel))
    return std::move(err);
  std::string text;
  llvm::raw_string_ostream os(text);
  (*module)->print(os, nullptr);
  return text;
}

llvm::Expected<std::string> tile::emitPTX(llvm::Module &module,
                                          llvm::TargetMachine &tm) {
  // The optimizer may have formed new math intrinsics; unresolved calls
  // would abort instruction selection.
  detail::rewriteMathIntrinsicsToLibdevice(module);
  if (llvm::Error err = detail::linkLibdeviceIfNeeded(module))
    return std::move(err);
  if (llvm::Error err = detail::verifyDeviceCallsResolved(module))
    return std::move(err);
  ScopedDiagnostics diagnostics(module.getContext());
  SmallString<0> ptx;
  llvm::raw_svector_ostream os(ptx);
  llvm::legacy::PassManager codegen;
  if (tm.addPassesToEmitFile(codegen, os, nullptr,
                             llvm::CodeGenFileType::AssemblyFile))
    return makeError("the NVPTX target cannot emit PTX");
  codegen.run(module);
  if (llvm::Error err = diagnostics.takeError("PTX code generation failed"))
    return std::move(err);
  return std::string(ptx.str());
}

llvm::Expected<std::string> tile::translateToPTX(ModuleOp llvmDialectModule,
                                                 StringRef requestedArch,
                                                 unsigned optLevel) {
  std::string arch = getLoweredTargetArch(llvmDialectModule, requestedArch);
  auto tm = createNVPTXTargetMachine(
      arch, optLevel, getLoweredPTXVersion(llvmDialectModule, arch));
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext llvmContext;
  auto module = translateToLLVMIR(llvmDialectModule, llvmContext, arch);
  if (!module)
    return module.takeError();
  if (llvm::Error err = optimizeLLVMModule(**module, **tm, optLevel))
    return std::move(err);
  return emitPTX(**module, **tm);
}
