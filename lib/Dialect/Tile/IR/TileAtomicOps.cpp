//===- TileAtomicOps.cpp - Atomics and device print/assert ----------------===//
//
// Custom syntax and verifiers of tile.atomic_rmw and tile.atomic_cas (the
// element types each kind takes: docs/TileLanguage.md, "Atomics"), and the
// verifier of tile.print.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace tile;
using namespace tile::tl;

static Type getPointeeOf(Type ptrLike) {
  if (auto ptr = dyn_cast<PtrType>(getElementTypeOrSelf(ptrLike)))
    return ptr.getPointeeType();
  return {};
}

Type AtomicRMWOp::getElementType() { return getPointeeOf(getPtr().getType()); }
Type AtomicCASOp::getElementType() { return getPointeeOf(getPtr().getType()); }

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

/// Parses `[sem = S] [scope = C]` into the op's attributes.
static ParseResult parseOrdering(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  if (succeeded(parser.parseOptionalKeyword("sem"))) {
    StringRef name;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual() || parser.parseKeyword(&name))
      return failure();
    std::optional<MemSemantic> sem = symbolizeMemSemantic(name);
    if (!sem)
      return parser.emitError(loc)
             << "unknown memory ordering '" << name
             << "'; expected relaxed, acquire, release or acq_rel";
    result.addAttribute("sem", MemSemanticAttr::get(ctx, *sem));
  }
  if (succeeded(parser.parseOptionalKeyword("scope"))) {
    StringRef name;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual() || parser.parseKeyword(&name))
      return failure();
    std::optional<MemScope> scope = symbolizeMemScope(name);
    if (!scope)
      return parser.emitError(loc)
             << "unknown scope '" << name << "'; expected cta, gpu or sys";
    result.addAttribute("scope", MemScopeAttr::get(ctx, *scope));
  }
  return success();
}

static void printOrdering(OpAsmPrinter &p, MemSemantic sem, MemScope scope) {
  if (sem != MemSemantic::acq_rel)
    p << " sem = " << stringifyMemSemantic(sem);
  if (scope != MemScope::gpu)
    p << " scope = " << stringifyMemScope(scope);
}

/// Parses `: PTRTYPE` and returns the pointer type and its pointee.
static ParseResult parsePtrType(OpAsmParser &parser, Type &ptrType,
                                Type &pointee) {
  SMLoc typeLoc;
  if (parser.parseColon() || parser.getCurrentLocation(&typeLoc) ||
      parser.parseType(ptrType))
    return failure();
  pointee = getPointeeOf(ptrType);
  if (!pointee)
    return parser.emitError(typeLoc)
           << "expected !tile.ptr or a tensor of !tile.ptr, got " << ptrType;
  return success();
}

ParseResult AtomicRMWOp::parse(OpAsmParser &parser, OperationState &result) {
  StringRef kindName;
  SMLoc kindLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&kindName))
    return failure();
  std::optional<AtomicRMWKind> kind = symbolizeAtomicRMWKind(kindName);
  if (!kind)
    return parser.emitError(kindLoc)
           << "unknown atomic kind '" << kindName
           << "'; expected add, max, min, umax, umin, and, or, xor or xchg";
  result.addAttribute("kind",
                      AtomicRMWKindAttr::get(parser.getContext(), *kind));
  OpAsmParser::UnresolvedOperand ptr, val, mask;
  bool hasMask = false;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseOperand(val))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    hasMask = true;
    if (parser.parseOperand(mask))
      return failure();
  }
  Type ptrType, pointee;
  if (parseOrdering(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parsePtrType(parser, ptrType, pointee))
    return failure();
  Type valueType = replaceElementType(ptrType, pointee);
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      parser.resolveOperand(val, valueType, result.operands) ||
      (hasMask &&
       parser.resolveOperand(
           mask, replaceElementType(ptrType, parser.getBuilder().getI1Type()),
           result.operands)))
    return failure();
  result.addTypes(valueType);
  return success();
}

void AtomicRMWOp::print(OpAsmPrinter &p) {
  p << " " << stringifyAtomicRMWKind(getKind()) << " " << getPtr() << ", "
    << getVal();
  if (getMask())
    p << ", " << getMask();
  printOrdering(p, getSem(), getScope());
  p.printOptionalAttrDict((*this)->getAttrs(), {"kind", "sem", "scope"});
  p << " : " << getPtr().getType();
}

ParseResult AtomicCASOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr, cmp, val;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseOperand(cmp) || parser.parseComma() ||
      parser.parseOperand(val))
    return failure();
  Type ptrType, pointee;
  if (parseOrdering(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parsePtrType(parser, ptrType, pointee))
    return failure();
  Type valueType = replaceElementType(ptrType, pointee);
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      parser.resolveOperand(cmp, valueType, result.operands) ||
      parser.resolveOperand(val, valueType, result.operands))
    return failure();
  result.addTypes(valueType);
  return success();
}

