//===- TileOps.cpp - Operations of the tile dialect -----------------------===//
//
// Custom syntax, builders and verifiers of the tile ops other than
// tile.kernel (TileKernel.cpp) and the view ops (TileViewOps.cpp). Folds and
// canonicalizations are in TileFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "LayoutQueries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::tl;

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"

/// The elementwise companion of a pointer (tensor) type: same shape and
/// layout, element type `elementType`.
static Type likePtr(Type ptrLike, Type elementType) {
  return replaceElementType(ptrLike, elementType);
}

static Type getPointee(Type ptrLike) {
  if (auto ptr = dyn_cast<PtrType>(getElementTypeOrSelf(ptrLike)))
    return ptr.getPointeeType();
  return {};
}


//===----------------------------------------------------------------------===//
// ArangeOp
//===----------------------------------------------------------------------===//

LogicalResult ArangeOp::verify() {
  RankedTensorType type = getType();
  int64_t start = getStart(), end = getEnd();
  if (type.getRank() != 1)
    return emitOpError() << "result must be a 1-D tensor, got " << type
                         << "; use tile.expand_dims and tile.broadcast for "
                            "more dimensions";
  if (end <= start)
    return emitOpError() << "end (" << end << ") must be greater than start ("
                         << start << ")";
  if (type.getDimSize(0) != end - start)
    return emitOpError() << "result has " << type.getDimSize(0)
                         << " elements but [" << start << ", " << end
                         << ") holds " << end - start
                         << "; make the tensor size end - start";
  if (!isPowerOf2(end - start))
    return emitOpError() << "end - start = " << end - start
                         << " is not a power of two; tile dimensions must be "
                            "powers of two (mask the extra elements instead)";
  return success();
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

static Attribute getEncodingOrNull(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  return {};
}

LogicalResult AddPtrOp::verify() {
  if (isa<RankedTensorType>(getPtr().getType()) !=
      isa<RankedTensorType>(getOffset().getType()))
    return emitOpError("pointer and offset must both be tensors or both be "
                       "scalars; splat the scalar with tile.splat");
  if (getEncodingOrNull(getPtr().getType()) !=
      getEncodingOrNull(getOffset().getType()))
    return emitOpError("operands have different layouts; insert "
                       "layout.convert so that pointer and offset tensors "
                       "share a layout");
  return success();
}

//===----------------------------------------------------------------------===//
// AssumeMultipleOp
//===----------------------------------------------------------------------===//

LogicalResult AssumeMultipleOp::verify() {
  int64_t divisor = getDivisor();
  if (divisor <= 0 || !llvm::isPowerOf2_64(divisor))
    return emitOpError() << "divisor must be a power of two (1, 2, 4, ...); "
                            "got "
                         << divisor;
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  if (src.getEncoding() != result.getEncoding())
    return emitOpError() << "operand layout " << src.getEncoding()
                         << " differs from result layout "
                         << result.getEncoding()
                         << "; broadcast keeps the layout: insert "
                            "layout.convert before or after it";
  if (src.getRank() != result.getRank())
    return emitOpError() << "operand rank " << src.getRank()
                         << " differs from result rank " << result.getRank()
                         << "; add size-1 dimensions with tile.expand_dims "
                            "first";
  for (int64_t i = 0, e = src.getRank(); i < e; ++i) {
    int64_t from = src.getDimSize(i), to = result.getDimSize(i);
    if (from != to && from != 1)
      return emitOpError() << "dimension #" << i << " of size " << from
                           << " cannot be broadcast to " << to
                           << "; only dimensions of size 1 are expanded";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int32_t axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape = llvm::to_vector(srcType.getShape());
  if (axis >= 0 && axis <= static_cast<int32_t>(shape.size()))
    shape.insert(shape.begin() + axis, 1);
  Attribute encoding;
  if (auto slice = query::getSliceDimAndParent(srcType.getEncoding()))
    encoding = slice->second;
  build(builder, state,
        RankedTensorType::get(shape, srcType.getElementType(), encoding), src,
        axis);
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  // The attribute is signless; read it as the signed value written.
  int64_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis > src.getRank())
    return emitOpError() << "axis " << axis << " is out of range for an "
                         << "operand of rank " << src.getRank()
                         << "; it must be in [0, " << src.getRank() << "]";
  SmallVector<int64_t> expected = llvm::to_vector(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be the operand's with a 1 "
                            "inserted at axis "
                         << axis << ": expected "
                         << RankedTensorType::get(expected,
                                                  src.getElementType(),
                                                  result.getEncoding());
  Attribute parent = result.getEncoding(), operand = src.getEncoding();
  if (!parent && !operand)
    return success();
  if (!parent || !operand)
    return emitOpError() << "operand and result must both have layouts or "
                            "both have none; the operand's layout is "
                            "#layout.slice<dim = "
                         << axis << ", parent = P> for a result in P";
  Attribute expectedSlice = query::getSliceLayout(parent, axis);
  if (expectedSlice && expectedSlice != operand)
    return emitOpError() << "operand layout must be " << expectedSlice
                         << " (the slice of the result layout along axis "
                         << axis << "), got " << operand
                         << "; insert layout.convert before expand_dims";
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  Type resultType = likePtr(ptr.getType(), getPointee(ptr.getType()));
  build(builder, state, resultType, ptr, mask, other);
}

ParseResult LoadOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr, mask, other;
  bool hasMask = false, hasOther = false;
  Type ptrType;
  if (parser.parseOperand(ptr))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    hasMask = true;
    if (parser.parseOperand(mask))
      return failure();
    if (succeeded(parser.parseOptionalComma())) {
      hasOther = true;
      if (parser.parseOperand(other))
        return failure();
    }
  }
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(ptrType))
    return failure();
  Type pointee = getPointee(ptrType);
  if (!pointee)
    return parser.emitError(typeLoc)
           << "expected !tile.ptr or a tensor of !tile.ptr, got " << ptrType;
  Type resultType = likePtr(ptrType, pointee);
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      (hasMask &&
       parser.resolveOperand(mask,
                             likePtr(ptrType, parser.getBuilder().getI1Type()),
                             result.operands)) ||
      (hasOther && parser.resolveOperand(other, resultType, result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, hasMask ? 1 : 0, hasOther ? 1 : 0}));
  result.addTypes(resultType);
  return success();
}

