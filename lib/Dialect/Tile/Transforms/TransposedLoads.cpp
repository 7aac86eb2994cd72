//===- TransposedLoads.cpp - tile.trans of a dot operand's load -----------===//
//
// `tile.dot %q, tile.trans(tile.load_tile %k[...])` (Triton's
// `tl.dot(q, tl.trans(k))`) reads the same elements as a load of the
// transposed tile: tile.load_tile with the two axes of `order` swapped and
// its indices swapped, in the trans's result layout. That layout is the
// load's with its output dims permuted, so every thread loads the same
// view elements as before; but the load is then one that tile-pipeline
// and tile-warp-specialize stage (a wgmma operand read through
// layout.memdesc_trans of a slot holding the tile in view order), where a
// tile.trans in registers kept it an ordinary load of every step. A
// tile.trans of a pointer-tensor tile.load is likewise the load of the
// transposed pointers (and mask and other), which tile-pipeline copies
// asynchronously. Only wgmma operands (the trans's users are local_allocs
// into an nvmma_shared layout) are folded.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

layout::NvmmaSharedAttr tl::getWgmmaAllocLayout(Value tile, Block *body) {
  layout::NvmmaSharedAttr allocLayout;
  for (Operation *user : tile.getUsers()) {
    auto alloc = dyn_cast<layout::LocalAllocOp>(user);
    if (!alloc || alloc->getBlock() != body ||
        alloc.getType().getNumBufferDims() != 0)
      return {};
    auto l = dyn_cast<layout::NvmmaSharedAttr>(alloc.getType().getLayout());
    if (!l || (allocLayout && l != allocLayout))
      return {};
    allocLayout = l;
  }
  return allocLayout;
}

TransOp tl::getTransposedOperand(Value operand, Block *body) {
  Value v = operand;
  while (Operation *def = v.getDefiningOp()) {
    if (def->getBlock() != body)
      return {};
    if (auto alloc = dyn_cast<layout::LocalAllocOp>(def);
        alloc && alloc.getSrc())
      v = alloc.getSrc();
    else if (auto convert = dyn_cast<layout::ConvertOp>(def))
      v = convert.getSrc();
    else
      return dyn_cast<TransOp>(def);
  }
  return {};
}

/// tile.trans(tile.load %ptrs, %mask, %other) as tile.load of the
/// transposed pointers (mask and other transposed too): the same addresses
/// in the same threads, now a load whose tile is the wgmma operand.
static void foldTransposedPointerLoad(TransOp trans, LoadOp load) {
  OpBuilder b(load);
  auto resultType = cast<RankedTensorType>(trans.getType());
  auto transposed = [&](Value v) -> Value {
    if (!v)
      return v;
    auto type = cast<RankedTensorType>(v.getType());
    auto permuted = RankedTensorType::get(resultType.getShape(),
                                          type.getElementType(),
                                          resultType.getEncoding());
    // A splat constant (the usual zero `other`) stays a constant, so that
    // the copy still sees a zero fill.
    DenseElementsAttr splat;
    if (matchPattern(v, m_Constant(&splat)) && splat.isSplat())
      return arith::ConstantOp::create(b, trans.getLoc(), permuted,
                                       splat.resizeSplat(permuted));
    return TransOp::create(b, trans.getLoc(), permuted, v,
                           trans.getOrderAttr());
  };
  Value ptr = transposed(load.getPtr());
  Value mask = transposed(load.getMask());
  Value other = transposed(load.getOther());
  auto folded = cast<LoadOp>(b.clone(*load));
  folded.getPtrMutable().assign(ptr);
  if (mask)
    folded.getMaskMutable().assign(mask);
  if (other)
    folded.getOtherMutable().assign(other);
  folded.getResult().setType(resultType);
  trans.getResult().replaceAllUsesWith(folded.getResult());
  trans.erase();
  load.erase();
}

/// tile.trans(tile.load_tile %v[i, j]) as tile.load_tile with the trans's
/// permutation applied to its `order` and indices.
static void foldTransposedTileLoad(TransOp trans, LoadTileOp load) {
  // Result dim i is load dim order[i] (tile.trans), which walks view axis
  // loadOrder[order[i]] from index indices[order[i]].
  ArrayRef<int32_t> order = trans.getOrder();
  SmallVector<int64_t> loadOrder = load.getOrderOrIdentity();
  SmallVector<int64_t> newOrder;
  SmallVector<Value> newIndices;
  for (int32_t d : order) {
    newOrder.push_back(loadOrder[d]);
    newIndices.push_back(load.getIndices()[d]);
  }
  OpBuilder b(load);
  auto folded = cast<LoadTileOp>(b.clone(*load));
  folded.getIndicesMutable().assign(newIndices);
  if (llvm::equal(newOrder, llvm::seq<int64_t>(0, newOrder.size())))
    folded.removeOrderAttr();
  else
    folded.setOrderAttr(b.getDenseI64ArrayAttr(newOrder));
  folded.getResult().setType(trans.getType());
  trans.getResult().replaceAllUsesWith(folded.getResult());
  trans.erase();
  load.erase();
}

void tl::foldTransposedOperandLoads(scf::ForOp loop) {
  Block *body = loop.getBody();
  SmallVector<TransOp> folds;
  body->walk([&](DotOp dot) {
    if (dot->getBlock() != body)
      return;
    for (Value operand : {dot.getA(), dot.getB()}) {
      TransOp trans = getTransposedOperand(operand, body);
      if (!trans || llvm::is_contained(folds, trans))
        continue;
      Operation *load = trans.getSrc().getDefiningOp();
      auto type = dyn_cast<RankedTensorType>(trans.getType());
      if (!load || load->getBlock() != body || !load->hasOneUse() || !type ||
          type.getRank() != 2)
        continue;
      // A load_tile of a rank-2 view, or a tile.load (of a pointer tensor,
      // its result being one).
      auto tileLoad = dyn_cast<LoadTileOp>(load);
      if (!isa<LoadTileOp, LoadOp>(load) ||
          (tileLoad && tileLoad.getIndices().size() != 2))
        continue;
      // Only wgmma operands: their slot is read transposed in shared
      // memory. An mma.sync operand (a convert to a dot_operand layout)
      // would gain nothing: a permuted load is not copied asynchronously.
      // One layout for all of them: the slot's (a trans that feeds both
      // A and B is left alone).
      if (!getWgmmaAllocLayout(trans.getResult(), body))
        continue;
      folds.push_back(trans);
    }
  });
  for (TransOp trans : folds) {
    if (auto ptrLoad = trans.getSrc().getDefiningOp<LoadOp>())
      foldTransposedPointerLoad(trans, ptrLoad);
    else
      foldTransposedTileLoad(trans, trans.getSrc().getDefiningOp<LoadTileOp>());
  }
}
