//===- UseTma.cpp - allow_tma loads and stores to TMA copies --------------===//
//
// cuTile's `allow_tma` hint on tile.load_tile/store_tile (coordinates: the
// tile index times the tile) and tile.load_at/store_at (coordinates: the
// element offsets), decided per access in three steps:
//
//   1. legality (whyNotTma): the target, the tile (a matrix: extent 1 on
//      every dim but the last two, TMA element sizes, at most 256 rows,
//      rows a multiple of 16 bytes, identity order, zero or undetermined
//      padding, its last dim on the view's last) and the
//      view (rank 2 to 5, a tile.make_view of kernel parameters and
//      constants whose alignment the kernel promises: the launcher checks
//      promises, so the TMA version runs wherever the original does);
//      tile-warp-specialize (whyNotTmaLoad with TmaLoadOptions) also takes
//      a view of a parameter advanced by index * stride terms (a head
//      slice: one more descriptor dim per term, of extent INT32_MAX, its
//      coordinate the index; createTmaDesc builds that view) and a rank-2
//      load with order = [1, 0] (K^T: the box is the tile in view order,
//      getTmaLoadCoords swaps the indices);
//   2. the descriptor type: the block is the tile's extents on the view
//      axes it walks (load_tile/store_tile: the view's, 1 on its leading
//      batch dims; load_at/store_at with `dims`: those axes, boxes of 1 on
//      the others), in
//      #layout.nvmma_shared with the widest swizzle (128, 64, 32 bytes)
//      that divides its rows and fits its row count, else unswizzled;
//   3. the rewrite (rewriteLoad / rewriteStore), self-contained: each
//      access gets its own buffer and mbarrier, initialized, used once and
//      invalidated, so it is correct in any control flow. The buffer holds
//      the tile's last two dims; a tile of higher rank (1 x .. x R x C)
//      goes through registers as the R x C matrix in the layout its own is
//      a relabeling of, and a tile.reshape (no data moves) between them.
//
// Accesses that are not legal stay as they are: the hint never changes a
// result.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LayoutUtils.h"
#include "Pipeline.h"
#include "TmaLegality.h"

#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/ShapeLayouts.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace tile::tl {
#define GEN_PASS_DEF_USETMAPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// The largest power of two (capped at 2^30) that `value` is known to be a
/// multiple of: a constant's own, a kernel parameter's tile.divisibility,
/// 1 otherwise. std::nullopt when `value` is neither a constant nor a
/// parameter (the launcher could not build a descriptor from it).
std::optional<int64_t> knownMultiple(KernelOp kernel, OpFoldResult ofr) {
  auto ofConstant = [](int64_t c) -> int64_t {
    if (c == 0)
      return int64_t(1) << 30;
    return std::min<int64_t>(c & -c, int64_t(1) << 30);
  };
  if (auto attr = dyn_cast<Attribute>(ofr))
    return ofConstant(cast<IntegerAttr>(attr).getInt());
  Value value = cast<Value>(ofr);
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return ofConstant(constant.getSExtValue());
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &kernel.getBody().front())
    return std::nullopt;
  return kernel.getArgDivisibility(arg.getArgNumber()).value_or(1);
}

