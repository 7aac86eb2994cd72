//===- AccessFacts.cpp - What a global access may vectorize on ------------===//

#include "tile/Dialect/Tile/Analysis/AccessFacts.h"

#include "tile/Dialect/Tile/Analysis/AxisInfo.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/IR/Builders.h"

#include <numeric>

using namespace mlir;
using namespace tile;
using namespace tile::tl;

// Facts are capped here (far above any vector width) so that products of
// divisibilities never overflow.
static constexpr int64_t kMaxFact = int64_t(1) << 30;

static int64_t mulCapped(int64_t a, int64_t b) {
  if (a >= kMaxFact || b >= kMaxFact)
    return kMaxFact;
  return std::min(a * b, kMaxFact);
}

static int64_t capped(int64_t v) { return std::min(v, kMaxFact); }

/// Bytes one element of a view occupies in memory (i1: a byte).
static int64_t getViewElementBytes(Type type) {
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
  return 8; // pointers
}

/// A power of two dividing an extent or stride (static or an SSA value).
static int64_t getDivisibility(AxisInfoAnalysis &info, OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    auto i = dyn_cast<IntegerAttr>(attr);
    return i ? capped(highestPowerOf2Divisor(i.getInt())) : 1;
  }
  return capped(info.getDivisibility(cast<Value>(ofr)));
}

/// The facts of a view access whose origin along view axis a is
/// originDiv[a]-divisible.
static std::optional<ViewAccessFacts>
computeViewFacts(AxisInfoAnalysis &info, Value view,
                 ArrayRef<int64_t> originDiv) {
  auto make = view.getDefiningOp<MakeViewOp>();
  int64_t axis = getUnitStrideAxis(view);
  if (!make || axis < 0)
    return std::nullopt;
  int64_t rank = make.getViewType().getRank();
  int64_t bytes = getViewElementBytes(make.getViewType().getElementType());
  SmallVector<OpFoldResult> shape = make.getMixedShape();
  SmallVector<OpFoldResult> strides = make.getMixedStrides();
  if ((int64_t)shape.size() != rank || (int64_t)originDiv.size() != rank)
    return std::nullopt;
  SmallVector<int64_t> sizeDiv, strideDiv(rank, 1);
  for (OpFoldResult s : shape)
    sizeDiv.push_back(getDivisibility(info, s));
  std::optional<ViewLayoutPlan> plan = getViewLayoutPlan(make.getViewType());
  if (plan) {
    // A CuTe layout: static strides; the other leaves of the vector axis
    // and the swizzle are folded into maxVector (ViewLayout.h).
    for (int64_t a = 0; a < rank; ++a)
      strideDiv[a] = plan->getStrideDivisibility(a);
  } else if (strides.empty()) {
    // Compact row-major: stride[a] is the product of the later extents.
    int64_t running = 1;
    for (int64_t a = rank - 1; a >= 0; --a) {
      strideDiv[a] = running;
      running = mulCapped(running, sizeDiv[a]);
    }
  } else {
    if ((int64_t)strides.size() != rank)
      return std::nullopt;
    for (int64_t a = 0; a < rank; ++a)
      strideDiv[a] = getDivisibility(info, strides[a]);
  }
  // The address of an element at relative coordinate 0 along `axis`:
  // base + bytes * (origin[axis] + sum over the other axes of
  // coord * stride), the other coordinates being anything.
  int64_t align = capped(info.getDivisibility(make.getPtr()));
  align = std::gcd(align, mulCapped(bytes, originDiv[axis]));
  for (int64_t a = 0; a < rank; ++a)
    if (a != axis)
      align = std::gcd(align, mulCapped(bytes, strideDiv[a]));
  if (plan)
    align = std::gcd(align, mulCapped(bytes, plan->maxVector));
  ViewAccessFacts facts;
  facts.axis = axis;
  facts.alignment = align;
  facts.extentDivisibility = sizeDiv[axis];
  return facts;
}

/// The tile-space access's origin divisibility per view axis: tile index
/// times tile shape.
template <typename OpTy>
static SmallVector<int64_t> getTileOriginDivisibility(AxisInfoAnalysis &info,
                                                      OpTy op) {
  int64_t rank = op.getView().getType().getRank();
  SmallVector<int64_t> order = op.getOrderOrIdentity();
  SmallVector<int64_t> tileShape = op.getTileShape();
  SmallVector<int64_t> div(rank, 1);
  if ((int64_t)order.size() != rank || (int64_t)tileShape.size() != rank ||
      (int64_t)op.getIndices().size() != rank)
    return {};
  for (int64_t d = 0; d < rank; ++d) {
    int64_t a = order[d];
    if (a < 0 || a >= rank)
      return {};
    div[a] = mulCapped(capped(info.getDivisibility(op.getIndices()[d])),
                       capped(highestPowerOf2Divisor(tileShape[d])));
  }
  return div;
}

/// tile.async_load_tile: the tile is the buffer, in view order.
static SmallVector<int64_t>
getAsyncTileOriginDivisibility(AxisInfoAnalysis &info, AsyncLoadTileOp op) {
  ArrayRef<int64_t> tileShape = op.getTileShape();
  if (tileShape.size() != op.getIndices().size())
    return {};
  SmallVector<int64_t> div;
  for (auto [index, size] : llvm::zip(op.getIndices(), tileShape))
    div.push_back(mulCapped(capped(info.getDivisibility(index)),
                            capped(highestPowerOf2Divisor(size))));
  return div;
}

