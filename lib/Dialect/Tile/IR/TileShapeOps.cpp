//===- TileShapeOps.cpp - Shape ops on register tiles ---------------------===//
//
// Verifiers of tile.trans, tile.reshape, tile.join, tile.split and tile.cat.
// They check shapes only: any layouts are allowed (the operand and the
// results have layouts or none). Layout assignment gives results the
// layouts derived from the operand's (ShapeLayouts.h); other layouts cost
// a data movement in the lowering.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "llvm/ADT/STLExtras.h"

using namespace tile;
using namespace tile::tl;

/// A tensor of `shape` with the element type and encoding of `like`, for
/// messages.
static RankedTensorType withShape(RankedTensorType like,
                                  ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, like.getElementType(),
                               like.getEncoding());
}

/// The operand and the results have layouts, or none of them has one.
static LogicalResult verifyLayoutsPresent(Operation *op) {
  auto hasLayout = [](Type t) {
    return bool(cast<RankedTensorType>(t).getEncoding());
  };
  bool operand = hasLayout(op->getOperand(0).getType());
  for (Type t : op->getResultTypes())
    if (hasLayout(t) != operand)
      return op->emitOpError()
             << "operand and result must both have layouts or both have "
                "none; layout assignment derives the result's from the "
                "operand's";
  return success();
}

/// Checks that `result` has shape `expected`; `what` says how it is formed.
static LogicalResult verifyResultShape(Operation *op, RankedTensorType result,
                                       ArrayRef<int64_t> expected,
                                       StringRef what) {
  if (result.getShape() == expected)
    return success();
  return op->emitOpError() << "result shape must be " << what << ": expected "
                           << withShape(result, expected) << ", got " << result;
}

LogicalResult TransOp::verify() {
  RankedTensorType src = getSrc().getType();
  ArrayRef<int32_t> order = getOrder();
  int64_t rank = src.getRank();
  if (int64_t(order.size()) != rank)
    return emitOpError() << "order has " << order.size()
                         << " entries for an operand of rank " << rank
                         << "; give one per dimension";
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return emitOpError() << "order [" << order
                           << "] is not a permutation of [0, " << rank
                           << "); each dimension must appear once";
    seen[d] = true;
  }
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(src.getDimSize(d));
  if (failed(verifyResultShape(*this, getType(), expected,
                               "the operand's permuted by order")))
    return failure();
  return verifyLayoutsPresent(*this);
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (src.getNumElements() != result.getNumElements())
    return emitOpError() << "the operand has " << src.getNumElements()
                         << " elements and the result "
                         << result.getNumElements()
                         << "; a reshape keeps the number of elements";
  return verifyLayoutsPresent(*this);
}

LogicalResult JoinOp::verify() {
  RankedTensorType src = getLhs().getType();
  SmallVector<int64_t> expected = llvm::to_vector(src.getShape());
  expected.push_back(2);
  if (failed(verifyResultShape(*this, getType(), expected,
                               "the operands' with a dimension of size 2 "
                               "appended")))
    return failure();
  return verifyLayoutsPresent(*this);
}

LogicalResult SplitOp::verify() {
  RankedTensorType src = getSrc().getType();
  if (src.getRank() < 2)
    return emitOpError() << "operand " << src
                         << " must have rank 2 or more; a tensor of size 2 "
                            "splits into scalars, use tile.reduce or a load "
                            "of each element instead";
  if (src.getShape().back() != 2)
    return emitOpError() << "the last dimension of the operand " << src
                         << " must have size 2, got " << src.getShape().back()
                         << "; reshape it to end in 2 first";
  if (failed(verifyResultShape(*this, getLhs().getType(),
                               src.getShape().drop_back(),
                               "the operand's without its last dimension")))
    return failure();
  return verifyLayoutsPresent(*this);
}

LogicalResult CatOp::verify() {
  RankedTensorType src = getLhs().getType();
  // The attribute is signless; read it as the signed value written.
  int64_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis >= src.getRank())
    return emitOpError() << "axis " << axis
                         << " is out of range for operands of rank "
                         << src.getRank() << "; it must be in [0, "
                         << src.getRank() - 1 << "]";
  SmallVector<int64_t> expected = llvm::to_vector(src.getShape());
  expected[axis] *= 2;
  if (failed(verifyResultShape(*this, getType(), expected,
                               "the operands' with dimension " +
                                   std::to_string(axis) + " doubled")))
    return failure();
  return verifyLayoutsPresent(*this);
}
