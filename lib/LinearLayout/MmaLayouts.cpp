//===- MmaLayouts.cpp - Linear forms of the tensor-core layouts -----------===//
//
// Every distributed layout here is built in three steps, as Triton does:
//
//  1. the instruction tile (nvidiaMmaTile): which registers and lanes of one
//     warp hold which elements of one mma tile, with output dims listed in
//     the "repetition order" (fastest first);
//  2. the warps: an identity over warpsPerCTA (accumulator), or the same
//     with zero bases along K (dot operands: every warp in a row of the
//     warp grid needs the whole K slab);
//  3. combineCtaCgaWithShape: repeat the CTA tile in more registers where
//     the shape is larger (in the repetition order), broadcast where it is
//     smaller, and append the cluster's block bases.
//
// The nvmma shared layout is the 8-row core tile (one row = the swizzle
// width) with 16-byte chunks XOR-ed by the row, repeated over the rows of a
// TMA box (at most 256), then over further swizzle-width blocks along the
// contiguous dim.
//
//===----------------------------------------------------------------------===//

#include "tile/LinearLayout/MmaLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

namespace {
std::string dimName(unsigned d) { return "dim" + std::to_string(d); }

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s;
  for (auto [i, v] : llvm::enumerate(shape))
    s += (i ? "x" : "") + std::to_string(v);
  return s.empty() ? "(scalar)" : s;
}

bool fail(std::string *why, const std::string &msg) {
  if (why)
    *why = msg;
  return false;
}

/// Rank and power-of-two sizes (at most 2^30 elements in all).
bool checkShape(ArrayRef<int64_t> shape, unsigned rank, StringRef what,
                std::string *why) {
  if (shape.size() != rank)
    return fail(why, what.str() + " has rank " + std::to_string(rank) +
                         " but the shape " + shapeString(shape) + " has rank " +
                         std::to_string(shape.size()));
  int64_t total = 1;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (size <= 0 || !llvm::isPowerOf2_64(size) || size > (int64_t(1) << 30))
      return fail(why, "dim " + std::to_string(d) + " of the shape " +
                           shapeString(shape) + " is " + std::to_string(size) +
                           ": layouts need power-of-two sizes (at most 2^30)");
    total *= size;
    if (total > (int64_t(1) << 30))
      return fail(why, "the shape " + shapeString(shape) +
                           " has more than 2^30 elements; layouts of at most "
                           "2^30 elements are supported");
  }
  return true;
}

/// Checks that CTA fields, when given, have one entry per dim.
bool checkCTARank(const CTAFields &cta, unsigned rank, std::string *why) {
  if (cta.ctaOrder.empty() && cta.ctasPerCGA.empty() && cta.ctaSplitNum.empty())
    return true;
  if (cta.ctaOrder.size() == rank && cta.ctasPerCGA.size() == rank &&
      cta.ctaSplitNum.size() == rank)
    return true;
  return fail(why,
              "the CTA fields have " + std::to_string(cta.ctaOrder.size()) +
                  " entries but the shape has rank " + std::to_string(rank));
}

/// Triton's broadcastedDotOperandLayout: an identity over `shape` in
/// `order`, except zero bases along `kDim`.
LinearLayout broadcastedDotOperandLayout(ArrayRef<unsigned> shape,
                                         ArrayRef<unsigned> order,
                                         unsigned kDim, StringRef inDim) {
  LinearLayout ll;
  for (unsigned d : order) {
    int32_t size = static_cast<int32_t>(shape[d]);
    if (d == kDim)
      ll *= LinearLayout::zeros1D(size, inDim, dimName(d));
    else
      ll *= LinearLayout::identity1D(size, inDim, dimName(d));
  }
  return ll;
}

SmallVector<std::string> namesInOrder(ArrayRef<unsigned> order) {
  SmallVector<std::string> names;
  for (unsigned d : order)
    names.push_back(dimName(d));
  return names;
}

SmallVector<int32_t> toInt32(ArrayRef<unsigned> values) {
  return SmallVector<int32_t>(values.begin(), values.end());
}

