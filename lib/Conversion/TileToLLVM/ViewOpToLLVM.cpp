//===- ViewOpToLLVM.cpp - Views, tile loads and stores to LLVM -----------===//
//
// A view is the struct (base, sizes..., strides...) with i64 sizes and
// strides in elements. Loads and stores compute, for every register of the
// tile, the view coordinate of its element, an in-bounds predicate and the
// address base + sum(coord * stride).
//
// A view typed with a CuTe layout (#layout.strided<L>) keeps the same
// struct; its addresses come from L instead (ViewLayout.h): element
// (c0, c1, ...) is at base + Sw(off + sum_a crd2idx(c_a, mode_a)), each
// mode coalesced and split into its leaves with udiv/urem by the leaf
// sizes (shifts and masks for powers of two). A layout whose modes are all
// single leaves without a swizzle is an ordinary view with static strides.
// Its stride fields hold, per axis, the gcd of the mode's strides: what the
// run-time vectorization checks test (every stride a multiple of the
// vector); vectors come from the plan's vector axis and width.
//
//===----------------------------------------------------------------------===//

#include "ViewLayoutAddress.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/MemoryOrdering.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/Analysis/AccessFacts.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>
#include <numeric>
#include <type_traits>

using namespace tile;
namespace LLVM = mlir::LLVM;

namespace {

/// The type of one element in memory: i1 occupies a byte.
Type getMemoryType(const TypeConverter &converter, Type elementType) {
  if (elementType.isInteger(1))
    return IntegerType::get(elementType.getContext(), 8);
  return converter.convertType(elementType);
}

/// The address and in-bounds predicate (null when always in bounds) of one
/// element.
struct ElementAccess {
  Value ptr;
  Value mask;
};

/// The accesses of a tile, and how its registers group into vectors.
struct TileAccesses {
  SmallVector<ElementAccess> elements;
  /// Consecutive registers read or written as one vector (1: none).
  int vectorWidth = 1;
  /// Every vector's address is proven aligned to the vector size: no
  /// run-time check.
  bool alignmentProven = false;
  /// The in-bounds predicate is proven equal over every vector, so that
  /// one predicate guards the vector access. Otherwise the masks along the
  /// vector only go from true to false (the bounds check of the view axis).
  bool maskUniform = false;
  /// When alignment is not proven: one run-time condition (i1) under which
  /// every vector is aligned and its mask uniform; the access is then
  /// versioned on it (emitVersionedVectorLoad). Null: per-vector checks.
  Value versionCondition;
  /// When the vector axis's stride is a run-time value: the i1 "it is 1",
  /// part of every condition under which a group moves as one vector.
  /// Null: the stride is statically 1.
  Value unitStride;
  /// With `unitStride`: the stride in bytes (i64), how far apart a group's
  /// elements are when it does not hold.
  Value strideBytes;
};

/// The vector axis of an access to `view` whose tile dims walk view axes
/// `axisOfTileDim`: the view axis with a static stride of 1, else the one
/// with a run-time stride (tile.make_view without a layout) that the tile
/// dim with the widest register vectors walks; that stride is then tested
/// against 1 at run time (`unitStride`). -1: none.
int64_t getVectorAxis(Value view, Type tileType,
                      ArrayRef<int64_t> axisOfTileDim, bool &strideTested);

/// Decides how the registers of a view access group into vectors: the
/// layout gives `layoutWidth` consecutive registers along view axis `axis`
/// (stride 1); the recorded facts of `op` may prove them aligned and their
/// bounds check uniform. `checked`: whether the axis is bounds-checked.
void chooseViewVectors(TileAccesses &result, Operation *op, int64_t axis,
                       int layoutWidth, int64_t elemBytes, bool checked) {
  result.vectorWidth = layoutWidth;
  if (layoutWidth <= 1)
    return;
  std::optional<tl::ViewAccessFacts> facts = tl::getViewAccessFacts(op);
  if (!facts || facts->axis != axis)
    return; // nothing known: run-time checks
  // The widest vector (at most the layout's) whose alignment is proven.
  int width = layoutWidth;
  while (width > 1 && facts->alignment < width * elemBytes)
    width /= 2;
  if (width <= 1)
    return; // keep the layout's width with a run-time check
  result.vectorWidth = width;
  result.alignmentProven = true;
  result.maskUniform = !checked || facts->extentDivisibility % width == 0;
}

/// How many registers of `tileType` can move as one vector when tile dim
/// `tileDim` is contiguous in memory: up to 16 bytes of 8-, 16-, 32- or
/// 64-bit elements (getMaxVectorElements).
int getTileVectorWidth(Type tileType, int64_t tileDim) {
  auto tensor = dyn_cast<RankedTensorType>(tileType);
  if (!tensor || tileDim < 0)
    return 1;
  int maxWidth = getMaxVectorElements(tensor.getElementType());
  if (maxWidth <= 1)
    return 1;
  std::optional<LinearLayout> ll =
      TileLLVMTypeConverter::getLinearLayout(tensor);
  if (!ll)
    return 1;
  return getVectorWidth(*ll, tileDim, maxWidth);
}

/// The vector width of the tile's layout, capped for a view with a CuTe
/// layout by the widest contiguous, aligned vector the layout allows.
int capVectorWidth(int width, const std::optional<tl::ViewLayoutPlan> &plan) {
  if (plan)
    return int(std::min<int64_t>(width, plan->maxVector));
  return width;
}

/// With a CuTe layout whose vector axis is split into several leaves (or
/// swizzled), only a group starting at a multiple of its width is
/// consecutive in memory; an aligned address alone does not say that (the
/// base may be misaligned), and the per-element fallbacks of a vector group
/// step from its first address. So vectors need proven alignment (which
/// includes the origin); otherwise every element is accessed on its own.
void requireProvenVectors(TileAccesses &accesses,
                          const std::optional<tl::ViewLayoutPlan> &plan,
                          int64_t axis) {
  if (!plan || axis < 0 || accesses.vectorWidth <= 1 ||
      accesses.alignmentProven)
    return;
  if (plan->swizzled || !plan->isSingleLeaf(axis))
    accesses.vectorWidth = 1;
}

/// Records that the vector axis's stride `stride` (i64, in elements) is
/// tested against 1 at run time.
void setTestedStride(OpBuilder &b, Location loc, TileAccesses &accesses,
                     Value stride, int64_t elemBytes) {
  accesses.unitStride = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::eq, stride, i64Const(b, loc, 1));
  accesses.strideBytes =
      LLVM::MulOp::create(b, loc, stride, i64Const(b, loc, elemBytes));
}