/// The constant value of `ofr`, if it has one.
std::optional<int64_t> constantOf(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return cast<IntegerAttr>(attr).getInt();
  APInt constant;
  if (matchPattern(cast<Value>(ofr), m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

struct TmaPlan {
  layout::TensorDescType descType;
  /// The access's tile.
  RankedTensorType tileType;
  /// The tile as the matrix in shared memory (its last two dims), in the
  /// layout of which tileType's is a relabeling (tile.reshape moves no
  /// data); tileType itself for a 2-D tile.
  RankedTensorType matrixType;
  /// A view of a parameter plus offsets (TmaLoadPlan::base; only when the
  /// caller allows it): the base parameter and the offset terms.
  Value base;
  SmallVector<Value> offsetIndices, offsetStrides;
};

/// One access the hint asks about: the view, the tile's type, how the tile
/// dims walk the view (`viewAxes[i]`: the view axis of tile dim i; identity
/// for load_tile/store_tile, `dims` for load_at/store_at).
struct TmaAccess {
  Value view;
  Type type;
  std::optional<ArrayRef<int64_t>> order;
  SmallVector<int64_t> viewAxes;
  bool isStore = false;
  /// Whether the view's pointer may be a parameter plus offsets
  /// (TmaPlan::base).
  bool allowOffsetBase = false;
};

/// `value` without the sign and zero extensions around it.
Value stripExtensions(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<arith::ExtSIOp, arith::ExtUIOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// Whether `value` (extensions stripped) is a parameter of `kernel` or a
/// constant: a descriptor stride the launcher can read.
bool isParameterOrConstant(KernelOp kernel, Value value) {
  value = stripExtensions(value);
  if (matchPattern(value, m_Constant()))
    return true;
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner() == &kernel.getBody().front();
}

/// Why `ptr` is not a kernel parameter advanced by a sum of products
/// index * stride, each stride a parameter or a constant (through
/// extensions; nested tile.addptr ops add up), or "" when it is: then
/// `plan` has the base and the terms (stride: the operand that is a
/// parameter or constant, the right one when both are).
std::string whyNotOffsetBase(KernelOp kernel, Value ptr, TmaPlan &plan) {
  SmallVector<Value> offsets;
  while (auto add = ptr.getDefiningOp<AddPtrOp>()) {
    offsets.push_back(add.getOffset());
    ptr = add.getPtr();
  }
  plan.base = ptr;
  while (!offsets.empty()) {
    Value offset = stripExtensions(offsets.pop_back_val());
    if (auto add = offset.getDefiningOp<arith::AddIOp>()) {
      offsets.append({add.getRhs(), add.getLhs()}); // lhs first
      continue;
    }
    auto mul = offset.getDefiningOp<arith::MulIOp>();
    if (!mul)
      return "the view's pointer is advanced by an offset that is not a sum "
             "of products index * stride (a TMA descriptor takes one dim per "
             "term, its stride a kernel parameter or a constant)";
    Value index = mul.getLhs(), stride = mul.getRhs();
    if (!isParameterOrConstant(kernel, stride))
      std::swap(index, stride);
    if (!isParameterOrConstant(kernel, stride))
      return "the view's pointer is advanced by a product of which neither "
             "factor is a kernel parameter or a constant (the descriptor's "
             "stride for it)";
    plan.offsetIndices.push_back(index);
    plan.offsetStrides.push_back(stripExtensions(stride));
  }
  return "";
}

/// Whether the strides of a compact row-major view with this shape (the
/// products of the extents right of each dim) each have at most one
/// run-time factor, as a descriptor recipe needs (one parameter per
/// stride, times a constant).
bool hasRecipeCompactStrides(ArrayRef<OpFoldResult> shape) {
  return llvm::count_if(shape.drop_front(), [](OpFoldResult extent) {
           return !constantOf(extent);
         }) <= 1;
}

/// Whether `access` can be copied by TMA ("" when it can; then `plan` is
/// filled in).
std::string whyNotTma(KernelOp kernel, const TmaAccess &access,
                      unsigned computeCapability, TmaPlan &plan) {
  if (computeCapability < 90)
    return "TMA needs sm_90 or newer";
  auto viewType = cast<ViewType>(access.view.getType());
  int64_t rank = viewType.getRank();
  auto tensor = dyn_cast<RankedTensorType>(access.type);
  if (!tensor || tensor.getRank() < 2 || !tensor.getEncoding())
    return "TMA copies tiles of rank 2 or more with a layout";
  if (rank > 5)
    return "the view has rank " + std::to_string(rank) +
           "; a TMA descriptor has at most 5 dims";
  // The shared block is a matrix: the tile's last two dims; the dims before
  // them (the batch dims of a load_tile/store_tile of a rank-3..5 view)
  // must have extent 1.
  int64_t tileRank = tensor.getRank();
  for (int64_t d = 0; d + 2 < tileRank; ++d)
    if (tensor.getShape()[d] != 1)
      return "the tile has extent " + std::to_string(tensor.getShape()[d]) +
             " on dim " + std::to_string(d) +
             "; TMA copies a 2-D tile (extent 1 on every dim but the last "
             "two)";
  Type element = tensor.getElementType();
  if (!element.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u}, element.getIntOrFloatBitWidth()))
    return "TMA copies 8-, 16- and 32-bit elements";
  if (access.order &&
      !llvm::equal(*access.order, llvm::seq<int64_t>(0, tileRank)))
    return "the access permutes the view (order)";
  if (access.viewAxes.back() != rank - 1)
    return "the tile's last dim does not walk the view's last dim (TMA "
           "boxes are contiguous along it)";
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  int64_t rows = tensor.getShape()[tileRank - 2];
  int64_t cols = tensor.getShape()[tileRank - 1];
  int64_t rowBytes = cols * bytes;
  if (rows > 256)
    return "the tile has more than 256 rows";
  if (rowBytes % 16 != 0)
    return "the tile's rows are not a multiple of 16 bytes";

  auto makeView = access.view.getDefiningOp<MakeViewOp>();
  if (!makeView)
    return "the view is not made by tile.make_view in the kernel";
  // A CuTe layout whose modes coalesce to one leaf each is a strided view
  // with static strides; nested modes or a swizzle would need a box of
  // higher rank (one dim per leaf) whose shared-memory order is not the
  // tile's.
  std::optional<ViewLayoutPlan> layoutPlan =
      getViewLayoutPlan(makeView.getViewType());
  if (makeView.getViewType().getLayout() &&
      (!layoutPlan || !layoutPlan->isPlainStrided()))
    return "the view's CuTe layout has nested modes or a swizzle (a TMA "
           "descriptor takes one stride per dim)";
  Value ptrValue = makeView.getPtr();
  if (access.allowOffsetBase && ptrValue.getDefiningOp<AddPtrOp>()) {
    std::string why = whyNotOffsetBase(kernel, ptrValue, plan);
    if (!why.empty())
      return why;
    ptrValue = plan.base;
    if (!makeView.hasStrides())
      return "the view of an advanced pointer has no explicit strides (the "
             "descriptor of its base is made from them; give tile.make_view "
             "strides)";
    if (rank + int64_t(plan.offsetIndices.size()) > 5)
      return "the view of rank " + std::to_string(rank) + " and its " +
             std::to_string(plan.offsetIndices.size()) +
             " pointer offset terms (one descriptor dim each) exceed the 5 "
             "dims of a TMA descriptor";
  }
  auto ptr = dyn_cast<BlockArgument>(ptrValue);
  if (!ptr || ptr.getOwner() != &kernel.getBody().front())
    return access.allowOffsetBase
               ? "the view's pointer is neither a kernel parameter nor one "
                 "advanced by index * stride terms"
               : "the view's pointer is not a kernel parameter";
  if (kernel.getArgDivisibility(ptr.getArgNumber()).value_or(1) < 16)
    return "the view's pointer is not promised 16-byte aligned "
           "(tile.divisibility = 16)";
  SmallVector<OpFoldResult> shape = makeView.getMixedShape();
  for (OpFoldResult extent : shape)
    if (!knownMultiple(kernel, extent))
      return "an extent of the view is computed in the kernel";
  SmallVector<OpFoldResult> strides = makeView.getMixedStrides();
  Builder builder(kernel.getContext());
  if (layoutPlan) {
    for (const auto &leaves : layoutPlan->modes) {
      if (leaves.front().stride <= 0)
        return "the view's CuTe layout has a stride that is not positive";
      strides.push_back(builder.getIndexAttr(leaves.front().stride));
    }
  }
  // The known multiple of each stride but the last.
  SmallVector<int64_t> strideMultiples(rank - 1, 1);
  if (strides.empty()) {
    // Compact row major: products of the extents right of each dim.
    if (!hasRecipeCompactStrides(shape))
      return "a stride of the compact view is a product of several run-time "
             "extents (give tile.make_view explicit strides)";
    int64_t multiple = 1;
    for (int64_t d = rank - 2; d >= 0; --d) {
      multiple = std::min<int64_t>(
          multiple * *knownMultiple(kernel, shape[d + 1]), int64_t(1) << 30);
      strideMultiples[d] = multiple;
    }
  } else {
    std::optional<int64_t> inner = constantOf(strides[rank - 1]);
    if (!inner || *inner != 1)
      return "the view's last stride is not the constant 1";
    for (int64_t d = 0; d + 1 < rank; ++d) {
      std::optional<int64_t> multiple = knownMultiple(kernel, strides[d]);
      if (!multiple)
        return rank == 2 ? "the view's row stride is computed in the kernel"
                         : "the view's stride of dim " + std::to_string(d) +
                               " is computed in the kernel";
      strideMultiples[d] = *multiple;
    }
  }
  for (Value stride : plan.offsetStrides)
    if ((*knownMultiple(kernel, stride) * bytes) % 16 != 0)
      return "a stride of the view's pointer offset is not proven a "
             "multiple of 16 bytes (promise it with tile.divisibility)";
  for (int64_t d = 0; d + 1 < rank; ++d)
    if ((strideMultiples[d] * bytes) % 16 != 0)
      return (rank == 2 ? std::string("the view's row stride")
                        : "the view's stride of dim " + std::to_string(d)) +
             " is not proven a multiple of 16 bytes (promise it with "
             "tile.divisibility)";
  if (access.isStore) {
    std::optional<int64_t> colMultiple = knownMultiple(kernel, shape.back());
    if ((*colMultiple * bytes) % 16 != 0)
      return "the view's last extent is not proven a multiple of 16 bytes "
             "(a TMA store writes whole 16-byte chunks)";
  }

  unsigned swizzle = 0;
  for (unsigned s : {128u, 64u, 32u})
    if (rowBytes % s == 0 && rows >= 8) {
      swizzle = s;
      break;
    }
  if (!swizzle && cols > 256)
    return "the tile's rows are wider than an unswizzled TMA box";
  MLIRContext *ctx = kernel.getContext();
  auto nvmma = layout::NvmmaSharedAttr::get(ctx, swizzle, /*transposed=*/false,
                                            element.getIntOrFloatBitWidth());
  // The block: the tile's extents on the axes it walks, 1 elsewhere.
  SmallVector<int64_t> block(rank, 1);
  for (auto [axis, extent] : llvm::zip(access.viewAxes, tensor.getShape()))
    block[axis] = extent;
  // The offset terms' dims, outermost, box 1.
  block.insert(block.begin(), plan.offsetIndices.size(), 1);
  plan.descType = layout::TensorDescType::get(block, element, nvmma);
  plan.tileType = tensor;
  plan.matrixType = tensor;
  if (tileRank > 2) {
    std::optional<LinearLayout> tileLayout =
        layout::toLinearLayout(tensor.getEncoding(), tensor.getShape());
    std::optional<LinearLayout> matrixLayout =
        tileLayout ? reshapeLinearLayout(*tileLayout, {rows, cols})
                   : std::nullopt;
    if (!matrixLayout)
      return "the tile's layout has no linear form";
    plan.matrixType = RankedTensorType::get(
        {rows, cols}, element, layout::LinearAttr::get(ctx, *matrixLayout));
  }
  return "";
}

/// `value` (index or integer) as i32.
Value toI32(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), value);
  if (!value.getType().isInteger(32))
    return arith::TruncIOp::create(b, loc, b.getI32Type(), value);
  return value;
}

