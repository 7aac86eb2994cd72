//===- TileKernel.cpp - tile.kernel and the kernel-wide checks ------------===//
//
// The kernel op and the checks that need the whole kernel: every tensor in
// the body has power-of-two dimensions and a layout that agrees with the
// kernel's num_warps and the warp size, and elementwise ops do not mix
// layouts.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "LayoutQueries.h"

#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/DenseSet.h"

using namespace tile;
using namespace tile::tl;

void KernelOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type, int32_t numWarps,
                     ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addAttribute(getNumWarpsAttrName(state.name),
                     builder.getI32IntegerAttr(numWarps));
  Region *body = state.addRegion();
  Block *entry = new Block();
  body->push_back(entry);
  for (Type input : type.getInputs())
    entry->addArgument(input, state.location);
  if (!argAttrs.empty())
    call_interface_impl::addArgAndResultAttrs(
        builder, state, argAttrs, /*resultAttrs=*/{},
        getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  // function_interface_impl::parseFunctionOp, except that each parameter's
  // SSA name is kept in its block argument's location (a NameLoc around
  // where it was written), so that the lowering can tell launchers the
  // parameter names. Names are not part of the IR: printing is unchanged.
  Builder &builder = parser.getBuilder();
  (void)mlir::impl::parseOptionalVisibilityKeyword(parser, result.attributes);
  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();
  SmallVector<OpAsmParser::Argument> entryArgs;
  SmallVector<DictionaryAttr> resultAttrs;
  SmallVector<Type> resultTypes;
  bool isVariadic = false;
  if (function_interface_impl::parseFunctionSignatureWithArguments(
          parser, /*allowVariadic=*/false, entryArgs, isVariadic, resultTypes,
          resultAttrs))
    return failure();
  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : entryArgs) {
    argTypes.push_back(arg.type);
    StringRef ssaName = arg.ssaName.name;
    if (!arg.sourceLoc && ssaName.size() > 1)
      arg.sourceLoc = NameLoc::get(
          builder.getStringAttr(ssaName.drop_front()),
          parser.getEncodedSourceLoc(arg.ssaName.location));
  }
  StringAttr typeAttrName = getFunctionTypeAttrName(result.name);
  result.addAttribute(typeAttrName, TypeAttr::get(builder.getFunctionType(
                                        argTypes, resultTypes)));
  NamedAttrList parsedAttributes;
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDictWithKeyword(parsedAttributes))
    return failure();
  for (StringRef reserved : {SymbolTable::getSymbolAttrName(),
                             typeAttrName.getValue()})
    if (parsedAttributes.get(reserved))
      return parser.emitError(attrLoc)
             << "'" << reserved
             << "' is given by the kernel's name and signature; remove it "
                "from the attribute dictionary";
  result.attributes.append(parsedAttributes);
  call_interface_impl::addArgAndResultAttrs(
      builder, result, entryArgs, resultAttrs,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
  Region *body = result.addRegion();
  // A missing body is the verifier's error ("a kernel needs a body").
  OptionalParseResult parsedBody = parser.parseOptionalRegion(
      *body, entryArgs, /*enableNameShadowing=*/false);
  if (parsedBody.has_value() && failed(*parsedBody))
    return failure();
  // Accept `num_warps = 8` (an i64 literal) as well as `num_warps = 8 : i32`.
  StringAttr numWarpsName = getNumWarpsAttrName(result.name);
  if (auto value = dyn_cast_or_null<IntegerAttr>(
          result.attributes.get(numWarpsName));
      value && !value.getType().isInteger(32)) {
    APInt v = value.getValue();
    if (v.getSignificantBits() > 32)
      return parser.emitError(parser.getNameLoc())
             << "num_warps = " << value << " does not fit in 32 bits";
    result.attributes.set(numWarpsName, parser.getBuilder().getI32IntegerAttr(
                                            v.getSExtValue()));
  }
  return success();
}

void KernelOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

std::optional<int64_t> KernelOp::getArgDivisibility(unsigned i) {
  if (auto attr = getArgAttrOfType<IntegerAttr>(
          i, TileDialect::getDivisibilityAttrName()))
    return attr.getInt();
  return std::nullopt;
}

