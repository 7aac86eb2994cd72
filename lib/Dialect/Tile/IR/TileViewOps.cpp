//===- TileViewOps.cpp - Global views and the loads and stores on them ----===//
//
// tile.make_view, tile.load_tile/store_tile (tile-space index, cuTile) and
// tile.load_at/store_at (element offsets, Tilus): custom syntax, accessors
// and verifiers.
//
//===----------------------------------------------------------------------===//

#include "AccessHintSyntax.h"
#include "MixedIndexList.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/ADT/STLExtras.h"

using namespace tile;
using namespace tile::tl;

//===----------------------------------------------------------------------===//
// Index lists
//===----------------------------------------------------------------------===//
//
// Indices, offsets and dynamic sizes are written `%v` when they are i32 (the
// type of most kernel parameters) and `%v : T` for i64 or index. Lists that
// may also hold static integers (make_view's shape and strides) keep them in
// an array attribute with ShapedType::kDynamic where a value is used.

/// Parses `%v` or `%v : type` into `operands`/`types`.
static ParseResult parseIndexValue(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
    SmallVectorImpl<Type> &types) {
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand))
    return failure();
  Type type = parser.getBuilder().getI32Type();
  if (succeeded(parser.parseOptionalColon()) && parser.parseType(type))
    return failure();
  operands.push_back(operand);
  types.push_back(type);
  return success();
}

static void printIndexValue(OpAsmPrinter &p, Value value) {
  p << value;
  if (!value.getType().isInteger(32))
    p << " : " << value.getType();
}

/// `[` (`%v` (`:` type)?)* `]`
static ParseResult
parseIndexList(OpAsmParser &parser,
               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
               SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square,
      [&] { return parseIndexValue(parser, operands, types); });
}

static void printIndexList(OpAsmPrinter &p, ValueRange values) {
  p << "[";
  llvm::interleaveComma(values, p, [&](Value v) { printIndexValue(p, v); });
  p << "]";
}

/// `[` (integer | `%v` (`:` type)?)* `]`
ParseResult
tile::tl::parseMixedList(OpAsmParser &parser,
               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
               SmallVectorImpl<Type> &types, SmallVectorImpl<int64_t> &statics) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult hasOperand = parser.parseOptionalOperand(operand);
        if (hasOperand.has_value()) {
          if (failed(*hasOperand))
            return failure();
          Type type = parser.getBuilder().getI32Type();
          if (succeeded(parser.parseOptionalColon()) && parser.parseType(type))
            return failure();
          operands.push_back(operand);
          types.push_back(type);
          statics.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        statics.push_back(value);
        return success();
      });
}

void tile::tl::printMixedList(OpAsmPrinter &p, ArrayRef<int64_t> statics,
                              ValueRange values) {
  p << "[";
  unsigned next = 0;
  llvm::interleaveComma(statics, p, [&](int64_t s) {
    if (!ShapedType::isDynamic(s))
      p << s;
    else if (next < values.size())
      printIndexValue(p, values[next++]);
    else
      p << "<<missing value>>";
  });
  p << "]";
}

SmallVector<OpFoldResult> tile::tl::getMixed(Builder b, ArrayRef<int64_t> statics,
                                          ValueRange values) {
  SmallVector<OpFoldResult> mixed;
  unsigned next = 0;
  for (int64_t s : statics) {
    if (!ShapedType::isDynamic(s))
      mixed.push_back(b.getI64IntegerAttr(s));
    else if (next < values.size())
      mixed.push_back(values[next++]);
  }
  return mixed;
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

/// Checks that `type`, the tile read from or written to `view` with
/// `numIndices` indices, has the view's element type and rank (or is a
/// scalar). `what` names the tile in diagnostics ("result" or "value").
static LogicalResult verifyTileAgainstView(Operation *op, Type type,
                                           ViewType view, size_t numIndices,
                                           StringRef what, bool offsets) {
  if (numIndices != static_cast<size_t>(view.getRank()))
    return op->emitOpError()
           << "has " << numIndices << (offsets ? " offsets" : " indices")
           << " but the view " << view << " has rank " << view.getRank()
           << "; give one " << (offsets ? "offset" : "index")
           << " per view dimension";
  Type elementType = getElementTypeOrSelf(type);
  if (elementType != view.getElementType())
    return op->emitOpError()
           << what << " element type " << elementType
           << " differs from the view's element type " << view.getElementType()
           << "; convert with arith ops before storing or after loading";
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (tensor.getRank() != view.getRank())
      return op->emitOpError()
             << what << " " << type << " has rank " << tensor.getRank()
             << " but the view has rank " << view.getRank()
             << "; a tile has the view's rank (use size-1 dimensions), or is "
                "a scalar for a single element";
  } else if (!isa<IntegerType, FloatType>(type)) {
    return op->emitOpError() << what << " must be a ranked tensor or a scalar "
                             << "of the view's element type, got " << type;
  }
  return success();
}

