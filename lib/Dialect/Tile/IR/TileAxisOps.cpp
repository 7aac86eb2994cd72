//===- TileAxisOps.cpp - Ops that work along one axis ---------------------===//
//
// Custom syntax, builders and verifiers of the ops that combine or reorder
// the elements of register tiles along one axis: tile.reduce, tile.scan,
// tile.sort and tile.topk. They share one syntax
//
//   tile.OP [kind] %a, %b, ... {axis = A : i32, ...} [combiner {...}]
//       : T0, T1, ... [-> R0, R1, ...]
//
// and one combiner form: a block of two tuples of scalars, one scalar per
// operand (`^bb0(%a0, ..., %an-1, %b0, ..., %bn-1)`), yielding one tuple.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "LayoutQueries.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::tl;

//===----------------------------------------------------------------------===//
// Shared syntax
//===----------------------------------------------------------------------===//

namespace {
/// What one of the axis ops writes beyond its operands.
struct AxisSyntax {
  /// Attribute name of the optional leading kind keyword and its parser
  /// (null when the op has no kind).
  StringRef kindAttrName;
  function_ref<Attribute(StringRef)> parseKind;
  StringRef kindChoices;
  /// What a kind is called in messages ("reduction", "scan").
  StringRef kindNoun;
  bool hasCombiner = false;
  /// Whether the result types follow `->` (else they are the operands').
  bool hasResultTypes = false;
};
} // namespace

static ParseResult parseAxisOp(OpAsmParser &parser, OperationState &result,
                               const AxisSyntax &syntax) {
  if (syntax.parseKind) {
    StringRef keyword;
    SMLoc kindLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword(&keyword))) {
      Attribute kind = syntax.parseKind(keyword);
      if (!kind)
        return parser.emitError(kindLoc)
               << "unknown " << syntax.kindNoun << " '" << keyword << "'; use "
               << syntax.kindChoices << " or a combiner region";
      result.addAttribute(syntax.kindAttrName, kind);
    }
  }
  SmallVector<OpAsmParser::UnresolvedOperand> srcs;
  SmallVector<Type> srcTypes, resultTypes;
  SMLoc srcLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(srcs) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (syntax.hasCombiner) {
    Region *combiner = result.addRegion();
    if (succeeded(parser.parseOptionalKeyword("combiner")) &&
        parser.parseRegion(*combiner, /*arguments=*/{}))
      return failure();
  }
  if (parser.parseColonTypeList(srcTypes))
    return failure();
  if (syntax.hasResultTypes) {
    if (parser.parseArrow() || parser.parseTypeList(resultTypes))
      return failure();
  } else {
    resultTypes = srcTypes;
  }
  if (parser.resolveOperands(srcs, srcTypes, srcLoc, result.operands))
    return failure();
  result.addTypes(resultTypes);
  return success();
}

static void printAxisOp(OpAsmPrinter &p, Operation *op, StringRef kind,
                        StringRef kindAttrName, Region *combiner,
                        bool printResultTypes) {
  if (!kind.empty())
    p << " " << kind;
  p << " ";
  p.printOperands(op->getOperands());
  SmallVector<StringRef> elided;
  if (!kindAttrName.empty())
    elided.push_back(kindAttrName);
  p.printOptionalAttrDict(op->getAttrs(), elided);
  if (combiner && !combiner->empty()) {
    p << " combiner ";
    p.printRegion(*combiner, /*printEntryBlockArgs=*/true,
                  /*printBlockTerminators=*/true);
  }
  p << " : ";
  llvm::interleaveComma(op->getOperandTypes(), p);
  if (printResultTypes) {
    p << " -> ";
    llvm::interleaveComma(op->getResultTypes(), p);
  }
}

//===----------------------------------------------------------------------===//
// Shared verification
//===----------------------------------------------------------------------===//

/// The type of the first operand (the verifier has checked there is one).
static RankedTensorType firstType(Operation *op) {
  return cast<RankedTensorType>(op->getOperand(0).getType());
}