int64_t getVectorAxis(Value view, Type tileType,
                      ArrayRef<int64_t> axisOfTileDim, bool &strideTested) {
  strideTested = false;
  int64_t unitAxis = tl::getUnitStrideAxis(view);
  if (unitAxis >= 0)
    return unitAxis;
  auto make = view.getDefiningOp<tl::MakeViewOp>();
  if (!make || make.getViewType().getLayout())
    return -1;
  SmallVector<OpFoldResult> strides = make.getMixedStrides();
  int bestWidth = 1;
  for (auto [d, a] : llvm::enumerate(axisOfTileDim)) {
    if (a < 0 || a >= int64_t(strides.size()) || !isa<Value>(strides[a]))
      continue;
    int width = getTileVectorWidth(tileType, d);
    if (width > bestWidth) {
      bestWidth = width;
      unitAxis = a;
    }
  }
  strideTested = unitAxis >= 0;
  return unitAxis;
}

/// The run-time condition of the fast version of a view access whose
/// alignment is not proven: the first register's address is aligned to a
/// vector (so is every vector's when the strides of the other axes are
/// multiples of the width: vectors start at multiples of it along `axis`),
/// and, where `axis` is bounds-checked, the extent (unless the facts prove
/// it) and the origin (unless it steps by `originStep`, a multiple of the
/// width) along it are multiples of the width.
Value emitVersionCondition(OpBuilder &b, Location loc, const ViewParts &view,
                           ArrayRef<Value> origin, int64_t axis,
                           const TileAccesses &accesses, Operation *op,
                           bool checked, int64_t originStep,
                           int64_t elemBytes) {
  int v = accesses.vectorWidth;
  if (v <= 1 || accesses.elements.empty() || axis < 0 ||
      (accesses.alignmentProven && accesses.maskUniform))
    return {};
  std::optional<tl::ViewAccessFacts> facts = tl::getViewAccessFacts(op);
  bool extentUniform = !checked || (facts && facts->axis == axis &&
                                    facts->extentDivisibility % v == 0);
  // Proven alignment includes the origin along the axis.
  bool originUniform = !checked || accesses.alignmentProven ||
                       originStep % v == 0;
  Value lowMask = i64Const(b, loc, v - 1);
  Value zero = i64Const(b, loc, 0);
  auto isMultiple = [&](Value x) -> Value {
    if (std::optional<int64_t> c = getConstantIntValue(x))
      return i1Const(b, loc, (*c & (v - 1)) == 0);
    Value low = LLVM::AndOp::create(b, loc, x, lowMask);
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, low, zero);
  };
  Value ok;
  auto andWith = [&](Value c) {
    if (std::optional<int64_t> k = getConstantIntValue(c); k && *k)
      return;
    ok = ok ? LLVM::AndOp::create(b, loc, ok, c).getResult() : c;
  };
  if (accesses.unitStride)
    andWith(accesses.unitStride);
  if (!accesses.alignmentProven) {
    andWith(emitIsAligned(b, loc, accesses.elements.front().ptr,
                          v * elemBytes));
    for (int64_t a = 0, e = view.strides.size(); a < e; ++a)
      if (a != axis)
        andWith(isMultiple(view.strides[a]));
  }
  if (!extentUniform)
    andWith(isMultiple(view.sizes[axis]));
  if (!originUniform)
    andWith(isMultiple(origin[axis]));
  return ok;
}