/// Checks that `order`, if given, is a permutation of 0..rank-1.
static LogicalResult verifyOrder(Operation *op,
                                 std::optional<ArrayRef<int64_t>> order,
                                 int64_t rank) {
  if (!order)
    return success();
  if (static_cast<int64_t>(order->size()) != rank)
    return op->emitOpError() << "order has " << order->size()
                             << " entries but the view has rank " << rank
                             << "; give a permutation of 0.." << rank - 1
                             << ", \"C\" or \"F\"";
  // A permutation of 0..rank-1 sorts to 0, 1, ..., rank-1. No entry is
  // ever used as an index, so an out-of-range one cannot be read past.
  SmallVector<int64_t> sorted(order->begin(), order->end());
  llvm::sort(sorted);
  for (int64_t i = 0; i < rank; ++i)
    if (sorted[i] != i)
      return op->emitOpError()
             << "order [" << llvm::make_range(order->begin(), order->end())
             << "] is not a permutation of 0.." << rank - 1
             << "; each view axis must appear exactly once";
  return success();
}

/// Parses the optional `order = "C" | "F" | [p0, p1, ...]` clause. A
/// reversed order is only known once the rank is; `reversed` says so.
/// Parses an optional `padding = MODE` clause into `attrName`.
static ParseResult parsePaddingClause(OpAsmParser &parser,
                                      OperationState &result,
                                      StringAttr attrName) {
  if (failed(parser.parseOptionalKeyword("padding")))
    return success();
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseEqual() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<PaddingMode> mode = symbolizePaddingMode(keyword);
  if (!mode)
    return parser.emitError(loc)
           << "padding must be zero, nan, pos_inf, neg_inf or "
              "undetermined, got '"
           << keyword << "'";
  result.addAttribute(attrName,
                      PaddingModeAttr::get(parser.getContext(), *mode));
  return success();
}

static ParseResult parseOrderClause(OpAsmParser &parser,
                                    SmallVectorImpl<int64_t> &order,
                                    bool &hasOrder, bool &reversed) {
  hasOrder = reversed = false;
  if (failed(parser.parseOptionalKeyword("order")))
    return success();
  if (parser.parseEqual())
    return failure();
  std::string shorthand;
  if (succeeded(parser.parseOptionalString(&shorthand))) {
    if (shorthand == "F") {
      reversed = true;
      hasOrder = true;
    } else if (shorthand != "C") {
      return parser.emitError(parser.getCurrentLocation())
             << "order must be \"C\", \"F\" or a permutation such as [1, 0], "
                "got \""
             << shorthand << "\"";
    }
    return success();
  }
  hasOrder = true;
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t axis;
        if (parser.parseInteger(axis))
          return failure();
        order.push_back(axis);
        return success();
      });
}

/// Stores the parsed order into `result` as the `order` attribute, leaving
/// it out for the identity.
static void addOrderAttr(OperationState &result, StringAttr name, bool hasOrder,
                     bool reversed, SmallVectorImpl<int64_t> &order,
                     int64_t rank) {
  if (!hasOrder)
    return;
  if (reversed) {
    order.clear();
    for (int64_t i = rank - 1; i >= 0; --i)
      order.push_back(i);
  }
  bool identity = true;
  for (auto [i, axis] : llvm::enumerate(order))
    identity &= axis == static_cast<int64_t>(i);
  if (identity && static_cast<int64_t>(order.size()) == rank)
    return;
  result.addAttribute(name,
                      DenseI64ArrayAttr::get(result.getContext(), order));
}

static void printOrderClause(OpAsmPrinter &p,
                             std::optional<ArrayRef<int64_t>> order) {
  if (!order)
    return;
  p << " order = [";
  llvm::interleaveComma(*order, p);
  p << "]";
}

static SmallVector<int64_t>
orderOrIdentity(std::optional<ArrayRef<int64_t>> order, int64_t rank) {
  if (order)
    return llvm::to_vector(*order);
  return llvm::to_vector(llvm::seq<int64_t>(0, rank));
}

