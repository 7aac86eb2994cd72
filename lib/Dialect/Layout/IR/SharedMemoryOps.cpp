//===- SharedMemoryOps.cpp - Shared-memory ops of the layout dialect ------===//
//
// Verifiers, builders and folders of layout.local_alloc, local_load,
// local_store, memdesc_index and memdesc_trans; the buffer a view is of
// (BufferViews.h).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/BufferViews.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"

using namespace tile;
using namespace tile::layout;

/// Checks that a tensor exchanged with the buffer `mem` has its shape and
/// element type and a distributed layout that fits, and that `mem` is one
/// slot. `what` names the tensor ("the source", "the result").
static LogicalResult verifyTensorForBuffer(Operation *op,
                                           RankedTensorType tensor,
                                           MemDescType mem, StringRef what) {
  if (unsigned n = mem.getNumBufferDims())
    return op->emitOpError()
           << "needs one slot, but " << mem << " has " << n
           << " buffer dim(s); take a slot with layout.memdesc_index first";
  if (tensor.getShape() != mem.getShape() ||
      tensor.getElementType() != mem.getElementType())
    return op->emitOpError()
           << what << " " << tensor << " and the buffer " << mem
           << " must have the same shape and element type";
  Attribute enc = tensor.getEncoding();
  if (!isa_and_nonnull<DistributedLayoutAttrInterface>(enc))
    return op->emitOpError() << what << " " << tensor
                             << " needs a distributed layout encoding "
                                "(#layout.blocked, #layout.linear, ...)";
  return verifyLayoutForShape(enc, tensor.getShape(), [&]() {
    return op->emitOpError() << "the layout of " << what << " does not fit: ";
  });
}

//===----------------------------------------------------------------------===//
// local_alloc, local_load, local_store
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  if (!getSrc())
    return success();
  return verifyTensorForBuffer(*this,
                               cast<RankedTensorType>(getSrc().getType()),
                               getType(), "the source");
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       cast<OpResult>(getResult()));
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(),
                         cast<OpResult>(getResult()));
}

LogicalResult LocalLoadOp::verify() {
  return verifyTensorForBuffer(*this, getType(), getSrc().getType(),
                               "the result");
}

LogicalResult LocalStoreOp::verify() {
  return verifyTensorForBuffer(*this, getSrc().getType(), getDst().getType(),
                               "the source");
}

//===----------------------------------------------------------------------===//
// memdesc_index
//===----------------------------------------------------------------------===//