/// For each register (coordinates in tile dims, i32), the access to the view
/// element at `origin[a] + x_d` along view axis a = axisOfTileDim[d]. With
/// `plan` (a view with a CuTe layout), the address comes from the layout.
SmallVector<ElementAccess>
computeAccesses(OpBuilder &b, Location loc, const ViewParts &view,
                const tl::ViewLayoutPlan *plan, Type memType,
                ArrayRef<Value> origin, ArrayRef<int64_t> axisOfTileDim,
                ArrayRef<SmallVector<Value>> regCoords,
                ArrayRef<bool> checkAxis) {
  if (plan && plan->isPlainStrided())
    plan = nullptr; // the constant strides say it all
  Type i64 = b.getI64Type();
  int64_t rank = view.sizes.size();
  auto ptrType = view.base.getType();
  SmallVector<ElementAccess> accesses;
  for (const SmallVector<Value> &coords : regCoords) {
    SmallVector<Value> axisCoord(origin.begin(), origin.end());
    for (auto [d, x] : llvm::enumerate(coords)) {
      int64_t a = axisOfTileDim[d];
      if (std::optional<int64_t> c = getConstantIntValue(x); c && *c == 0)
        continue;
      Value wide = LLVM::ZExtOp::create(b, loc, i64, x);
      axisCoord[a] = LLVM::AddOp::create(b, loc, axisCoord[a], wide);
    }
    Value mask;
    Value offset;
    for (int64_t a = 0; a < rank; ++a) {
      if (checkAxis[a]) {
        // Unsigned: a negative coordinate is out of bounds as well.
        Value in = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                        axisCoord[a], view.sizes[a]);
        mask = mask ? LLVM::AndOp::create(b, loc, mask, in).getResult() : in;
      }
      Value term =
          plan ? emitModeOffset(b, loc, axisCoord[a], plan->modes[a])
               : LLVM::MulOp::create(b, loc, axisCoord[a], view.strides[a])
                     .getResult();
      if (!term)
        continue;
      offset =
          offset ? LLVM::AddOp::create(b, loc, offset, term).getResult() : term;
    }
    if (plan && plan->swizzled)
      offset = emitSwizzle(b, loc, offset, *plan);
    Value ptr = view.base;
    if (offset)
      ptr = LLVM::GEPOp::create(b, loc, ptrType, memType, view.base,
                                ValueRange{offset});
    accesses.push_back({ptr, mask});
  }
  return accesses;
}

/// The register coordinates of a tile value of type `type`: emitIndices for
/// a tensor, one register at the origin for a scalar of a rank-`rank` view.
SmallVector<SmallVector<Value>> getTileCoords(OpBuilder &b, Location loc,
                                              Type type, int64_t rank) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return {SmallVector<Value>(rank, i32Const(b, loc, 0))};
  std::optional<LinearLayout> ll =
      TileLLVMTypeConverter::getLinearLayout(tensorType);
  return emitIndices(b, loc, *ll);
}