static SmallVector<int64_t> tileShapeOf(Type tile, int64_t viewRank) {
  if (auto tensor = dyn_cast<RankedTensorType>(tile))
    return llvm::to_vector(tensor.getShape());
  return SmallVector<int64_t>(viewRank, 1);
}

//===----------------------------------------------------------------------===//
// MakeViewOp
//===----------------------------------------------------------------------===//

ParseResult MakeViewOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  SmallVector<OpAsmParser::UnresolvedOperand> shape, strides;
  SmallVector<Type> shapeTypes, strideTypes;
  SmallVector<int64_t> staticShape, staticStrides;
  bool hasStrides = false;
  Type ptrType, viewType;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseKeyword("shape") ||
      parseMixedList(parser, shape, shapeTypes, staticShape))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("strides") ||
        parseMixedList(parser, strides, strideTypes, staticStrides))
      return failure();
    hasStrides = true;
  }
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(ptrType) || parser.parseArrow() ||
      parser.parseType(viewType))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      parser.resolveOperands(shape, shapeTypes, loc, result.operands) ||
      parser.resolveOperands(strides, strideTypes, loc, result.operands))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute(getStaticShapeAttrName(result.name),
                      b.getDenseI64ArrayAttr(staticShape));
  if (hasStrides)
    result.addAttribute(getStaticStridesAttrName(result.name),
                        b.getDenseI64ArrayAttr(staticStrides));
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      b.getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(shape.size()),
                           static_cast<int32_t>(strides.size())}));
  result.addTypes(viewType);
  return success();
}

void MakeViewOp::print(OpAsmPrinter &p) {
  p << " " << getPtr() << ", shape ";
  printMixedList(p, getStaticShape(), getShape());
  if (std::optional<ArrayRef<int64_t>> strides = getStaticStrides()) {
    p << ", strides ";
    printMixedList(p, *strides, getStrides());
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getStaticShapeAttrName(), getStaticStridesAttrName(),
                           getOperandSegmentSizesAttrName()});
  p << " : " << getPtr().getType() << " -> " << getType();
}

SmallVector<OpFoldResult> MakeViewOp::getMixedShape() {
  return getMixed(Builder(getContext()), getStaticShape(), getShape());
}

SmallVector<OpFoldResult> MakeViewOp::getMixedStrides() {
  if (std::optional<ArrayRef<int64_t>> strides = getStaticStrides())
    return getMixed(Builder(getContext()), *strides, getStrides());
  return {};
}

LogicalResult MakeViewOp::verify() {
  ViewType view = getViewType();
  Type pointee = getPtr().getType().getPointeeType();
  if (pointee != view.getElementType())
    return emitOpError() << "pointer to " << pointee
                         << " cannot view elements of type "
                         << view.getElementType()
                         << "; the view's element type must be the pointee type";
  ArrayRef<int64_t> staticShape = getStaticShape();
  if (static_cast<int64_t>(staticShape.size()) != view.getRank())
    return emitOpError() << "shape has " << staticShape.size()
                         << " entries but the view " << view << " has rank "
                         << view.getRank() << "; give one entry per dimension";
  if (llvm::count_if(staticShape, ShapedType::isDynamic) !=
      static_cast<int64_t>(getShape().size()))
    return emitOpError("the number of dynamic shape values does not match "
                       "the dynamic entries of the shape");
  for (auto [i, entry] : llvm::enumerate(staticShape)) {
    int64_t dim = view.getShape()[i];
    if (!ShapedType::isDynamic(entry) && entry < 0)
      return emitOpError() << "shape entry #" << i << " is negative (" << entry
                           << "); extents are non-negative";
    if (ShapedType::isDynamic(dim) && !ShapedType::isDynamic(entry))
      return emitOpError() << "shape entry #" << i << " is the constant "
                           << entry << " but the view type has '?' there; "
                           << "write " << entry << " in the view type too";
    if (!ShapedType::isDynamic(dim) && dim != entry) {
      if (ShapedType::isDynamic(entry))
        return emitOpError()
               << "shape entry #" << i << " is a value but the view type has "
               << "the static extent " << dim << "; write '?' in the view "
               << "type, or the integer " << dim << " in the shape";
      return emitOpError() << "shape entry #" << i << " is " << entry
                           << " but the view type has " << dim
                           << "; the two must agree";
    }
  }
  std::optional<ArrayRef<int64_t>> staticStrides = getStaticStrides();
  if (!staticStrides) {
    if (!getStrides().empty())
      return emitOpError("stride values given without a strides list");
    return success();
  }
  if (view.getLayout())
    return emitOpError() << "the view type has the layout " << view.getLayout()
                         << ", which fixes the strides; drop the `strides` "
                            "list or the layout";
  if (static_cast<int64_t>(staticStrides->size()) != view.getRank())
    return emitOpError() << "strides has " << staticStrides->size()
                         << " entries but the view has rank " << view.getRank()
                         << "; give one stride per dimension";
  if (llvm::count_if(*staticStrides, ShapedType::isDynamic) !=
      static_cast<int64_t>(getStrides().size()))
    return emitOpError("the number of dynamic stride values does not match "
                       "the dynamic entries of the strides");
  return success();
}

