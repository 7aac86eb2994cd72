//===- tile-compile.cpp - Tile kernels to PTX or cubin --------------------===//
//
// The driver: one textual kernel module in, one binary (or an intermediate
// form) out, plus a JSON file with what a launcher needs. The contract is
// docs/tile-compile.md:
//
//   tile-compile KERNEL.mlir -o OUT [--arch=sm_90] [--emit=mlir|llvm|ptx|cubin|layouts]
//                [-O0|-O1|-O2|-O3] [-DNAME=VALUE ...]
//
// The compile itself is tile::compileKernelModule (tile/Compiler/Compile.h);
// this file parses the flags and writes the files.
//
// Exit codes: 0 success, 1 a compile error (located diagnostics on stderr),
// 2 a bad command line.
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler/Compile.h"
#include "tile/Conversion/Pipelines.h"
#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"
#include "tile/InitAll.h"
#include "tile/Target/Cubin.h"
#include "tile/Target/KernelMetadata.h"
#include "tile/Target/PTX.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace tile;
namespace cl = llvm::cl;

namespace {
enum class EmitKind { Mlir, Llvm, Ptx, Cubin, Layouts, Default };
} // namespace

static cl::OptionCategory category("tile-compile options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<kernel.mlir | ->"),
                                          cl::init("-"), cl::cat(category));

static cl::opt<std::string>
    outputFilename("o", cl::desc("Output file ('-' for stdout; text only)"),
                   cl::value_desc("file"), cl::init("-"), cl::cat(category));

static cl::opt<std::string> archOpt("arch",
                                    cl::desc("GPU architecture (sm_80, sm_90, "
                                             "sm_90a, ...)"),
                                    cl::init("sm_90"), cl::cat(category));

static cl::opt<EmitKind>
    emitOpt("emit",
            cl::desc("What to write (default: cubin when a CUDA toolkit is "
                     "found, else ptx)"),
            cl::values(clEnumValN(EmitKind::Mlir, "mlir",
                                  "the lowered module (LLVM + NVVM dialects)"),
                       clEnumValN(EmitKind::Llvm, "llvm", "optimized LLVM IR"),
                       clEnumValN(EmitKind::Ptx, "ptx", "PTX assembly"),
                       clEnumValN(EmitKind::Cubin, "cubin",
                                  "a cubin (needs ptxas "
                                  "or nvJitLink)"),
                       clEnumValN(EmitKind::Layouts, "layouts",
                                  "an HTML report of the chosen layouts, "
                                  "converts, accesses and reductions")),
            cl::init(EmitKind::Default), cl::cat(category));

static cl::opt<unsigned>
    optLevelOpt("O", cl::desc("Optimization level (-O0 .. -O3, default -O3)"),
                cl::Prefix, cl::init(3), cl::cat(category));

static cl::opt<unsigned> registerBudgetOpt(
    "register-budget",
    cl::desc("32-bit registers per thread one tensor may use before "
             "tile-split-tiles splits it into loops (every -O level; default "
             "64; 0 turns the split off)"),
    cl::init(64), cl::cat(category));

static cl::opt<unsigned> chunkRegistersOpt(
    "chunk-registers",
    cl::desc("32-bit registers per thread each tensor of a split chunk may "
             "use (default 16)"),
    cl::init(16), cl::cat(category));

static cl::opt<unsigned> numStagesOpt(
    "num-stages",
    cl::desc("Software-pipelining stages of loops whose loads feed dots and "
             "that have no tile.num_stages attribute (default 0: as many as "
             "fit the shared memory, at most 3; 1: no pipelining)"),
    cl::init(0), cl::cat(category));

static cl::opt<bool> pipelineRemarksOpt(
    "pipeline-remarks",
    cl::desc("Remark on every loop with a dot: its pipeline schedule, or why "
             "it is not pipelined"),
    cl::init(false), cl::cat(category));