/// Triton's getOrderForDotOperand(opIdx, rank, kContig = true): K fastest.
SmallVector<unsigned> dotOperandOrder(unsigned opIdx, unsigned rank) {
  return getMatrixOrder(rank, /*rowMajor=*/opIdx == 0);
}
} // namespace

SmallVector<unsigned> tile::getMatrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < rank; ++i)
    order.push_back(rank - 1 - i);
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

LinearLayout tile::combineCtaCgaWithShape(const LinearLayout &ctaLayout,
                                          const CTAFields &cta,
                                          ArrayRef<int64_t> shape,
                                          StringRef repeatDim) {
  unsigned rank = shape.size();
  SmallVector<std::string> names = standardOutDimNames(rank);
  // The cluster: dim d is cut into CTASplitNum[d] pieces; the
  // CTAsPerCGA[d] / CTASplitNum[d] CTAs holding one piece are copies.
  LinearLayout cga;
  for (unsigned d : cta.ctaOrder) {
    cga *= LinearLayout::identity1D(cta.ctaSplitNum[d], "block", names[d]);
    cga *= LinearLayout::zeros1D(cta.ctasPerCGA[d] / cta.ctaSplitNum[d],
                                 "block", names[d]);
  }
  for (unsigned d = 0; d < rank; ++d)
    if (!cga.hasOutDim(names[d]))
      cga *= LinearLayout::identity1D(1, "block", names[d]);
  if (!cga.hasInDim("block"))
    cga = cga.renameInDim("block", "block");
  LinearLayout::DimSizes fullShape;
  for (unsigned d = 0; d < rank; ++d)
    fullShape.push_back({names[d], static_cast<int32_t>(shape[d])});
  cga = ensureLayoutNotLargerThan(cga.transposeOuts(names), fullShape);

  // The per-CTA shape, listed in the CTA layout's own out-dim order (the
  // order in which repeats are added).
  LinearLayout::DimSizes perCTA;
  for (const std::string &name : ctaLayout.getOutDimNames()) {
    unsigned d = std::stoul(name.substr(3));
    perCTA.push_back({name, static_cast<int32_t>(std::max<int64_t>(
                                1, shape[d] / cga.getOutDimSize(name)))});
  }
  LinearLayout fitted =
      ensureLayoutNotSmallerThan(ctaLayout, perCTA, repeatDim);
  fitted = ensureLayoutNotLargerThan(fitted, perCTA);
  LinearLayout result = fitted * cga.transposeOuts(fitted.getOutDimNames());
  return result.transposeOuts(names);
}

LinearLayout tile::nvidiaMmaTile(ArrayRef<unsigned> tileShape, unsigned kWidth,
                                 ArrayRef<unsigned> order,
                                 ArrayRef<unsigned> repOrder) {
  // A trivial layout whose out dims are in repOrder.
  LinearLayout ll;
  for (unsigned d : repOrder)
    ll *= LinearLayout::identity1D(1, "register", dimName(d));
  std::string inner = dimName(order[0]), outer = dimName(order[1]);
  int32_t m = tileShape[order[1]], n = tileShape[order[0]];
  int32_t k = static_cast<int32_t>(kWidth);
  ll *= LinearLayout::identity1D(k, "register", inner);
  ll *= LinearLayout::identity1D(4, "lane", inner);
  ll *= LinearLayout::identity1D(8, "lane", outer);
  ll *= LinearLayout::identity1D(m / 8, "register", outer);
  ll *= LinearLayout::identity1D(n / (4 * k), "register", inner);
  return ll;
}

