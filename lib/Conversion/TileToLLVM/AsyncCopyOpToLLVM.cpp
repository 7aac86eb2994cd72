//===- AsyncCopyOpToLLVM.cpp - cp.async into shared memory ----------------===//
//
// layout.async_copy_global_to_local, tile.async_load_tile and
// tile.async_load_at -> cp.async;
// layout.async_commit_group -> cp.async.commit_group;
// layout.async_wait -> cp.async.wait_group N, bar.sync 0.
//
// A copy is planned in three steps, from the types and the recorded access
// facts alone:
//  1. the shared side: the copy layout composed with the inverse of the
//     buffer's slot layout (planLocalAccess, as layout.local_store) gives
//     each register's offset in the buffer, swizzle included, and the
//     registers that are contiguous and aligned there;
//  2. the global side: how many consecutive registers are consecutive in
//     global memory with a proven alignment (tile.load's contiguity and
//     divisibility facts for pointer tensors, the view's unit-stride axis
//     for tile-space copies: for a view with a CuTe layout the vector axis
//     and widest contiguous, aligned run read off the layout, ViewLayout.h,
//     its addresses crd2idx of the layout), and for pointer tensors with
//     equal masks;
//  3. the vector: the widest run of registers both sides allow, at most
//     16 bytes. Each vector is one `cp.async` of 4, 8 or 16 bytes (`.cg`
//     for 16, which bypasses L1; `.ca` below), whose source size reads
//     only the bytes in bounds and zero-fills the rest: 0 for a masked-off
//     vector, and for a vector of a tile-space copy that crosses the
//     view's edge along its unit-stride axis, the bytes before the edge.
// Vectors narrower than 4 bytes (2-byte or 1-byte elements without proven
// pairs) cannot be cp.async: those elements are loaded (predicated) and
// stored to shared memory synchronously, which gives the same contents.
// Registers that repeat another register's element are copied once.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryAccess.h"
#include "ViewLayoutAddress.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/BufferViews.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/Analysis/AccessFacts.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <functional>

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

/// The global side of a copy: per register its source address and
/// in-bounds predicate (null: in bounds), how many consecutive registers
/// may be read as one vector, and, for a vector starting at register r0 of
/// v elements, the bytes it reads (null: all; otherwise an i32).
struct CopySource {
  Type elemType; // LLVM type of an element in registers
  int64_t elemBytes = 1;
  SmallVector<Value> ptrs;
  SmallVector<Value> masks;
  int maxWidth = 1;
  std::function<Value(OpBuilder &, Location, int32_t r0, int v)> srcBytes;
};

/// `select(mask, bytes, 0)`, or null for a null mask.
Value maskedBytes(OpBuilder &b, Location loc, Value mask, int64_t bytes) {
  if (!mask)
    return {};
  return LLVM::SelectOp::create(b, loc, mask, i32Const(b, loc, bytes),
                                i32Const(b, loc, 0));
}

/// The number of consecutive registers (a power of two) that `plan` keeps
/// contiguous in shared memory starting from register bit 0, at most `max`.
int getSharedWidth(const LocalAccessPlan &plan, int max) {
  int width = 1;
  for (auto [i, bit] : llvm::enumerate(plan.vector.regBits)) {
    if (bit != int(i) || width * 2 > max)
      break;
    width *= 2;
  }
  return width;
}