/// The element coordinates of load_at/store_at: the offsets, as i32.
SmallVector<Value> getOffsetCoords(OpBuilder &b, Location loc,
                                   ValueRange offsets) {
  SmallVector<Value> coords;
  for (Value offset : offsets)
    coords.push_back(toI32(b, loc, offset));
  return coords;
}

/// The TMA element coordinates of a load_tile/store_tile or
/// load_at/store_at.
SmallVector<Value> getAccessCoords(OpBuilder &b, Operation *op,
                                   const TmaPlan &plan) {
  Location loc = op->getLoc();
  if (auto load = dyn_cast<LoadTileOp>(op))
    return getTileCoords(b, loc, load.getIndices(), plan.descType.getShape());
  if (auto store = dyn_cast<StoreTileOp>(op))
    return getTileCoords(b, loc, store.getIndices(), plan.descType.getShape());
  if (auto load = dyn_cast<LoadAtOp>(op))
    return getOffsetCoords(b, loc, load.getOffsets());
  return getOffsetCoords(b, loc, cast<StoreAtOp>(op).getOffsets());
}

layout::MemDescType getBufferType(layout::TensorDescType desc) {
  return layout::MemDescType::get(desc.getMatrixShape(), desc.getElementType(),
                                  desc.getLayout());
}