static cl::opt<bool> warpSpecializeOpt(
    "warp-specialize",
    cl::desc("Split every eligible GEMM loop (TMA-copyable tiles feeding "
             "wgmma, a ring of 3 slots or more) into a TMA producer "
             "warpgroup and wgmma consumers (tile-warp-specialize; on by "
             "default; --warp-specialize=false: only loops or kernels with "
             "a tile.warp_specialize attribute)"),
    cl::init(true), cl::cat(category));

static cl::opt<bool> wsPingPongOpt(
    "ws-ping-pong",
    cl::desc("In a warp-specialized loop that waits for its wgmma before "
             "register work on their results (attention), the consumer "
             "warpgroups take turns issuing their wgmma (tile-warp-specialize "
             "ping-pong; off by default: it did not pay off on the H100)"),
    cl::init(false), cl::cat(category));

static cl::opt<bool> wsPrologueCopiesOpt(
    "ws-prologue-copies",
    cl::desc("Tiles loaded before a warp-specialized loop that only wgmma "
             "read (an attention kernel's Q) become TMA copies the producer "
             "issues once, before its loop (tile-warp-specialize; on by "
             "default)"),
    cl::init(true), cl::cat(category));

static cl::opt<bool> wsLastIterationYieldsOpt(
    "ws-last-iteration-yields",
    cl::desc("In a warp-specialized loop, a branch taken only in the last "
             "iteration yields the iteration argument instead of a "
             "placeholder nothing reads (tile-warp-specialize; on by "
             "default)"),
    cl::init(true), cl::cat(category));

static cl::opt<bool> convertRemarksOpt(
    "convert-remarks",
    cl::desc("Remark on every layout.convert the lowering meets: registers, "
             "warp shuffles or shared memory, with the estimated costs"),
    cl::init(false), cl::cat(category));

static cl::opt<bool> enableAssertsOpt(
    "enable-asserts",
    cl::desc("Compile tile.assert ops in (Triton's debug mode); without it "
             "only kernels or modules with tile.enable_asserts keep them"),
    cl::init(false), cl::cat(category));

static cl::opt<bool> verifyEachOpt(
    "verify-each",
    cl::desc("Verify the IR after every upstream pass that follows "
             "convert-tile-to-llvm, not only after the last (finds a pass "
             "that breaks the IR; the tile-level passes and "
             "convert-tile-to-llvm are always verified)"),
    cl::init(false), cl::cat(category));

namespace {
enum class ConvertStrategyKind { Auto, Shared, Shuffle };
} // namespace
static cl::opt<ConvertStrategyKind> convertStrategyOpt(
    "convert-strategy",
    cl::desc("How layout conversions that move data between threads are "
             "lowered"),
    cl::values(clEnumValN(ConvertStrategyKind::Auto, "auto",
                          "warp shuffles where the cost model prefers them, "
                          "else shared memory (default)"),
               clEnumValN(ConvertStrategyKind::Shared, "shared",
                          "always through shared memory"),
               clEnumValN(ConvertStrategyKind::Shuffle, "shuffle",
                          "warp shuffles wherever possible")),
    cl::init(ConvertStrategyKind::Auto), cl::cat(category));

static cl::opt<std::string> metadataOpt(
    "metadata",
    cl::desc("Where to write the kernel metadata JSON (default: OUT.json "
             "for ptx and cubin output to a file)"),
    cl::value_desc("file"), cl::init(""), cl::cat(category));

static cl::opt<bool> noMetadataOpt("no-metadata",
                                   cl::desc("Do not write the metadata JSON"),
                                   cl::init(false), cl::cat(category));

static cl::opt<bool> printPipelineOpt(
    "print-pipeline",
    cl::desc("Print the pass pipeline and the back-end steps, then exit"),
    cl::init(false), cl::cat(category));

namespace {
enum class AssemblerKind { Auto, Ptxas, NvJitLink };
} // namespace
static cl::opt<AssemblerKind> assemblerOpt(
    "assembler",
    cl::desc("PTX to cubin assembler (default: ptxas when found, else "
             "nvJitLink)"),
    cl::values(clEnumValN(AssemblerKind::Auto, "auto",
                          "nvJitLink if loadable, else ptxas (the library's "
                          "order, for long-lived processes)"),
               clEnumValN(AssemblerKind::Ptxas, "ptxas", "ptxas process"),
               clEnumValN(AssemblerKind::NvJitLink, "nvjitlink",
                          "libnvJitLink.so in process")),
    cl::init(AssemblerKind::Auto), cl::cat(category));