Value castIndexToI64(OpBuilder &b, Location loc, Value v) {
  return intCast(b, loc, v, b.getI64Type(), /*isSigned=*/true);
}

/// The value of padded elements.
Value getPaddingValue(OpBuilder &b, Location loc, Type type,
                      tl::PaddingMode mode) {
  bool isFloat = isa<FloatType>(type);
  switch (mode) {
  case tl::PaddingMode::undetermined:
  case tl::PaddingMode::zero:
    return scalarConst(b, loc, type, 0);
  case tl::PaddingMode::nan:
    return scalarConst(b, loc, type,
                       isFloat ? std::numeric_limits<double>::quiet_NaN() : 0);
  case tl::PaddingMode::pos_inf:
    if (isFloat)
      return scalarConst(b, loc, type, std::numeric_limits<double>::infinity());
    return intConst(b, loc, type,
                    APInt::getSignedMaxValue(type.getIntOrFloatBitWidth())
                        .getSExtValue());
  case tl::PaddingMode::neg_inf:
    if (isFloat)
      return scalarConst(b, loc, type,
                         -std::numeric_limits<double>::infinity());
    return intConst(b, loc, type,
                    APInt::getSignedMinValue(type.getIntOrFloatBitWidth())
                        .getSExtValue());
  }
  return scalarConst(b, loc, type, 0);
}

//===----------------------------------------------------------------------===//
// make_view
//===----------------------------------------------------------------------===//

/// The stride fields of a view with a CuTe layout: per axis the gcd of its
/// mode's strides (the stride itself for a single leaf).
SmallVector<Value> getLayoutViewStrides(OpBuilder &b, Location loc,
                                        const tl::ViewLayoutPlan &plan) {
  SmallVector<Value> strides;
  for (const auto &leaves : plan.modes) {
    int64_t g = 0;
    for (const tl::ViewLayoutLeaf &leaf : leaves)
      g = std::gcd(g, leaf.stride);
    if (leaves.size() == 1)
      g = leaves.front().stride;
    strides.push_back(i64Const(b, loc, g));
  }
  return strides;
}

/// Unpacks a lowered view of type `type`; the strides of a view with a CuTe
/// layout are the constants make_view stored.
ViewParts unpackTypedView(OpBuilder &b, Location loc, Value llView,
                          tl::ViewType type,
                          std::optional<tl::ViewLayoutPlan> &plan) {
  // The type converter gives every view 1 + 2 * rank fields.
  ViewParts view = *unpackView(b, loc, llView, type.getShape());
  plan = tl::getViewLayoutPlan(type);
  if (plan)
    view.strides = getLayoutViewStrides(b, loc, *plan);
  return view;
}

struct MakeViewOpConversion : public ConvertOpToLLVMPattern<tl::MakeViewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::MakeViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tl::ViewType type = op.getViewType();
    int64_t rank = type.getRank();
    SmallVector<Value> sizes;
    unsigned next = 0;
    for (int64_t size : op.getStaticShape()) {
      if (ShapedType::isDynamic(size)) {
        if (next >= adaptor.getShape().size())
          return failure();
        sizes.push_back(castIndexToI64(rewriter, loc, adaptor.getShape()[next++]));
      } else {
        sizes.push_back(i64Const(rewriter, loc, size));
      }
    }
    if (int64_t(sizes.size()) != rank)
      return failure();
    SmallVector<Value> strides;
    if (std::optional<tl::ViewLayoutPlan> plan = tl::getViewLayoutPlan(type)) {
      strides = getLayoutViewStrides(rewriter, loc, *plan);
    } else if (std::optional<ArrayRef<int64_t>> staticStrides =
                   op.getStaticStrides()) {
      next = 0;
      for (int64_t stride : *staticStrides) {
        if (ShapedType::isDynamic(stride)) {
          if (next >= adaptor.getStrides().size())
            return failure();
          strides.push_back(
              castIndexToI64(rewriter, loc, adaptor.getStrides()[next++]));
        } else {
          strides.push_back(i64Const(rewriter, loc, stride));
        }
      }
      if (int64_t(strides.size()) != rank)
        return failure();
    } else {
      // Compact row-major.
      strides.assign(rank, Value());
      Value running = i64Const(rewriter, loc, 1);
      for (int64_t d = rank - 1; d >= 0; --d) {
        strides[d] = running;
        if (d > 0)
          running = LLVM::MulOp::create(rewriter, loc, running, sizes[d]);
      }
    }
    SmallVector<Value> fields;
    fields.push_back(adaptor.getPtr());
    fields.append(sizes);
    fields.append(strides);
    Type structType = getTypeConverter()->convertType(type);
    rewriter.replaceOp(op, packStruct(rewriter, loc, structType, fields));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// load_tile / store_tile