//===----------------------------------------------------------------------===//
// LoadTileOp / StoreTileOp
//===----------------------------------------------------------------------===//

ParseResult LoadTileOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  SmallVector<Type> indexTypes;
  SmallVector<int64_t> order;
  bool hasOrder, reversed;
  Type viewType, resultType;
  if (parser.parseOperand(view) ||
      parseIndexList(parser, indices, indexTypes) ||
      parseOrderClause(parser, order, hasOrder, reversed))
    return failure();
  if (failed(parsePaddingClause(parser, result,
                                getPaddingAttrName(result.name))) ||
      parseAccessHints(parser, result))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(viewType) || parser.parseArrow() ||
      parser.parseType(resultType))
    return failure();
  auto viewTy = dyn_cast<ViewType>(viewType);
  if (!viewTy)
    return parser.emitError(parser.getNameLoc())
           << "expected a !tile.view, got " << viewType;
  addOrderAttr(result, getOrderAttrName(result.name), hasOrder, reversed, order,
           viewTy.getRank());
  if (parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultType);
  return success();
}

void LoadTileOp::print(OpAsmPrinter &p) {
  p << " " << getView();
  printIndexList(p, getIndices());
  printOrderClause(p, getOrder());
  if (getPadding() != PaddingMode::undetermined)
    p << " padding = " << stringifyPaddingMode(getPadding());
  printAccessHints(p, *this);
  SmallVector<StringRef> elided = getAccessHintAttrNames();
  elided.append({getOrderAttrName(), getPaddingAttrName()});
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : " << getView().getType() << " -> " << getType();
}

SmallVector<int64_t> LoadTileOp::getOrderOrIdentity() {
  return orderOrIdentity(getOrder(), getView().getType().getRank());
}

SmallVector<int64_t> LoadTileOp::getTileShape() {
  return tileShapeOf(getType(), getView().getType().getRank());
}

LogicalResult LoadTileOp::verify() {
  ViewType view = getView().getType();
  if (failed(verifyTileAgainstView(*this, getType(), view,
                                   getIndices().size(), "result", /*offsets=*/false)) ||
      failed(verifyOrder(*this, getOrder(), view.getRank())))
    return failure();
  return verifyAccessHints(*this, /*isLoad=*/true);
}

ParseResult StoreTileOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand value, view;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  SmallVector<Type> indexTypes;
  SmallVector<int64_t> order;
  bool hasOrder, reversed;
  Type valueType, viewType;
  if (parser.parseOperand(value) || parser.parseComma() ||
      parser.parseOperand(view) ||
      parseIndexList(parser, indices, indexTypes) ||
      parseOrderClause(parser, order, hasOrder, reversed) ||
      parseAccessHints(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(valueType) || parser.parseComma() ||
      parser.parseType(viewType))
    return failure();
  auto viewTy = dyn_cast<ViewType>(viewType);
  if (!viewTy)
    return parser.emitError(parser.getNameLoc())
           << "expected a !tile.view, got " << viewType;
  addOrderAttr(result, getOrderAttrName(result.name), hasOrder, reversed, order,
           viewTy.getRank());
  return failure(
      parser.resolveOperand(value, valueType, result.operands) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, parser.getNameLoc(),
                             result.operands));
}

void StoreTileOp::print(OpAsmPrinter &p) {
  p << " " << getValue() << ", " << getView();
  printIndexList(p, getIndices());
  printOrderClause(p, getOrder());
  printAccessHints(p, *this);
  SmallVector<StringRef> elided = getAccessHintAttrNames();
  elided.push_back(getOrderAttrName());
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : " << getValue().getType() << ", " << getView().getType();
}

