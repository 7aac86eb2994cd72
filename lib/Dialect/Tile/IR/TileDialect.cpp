//===- TileDialect.cpp - The tile dialect and its types -------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "LayoutQueries.h"
#include "tile/Dialect/Tile/IR/WarpRegisters.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace tile;
using namespace tile::tl;

#include "tile/Dialect/Tile/IR/TileDialect.cpp.inc"
#include "tile/Dialect/Tile/IR/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileTypes.cpp.inc"

namespace {
/// Constants folded inside a tile.warp_specialize partition stay there: a
/// tensor constant hoisted to the kernel's entry would be computed by every
/// warp with the partition's layout (and cross into it, which the op's
/// verifier refuses).
struct TileFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;

  bool shouldMaterializeInto(Region *region) const final {
    return isa<WarpSpecializeOp>(region->getParentOp());
  }
};
} // namespace

void TileDialect::initialize() {
  addInterfaces<TileFoldInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/Tile/IR/TileAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/Dialect/Tile/IR/TileTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"
      >();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  if (auto typed = dyn_cast<TypedAttr>(value))
    if (arith::ConstantOp::isBuildableWith(typed, type))
      return arith::ConstantOp::create(builder, loc, type, typed);
  return nullptr;
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  // A hidden TMA descriptor parameter's recipe (convert-tile-to-llvm puts
  // it on the tile.kernel, then on the lowered function for the metadata).
  if (attr.getName() == kTmaDescriptorArgAttr) {
    auto kernel = dyn_cast<KernelOp>(op);
    bool onDescriptor =
        kernel
            ? isa<layout::TensorDescType>(kernel.getArgumentTypes()[argIndex])
            : isa<FunctionOpInterface>(op);
    if (!onDescriptor || !isa<DictionaryAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << kTmaDescriptorArgAttr
             << "' must be a dictionary on a !layout.tensordesc parameter "
                "of a tile.kernel";
    return success();
  }
  if (attr.getName() == kGlobalTensorArgAttr) {
    auto kernel = dyn_cast<KernelOp>(op);
    bool onPointer = kernel
                         ? isa<PtrType>(kernel.getArgumentTypes()[argIndex])
                         : isa<FunctionOpInterface>(op);
    if (!onPointer || !isa<DictionaryAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << kGlobalTensorArgAttr
             << "' must be a dictionary on a !tile.ptr parameter of a "
                "tile.kernel (convert-tile-to-llvm adds it for "
                "tile.global_tensor)";
    return success();
  }
  if (attr.getName() != getDivisibilityAttrName())
    return op->emitOpError() << "unknown argument attribute '"
                             << attr.getName().getValue() << "' on argument #"
                             << argIndex << "; the tile dialect defines only '"
                             << getDivisibilityAttrName() << "'";
  auto kernel = dyn_cast<KernelOp>(op);
  if (!kernel)
    return op->emitOpError()
           << "'" << getDivisibilityAttrName()
           << "' is only meaningful on the parameters of a tile.kernel";
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || !isPowerOf2(value.getInt()))
    return op->emitOpError()
           << "'" << getDivisibilityAttrName() << "' of argument #" << argIndex
           << " must be a positive power-of-two integer (for example "
           << "{tile.divisibility = 16 : i64}), got " << attr.getValue();
  // The lowering turns a pointer's divisibility into `llvm.align` and PTX
  // `.align`: LLVM takes up to 2^32, ptxas up to 2^31 ("Constant overflow"
  // above); both rejected larger ones without a location.
  constexpr int64_t kMaxDivisibility = int64_t(1) << 31;
  if (value.getInt() > kMaxDivisibility)
    return op->emitOpError()
           << "'" << getDivisibilityAttrName() << "' of argument #" << argIndex
           << " is " << value.getInt()
           << ", above the largest alignment PTX represents, 2147483648 "
              "(2^31); promise at most that (16 is what vectorized access "
              "needs)";
  Type argType = kernel.getArgumentTypes()[argIndex];
  if (!isa<PtrType, IntegerType>(argType))
    return op->emitOpError()
           << "'" << getDivisibilityAttrName() << "' on argument #" << argIndex
           << " of type " << argType
           << ": only !tile.ptr and integer parameters can carry it";
  return success();
}

/// The placement of a loop attribute (`tile.warp_specialize`,
/// `tile.num_stages`): an scf.for or a tile.kernel.
static LogicalResult verifyOnLoopOrKernel(Operation *op, StringRef name) {
  if (isa<KernelOp>(op) || op->getName().getStringRef() == "scf.for")
    return success();
  return op->emitOpError() << "'" << name
                           << "' belongs on an scf.for (that loop) or a "
                              "tile.kernel (every loop in it)";
}

/// `tile.warp_specialize` (tile-warp-specialize): on an scf.for or a
/// tile.kernel, true, false or the consumer and producer registers per
/// thread (setmaxnreg counts). Whether the budgets fit the register file
/// depends on the kernel's warps: the pass checks it.
static LogicalResult verifyWarpSpecializeAttr(Operation *op, Attribute value) {
  StringRef name = TileDialect::getWarpSpecializeAttrName();
  if (failed(verifyOnLoopOrKernel(op, name)))
    return failure();
  if (isa<BoolAttr>(value))
    return success();
  auto regs = dyn_cast<DenseI32ArrayAttr>(value);
  if (!regs || regs.size() != 2)
    return op->emitOpError()
           << "'" << name
           << "' must be true, false or array<i32: C, P> (the consumer and "
              "producer registers per thread), for example {"
           << name << " = array<i32: 232, 40>}; got " << value;
  for (int32_t r : regs.asArrayRef())
    if (!isSetmaxnregCount(r))
      return op->emitOpError()
             << "'" << name << "' asks for " << r
             << " registers per thread, not a setmaxnreg count; use a "
                "multiple of 8 from "
             << kMinSetmaxnregRegs << " to " << kMaxSetmaxnregRegs;
  return success();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  if (attr.getName() == kEnableAssertsAttr) {
    if (!isa<KernelOp, ModuleOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << kEnableAssertsAttr
             << "' is a unit attribute of a tile.kernel or a builtin.module "
                "(write {"
             << kEnableAssertsAttr << "} there)";
    return success();
  }
  if (attr.getName() == getWarpSpecializeAttrName())
    return verifyWarpSpecializeAttr(op, attr.getValue());
  // Other `tile.` attributes are the compiler's own annotations.
  if (attr.getName() != getNumStagesAttrName())
    return success();
  if (failed(verifyOnLoopOrKernel(op, getNumStagesAttrName())))
    return failure();
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  constexpr int64_t kMaxStages = 16;
  if (!value || value.getInt() < 1 || value.getInt() > kMaxStages)
    return op->emitOpError()
           << "'" << getNumStagesAttrName()
           << "' must be an integer from 1 (no pipelining) to " << kMaxStages
           << ", for example {" << getNumStagesAttrName()
           << " = 3 : i32}; got " << attr.getValue();
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type tile::tl::replaceElementType(Type type, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type pointeeType) {
  if (!isa<IntegerType, FloatType>(pointeeType))
    return emitError() << "!tile.ptr points to integer or floating-point "
                          "elements, not "
                       << pointeeType << "; write for example !tile.ptr<f32>";
  return success();
}

Attribute PtrType::getMemorySpace() const { return {}; }

Type PtrType::getElementType() const { return getPointeeType(); }

bool PtrType::hasPtrMetadata() const { return false; }

FailureOr<PtrLikeTypeInterface>
PtrType::clonePtrWith(Attribute memorySpace,
                      std::optional<Type> elementType) const {
  // Always global memory: no other memory space can be expressed.
  if (memorySpace)
    return failure();
  Type pointee = elementType.value_or(getPointeeType());
  if (!pointee || !isa<IntegerType, FloatType>(pointee))
    return failure();
  return cast<PtrLikeTypeInterface>(PtrType::get(pointee));
}

//===----------------------------------------------------------------------===//
// ViewType
//===----------------------------------------------------------------------===//

Type ViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  if (succeeded(parser.parseOptionalComma()) && parser.parseAttribute(layout))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ViewType>(parser.getContext(), shape, elementType,
                                     layout);
}

void ViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  printer << "x" << getElementType();
  if (getLayout())
    printer << ", " << getLayout();
  printer << ">";
}

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               Attribute layout) {
  if (shape.empty())
    return emitError() << "!tile.view must have rank >= 1; a scalar in "
                          "global memory is a !tile.ptr";
  for (int64_t dim : shape)
    if (!ShapedType::isDynamic(dim) && dim < 0)
      return emitError() << "!tile.view extents are non-negative or '?', got "
                         << dim;
  if (!isa<IntegerType, FloatType>(elementType))
    return emitError() << "!tile.view holds integer or floating-point "
                          "elements, not "
                       << elementType;
  // The layout maps element coordinates to memory offsets: a memory layout
  // of the layout dialect (#layout.strided), never a distributed one.
  if (layout && !query::isMemoryLayout(layout))
    return emitError() << "the layout parameter of !tile.view must be a "
                          "memory layout such as #layout.strided<...>, got "
                       << layout;
  if (std::optional<SmallVector<int64_t>> modes =
          query::getMemoryLayoutShape(layout)) {
    if (modes->size() != shape.size())
      return emitError() << "the layout " << layout << " has " << modes->size()
                         << " top-level modes but the view has rank "
                         << shape.size() << "; give one mode per dimension";
    for (auto [i, dim] : llvm::enumerate(shape))
      if (!ShapedType::isDynamic(dim) && dim != (*modes)[i])
        return emitError() << "dimension #" << i << " of the view is " << dim
                           << " but mode #" << i << " of the layout " << layout
                           << " has size " << (*modes)[i]
                           << "; the view shape and the layout must agree";
  }
  return success();
}
