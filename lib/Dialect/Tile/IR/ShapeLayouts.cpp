//===- ShapeLayouts.cpp - Layouts through the shape ops -------------------===//
//
// The layout rules of ShapeLayouts.h. Each rule maps the bases of the
// operand's linear layout through the op's (F2-linear) map of coordinates;
// the attribute forms then prefer a #layout.blocked equal to the result and
// fall back to a #layout.linear of it.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/ShapeLayouts.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace tile;
using namespace tile::tl;

using Basis = LinearLayout::Basis;

static constexpr llvm::StringLiteral kReg = "register";

//===----------------------------------------------------------------------===//
// Linear layouts
//===----------------------------------------------------------------------===//

static SmallVector<int64_t> outShape(const LinearLayout &ll) {
  SmallVector<int64_t> shape;
  for (const auto &[name, size] : ll.getOutDims())
    shape.push_back(size);
  return shape;
}

static LinearLayout::DimSizes standardOutDims(ArrayRef<int64_t> shape) {
  LinearLayout::DimSizes dims;
  for (auto [d, size] : llvm::enumerate(shape))
    dims.push_back({"dim" + std::to_string(d), int32_t(size)});
  return dims;
}

/// `src` with every basis mapped by `map`, the register bases then edited
/// by `editRegisters`, and output dims of `shape`. The register input dim
/// comes first, as in every distributed layout.
static LinearLayout
mapBases(const LinearLayout &src, ArrayRef<int64_t> shape,
         function_ref<Basis(const Basis &)> map,
         function_ref<void(std::vector<Basis> &)> editRegisters = {}) {
  LinearLayout::BasesT bases;
  bases[kReg.str()] = {};
  for (const auto &[inDim, dimBases] : src.getBases()) {
    std::vector<Basis> mapped;
    for (const Basis &b : dimBases)
      mapped.push_back(map(b));
    bases[inDim] = std::move(mapped);
  }
  if (editRegisters)
    editRegisters(bases[kReg.str()]);
  return LinearLayout(std::move(bases), standardOutDims(shape),
                      /*requireSurjective=*/false);
}

LinearLayout tl::transposeLinearLayout(const LinearLayout &src,
                                       ArrayRef<int32_t> order) {
  SmallVector<int64_t> srcShape = outShape(src), shape;
  for (int32_t d : order)
    shape.push_back(srcShape[d]);
  return mapBases(src, shape, [&](const Basis &b) {
    Basis r;
    for (int32_t d : order)
      r.push_back(b[d]);
    return r;
  });
}

/// Row-major strides of `shape` (last dim fastest).
static SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

std::optional<LinearLayout> tl::reshapeLinearLayout(const LinearLayout &src,
                                                    ArrayRef<int64_t> shape) {
  SmallVector<int64_t> srcShape = outShape(src);
  int64_t count = 1;
  for (int64_t s : shape) {
    if (!isPowerOf2(s))
      return std::nullopt;
    count *= s;
  }
  if (count != src.getTotalOutDimSize())
    return std::nullopt;
  SmallVector<int64_t> srcStrides = rowMajorStrides(srcShape);
  SmallVector<int64_t> strides = rowMajorStrides(shape);
  // Extents are powers of two, so each coordinate bit lands on its own bit
  // of the flat index: XORs of bases flatten to XORs of flat indices.
  return mapBases(src, shape, [&](const Basis &b) {
    int64_t flat = 0;
    for (auto [c, stride] : llvm::zip(b, srcStrides))
      flat += int64_t(c) * stride;
    Basis r;
    for (auto [size, stride] : llvm::zip(shape, strides))
      r.push_back(int32_t((flat / stride) % size));
    return r;
  });
}

LinearLayout tl::joinLinearLayout(const LinearLayout &src) {
  SmallVector<int64_t> shape = outShape(src);
  shape.push_back(2);
  Basis unit(shape.size(), 0);
  unit.back() = 1;
  return mapBases(
      src, shape,
      [](const Basis &b) {
        Basis r = b;
        r.push_back(0);
        return r;
      },
      [&](std::vector<Basis> &regs) { regs.insert(regs.begin(), unit); });
}