SmallVector<int64_t> StoreTileOp::getOrderOrIdentity() {
  return orderOrIdentity(getOrder(), getView().getType().getRank());
}

SmallVector<int64_t> StoreTileOp::getTileShape() {
  return tileShapeOf(getValue().getType(), getView().getType().getRank());
}

LogicalResult StoreTileOp::verify() {
  ViewType view = getView().getType();
  if (failed(verifyTileAgainstView(*this, getValue().getType(), view,
                                   getIndices().size(), "value", /*offsets=*/false)) ||
      failed(verifyOrder(*this, getOrder(), view.getRank())))
    return failure();
  return verifyAccessHints(*this, /*isLoad=*/false);
}

//===----------------------------------------------------------------------===//
// LoadAtOp / StoreAtOp
//===----------------------------------------------------------------------===//

/// Parses the optional `dims [d0, d1, ...]` clause into `result`.
static ParseResult parseDimsClause(OpAsmParser &parser,
                                   OperationState &result) {
  if (failed(parser.parseOptionalKeyword("dims")))
    return success();
  SmallVector<int64_t> dims;
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       int64_t d;
                                       if (parser.parseInteger(d))
                                         return failure();
                                       dims.push_back(d);
                                       return success();
                                     }))
    return failure();
  result.addAttribute("dims",
                      DenseI64ArrayAttr::get(result.getContext(), dims));
  return success();
}

static void printDimsClause(OpAsmPrinter &p,
                            std::optional<ArrayRef<int64_t>> dims) {
  if (!dims)
    return;
  p << " dims [";
  llvm::interleaveComma(*dims, p);
  p << "]";
}

/// Checks an element-offset access: one offset per view axis; without
/// `dims` the tile has the view's rank (or is a scalar), with `dims` one
/// strictly increasing view axis per tile dim.
static LogicalResult verifyOffsetAccess(Operation *op, Type tile, ViewType view,
                                        size_t numOffsets,
                                        std::optional<ArrayRef<int64_t>> dims,
                                        StringRef what) {
  if (!dims)
    return verifyTileAgainstView(op, tile, view, numOffsets, what,
                                 /*offsets=*/true);
  int64_t rank = view.getRank();
  if (numOffsets != static_cast<size_t>(rank))
    return op->emitOpError()
           << "has " << numOffsets << " offsets but the view " << view
           << " has rank " << rank
           << "; give one offset per view dimension (those not in `dims` "
              "fix the slice)";
  Type elementType = getElementTypeOrSelf(tile);
  if (elementType != view.getElementType())
    return op->emitOpError()
           << what << " element type " << elementType
           << " differs from the view's element type " << view.getElementType()
           << "; convert with arith ops before storing or after loading";
  int64_t tileRank = 0;
  if (auto tensor = dyn_cast<RankedTensorType>(tile))
    tileRank = tensor.getRank();
  else if (!isa<IntegerType, FloatType>(tile))
    return op->emitOpError() << what << " must be a ranked tensor or a scalar "
                             << "of the view's element type, got " << tile;
  if (static_cast<int64_t>(dims->size()) != tileRank)
    return op->emitOpError()
           << "dims has " << dims->size() << " entries but the " << what << " "
           << tile << " has rank " << tileRank
           << "; give one view axis per tile dimension";
  for (auto [i, d] : llvm::enumerate(*dims)) {
    if (d < 0 || d >= rank)
      return op->emitOpError() << "dims entry #" << i << " is " << d
                               << ", not a view axis; the view has rank "
                               << rank << " (axes 0.." << rank - 1 << ")";
    if (i > 0 && d <= (*dims)[i - 1])
      return op->emitOpError()
             << "dims [" << llvm::make_range(dims->begin(), dims->end())
             << "] is not strictly increasing; tile dims keep the view's "
                "axis order (to transpose, load with tile.load_tile's "
                "`order`)";
  }
  return success();
}

static int64_t viewAxisOfTileDim(std::optional<ArrayRef<int64_t>> dims,
                                 int64_t d) {
  if (dims && d >= 0 && d < static_cast<int64_t>(dims->size()))
    return (*dims)[d];
  return d;
}

