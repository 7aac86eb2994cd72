//===- UseTma.cpp - allow_tma loads and stores to TMA copies --------------===//
//
// cuTile's `allow_tma` hint, decided per access in three steps:
//
//   1. legality (whyNotTma): the target, the tile (2-D, TMA element sizes,
//      at most 256 rows, rows a multiple of 16 bytes, identity order, zero
//      or undetermined padding) and the view (a tile.make_view of kernel
//      parameters and constants whose alignment the kernel promises: the
//      launcher checks promises, so the TMA version runs wherever the
//      original does);
//   2. the descriptor type: the block is the tile, in #layout.nvmma_shared
//      with the widest swizzle (128, 64, 32 bytes) that divides its rows
//      and fits its row count, else unswizzled;
//   3. the rewrite (rewriteLoad / rewriteStore), self-contained: each
//      access gets its own buffer and mbarrier, initialized, used once and
//      invalidated, so it is correct in any control flow.
//
// Accesses that are not legal stay as they are: the hint never changes a
// result.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "TmaLegality.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
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

/// The unit attribute that asks for TMA (cuTile's allow_tma).
constexpr llvm::StringLiteral kAllowTmaAttr = "allow_tma";

/// The shared memory the TMA buffers of one kernel may take (of 227 KiB),
/// leaving room for the scratch of layout conversions and reductions.
constexpr int64_t kTmaSharedBudget = 160 * 1024;

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
  RankedTensorType tileType;
};

/// Whether `view` with a tile of `type` can be copied by TMA ("" when it
/// can; then `plan` is filled in).
std::string whyNotTma(KernelOp kernel, Value view, Type type,
                      std::optional<ArrayRef<int64_t>> order, bool isStore,
                      unsigned computeCapability, TmaPlan &plan) {
  if (computeCapability < 90)
    return "TMA needs sm_90 or newer";
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() != 2 || !tensor.getEncoding())
    return "TMA copies 2-D tiles with a layout";
  Type element = tensor.getElementType();
  if (!element.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u}, element.getIntOrFloatBitWidth()))
    return "TMA copies 8-, 16- and 32-bit elements";
  if (order && !llvm::equal(*order, llvm::seq<int64_t>(0, 2)))
    return "the access permutes the view (order)";
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  int64_t rows = tensor.getShape()[0], cols = tensor.getShape()[1];
  int64_t rowBytes = cols * bytes;
  if (rows > 256)
    return "the tile has more than 256 rows";
  if (rowBytes % 16 != 0)
    return "the tile's rows are not a multiple of 16 bytes";

  auto makeView = view.getDefiningOp<MakeViewOp>();
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
  auto ptr = dyn_cast<BlockArgument>(makeView.getPtr());
  if (!ptr || ptr.getOwner() != &kernel.getBody().front())
    return "the view's pointer is not a kernel parameter";
  if (kernel.getArgDivisibility(ptr.getArgNumber()).value_or(1) < 16)
    return "the view's pointer is not promised 16-byte aligned "
           "(tile.divisibility = 16)";
  SmallVector<OpFoldResult> shape = makeView.getMixedShape();
  for (OpFoldResult extent : shape)
    if (!knownMultiple(kernel, extent))
      return "an extent of the view is computed in the kernel";
  SmallVector<OpFoldResult> strides = makeView.getMixedStrides();
  if (layoutPlan) {
    Builder builder(kernel.getContext());
    for (const auto &leaves : layoutPlan->modes) {
      if (leaves.front().stride <= 0)
        return "the view's CuTe layout has a stride that is not positive";
      strides.push_back(builder.getIndexAttr(leaves.front().stride));
    }
  }
  // Compact row major: the row stride is the extent of dim 1.
  OpFoldResult rowStride = strides.empty() ? shape[1] : strides[0];
  if (!strides.empty()) {
    std::optional<int64_t> inner = constantOf(strides[1]);
    if (!inner || *inner != 1)
      return "the view's last stride is not the constant 1";
  }
  std::optional<int64_t> strideMultiple = knownMultiple(kernel, rowStride);
  if (!strideMultiple)
    return "the view's row stride is computed in the kernel";
  if ((*strideMultiple * bytes) % 16 != 0)
    return "the view's row stride is not proven a multiple of 16 bytes "
           "(promise it with tile.divisibility)";
  if (isStore) {
    std::optional<int64_t> colMultiple = knownMultiple(kernel, shape[1]);
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
  plan.descType =
      layout::TensorDescType::get(tensor.getShape(), element, nvmma);
  plan.tileType = tensor;
  return "";
}

/// The element coordinates of a tile index: index * tile extent, as i32.
SmallVector<Value> getCoords(OpBuilder &b, Location loc, ValueRange indices,
                             ArrayRef<int64_t> tileShape) {
  SmallVector<Value> coords;
  for (auto [index, extent] : llvm::zip(indices, tileShape)) {
    Value i32 = index;
    if (index.getType().isIndex())
      i32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), index);
    else if (!index.getType().isInteger(32))
      i32 = arith::TruncIOp::create(b, loc, b.getI32Type(), index);
    Value size = arith::ConstantIntOp::create(b, loc, b.getI32Type(), extent);
    coords.push_back(arith::MulIOp::create(b, loc, i32, size));
  }
  return coords;
}

