//===- TileBuildersTest.cpp - C++ API of the tile dialect -----------------===//
//
// The builders that infer result types (reduce: slice layouts; expand_dims:
// the slice's parent; load: the pointee), the kernel builder, and the
// accessors the lowering uses (order, tile shape, mixed sizes).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace tile;
using namespace tile::tl;

namespace {

class TileBuildersTest : public ::testing::Test {
protected:
  void SetUp() override {
    ctx.loadDialect<TileDialect, layout::LayoutDialect,
                    mlir::arith::ArithDialect>();
    module = ModuleOp::create(UnknownLoc::get(&ctx));
  }

  /// A 2-D blocked layout for 4 warps.
  layout::BlockedAttr blocked2d() {
    return layout::BlockedAttr::get(&ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  }

  /// A kernel @k(!tile.ptr<f32>, i32) with an empty body; the builder is
  /// left at the start of the body.
  KernelOp makeKernel(OpBuilder &b) {
    b.setInsertionPointToEnd(module->getBody());
    auto ptr = PtrType::get(b.getF32Type());
    auto type = b.getFunctionType({ptr, b.getI32Type()}, {});
    auto div = b.getDictionaryAttr(b.getNamedAttr(
        TileDialect::getDivisibilityAttrName(), b.getI64IntegerAttr(16)));
    auto kernel = KernelOp::create(b, b.getUnknownLoc(), "k", type,
                                   /*numWarps=*/4,
                                   ArrayRef<DictionaryAttr>{div, {}});
    b.setInsertionPointToStart(&kernel.getBody().front());
    return kernel;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

TEST_F(TileBuildersTest, KernelBuilder) {
  OpBuilder b(&ctx);
  KernelOp kernel = makeKernel(b);
  ReturnOp::create(b, b.getUnknownLoc());
  EXPECT_EQ(kernel.getNumWarps(), 4);
  EXPECT_EQ(kernel.getNumThreads(), 128);
  ASSERT_EQ(kernel.getBody().front().getNumArguments(), 2u);
  EXPECT_EQ(kernel.getArgDivisibility(0), std::optional<int64_t>(16));
  EXPECT_EQ(kernel.getArgDivisibility(1), std::nullopt);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(TileBuildersTest, ReduceInfersSliceLayout) {
  OpBuilder b(&ctx);
  makeKernel(b);
  Location loc = b.getUnknownLoc();
  auto type = RankedTensorType::get({32, 128}, b.getF32Type(), blocked2d());
  Value t = arith::ConstantOp::create(
      b, loc, type, SplatElementsAttr::get(type, b.getF32FloatAttr(1.0)));

  auto sum = ReduceOp::create(b, loc, t, /*axis=*/1, ReduceKind::sum);
  auto expected = RankedTensorType::get(
      {32}, b.getF32Type(), layout::SliceAttr::get(&ctx, 1, blocked2d()));
  EXPECT_EQ(sum.getType(), Type(expected));
  EXPECT_EQ(ReduceOp::inferResultType(type, 1), Type(expected));
  EXPECT_EQ(ReduceOp::inferResultType(type, 2), Type());

  // expand_dims of the reduction gets the slice's parent back.
  auto expanded = ExpandDimsOp::create(b, loc, sum.getResult(), /*axis=*/1);
  EXPECT_EQ(expanded.getType(),
            RankedTensorType::get({32, 1}, b.getF32Type(), blocked2d()));

  // A 1-D operand reduces to a scalar.
  auto maxOfSum = ReduceOp::create(b, loc, sum.getResult(), 0, ReduceKind::max);
  EXPECT_EQ(maxOfSum.getType(), b.getF32Type());

  // A combiner reduction: the builder leaves an empty region to fill.
  auto custom = ReduceOp::create(b, loc, t, /*axis=*/0);
  EXPECT_TRUE(custom.getCombiner().empty());
  Block *body = b.createBlock(&custom.getCombiner(), {},
                              {b.getF32Type(), b.getF32Type()}, {loc, loc});
  Value m = arith::MaximumFOp::create(b, loc, body->getArgument(0),
                                      body->getArgument(1));
  YieldOp::create(b, loc, ValueRange{m});
  b.setInsertionPointAfter(custom);
  ReturnOp::create(b, loc);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(TileBuildersTest, ReduceWithoutLayout) {
  auto type = RankedTensorType::get({4, 8}, Float32Type::get(&ctx));
  EXPECT_EQ(ReduceOp::inferResultType(type, 0),
            Type(RankedTensorType::get({8}, Float32Type::get(&ctx))));
}

TEST_F(TileBuildersTest, LoadInfersPointee) {
  OpBuilder b(&ctx);
  KernelOp kernel = makeKernel(b);
  Location loc = b.getUnknownLoc();
  Value p = kernel.getBody().front().getArgument(0);
  auto scalar = LoadOp::create(b, loc, p);
  EXPECT_EQ(scalar.getType(), b.getF32Type());
  auto ptrs = SplatOp::create(
      b, loc,
      RankedTensorType::get({32, 128}, PtrType::get(b.getF32Type()),
                            blocked2d()),
      p);
  auto tensor = LoadOp::create(b, loc, ptrs.getResult());
  EXPECT_EQ(tensor.getType(),
            RankedTensorType::get({32, 128}, b.getF32Type(), blocked2d()));
  ReturnOp::create(b, loc);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(TileBuildersTest, Accessors) {
  const char *text = R"mlir(
    tile.kernel @k(%p: !tile.ptr<f32>, %m: i32, %i: i32) {
      %v = tile.make_view %p, shape [%m, 4, 8], strides [32, %m, 1]
           : !tile.ptr<f32> -> !tile.view<?x4x8xf32>
      %t = tile.load_tile %v[%i, %i, %i] order = "F"
           : !tile.view<?x4x8xf32> -> tensor<8x4x2xf32>
      %s = tile.load_tile %v[%i, %i, %i] : !tile.view<?x4x8xf32> -> f32
      tile.return
    })mlir";
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, &ctx);
  ASSERT_TRUE(parsed);
  auto kernel = *parsed->getOps<KernelOp>().begin();
  auto view = *kernel.getOps<MakeViewOp>().begin();
  SmallVector<OpFoldResult> shape = view.getMixedShape();
  ASSERT_EQ(shape.size(), 3u);
  EXPECT_EQ(shape[0], OpFoldResult(kernel.getArgument(1)));
  EXPECT_EQ(getConstantIntValue(shape[2]), std::optional<int64_t>(8));
  SmallVector<OpFoldResult> strides = view.getMixedStrides();
  ASSERT_EQ(strides.size(), 3u);
  EXPECT_EQ(getConstantIntValue(strides[0]), std::optional<int64_t>(32));
  EXPECT_EQ(strides[1], OpFoldResult(kernel.getArgument(1)));

  auto loads = llvm::to_vector(kernel.getOps<LoadTileOp>());
  ASSERT_EQ(loads.size(), 2u);
  EXPECT_EQ(loads[0].getOrderOrIdentity(), (SmallVector<int64_t>{2, 1, 0}));
  EXPECT_EQ(loads[0].getTileShape(), (SmallVector<int64_t>{8, 4, 2}));
  EXPECT_EQ(loads[1].getOrderOrIdentity(), (SmallVector<int64_t>{0, 1, 2}));
  EXPECT_EQ(loads[1].getTileShape(), (SmallVector<int64_t>{1, 1, 1}));
  EXPECT_EQ(loads[1].getPadding(), PaddingMode::undetermined);
}

} // namespace