/// Checks that there is at least one operand, that `axisAttr` is an axis of
/// them and that they share one shape and layout; returns the axis.
static FailureOr<int64_t> verifyAxisOperands(Operation *op, ValueRange srcs,
                                             uint32_t axisAttr) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  auto first = cast<RankedTensorType>(srcs.front().getType());
  // The attribute is signless; read it as the signed value written.
  int64_t axis = static_cast<int32_t>(axisAttr);
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError()
           << "axis " << axis << " is out of range for an operand of rank "
           << first.getRank() << "; it must be in [0, " << first.getRank() - 1
           << "]";
  for (auto [i, src] : llvm::enumerate(srcs.drop_front())) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape() ||
        type.getEncoding() != first.getEncoding())
      return op->emitOpError()
             << "operand #" << i + 1 << " has type " << type
             << ", but all operands must have the shape and layout of "
                "operand #0 ("
             << first << ")";
  }
  return axis;
}

/// Checks the size of `axis` for the bitonic ops: a power of two.
static LogicalResult verifyBitonicAxis(Operation *op, RankedTensorType type,
                                       int64_t axis) {
  int64_t size = type.getDimSize(axis);
  if (ShapedType::isDynamic(size) || !llvm::isPowerOf2_64(size))
    return op->emitOpError()
           << "sorts along axis " << axis << " of " << type
           << ", whose size is not a power of two; pad the axis to "
           << (ShapedType::isDynamic(size) ? int64_t(1)
                                           : int64_t(llvm::PowerOf2Ceil(size)))
           << " (with the smallest value, or the largest for an ascending "
              "sort)";
  Type key = type.getElementType();
  if (!isa<IntegerType, FloatType>(key))
    return op->emitOpError()
           << "sorts by operand #0, whose elements (" << key
           << ") are neither integers nor floats; put the key first";
  return success();
}