/// Emits the copies of `source` into the buffer `mem` (one slot) at `base`
/// for the thread's registers of `regs`.
LogicalResult emitAsyncCopy(OpBuilder &b, Location loc, layout::MemDescType mem,
                            Value base, const LinearLayout &regs,
                            const CopySource &source, std::string *why) {
  std::optional<LocalAccessPlan> plan = planLocalAccess(mem, regs, why);
  if (!plan)
    return failure();
  int64_t bytes = source.elemBytes;
  int maxElems = std::max<int>(1, 16 / bytes);
  int width = getSharedWidth(*plan, std::min(source.maxWidth, maxElems));
  if (width * bytes < 4)
    width = 1;
  const LinearLayout &offsetMap = plan->offsetMap;
  int32_t numRegs = regs.getInDimSize(kRegister);
  if (int32_t(source.ptrs.size()) != numRegs)
    return failure();
  // Registers at offset 0 from another hold the same element.
  int32_t dupMask = 0;
  for (int bit = 0; bit < offsetMap.getInDimSizeLog2(kRegister); ++bit)
    if (offsetMap.getBasis(kRegister, bit, "offset") == 0)
      dupMask |= 1 << bit;
  HardwareIds ids = getHardwareIds(b, loc);
  Value threadOffset = emitLocalThreadOffset(b, loc, offsetMap, ids);
  for (int32_t r0 = 0; r0 < numRegs; r0 += width) {
    if (r0 & dupMask)
      continue;
    Value dst =
        emitLocalElementAddress(b, loc, base, threadOffset,
                                getLocalRegisterOffset(offsetMap, r0), bytes);
    int64_t copyBytes = width * bytes;
    if (copyBytes >= 4) {
      Value srcSize = source.srcBytes
                          ? source.srcBytes(b, loc, r0, width)
                          : maskedBytes(b, loc, source.masks[r0], copyBytes);
      NVVM::CpAsyncOp::create(b, loc, dst, source.ptrs[r0], copyBytes,
                              copyBytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                              : NVVM::LoadCacheModifierKind::CA,
                              srcSize);
      continue;
    }
    // Narrower than cp.async allows: a synchronous copy of the element.
    Value value = emitLoad(
        b, loc, source.elemType, source.ptrs[r0], source.masks[r0],
        source.masks[r0] ? scalarConst(b, loc, source.elemType, 0) : Value());
    LLVM::StoreOp::create(b, loc, toMemoryInt(b, loc, value), dst, bytes);
  }
  return success();
}

/// The LLVM element type of `type` (i1 travels as i8).
Type getCopyElementType(const TypeConverter &converter, Type type) {
  if (type.isInteger(1))
    return IntegerType::get(type.getContext(), 8);
  return converter.convertType(type);
}

//===----------------------------------------------------------------------===//
// layout.async_copy_global_to_local
//===----------------------------------------------------------------------===//

/// The widest vector the pointer facts of `op` prove consecutive, aligned
/// and equally masked along the layout's first register dim.
int getPointerCopyWidth(Operation *op, const LinearLayout &ll,
                        int64_t elemBytes, bool hasMask) {
  if (ll.getInDimSizeLog2(kRegister) == 0)
    return 1;
  std::optional<tl::PointerAccessFacts> facts = tl::getPointerAccessFacts(op);
  if (!facts || int64_t(facts->contiguity.size()) != ll.getNumOutDims())
    return 1;
  ArrayRef<int32_t> first = ll.getBasis(kRegister, 0);
  int dim = -1;
  for (int d = 0; d < ll.getNumOutDims(); ++d)
    if (first[d] == 1)
      dim = d;
  if (dim < 0)
    return 1;
  int width = getVectorWidth(ll, dim, std::max<int>(1, 16 / elemBytes));
  auto fits = [&](int w) {
    return facts->contiguity[dim] % w == 0 &&
           facts->alignment[dim] % (w * elemBytes) == 0 &&
           (!hasMask || (!facts->maskConstancy.empty() &&
                         facts->maskConstancy[dim] % w == 0));
  };
  while (width > 1 && !fits(width))
    width /= 2;
  return width;
}

struct AsyncCopyGlobalToLocalOpConversion
    : public ConvertOpToLLVMPattern<layout::AsyncCopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtrs().getType());
    layout::MemDescType mem = op.getDst().getType();
    std::optional<LinearLayout> ll =
        TileLLVMTypeConverter::getLinearLayout(ptrType);
    if (!ll)
      return rewriter.notifyMatchFailure(op, "no linear layout");
    int32_t n = ll->getInDimSize(kRegister);
    CopySource source;
    source.elemType =
        getCopyElementType(*getTypeConverter(), mem.getElementType());
    source.elemBytes = mem.getElementBytes();
    source.ptrs = unpackStruct(rewriter, loc, adaptor.getPtrs());
    if (adaptor.getMask())
      source.masks = unpackStruct(rewriter, loc, adaptor.getMask());
    if (int32_t(source.ptrs.size()) != n ||
        (!source.masks.empty() && int32_t(source.masks.size()) != n))
      return failure();
    source.masks.resize(n);
    source.maxWidth =
        getPointerCopyWidth(op, *ll, source.elemBytes, bool(adaptor.getMask()));
    std::string why;
    if (failed(emitAsyncCopy(rewriter, loc, mem, adaptor.getDst(), *ll, source,
                             &why)))
      return rewriter.notifyMatchFailure(op, why);
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tile.async_load_tile, tile.async_load_at
//===----------------------------------------------------------------------===//