//===----------------------------------------------------------------------===//

/// The accesses of a tile-space access op.
template <typename OpTy>
TileAccesses
getTileSpaceAccesses(OpTy op, Value llView, ValueRange indices,
                     Type tileType, const TypeConverter &converter,
                     OpBuilder &b) {
  Location loc = op.getLoc();
  tl::ViewType viewType = op.getView().getType();
  int64_t rank = viewType.getRank();
  std::optional<tl::ViewLayoutPlan> plan;
  ViewParts view = unpackTypedView(b, loc, llView, viewType, plan);
  SmallVector<int64_t> order = op.getOrderOrIdentity();
  SmallVector<int64_t> tileShape = op.getTileShape();
  SmallVector<Value> origin(rank);
  SmallVector<bool> checkAxis(rank, true);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t a = order[d];
    Value index = castIndexToI64(b, loc, indices[d]);
    origin[a] = tileShape[d] == 1
                    ? index
                    : LLVM::MulOp::create(b, loc, index,
                                          i64Const(b, loc, tileShape[d]))
                          .getResult();
    // A static extent that the tile divides leaves no partial tiles (a tile
    // entirely outside the view is undefined behavior).
    int64_t extent = viewType.getShape()[a];
    if (!ShapedType::isDynamic(extent) && extent % tileShape[d] == 0)
      checkAxis[a] = false;
  }
  auto coords = getTileCoords(b, loc, tileType, rank);
  Type memType = getMemoryType(converter, viewType.getElementType());
  TileAccesses result;
  result.elements = computeAccesses(b, loc, view, plan ? &*plan : nullptr,
                                    memType, origin, order, coords, checkAxis);
  bool strideTested = false;
  int64_t unitAxis = getVectorAxis(op.getView(), tileType, order, strideTested);
  if (strideTested)
    setTestedStride(b, loc, result, view.strides[unitAxis],
                    getElementBytes(memType));
  int64_t tileDim = -1;
  for (int64_t d = 0; d < rank; ++d)
    if (order[d] == unitAxis)
      tileDim = d;
  bool checked = unitAxis >= 0 && checkAxis[unitAxis];
  chooseViewVectors(result, op, unitAxis,
                    capVectorWidth(getTileVectorWidth(tileType, tileDim), plan),
                    getElementBytes(memType), checked);
  requireProvenVectors(result, plan, unitAxis);
  result.versionCondition = emitVersionCondition(
      b, loc, view, origin, unitAxis, result, op, checked,
      tileDim >= 0 ? tileShape[tileDim] : 1, getElementBytes(memType));
  return result;
}

/// The condition for a vector access whose first and last elements have
/// the bounds masks `first` and `last` (null: in bounds), on top of `ok`.
/// The coordinates along the vector increase by one, so both in bounds
/// means all are; when the vector is proven to start at a multiple of its
/// width (`fromAligned`) the coordinates cannot wrap around and the last
/// mask alone decides.
Value andVectorMasks(OpBuilder &b, Location loc, Value ok, Value first,
                     Value last, bool fromAligned) {
  auto andWith = [&](Value acc, Value m) -> Value {
    if (!m)
      return acc;
    if (std::optional<int64_t> c = getConstantIntValue(acc); c && *c)
      return m;
    return LLVM::AndOp::create(b, loc, acc, m);
  };
  if (!fromAligned)
    ok = andWith(ok, first);
  return andWith(ok, last);
}