LogicalResult KernelOp::verify() {
  if (!getFunctionType().getResults().empty())
    return emitOpError("kernels return no values; write results through a "
                       "!tile.ptr parameter instead");
  for (auto [i, type] : llvm::enumerate(getArgumentTypes())) {
    // The hidden TMA descriptor parameters convert-tile-to-llvm adds
    // (docs/Lowering.md): each says how the launcher builds it.
    if (isa<layout::TensorDescType>(type)) {
      if (!getArgAttrOfType<DictionaryAttr>(i, kTmaDescriptorArgAttr))
        return emitOpError()
               << "parameter #" << i << " is a !layout.tensordesc without "
               << kTmaDescriptorArgAttr
               << "; make descriptors with tile.make_tensor_desc";
      continue;
    }
    if (!isa<PtrType, IntegerType, FloatType, IndexType>(type))
      return emitOpError() << "parameter #" << i << " has type " << type
                           << "; kernel parameters are scalars (integers, "
                              "floats) or !tile.ptr: pass a tensor as a "
                              "!tile.ptr and build a view with tile.make_view";
  }
  // An integer promise must leave room for positive multiples (the
  // attribute itself is checked by the dialect: a positive power of two on
  // a !tile.ptr or integer parameter).
  for (auto [i, type] : llvm::enumerate(getArgumentTypes())) {
    auto intType = dyn_cast<IntegerType>(type);
    std::optional<int64_t> div = getArgDivisibility(i);
    if (!intType || !div || *div <= 0)
      continue;
    unsigned width = intType.getWidth();
    if (width < 2)
      return emitOpError() << "'" << TileDialect::getDivisibilityAttrName()
                           << "' on the i1 parameter #" << i
                           << " promises nothing; remove it";
    if (width <= 64 && uint64_t(*div) >= (uint64_t(1) << (width - 1)))
      return emitOpError() << "'" << TileDialect::getDivisibilityAttrName()
                           << " = " << *div << "' on parameter #" << i
                           << " of type " << type
                           << " leaves no positive multiple that fits; use a "
                              "power of two below 2^"
                           << width - 1 << " (or a wider integer)";
  }
  int32_t numWarps = getNumWarps();
  if (!isPowerOf2(numWarps) || numWarps > 32)
    return emitOpError() << "num_warps must be a power of two from 1 to 32 "
                            "(at most 1024 threads per program), got "
                         << numWarps;
  if (getBody().empty())
    return emitOpError("a kernel needs a body: add `{ ... tile.return }`");
  if (std::optional<ArrayRef<int32_t>> dims = getClusterDims()) {
    if (dims->size() != 3)
      return emitOpError() << "cluster_dims has " << dims->size()
                           << " entries; give all three, x, y and z (e.g. "
                              "array<i32: 2, 1, 1>)";
    int64_t size = 1;
    for (auto [d, extent] : llvm::enumerate(*dims)) {
      if (extent < 1)
        return emitOpError() << "cluster_dims[" << d << "] is " << extent
                             << "; each extent must be at least 1";
      size *= extent;
    }
    if (size > kMaxPortableClusterSize)
      return emitOpError() << "cluster_dims " << (*dims)[0] << " x "
                           << (*dims)[1] << " x " << (*dims)[2] << " has "
                           << size << " programs, more than the "
                           << kMaxPortableClusterSize
                           << " of a portable cluster; use at most "
                           << kMaxPortableClusterSize;
  }
  return success();
}

namespace {
/// Checks every tensor type of a kernel once.
class KernelTypeChecker {
public:
  explicit KernelTypeChecker(int64_t kernelWarps) : kernelWarps(kernelWarps) {}

