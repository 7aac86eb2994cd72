//===- LayoutAttrTest.cpp - Layout attributes to linear layouts ----------===//
//
// The linear forms of blocked, slice and swizzled_shared layouts, checked
// against bases worked out by hand with Triton's semantics (the cases
// mirror the situations Triton's LinearLayoutConversionsTest covers: one
// CTA and clusters, tensors larger and smaller than the layout, slices,
// swizzles). Slices differ from Triton in one documented way: register
// bases that become zero are dropped, not padded back.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace tile;
using namespace tile::layout;

namespace {
using Bases = std::vector<std::vector<int32_t>>;

class LayoutAttrTest : public ::testing::Test {
protected:
  void SetUp() override { ctx.loadDialect<LayoutDialect>(); }

  BlockedAttr blocked(ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
                      ArrayRef<unsigned> wpc, ArrayRef<unsigned> order,
                      ArrayRef<unsigned> ctas = {},
                      ArrayRef<unsigned> split = {},
                      ArrayRef<unsigned> ctaOrder = {}) {
    if (ctas.empty())
      return BlockedAttr::get(&ctx, spt, tpw, wpc, order);
    return BlockedAttr::get(&ctx, spt, tpw, wpc, order, ctas, split, ctaOrder);
  }

  SwizzledSharedAttr swizzled(unsigned vec, unsigned perPhase,
                              unsigned maxPhase, ArrayRef<unsigned> order,
                              ArrayRef<unsigned> ctas = {},
                              ArrayRef<unsigned> split = {},
                              ArrayRef<unsigned> ctaOrder = {}) {
    SmallVector<unsigned> c(ctas), s(split), o(ctaOrder);
    if (c.empty()) {
      c.assign(order.size(), 1);
      s.assign(order.size(), 1);
      for (unsigned i = 0; i < order.size(); ++i)
        o.push_back(order.size() - 1 - i);
    }
    return SwizzledSharedAttr::get(&ctx, vec, perPhase, maxPhase, order, c, s,
                                   o);
  }

  Attribute parse(StringRef text) {
    ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
    return parseAttribute(text, &ctx);
  }

  MLIRContext ctx;
};

LinearLayout distributed(Bases reg, Bases lane, Bases warp, Bases block,
                         std::vector<int32_t> shape) {
  LinearLayout::BasesT bases;
  bases.insert({"register", reg});
  bases.insert({"lane", lane});
  bases.insert({"warp", warp});
  bases.insert({"block", block});
  LinearLayout::DimSizes outs;
  for (size_t d = 0; d < shape.size(); ++d)
    outs.push_back({"dim" + std::to_string(d), shape[d]});
  return LinearLayout(bases, outs, /*requireSurjective=*/false);
}

LinearLayout sharedLL(Bases offset, Bases block, std::vector<int32_t> shape) {
  LinearLayout::BasesT bases;
  bases.insert({"offset", offset});
  bases.insert({"block", block});
  LinearLayout::DimSizes outs;
  for (size_t d = 0; d < shape.size(); ++d)
    outs.push_back({"dim" + std::to_string(d), shape[d]});
  return LinearLayout(bases, outs, /*requireSurjective=*/false);
}

#define EXPECT_LL(actual, expected)                                            \
  do {                                                                         \
    std::optional<LinearLayout> a_ = (actual);                                 \
    ASSERT_TRUE(a_.has_value());                                               \
    EXPECT_EQ(*a_, (expected)) << "actual:\n"                                  \
                               << a_->toString() << "\nexpected:\n"            \
                               << (expected).toString();                       \
  } while (false)

//===----------------------------------------------------------------------===//
// blocked, one CTA
//===----------------------------------------------------------------------===//

TEST_F(LayoutAttrTest, Blocked1DExactFit) {
  // 1 x 4 lanes x 4 warps = 16 elements.
  EXPECT_LL(toLinearLayout(blocked({1}, {4}, {4}, {0}), {16}),
            distributed({}, {{1}, {2}}, {{4}, {8}}, {}, {16}));
}

TEST_F(LayoutAttrTest, Blocked1DRepeatsInRegisters) {
  // The 16-element tile repeats 8 times: three more register bits.
  EXPECT_LL(toLinearLayout(blocked({1}, {4}, {4}, {0}), {128}),
            distributed({{16}, {32}, {64}}, {{1}, {2}}, {{4}, {8}}, {}, {128}));
}

TEST_F(LayoutAttrTest, Blocked1DBroadcastsWarpsFirst) {
  // 64-element tile on 8 elements: the three largest bases (both warp bits
  // and the upper lane bit) become broadcasts.
  EXPECT_LL(toLinearLayout(blocked({4}, {4}, {4}, {0}), {8}),
            distributed({{1}, {2}}, {{4}, {0}}, {{0}, {0}}, {}, {8}));
}

TEST_F(LayoutAttrTest, BlockedRegistersRepeatAfterTheirTile) {
  // Two registers then four lanes: the next tile starts at 8.
  EXPECT_LL(toLinearLayout(blocked({2}, {4}, {1}, {0}), {32}),
            distributed({{1}, {8}, {16}}, {{2}, {4}}, {}, {}, {32}));
}

TEST_F(LayoutAttrTest, BlockedColumnOrderOnSkinnyShape) {
  // order [0, 1]: dim 0 fastest. The shape 1x64 is all dim 1: the 32 lanes
  // (along dim 0) all broadcast, the 8 warps take dim 1, registers repeat.
  EXPECT_LL(toLinearLayout(blocked({1, 1}, {32, 1}, {1, 8}, {0, 1}), {1, 64}),
            distributed({{0, 8}, {0, 16}, {0, 32}},
                        {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}},
                        {{0, 1}, {0, 2}, {0, 4}}, {}, {1, 64}));
}