ParseResult LoadAtOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand view;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  SmallVector<Type> offsetTypes;
  Type viewType, resultType;
  if (parser.parseOperand(view) ||
      parseIndexList(parser, offsets, offsetTypes) ||
      parseDimsClause(parser, result) || parseAccessHints(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(viewType) || parser.parseArrow() ||
      parser.parseType(resultType) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(offsets, offsetTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultType);
  return success();
}

void LoadAtOp::print(OpAsmPrinter &p) {
  p << " " << getView();
  printIndexList(p, getOffsets());
  printDimsClause(p, getDims());
  printAccessHints(p, *this);
  SmallVector<StringRef> elided = getAccessHintAttrNames();
  elided.push_back(getDimsAttrName());
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : " << getView().getType() << " -> " << getType();
}

int64_t LoadAtOp::getViewAxisOfTileDim(int64_t d) {
  return viewAxisOfTileDim(getDims(), d);
}

LogicalResult LoadAtOp::verify() {
  if (failed(verifyOffsetAccess(*this, getType(), getView().getType(),
                                getOffsets().size(), getDims(), "result")))
    return failure();
  return verifyAccessHints(*this, /*isLoad=*/true);
}

ParseResult StoreAtOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand value, view;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  SmallVector<Type> offsetTypes;
  Type valueType, viewType;
  return failure(parser.parseOperand(value) || parser.parseComma() ||
                 parser.parseOperand(view) ||
                 parseIndexList(parser, offsets, offsetTypes) ||
                 parseDimsClause(parser, result) ||
                 parseAccessHints(parser, result) ||
                 parser.parseOptionalAttrDict(result.attributes) ||
                 parser.parseColon() || parser.parseType(valueType) ||
                 parser.parseComma() || parser.parseType(viewType) ||
                 parser.resolveOperand(value, valueType, result.operands) ||
                 parser.resolveOperand(view, viewType, result.operands) ||
                 parser.resolveOperands(offsets, offsetTypes,
                                        parser.getNameLoc(), result.operands));
}

void StoreAtOp::print(OpAsmPrinter &p) {
  p << " " << getValue() << ", " << getView();
  printIndexList(p, getOffsets());
  printDimsClause(p, getDims());
  printAccessHints(p, *this);
  SmallVector<StringRef> elided = getAccessHintAttrNames();
  elided.push_back(getDimsAttrName());
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : " << getValue().getType() << ", " << getView().getType();
}

int64_t StoreAtOp::getViewAxisOfTileDim(int64_t d) {
  return viewAxisOfTileDim(getDims(), d);
}

LogicalResult StoreAtOp::verify() {
  if (failed(verifyOffsetAccess(*this, getValue().getType(),
                                getView().getType(), getOffsets().size(),
                                getDims(), "value")))
    return failure();
  return verifyAccessHints(*this, /*isLoad=*/false);
}

int64_t tile::tl::getUnitStrideAxis(Value view) {
  auto make = view.getDefiningOp<MakeViewOp>();
  if (!make)
    return -1;
  int64_t rank = make.getViewType().getRank();
  if (rank == 0)
    return -1;
  if (make.getViewType().getLayout()) {
    std::optional<ViewLayoutPlan> plan = getViewLayoutPlan(make.getViewType());
    return plan ? plan->vectorAxis : -1;
  }
  if (!make.hasStrides())
    return rank - 1; // compact row-major
  // A static 1, or an SSA constant 1 (e.g. the Python JIT's equal-to-1
  // specialization of a stride argument).
  SmallVector<OpFoldResult> strides = make.getMixedStrides();
  for (int64_t a = rank - 1; a >= 0; --a)
    if (getConstantIntValue(strides[a]) == std::optional<int64_t>(1))
      return a;
  return -1;
}

//===----------------------------------------------------------------------===//
// AsyncLoadTileOp
//===----------------------------------------------------------------------===//