/// The vector groups of a versioned access: under the version condition
/// the first mask holds for the whole group; otherwise each group checks
/// its own alignment and bounds.
SmallVector<VersionedGroup> getVersionedGroups(OpBuilder &b, Location loc,
                                               const TileAccesses &accesses,
                                               int64_t bytes) {
  int v = accesses.vectorWidth;
  const auto &elements = accesses.elements;
  SmallVector<VersionedGroup> groups;
  for (size_t r0 = 0; r0 < elements.size(); r0 += v) {
    VersionedGroup g;
    g.ptr = elements[r0].ptr;
    g.fastMask = elements[r0].mask;
    Value aligned = accesses.alignmentProven
                        ? i1Const(b, loc, true)
                        : emitIsAligned(b, loc, g.ptr, v * bytes);
    if (accesses.unitStride)
      aligned = LLVM::AndOp::create(b, loc, aligned, accesses.unitStride);
    g.slowVectorOk =
        andVectorMasks(b, loc, aligned, elements[r0].mask,
                       elements[r0 + v - 1].mask, accesses.alignmentProven);
    for (int j = 0; j < v; ++j)
      g.slowMasks.push_back(elements[r0 + j].mask);
    groups.push_back(std::move(g));
  }
  return groups;
}

/// For the vector group starting at register r0 that is not proven safe:
/// the condition under which it runs as one access (the last element is in
/// bounds, then all are, and, unless proven, the address is aligned), and
/// the per-element masks of its fallback.
std::pair<Value, SmallVector<Value>>
getGroupCondition(OpBuilder &b, Location loc, const TileAccesses &accesses,
                  size_t r0, int64_t bytes) {
  int v = accesses.vectorWidth;
  const ElementAccess &first = accesses.elements[r0];
  Value ok = accesses.alignmentProven
                 ? i1Const(b, loc, true)
                 : emitIsAligned(b, loc, first.ptr, v * bytes);
  if (accesses.unitStride)
    ok = LLVM::AndOp::create(b, loc, ok, accesses.unitStride);
  ok = andVectorMasks(b, loc, ok, first.mask,
                      accesses.elements[r0 + v - 1].mask,
                      accesses.alignmentProven);
  SmallVector<Value> masks;
  for (int j = 0; j < v; ++j)
    masks.push_back(accesses.elements[r0 + j].mask);
  return {ok, masks};
}

/// Loads every register of a tile: vector groups where possible.
SmallVector<Value> loadTile(OpBuilder &b, Location loc, Type elemType,
                            const TileAccesses &accesses, Value pad) {
  SmallVector<Value> values;
  int v = accesses.vectorWidth;
  const auto &elements = accesses.elements;
  if (v <= 1 || elements.size() % v != 0) {
    for (const ElementAccess &access : elements)
      values.push_back(emitLoad(b, loc, elemType, access.ptr, access.mask,
                                access.mask ? pad : Value()));
    return values;
  }
  int64_t bytes = getElementBytes(elemType);
  SmallVector<Value> others(v, pad);
  if (accesses.versionCondition) {
    SmallVector<VersionedGroup> groups = getVersionedGroups(b, loc, accesses,
                                                            bytes);
    return emitVersionedVectorLoad(
        b, loc, elemType, v, accesses.versionCondition, groups,
        SmallVector<Value>(elements.size(), pad), accesses.strideBytes);
  }
  for (size_t r0 = 0; r0 < elements.size(); r0 += v) {
    const ElementAccess &first = elements[r0];
    if (accesses.alignmentProven && accesses.maskUniform) {
      values.append(emitAlignedVectorLoad(b, loc, elemType, first.ptr, v,
                                          first.mask, others));
      continue;
    }
    auto [ok, masks] = getGroupCondition(b, loc, accesses, r0, bytes);
    values.append(
        emitVectorLoad(b, loc, elemType, first.ptr, ok, masks, others));
  }
  return values;
}

/// A versioned store (TileAccesses::versionCondition) as an scf.if, which
/// the pipeline lowers to one branch after this conversion: the fast
/// version stores each group as one vector under its first mask; the slow
/// version, each group as one vector where its own condition holds, else
/// element by element (`strideBytes` apart when the vector axis has a
/// run-time stride). The slow version's predicates and addresses are
/// computed inside its block, so that nothing of it is live in the fast
/// version (one inline-asm block holding both kept every predicate of the
/// tile live at its branch: ptxas took 304 instead of 239 ms on
/// examples/matmul_pipelined.mlir, docs/Vectorization.md).
void storeTileVersioned(OpBuilder &b, Location loc, ArrayRef<Value> values,
                        const TileAccesses &accesses, int64_t bytes) {
  int v = accesses.vectorWidth;
  const auto &elements = accesses.elements;
  OpBuilder::InsertionGuard guard(b);
  auto ifOp = mlir::scf::IfOp::create(b, loc, accesses.versionCondition,
                                      /*withElseRegion=*/true);
  b.setInsertionPointToStart(ifOp.thenBlock());
  for (size_t r0 = 0; r0 < elements.size(); r0 += v)
    emitAlignedVectorStore(b, loc, values.slice(r0, v), elements[r0].ptr,
                           elements[r0].mask);
  b.setInsertionPointToStart(ifOp.elseBlock());
  for (size_t r0 = 0; r0 < elements.size(); r0 += v) {
    auto [ok, masks] = getGroupCondition(b, loc, accesses, r0, bytes);
    emitVectorStore(b, loc, values.slice(r0, v), elements[r0].ptr, ok, masks,
                    accesses.strideBytes);
  }
}