/// A load_tile or load_at of `view` to a TMA copy.
void rewriteLoad(Operation *op, Value view, const TmaPlan &plan) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  MLIRContext *ctx = op->getContext();
  layout::TensorDescType desc = plan.descType;
  Value descValue = MakeTensorDescOp::create(b, loc, desc, view);
  Value bar =
      layout::LocalAllocOp::create(b, loc, getMbarrierType(ctx, {1}), Value());
  Value buf =
      layout::LocalAllocOp::create(b, loc, getBufferType(desc), Value());
  layout::FenceAsyncSharedOp::create(b, loc);
  layout::InitBarrierOp::create(b, loc, bar, 1);
  layout::BarrierExpectOp::create(b, loc, bar, desc.getBlockBytes());
  SmallVector<Value> coords = getAccessCoords(b, op, plan);
  layout::AsyncTmaCopyGlobalToLocalOp::create(b, loc, descValue, coords, buf,
                                              bar);
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  layout::WaitBarrierOp::create(b, loc, bar, zero);
  Value tile = layout::LocalLoadOp::create(b, loc, plan.matrixType, buf);
  if (plan.matrixType != plan.tileType)
    tile = ReshapeOp::create(b, loc, plan.tileType, tile);
  layout::InvalBarrierOp::create(b, loc, bar);
  op->getResult(0).replaceAllUsesWith(tile);
  op->erase();
}