void LoadOp::print(OpAsmPrinter &p) {
  p << " " << getPtr();
  if (getMask())
    p << ", " << getMask();
  if (getOther())
    p << ", " << getOther();
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getOperandSegmentSizesAttrName()});
  p << " : " << getPtr().getType();
}

/// Checks the mask of a load or store against the pointer operand.
static LogicalResult verifyMask(Operation *op, Type ptrType, Value mask) {
  if (!mask)
    return success();
  Type expected = likePtr(ptrType, IntegerType::get(op->getContext(), 1));
  if (mask.getType() != expected)
    return op->emitOpError()
           << "mask has type " << mask.getType() << " but must be "
           << expected << ": i1 with the pointer operand's shape and layout";
  return success();
}

LogicalResult LoadOp::verify() {
  Type ptrType = getPtr().getType();
  Type expected = likePtr(ptrType, getPointee(ptrType));
  if (getType() != expected)
    return emitOpError() << "result type " << getType() << " must be "
                         << expected
                         << ": the pointee type with the pointer operand's "
                            "shape and layout";
  if (failed(verifyMask(*this, ptrType, getMask())))
    return failure();
  if (getOther()) {
    if (!getMask())
      return emitOpError("`other` is only meaningful with a mask; add one "
                         "or drop `other`");
    if (getOther().getType() != expected)
      return emitOpError() << "other has type " << getOther().getType()
                           << " but must be the result type " << expected;
  }
  return success();
}

ParseResult StoreOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr, value, mask;
  bool hasMask = false;
  Type ptrType;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseOperand(value))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    hasMask = true;
    if (parser.parseOperand(mask))
      return failure();
  }
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(ptrType))
    return failure();
  Type pointee = getPointee(ptrType);
  if (!pointee)
    return parser.emitError(typeLoc)
           << "expected !tile.ptr or a tensor of !tile.ptr, got " << ptrType;
  return failure(
      parser.resolveOperand(ptr, ptrType, result.operands) ||
      parser.resolveOperand(value, likePtr(ptrType, pointee),
                            result.operands) ||
      (hasMask &&
       parser.resolveOperand(mask,
                             likePtr(ptrType, parser.getBuilder().getI1Type()),
                             result.operands)));
}

void StoreOp::print(OpAsmPrinter &p) {
  p << " " << getPtr() << ", " << getValue();
  if (getMask())
    p << ", " << getMask();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getPtr().getType();
}

LogicalResult StoreOp::verify() {
  Type ptrType = getPtr().getType();
  Type expected = likePtr(ptrType, getPointee(ptrType));
  if (getValue().getType() != expected)
    return emitOpError() << "value has type " << getValue().getType()
                         << " but must be " << expected
                         << ": the pointee type with the pointer operand's "
                            "shape and layout";
  return verifyMask(*this, ptrType, getMask());
}