TEST_F(LayoutAttrTest, BlockedRank4WithPermutedOrder) {
  // order [3, 0, 1, 2] on a 2x1x1x1 tensor: only lane bit 4 (dim 0) is
  // not broadcast.
  EXPECT_LL(toLinearLayout(blocked({1, 1, 1, 4}, {2, 1, 1, 16}, {1, 2, 4, 1},
                                   {3, 0, 1, 2}),
                           {2, 1, 1, 1}),
            distributed({{0, 0, 0, 0}, {0, 0, 0, 0}},
                        {{0, 0, 0, 0},
                         {0, 0, 0, 0},
                         {0, 0, 0, 0},
                         {0, 0, 0, 0},
                         {1, 0, 0, 0}},
                        {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, {},
                        {2, 1, 1, 1}));
}

//===----------------------------------------------------------------------===//
// The Gluon tutorial's layout (test/tile-layout/Inputs/gluon-32x8.txt)
//===----------------------------------------------------------------------===//

TEST_F(LayoutAttrTest, GluonTutorialLayout) {
  BlockedAttr attr = blocked({2, 4}, {16, 2}, {2, 2}, {1, 0});
  EXPECT_EQ(attr.getWarpSize(), 32u);
  EXPECT_EQ(attr.getNumWarps(), 4u);
  // 64x16 is the layout's own block.
  Bases reg = {{0, 1}, {0, 2}, {1, 0}};
  Bases lane = {{0, 4}, {2, 0}, {4, 0}, {8, 0}, {16, 0}};
  Bases warp = {{0, 8}, {32, 0}};
  EXPECT_LL(toLinearLayout(attr, {64, 16}),
            distributed(reg, lane, warp, {}, {64, 16}));
  // 128x128: 2x8 copies of the block, dim 1 first (B0..B7, then B8..B15):
  // 8 registers per block, 128 in all.
  EXPECT_LL(
      toLinearLayout(attr, {128, 128}),
      distributed({{0, 1}, {0, 2}, {1, 0}, {0, 16}, {0, 32}, {0, 64}, {64, 0}},
                  lane, warp, {}, {128, 128}));
  // 32x8: each warp holds the whole tensor.
  EXPECT_LL(toLinearLayout(attr, {32, 8}),
            distributed(reg, lane, {{0, 0}, {0, 0}}, {}, {32, 8}));
}

TEST_F(LayoutAttrTest, EquivalentLayoutsOfTheTutorial) {
  // The tutorial's three spellings of one 128-element layout.
  Attribute a = blocked({1}, {32}, {4}, {0});
  Attribute b =
      SliceAttr::get(&ctx, 1, blocked({1, 1}, {32, 1}, {4, 1}, {1, 0}));
  Attribute c = parse("#layout.linear<register = [], lane = [[1], [2], [4], "
                      "[8], [16]], warp = [[32], [64]]>");
  ASSERT_TRUE(c);
  EXPECT_TRUE(areLayoutsEquivalent(a, b, {128}));
  EXPECT_TRUE(areLayoutsEquivalent(a, c, {128}));
  EXPECT_TRUE(areLayoutsEquivalent(b, c, {128}));
  Attribute d = blocked({2}, {32}, {2}, {0});
  EXPECT_FALSE(areLayoutsEquivalent(a, d, {128}));
  // The linear one is only defined for 128 elements.
  EXPECT_FALSE(areLayoutsEquivalent(a, c, {256}));
}

//===----------------------------------------------------------------------===//
// blocked, clusters
//===----------------------------------------------------------------------===//

TEST_F(LayoutAttrTest, ClusterMulticastCopies) {
  // 4 CTAs, the dim cut in 2: CTAs 0/1 hold different halves, CTAs 2/3
  // repeat them (a zero block basis).
  EXPECT_LL(toLinearLayout(blocked({1}, {4}, {4}, {0}, {4}, {2}, {0}), {32}),
            distributed({}, {{1}, {2}}, {{4}, {8}}, {{16}, {0}}, {32}));
}

TEST_F(LayoutAttrTest, ClusterSplitAlongDim1) {
  // Two CTAs split dim 1 (64 columns each); per CTA, the 64x16 tile repeats
  // four times along dim 1 in registers.
  EXPECT_LL(toLinearLayout(
                blocked({8, 1}, {8, 4}, {1, 4}, {0, 1}, {1, 2}, {1, 2}, {1, 0}),
                {64, 128}),
            distributed({{1, 0}, {2, 0}, {4, 0}, {0, 16}, {0, 32}},
                        {{8, 0}, {16, 0}, {32, 0}, {0, 1}, {0, 2}},
                        {{0, 4}, {0, 8}}, {{0, 64}}, {64, 128}));
}

TEST_F(LayoutAttrTest, ClusterBothDims) {
  // 2x2 CTAs, each dim cut in 2: per CTA 512x64 against a 16x32 tile.
  // CTAOrder [1, 0]: the first block bit walks dim 1.
  EXPECT_LL(toLinearLayout(
                blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}, {2, 2}, {2, 2}, {1, 0}),
                {1024, 128}),
            distributed({{0, 1},
                         {1, 0},
                         {0, 32},
                         {16, 0},
                         {32, 0},
                         {64, 0},
                         {128, 0},
                         {256, 0}},
                        {{0, 2}, {0, 4}, {0, 8}, {2, 0}, {4, 0}},
                        {{0, 16}, {8, 0}}, {{0, 64}, {512, 0}}, {1024, 128}));
}