/// The outermost scf.for around `op` in its kernel or warp-specialize
/// partition (null when none): a TMA store in it defers its wait.
scf::ForOp getOutermostLoop(Operation *op) {
  scf::ForOp outermost;
  for (Operation *parent = op->getParentOp();
       parent && !isa<KernelOp, WarpSpecializeOp>(parent);
       parent = parent->getParentOp())
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      outermost = loop;
  return outermost;
}

/// A store_tile or store_at of `value` to `view` to a TMA copy. Outside
/// loops the copy is waited for (until it has read its buffer) right after
/// it. In a loop (a persistent kernel's tile loop) the wait moves before
/// the buffer is written again, the next iteration's local_store, so that
/// the copy overlaps the rest of the iteration (the next tile's main
/// loop), and one more wait follows the outermost loop around it: the
/// program never leaves while a copy still reads its buffer.
void rewriteStore(Operation *op, Value value, Value view, const TmaPlan &plan) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  layout::TensorDescType desc = plan.descType;
  scf::ForOp loop = getOutermostLoop(op);
  Value descValue = MakeTensorDescOp::create(b, loc, desc, view);
  Value buf =
      layout::LocalAllocOp::create(b, loc, getBufferType(desc), Value());
  if (plan.matrixType != plan.tileType)
    value = ReshapeOp::create(b, loc, plan.matrixType, value);
  if (loop)
    layout::AsyncTmaStoreWaitOp::create(b, loc, 0);
  layout::LocalStoreOp::create(b, loc, value, buf);
  SmallVector<Value> coords = getAccessCoords(b, op, plan);
  layout::AsyncTmaCopyLocalToGlobalOp::create(b, loc, descValue, coords, buf);
  if (!loop) {
    layout::AsyncTmaStoreWaitOp::create(b, loc, 0);
  } else {
    auto next =
        dyn_cast_or_null<layout::AsyncTmaStoreWaitOp>(loop->getNextNode());
    if (!next || next.getPendings() != 0) {
      b.setInsertionPointAfter(loop);
      layout::AsyncTmaStoreWaitOp::create(b, loop.getLoc(), 0);
    }
  }
  op->erase();
}

