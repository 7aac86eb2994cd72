//===- LayoutIndexingTest.cpp - Index math of the tile to LLVM lowering ---===//
//
// The and/shift/xor plan that applyLinearLayout emits must agree with
// LinearLayout::apply for every input; constant inputs must fold to the
// same values; broadcast masks and register matching are checked on
// hand-worked layouts.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace tile;

namespace {

LinearLayout make(std::vector<std::pair<std::string,
                                        std::vector<LinearLayout::Basis>>>
                      dims,
                  LinearLayout::DimSizes outDims) {
  LinearLayout::BasesT bases;
  for (auto &[name, b] : dims)
    bases[name] = b;
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

/// A 2-D blocked-like layout with a swizzled (non power-of-two) lane basis.
LinearLayout swizzled() {
  return make({{"register", {{0, 1}, {1, 0}}},
               {"lane", {{0, 2}, {0, 4}, {3, 0}, {2, 1}, {4, 0}}},
               {"warp", {{8, 0}, {0, 0}}},
               {"block", {}}},
              {{"dim0", 16}, {"dim1", 8}});
}

LinearLayout blocked1D() {
  // sizePerThread 4, 32 lanes, 4 warps over 512 elements.
  return make({{"register", {{1}, {2}}},
               {"lane", {{4}, {8}, {16}, {32}, {64}}},
               {"warp", {{128}, {256}}},
               {"block", {}}},
              {{"dim0", 512}});
}

void expectPlanMatchesApply(const LinearLayout &ll) {
  LinearLayoutApplyPlan plan = LinearLayoutApplyPlan::build(ll);
  std::vector<int32_t> sizes;
  for (const std::string &name : plan.inDims)
    sizes.push_back(ll.getInDimSize(name));
  // Every input point (the layouts here are small).
  std::vector<int32_t> point(sizes.size(), 0);
  while (true) {
    llvm::SmallVector<int32_t> expected = ll.apply(point);
    llvm::SmallVector<int32_t> got = plan.evaluate(point);
    ASSERT_EQ(expected.size(), got.size());
    for (size_t d = 0; d < got.size(); ++d)
      EXPECT_EQ(expected[d], got[d]) << "out dim " << d;
    size_t i = 0;
    while (i < point.size() && ++point[i] == sizes[i])
      point[i++] = 0;
    if (i == point.size())
      break;
  }
}

TEST(ApplyPlan, MatchesApplyOnBlocked) { expectPlanMatchesApply(blocked1D()); }
TEST(ApplyPlan, MatchesApplyOnSwizzled) { expectPlanMatchesApply(swizzled()); }

TEST(ApplyPlan, GroupsBitsWithTheSameShift) {
  LinearLayoutApplyPlan plan = LinearLayoutApplyPlan::build(blocked1D());
  // dim0 = (register & 3) << 0 ^ (lane & 31) << 2 ^ (warp & 3) << 7.
  ASSERT_EQ(plan.terms.size(), 1u);
  ASSERT_EQ(plan.terms[0].size(), 3u);
  for (const LinearLayoutTerm &t : plan.terms[0]) {
    StringRef dim = plan.inDims[t.inDim];
    if (dim == "register") {
      EXPECT_EQ(t.mask, 3u);
      EXPECT_EQ(t.shift, 0);
    } else if (dim == "lane") {
      EXPECT_EQ(t.mask, 31u);
      EXPECT_EQ(t.shift, 2);
    } else {
      EXPECT_EQ(dim, "warp");
      EXPECT_EQ(t.mask, 3u);
      EXPECT_EQ(t.shift, 7);
    }
  }
}

TEST(ApplyLinearLayout, ConstantInputsFold) {
  mlir::MLIRContext ctx;
  ctx.loadDialect<mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  mlir::OpBuilder b(&ctx);
  mlir::Location loc = b.getUnknownLoc();
  auto module = mlir::ModuleOp::create(loc);
  b.setInsertionPointToStart(module.getBody());
  LinearLayout ll = swizzled();
  for (int32_t lane : {0, 5, 17, 31})
    for (int32_t warp : {0, 1, 3}) {
      llvm::SmallVector<mlir::Value> outs = applyLinearLayout(
          b, loc, ll,
          {{"register", i32Const(b, loc, 3)},
           {"lane", i32Const(b, loc, lane)},
           {"warp", i32Const(b, loc, warp)}});
      llvm::SmallVector<int32_t> expected = ll.apply({3, lane, warp, 0});
      ASSERT_EQ(outs.size(), expected.size());
      for (size_t d = 0; d < outs.size(); ++d) {
        std::optional<int64_t> c = getConstantIntValue(outs[d]);
        ASSERT_TRUE(c.has_value());
        EXPECT_EQ(*c, expected[d]);
      }
    }
  module->erase();
}

TEST(BroadcastMasks, ZeroAndDependentBases) {
  // Register bit 2 repeats bit 0 xor bit 1; warp bit 1 is zero; lane bit 0
  // repeats register bit 0.
  LinearLayout ll = make({{"register", {{1}, {2}, {3}}},
                          {"lane", {{1}, {4}}},
                          {"warp", {{8}, {0}}}},
                         {{"dim0", 16}});
  llvm::StringMap<int32_t> masks = getBroadcastMasks(ll);
  EXPECT_EQ(masks.lookup("register"), 0b100);
  EXPECT_EQ(masks.lookup("lane"), 0b01);
  EXPECT_EQ(masks.lookup("warp"), 0b10);
}

TEST(MatchRegisters, PermutationAndFailure) {
  LinearLayout a = make({{"register", {{1}, {2}}},
                         {"lane", {{4}, {8}, {16}, {32}, {64}}}},
                        {{"dim0", 128}});
  LinearLayout b = make({{"register", {{2}, {1}}},
                         {"lane", {{4}, {8}, {16}, {32}, {64}}}},
                        {{"dim0", 128}});
  auto map = matchRegisters(a, b);
  ASSERT_TRUE(map.has_value());
  EXPECT_EQ(*map, (llvm::SmallVector<unsigned>{0, 2, 1, 3}));
  // Moving a register bit into the lanes needs data movement.
  LinearLayout c = make({{"register", {{1}, {64}}},
                         {"lane", {{4}, {8}, {16}, {32}, {2}}}},
                        {{"dim0", 128}});
  EXPECT_FALSE(matchRegisters(a, c).has_value());
  // A broadcast destination (fewer distinct elements per thread) maps
  // several registers to one source register.
  LinearLayout d = make({{"register", {{1}, {0}}},
                         {"lane", {{4}, {8}, {16}, {32}, {64}}}},
                        {{"dim0", 128}});
  auto dup = matchRegisters(a, d);
  ASSERT_TRUE(dup.has_value());
  EXPECT_EQ(*dup, (llvm::SmallVector<unsigned>{0, 1, 0, 1}));
}

} // namespace