TEST_F(LayoutAttrTest, ClusterLargerThanOneDimSmallerThanOther) {
  // 128x16 with CTAs [2, 2] split [2, 1]: per CTA 64x16; the 32-row tile
  // repeats once in registers, the second CTA along dim 1 is a copy.
  EXPECT_LL(toLinearLayout(
                blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, {2, 2}, {2, 1}, {1, 0}),
                {128, 16}),
            distributed({{0, 1}, {0, 2}, {32, 0}},
                        {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                        {{8, 0}, {16, 0}}, {{0, 0}, {64, 0}}, {128, 16}));
}

TEST_F(LayoutAttrTest, ClusterSplitsBeforeWarpsBroadcast) {
  // 4 elements on 2 CTAs of 4 warps: the CTAs take distinct halves, and
  // within a CTA the upper warp bit broadcasts.
  EXPECT_LL(toLinearLayout(blocked({1}, {1}, {4}, {0}, {2}, {2}, {0}), {4}),
            distributed({}, {}, {{1}, {0}}, {{2}}, {4}));
}

TEST_F(LayoutAttrTest, ClusterLargerThanTensor) {
  // 4 CTAs for 2 elements: two CTAs split, the other bit broadcasts.
  EXPECT_LL(toLinearLayout(blocked({1}, {1}, {1}, {0}, {4}, {4}, {0}), {2}),
            distributed({}, {}, {}, {{1}, {0}}, {2}));
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

TEST_F(LayoutAttrTest, SliceOfClusterBlocked) {
  BlockedAttr parent =
      blocked({2, 4}, {4, 2}, {2, 2}, {1, 0}, {2, 2}, {2, 2}, {1, 0});
  // Dropping dim 0: registers along dim 1 stay, the lane and warp bits that
  // walked dim 0 broadcast, and so does the CTA bit of dim 0.
  EXPECT_LL(toLinearLayout(SliceAttr::get(&ctx, 0, parent), {128}),
            distributed({{1}, {2}, {16}, {32}}, {{4}, {0}, {0}}, {{8}, {0}},
                        {{64}, {0}}, {128}));
  // Dropping dim 1: the register bits that walked dim 1 are gone.
  EXPECT_LL(toLinearLayout(SliceAttr::get(&ctx, 1, parent), {128}),
            distributed({{1}, {16}, {32}}, {{0}, {2}, {4}}, {{0}, {8}},
                        {{0}, {64}}, {128}));
}

TEST_F(LayoutAttrTest, SliceOfTutorialLayout) {
  BlockedAttr parent = blocked({2, 4}, {16, 2}, {2, 2}, {1, 0});
  EXPECT_LL(
      toLinearLayout(SliceAttr::get(&ctx, 1, parent), {64}),
      distributed({{1}}, {{0}, {2}, {4}, {8}, {16}}, {{0}, {32}}, {}, {64}));
}

TEST_F(LayoutAttrTest, SliceToOneElementHasNoRegisters) {
  // Triton pads two zero registers back in here; we keep none.
  BlockedAttr parent = blocked({1, 4}, {8, 4}, {2, 2}, {0, 1});
  EXPECT_LL(toLinearLayout(SliceAttr::get(&ctx, 0, parent), {1}),
            distributed({}, {{0}, {0}, {0}, {0}, {0}}, {{0}, {0}}, {}, {1}));
}

TEST_F(LayoutAttrTest, SliceOfRank4) {
  BlockedAttr parent =
      blocked({1, 1, 1, 4}, {2, 1, 1, 16}, {1, 2, 4, 1}, {3, 0, 1, 2});
  EXPECT_LL(toLinearLayout(SliceAttr::get(&ctx, 3, parent), {2, 1, 1}),
            distributed({},
                        {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}},
                        {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, {}, {2, 1, 1}));
}

TEST_F(LayoutAttrTest, SliceOfSlice) {
  // A 3-D blocked layout, sliced twice down to dim 1 of the original.
  BlockedAttr parent = blocked({1, 2, 1}, {2, 4, 4}, {2, 1, 1}, {2, 1, 0});
  SliceAttr inner = SliceAttr::get(&ctx, 2, parent);
  SliceAttr outer = SliceAttr::get(&ctx, 0, inner);
  EXPECT_EQ(outer.getRank(), 1u);
  EXPECT_LL(toLinearLayout(outer, {8}),
            distributed({{1}}, {{0}, {0}, {2}, {4}, {0}}, {{0}}, {}, {8}));
}

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

TEST_F(LayoutAttrTest, SharedUnswizzled) {
  EXPECT_LL(toLinearLayout(swizzled(1, 1, 1, {0}), {16}),
            sharedLL({{1}, {2}, {4}, {8}}, {}, {16}));
  // Row-major 4x8: columns first, then rows.
  EXPECT_LL(toLinearLayout(swizzled(1, 1, 1, {1, 0}), {4, 8}),
            sharedLL({{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}}, {}, {4, 8}));
  // Column-major.
  EXPECT_LL(toLinearLayout(swizzled(1, 1, 1, {0, 1}), {4, 8}),
            sharedLL({{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}, {}, {4, 8}));
}

TEST_F(LayoutAttrTest, SharedMaxPhaseOnly) {
  // Row r is XOR-ed with r mod 4.
  EXPECT_LL(toLinearLayout(swizzled(1, 1, 4, {1, 0}), {32, 32}),
            sharedLL({{0, 1},
                      {0, 2},
                      {0, 4},
                      {0, 8},
                      {0, 16},
                      {1, 1},
                      {2, 2},
                      {4, 0},
                      {8, 0},
                      {16, 0}},
                     {}, {32, 32}));
}

TEST_F(LayoutAttrTest, SharedPerPhase) {
  // Two rows per phase: row 1 is not swizzled, row 2 gets phase 1.
  EXPECT_LL(toLinearLayout(swizzled(1, 2, 4, {1, 0}), {32, 32}),
            sharedLL({{0, 1},
                      {0, 2},
                      {0, 4},
                      {0, 8},
                      {0, 16},
                      {1, 0},
                      {2, 1},
                      {4, 2},
                      {8, 0},
                      {16, 0}},
                     {}, {32, 32}));
}

TEST_F(LayoutAttrTest, SharedVec) {
  // Groups of two stay together: phase p moves a row by 2p columns.
  EXPECT_LL(toLinearLayout(swizzled(2, 1, 4, {1, 0}), {4, 8}),
            sharedLL({{0, 1}, {0, 2}, {0, 4}, {1, 2}, {2, 4}}, {}, {4, 8}));
  EXPECT_LL(toLinearLayout(swizzled(2, 2, 4, {1, 0}), {32, 32}),
            sharedLL({{0, 1},
                      {0, 2},
                      {0, 4},
                      {0, 8},
                      {0, 16},
                      {1, 0},
                      {2, 2},
                      {4, 4},
                      {8, 0},
                      {16, 0}},
                     {}, {32, 32}));
}

TEST_F(LayoutAttrTest, SharedColumnMajorSwizzle) {
  EXPECT_LL(toLinearLayout(swizzled(1, 1, 4, {0, 1}), {4, 8}),
            sharedLL({{1, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 4}}, {}, {4, 8}));
}

TEST_F(LayoutAttrTest, SharedRank4) {
  EXPECT_LL(toLinearLayout(swizzled(2, 2, 4, {3, 2, 1, 0}), {2, 4, 32, 32}),
            sharedLL({{0, 0, 0, 1},
                      {0, 0, 0, 2},
                      {0, 0, 0, 4},
                      {0, 0, 0, 8},
                      {0, 0, 0, 16},
                      {0, 0, 1, 0},
                      {0, 0, 2, 2},
                      {0, 0, 4, 4},
                      {0, 0, 8, 0},
                      {0, 0, 16, 0},
                      {0, 1, 0, 0},
                      {0, 2, 0, 0},
                      {1, 0, 0, 0}},
                     {}, {2, 4, 32, 32}));
}

TEST_F(LayoutAttrTest, SharedSwizzleWiderThanRow) {
  // vec * phase wraps around the 4 columns.
  EXPECT_LL(toLinearLayout(swizzled(2, 1, 4, {1, 0}), {8, 4}),
            sharedLL({{0, 1}, {0, 2}, {1, 2}, {2, 0}, {4, 0}}, {}, {8, 4}));
}

TEST_F(LayoutAttrTest, SharedCluster) {
  // Two CTAs split dim 0: each holds 16 rows; the block bit is row 16.
  EXPECT_LL(toLinearLayout(swizzled(1, 1, 4, {1, 0}, {2, 1}, {2, 1}, {0, 1}),
                           {32, 8}),
            sharedLL({{0, 1}, {0, 2}, {0, 4}, {1, 1}, {2, 2}, {4, 0}, {8, 0}},
                     {{16, 0}}, {32, 8}));
}

//===----------------------------------------------------------------------===//
// linear, strided, failures
//===----------------------------------------------------------------------===//

TEST_F(LayoutAttrTest, LinearRoundTripsThroughLinearLayout) {
  BlockedAttr attr =
      blocked({2, 2}, {4, 8}, {2, 2}, {1, 0}, {2, 2}, {2, 2}, {1, 0});
  std::optional<LinearLayout> ll = toLinearLayout(attr, {1024, 128});
  ASSERT_TRUE(ll);
  LinearAttr linear = LinearAttr::get(&ctx, *ll);
  EXPECT_EQ(linear.getImpliedShape(), (SmallVector<int64_t>{1024, 128}));
  EXPECT_EQ(linear.getWarpSize(), 32u);
  EXPECT_EQ(linear.getNumWarps(), 4u);
  EXPECT_EQ(linear.getNumCTAs(), 4u);
  EXPECT_TRUE(areLayoutsEquivalent(attr, linear, {1024, 128}));
  // Printed and parsed back, it is the same attribute.
  std::string text;
  llvm::raw_string_ostream os(text);
  Attribute(linear).print(os);
  EXPECT_EQ(parse(text), Attribute(linear));
}

TEST_F(LayoutAttrTest, StridedRowMajorIsIdentityOffsets) {
  Attribute attr = parse("#layout.strided<(4,8):(8,1)>");
  ASSERT_TRUE(attr);
  EXPECT_LL(toLinearLayout(attr, {4, 8}),
            sharedLL({{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}}, {}, {4, 8}));
  EXPECT_FALSE(toLinearLayout(attr, {8, 4}).has_value());
  // Not powers of two: a valid attribute with no linear form.
  Attribute odd = parse("#layout.strided<(4,(2,3)):(2,(1,8))>");
  ASSERT_TRUE(odd);
  EXPECT_FALSE(toLinearLayout(odd, {4, 6}).has_value());
}

TEST_F(LayoutAttrTest, ShapesThatDoNotFit) {
  BlockedAttr attr = blocked({1, 1}, {8, 4}, {2, 2}, {1, 0});
  EXPECT_FALSE(toLinearLayout(attr, {16}).has_value());     // rank
  EXPECT_FALSE(toLinearLayout(attr, {16, 12}).has_value()); // not 2^k
  EXPECT_FALSE(toLinearLayout(attr, {16, 0}).has_value());  // empty
  EXPECT_FALSE(toLinearLayout(attr, {-4, 16}).has_value()); // negative
  EXPECT_FALSE(toLinearLayout(Attribute(), {16}).has_value());
  std::string why;
  EXPECT_FALSE(computeLinearLayout(attr, {16, 12}, &why));
  EXPECT_NE(why.find("power-of-two"), std::string::npos) << why;
  // A linear layout is defined for the shape of its bases only.
  Attribute linear = parse("#layout.linear<register = [[1]], lane = [[2]], "
                           "warp = []>");
  ASSERT_TRUE(linear);
  EXPECT_TRUE(toLinearLayout(linear, {4}).has_value());
  EXPECT_FALSE(toLinearLayout(linear, {8}).has_value());
}

TEST_F(LayoutAttrTest, VerifyLayoutForShapeExplains) {
  std::string message;
  ScopedDiagnosticHandler capture(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  Location loc = UnknownLoc::get(&ctx);
  auto emit = [&]() { return mlir::emitError(loc); };
  BlockedAttr attr = blocked({1, 1}, {8, 4}, {2, 2}, {1, 0});
  EXPECT_TRUE(succeeded(verifyLayoutForShape(attr, {16, 16}, emit)));
  EXPECT_TRUE(message.empty());
  EXPECT_TRUE(failed(verifyLayoutForShape(attr, {16}, emit)));
  EXPECT_EQ(message, "the layout has rank 2 but the shape 16 has rank 1");
  EXPECT_TRUE(failed(verifyLayoutForShape(
      IntegerAttr::get(IntegerType::get(&ctx, 32), 7), {16}, emit)));
  EXPECT_NE(message.find("expected a layout attribute"), std::string::npos)
      << message;
}

TEST_F(LayoutAttrTest, InterfaceQueries) {
  BlockedAttr parent =
      blocked({1, 4}, {4, 8}, {2, 4}, {1, 0}, {2, 1}, {2, 1}, {0, 1});
  auto distributed = cast<DistributedLayoutAttrInterface>(Attribute(parent));
  EXPECT_EQ(distributed.getWarpSize(), 32u);
  EXPECT_EQ(distributed.getNumWarps(), 8u);
  EXPECT_EQ(distributed.getNumCTAs(), 2u);
  EXPECT_EQ(distributed.getRank(), 2u);
  auto slice = cast<DistributedLayoutAttrInterface>(
      Attribute(SliceAttr::get(&ctx, 0, parent)));
  EXPECT_EQ(slice.getWarpSize(), 32u);
  EXPECT_EQ(slice.getNumWarps(), 8u);
  EXPECT_EQ(slice.getRank(), 1u);
  EXPECT_TRUE(
      isa<SharedLayoutAttrInterface>(Attribute(swizzled(1, 1, 1, {0}))));
  EXPECT_FALSE(
      isa<DistributedLayoutAttrInterface>(Attribute(swizzled(1, 1, 1, {0}))));
  // The interface method and the free function agree.
  EXPECT_EQ(distributed.toLinearLayout({64, 64}),
            toLinearLayout(parent, {64, 64}));
}

TEST_F(LayoutAttrTest, CacheReturnsTheSameAnswer) {
  BlockedAttr attr = blocked({2, 4}, {16, 2}, {2, 2}, {1, 0});
  std::optional<LinearLayout> first = toLinearLayout(attr, {64, 16});
  std::optional<LinearLayout> second = toLinearLayout(attr, {64, 16});
  ASSERT_TRUE(first && second);
  EXPECT_EQ(*first, *second);
  EXPECT_EQ(*first, *computeLinearLayout(attr, {64, 16}, nullptr));
}
} // namespace