std::optional<LinearLayout> tile::nvmmaToLinearLayout(const NvmmaParams &mma,
                                                      ArrayRef<int64_t> shape,
                                                      std::string *why) {
  unsigned rank = mma.warpsPerCTA.size();
  if (!checkShape(shape, rank, "the #layout.nvmma layout", why) ||
      !checkCTARank(mma.cta, rank, why))
    return std::nullopt;
  bool hopper = mma.versionMajor == 3;
  SmallVector<unsigned> tileShape;
  if (hopper)
    tileShape = {mma.instrShape[0], mma.instrShape[1]};
  else
    tileShape.assign(mma.instrShape.begin(), mma.instrShape.end());
  if (!llvm::isPowerOf2_32(tileShape[rank - 1])) {
    fail(why, "instrShape N = " + std::to_string(tileShape[rank - 1]) +
                  " is not a power of two: the linear form needs one; use "
                  "N in {8, 16, 32, 64, 128, 256}");
    return std::nullopt;
  }
  SmallVector<unsigned> order = getMatrixOrder(rank, /*rowMajor=*/true);
  LinearLayout ll = nvidiaMmaTile(tileShape, /*kWidth=*/2, order, order);
  SmallVector<unsigned> warpOrder = getMatrixOrder(rank, !hopper);
  ll *= identityStandardND("warp", toInt32(mma.warpsPerCTA), warpOrder)
            .transposeOuts(ll.getOutDimNames());
  return combineCtaCgaWithShape(ll, mma.cta, shape);
}

std::optional<LinearLayout>
tile::nvmmaDotOperandToLinearLayout(const NvmmaParams &mma, unsigned opIdx,
                                    unsigned kWidth, ArrayRef<int64_t> shape,
                                    std::string *why) {
  unsigned rank = mma.warpsPerCTA.size();
  if (!checkShape(shape, rank, "the #layout.dot_operand layout", why) ||
      !checkCTARank(mma.cta, rank, why))
    return std::nullopt;
  bool isA = opIdx == 0;
  SmallVector<unsigned> tileShape(rank, 1);
  tileShape[rank - 2] = isA ? 16 : 8 * kWidth;
  tileShape[rank - 1] = isA ? 8 * kWidth : 8;
  SmallVector<unsigned> order = dotOperandOrder(opIdx, rank);
  LinearLayout ll = nvidiaMmaTile(tileShape, kWidth, order, order);
  unsigned kDim = isA ? rank - 1 : rank - 2;
  SmallVector<unsigned> warpOrder =
      getMatrixOrder(rank, /*rowMajor=*/mma.versionMajor != 3);
  ll *= broadcastedDotOperandLayout(mma.warpsPerCTA, warpOrder, kDim, "warp")
            .transposeOuts(ll.getOutDimNames());
  return combineCtaCgaWithShape(ll, mma.cta, shape);
}

std::optional<LinearLayout>
tile::blockedDotOperandToLinearLayout(const BlockedParams &blocked,
                                      unsigned opIdx, ArrayRef<int64_t> shape,
                                      std::string *why) {
  unsigned rank = blocked.order.size();
  if (!checkShape(shape, rank, "the #layout.dot_operand layout", why) ||
      !checkCTARank(blocked.cta, rank, why))
    return std::nullopt;
  if (rank < 2) {
    fail(why,
         "a dot operand needs rank 2 or 3, got rank " + std::to_string(rank));
    return std::nullopt;
  }
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  SmallVector<int32_t> threadSize = toInt32(blocked.sizePerThread);
  threadSize[kDim] = static_cast<int32_t>(shape[kDim]);
  SmallVector<std::string> repNames = namesInOrder(blocked.order);
  LinearLayout ll = identityStandardND("register", threadSize, blocked.order)
                        .transposeOuts(repNames) *
                    broadcastedDotOperandLayout(blocked.threadsPerWarp,
                                                blocked.order, kDim, "lane")
                        .transposeOuts(repNames) *
                    broadcastedDotOperandLayout(blocked.warpsPerCTA,
                                                blocked.order, kDim, "warp")
                        .transposeOuts(repNames);
  return combineCtaCgaWithShape(ll, blocked.cta, shape);
}