static cl::opt<std::string> ptxasOpt("ptxas",
                                     cl::desc("The ptxas to run (default: "
                                              "PATH, $CUDA_HOME/bin, "
                                              "/usr/local/cuda/bin)"),
                                     cl::value_desc("path"), cl::init(""),
                                     cl::cat(category));

static cl::opt<bool> registerRemarksOpt(
    "register-remarks",
    cl::desc("Remark on kernels whose registers spill or cap the blocks per "
             "SM, naming the tensors responsible (default on; "
             "--register-remarks=false silences them)"),
    cl::init(true), cl::cat(category));

static cl::opt<bool> ptxasVerboseOpt(
    "ptxas-verbose",
    cl::desc("Print the assembler's resource report (registers, spills)"),
    cl::init(false), cl::cat(category));

static cl::list<std::string> defineOpts(
    "D",
    cl::desc("Give kernel parameter NAME (${NAME} in the source) the value "
             "VALUE"),
    cl::value_desc("NAME=VALUE"), cl::Prefix, cl::cat(category));

static cl::list<std::string> kernelOpts(
    "kernel",
    cl::desc("Compile only the kernel NAME of the module (repeat or give a "
             "comma-separated list for several); the others are dropped"),
    cl::value_desc("NAME"), cl::CommaSeparated, cl::cat(category));

static cl::opt<bool> timeOpt("time",
                             cl::desc("Report compile time per step (same as "
                                      "--mlir-timing)"),
                             cl::init(false), cl::cat(category));

/// The assembler of this run. Without --assembler: ptxas when there is
/// one. tile-compile is one compile per process, where nvJitLink's
/// advantage (no process to start) is smaller than its cost: loading the
/// library, and a relocatable compile plus a link that took 6-7 % longer
/// than ptxas's whole-program compile for GEMM and attention kernels
/// (docs/tile-compile.md, "Target details"). Else the library's order.
static CubinAssembler getAssembler() {
  switch (assemblerOpt) {
  case AssemblerKind::Ptxas:
    return CubinAssembler::Ptxas;
  case AssemblerKind::NvJitLink:
    return CubinAssembler::NvJitLink;
  case AssemblerKind::Auto:
    break;
  }
  if (!assemblerOpt.getNumOccurrences() &&
      (!ptxasOpt.empty() || findPtxas()))
    return CubinAssembler::Ptxas;
  return CubinAssembler::Auto;
}

static void printError(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tile-compile") << message << "\n";
}

static TileToLLVMOptions getPipelineOptions() {
  TileToLLVMOptions options;
  options.arch = archOpt;
  options.optLevel = optLevelOpt;
  options.registerBudget = registerBudgetOpt;
  options.chunkRegisters = chunkRegistersOpt;
  options.numStages = numStagesOpt;
  options.pipelineRemarks = pipelineRemarksOpt;
  options.warpSpecialize = warpSpecializeOpt;
  options.wsPingPong = wsPingPongOpt;
  options.wsPrologueCopies = wsPrologueCopiesOpt;
  options.wsLastIterationYields = wsLastIterationYieldsOpt;
  options.convertRemarks = convertRemarksOpt;
  options.enableAsserts = enableAssertsOpt;
  options.convertStrategy =
      convertStrategyOpt == ConvertStrategyKind::Shared    ? "shared"
      : convertStrategyOpt == ConvertStrategyKind::Shuffle ? "shuffle"
                                                           : "auto";
  return options;
}

static std::string extensionFor(EmitKind kind) {
  switch (kind) {
  case EmitKind::Mlir:
    return "mlir";
  case EmitKind::Llvm:
    return "ll";
  case EmitKind::Ptx:
    return "ptx";
  case EmitKind::Layouts:
    return "html";
  default:
    return "cubin";
  }
}