LinearLayout tl::catLinearLayout(const LinearLayout &src, int64_t axis) {
  SmallVector<int64_t> shape = outShape(src);
  Basis top(shape.size(), 0);
  top[axis] = int32_t(shape[axis]);
  shape[axis] *= 2;
  return mapBases(
      src, shape, [](const Basis &b) { return b; },
      [&](std::vector<Basis> &regs) { regs.push_back(top); });
}

/// The register bit whose basis is `value` in dim `dim` and 0 elsewhere,
/// when no other basis has bit `value` set in `dim`.
static std::optional<int> findRegisterBitAlone(const LinearLayout &src,
                                               int64_t dim, int32_t value) {
  std::optional<int> found;
  for (const auto &[inDim, dimBases] : src.getBases()) {
    for (auto [i, b] : llvm::enumerate(dimBases)) {
      if (!(b[dim] & value))
        continue;
      bool unit = inDim == kReg && b[dim] == value &&
                  llvm::count(b, 0) == int64_t(b.size()) - 1;
      if (!unit || found)
        return std::nullopt;
      found = int(i);
    }
  }
  return found;
}

/// `src` without register bit `bit`, output dim `dim` of extent `size`.
static LinearLayout removeRegisterBit(const LinearLayout &src, int bit,
                                      ArrayRef<int64_t> shape,
                                      function_ref<Basis(const Basis &)> map) {
  return mapBases(src, shape, map, [&](std::vector<Basis> &regs) {
    regs.erase(regs.begin() + bit);
  });
}

std::optional<int> tl::getSplitRegisterBit(const LinearLayout &src) {
  int64_t rank = src.getNumOutDims();
  if (rank < 1 || src.getOutDims().back().second != 2)
    return std::nullopt;
  return findRegisterBitAlone(src, rank - 1, 1);
}

std::optional<LinearLayout> tl::splitLinearLayout(const LinearLayout &src) {
  std::optional<int> bit = getSplitRegisterBit(src);
  if (!bit)
    return std::nullopt;
  SmallVector<int64_t> shape = outShape(src);
  shape.pop_back();
  return removeRegisterBit(src, *bit, shape, [](const Basis &b) {
    return Basis(b.begin(), b.end() - 1);
  });
}

std::optional<LinearLayout> tl::uncatLinearLayout(const LinearLayout &src,
                                                  int64_t axis) {
  SmallVector<int64_t> shape = outShape(src);
  if (axis < 0 || axis >= int64_t(shape.size()) || shape[axis] < 2)
    return std::nullopt;
  int32_t top = int32_t(shape[axis] / 2);
  std::optional<int> bit = findRegisterBitAlone(src, axis, top);
  if (!bit)
    return std::nullopt;
  shape[axis] = top;
  return removeRegisterBit(src, *bit, shape, [](const Basis &b) { return b; });
}

static SmallVector<int32_t> inversePermutation(ArrayRef<int32_t> order) {
  SmallVector<int32_t> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = int32_t(i);
  return inverse;
}

std::optional<LinearLayout> tl::getRelabeledLayout(Operation *op,
                                                   const LinearLayout &src) {
  if (auto trans = dyn_cast<TransOp>(op))
    return transposeLinearLayout(src, trans.getOrder());
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return reshapeLinearLayout(src, reshape.getType().getShape());
  if (isa<JoinOp>(op))
    return joinLinearLayout(src);
  if (isa<SplitOp>(op))
    return splitLinearLayout(src);
  if (auto cat = dyn_cast<CatOp>(op))
    return catLinearLayout(src, cat.getAxis());
  return std::nullopt;
}

bool tl::isShapeOp(Operation *op) {
  return isa<TransOp, ReshapeOp, JoinOp, SplitOp, CatOp>(op);
}

//===----------------------------------------------------------------------===//
// Layout attributes
//===----------------------------------------------------------------------===//

namespace {
/// How a blocked layout changes through a shape op that keeps it blocked.
enum class BlockedEdit { Permute, AppendMinor, DropMinor };
} // namespace