template <typename OpTy>
static SmallVector<int64_t> getOffsetOriginDivisibility(AxisInfoAnalysis &info,
                                                        OpTy op) {
  SmallVector<int64_t> div;
  for (Value offset : op.getOffsets())
    div.push_back(capped(info.getDivisibility(offset)));
  return div;
}

static void setViewFacts(Operation *op, std::optional<ViewAccessFacts> facts) {
  if (!facts)
    return;
  Builder b(op->getContext());
  op->setAttr(kVectorAxisAttr, b.getI64IntegerAttr(facts->axis));
  op->setAttr(kVectorAlignmentAttr, b.getI64IntegerAttr(facts->alignment));
  op->setAttr(kExtentDivisibilityAttr,
              b.getI64IntegerAttr(facts->extentDivisibility));
}

static void setPointerFacts(AxisInfoAnalysis &info, Operation *op, Value ptr,
                            Value mask) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return;
  const AxisInfo &p = info.get(ptr);
  if (p.getRank() != type.getRank())
    return;
  Builder b(op->getContext());
  op->setAttr(kPtrContiguityAttr, b.getDenseI64ArrayAttr(p.contiguity));
  op->setAttr(kPtrAlignmentAttr, b.getDenseI64ArrayAttr(p.divisibility));
  if (!mask)
    return;
  const AxisInfo &m = info.get(mask);
  if (m.getRank() == type.getRank())
    op->setAttr(kMaskConstancyAttr, b.getDenseI64ArrayAttr(m.constancy));
  else
    op->setAttr(kMaskConstancyAttr, b.getDenseI64ArrayAttr(SmallVector<int64_t>(
                                        type.getRank(), 1)));
}

void tile::tl::annotateAccessFacts(KernelOp kernel) {
  AxisInfoAnalysis info(kernel);
  kernel.walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      setPointerFacts(info, op, load.getPtr(), load.getMask());
    else if (auto store = dyn_cast<StoreOp>(op))
      setPointerFacts(info, op, store.getPtr(), store.getMask());
    else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      setPointerFacts(info, op, rmw.getPtr(), rmw.getMask());
    else if (auto copy = dyn_cast<layout::AsyncCopyGlobalToLocalOp>(op))
      setPointerFacts(info, op, copy.getPtrs(), copy.getMask());
    else if (auto copy = dyn_cast<AsyncLoadAtOp>(op))
      setViewFacts(op,
                   computeViewFacts(info, copy.getView(),
                                    getOffsetOriginDivisibility(info, copy)));
    else if (auto copy = dyn_cast<AsyncLoadTileOp>(op))
      setViewFacts(op,
                   computeViewFacts(info, copy.getView(),
                                    getAsyncTileOriginDivisibility(info, copy)));
    else if (auto load = dyn_cast<LoadTileOp>(op))
      setViewFacts(op, computeViewFacts(info, load.getView(),
                                        getTileOriginDivisibility(info, load)));
    else if (auto store = dyn_cast<StoreTileOp>(op))
      setViewFacts(op,
                   computeViewFacts(info, store.getView(),
                                    getTileOriginDivisibility(info, store)));
    else if (auto load = dyn_cast<LoadAtOp>(op))
      setViewFacts(op,
                   computeViewFacts(info, load.getView(),
                                    getOffsetOriginDivisibility(info, load)));
    else if (auto store = dyn_cast<StoreAtOp>(op))
      setViewFacts(op,
                   computeViewFacts(info, store.getView(),
                                    getOffsetOriginDivisibility(info, store)));
  });
  kernel->setAttr(kAccessFactsAttr, UnitAttr::get(kernel.getContext()));
}

static std::optional<int64_t> getI64(Operation *op, StringRef name) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return std::nullopt;
}

std::optional<PointerAccessFacts> tile::tl::getPointerAccessFacts(Operation *op) {
  auto contiguity = op->getAttrOfType<DenseI64ArrayAttr>(kPtrContiguityAttr);
  auto alignment = op->getAttrOfType<DenseI64ArrayAttr>(kPtrAlignmentAttr);
  if (!contiguity || !alignment || contiguity.size() != alignment.size())
    return std::nullopt;
  PointerAccessFacts facts;
  facts.contiguity = SmallVector<int64_t>(contiguity.asArrayRef());
  facts.alignment = SmallVector<int64_t>(alignment.asArrayRef());
  if (auto mask = op->getAttrOfType<DenseI64ArrayAttr>(kMaskConstancyAttr)) {
    if (mask.size() != contiguity.size())
      return std::nullopt;
    facts.maskConstancy = SmallVector<int64_t>(mask.asArrayRef());
  }
  return facts;
}

std::optional<ViewAccessFacts> tile::tl::getViewAccessFacts(Operation *op) {
  std::optional<int64_t> axis = getI64(op, kVectorAxisAttr);
  std::optional<int64_t> align = getI64(op, kVectorAlignmentAttr);
  std::optional<int64_t> extent = getI64(op, kExtentDivisibilityAttr);
  if (!axis || !align || !extent || *align < 1 || *extent < 1)
    return std::nullopt;
  return ViewAccessFacts{*axis, *align, *extent};
}