/// The tile dim of `op` (tile.async_load_tile or tile.async_load_at) that
/// walks view axis `axis`, or -1.
int64_t getTileDimOfViewAxis(Operation *op, int64_t axis) {
  auto loadAt = dyn_cast<tl::AsyncLoadAtOp>(op);
  if (axis < 0 || !loadAt)
    return axis;
  for (int64_t d = 0, e = loadAt.getDst().getType().getRank(); d < e; ++d)
    if (loadAt.getViewAxisOfTileDim(d) == axis)
      return d;
  return -1;
}

/// The buffer, the copy layout and the view of a tile.async_load_tile or
/// tile.async_load_at.
layout::MemDescType getViewCopyBuffer(Operation *op) {
  if (auto loadAt = dyn_cast<tl::AsyncLoadAtOp>(op))
    return loadAt.getDst().getType();
  return cast<tl::AsyncLoadTileOp>(op).getDst().getType();
}
Attribute getViewCopyLayout(Operation *op) {
  if (auto loadAt = dyn_cast<tl::AsyncLoadAtOp>(op))
    return loadAt.getCopyLayout();
  return cast<tl::AsyncLoadTileOp>(op).getCopyLayout();
}
Value getViewCopyView(Operation *op) {
  if (auto loadAt = dyn_cast<tl::AsyncLoadAtOp>(op))
    return loadAt.getView();
  return cast<tl::AsyncLoadTileOp>(op).getView();
}

/// The widest vector (elements) of the copy `op` with layout `ll` along
/// the view's unit-stride axis that the recorded facts prove aligned (1
/// when there is none): for tile.async_load_tile and tile.async_load_at.
int getViewCopyWidth(Operation *op, Value view, const LinearLayout &ll,
                     int64_t bytes) {
  int64_t unitAxis = tl::getUnitStrideAxis(view);
  int64_t unitDim = getTileDimOfViewAxis(op, unitAxis);
  std::optional<tl::ViewAccessFacts> facts = tl::getViewAccessFacts(op);
  if (unitDim < 0 || !facts || facts->axis != unitAxis)
    return 1;
  int width = getVectorWidth(ll, unitDim, std::max<int>(1, 16 / int(bytes)));
  while (width > 1 && facts->alignment < width * bytes)
    width /= 2;
  return width;
}

/// Where a view-tile copy reads: per view axis, the coordinate of the
/// tile's first element (i64) and whether it is bounds-checked; tile dim d
/// walks view axis axisOfDim[d] (the other axes stay at their origin).
struct ViewTileOrigin {
  SmallVector<Value> origin;
  SmallVector<bool> checked;
  SmallVector<int64_t> axisOfDim;
};

