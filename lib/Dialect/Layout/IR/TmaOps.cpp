//===- TmaOps.cpp - TMA descriptors, mbarriers, TMA copies ---------------===//
//
// The !layout.tensordesc type (parsing, the block/box arithmetic and the
// checks of what one TMA copy can move) and the verifiers of the ops in
// TmaOps.td.
//
// A descriptor's block R x C of T in a #layout.nvmma_shared layout of
// swizzle width S bytes is copied as C * sizeof(T) / S boxes of
// R x S / sizeof(T) elements (one box of R x C when S = 0): the layout
// stores the swizzle-width column blocks one after the other, each R rows of
// S bytes, which is exactly what a TMA box with that swizzle writes.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

using namespace tile;
using namespace tile::layout;

//===----------------------------------------------------------------------===//
// TensorDescType
//===----------------------------------------------------------------------===//

/// The TMA box limit per dim (elements).
static constexpr int64_t kMaxBoxDim = 256;

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       Attribute layout) {
  if (shape.size() != 2)
    return emitError() << "!layout.tensordesc must be 2-D (the blocks "
                          "#layout.nvmma_shared describes), got rank "
                       << shape.size();
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "!layout.tensordesc extents must be positive, got "
                         << dim;
  if (!elementType.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u}, elementType.getIntOrFloatBitWidth()))
    return emitError() << "!layout.tensordesc holds 8-, 16- or 32-bit "
                          "integer or float elements, not "
                       << elementType;
  auto nvmma = dyn_cast<NvmmaSharedAttr>(layout);
  if (!nvmma)
    return emitError() << "the layout of !layout.tensordesc must be "
                          "#layout.nvmma_shared (the layout TMA writes), got "
                       << layout;
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (nvmma.getTransposed())
    return emitError() << "TMA writes blocks with the view's last dim "
                          "contiguous: use transposed = false (and "
                          "layout.memdesc_trans for a transposed operand)";
  if (nvmma.getElementBitWidth() != bits)
    return emitError() << "the layout's elementBitWidth is "
                       << nvmma.getElementBitWidth() << " but the elements of "
                       << elementType << " have " << bits << " bits";
  if (!nvmma.getCTAsPerCGA().empty() &&
      llvm::any_of(nvmma.getCTAsPerCGA(), [](unsigned n) { return n != 1; }))
    return emitError() << "TMA descriptors of multi-CTA layouts are not "
                          "supported; use a single-CTA #layout.nvmma_shared";
  if (shape[0] > kMaxBoxDim)
    return emitError() << "the block has " << shape[0]
                       << " rows, more than the 256 a TMA box can have; use "
                          "at most 256 rows (and several copies)";
  int64_t innerBytes = shape[1] * bits / 8;
  unsigned swizzle = nvmma.getSwizzlingByteWidth();
  if (swizzle == 0) {
    if (shape[1] > kMaxBoxDim)
      return emitError() << "the block's inner dim has " << shape[1]
                         << " elements, more than the 256 of an unswizzled "
                            "TMA box; use a swizzled layout (each box then "
                            "takes swizzlingByteWidth bytes of the inner dim)";
    if (innerBytes % 16 != 0)
      return emitError() << "the block's inner dim is " << innerBytes
                         << " bytes; TMA boxes need a multiple of 16 bytes";
  } else if (innerBytes % swizzle != 0) {
    InFlightDiagnostic diag = emitError()
                              << "the block's inner dim is " << innerBytes
                              << " bytes, not a multiple of the " << swizzle
                              << "-byte swizzle the TMA box fills";
    for (unsigned s : {128u, 64u, 32u})
      if (s < swizzle && innerBytes % s == 0)
        return diag << "; use swizzlingByteWidth = " << s;
    return diag << "; use swizzlingByteWidth = 0";
  }
  std::string why;
  if (!computeLinearLayout(layout, shape, &why))
    return emitError() << "the layout " << layout << " does not fit the block "
                       << shape[0] << "x" << shape[1] << ": " << why;
  return success();
}

int64_t TensorDescType::getElementBytes() const {
  return getElementType().getIntOrFloatBitWidth() / 8;
}