/// An output file written in full but kept only by keep(): a failure later
/// in the run (e.g. the metadata cannot be written) removes it again.
static std::unique_ptr<llvm::ToolOutputFile> writeFile(StringRef path,
                                                       StringRef contents) {
  std::string errorMessage;
  std::unique_ptr<llvm::ToolOutputFile> file =
      openOutputFile(path, &errorMessage);
  if (!file) {
    printError(errorMessage);
    return nullptr;
  }
  file->os() << contents;
  file->os().flush();
  if (file->os().has_error()) {
    printError("cannot write " + path + ": " + file->os().error().message());
    file->os().clear_error();
    return nullptr;
  }
  return file;
}

static int writeOnly(StringRef path, StringRef contents) {
  std::unique_ptr<llvm::ToolOutputFile> file = writeFile(path, contents);
  if (!file)
    return 1;
  file->keep();
  return 0;
}

/// Where the metadata goes; empty for none.
static std::string getMetadataPath() {
  if (noMetadataOpt)
    return "";
  if (!metadataOpt.empty())
    return metadataOpt;
  return outputFilename == "-" ? "" : outputFilename + ".json";
}

/// `path` made absolute, with `.` and `..` removed, for comparing names of
/// files that may not exist yet.
static std::string getNormalizedPath(StringRef path) {
  SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
  return std::string(absolute);
}

/// Whether `a` and `b` name the same file (the same inode when both exist).
static bool isSameFile(StringRef a, StringRef b) {
  if (a == "-" || b == "-")
    return false;
  bool equivalent = false;
  if (!llvm::sys::fs::equivalent(a, b, equivalent))
    return equivalent;
  return getNormalizedPath(a) == getNormalizedPath(b);
}

/// The binary as the metadata names it: relative to the metadata file's
/// directory, which is where the runtime looks for it (docs/tile-compile.md).
static std::string getBinaryNameForMetadata(StringRef metadataPath) {
  if (outputFilename == "-")
    return "-";
  std::string binary = getNormalizedPath(outputFilename);
  std::string metadataDir =
      llvm::sys::path::parent_path(getNormalizedPath(metadataPath)).str();
  SmallVector<StringRef> from(llvm::sys::path::begin(metadataDir),
                              llvm::sys::path::end(metadataDir));
  SmallVector<StringRef> to(llvm::sys::path::begin(binary),
                            llvm::sys::path::end(binary));
  size_t common = 0;
  while (common < from.size() && common + 1 < to.size() &&
         from[common] == to[common])
    ++common;
  SmallString<256> relative;
  for (size_t i = common; i < from.size(); ++i)
    llvm::sys::path::append(relative, "..");
  for (size_t i = common; i < to.size(); ++i)
    llvm::sys::path::append(relative, to[i]);
  return llvm::sys::path::convert_to_slash(relative);
}