/// Lowers the cp.async copy `op` of a tile of its view `view` (`viewValue`
/// converted) at `where` into `dst` (converted) of type `mem`, distributed
/// by `copyLayout`.
LogicalResult lowerViewTileCopy(ConversionPatternRewriter &rewriter,
                                Operation *op, const TypeConverter &converter,
                                Value view, Value viewValue, Value dst,
                                layout::MemDescType mem, Attribute copyLayout,
                                const ViewTileOrigin &where) {
  Location loc = op->getLoc();
  auto viewType = cast<tl::ViewType>(view.getType());
  std::optional<LinearLayout> ll =
      copyLayout ? layout::toLinearLayout(copyLayout, mem.getShape())
                 : std::nullopt;
  if (!ll)
    return rewriter.notifyMatchFailure(op, "no copy layout");
  int64_t rank = viewType.getRank();
  Type i64 = rewriter.getI64Type();

  // The view: base, sizes and strides (i64).
  FailureOr<ViewParts> parts =
      unpackView(rewriter, loc, viewValue, viewType.getShape());
  if (failed(parts))
    return failure();
  Value viewBase = parts->base;
  ArrayRef<Value> sizes = parts->sizes, strides = parts->strides;
  // A CuTe layout with nested modes or a swizzle: addresses from the
  // layout (crd2idx), as for tile.load_tile.
  std::optional<tl::ViewLayoutPlan> plan = tl::getViewLayoutPlan(viewType);
  if (plan && plan->isPlainStrided())
    plan.reset();

  // Per register: view coordinates, address and in-bounds mask.
  CopySource source;
  source.elemType = getCopyElementType(converter, mem.getElementType());
  source.elemBytes = mem.getElementBytes();
  SmallVector<SmallVector<Value>> coords;
  for (const SmallVector<Value> &regCoords : emitIndices(rewriter, loc, *ll)) {
    SmallVector<Value> c(where.origin);
    for (auto [d, a] : llvm::enumerate(where.axisOfDim))
      if (std::optional<int64_t> k = getConstantIntValue(regCoords[d]);
          !k || *k != 0)
        c[a] = LLVM::AddOp::create(
            rewriter, loc, c[a],
            LLVM::ZExtOp::create(rewriter, loc, i64, regCoords[d]));
    Value offset, mask;
    for (int64_t a = 0; a < rank; ++a) {
      if (!plan) {
        Value term = LLVM::MulOp::create(rewriter, loc, c[a], strides[a]);
        offset =
            offset
                ? LLVM::AddOp::create(rewriter, loc, offset, term).getResult()
                : term;
      }
      if (where.checked[a]) {
        Value in = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                        c[a], sizes[a]);
        mask = mask ? LLVM::AndOp::create(rewriter, loc, mask, in).getResult()
                    : in;
      }
    }
    if (plan)
      offset = emitViewLayoutOffset(rewriter, loc, *plan, c);
    if (!offset)
      offset = i64Const(rewriter, loc, 0);
    Type memType = source.elemType;
    source.ptrs.push_back(LLVM::GEPOp::create(rewriter, loc, viewBase.getType(),
                                              memType, viewBase,
                                              ValueRange{offset}));
    source.masks.push_back(mask);
    coords.push_back(std::move(c));
  }

  // The vector width along the view's unit-stride axis, as far as the
  // recorded facts prove the tile's rows aligned.
  int64_t unitAxis = tl::getUnitStrideAxis(view);
  int64_t bytes = source.elemBytes;
  source.maxWidth = getViewCopyWidth(op, view, *ll, bytes);
  if (getTileDimOfViewAxis(op, unitAxis) < 0)
    unitAxis = -1; // a fixed axis: no vector runs along it
  // The bytes a vector reads: none when a fixed coordinate is out of
  // bounds, else those before the edge of the unit-stride axis.
  source.srcBytes = [&, unitAxis](OpBuilder &b, Location loc, int32_t r0,
                                  int v) -> Value {
    const SmallVector<Value> &c = coords[r0];
    Value in;
    for (int64_t a = 0; a < rank; ++a) {
      if (!where.checked[a] || a == unitAxis)
        continue;
      Value inA = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, c[a],
                                       sizes[a]);
      in = in ? LLVM::AndOp::create(b, loc, in, inA).getResult() : inA;
    }
    Value full = i32Const(b, loc, v * bytes);
    Value size = full;
    if (unitAxis >= 0 && where.checked[unitAxis]) {
      // min(size - c, v) elements when c < size, else 0.
      Value x = c[unitAxis];
      Value left = LLVM::SubOp::create(b, loc, sizes[unitAxis], x);
      Value clamped = LLVM::SelectOp::create(
                          b, loc,
                          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt,
                                               left, i64Const(b, loc, v)),
                          left, i64Const(b, loc, v))
                          .getResult();
      Value count = LLVM::TruncOp::create(b, loc, b.getI32Type(), clamped);
      Value inX = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, x,
                                       sizes[unitAxis]);
      in = in ? LLVM::AndOp::create(b, loc, in, inX).getResult() : inX;
      size = bytes == 1
                 ? count
                 : LLVM::MulOp::create(b, loc, count, i32Const(b, loc, bytes))
                       .getResult();
    }
    if (!in)
      return {};
    return LLVM::SelectOp::create(b, loc, in, size, i32Const(b, loc, 0));
  };
  std::string why;
  if (failed(emitAsyncCopy(rewriter, loc, mem, dst, *ll, source, &why)))
    return rewriter.notifyMatchFailure(op, why);
  rewriter.eraseOp(op);
  return success();
}

