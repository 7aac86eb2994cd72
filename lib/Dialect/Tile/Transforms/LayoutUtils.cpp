//===- LayoutUtils.cpp - Helpers shared by the layout passes --------------===//

#include "LayoutUtils.h"

#include "tile/LinearLayout/ConversionPlan.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

layout::BlockedAttr tile::tl::buildBlockedLayout(MLIRContext *ctx,
                                                 ArrayRef<int64_t> shape,
                                                 int64_t contigDim,
                                                 int64_t vec,
                                                 int64_t numWarps,
                                                 ArrayRef<int64_t> reducedDims) {
  int64_t rank = shape.size();
  SmallVector<unsigned> order;
  order.push_back(contigDim);
  for (int64_t d = rank - 1; d >= 0; --d)
    if (d != contigDim)
      order.push_back(d);

  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1);
  spt[contigDim] = std::max<int64_t>(1, std::min(vec, shape[contigDim]));
  int64_t lanes = 32, warps = std::max<int64_t>(1, numWarps);
  for (unsigned d : order) {
    int64_t elems = std::max<int64_t>(1, shape[d] / spt[d]);
    tpw[d] = std::min(elems, lanes);
    lanes /= tpw[d];
  }
  // Warps go to the dims not reduced first (in `order`), then to the rest.
  SmallVector<unsigned> warpOrder;
  for (unsigned d : order)
    if (!llvm::is_contained(reducedDims, int64_t(d)))
      warpOrder.push_back(d);
  for (unsigned d : order)
    if (llvm::is_contained(reducedDims, int64_t(d)))
      warpOrder.push_back(d);
  for (unsigned d : warpOrder) {
    int64_t elems = std::max<int64_t>(1, shape[d] / (spt[d] * tpw[d]));
    wpc[d] = std::min(elems, warps);
    warps /= wpc[d];
  }
  tpw[order.back()] *= lanes;
  wpc[order.back()] *= warps;
  return layout::BlockedAttr::get(ctx, spt, tpw, wpc, order);
}

int64_t tile::tl::getCoalescedRun(Attribute layoutAttr,
                                  ArrayRef<int64_t> shape, int64_t dim) {
  std::optional<LinearLayout> ll = layout::toLinearLayout(layoutAttr, shape);
  if (!ll)
    return 0;
  std::string dimName = "dim" + std::to_string(dim);
  if (!ll->hasOutDim(dimName))
    return 0;
  int64_t run = 1;
  auto isStep = [&](StringRef inDim, int i) {
    for (int64_t d = 0, e = shape.size(); d < e; ++d) {
      int32_t v = ll->getBasis(inDim, i, "dim" + std::to_string(d));
      if (v != (d == dim ? run : 0))
        return false;
    }
    return true;
  };
  for (StringRef inDim : {"register", "lane"}) {
    if (!ll->hasInDim(inDim))
      continue;
    for (int i = 0, e = ll->getInDimSizeLog2(inDim); i < e; ++i) {
      if (!isStep(inDim, i))
        break;
      run *= 2;
    }
  }
  return run;
}

RankedTensorType tile::tl::withLayout(RankedTensorType tensor,
                                      Attribute layout) {
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               layout);
}

Attribute tile::tl::getLayout(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  return {};
}

std::string tile::tl::formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

int64_t tile::tl::getElementBytes(Type elementType) {
  if (isa<PtrType>(elementType))
    return 8;
  if (elementType.isIntOrFloat())
    return std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
  return 8;
}

std::optional<StringRef> tile::tl::getConversionCost(Attribute src,
                                                     Attribute dst,
                                                     ArrayRef<int64_t> shape) {
  std::optional<LinearLayout> a = layout::toLinearLayout(src, shape);
  std::optional<LinearLayout> b = layout::toLinearLayout(dst, shape);
  if (!a || !b)
    return std::nullopt;
  std::optional<ConversionAnalysis> analysis = analyzeConversion(*a, *b);
  if (!analysis)
    return std::nullopt;
  return stringifyConversionKind(analysis->kind);
}