Attribute tile::tl::getDefaultAsyncCopyLayout(MLIRContext *ctx,
                                              ArrayRef<int64_t> shape,
                                              int64_t elementBytes,
                                              int64_t contiguousDim,
                                              int64_t numWarps) {
  int64_t rank = shape.size();
  if (rank == 0 || contiguousDim < 0 || contiguousDim >= rank ||
      elementBytes <= 0 || numWarps <= 0 ||
      llvm::any_of(shape, [](int64_t s) { return !isPowerOf2(s); }))
    return {};
  int64_t c = contiguousDim;
  int64_t numElements = 1;
  for (int64_t s : shape)
    numElements *= s;
  int64_t vec = std::max<int64_t>(1, std::min(16 / elementBytes, shape[c]));
  while (vec * elementBytes > 4 && numElements < 32 * numWarps * vec)
    vec /= 2;
  SmallVector<unsigned> size(rank, 1), lanes(rank, 1), warps(rank, 1);
  size[c] = vec;
  // What is left of each extent for the next level to spread over.
  SmallVector<int64_t> left(shape);
  left[c] = std::max<int64_t>(1, shape[c] / vec);
  int64_t freeLanes = 32;
  auto take = [&](int64_t d, int64_t &free, SmallVector<unsigned> &level) {
    int64_t n = std::min(free, left[d]);
    level[d] *= n;
    left[d] /= n;
    free /= n;
  };
  take(c, freeLanes, lanes);
  for (int64_t d = rank - 1; d >= 0; --d)
    if (d != c)
      take(d, freeLanes, lanes);
  lanes[c] *= freeLanes;
  int64_t freeWarps = numWarps;
  for (int64_t d = 0; d < rank; ++d)
    if (d != c)
      take(d, freeWarps, warps);
  take(c, freeWarps, warps);
  warps[c] *= freeWarps;
  SmallVector<unsigned> order{unsigned(c)};
  for (int64_t d = rank - 1; d >= 0; --d)
    if (d != c)
      order.push_back(d);
  return layout::BlockedAttr::get(ctx, size, lanes, warps, order);
}

Attribute AsyncLoadTileOp::getCopyLayout() {
  if (Attribute layout = getLayoutAttr())
    return layout;
  auto kernel = (*this)->getParentOfType<KernelOp>();
  if (!kernel)
    return {};
  layout::MemDescType dst = getDst().getType();
  int64_t axis = getUnitStrideAxis(getView());
  return getDefaultAsyncCopyLayout(
      getContext(), dst.getShape(), dst.getElementBytes(),
      axis >= 0 ? axis : dst.getRank() - 1, getNumWarpsAt(*this));
}

ParseResult AsyncLoadTileOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  OpAsmParser::UnresolvedOperand view, dst;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  SmallVector<Type> indexTypes;
  Type viewType, dstType;
  if (parser.parseOperand(view) ||
      parseIndexList(parser, indices, indexTypes))
    return failure();
  if (failed(parsePaddingClause(parser, result,
                                getPaddingAttrName(result.name))))
    return failure();
  if (parser.parseComma() || parser.parseOperand(dst) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(viewType) || parser.parseArrow() ||
      parser.parseType(dstType) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, parser.getNameLoc(),
                             result.operands) ||
      parser.resolveOperand(dst, dstType, result.operands))
    return failure();
  return success();
}

void AsyncLoadTileOp::print(OpAsmPrinter &p) {
  p << " " << getView();
  printIndexList(p, getIndices());
  if (getPadding() != PaddingMode::undetermined)
    p << " padding = " << stringifyPaddingMode(getPadding());
  p << ", " << getDst();
  p.printOptionalAttrDict((*this)->getAttrs(), {getPaddingAttrName()});
  p << " : " << getView().getType() << " -> " << getDst().getType();
}

/// The copy layout of an asynchronous tile copy `op` into `dst` (`layout`,
/// null when there is none; `explicitLayout`: given as an attribute):
/// present inside a kernel, of the kernel's (or partition's) warps, and one
/// the copy can use.
static LogicalResult verifyCopyLayout(Operation *op, Attribute layout,
                                      layout::MemDescType dst,
                                      bool explicitLayout) {
  if (!layout) {
    if (!op->getParentOfType<KernelOp>())
      return success(); // checked again inside a kernel
    return op->emitOpError()
           << "has no default copy layout for the tile " << dst
           << " (its dims must be powers of two); give one with "
              "{layout = #layout.blocked<...>}";
  }
  auto kernel = op->getParentOfType<KernelOp>();
  if (auto warpShape = layout::toLinearLayout(layout, dst.getShape()))
    if (kernel && warpShape->hasInDim("warp") &&
        warpShape->getInDimSize("warp") != getNumWarpsAt(op)) {
      InFlightDiagnostic diag =
          op->emitOpError() << "the copy layout " << layout << " has "
                            << warpShape->getInDimSize("warp") << " warps but ";
      if (std::optional<WarpPartition> partition = getWarpPartition(op))
        diag << "its partition #" << partition->index
             << " of tile.warp_specialize has " << partition->getNumWarps();
      else
        diag << "the kernel has num_warps = " << kernel.getNumWarps();
      return diag;
    }
  return layout::verifyAsyncCopyLayout(layout, dst.getShape(), [&]() {
    InFlightDiagnostic diag = op->emitOpError();
    if (!explicitLayout)
      diag << "(default copy layout " << layout
           << "; give one with {layout = ...}) ";
    return diag;
  });
}