/// The blocked layout `layout` edited by `edit` (`order` for Permute), or
/// null when the edit does not apply (a cluster layout, a last dim that is
/// not two registers of each thread).
static Attribute editBlocked(Attribute layout, BlockedEdit edit,
                             ArrayRef<int32_t> perm = {}) {
  auto blocked = dyn_cast_or_null<layout::BlockedAttr>(layout);
  if (!blocked || blocked.getNumCTAs() != 1)
    return {};
  SmallVector<unsigned> spt(blocked.getSizePerThread());
  SmallVector<unsigned> tpw(blocked.getThreadsPerWarp());
  SmallVector<unsigned> wpc(blocked.getWarpsPerCTA());
  SmallVector<unsigned> order(blocked.getOrder());
  unsigned rank = spt.size();
  switch (edit) {
  case BlockedEdit::Permute: {
    if (perm.size() != rank)
      return {};
    SmallVector<int32_t> inverse = inversePermutation(perm);
    SmallVector<unsigned> s, t, w, o;
    for (int32_t d : perm) {
      s.push_back(spt[d]);
      t.push_back(tpw[d]);
      w.push_back(wpc[d]);
    }
    for (unsigned d : order)
      o.push_back(inverse[d]);
    spt = s, tpw = t, wpc = w, order = o;
    break;
  }
  case BlockedEdit::AppendMinor:
    spt.push_back(2);
    tpw.push_back(1);
    wpc.push_back(1);
    order.insert(order.begin(), rank);
    break;
  case BlockedEdit::DropMinor:
    if (rank < 2 || spt.back() != 2 || tpw.back() != 1 || wpc.back() != 1 ||
        order.front() != rank - 1)
      return {};
    spt.pop_back();
    tpw.pop_back();
    wpc.pop_back();
    order.erase(order.begin());
    break;
  }
  return layout::BlockedAttr::get(layout.getContext(), spt, tpw, wpc, order);
}

/// `candidate` if its linear form for `shape` is `ll`, else `ll` as a
/// #layout.linear.
static Attribute attrFor(MLIRContext *ctx, const LinearLayout &ll,
                         ArrayRef<int64_t> shape, Attribute candidate) {
  if (candidate)
    if (std::optional<LinearLayout> c =
            layout::toLinearLayout(candidate, shape))
      if (*c == ll)
        return candidate;
  return layout::LinearAttr::get(ctx, ll);
}

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

Attribute tl::inferShapeOpResultLayout(Operation *op, Attribute srcLayout) {
  if (!srcLayout || !isShapeOp(op))
    return {};
  std::optional<LinearLayout> src =
      layout::toLinearLayout(srcLayout, shapeOf(op->getOperand(0)));
  if (!src || !src->hasInDim("lane"))
    return {};
  std::optional<LinearLayout> result = getRelabeledLayout(op, *src);
  if (!result)
    return {};
  Attribute candidate;
  if (auto trans = dyn_cast<TransOp>(op))
    candidate = editBlocked(srcLayout, BlockedEdit::Permute, trans.getOrder());
  else if (isa<JoinOp>(op))
    candidate = editBlocked(srcLayout, BlockedEdit::AppendMinor);
  else if (isa<SplitOp>(op))
    candidate = editBlocked(srcLayout, BlockedEdit::DropMinor);
  return attrFor(op->getContext(), *result, shapeOf(op->getResult(0)),
                 candidate);
}

Attribute tl::inferShapeOpOperandLayout(Operation *op, Attribute resultLayout) {
  if (!resultLayout || !isShapeOp(op))
    return {};
  std::optional<LinearLayout> dst =
      layout::toLinearLayout(resultLayout, shapeOf(op->getResult(0)));
  if (!dst || !dst->hasInDim("lane"))
    return {};
  std::optional<LinearLayout> src;
  Attribute candidate;
  if (auto trans = dyn_cast<TransOp>(op)) {
    SmallVector<int32_t> inverse = inversePermutation(trans.getOrder());
    src = transposeLinearLayout(*dst, inverse);
    candidate = editBlocked(resultLayout, BlockedEdit::Permute, inverse);
  } else if (isa<ReshapeOp>(op)) {
    src = reshapeLinearLayout(*dst, shapeOf(op->getOperand(0)));
  } else if (isa<JoinOp>(op)) {
    src = splitLinearLayout(*dst);
    candidate = editBlocked(resultLayout, BlockedEdit::DropMinor);
  } else if (isa<SplitOp>(op)) {
    src = joinLinearLayout(*dst);
    candidate = editBlocked(resultLayout, BlockedEdit::AppendMinor);
  } else if (auto cat = dyn_cast<CatOp>(op)) {
    src = uncatLinearLayout(*dst, cat.getAxis());
  }
  if (!src)
    return {};
  return attrFor(op->getContext(), *src, shapeOf(op->getOperand(0)), candidate);
}
