//===- TranslatableTest.cpp - What LLVM IR translation can take -----------===//
//
// findUntranslatableOp finds the first op that is not builtin, LLVM or NVVM;
// verifyLoweredToLLVM reports it, located, after the lowering.
//
//===----------------------------------------------------------------------===//

#include "tile/Target/PTX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace tile;

namespace {

class TranslatableTest : public ::testing::Test {
protected:
  TranslatableTest() {
    context.loadDialect<mlir::arith::ArithDialect, mlir::LLVM::LLVMDialect,
                        mlir::NVVM::NVVMDialect>();
  }

  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text) {
    return mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  }

  mlir::MLIRContext context;
};

TEST_F(TranslatableTest, LLVMAndNVVMOnlyIsTranslatable) {
  auto module = parse(R"mlir(
    llvm.func @k(%a: i32) -> i32 attributes {nvvm.kernel} {
      %t = nvvm.read.ptx.sreg.tid.x : i32
      %r = llvm.add %a, %t : i32
      llvm.return %r : i32
    }
  )mlir");
  ASSERT_TRUE(module);
  EXPECT_EQ(findUntranslatableOp(*module), nullptr);
  EXPECT_TRUE(mlir::succeeded(verifyLoweredToLLVM(*module)));
}

TEST_F(TranslatableTest, ReportsTheFirstOpLeft) {
  auto module = parse(R"mlir(
    llvm.func @k(%a: i32) -> i32 {
      %r = arith.addi %a, %a : i32
      %s = arith.muli %r, %a : i32
      llvm.return %s : i32
    }
  )mlir");
  ASSERT_TRUE(module);
  mlir::Operation *left = findUntranslatableOp(*module);
  ASSERT_NE(left, nullptr);
  EXPECT_EQ(left->getName().getStringRef(), "arith.addi");

  std::string message;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    message = d.str();
    return mlir::success();
  });
  EXPECT_TRUE(mlir::failed(verifyLoweredToLLVM(*module)));
  EXPECT_EQ(message, "'arith.addi' is still present after lowering to the "
                     "LLVM and NVVM dialects; the lowering does not support "
                     "it yet");
}

} // namespace