LogicalResult AsyncLoadTileOp::verify() {
  ViewType view = getView().getType();
  layout::MemDescType dst = getDst().getType();
  if (getIndices().size() != size_t(view.getRank()))
    return emitOpError() << "has " << getIndices().size()
                         << " indices but the view " << view << " has rank "
                         << view.getRank()
                         << "; give one index per view dimension";
  if (unsigned n = dst.getNumBufferDims())
    return emitOpError()
           << "needs one slot, but " << dst << " has " << n
           << " buffer dim(s); take a slot with layout.memdesc_index first";
  if (dst.getRank() != view.getRank() ||
      dst.getElementType() != view.getElementType())
    return emitOpError() << "the buffer " << dst
                         << " must have the view's rank and element type ("
                         << view << "): it holds one tile of the view";
  if (getPadding() != PaddingMode::zero &&
      getPadding() != PaddingMode::undetermined)
    return emitOpError() << "padding = " << stringifyPaddingMode(getPadding())
                         << " is not possible: cp.async fills elements "
                            "outside the view with zeros; use padding = zero "
                            "(or tile.load_tile + layout.local_store for "
                            "other padding values)";
  return verifyCopyLayout(*this, getCopyLayout(), dst, bool(getLayoutAttr()));
}

//===----------------------------------------------------------------------===//
// AsyncLoadAtOp
//===----------------------------------------------------------------------===//

int64_t AsyncLoadAtOp::getViewAxisOfTileDim(int64_t d) {
  return viewAxisOfTileDim(getDims(), d);
}

Attribute AsyncLoadAtOp::getCopyLayout() {
  if (Attribute layout = getLayoutAttr())
    return layout;
  if (!(*this)->getParentOfType<KernelOp>())
    return {};
  layout::MemDescType dst = getDst().getType();
  // The tile dim that walks the view's unit-stride axis, else the last.
  int64_t axis = getUnitStrideAxis(getView());
  int64_t contiguous = dst.getRank() - 1;
  for (int64_t d = 0; d < dst.getRank(); ++d)
    if (axis >= 0 && getViewAxisOfTileDim(d) == axis)
      contiguous = d;
  return getDefaultAsyncCopyLayout(getContext(), dst.getShape(),
                                   dst.getElementBytes(), contiguous,
                                   getNumWarpsAt(*this));
}

ParseResult AsyncLoadAtOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand view, dst;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  SmallVector<Type> offsetTypes;
  Type viewType, dstType;
  if (parser.parseOperand(view) ||
      parseIndexList(parser, offsets, offsetTypes) ||
      parseDimsClause(parser, result) || parser.parseComma() ||
      parser.parseOperand(dst) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(viewType) || parser.parseArrow() ||
      parser.parseType(dstType) ||
      parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(offsets, offsetTypes, parser.getNameLoc(),
                             result.operands) ||
      parser.resolveOperand(dst, dstType, result.operands))
    return failure();
  return success();
}

void AsyncLoadAtOp::print(OpAsmPrinter &p) {
  p << " " << getView();
  printIndexList(p, getOffsets());
  printDimsClause(p, getDims());
  p << ", " << getDst();
  p.printOptionalAttrDict((*this)->getAttrs(), {getDimsAttrName()});
  p << " : " << getView().getType() << " -> " << getDst().getType();
}

LogicalResult AsyncLoadAtOp::verify() {
  layout::MemDescType dst = getDst().getType();
  if (unsigned n = dst.getNumBufferDims())
    return emitOpError()
           << "needs one slot, but " << dst << " has " << n
           << " buffer dim(s); take a slot with layout.memdesc_index first";
  // The buffer is the tile tile.load_at would read.
  auto tile = RankedTensorType::get(dst.getShape(), dst.getElementType());
  if (failed(verifyOffsetAccess(*this, tile, getView().getType(),
                                getOffsets().size(), getDims(), "buffer")))
    return failure();
  return verifyCopyLayout(*this, getCopyLayout(), dst, bool(getLayoutAttr()));
}