struct AsyncLoadTileOpConversion
    : public ConvertOpToLLVMPattern<tl::AsyncLoadTileOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AsyncLoadTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tl::ViewType viewType = op.getView().getType();
    Type i64 = rewriter.getI64Type();
    // The tile origin (index times the tile), and the axes with partial
    // tiles (a static extent the tile divides has none, as in
    // tile.load_tile).
    ArrayRef<int64_t> tileShape = op.getTileShape();
    ViewTileOrigin where;
    for (int64_t a = 0, e = viewType.getRank(); a < e; ++a) {
      Value index = intCast(rewriter, loc, adaptor.getIndices()[a], i64,
                            /*isSigned=*/true);
      where.origin.push_back(LLVM::MulOp::create(
          rewriter, loc, index, i64Const(rewriter, loc, tileShape[a])));
      int64_t extent = viewType.getShape()[a];
      where.checked.push_back(ShapedType::isDynamic(extent) ||
                              extent % tileShape[a] != 0);
      where.axisOfDim.push_back(a);
    }
    return lowerViewTileCopy(rewriter, op, *getTypeConverter(), op.getView(),
                             adaptor.getView(), adaptor.getDst(),
                             op.getDst().getType(), op.getCopyLayout(), where);
  }
};

struct AsyncLoadAtOpConversion
    : public ConvertOpToLLVMPattern<tl::AsyncLoadAtOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AsyncLoadAtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tl::ViewType viewType = op.getView().getType();
    Type i64 = rewriter.getI64Type();
    // The offsets as they are (signed: a negative one is outside the view,
    // read as zeros), every axis checked.
    ViewTileOrigin where;
    for (int64_t a = 0, e = viewType.getRank(); a < e; ++a) {
      where.origin.push_back(intCast(rewriter, loc, adaptor.getOffsets()[a],
                                     i64, /*isSigned=*/true));
      where.checked.push_back(true);
    }
    for (int64_t d = 0, e = op.getDst().getType().getRank(); d < e; ++d)
      where.axisOfDim.push_back(op.getViewAxisOfTileDim(d));
    return lowerViewTileCopy(rewriter, op, *getTypeConverter(), op.getView(),
                             adaptor.getView(), adaptor.getDst(),
                             op.getDst().getType(), op.getCopyLayout(), where);
  }
};

//===----------------------------------------------------------------------===//
// Commit and wait
//===----------------------------------------------------------------------===//

struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<layout::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncWaitOpConversion
    : public ConvertOpToLLVMPattern<layout::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
    emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

std::string tile::whyAsyncCopyNotLowerable(Operation *op) {
  layout::MemDescType mem;
  std::optional<LinearLayout> ll;
  if (auto copy = dyn_cast<layout::AsyncCopyGlobalToLocalOp>(op)) {
    mem = copy.getDst().getType();
    ll = TileLLVMTypeConverter::getLinearLayout(
        cast<RankedTensorType>(copy.getPtrs().getType()));
  } else if (isa<tl::AsyncLoadTileOp, tl::AsyncLoadAtOp>(op)) {
    mem = getViewCopyBuffer(op);
    if (Attribute layout = getViewCopyLayout(op))
      ll = layout::toLinearLayout(layout, mem.getShape());
  } else {
    return "";
  }
  if (!ll)
    return "the copy has no distributed layout that fits the buffer";
  std::string why;
  if (!planLocalAccess(mem, *ll, &why))
    return "cannot copy into the shared buffer from this layout: " + why;
  return "";
}