static int compile(MLIRContext &context,
                   std::unique_ptr<llvm::MemoryBuffer> input,
                   TimingScope &timing, EmitKind emit) {
  CompileOptions options;
  options.emit = emit == EmitKind::Mlir      ? CompileOutput::Mlir
                 : emit == EmitKind::Llvm    ? CompileOutput::Llvm
                 : emit == EmitKind::Ptx     ? CompileOutput::Ptx
                 : emit == EmitKind::Layouts ? CompileOutput::Layouts
                                             : CompileOutput::Cubin;
  options.pipeline = getPipelineOptions();
  options.cubin.ptxasPath = ptxasOpt;
  options.cubin.assembler = getAssembler();
  options.registerRemarks = registerRemarksOpt;
  options.verifyEachPass = verifyEachOpt;
  options.kernels.assign(kernelOpts.begin(), kernelOpts.end());
  for (const std::string &define : defineOpts) {
    auto [name, value] = StringRef(define).split('=');
    options.defines.emplace_back(name.str(), value.str());
  }
  options.configurePassManager = [](PassManager &pm) {
    return applyPassManagerCLOptions(pm);
  };

  CompileResult result = compileKernelModule(std::move(input), context, options,
                                             llvm::errs(), &timing);
  if (!result.succeeded) {
    if (!result.error.empty())
      printError(result.error);
    return 1;
  }
  if (ptxasVerboseOpt && !result.assemblerLog.empty())
    llvm::errs() << result.assemblerLog << "\n";
  if (emit == EmitKind::Mlir || emit == EmitKind::Llvm ||
      emit == EmitKind::Layouts)
    return writeOnly(outputFilename, result.output);

  std::unique_ptr<llvm::ToolOutputFile> binaryFile =
      writeFile(outputFilename, result.output);
  if (!binaryFile)
    return 1;

  // The metadata, beside the binary. Both files stay only if both are
  // written: a binary without its metadata would look like a success.
  std::string metadataPath = getMetadataPath();
  if (metadataPath.empty()) {
    binaryFile->keep();
    return 0;
  }
  std::string binaryName = getBinaryNameForMetadata(metadataPath);
  llvm::json::Value json =
      kernelMetadataToJSON(result.kernels, result.arch,
                           stringifyCompileOutput(options.emit), binaryName);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", json) << "\n";
  std::unique_ptr<llvm::ToolOutputFile> metadataFile =
      writeFile(metadataPath, text);
  if (!metadataFile)
    return 1;
  binaryFile->keep();
  metadataFile->keep();
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // LLVM reports some back-end failures (e.g. an instruction it cannot
  // select) as fatal errors; make them a plain error with exit code 1 rather
  // than an abort with a stack dump.
  llvm::install_fatal_error_handler(
      [](void *, const char *reason, bool) {
        llvm::WithColor::error(llvm::errs(), "tile-compile")
            << "the LLVM back end failed: " << reason << "\n";
        llvm::errs().flush();
        std::_Exit(1);
      },
      nullptr);
  // The pipeline's passes, so that --mlir-print-ir-before/after=PASS know
  // their names (as in tile-opt).
  registerAllPasses();
  registerTransformsPasses();
  registerSCFToControlFlowPass();
  registerArithToLLVMConversionPass();
  registerConvertMathToLLVMPass();
  registerConvertIndexToLLVMPass();
  registerConvertControlFlowToLLVMPass();
  registerReconcileUnrealizedCastsPass();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerAsmPrinterCLOptions();
  registerDefaultTimingManagerCLOptions();
  // --help lists tile-compile's own flags and MLIR's (--mlir-*); the
  // hundreds of LLVM back-end flags the libraries register stay accepted and
  // are listed by --help-hidden.
  for (auto &[name, option] : cl::getRegisteredOptions()) {
    bool shown = llvm::is_contained(option->Categories, &category) ||
                 name.starts_with("mlir-") || name.starts_with("help") ||
                 name == "version";
    if (!shown && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }

  std::string flagErrors;
  llvm::raw_string_ostream flagErrorStream(flagErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "tile-compile: compile a tile kernel module to PTX or a cubin\n\n"
          "  LLVM's own flags are accepted too; --help-hidden lists them.\n",
          &flagErrorStream)) {
    llvm::errs() << flagErrors;
    return 2;
  }
  auto badFlag = [](const llvm::Twine &message) {
    printError(message);
    return 2;
  };
  if (optLevelOpt > 3)
    return badFlag("-O" + llvm::Twine(optLevelOpt.getValue()) +
                   " is not an optimization level; use -O0, -O1, -O2 or -O3");
  if (numStagesOpt > tl::kMaxNumStages)
    return badFlag("--num-stages=" + llvm::Twine(numStagesOpt.getValue()) +
                   ": use 0 (as many as fit shared memory), 1 (no "
                   "pipelining) or a count from 2 to " +
                   llvm::Twine(tl::kMaxNumStages) +
                   " (the bound of tile.num_stages)");
  if (registerBudgetOpt > 0 && chunkRegistersOpt == 0)
    return badFlag("--chunk-registers=0 leaves no room for a chunk; use a "
                   "power of two such as 16 (or --register-budget=0 to turn "
                   "the split off)");
  for (const std::string &define : defineOpts)
    if (!StringRef(define).contains('='))
      return badFlag("-D" + define + ": write -D" + define +
                     "=VALUE (kernel parameters: docs/tile-compile.md)");
  if (llvm::Error err = verifyTargetArch(archOpt))
    return badFlag("--arch=" + archOpt + ": " + llvm::toString(std::move(err)));
  // Outputs that would overwrite the input or each other.
  if (isSameFile(outputFilename, inputFilename))
    return badFlag("-o " + outputFilename +
                   " names the input file; the compile would overwrite the "
                   "kernel source: choose another output");
  std::string metadataPath = getMetadataPath();
  if (!metadataPath.empty() && isSameFile(metadataPath, outputFilename))
    return badFlag("--metadata=" + metadataPath +
                   " names the output file; the metadata would replace the "
                   "binary: choose another path (default: OUT.json)");
  if (!metadataPath.empty() && isSameFile(metadataPath, inputFilename))
    return badFlag("--metadata=" + metadataPath +
                   " names the input file; the compile would overwrite the "
                   "kernel source: choose another path");

  DialectRegistry registry;
  registerCompilerDialects(registry);

  if (printPipelineOpt) {
    MLIRContext context(registry);
    PassManager pm(&context, ModuleOp::getOperationName());
    buildTileToLLVMPipeline(pm, getPipelineOptions());
    llvm::outs() << "lowering (MLIR): ";
    pm.printAsTextualPipeline(llvm::outs());
    llvm::outs() << "\n"
                 << "translation: LLVM dialect -> LLVM IR "
                    "(nvptx64-nvidia-cuda, "
                 << archOpt << "), libdevice linked if called\n"
                 << "optimization: LLVM default<O" << optLevelOpt << ">\n"
                 << "code generation: NVPTX back end -> PTX ISA "
                 << getPTXVersion(archOpt) / 10 << "."
                 << getPTXVersion(archOpt) % 10
                 << (getPTXVersion(archOpt) < 84
                         ? " (8.4 for a module with fp8 mma.sync)"
                         : "")
                 << "\n";
    CubinOptions options;
    options.assembler = getAssembler();
    options.ptxasPath = ptxasOpt;
    std::optional<std::string> assembler = resolveCubinAssembler(options);
    llvm::outs() << "assembly: "
                 << (assembler ? *assembler + " -O" +
                                     std::to_string(optLevelOpt) + " -> cubin"
                               : std::string("none (no CUDA toolkit found)"))
                 << "\n";
    return 0;
  }

  EmitKind emit = emitOpt;
  if (emit == EmitKind::Default) {
    // ptxas first: finding it loads nothing (canAssembleCubin would load
    // libnvJitLink first).
    if (getAssembler() == CubinAssembler::Ptxas || canAssembleCubin()) {
      emit = EmitKind::Cubin;
    } else {
      emit = EmitKind::Ptx;
      llvm::WithColor::note(llvm::errs(), "tile-compile")
          << "no CUDA toolkit found (neither ptxas nor libnvJitLink under "
             "PATH, $CUDA_HOME, $CUDA_PATH or /usr/local/cuda): emitting PTX "
             "instead of a cubin\n";
    }
  }
  if (emit == EmitKind::Cubin && outputFilename == "-")
    return badFlag("a cubin is binary: name an output file with -o FILE "
                   "(e.g. -o kernel." +
                   extensionFor(emit) + ")");

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    printError(errorMessage);
    return 1;
  }

  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // A diagnostic on the module (e.g. a pass option the lowering refuses)
  // would otherwise print the whole module as a note; keep it unless asked.
  if (!cl::getRegisteredOptions().lookup("mlir-print-op-on-diagnostic") ||
      !cl::getRegisteredOptions()
           .lookup("mlir-print-op-on-diagnostic")
           ->getNumOccurrences())
    context.printOpOnDiagnostic(false);
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  if (timeOpt)
    timingManager.setEnabled(true);
  TimingScope timing = timingManager.getRootScope();
  return compile(context, std::move(input), timing, emit);
}
