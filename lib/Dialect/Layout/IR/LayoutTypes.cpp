//===- LayoutTypes.cpp - Types of the layout dialect ----------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace tile;
using namespace tile::layout;

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Layout/IR/LayoutTypes.cpp.inc"

void LayoutDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/Dialect/Layout/IR/LayoutTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// MemDescType
//===----------------------------------------------------------------------===//

/// Parses `<SHAPExELEMENT, LAYOUT>`, the body of both buffer types.
static ParseResult parseShapeElementLayout(AsmParser &parser,
                                           SmallVectorImpl<int64_t> &shape,
                                           Type &elementType,
                                           Attribute &layout) {
  return failure(
      parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(layout) || parser.parseGreater());
}

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute layout;
  if (failed(parseShapeElementLayout(parser, shape, elementType, layout)))
    return {};
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elementType,
                                        layout);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x" << getElementType() << ", " << getLayout() << ">";
}

//===----------------------------------------------------------------------===//
// TensorDescType (verified in TmaOps.cpp)
//===----------------------------------------------------------------------===//

Type TensorDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute layout;
  if (failed(parseShapeElementLayout(parser, shape, elementType, layout)))
    return {};
  return parser.getChecked<TensorDescType>(parser.getContext(), shape,
                                           elementType, layout);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x" << getElementType() << ", " << getLayout() << ">";
}

/// The fewest leading dims of `shape` for which `layout` fits the rest, or
/// std::nullopt; `why` gets the reason the whole shape does not fit.
static std::optional<unsigned>
findNumBufferDims(Attribute layout, ArrayRef<int64_t> shape, std::string *why) {
  for (unsigned k = 0; k < shape.size(); ++k)
    if (toLinearLayout(layout, shape.drop_front(k)))
      return k;
  if (why)
    computeLinearLayout(layout, shape, why);
  return std::nullopt;
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute layout) {
  if (shape.empty())
    return emitError() << "!layout.memdesc must have rank >= 1";
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "!layout.memdesc extents must be positive, got "
                         << dim;
  if (!isa<IntegerType, FloatType>(elementType))
    return emitError() << "!layout.memdesc holds integer or floating-point "
                          "elements, not "
                       << elementType;
  if (!isa<SharedLayoutAttrInterface>(layout))
    return emitError() << "the layout of !layout.memdesc must be a shared "
                          "layout (#layout.swizzled_shared, #layout.strided, "
                          "...), got "
                       << layout;
  std::string why;
  std::optional<unsigned> numBufferDims =
      findNumBufferDims(layout, shape, &why);
  if (!numBufferDims)
    return emitError() << "the layout " << layout
                       << " fits no trailing dims of the shape: " << why;
  // Offsets must be a permutation of the slot's elements: every element has
  // one place and no two share it.
  std::optional<LinearLayout> ll =
      toLinearLayout(layout, shape.drop_front(*numBufferDims));
  if (!ll->isInvertible())
    return emitError() << "the layout " << layout
                       << " does not give every element of the slot its own "
                          "offset; shared buffers need a one-to-one layout";
  return success();
}

unsigned MemDescType::getNumBufferDims() const {
  return findNumBufferDims(getLayout(), getShape(), nullptr).value_or(0);
}

int64_t MemDescType::getElementBytes() const {
  return std::max<int64_t>(1,
                           (getElementType().getIntOrFloatBitWidth() + 7) / 8);
}

int64_t MemDescType::getSlotNumElements() const {
  int64_t n = 1;
  for (int64_t d : getSlotShape())
    n *= d;
  return n;
}

int64_t MemDescType::getSizeInBytes() const {
  int64_t n = getElementBytes();
  for (int64_t d : getShape())
    n *= d;
  return n;
}

std::optional<LinearLayout> MemDescType::getSlotLinearLayout() const {
  return toLinearLayout(getLayout(), getSlotShape());
}