/// True when the buffer behind `value` (a memdesc) is written by
/// asynchronous copies and nothing else: its allocation has no initial
/// value, some copy writes it, and every use reached through memdesc_index /
/// memdesc_trans is a copy, a dot or a local_load (anything else, a
/// local_store or a use the rule cannot follow, keeps the fence).
/// Whether the lowering may store some element of `copy` synchronously
/// (st.shared, the generic proxy): the vector it would use, from the same
/// plan as the patterns above, is narrower than 4 bytes. Such a buffer
/// needs the proxy fence before a wgmma reads it. Needs the access facts
/// (annotateAsyncCopies records them first).
static bool mayCopySynchronously(Operation *copy) {
  layout::MemDescType mem;
  std::optional<LinearLayout> ll;
  int maxWidth = 1;
  if (isa<tl::AsyncLoadTileOp, tl::AsyncLoadAtOp>(copy)) {
    mem = getViewCopyBuffer(copy);
    if (Attribute layout = getViewCopyLayout(copy))
      ll = layout::toLinearLayout(layout, mem.getShape());
    if (!ll)
      return true;
    maxWidth = getViewCopyWidth(copy, getViewCopyView(copy), *ll,
                                mem.getElementBytes());
  } else if (auto ptrCopy = dyn_cast<layout::AsyncCopyGlobalToLocalOp>(copy)) {
    mem = ptrCopy.getDst().getType();
    auto ptrType = cast<RankedTensorType>(ptrCopy.getPtrs().getType());
    ll = TileLLVMTypeConverter::getLinearLayout(ptrType);
    if (!ll)
      return true;
    maxWidth = getPointerCopyWidth(copy, *ll, mem.getElementBytes(),
                                   bool(ptrCopy.getMask()));
  } else {
    return true;
  }
  int64_t bytes = mem.getElementBytes();
  if (bytes >= 4)
    return false;
  std::optional<LocalAccessPlan> plan = planLocalAccess(mem, *ll, nullptr);
  if (!plan)
    return true;
  int maxElems = std::max<int>(1, 16 / bytes);
  return getSharedWidth(*plan, std::min(maxWidth, maxElems)) * bytes < 4;
}

static bool isWrittenOnlyByAsyncCopies(Value value) {
  value = layout::getViewedBuffer(value);
  auto alloc = value.getDefiningOp<layout::LocalAllocOp>();
  if (!alloc || alloc.getSrc())
    return false;
  bool copied = false;
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<layout::MemDescIndexOp, layout::MemDescTransOp>(user))
        worklist.push_back(user->getResult(0));
      else if (isa<layout::AsyncCopyGlobalToLocalOp, tl::AsyncLoadTileOp,
                   tl::AsyncLoadAtOp>(user)) {
        if (mayCopySynchronously(user))
          return false;
        copied = true;
      }
      // TMA loads write through the async proxy that wgmma reads through
      // (ordered by the mbarrier's transaction count): no proxy fence.
      else if (auto tma = dyn_cast<layout::AsyncTmaCopyGlobalToLocalOp>(user);
               tma && tma.getDst() == v)
        copied = true;
      else if (!isa<tl::DotOp, layout::LocalLoadOp>(user))
        return false;
    }
  }
  return copied;
}

void tile::annotateAsyncCopies(Operation *root) {
  // Each view copy records its copy layout (the default one included).
  root->walk([](Operation *op) {
    if (!isa<tl::AsyncLoadTileOp, tl::AsyncLoadAtOp>(op) ||
        op->hasAttr("layout"))
      return;
    if (Attribute layout = getViewCopyLayout(op))
      op->setAttr("layout", layout);
  });
  // The facts that decide the copies' vector widths (the kernel pattern
  // finds them recorded and does not record them again).
  root->walk([](tl::KernelOp kernel) {
    if (!kernel->hasAttr(tl::kAccessFactsAttr))
      tl::annotateAccessFacts(kernel);
  });
  root->walk([](Operation *op) {
    auto dot = dyn_cast<tl::DotOp>(op);
    if (!dot)
      return;
    bool anyBuffer = false, allAsync = true;
    for (Value operand : {dot.getA(), dot.getB()}) {
      if (!isa<layout::MemDescType>(operand.getType()))
        continue;
      anyBuffer = true;
      allAsync &= isWrittenOnlyByAsyncCopies(operand);
    }
    if (anyBuffer && allAsync)
      dot->setAttr(kNoProxyFenceAttr, UnitAttr::get(dot.getContext()));
  });
}

void tile::populateAsyncCopyOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<AsyncCopyGlobalToLocalOpConversion, AsyncLoadTileOpConversion,
               AsyncLoadAtOpConversion, AsyncCommitGroupOpConversion,
               AsyncWaitOpConversion>(converter);
}
