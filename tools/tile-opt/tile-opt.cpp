//===- tile-opt.cpp - The project's mlir-opt ------------------------------===//
//
// Every dialect and pass of the project, plus the upstream dialects that
// tile kernels use, for lit tests and pass development. Exit codes: 0
// success, 1 an error in the input (located diagnostics), 2 a bad command
// line.
//
//===----------------------------------------------------------------------===//

#include "tile/InitAll.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Debug/Counter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();
  tile::registerAllDialects(registry);
  tile::registerAllExtensions(registry);
  mlir::registerTransformsPasses();
  // The branches that the lowering leaves as scf.if (versioned stores,
  // asserts) down to llvm.cond_br, for the CPU simulator's tests.
  mlir::registerPass([] { return mlir::createSCFToControlFlowPass(); });
  mlir::registerPass([] { return mlir::createConvertControlFlowToLLVMPass(); });
  tile::registerAllPasses();

  // The command line is parsed here rather than in MlirOptMain, which exits
  // with 1 on a bad flag: the tools' contract (docs/tile-compile.md) is 2
  // for a bad command line, 1 for an error in the input.
  static llvm::cl::opt<std::string> inputFilename(
      llvm::cl::Positional, llvm::cl::desc("<input file>"),
      llvm::cl::init("-"));
  static llvm::cl::opt<std::string> outputFilename(
      "o", llvm::cl::desc("Output filename"), llvm::cl::value_desc("filename"),
      llvm::cl::init("-"));
  mlir::MlirOptMainConfig::registerCLOptions(registry);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::tracing::DebugCounter::registerCLOptions();
  std::string flagErrors;
  llvm::raw_string_ostream flagErrorStream(flagErrors);
  if (!llvm::cl::ParseCommandLineOptions(argc, argv, "tile optimizer driver\n",
                                         &flagErrorStream)) {
    llvm::errs() << flagErrors;
    return 2;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
