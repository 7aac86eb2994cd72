//===- RegisterPressureTest.cpp - The tile-level register estimate --------===//
//
// estimateRegisterPressure on small kernels whose answer is counted by hand:
// a value counts from its definition to its last use; broadcasts and splats
// cost their source; values live around a loop count inside it.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Analysis/RegisterPressure.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

class RegisterPressureTest : public ::testing::Test {
protected:
  void SetUp() override {
    ctx.loadDialect<TileDialect, layout::LayoutDialect, arith::ArithDialect,
                    math::MathDialect, scf::SCFDialect>();
  }

  /// The estimate of the only kernel in `text` (the blocked layout #r gives
  /// 4 warps x 32 lanes a 4x1024 tile: 32 elements per thread).
  RegisterPressure estimate(StringRef body) {
    std::string text =
        "#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, "
        "32], warpsPerCTA = [4, 1], order = [1, 0]>\n"
        "#rs = #layout.slice<dim = 1, parent = #r>\n"
        "tile.kernel @k(%x: !tile.ptr<f32>, %n: i32) attributes {num_warps = "
        "4 : i32} {\n" +
        body.str() + "\n  tile.return\n}\n";
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module);
    KernelOp kernel = *module->getOps<KernelOp>().begin();
    return estimateRegisterPressure(kernel);
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

// Three f32 tensors of 32 registers each; at the subtraction %t, %b and %d
// are live (the broadcast costs its 1-register source), then %t dies.
TEST_F(RegisterPressureTest, ChainAndBroadcast) {
  RegisterPressure p = estimate(R"mlir(
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<?x?xf32> -> tensor<4x1024xf32, #r>
  %m = tile.reduce max %t {axis = 1 : i32} : tensor<4x1024xf32, #r> -> tensor<4xf32, #rs>
  %m2 = tile.expand_dims %m {axis = 1 : i32} : tensor<4xf32, #rs> -> tensor<4x1xf32, #r>
  %b = tile.broadcast %m2 : tensor<4x1xf32, #r> -> tensor<4x1024xf32, #r>
  %d = arith.subf %t, %b : tensor<4x1024xf32, #r>
  %e = math.exp %d : tensor<4x1024xf32, #r>
  tile.store_tile %e, %v[%c0, %c0] : tensor<4x1024xf32, #r>, !tile.view<?x?xf32>)mlir");
  // At %d: %t (32) + %d (32) + %b (1: its source %m2, one value per row
  // held by each thread); %m and %m2 died at the broadcast.
  ASSERT_NE(p.peakOp, nullptr);
  EXPECT_TRUE(isa<arith::SubFOp>(p.peakOp));
  EXPECT_EQ(p.peak, 32 + 32 + 1);
  ASSERT_GE(p.live.size(), 2u);
  EXPECT_EQ(p.live[0].registers, 32);
  EXPECT_EQ(p.live[1].registers, 32);
}

// An accumulator carried through a loop stays live during the loop body's
// own temporaries, and a tensor defined before the loop and used after it
// counts inside the loop too.
TEST_F(RegisterPressureTest, LoopCarriedAndLiveAcross) {
  RegisterPressure p = estimate(R"mlir(
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %x, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %keep = tile.load_tile %v[%c0, %c0] : !tile.view<?x?xf32> -> tensor<4x1024xf32, #r>
  %z = arith.constant dense<0.0> : tensor<4x1024xf32, #r>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<4x1024xf32, #r>) : i32 {
    %t = tile.load_tile %v[%i, %c0] : !tile.view<?x?xf32> -> tensor<4x1024xf32, #r>
    %s = arith.addf %a, %t : tensor<4x1024xf32, #r>
    scf.yield %s : tensor<4x1024xf32, #r>
  }
  %out = arith.addf %acc, %keep : tensor<4x1024xf32, #r>
  tile.store_tile %out, %v[%c0, %c0] : tensor<4x1024xf32, #r>, !tile.view<?x?xf32>)mlir");
  // In the body at %s: %keep, %a, %t and %s, 32 registers each.
  EXPECT_EQ(p.peak, 4 * 32);
  ASSERT_NE(p.peakOp, nullptr);
  EXPECT_TRUE(isa<arith::AddFOp>(p.peakOp));
  EXPECT_TRUE(isa<scf::ForOp>(p.peakOp->getParentOp()));
}

// Tensors without layouts are not counted; 64-bit elements take two
// registers.
TEST_F(RegisterPressureTest, RegistersPerThread) {
  auto blocked =
      layout::BlockedAttr::get(&ctx, {1, 4}, {1, 32}, {4, 1}, {1, 0});
  auto f32 = RankedTensorType::get({4, 1024}, Float32Type::get(&ctx), blocked);
  auto f64 = RankedTensorType::get({4, 1024}, Float64Type::get(&ctx), blocked);
  auto plain = RankedTensorType::get({4, 1024}, Float32Type::get(&ctx));
  EXPECT_EQ(getTensorRegistersPerThread(f32), 32);
  EXPECT_EQ(getTensorRegistersPerThread(f64), 64);
  EXPECT_EQ(getTensorRegistersPerThread(plain), std::nullopt);
}

} // namespace