/// Verifies a combiner region over the element types of `srcs`: one block
/// of 2n scalar arguments `(a0..an-1, b0..bn-1)` yielding n scalars, free of
/// tensors and side effects.
static LogicalResult verifyCombiner(Operation *op, Region &combiner,
                                    ValueRange srcs, bool mustCommute) {
  SmallVector<Type> elementTypes;
  for (Value src : srcs)
    elementTypes.push_back(
        cast<RankedTensorType>(src.getType()).getElementType());
  size_t n = elementTypes.size();
  StringRef opName = op->getName().getStringRef();
  if (!combiner.hasOneBlock())
    return op->emitOpError("the combiner region must have exactly one block");
  Block &block = combiner.front();
  if (block.empty())
    return op->emitOpError("the combiner block must end with tile.yield");
  bool argsOk = block.getNumArguments() == 2 * n;
  for (unsigned i = 0; argsOk && i < 2 * n; ++i)
    argsOk = block.getArgument(i).getType() == elementTypes[i % n];
  if (!argsOk) {
    if (n == 1)
      return op->emitOpError()
             << "the combiner block must take two arguments of the element "
                "type: ^bb0(%a: "
             << elementTypes[0] << ", %b: " << elementTypes[0] << ")";
    std::string expected;
    llvm::raw_string_ostream os(expected);
    for (StringRef side : {"a", "b"})
      for (auto [i, type] : llvm::enumerate(elementTypes))
        os << (side == "a" && i == 0 ? "" : ", ") << "%" << side << i << ": "
           << type;
    return op->emitOpError()
           << "the combiner block must take two tuples of the operands' "
              "element types: ^bb0("
           << expected << ")";
  }
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return op->emitOpError("the combiner block must end with tile.yield");
  // The combiner is inlined once per pair of scalars (in registers, across
  // lanes and across warps), so it must be a pure scalar computation.
  WalkResult walk = combiner.walk([&](Operation *inner) {
    auto isTensor = [](Type t) { return isa<ShapedType>(t); };
    if (llvm::any_of(inner->getOperandTypes(), isTensor) ||
        llvm::any_of(inner->getResultTypes(), isTensor)) {
      inner->emitOpError() << "uses a tensor inside a " << opName
                           << " combiner; the combiner works on scalars of "
                              "the element type";
      return WalkResult::interrupt();
    }
    if (!isMemoryEffectFree(inner)) {
      inner->emitOpError() << "has side effects; a " << opName
                           << " combiner must be free of side effects (no "
                              "loads or stores)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (yield.getValues().getTypes() != TypeRange(elementTypes)) {
    if (n == 1)
      return yield.emitOpError()
             << "must yield one value of the element type " << elementTypes[0];
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleaveComma(elementTypes, os);
    return yield.emitOpError() << "must yield one value per operand, of the "
                                  "operands' element types ("
                               << expected << ")";
  }
  if (!mustCommute || n != 1)
    return success();
  // The order of combination is unspecified, so the combiner must be
  // commutative. What can be seen without evaluating it: a yielded value
  // computed by one non-commutative op from the two arguments (a - b, a / b).
  if (Operation *def = yield.getValues()[0].getDefiningOp()) {
    Value a = block.getArgument(0), b = block.getArgument(1);
    if (def->getNumOperands() == 2 &&
        !def->hasTrait<OpTrait::IsCommutative>() &&
        ((def->getOperand(0) == a && def->getOperand(1) == b) ||
         (def->getOperand(0) == b && def->getOperand(1) == a)))
      return def->emitOpError()
             << "is not commutative, but a tile.reduce combiner combines "
                "elements in an unspecified order; use an associative and "
                "commutative combiner";
  }
  return success();
}

/// Checks that `result` has the layout of the operands (`expected`), or
/// none when they have none.
static LogicalResult verifySameLayoutResults(Operation *op, ValueRange srcs) {
  for (auto [i, pair] : llvm::enumerate(llvm::zip(srcs, op->getResults()))) {
    auto [src, result] = pair;
    if (src.getType() != result.getType())
      return op->emitOpError()
             << "result #" << i << " has type " << result.getType()
             << " but must have its operand's type " << src.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

Type ReduceOp::inferResultType(RankedTensorType src, int64_t axis) {
  if (axis < 0 || axis >= src.getRank())
    return {};
  if (src.getRank() == 1)
    return src.getElementType();
  SmallVector<int64_t> shape = llvm::to_vector(src.getShape());
  shape.erase(shape.begin() + axis);
  Attribute encoding;
  if (src.getEncoding()) {
    encoding = query::getSliceLayout(src.getEncoding(), axis);
    if (!encoding)
      return {};
  }
  return RankedTensorType::get(shape, src.getElementType(), encoding);
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, Value src,
                     int32_t axis, ReduceKind kind) {
  auto srcType = cast<RankedTensorType>(src.getType());
  build(builder, state, TypeRange{inferResultType(srcType, axis)},
        ValueRange{src}, axis, ReduceKindAttr::get(builder.getContext(), kind));
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int32_t axis) {
  SmallVector<Type> types;
  for (Value src : srcs)
    types.push_back(
        inferResultType(cast<RankedTensorType>(src.getType()), axis));
  build(builder, state, types, srcs, axis, ReduceKindAttr());
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  auto parseKind = [&](StringRef keyword) -> Attribute {
    std::optional<ReduceKind> kind = symbolizeReduceKind(keyword);
    return kind ? ReduceKindAttr::get(ctx, *kind) : Attribute();
  };
  AxisSyntax syntax{
      getKindAttrName(result.name), parseKind, "sum, max, min", "reduction",
      /*hasCombiner=*/true,
      /*hasResultTypes=*/true};
  return parseAxisOp(parser, result, syntax);
}

void ReduceOp::print(OpAsmPrinter &p) {
  std::optional<ReduceKind> kind = getKind();
  printAxisOp(p, *this, kind ? stringifyReduceKind(*kind) : "",
              getKindAttrName(), &getCombiner(), /*printResultTypes=*/true);
}

LogicalResult ReduceOp::verify() {
  FailureOr<int64_t> maybeAxis =
      verifyAxisOperands(*this, getSrcs(), getAxis());
  if (failed(maybeAxis))
    return failure();
  int64_t axis = *maybeAxis;
  RankedTensorType src = getSrc().getType();
  bool hasCombiner = !getCombiner().empty();
  if (getKind().has_value() == hasCombiner)
    return emitOpError(hasCombiner
                           ? "has both a kind and a combiner region; give one"
                           : "needs a kind (sum, max, min) or a combiner "
                             "region");
  if (getKind() && getSrcs().size() != 1)
    return emitOpError() << "sum, max and min reduce one operand, not "
                         << getSrcs().size()
                         << "; reduce several operands with a combiner region";
  Type elementType = src.getElementType();
  if (getKind() && !isa<IntegerType, FloatType>(elementType))
    return emitOpError() << "sum, max and min reduce integers or floats, not "
                         << elementType << "; use a combiner region";
  if (getValues().size() != getSrcs().size())
    return emitOpError() << "has " << getValues().size() << " results but "
                         << getSrcs().size()
                         << " operands; it gives one result per operand";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getSrcs(), getValues()))) {
    auto [srcValue, resultValue] = pair;
    auto srcType = cast<RankedTensorType>(srcValue.getType());
    Type elementType = srcType.getElementType();
    SmallVector<int64_t> shape = llvm::to_vector(srcType.getShape());
    shape.erase(shape.begin() + axis);
    Type result = resultValue.getType();
    // Messages name the result only when there are several.
    std::string which =
        getValues().size() == 1 ? "" : "#" + std::to_string(i) + " ";
    if (srcType.getRank() == 1) {
      if (result != elementType)
        return emitOpError() << "reducing a 1-D tensor gives a scalar: the "
                             << "result " << which << "type must be "
                             << elementType << ", got " << result;
      continue;
    }
    auto resultTensor = dyn_cast<RankedTensorType>(result);
    if (!resultTensor || resultTensor.getShape() != ArrayRef<int64_t>(shape) ||
        resultTensor.getElementType() != elementType)
      return emitOpError() << "result " << which << "type " << result
                           << " must be the operand type without dimension #"
                           << axis << ": expected shape ["
                           << llvm::make_range(shape.begin(), shape.end())
                           << "] of " << elementType;
    Attribute encoding = srcType.getEncoding();
    if (!encoding) {
      if (resultTensor.getEncoding())
        return emitOpError("the operand has no layout, so the result has "
                           "none either");
      continue;
    }
    if (Attribute expected = query::getSliceLayout(encoding, axis))
      if (resultTensor.getEncoding() != expected)
        return emitOpError()
               << "result " << which << "layout must be " << expected
               << " (the operand layout sliced along axis " << axis << "), got "
               << resultTensor.getEncoding();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  if (getCombiner().empty() || getSrcs().empty())
    return success();
  return verifyCombiner(*this, getCombiner(), getSrcs(), /*mustCommute=*/true);
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

void ScanOp::build(OpBuilder &builder, OperationState &state, Value src,
                   int32_t axis, ScanKind kind, bool reverse, bool exclusive) {
  build(builder, state, TypeRange{src.getType()}, ValueRange{src}, axis,
        ScanKindAttr::get(builder.getContext(), kind), reverse, exclusive);
}

ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  auto parseKind = [&](StringRef keyword) -> Attribute {
    std::optional<ScanKind> kind = symbolizeScanKind(keyword);
    return kind ? ScanKindAttr::get(ctx, *kind) : Attribute();
  };
  AxisSyntax syntax{getKindAttrName(result.name), parseKind,
                    "sum, prod, max, min",        "scan",
                    /*hasCombiner=*/true,
                    /*hasResultTypes=*/false};
  return parseAxisOp(parser, result, syntax);
}

void ScanOp::print(OpAsmPrinter &p) {
  std::optional<ScanKind> kind = getKind();
  printAxisOp(p, *this, kind ? stringifyScanKind(*kind) : "", getKindAttrName(),
              &getCombiner(), /*printResultTypes=*/false);
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxisOperands(*this, getSrcs(), getAxis())))
    return failure();
  bool hasCombiner = !getCombiner().empty();
  if (getKind().has_value() == hasCombiner)
    return emitOpError(hasCombiner
                           ? "has both a kind and a combiner region; give one"
                           : "needs a kind (sum, prod, max, min) or a "
                             "combiner region");
  if (getKind() && getSrcs().size() != 1)
    return emitOpError() << "sum, prod, max and min scan one operand, not "
                         << getSrcs().size()
                         << "; scan several operands with a combiner region";
  Type elementType = firstType(*this).getElementType();
  if (getKind() && !isa<IntegerType, FloatType>(elementType))
    return emitOpError() << "sum, prod, max and min scan integers or floats, "
                            "not "
                         << elementType << "; use a combiner region";
  if (getExclusive() && !getKind())
    return emitOpError("an exclusive scan needs a kind (sum, prod, max, min), "
                       "whose identity starts it; with a combiner region, "
                       "scan inclusively and shift the result");
  if (getValues().size() != getSrcs().size())
    return emitOpError() << "has " << getValues().size() << " results but "
                         << getSrcs().size()
                         << " operands; it gives one result per operand";
  return verifySameLayoutResults(*this, getSrcs());
}