/// Stores every register of a tile: vector groups where possible.
void storeTile(OpBuilder &b, Location loc, ArrayRef<Value> values,
               const TileAccesses &accesses) {
  int v = accesses.vectorWidth;
  const auto &elements = accesses.elements;
  if (v <= 1 || elements.size() % v != 0) {
    for (auto [access, value] : llvm::zip(elements, values))
      emitStore(b, loc, value, access.ptr, access.mask);
    return;
  }
  int64_t bytes = getElementBytes(values.front().getType());
  if (accesses.versionCondition) {
    storeTileVersioned(b, loc, values, accesses, bytes);
    return;
  }
  for (size_t r0 = 0; r0 < elements.size(); r0 += v) {
    const ElementAccess &first = elements[r0];
    if (accesses.alignmentProven && accesses.maskUniform) {
      emitAlignedVectorStore(b, loc, values.slice(r0, v), first.ptr,
                             first.mask);
      continue;
    }
    auto [ok, masks] = getGroupCondition(b, loc, accesses, r0, bytes);
    emitVectorStore(b, loc, values.slice(r0, v), first.ptr, ok, masks);
  }
}

//===----------------------------------------------------------------------===//
// load_at / store_at
//===----------------------------------------------------------------------===//

template <typename OpTy>
TileAccesses
getOffsetAccesses(OpTy op, Value llView, ValueRange offsets, Type tileType,
                  const TypeConverter &converter, OpBuilder &b) {
  Location loc = op.getLoc();
  tl::ViewType viewType = op.getView().getType();
  int64_t rank = viewType.getRank();
  std::optional<tl::ViewLayoutPlan> plan;
  ViewParts view = unpackTypedView(b, loc, llView, viewType, plan);
  SmallVector<Value> origin;
  for (Value offset : offsets)
    origin.push_back(castIndexToI64(b, loc, offset));
  // Tile dim d walks view axis axisOfTileDim[d]: d itself, or `dims`
  // (a rank-reducing slice; the other axes stay at their offsets).
  SmallVector<int64_t> axisOfTileDim =
      llvm::to_vector(llvm::seq<int64_t>(0, rank));
  auto tensorType = dyn_cast<RankedTensorType>(tileType);
  if (std::optional<ArrayRef<int64_t>> dims = op.getDims(); dims && tensorType)
    axisOfTileDim = llvm::to_vector(*dims);
  SmallVector<bool> checkAxis(rank, true);
  auto coords = getTileCoords(b, loc, tileType, rank);
  Type memType = getMemoryType(converter, viewType.getElementType());
  TileAccesses result;
  result.elements =
      computeAccesses(b, loc, view, plan ? &*plan : nullptr, memType, origin,
                      axisOfTileDim, coords, checkAxis);
  bool strideTested = false;
  int64_t unitAxis =
      getVectorAxis(op.getView(), tileType, axisOfTileDim, strideTested);
  if (strideTested)
    setTestedStride(b, loc, result, view.strides[unitAxis],
                    getElementBytes(memType));
  int64_t tileDim = -1; // none when the unit-stride axis is a fixed one
  for (auto [d, a] : llvm::enumerate(axisOfTileDim))
    if (a == unitAxis)
      tileDim = d;
  chooseViewVectors(result, op, unitAxis,
                    capVectorWidth(getTileVectorWidth(tileType, tileDim), plan),
                    getElementBytes(memType), /*checked=*/true);
  requireProvenVectors(result, plan, unitAxis);
  result.versionCondition = emitVersionCondition(
      b, loc, view, origin, unitAxis, result, op, /*checked=*/true,
      /*originStep=*/1, getElementBytes(memType));
  return result;
}