/// The view axes the tile dims of a `dims` access walk (identity without).
SmallVector<int64_t> getViewAxes(std::optional<ArrayRef<int64_t>> dims,
                                 Type type) {
  if (dims)
    return SmallVector<int64_t>(*dims);
  int64_t rank =
      isa<RankedTensorType>(type) ? cast<RankedTensorType>(type).getRank() : 0;
  return llvm::to_vector(llvm::seq<int64_t>(0, std::max<int64_t>(rank, 1)));
}

/// The value a store_tile or store_at stores (null for other ops).
Value getStoredValue(Operation *op) {
  if (auto store = dyn_cast<StoreTileOp>(op))
    return store.getValue();
  if (auto store = dyn_cast<StoreAtOp>(op))
    return store.getValue();
  return Value();
}

/// The TMA access of a load_tile or load_at.
TmaAccess getLoadAccess(Operation *op) {
  if (auto load = dyn_cast<LoadTileOp>(op))
    return {load.getView(), load.getType(), load.getOrder(),
            getViewAxes(std::nullopt, load.getType()), false};
  auto load = cast<LoadAtOp>(op);
  return {load.getView(), load.getType(), std::nullopt,
          getViewAxes(load.getDims(), load.getType()), false};
}

/// The TMA access of an allow_tma store of `value` (`op`: store_tile or
/// store_at).
TmaAccess getStoreAccess(Operation *op, Value value) {
  if (auto store = dyn_cast<StoreTileOp>(op))
    return {store.getView(), value.getType(), store.getOrder(),
            getViewAxes(std::nullopt, value.getType()), true};
  auto store = cast<StoreAtOp>(op);
  return {store.getView(), value.getType(), std::nullopt,
          getViewAxes(store.getDims(), value.getType()), true};
}

/// The value an allow_tma store's TMA copy stores: the source of the
/// layout.convert that produces the stored value when the convert has no
/// other use and TMA can copy from its layout (no trip through shared
/// memory for the conversion), else the stored value.
Value getTmaStoredValue(Operation *op, Value value, unsigned cc) {
  auto convert = value.getDefiningOp<layout::ConvertOp>();
  if (!convert || !convert->hasOneUse() ||
      !isa<RankedTensorType>(convert.getSrc().getType()))
    return value;
  auto kernel = op->getParentOfType<KernelOp>();
  TmaPlan plan;
  if (!whyNotTma(kernel, getStoreAccess(op, convert.getSrc()), cc, plan)
           .empty())
    return value;
  return convert.getSrc();
}