  /// Checks `type`, the type of a value defined by `op`. Emits at `op`.
  /// Tensors in a tile.warp_specialize partition have its warps.
  LogicalResult check(Operation *op, Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    std::optional<WarpPartition> partition = getWarpPartition(op);
    int64_t numWarps = partition ? partition->getNumWarps() : kernelWarps;
    if (!checked.insert({type, numWarps}).second)
      return success();
    for (auto [i, dim] : llvm::enumerate(tensor.getShape())) {
      if (ShapedType::isDynamic(dim))
        return op->emitOpError()
               << "tensor type " << type << " has a dynamic dimension #" << i
               << "; tiles in a kernel have static shapes: use a !tile.view "
                  "for dynamically shaped data";
      if (!isPowerOf2(dim))
        return op->emitOpError()
               << "dimension #" << i << " of " << type << " is " << dim
               << ", not a power of two; tile dimensions must be powers of "
                  "two: use "
               << llvm::PowerOf2Ceil(std::max<int64_t>(dim, 1))
               << " and mask or pad the extra elements";
    }
    Attribute encoding = tensor.getEncoding();
    if (!encoding)
      return success();
    if (!query::isLayoutAttr(encoding))
      return op->emitOpError()
             << "the encoding " << encoding << " of " << type
             << " is not a layout attribute; tensors in a kernel have a "
                "#layout.blocked, #layout.slice or #layout.linear encoding, "
                "or none (to be assigned)";
    if (failed(query::verifyEncodingForShape(
            encoding, tensor.getShape(), [&] {
              return op->emitOpError() << "layout of " << type << ": ";
            })))
      return failure();
    std::optional<query::WarpShape> shape = query::getWarpShape(encoding);
    if (!shape)
      return success();
    if (shape->numWarps != numWarps && partition && partition->index != 0)
      return op->emitOpError()
             << "layout " << encoding << " of " << type << " spans "
             << shape->numWarps << " warps but its partition #"
             << partition->index << " of tile.warp_specialize has "
             << numWarps << "; make the product of warpsPerCTA equal "
             << numWarps << " (or change the partition's warps)";
    // A TV layout (or a slice of one) over fewer warps than the kernel is
    // replicated over the others (tile-assign-layouts gives it zero warp
    // bases); more threads than the kernel has is an error.
    Attribute tvRoot = encoding;
    while (auto slice = query::getSliceDimAndParent(tvRoot))
      tvRoot = slice->second;
    if (shape->numWarps < numWarps && query::isThreadValueLayout(tvRoot))
      return success();
    if (shape->numWarps != numWarps && query::isThreadValueLayout(tvRoot))
      return op->emitOpError()
             << "layout " << encoding << " of " << type << " distributes over "
             << query::getNumThreads(tvRoot)
             << " threads but the kernel has num_warps = " << numWarps << " ("
             << numWarps * TileDialect::kWarpSize
             << " threads); give the TV layout a thread mode of at most "
             << numWarps * TileDialect::kWarpSize
             << " threads (or raise the kernel's num_warps)";
    if (shape->numWarps != numWarps)
      return op->emitOpError()
             << "layout " << encoding << " of " << type << " spans "
             << shape->numWarps << " warps but the kernel has num_warps = "
             << numWarps << "; make the product of warpsPerCTA equal "
             << numWarps << " (or change the kernel's num_warps)";
    if (shape->warpSize != TileDialect::kWarpSize)
      return op->emitOpError()
             << "layout " << encoding << " of " << type << " has "
             << shape->warpSize << " threads per warp; a warp has "
             << TileDialect::kWarpSize
             << " threads: make the product of threadsPerWarp 32";
    return success();
  }

private:
  int64_t kernelWarps;
  llvm::DenseSet<std::pair<Type, int64_t>> checked;
};
} // namespace

/// Elementwise ops (upstream arith/math, tile.addptr) on tensors must not mix
/// layouts: a mix needs a layout.convert, which is never implicit.
static LogicalResult verifyElementwiseLayouts(Operation *op) {
  Attribute first;
  bool seen = false;
  auto checkType = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    if (!seen) {
      first = tensor.getEncoding();
      seen = true;
      return success();
    }
    if (tensor.getEncoding() == first)
      return success();
    return op->emitOpError()
           << "operands have different layouts; insert layout.convert so "
              "that every tensor operand and result has the same layout";
  };
  for (Type type : op->getOperandTypes())
    if (failed(checkType(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(checkType(type)))
      return failure();
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  KernelTypeChecker checker(getNumWarps());
  WalkResult result = getBody().walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (failed(checker.check(op, type)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          if (failed(checker.check(op, type)))
            return WalkResult::interrupt();
    if (op->hasTrait<OpTrait::Elementwise>() &&
        failed(verifyElementwiseLayouts(op)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