LogicalResult ScanOp::verifyRegions() {
  if (getCombiner().empty() || getSrcs().empty())
    return success();
  return verifyCombiner(*this, getCombiner(), getSrcs(),
                        /*mustCommute=*/false);
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

ParseResult SortOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseAxisOp(parser, result, AxisSyntax{});
}

void SortOp::print(OpAsmPrinter &p) {
  printAxisOp(p, *this, "", "", nullptr, /*printResultTypes=*/false);
}

LogicalResult SortOp::verify() {
  FailureOr<int64_t> axis = verifyAxisOperands(*this, getSrcs(), getAxis());
  if (failed(axis) || failed(verifyBitonicAxis(*this, firstType(*this), *axis)))
    return failure();
  if (getValues().size() != getSrcs().size())
    return emitOpError() << "has " << getValues().size() << " results but "
                         << getSrcs().size()
                         << " operands; it gives one result per operand";
  return verifySameLayoutResults(*this, getSrcs());
}

//===----------------------------------------------------------------------===//
// TopKOp
//===----------------------------------------------------------------------===//

ParseResult TopKOp::parse(OpAsmParser &parser, OperationState &result) {
  AxisSyntax syntax;
  syntax.hasResultTypes = true;
  return parseAxisOp(parser, result, syntax);
}

