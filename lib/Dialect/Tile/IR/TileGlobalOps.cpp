//===- TileGlobalOps.cpp - tile.global_tensor -----------------------------===//

#include "MixedIndexList.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace tile;
using namespace tile::tl;

ParseResult GlobalTensorOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> shape;
  SmallVector<Type> shapeTypes;
  SmallVector<int64_t> staticShape;
  Type type;
  if (parser.parseKeyword("shape") ||
      parseMixedList(parser, shape, shapeTypes, staticShape))
    return failure();
  Builder &b = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("zeroed")))
    result.addAttribute(getZeroedAttrName(result.name), b.getUnitAttr());
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type) ||
      parser.resolveOperands(shape, shapeTypes, loc, result.operands))
    return failure();
  result.addAttribute(getStaticShapeAttrName(result.name),
                      b.getDenseI64ArrayAttr(staticShape));
  result.addTypes(type);
  return success();
}

void GlobalTensorOp::print(OpAsmPrinter &p) {
  p << " shape ";
  printMixedList(p, getStaticShape(), getShape());
  if (getZeroed())
    p << " zeroed";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getStaticShapeAttrName(), getZeroedAttrName()});
  p << " : " << getType();
}

SmallVector<OpFoldResult> GlobalTensorOp::getMixedShape() {
  return getMixed(Builder(getContext()), getStaticShape(), getShape());
}

LogicalResult GlobalTensorOp::verify() {
  ArrayRef<int64_t> statics = getStaticShape();
  if (statics.empty())
    return emitOpError("needs at least one extent: shape [N, ...]");
  int64_t numDynamic = llvm::count_if(
      statics, [](int64_t s) { return ShapedType::isDynamic(s); });
  if (numDynamic != int64_t(getShape().size()))
    return emitOpError() << "has " << getShape().size() << " extent values for "
                         << numDynamic << " dynamic extents";
  for (auto [d, s] : llvm::enumerate(statics))
    if (!ShapedType::isDynamic(s) && s <= 0)
      return emitOpError() << "extent " << d << " is " << s
                           << "; extents must be positive";
  Type pointee = getType().getPointeeType();
  if (!pointee || !pointee.isIntOrFloat())
    return emitOpError() << "the result must point to integers or floats "
                            "(!tile.ptr<f32>, !tile.ptr<i32>, ...), got "
                         << getType();
  // The launcher sizes the buffer from the launch's arguments: a dynamic
  // extent must be one of them.
  auto kernel = (*this)->getParentOfType<KernelOp>();
  if (!kernel)
    return emitOpError("must be inside a tile.kernel");
  for (auto [d, value] : llvm::enumerate(getShape())) {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != &kernel.getBody().front()) {
      InFlightDiagnostic diag =
          emitOpError() << "extent " << d
                        << " is computed in the kernel; the launcher "
                           "allocates the buffer before the launch, so each "
                           "extent must be an integer or an integer kernel "
                           "parameter";
      diag.attachNote(value.getLoc()) << "computed here";
      return diag;
    }
  }
  if (!llvm::isPowerOf2_32(std::max(8u, pointee.getIntOrFloatBitWidth())))
    return emitOpError() << "elements of " << pointee
                         << " have no byte size; use a type of 8, 16, 32 or "
                            "64 bits";
  return success();
}