/// The accesses of a view load or store: by tile-space index (load_tile,
/// store_tile) or by element offset (load_at, store_at).
template <typename OpTy, typename AdaptorTy>
TileAccesses getViewAccesses(OpTy op, AdaptorTy adaptor, Type tileType,
                             const TypeConverter &converter, OpBuilder &b) {
  if constexpr (std::is_same_v<OpTy, tl::LoadTileOp> ||
                std::is_same_v<OpTy, tl::StoreTileOp>)
    return getTileSpaceAccesses(op, adaptor.getView(), adaptor.getIndices(),
                                tileType, converter, b);
  else
    return getOffsetAccesses(op, adaptor.getView(), adaptor.getOffsets(),
                             tileType, converter, b);
}

/// tile.load_tile and tile.load_at: elements outside the view read the
/// padding value (load_tile's `padding`, zero for load_at).
template <typename OpTy>
struct ViewLoadOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &converter = *this->getTypeConverter();
    Type resultType = op.getResult().getType();
    Type llResultType = converter.convertType(resultType);
    if (!llResultType)
      return failure();
    Type elemType = converter.convertType(getElementTypeOrSelf(resultType));
    EmittedRange emitted(rewriter); // qualified by the hints at the end
    TileAccesses accesses =
        getViewAccesses(op, adaptor, resultType, converter, rewriter);
    Value pad;
    if constexpr (std::is_same_v<OpTy, tl::LoadTileOp>)
      pad = getPaddingValue(rewriter, loc, elemType, op.getPadding());
    else
      pad = scalarConst(rewriter, loc, elemType, 0);
    SmallVector<Value> values =
        loadTile(rewriter, loc, elemType, accesses, pad);
    tagMemoryAccesses(emitted.getOps(rewriter),
                      getAccessQualifiers(tl::getAccessHints(op)));
    replaceWithRegisters(rewriter, op, llResultType, values);
    return success();
  }
};

/// tile.store_tile and tile.store_at: elements outside the view are not
/// written.
template <typename OpTy>
struct ViewStoreOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    emitReleaseBarrier(rewriter, loc, tl::getAccessHints(op));
    EmittedRange emitted(rewriter); // qualified by the hints at the end
    TileAccesses accesses =
        getViewAccesses(op, adaptor, op.getValue().getType(),
                        *this->getTypeConverter(), rewriter);
    SmallVector<Value> values = unpackStruct(rewriter, loc, adaptor.getValue());
    if (values.size() != accesses.elements.size())
      return failure();
    // Threads that hold copies (a TV layout of fewer threads, a layout that
    // covers more than the tile) leave the store to the first copy.
    auto tensor = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (auto ll = tensor ? TileLLVMTypeConverter::getLinearLayout(tensor)
                         : std::nullopt)
      if (Value first = emitFirstCopyCondition(rewriter, loc, *ll))
        for (ElementAccess &access : accesses.elements)
          access.mask = access.mask ? LLVM::AndOp::create(rewriter, loc,
                                                          access.mask, first)
                                          .getResult()
                                    : first;
    storeTile(rewriter, loc, values, accesses);
    tagMemoryAccesses(emitted.getOps(rewriter),
                      getAccessQualifiers(tl::getAccessHints(op)));
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Access facts
//===----------------------------------------------------------------------===//

/// Before a kernel is lowered (the kernel pattern moves its body and the
/// access patterns only see converted operands), records on every global
/// access what the analysis proves about its addresses and masks
/// (tl::annotateAccessFacts). An in-place update of the kernel, so the
/// kernel is legalized again, this time by the kernel pattern.
struct AnnotateAccessFactsPattern
    : public ConvertOpToLLVMPattern<tl::KernelOp> {
  AnnotateAccessFactsPattern(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(tl::KernelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->hasAttr(tl::kAccessFactsAttr))
      return rewriter.notifyMatchFailure(op, "facts already recorded");
    rewriter.modifyOpInPlace(op, [&] { tl::annotateAccessFacts(op); });
    return success();
  }
};

} // namespace

void tile::populateViewOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<AnnotateAccessFactsPattern, MakeViewOpConversion,
               ViewLoadOpConversion<tl::LoadTileOp>,
               ViewStoreOpConversion<tl::StoreTileOp>,
               ViewLoadOpConversion<tl::LoadAtOp>,
               ViewStoreOpConversion<tl::StoreAtOp>>(
      converter);
}