void TopKOp::print(OpAsmPrinter &p) {
  printAxisOp(p, *this, "", "", nullptr, /*printResultTypes=*/true);
}

LogicalResult TopKOp::verify() {
  FailureOr<int64_t> maybeAxis =
      verifyAxisOperands(*this, getSrcs(), getAxis());
  if (failed(maybeAxis))
    return failure();
  int64_t axis = *maybeAxis;
  RankedTensorType src = firstType(*this);
  if (failed(verifyBitonicAxis(*this, src, axis)))
    return failure();
  int64_t k = static_cast<int32_t>(getK());
  int64_t size = src.getDimSize(axis);
  if (k < 1 || k > size || !llvm::isPowerOf2_64(k))
    return emitOpError() << "k = " << k << " must be a power of two in [1, "
                         << size << "] (the size of axis " << axis
                         << "); take a larger power of two and drop the "
                            "extra elements";
  if (getValues().size() != getSrcs().size())
    return emitOpError() << "has " << getValues().size() << " results but "
                         << getSrcs().size()
                         << " operands; it gives one result per operand";
  Attribute resultLayout =
      cast<RankedTensorType>(getValues()[0].getType()).getEncoding();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getSrcs(), getValues()))) {
    auto [srcValue, resultValue] = pair;
    auto srcType = cast<RankedTensorType>(srcValue.getType());
    auto resultType = cast<RankedTensorType>(resultValue.getType());
    SmallVector<int64_t> shape = llvm::to_vector(srcType.getShape());
    shape[axis] = k;
    if (resultType.getShape() != ArrayRef<int64_t>(shape) ||
        resultType.getElementType() != srcType.getElementType())
      return emitOpError() << "result #" << i << " has type " << resultType
                           << " but must have shape ["
                           << llvm::make_range(shape.begin(), shape.end())
                           << "] (the operand's, with k = " << k
                           << " along axis " << axis << ") and element type "
                           << srcType.getElementType();
    if (resultType.getEncoding() != resultLayout)
      return emitOpError() << "result #" << i << " has layout "
                           << resultType.getEncoding() << " but result #0 has "
                           << resultLayout << "; all results share one layout";
  }
  if (bool(src.getEncoding()) != bool(resultLayout))
    return emitOpError(src.getEncoding()
                           ? "the operands have a layout, so the results "
                             "need one too"
                           : "the operands have no layout, so the results "
                             "have none either");
  return success();
}
