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
// A block of rank 3 to 5, D0 x ... x Dk x C, is the same in shared memory
// as the matrix (D0 * ... * Dk) x C: a TMA box writes its elements in
// row-major order of its dims, so the outer dims flatten into rows (boxes
// of 1 on the dims a copy drops, e.g. 1 x 128 x 1 x 64 for 128 rows of one
// head of a [B, N, H, d] tensor, land as a 128 x 64 matrix).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/BufferViews.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace tile;
using namespace tile::layout;

//===----------------------------------------------------------------------===//
// TensorDescType
//===----------------------------------------------------------------------===//

/// The TMA box limit per dim (elements) and the most dims a tensor map has.
static constexpr int64_t kMaxBoxDim = 256;
static constexpr size_t kMaxTmaRank = 5;

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       Attribute layout) {
  if (shape.size() < 2 || shape.size() > kMaxTmaRank)
    return emitError() << "!layout.tensordesc has rank 2 to 5 (the dims of a "
                          "TMA tensor map), got rank "
                       << shape.size()
                       << (shape.size() > kMaxTmaRank
                               ? "; merge contiguous dims of the view, or "
                                 "copy with ordinary loads"
                               : "");
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
  size_t rank = shape.size();
  for (size_t d = 0; d + 1 < rank; ++d) {
    if (shape[d] <= kMaxBoxDim)
      continue;
    if (rank == 2)
      return emitError() << "the block has " << shape[0]
                         << " rows, more than the 256 a TMA box can have; use "
                            "at most 256 rows (and several copies)";
    return emitError() << "dim " << d << " of the block has " << shape[d]
                       << " elements, more than the 256 a TMA box can have "
                          "per dim; use at most 256 (and several copies)";
  }
  int64_t cols = shape.back();
  int64_t innerBytes = cols * bits / 8;
  unsigned swizzle = nvmma.getSwizzlingByteWidth();
  if (swizzle == 0) {
    if (cols > kMaxBoxDim)
      return emitError() << "the block's inner dim has " << cols
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
  // The block lands in shared memory as a matrix: the outer dims' elements
  // in row-major order are its rows.
  int64_t rows = 1;
  for (int64_t dim : shape.drop_back())
    rows *= dim;
  std::string why;
  if (!computeLinearLayout(layout, {rows, cols}, &why))
    return emitError() << "the layout " << layout << " does not fit the block "
                       << (rank == 2 ? "" : "(in shared memory) ") << rows
                       << "x" << cols << ": " << why;
  return success();
}

int64_t TensorDescType::getElementBytes() const {
  return getElementType().getIntOrFloatBitWidth() / 8;
}

SmallVector<int64_t> TensorDescType::getMatrixShape() const {
  int64_t rows = 1;
  for (int64_t dim : getShape().drop_back())
    rows *= dim;
  return {rows, getShape().back()};
}

int64_t TensorDescType::getBlockBytes() const {
  SmallVector<int64_t> matrix = getMatrixShape();
  return matrix[0] * matrix[1] * getElementBytes();
}

unsigned TensorDescType::getSwizzleBytes() const {
  return cast<NvmmaSharedAttr>(getLayout()).getSwizzlingByteWidth();
}

SmallVector<int64_t> TensorDescType::getBoxShape() const {
  unsigned swizzle = getSwizzleBytes();
  SmallVector<int64_t> box(getShape());
  if (swizzle)
    box.back() = swizzle / getElementBytes();
  return box;
}

int64_t TensorDescType::getNumBoxes() const {
  return getShape().back() / getBoxShape().back();
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

static int64_t getEnclosingClusterSize(Operation *op);

/// An mbarrier from a layout.local_alloc in this function must be
/// initialized somewhere in it (any slot of the buffer: which slots, the
/// text rarely tells): an uninitialized one never completes a phase, and
/// its waiters hang. Barriers that come from elsewhere (arguments) are not
/// checked.
static LogicalResult verifyBarrierInitialized(WaitBarrierOp op, Value barrier) {
  Value root = getViewedBuffer(barrier);
  auto alloc = root.getDefiningOp<LocalAllocOp>();
  auto scope = op->getParentOfType<FunctionOpInterface>();
  if (!alloc || !scope)
    return success();
  WalkResult found = scope->walk([&](InitBarrierOp init) {
    return getViewedBuffer(init.getBarrier()) == root ? WalkResult::interrupt()
                                                      : WalkResult::advance();
  });
  if (found.wasInterrupted())
    return success();
  InFlightDiagnostic diag =
      op.emitOpError()
      << "waits on an mbarrier that no layout.init_barrier initializes: an "
         "uninitialized mbarrier never completes a phase and the wait "
         "hangs; initialize each slot (layout.init_barrier %bar, COUNT) "
         "before tile.warp_specialize or the barrier's first use";
  diag.attachNote(alloc.getLoc()) << "the mbarrier is allocated here";
  return diag;
}

/// The TMA loads that complete on `expect`'s mbarrier in its phase, when
/// they can be told from the text: the copies on the same SSA value that
/// follow it in its block, up to the next expect, arrive, wait or
/// invalidation of that value (the window). None (nothing is checked) when
/// another copy could complete on the barrier in that phase too: a copy on
/// the same value outside the window, a copy in the window nested in a
/// region or on another slot value of the same buffer (which may be the
/// same slot), a multicast copy, or a kernel with clusters (peers deliver
/// bytes). Copies on other slot values outside the window are taken to
/// belong to their own expects (a ring's prologue and steady state).
static std::optional<SmallVector<AsyncTmaCopyGlobalToLocalOp>>
getCopiesOfPhase(BarrierExpectOp expect) {
  Value barrier = expect.getBarrier();
  Value root = getViewedBuffer(barrier);
  if (getEnclosingClusterSize(expect) > 1)
    return std::nullopt;
  SmallVector<AsyncTmaCopyGlobalToLocalOp> copies;
  bool ambiguous = false;
  for (Operation *op = expect->getNextNode(); op && !ambiguous;
       op = op->getNextNode()) {
    if (isa<BarrierExpectOp, ArriveBarrierOp, WaitBarrierOp, InvalBarrierOp>(
            op) &&
        op->getOperand(0) == barrier)
      break;
    if (auto copy = dyn_cast<AsyncTmaCopyGlobalToLocalOp>(op)) {
      if (copy.getBarrier() == barrier && !copy.getMulticast())
        copies.push_back(copy);
      else if (getViewedBuffer(copy.getBarrier()) == root)
        ambiguous = true;
      continue;
    }
    op->walk([&](AsyncTmaCopyGlobalToLocalOp nested) {
      ambiguous |= getViewedBuffer(nested.getBarrier()) == root;
    });
  }
  if (ambiguous || copies.empty())
    return std::nullopt;
  auto scope = expect->getParentOfType<FunctionOpInterface>();
  if (!scope)
    return std::nullopt;
  scope->walk([&](AsyncTmaCopyGlobalToLocalOp copy) {
    ambiguous |=
        copy.getBarrier() == barrier && !llvm::is_contained(copies, copy);
  });
  if (ambiguous)
    return std::nullopt;
  return copies;
}

LogicalResult BarrierExpectOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (getBytes() >= (1 << 20))
    return emitOpError()
           << "bytes must be below 2^20 (the tx-count range of an "
              "mbarrier), got "
           << getBytes();
  // The expected bytes against the TMA loads completing on the barrier: a
  // mismatch hangs the waiters (too many) or lets them read a slot before
  // it is full (too few).
  std::optional<SmallVector<AsyncTmaCopyGlobalToLocalOp>> copies =
      getCopiesOfPhase(*this);
  if (!copies)
    return success();
  int64_t total = 0;
  std::string terms;
  llvm::raw_string_ostream os(terms);
  for (auto [i, copy] : llvm::enumerate(*copies)) {
    TensorDescType desc = copy.getDesc().getType();
    total += desc.getBlockBytes();
    os << (i ? " + " : "") << desc.getBlockBytes() << " (";
    for (int64_t dim : desc.getShape())
      os << dim << "x";
    os << desc.getElementType() << (copies->size() > 1 ? ")" : " block)");
  }
  if (total == int64_t(getBytes()))
    return success();
  InFlightDiagnostic diag =
      emitOpError() << "expects " << getBytes()
                    << " transaction bytes, but the TMA loads that complete "
                       "on this mbarrier after it bring "
                    << (copies->size() > 1 ? terms + " = " : "") << total
                    << " bytes"
                    << (copies->size() > 1
                            ? ""
                            : " (a " + terms.substr(terms.find('(') + 1))
                    << "; expect " << total << ": "
                    << (int64_t(getBytes()) > total
                            ? "the waiters would hang"
                            : "the waiters would read the buffers before the "
                              "copies land");
  for (AsyncTmaCopyGlobalToLocalOp copy : *copies)
    diag.attachNote(copy.getLoc())
        << "a TMA load of " << copy.getDesc().getType().getBlockBytes()
        << " bytes";
  return diag;
}

/// The cluster size of the kernel around `op`: the product of its
/// `cluster_dims` (the tile.kernel attribute, read by name: this dialect
/// does not depend on the tile dialect); 1 without one.
static int64_t getEnclosingClusterSize(Operation *op) {
  auto fn = op->getParentOfType<FunctionOpInterface>();
  if (!fn)
    return 1;
  auto dims = fn->getAttrOfType<DenseI32ArrayAttr>("cluster_dims");
  if (!dims)
    return 1;
  int64_t size = 1;
  for (int32_t d : dims.asArrayRef())
    size *= std::max<int32_t>(d, 1);
  return size;
}

/// `what` (a multicast mask or a peer rank) needs a kernel with clusters;
/// a constant `value` must name programs of the cluster.
static LogicalResult verifyClusterOperand(Operation *op, Value value,
                                          StringRef what, bool isMask) {
  int64_t size = getEnclosingClusterSize(op);
  if (size < 2)
    return op->emitOpError()
           << "has " << what
           << " but its kernel has no cluster of several programs; give the "
              "tile.kernel `cluster_dims` (e.g. array<i32: 2, 1, 1>)";
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return success();
  int64_t v = constant.getSExtValue();
  if (isMask && (v <= 0 || v >= (int64_t(1) << size)))
    return op->emitOpError()
           << "multicast mask " << v << " names no program or one outside the "
           << size << "-program cluster; use a mask in [1, " << (1 << size)
           << ")";
  if (!isMask && (v < 0 || v >= size))
    return op->emitOpError() << "peer rank " << v << " is outside the " << size
                             << "-program cluster; use 0 to " << size - 1;
  return success();
}

LogicalResult ArriveBarrierOp::verify() {
  if (failed(verifyBarrierAndCount(*this, getBarrier().getType(), getCount())))
    return failure();
  if (getPerWarpgroup() && getCta())
    return emitOpError() << "per_warpgroup arrivals are on this program's "
                            "own mbarrier; drop 'cta' or 'per_warpgroup'";
  if (Value cta = getCta())
    return verifyClusterOperand(*this, cta, "a peer rank (`cta`)",
                                /*isMask=*/false);
  return success();
}

LogicalResult WaitBarrierOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  return verifyBarrierInitialized(*this, getBarrier());
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
  SmallVector<int64_t> matrix = desc.getMatrixShape();
  if (buffer.getShape() != ArrayRef<int64_t>(matrix) ||
      buffer.getElementType() != desc.getElementType()) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    os << "!layout.memdesc<" << matrix[0] << "x" << matrix[1] << "x"
       << desc.getElementType() << ", " << desc.getLayout() << ">";
    return op->emitOpError()
           << "the " << role
           << " must be one slot of the descriptor's block shape "
           << (desc.getShape().size() > 2
                   ? "(its outer dims flattened into rows) "
                   : "")
           << "and element type: expected " << expected << ", got " << buffer;
  }
  if (!areLayoutsEquivalent(buffer.getLayout(), desc.getLayout(), matrix))
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
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (Value mask = getMulticast())
    return verifyClusterOperand(*this, mask, "a multicast mask",
                                /*isMask=*/true);
  return success();
}

LogicalResult AsyncTmaCopyLocalToGlobalOp::verify() {
  return verifyTmaCopy(*this, getDesc().getType(), getCoords().size(),
                       getSrc().getType(), "source");
}