void MemDescIndexOp::build(OpBuilder &b, OperationState &state, Value src,
                           Value index) {
  auto type = cast<MemDescType>(src.getType());
  build(b, state,
        MemDescType::get(type.getShape().drop_front(), type.getElementType(),
                         type.getLayout()),
        src, index);
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType result = getType();
  if (src.getNumBufferDims() == 0) {
    SmallVector<int64_t> multi{2};
    llvm::append_range(multi, src.getShape());
    return emitOpError() << "the source " << src
                         << " has no buffer dims (its layout describes every "
                            "dim); index a buffer with a leading dim of "
                            "slots, for example "
                         << MemDescType::get(multi, src.getElementType(),
                                             src.getLayout());
  }
  ArrayRef<int64_t> slotShape = src.getShape().drop_front();
  if (result.getShape() != slotShape ||
      result.getElementType() != src.getElementType() ||
      result.getLayout() != src.getLayout())
    return emitOpError() << "the result must be the source without its first "
                            "dim, "
                         << MemDescType::get(slotShape, src.getElementType(),
                                             src.getLayout())
                         << ", not " << result;
  APInt index;
  if (matchPattern(getIndex(), m_ConstantInt(&index)) &&
      (index.isNegative() || index.getSExtValue() >= src.getShape()[0]))
    return emitOpError() << "slot index " << index.getSExtValue()
                         << " is out of range: the buffer has "
                         << src.getShape()[0] << " slots (0 to "
                         << src.getShape()[0] - 1 << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// memdesc_trans
//===----------------------------------------------------------------------===//

/// True when `order` is a permutation of 0..rank-1.
static bool isPermutation(ArrayRef<int32_t> order, int64_t rank) {
  if (int64_t(order.size()) != rank)
    return false;
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

MemDescType MemDescTransOp::inferResultType(MemDescType src,
                                            ArrayRef<int32_t> order) {
  unsigned numBufferDims = src.getNumBufferDims();
  if (!isPermutation(order, src.getRank()))
    return {};
  SmallVector<unsigned> slotOrder;
  for (auto [i, d] : llvm::enumerate(order)) {
    if (i < numBufferDims) {
      if (d != int32_t(i))
        return {};
      continue;
    }
    slotOrder.push_back(d - numBufferDims);
  }
  Attribute layout =
      cast<SharedLayoutAttrInterface>(src.getLayout()).getTransposed(slotOrder);
  if (!layout)
    return {};
  SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(src.getShape()[d]);
  return MemDescType::get(shape, src.getElementType(), layout);
}

void MemDescTransOp::build(OpBuilder &b, OperationState &state, Value src,
                           ArrayRef<int32_t> order) {
  MemDescType type = inferResultType(cast<MemDescType>(src.getType()), order);
  assert(type && "the layout cannot express this transposed view");
  build(b, state, type, src, b.getDenseI32ArrayAttr(order));
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType result = getType();
  ArrayRef<int32_t> order = getOrder();
  if (!isPermutation(order, src.getRank()))
    return emitOpError() << "order must be a permutation of 0.."
                         << src.getRank() - 1 << " (one entry per dim of "
                         << src << ")";
  unsigned numBufferDims = src.getNumBufferDims();
  for (unsigned i = 0; i < numBufferDims; ++i)
    if (order[i] != int32_t(i))
      return emitOpError() << "order must keep the " << numBufferDims
                           << " buffer dim(s) of " << src
                           << " in place; transpose the slot dims only";
  SmallVector<int64_t> shape;
  for (int32_t d : order)
    shape.push_back(src.getShape()[d]);
  MemDescType inferred = inferResultType(src, order);
  auto suggest = [&](InFlightDiagnostic &diag) -> InFlightDiagnostic & {
    if (inferred)
      diag << "; write " << inferred;
    else
      diag << "; the layout " << src.getLayout() << " cannot express this view";
    return diag;
  };
  if (result.getShape() != ArrayRef<int64_t>(shape) ||
      result.getElementType() != src.getElementType()) {
    InFlightDiagnostic diag =
        emitOpError() << "the result must have the source's element type and "
                         "its dims permuted by order";
    return suggest(diag);
  }
  if (result.getNumBufferDims() != numBufferDims) {
    InFlightDiagnostic diag =
        emitOpError() << "the result layout describes other dims than the "
                         "source's (buffer dims must stay buffer dims)";
    return suggest(diag);
  }
  // The result's slot layout must place every element where the source's
  // does: its linear form is the source's with the output dims permuted.
  std::optional<LinearLayout> srcLL = src.getSlotLinearLayout();
  std::optional<LinearLayout> resLL = result.getSlotLinearLayout();
  bool same =
      srcLL && resLL && srcLL->getInDimNames() == resLL->getInDimNames();
  for (const std::string &inDim :
       same ? srcLL->getInDimNames() : SmallVector<std::string>()) {
    if (srcLL->getInDimSize(inDim) != resLL->getInDimSize(inDim)) {
      same = false;
      break;
    }
    for (int i = 0, e = srcLL->getInDimSizeLog2(inDim); i < e && same; ++i) {
      ArrayRef<int32_t> a = srcLL->getBasis(inDim, i);
      ArrayRef<int32_t> b = resLL->getBasis(inDim, i);
      for (unsigned d = numBufferDims; d < order.size(); ++d)
        if (b[d - numBufferDims] != a[order[d] - numBufferDims])
          same = false;
    }
  }
  if (same)
    return success();
  InFlightDiagnostic diag = emitOpError()
                            << "the result layout " << result.getLayout()
                            << " does not place the elements where the source "
                               "layout does";
  return suggest(diag);
}

OpFoldResult MemDescTransOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType() &&
      llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())))
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<MemDescTransOp>())
    if (inner.getSrc().getType() == getType()) {
      // trans(trans(x)) is x when the permutations cancel.
      ArrayRef<int32_t> a = inner.getOrder(), b = getOrder();
      bool identity = true;
      for (auto [i, d] : llvm::enumerate(b))
        identity &= a[d] == int32_t(i);
      if (identity)
        return inner.getSrc();
    }
  return {};
}

Value tile::layout::getViewedBuffer(Value view) {
  while (Operation *def = view.getDefiningOp()) {
    if (auto index = dyn_cast<MemDescIndexOp>(def))
      view = index.getSrc();
    else if (auto trans = dyn_cast<MemDescTransOp>(def))
      view = trans.getSrc();
    else
      break;
  }
  return view;
}