void AtomicCASOp::print(OpAsmPrinter &p) {
  p << " " << getPtr() << ", " << getCmp() << ", " << getVal();
  printOrdering(p, getSem(), getScope());
  p.printOptionalAttrDict((*this)->getAttrs(), {"sem", "scope"});
  p << " : " << getPtr().getType();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// Checks that `type` (an operand or the result) is the pointee type in the
/// pointer operand's shape and layout.
static LogicalResult checkLikePtr(Operation *op, StringRef what, Type type,
                                  Type ptrType, Type elementType) {
  Type expected = replaceElementType(ptrType, elementType);
  if (type == expected)
    return success();
  return op->emitOpError() << what << " has type " << type << " but must be "
                           << expected
                           << ": the pointee type with the pointer operand's "
                              "shape and layout";
}

/// Element types an atomic kind takes, as the list the diagnostics quote.
static StringRef allowedTypes(AtomicRMWKind kind) {
  switch (kind) {
  case AtomicRMWKind::add:
    return "i32, i64, f16, bf16, f32 or f64";
  case AtomicRMWKind::max:
  case AtomicRMWKind::min:
    return "i32, i64 (signed), f32 or f64";
  case AtomicRMWKind::umax:
  case AtomicRMWKind::umin:
  case AtomicRMWKind::and_:
  case AtomicRMWKind::or_:
  case AtomicRMWKind::xor_:
    return "i32 or i64";
  case AtomicRMWKind::xchg:
    return "i32, i64, f32 or f64";
  }
  return "";
}

static bool isAllowed(AtomicRMWKind kind, Type type) {
  bool int3264 = type.isInteger(32) || type.isInteger(64);
  bool float3264 = type.isF32() || type.isF64();
  switch (kind) {
  case AtomicRMWKind::add:
    return int3264 || float3264 || type.isF16() || type.isBF16();
  case AtomicRMWKind::max:
  case AtomicRMWKind::min:
  case AtomicRMWKind::xchg:
    return int3264 || float3264;
  case AtomicRMWKind::umax:
  case AtomicRMWKind::umin:
  case AtomicRMWKind::and_:
  case AtomicRMWKind::or_:
  case AtomicRMWKind::xor_:
    return int3264;
  }
  return false;
}

/// What to write instead of `kind` on `type`, when there is a better hint
/// than the list of types.
static std::string getKindHint(AtomicRMWKind kind, Type type) {
  bool isFloat = isa<FloatType>(type);
  if (isFloat && (kind == AtomicRMWKind::umax || kind == AtomicRMWKind::umin))
    return "; umax/umin compare unsigned integers: use max/min for floats";
  if ((type.isF16() || type.isBF16()) &&
      (kind == AtomicRMWKind::max || kind == AtomicRMWKind::min))
    return "; keep the values in f32 for an atomic max/min";
  if (isFloat && (kind == AtomicRMWKind::and_ || kind == AtomicRMWKind::or_ ||
                  kind == AtomicRMWKind::xor_))
    return "; bitcast the values and pointers to integers of the same width";
  if (type.isInteger(8) || type.isInteger(16) || type.isInteger(1))
    return "; widen the elements to i32";
  return "";
}

LogicalResult AtomicRMWOp::verify() {
  Type ptrType = getPtr().getType();
  Type elementType = getElementType();
  if (failed(checkLikePtr(*this, "value", getVal().getType(), ptrType,
                          elementType)) ||
      failed(checkLikePtr(*this, "result", getType(), ptrType, elementType)))
    return failure();
  if (getMask() &&
      failed(checkLikePtr(*this, "mask", getMask().getType(), ptrType,
                          IntegerType::get(getContext(), 1))))
    return failure();
  AtomicRMWKind kind = getKind();
  if (!isAllowed(kind, elementType))
    return emitOpError() << "atomic " << stringifyAtomicRMWKind(kind)
                         << " does not take " << elementType
                         << " elements; it takes " << allowedTypes(kind)
                         << getKindHint(kind, elementType);
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type ptrType = getPtr().getType();
  Type elementType = getElementType();
  if (failed(checkLikePtr(*this, "cmp", getCmp().getType(), ptrType,
                          elementType)) ||
      failed(checkLikePtr(*this, "value", getVal().getType(), ptrType,
                          elementType)) ||
      failed(checkLikePtr(*this, "result", getType(), ptrType, elementType)))
    return failure();
  bool ok = elementType.isIntOrFloat() &&
            llvm::is_contained({16u, 32u, 64u},
                               elementType.getIntOrFloatBitWidth()) &&
            !isa<Float8E4M3FNType, Float8E5M2Type>(elementType);
  if (!ok)
    return emitOpError() << "atomic_cas does not take " << elementType
                         << " elements; it takes 16, 32 or 64-bit integers "
                            "and floats";
  return success();
}

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  for (auto [i, arg] : llvm::enumerate(getArgs())) {
    Type elementType = getElementTypeOrSelf(arg.getType());
    if (elementType.isIntOrIndex() || isa<PtrType>(elementType) ||
        elementType.isF16() || elementType.isBF16() || elementType.isF32() ||
        elementType.isF64())
      continue;
    return emitOpError() << "cannot print operand #" << i << " of type "
                         << arg.getType()
                         << "; print integers, f16, bf16, f32, f64 or "
                            "pointers (extend fp8 with arith.extf first)";
  }
  return success();
}