struct UseTmaPass : public tile::tl::impl::UseTmaPassBase<UseTmaPass> {
  using Base::Base;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    // The kernel's buffers and the scratch of its layout conversions and
    // reductions (tile-pipeline's estimate); each TMA buffer adds its
    // block and its alignment.
    unsigned cc = computeCapability;
    int64_t sharedBytes =
        estimateOtherSharedBytes(kernel, {}, [&](layout::ConvertOp convert) {
          return isTmaStoreSource(convert, cc);
        });
    SmallVector<Operation *> accesses;
    kernel.walk([&](Operation *op) {
      if (isa<LoadTileOp, StoreTileOp, LoadAtOp, StoreAtOp>(op) &&
          op->hasAttr(kAllowTmaAttr))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      TmaPlan plan;
      TmaAccess access;
      Value value;
      if (isa<LoadTileOp, LoadAtOp>(op)) {
        access = getLoadAccess(op);
      } else {
        value = getTmaStoredValue(op, getStoredValue(op), cc);
        access = getStoreAccess(op, value);
      }
      std::string why = whyNotTma(kernel, access, computeCapability, plan);
      if (auto load = dyn_cast<LoadTileOp>(op);
          load && why.empty() && load.getPadding() != PaddingMode::zero &&
          load.getPadding() != PaddingMode::undetermined)
        why = "TMA pads with zeros, not the requested padding";
      if (why.empty()) {
        int64_t bytes =
            sharedBytes + plan.descType.getBlockBytes() + kTmaAlignSlack;
        if (bytes > kSharedMemoryLimit)
          why = "the kernel's shared memory with the TMA buffer (" +
                std::to_string(bytes) +
                " bytes, its other buffers and layout-conversion scratch "
                "included) would exceed the " +
                std::to_string(kSharedMemoryLimit) + " (227 KiB) of a CTA";
      }
      if (!why.empty()) {
        if (remarks)
          op->emitRemark() << "allow_tma: ordinary access: " << why;
        continue;
      }
      sharedBytes += plan.descType.getBlockBytes() + kTmaAlignSlack;
      if (remarks)
        op->emitRemark() << "allow_tma: TMA copy of "
                         << formatShape(plan.descType.getShape()) << " blocks, "
                         << plan.descType.getSwizzleBytes() << "-byte swizzle";
      if (access.isStore) {
        auto convert = getStoredValue(op).getDefiningOp<layout::ConvertOp>();
        rewriteStore(op, value, access.view, plan);
        if (convert && convert->use_empty())
          convert->erase();
      } else
        rewriteLoad(op, access.view, plan);
    }
  }
};

} // namespace

SmallVector<Value> tl::getTileCoords(OpBuilder &b, Location loc,
                                     ValueRange indices,
                                     ArrayRef<int64_t> tileShape) {
  SmallVector<Value> coords;
  for (auto [index, extent] : llvm::zip(indices, tileShape)) {
    Value i32 = toI32(b, loc, index);
    if (extent == 1) {
      coords.push_back(i32);
      continue;
    }
    Value size = arith::ConstantIntOp::create(b, loc, b.getI32Type(), extent);
    coords.push_back(arith::MulIOp::create(b, loc, i32, size));
  }
  return coords;
}

Value tl::getTileLoadView(Operation *load) {
  if (auto loadAt = dyn_cast<LoadAtOp>(load))
    return loadAt.getView();
  return cast<LoadTileOp>(load).getView();
}

OperandRange tl::getTileLoadPosition(Operation *load) {
  if (auto loadAt = dyn_cast<LoadAtOp>(load))
    return loadAt.getOffsets();
  return cast<LoadTileOp>(load).getIndices();
}

std::string tl::whyNotTmaLoad(Operation *load, unsigned computeCapability,
                              TmaLoadPlan &loadPlan, TmaLoadOptions options) {
  auto kernel = load->getParentOfType<KernelOp>();
  auto type = dyn_cast<RankedTensorType>(load->getResult(0).getType());
  if (!type)
    return "TMA copies tiles of rank 2 or more with a layout";
  TmaAccess access = getLoadAccess(load);
  access.allowOffsetBase = options.allowOffsetBase;
  auto loadTile = dyn_cast<LoadTileOp>(load);
  bool transposed = loadTile && options.allowTransposed &&
                    type.getRank() == 2 &&
                    loadTile.getOrderOrIdentity() == SmallVector<int64_t>{1, 0};
  if (transposed) {
    // The box: the tile in view order (a rank-2 tile's encoding serves
    // only to say that it has one).
    access.type =
        RankedTensorType::get({type.getShape()[1], type.getShape()[0]},
                              type.getElementType(), type.getEncoding());
    access.order = std::nullopt;
  }
  TmaPlan plan;
  std::string why = whyNotTma(kernel, access, computeCapability, plan);
  if (why.empty() && loadTile && loadTile.getPadding() != PaddingMode::zero &&
      loadTile.getPadding() != PaddingMode::undetermined)
    why = "TMA pads with zeros, not the requested padding";
  if (!why.empty())
    return why;
  loadPlan.descType = plan.descType;
  loadPlan.elementOffsets = isa<LoadAtOp>(load);
  loadPlan.transposed = transposed;
  loadPlan.base = plan.offsetIndices.empty() ? Value() : plan.base;
  loadPlan.offsetIndices = plan.offsetIndices;
  loadPlan.offsetStrides = plan.offsetStrides;
  return "";
}

