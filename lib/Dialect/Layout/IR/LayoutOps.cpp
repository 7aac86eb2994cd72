//===- LayoutOps.cpp - Layout ops -----------------------------------------===//

#include "tile/Dialect/Layout/IR/BarrierUnderBranch.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "llvm/ADT/STLExtras.h"

using namespace tile;
using namespace tile::layout;

/// `[SRC-TYPE ->] RESULT-TYPE` of layout.local_alloc.
static ParseResult parseAllocTypes(OpAsmParser &parser, Type &srcType,
                                   Type &resultType) {
  Type first;
  if (parser.parseType(first))
    return failure();
  if (failed(parser.parseOptionalArrow())) {
    resultType = first;
    return success();
  }
  srcType = first;
  return parser.parseType(resultType);
}

static void printAllocTypes(OpAsmPrinter &printer, Operation *, Type srcType,
                            Type resultType) {
  if (srcType)
    printer << srcType << " -> ";
  printer << resultType;
}

#define GET_OP_CLASSES
#include "tile/Dialect/Layout/IR/LayoutOps.cpp.inc"

namespace {
/// The bits of a coordinate vector concatenated, dim0 lowest.
struct CoordPacker {
  SmallVector<unsigned> shift;
  explicit CoordPacker(const LinearLayout &ll) {
    unsigned total = 0;
    for (const auto &[name, size] : ll.getOutDims()) {
      shift.push_back(total);
      total += llvm::Log2_32(size);
    }
  }
  uint64_t pack(ArrayRef<int32_t> coords) const {
    uint64_t v = 0;
    for (auto [c, s] : llvm::zip(coords, shift))
      v |= uint64_t(c) << s;
    return v;
  }
};

/// A basis of the span of `vectors` over F2, in reduced echelon form.
SmallVector<uint64_t> echelon(ArrayRef<uint64_t> vectors) {
  SmallVector<uint64_t> basis;
  for (uint64_t v : vectors) {
    for (uint64_t b : basis)
      v = std::min(v, v ^ b);
    if (v)
      basis.push_back(v);
    // Keep the basis sorted descending so that min-reduction is greedy.
    llvm::sort(basis, std::greater<uint64_t>());
  }
  return basis;
}

bool inSpan(ArrayRef<uint64_t> basis, uint64_t v) {
  for (uint64_t b : basis)
    v = std::min(v, v ^ b);
  return v == 0;
}
} // namespace

LogicalResult ConvertOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto dstType = cast<RankedTensorType>(getResult().getType());
  auto check = [&](RankedTensorType type, StringRef which) -> LogicalResult {
    Attribute enc = type.getEncoding();
    if (!isa_and_nonnull<DistributedLayoutAttrInterface>(enc))
      return emitOpError() << "the " << which
                           << " type needs a distributed layout encoding "
                              "(#layout.blocked, #layout.slice, "
                              "#layout.linear), got "
                           << type;
    return verifyLayoutForShape(enc, type.getShape(), [&]() {
      return emitOpError() << "the " << which << " layout does not fit: ";
    });
  };
  if (failed(check(srcType, "source")) || failed(check(dstType, "result")))
    return failure();
  if (!getAssertTrivial())
    return success();

  // Trivial: every thread already holds every element it must hold, i.e.
  // for each hardware basis h (lane, warp, block) the two images differ by a
  // combination of register bases, and both register spans are equal.
  std::optional<LinearLayout> src =
      toLinearLayout(srcType.getEncoding(), srcType.getShape());
  std::optional<LinearLayout> dst =
      toLinearLayout(dstType.getEncoding(), dstType.getShape());
  if (!src || !dst)
    return emitOpError() << "could not compute the linear layouts";
  CoordPacker packer(*src);
  auto packed = [&](const LinearLayout &ll, StringRef inDim) {
    SmallVector<uint64_t> out;
    for (int i = 0, e = ll.getInDimSizeLog2(inDim); i < e; ++i)
      out.push_back(packer.pack(ll.getBasis(inDim, i)));
    return out;
  };
  SmallVector<uint64_t> srcRegs = echelon(packed(*src, "register"));
  SmallVector<uint64_t> dstRegs = echelon(packed(*dst, "register"));
  SmallVector<std::string> differing;
  bool regsDiffer =
      srcRegs.size() != dstRegs.size() ||
      llvm::any_of(dstRegs, [&](uint64_t v) { return !inSpan(srcRegs, v); });
  if (regsDiffer)
    differing.push_back("register");
  for (StringRef hw : {"lane", "warp", "block"}) {
    SmallVector<uint64_t> a = packed(*src, hw), b = packed(*dst, hw);
    bool differs = a.size() != b.size();
    for (size_t i = 0; !differs && i < a.size(); ++i)
      differs = !inSpan(srcRegs, a[i] ^ b[i]);
    if (differs)
      differing.push_back(hw.str());
  }
  if (differing.empty())
    return success();
  InFlightDiagnostic diag =
      emitOpError() << "is marked assert_trivial but moves data between "
                       "threads: the layouts differ in ";
  llvm::interleave(
      differing, diag, [&](const std::string &s) { diag << s; }, ", ");
  if (regsDiffer)
    diag << " (the elements each thread holds differ)";
  return diag;
}

LogicalResult WarpAnyOp::verify() {
  // TensorOf admits unranked tensors.
  auto type = dyn_cast<RankedTensorType>(getPred().getType());
  if (!type)
    return emitOpError() << "needs a ranked tensor with a distributed layout, "
                            "got "
                         << getPred().getType();
  Attribute enc = type.getEncoding();
  if (!isa_and_nonnull<DistributedLayoutAttrInterface>(enc))
    return emitOpError() << "needs a distributed layout encoding on its "
                            "operand (#layout.blocked, #layout.slice, "
                            "#layout.linear, #layout.nvmma), got "
                         << type
                         << ": which elements a warp holds is the layout's";
  if (type.getNumElements() == 0)
    return emitOpError() << "needs at least one element, got " << type;
  if (failed(verifyLayoutForShape(enc, type.getShape(), [&]() {
        return emitOpError() << "operand layout does not fit: ";
      })))
    return failure();
  // The result differs between warps: a barrier that only the warps voting
  // true (or false) reach waits forever for the others.
  return verifyNoBarrierUnderBranchOn(
      *this, "the result differs between warps, the warps that skip the "
             "branch never arrive and the kernel hangs; move the barrier out "
             "of the branch");
}

OpFoldResult ConvertOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<ConvertOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    // convert(convert(x)) -> convert(x); an assert_trivial on this op must
    // keep checking this op's own conversion, so leave those alone.
    if (!getAssertTrivial()) {
      getSrcMutable().assign(inner.getSrc());
      return getResult();
    }
  }
  return {};
}