layout::MemDescType getBarrierType(MLIRContext *ctx) {
  auto bl = layout::SwizzledSharedAttr::get(ctx, 1, 1, 1, ArrayRef<unsigned>{0},
                                            {}, {}, {});
  return layout::MemDescType::get({1}, IntegerType::get(ctx, 64), bl);
}

void rewriteLoad(LoadTileOp op, const TmaPlan &plan) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  layout::TensorDescType desc = plan.descType;
  Value descValue = MakeTensorDescOp::create(b, loc, desc, op.getView());
  auto bufType = layout::MemDescType::get(
      desc.getShape(), desc.getElementType(), desc.getLayout());
  Value bar =
      layout::LocalAllocOp::create(b, loc, getBarrierType(ctx), Value());
  Value buf = layout::LocalAllocOp::create(b, loc, bufType, Value());
  layout::FenceAsyncSharedOp::create(b, loc);
  layout::InitBarrierOp::create(b, loc, bar, 1);
  layout::BarrierExpectOp::create(b, loc, bar, desc.getBlockBytes());
  SmallVector<Value> coords =
      getCoords(b, loc, op.getIndices(), desc.getShape());
  layout::AsyncTmaCopyGlobalToLocalOp::create(b, loc, descValue, coords, buf,
                                              bar);
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  layout::WaitBarrierOp::create(b, loc, bar, zero);
  Value tile = layout::LocalLoadOp::create(b, loc, plan.tileType, buf);
  layout::InvalBarrierOp::create(b, loc, bar);
  op.getResult().replaceAllUsesWith(tile);
  op.erase();
}

void rewriteStore(StoreTileOp op, const TmaPlan &plan) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  layout::TensorDescType desc = plan.descType;
  Value descValue = MakeTensorDescOp::create(b, loc, desc, op.getView());
  auto bufType = layout::MemDescType::get(
      desc.getShape(), desc.getElementType(), desc.getLayout());
  Value buf = layout::LocalAllocOp::create(b, loc, bufType, Value());
  layout::LocalStoreOp::create(b, loc, op.getValue(), buf);
  SmallVector<Value> coords =
      getCoords(b, loc, op.getIndices(), desc.getShape());
  layout::AsyncTmaCopyLocalToGlobalOp::create(b, loc, descValue, coords, buf);
  layout::AsyncTmaStoreWaitOp::create(b, loc, 0);
  op.erase();
}

struct UseTmaPass : public tile::tl::impl::UseTmaPassBase<UseTmaPass> {
  using Base::Base;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    int64_t sharedBytes = 0;
    kernel.walk([&](layout::LocalAllocOp alloc) {
      sharedBytes += alloc.getType().getSizeInBytes();
    });
    SmallVector<Operation *> accesses;
    kernel.walk([&](Operation *op) {
      if (isa<LoadTileOp, StoreTileOp>(op) && op->hasAttr(kAllowTmaAttr))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      TmaPlan plan;
      std::string why;
      if (auto load = dyn_cast<LoadTileOp>(op)) {
        why = whyNotTma(kernel, load.getView(), load.getType(), load.getOrder(),
                        /*isStore=*/false, computeCapability, plan);
        if (why.empty() && load.getPadding() != PaddingMode::zero &&
            load.getPadding() != PaddingMode::undetermined)
          why = "TMA pads with zeros, not the requested padding";
      } else {
        auto store = cast<StoreTileOp>(op);
        why = whyNotTma(kernel, store.getView(), store.getValue().getType(),
                        store.getOrder(), /*isStore=*/true, computeCapability,
                        plan);
      }
      if (why.empty() &&
          sharedBytes + plan.descType.getBlockBytes() > kTmaSharedBudget)
        why = "the kernel's shared memory would exceed the TMA budget";
      if (!why.empty()) {
        if (remarks)
          op->emitRemark() << "allow_tma: ordinary access: " << why;
        continue;
      }
      sharedBytes += plan.descType.getBlockBytes();
      if (remarks)
        op->emitRemark() << "allow_tma: TMA copy of "
                         << plan.descType.getShape()[0] << "x"
                         << plan.descType.getShape()[1] << " blocks, "
                         << plan.descType.getSwizzleBytes() << "-byte swizzle";
      if (auto load = dyn_cast<LoadTileOp>(op))
        rewriteLoad(load, plan);
      else
        rewriteStore(cast<StoreTileOp>(op), plan);
    }
  }
};

} // namespace

std::string tl::whyNotTmaLoad(LoadTileOp load, unsigned computeCapability,
                              layout::TensorDescType &descType) {
  auto kernel = load->getParentOfType<KernelOp>();
  if (!kernel)
    return "the load is not in a tile.kernel";
  TmaPlan plan;
  std::string why =
      whyNotTma(kernel, load.getView(), load.getType(), load.getOrder(),
                /*isStore=*/false, computeCapability, plan);
  if (why.empty() && load.getPadding() != PaddingMode::zero &&
      load.getPadding() != PaddingMode::undetermined)
    why = "TMA pads with zeros, not the requested padding";
  if (why.empty())
    descType = plan.descType;
  return why;
}