Value tl::createTmaDesc(OpBuilder &b, Location loc, Value view,
                        const TmaLoadPlan &plan) {
  if (!plan.base)
    return MakeTensorDescOp::create(b, loc, plan.descType, view);
  // A view of the base parameter: the offset dims (extent unbounded,
  // stride the term's), then the view's own.
  auto make = view.getDefiningOp<MakeViewOp>();
  ViewType viewType = make.getViewType();
  size_t terms = plan.offsetStrides.size();
  SmallVector<int64_t> staticShape(terms, ShapedType::kDynamic);
  llvm::append_range(staticShape, make.getStaticShape());
  SmallVector<Value> shape;
  Value unbounded =
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), kTmaUnboundedExtent);
  shape.append(terms, unbounded);
  llvm::append_range(shape, make.getShape());
  SmallVector<int64_t> staticStrides;
  SmallVector<Value> strides;
  for (Value stride : plan.offsetStrides) {
    if (std::optional<int64_t> c = constantOf(stride)) {
      staticStrides.push_back(*c);
      continue;
    }
    staticStrides.push_back(ShapedType::kDynamic);
    strides.push_back(stride);
  }
  llvm::append_range(staticStrides, *make.getStaticStrides());
  llvm::append_range(strides, make.getStrides());
  SmallVector<int64_t> typeShape(terms, ShapedType::kDynamic);
  llvm::append_range(typeShape, viewType.getShape());
  auto baseType = ViewType::get(b.getContext(), typeShape,
                                viewType.getElementType(), Attribute());
  Value baseView =
      MakeViewOp::create(b, loc, baseType, plan.base, shape, strides,
                         b.getDenseI64ArrayAttr(staticShape),
                         b.getDenseI64ArrayAttr(staticStrides));
  return MakeTensorDescOp::create(b, loc, plan.descType, baseView);
}

SmallVector<Value> tl::getTmaLoadCoords(OpBuilder &b, Location loc,
                                        ValueRange indices,
                                        ValueRange offsetIndices,
                                        const TmaLoadPlan &plan) {
  SmallVector<Value> coords = getOffsetCoords(b, loc, offsetIndices);
  if (plan.elementOffsets) {
    llvm::append_range(coords, getOffsetCoords(b, loc, indices));
    return coords;
  }
  SmallVector<Value> viewIndices(indices);
  if (plan.transposed)
    std::swap(viewIndices[0], viewIndices[1]);
  ArrayRef<int64_t> box = plan.descType.getShape().drop_front(coords.size());
  llvm::append_range(coords, getTileCoords(b, loc, viewIndices, box));
  return coords;
}

int64_t tl::getTmaStoreBufferBytes(KernelOp kernel,
                                   unsigned computeCapability) {
  int64_t bytes = 0;
  kernel.walk([&](Operation *op) {
    if (!op->hasAttr(kAllowTmaAttr))
      return;
    Value value = getStoredValue(op);
    if (!value)
      return;
    value = getTmaStoredValue(op, value, computeCapability);
    TmaPlan plan;
    if (whyNotTma(kernel, getStoreAccess(op, value), computeCapability, plan)
            .empty())
      bytes += plan.descType.getBlockBytes() + kTmaAlignSlack;
  });
  return bytes;
}

bool tl::isTmaStoreSource(layout::ConvertOp convert,
                          unsigned computeCapability) {
  if (!convert->hasOneUse())
    return false;
  Operation *user = *convert->getUsers().begin();
  if (getStoredValue(user) != convert.getResult() ||
      !user->hasAttr(kAllowTmaAttr))
    return false;
  return getTmaStoredValue(user, convert.getResult(), computeCapability) ==
         convert.getSrc();
}