std::optional<LinearLayout>
tile::nvmmaSharedToLinearLayout(const NvmmaSharedParams &shared,
                                ArrayRef<int64_t> shape, std::string *why) {
  if (!checkShape(shape, 2, "#layout.nvmma_shared (a 2-D tile layout)", why) ||
      !checkCTARank(shared.cta, 2, why))
    return std::nullopt;
  // The per-CTA shape: the cluster splits the tile.
  SmallVector<int64_t> perCTA(shape);
  if (!shared.cta.ctaSplitNum.empty())
    for (unsigned d = 0; d < 2; ++d)
      perCTA[d] = std::max<int64_t>(1, shape[d] / shared.cta.ctaSplitNum[d]);
  unsigned colDim = shared.transposed ? 0 : 1, rowDim = 1 - colDim;
  int64_t numCols = perCTA[colDim], numRows = perCTA[rowDim];
  unsigned bits = shared.elementBitWidth;
  unsigned swizzle = shared.swizzlingByteWidth;
  // Columns of one core tile (one swizzle-width row) and rows of a TMA box.
  int64_t tileCols =
      swizzle ? int64_t(8) * swizzle / bits : std::min<int64_t>(numCols, 256);
  int64_t tileRows = swizzle ? 8 : 1;
  if (numCols < tileCols || numRows < tileRows) {
    std::string dims = shared.transposed ? "dim0 x dim1" : "dim1 x dim0";
    fail(why, "the per-CTA shape " + shapeString(perCTA) +
                  " is smaller than one core tile of #layout.nvmma_shared "
                  "with swizzlingByteWidth = " +
                  std::to_string(swizzle) +
                  " and elementBitWidth = " + std::to_string(bits) +
                  " (8 rows of " + std::to_string(tileCols) +
                  " contiguous elements); use a smaller swizzlingByteWidth "
                  "or a larger tile");
    return std::nullopt;
  }
  int64_t boxRows = std::min<int64_t>(numRows, 256);
  // Swizzle parameters in 16-byte chunks: (perPhase, maxPhase).
  int64_t vec = 128 / bits;
  int64_t perPhase = swizzle ? 128 / swizzle : 1;
  int64_t maxPhase = swizzle ? swizzle / 16 : 1;
  auto basis = [&](int64_t row, int64_t col) {
    LinearLayout::Basis b(2, 0);
    b[rowDim] = static_cast<int32_t>(row);
    b[colDim] = static_cast<int32_t>(col);
    return b;
  };
  std::vector<LinearLayout::Basis> offset;
  for (int64_t c = 1; c < tileCols; c *= 2)
    offset.push_back(basis(0, c));
  for (int64_t r = 1; r < boxRows; r *= 2)
    offset.push_back(
        basis(r, r < 8 && swizzle ? vec * ((r / perPhase) % maxPhase) : 0));
  auto moreRows = [&] {
    for (int64_t r = boxRows; r < numRows; r *= 2)
      offset.push_back(basis(r, 0));
  };
  auto moreCols = [&] {
    for (int64_t c = tileCols; c < numCols; c *= 2)
      offset.push_back(basis(0, c));
  };
  // Triton grows the box to the shape dim0 first.
  if (rowDim == 0) {
    moreRows();
    moreCols();
  } else {
    moreCols();
    moreRows();
  }
  LinearLayout::BasesT bases;
  bases["offset"] = std::move(offset);
  LinearLayout ctaLayout(std::move(bases),
                         {{"dim0", static_cast<int32_t>(perCTA[0])},
                          {"dim1", static_cast<int32_t>(perCTA[1])}},
                         /*requireSurjective=*/false);
  return combineCtaCgaWithShape(ctaLayout, shared.cta, shape, "offset");
}

NvmmaSharedParams tile::getDefaultNvmmaShared(ArrayRef<int64_t> shape,
                                              unsigned elementBitWidth,
                                              ArrayRef<unsigned> order) {
  NvmmaSharedParams params{0, false, elementBitWidth, {}};
  if (shape.empty() || order.size() != shape.size())
    return params;
  unsigned contig = order[0];
  params.transposed = contig != shape.size() - 1;
  int64_t bytes = shape[contig] * elementBitWidth / 8;
  int64_t rows = 1;
  for (unsigned d = 0; d < shape.size(); ++d)
    if (d != contig)
      rows *= shape[d];
  if (shape.size() < 2 || rows < 8)
    return params;
  for (unsigned swizzle : {128u, 64u, 32u})
    if (bytes >= swizzle && bytes % swizzle == 0) {
      params.swizzlingByteWidth = swizzle;
      break;
    }
  return params;
}
