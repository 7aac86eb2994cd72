//===- TransposedLayouts.cpp - Shared layouts of transposed views ---------===//
//
// SharedLayoutAttrInterface::getTransposed for the shared layouts of this
// dialect: the layout of a view whose dim i is dim order[i] of the buffer.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

using namespace tile;
using namespace tile::layout;

/// True when `order` is a permutation of 0..rank-1.
static bool isPermutation(ArrayRef<unsigned> order, size_t rank) {
  if (order.size() != rank)
    return false;
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

Attribute SwizzledSharedAttr::getTransposed(ArrayRef<unsigned> order) const {
  size_t rank = getOrder().size();
  if (!isPermutation(order, rank))
    return {};
  // inverse[d] = the view dim that shows buffer dim d.
  SmallVector<unsigned> inverse(rank);
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  auto mapDims = [&](ArrayRef<unsigned> dims) {
    SmallVector<unsigned> out;
    for (unsigned d : dims)
      out.push_back(inverse[d]);
    return out;
  };
  auto permute = [&](ArrayRef<unsigned> perDim) {
    if (perDim.empty())
      return SmallVector<unsigned>();
    SmallVector<unsigned> out;
    for (unsigned d : order)
      out.push_back(perDim[d]);
    return out;
  };
  // A single-CTA layout keeps the canonical CTAOrder (as the parser does).
  bool singleCTA =
      llvm::all_of(getCTAsPerCGA(), [](unsigned v) { return v == 1; }) &&
      llvm::all_of(getCTASplitNum(), [](unsigned v) { return v == 1; });
  return SwizzledSharedAttr::get(
      getContext(), getVec(), getPerPhase(), getMaxPhase(), mapDims(getOrder()),
      permute(getCTAsPerCGA()), permute(getCTASplitNum()),
      singleCTA ? SmallVector<unsigned>(getCTAOrder())
                : mapDims(getCTAOrder()));
}

Attribute StridedAttr::getTransposed(ArrayRef<unsigned> order) const {
  cute::Layout layout = getLayout();
  if (!isPermutation(order, layout.rank()))
    return {};
  SmallVector<cute::Layout> modes;
  for (unsigned d : order)
    modes.push_back(layout.inner().mode(d));
  // The swizzle acts on offsets, which a permutation of modes keeps.
  return StridedAttr::get(getContext(),
                          cute::Layout::concat(modes).withSwizzle(
                              layout.swizzle(), layout.swizzleOffset()));
}

Attribute NvmmaSharedAttr::getTransposed(ArrayRef<unsigned> order) const {
  // Rank 2 only: the view swaps the two dims, so the other one becomes the
  // contiguous dim.
  if (order.size() != 2 || order[0] != 1 || order[1] != 0)
    return {};
  return NvmmaSharedAttr::get(getContext(), getSwizzlingByteWidth(),
                              !getTransposed(), getElementBitWidth(),
                              getCTAsPerCGA(), getCTASplitNum(),
                              getCTAOrder());
}