int64_t TensorDescType::getBlockBytes() const {
  return getShape()[0] * getShape()[1] * getElementBytes();
}

unsigned TensorDescType::getSwizzleBytes() const {
  return cast<NvmmaSharedAttr>(getLayout()).getSwizzlingByteWidth();
}

SmallVector<int64_t> TensorDescType::getBoxShape() const {
  unsigned swizzle = getSwizzleBytes();
  int64_t cols = swizzle ? swizzle / getElementBytes() : getShape()[1];
  return {getShape()[0], cols};
}

int64_t TensorDescType::getNumBoxes() const {
  return getShape()[1] / getBoxShape()[1];
}

//===----------------------------------------------------------------------===//
// mbarrier ops
//===----------------------------------------------------------------------===//

/// An mbarrier operand is one i64 slot: !layout.memdesc<1xi64, L>.
static LogicalResult verifyBarrier(Operation *op, MemDescType type) {
  if (!type.getElementType().isInteger(64) ||
      type.getShape() != ArrayRef<int64_t>{1})
    return op->emitOpError()
           << "takes an mbarrier, a !layout.memdesc<1xi64, ...> (one slot of "
              "an i64 buffer), not "
           << type
           << (type.getElementType().isInteger(64) && type.getRank() > 1
                   ? "; take one slot with layout.memdesc_index"
                   : "");
  return success();
}

/// An mbarrier and an arrival count the hardware counts (1 .. 2^20 - 1).
static LogicalResult verifyBarrierAndCount(Operation *op, MemDescType barrier,
                                           int64_t count) {
  if (failed(verifyBarrier(op, barrier)))
    return failure();
  if (count < 1 || count >= (1 << 20))
    return op->emitOpError()
           << "count must be in 1..1048575 (2^20 - 1), got " << count;
  return success();
}

LogicalResult InitBarrierOp::verify() {
  return verifyBarrierAndCount(*this, getBarrier().getType(), getCount());
}

LogicalResult BarrierExpectOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (getBytes() >= (1 << 20))
    return emitOpError()
           << "bytes must be below 2^20 (the tx-count range of an "
              "mbarrier), got "
           << getBytes();
  return success();
}

LogicalResult ArriveBarrierOp::verify() {
  return verifyBarrierAndCount(*this, getBarrier().getType(), getCount());
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getBarrier().getType());
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

/// The buffer of a TMA copy must be one slot of the descriptor's block, in
/// its layout; `coords` one per dim.
static LogicalResult verifyTmaCopy(Operation *op, TensorDescType desc,
                                   size_t numCoords, MemDescType buffer,
                                   StringRef role) {
  if (numCoords != desc.getShape().size())
    return op->emitOpError()
           << "takes one coordinate per dim of the descriptor ("
           << desc.getShape().size() << "), got " << numCoords;
  if (buffer.getShape() != desc.getShape() ||
      buffer.getElementType() != desc.getElementType()) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    os << "!layout.memdesc<" << desc.getShape()[0] << "x" << desc.getShape()[1]
       << "x" << desc.getElementType() << ", " << desc.getLayout() << ">";
    return op->emitOpError()
           << "the " << role
           << " must be one slot of the descriptor's block shape and element "
              "type: expected "
           << expected << ", got " << buffer;
  }
  if (!areLayoutsEquivalent(buffer.getLayout(), desc.getLayout(),
                            desc.getShape()))
    return op->emitOpError()
           << "the " << role << "'s layout " << buffer.getLayout()
           << " places the block otherwise than the descriptor's "
           << desc.getLayout() << ", which the TMA writes";
  return success();
}

LogicalResult AsyncTmaCopyGlobalToLocalOp::verify() {
  if (failed(verifyTmaCopy(*this, getDesc().getType(), getCoords().size(),
                           getDst().getType(), "destination")))
    return failure();
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult AsyncTmaCopyLocalToGlobalOp::verify() {
  return verifyTmaCopy(*this, getDesc().getType(), getCoords().size(),
                       getSrc().getType(), "source");
}
