//===- LayoutConversions.cpp - Layout attributes to linear layouts -------===//
//
// The linear form of each layout attribute for a tensor shape, with Triton's
// semantics (LinearLayoutConversions.cpp there):
//
//  - a CTA tile is built from registers, lanes and warps, each walking the
//    dims in `order`, fastest first;
//  - the cluster (CGA) part cuts dim d into CTASplitNum[d] pieces, and the
//    CTAsPerCGA[d] / CTASplitNum[d] CTAs holding one piece are broadcast
//    copies (zero block bases);
//  - a CTA tile smaller than the per-CTA shape repeats in more registers,
//    fastest dim first; a larger one is broadcast by zeroing its largest
//    bases (warps first, then lanes, then registers).
//
// Bases are computed here directly and handed to tile::LinearLayout.
//
//===----------------------------------------------------------------------===//

#include "LayoutConversionsDetail.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::layout;

namespace {
using Basis = LinearLayout::Basis;
using BasisList = std::vector<Basis>;

std::string dimName(unsigned d) { return "dim" + std::to_string(d); }

std::string shapeToString(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  if (shape.empty())
    os << "(scalar)";
  return s;
}

/// Checks that `shape` has `rank` dims, each a power of two.
bool checkShape(ArrayRef<int64_t> shape, unsigned rank, std::string *why) {
  if (shape.size() != rank) {
    if (why)
      *why = "the layout has rank " + std::to_string(rank) + " but the shape " +
             shapeToString(shape) + " has rank " + std::to_string(shape.size());
    return false;
  }
  int64_t numElements = 1;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (size <= 0 || !llvm::isPowerOf2_64(size) || size > (int64_t(1) << 30)) {
      if (why)
        *why = "dim " + std::to_string(d) + " of the shape " +
               shapeToString(shape) + " is " + std::to_string(size) +
               ": layouts need power-of-two sizes (at most 2^30)";
      return false;
    }
    numElements *= size;
    if (numElements > (int64_t(1) << 30)) {
      if (why)
        *why = "the shape " + shapeToString(shape) +
               " has more than 2^30 elements; layouts of at most 2^30 "
               "elements are supported";
      return false;
    }
  }
  return true;
}

/// Appends log2(size) bases along `dim`, starting at value `start`.
void appendIdentity(BasisList &bases, unsigned rank, unsigned dim, int64_t size,
                    int64_t start) {
  for (int64_t v = start; v < start * size; v *= 2) {
    Basis b(rank, 0);
    b[dim] = static_cast<int32_t>(v);
    bases.push_back(b);
  }
}

/// The cluster part shared by blocked and swizzled shared layouts: per dim,
/// the number of distinct pieces (after fitting to `shape`) and the block
/// bases in units of pieces.
struct CGAPart {
  BasisList blockBases;
  SmallVector<int64_t> pieces;
};

CGAPart makeCGA(ArrayRef<unsigned> ctasPerCGA, ArrayRef<unsigned> ctaSplitNum,
                ArrayRef<unsigned> ctaOrder, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  CGAPart cga;
  cga.pieces.assign(rank, 1);
  for (unsigned d : ctaOrder) {
    for (unsigned v = 1; v < ctaSplitNum[d]; v *= 2) {
      Basis b(rank, 0);
      // A dim smaller than its split: the extra CTAs are broadcast copies.
      if (v < shape[d]) {
        b[d] = static_cast<int32_t>(v);
        cga.pieces[d] = 2 * v;
      }
      cga.blockBases.push_back(b);
    }
    for (unsigned v = ctaSplitNum[d]; v < ctasPerCGA[d]; v *= 2)
      cga.blockBases.push_back(Basis(rank, 0));
  }
  return cga;
}

/// Fits a CTA tile given by `bases` (first input dim `repeatDim`) whose
/// extent per dim is `tile` to `perCTA`, then appends the block bases.
LinearLayout finishLayout(LinearLayout::BasesT bases, StringRef repeatDim,
                          SmallVector<int64_t> tile, ArrayRef<unsigned> order,
                          const CGAPart &cga, ArrayRef<int64_t> perCTA,
                          ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  // Repeat a tile smaller than the per-CTA shape, fastest dim first.
  for (unsigned d : order)
    if (tile[d] < perCTA[d]) {
      appendIdentity(bases[repeatDim.str()], rank, d, perCTA[d] / tile[d],
                     tile[d]);
      tile[d] = perCTA[d];
    }
  // Broadcast a tile larger than the per-CTA shape: every value beyond the
  // shape becomes 0. (In these layouts each basis is one power of two.)
  for (auto &entry : bases)
    for (Basis &b : entry.second)
      for (unsigned d = 0; d < rank; ++d)
        if (b[d] >= perCTA[d])
          b[d] = 0;
  BasisList &blockBases = bases["block"];
  for (const Basis &cgaBasis : cga.blockBases) {
    Basis b(rank, 0);
    for (unsigned d = 0; d < rank; ++d)
      b[d] = static_cast<int32_t>(cgaBasis[d] * perCTA[d]);
    blockBases.push_back(b);
  }
  LinearLayout::DimSizes outDims;
  for (unsigned d = 0; d < rank; ++d)
    outDims.push_back({dimName(d), static_cast<int32_t>(shape[d])});
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

SmallVector<int64_t> perCTAShape(ArrayRef<int64_t> shape, const CGAPart &cga) {
  SmallVector<int64_t> perCTA;
  for (auto [size, pieces] : llvm::zip(shape, cga.pieces))
    perCTA.push_back(std::max<int64_t>(1, size / pieces));
  return perCTA;
}
} // namespace

//===----------------------------------------------------------------------===//
// Per-attribute conversions with a reason on failure
//===----------------------------------------------------------------------===//

static std::optional<LinearLayout>
blockedToLL(BlockedAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  unsigned rank = attr.getRank();
  if (!checkShape(shape, rank, why))
    return std::nullopt;
  LinearLayout::BasesT bases;
  SmallVector<int64_t> tile(rank, 1);
  auto addLevel = [&](StringRef inDim, ArrayRef<unsigned> sizes) {
    BasisList &list = bases[inDim.str()];
    for (unsigned d : attr.getOrder()) {
      appendIdentity(list, rank, d, sizes[d], tile[d]);
      tile[d] *= sizes[d];
    }
  };
  addLevel("register", attr.getSizePerThread());
  addLevel("lane", attr.getThreadsPerWarp());
  addLevel("warp", attr.getWarpsPerCTA());
  CGAPart cga = makeCGA(attr.getCTAsPerCGA(), attr.getCTASplitNum(),
                        attr.getCTAOrder(), shape);
  return finishLayout(std::move(bases), "register", tile, attr.getOrder(), cga,
                      perCTAShape(shape, cga), shape);
}

/// The one shape a layout is defined for when it is a `#layout.linear` or a
/// slice of one (the linear layout's shape without the sliced dims); none
/// for layouts that describe any shape.
static std::optional<SmallVector<int64_t>> fixedShape(Attribute layout) {
  if (auto linear = dyn_cast<LinearAttr>(layout))
    return linear.getImpliedShape();
  auto slice = dyn_cast<SliceAttr>(layout);
  if (!slice)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> parent = fixedShape(slice.getParent());
  if (!parent || slice.getDim() >= parent->size())
    return std::nullopt;
  parent->erase(parent->begin() + slice.getDim());
  return parent;
}

static std::optional<LinearLayout>
sliceToLL(SliceAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  unsigned rank = attr.getRank();
  if (!checkShape(shape, rank, why))
    return std::nullopt;
  // The parent is taken at extent 1 along the sliced dim (its bases there
  // drop out), except a parent defined for one shape (a linear layout, or a
  // slice of one), taken at its own extent there.
  SmallVector<int64_t> parentShape(shape);
  int64_t extent = 1;
  if (std::optional<SmallVector<int64_t>> fixed = fixedShape(attr.getParent());
      fixed && attr.getDim() < fixed->size())
    extent = (*fixed)[attr.getDim()];
  parentShape.insert(parentShape.begin() + attr.getDim(), extent);
  std::optional<LinearLayout> parent =
      computeLinearLayout(attr.getParent(), parentShape, why);
  if (!parent)
    return std::nullopt;
  unsigned dim = attr.getDim();
  LinearLayout::BasesT bases;
  for (const auto &[inDim, parentBases] : parent->getBases()) {
    BasisList &list = bases[inDim];
    for (const Basis &pb : parentBases) {
      Basis b;
      for (unsigned d = 0; d < pb.size(); ++d)
        if (d != dim)
          b.push_back(pb[d]);
      // Registers that only walked the sliced dim hold copies of one value;
      // they are dropped (Triton pads them back in for legacy reasons, we do
      // not). Lanes, warps and blocks keep their zero bases: broadcasts.
      if (inDim == "register" && llvm::all_of(b, [](int32_t v) { return !v; }))
        continue;
      list.push_back(std::move(b));
    }
  }
  LinearLayout::DimSizes outDims;
  for (unsigned d = 0; d < rank; ++d)
    outDims.push_back({dimName(d), static_cast<int32_t>(shape[d])});
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

static std::optional<LinearLayout>
linearToLL(LinearAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  SmallVector<int64_t> implied = attr.getImpliedShape();
  if (ArrayRef<int64_t>(implied) != shape) {
    if (why)
      *why = "the #layout.linear bases describe a tensor of shape " +
             shapeToString(implied) + ", not " + shapeToString(shape) +
             ": a linear layout is defined for one shape";
    return std::nullopt;
  }
  return attr.getLinearLayout();
}

static std::optional<LinearLayout> swizzledToLL(SwizzledSharedAttr attr,
                                                ArrayRef<int64_t> shape,
                                                std::string *why) {
  unsigned rank = attr.getOrder().size();
  if (!checkShape(shape, rank, why))
    return std::nullopt;
  CGAPart cga = makeCGA(attr.getCTAsPerCGA(), attr.getCTASplitNum(),
                        attr.getCTAOrder(), shape);
  SmallVector<int64_t> perCTA = perCTAShape(shape, cga);
  ArrayRef<unsigned> order = attr.getOrder();
  LinearLayout::BasesT bases;
  BasisList &offset = bases["offset"];
  if (rank == 1) {
    appendIdentity(offset, rank, 0, perCTA[0], 1);
  } else {
    unsigned colDim = order[0], rowDim = order[1];
    int64_t numCols = perCTA[colDim], numRows = perCTA[rowDim];
    appendIdentity(offset, rank, colDim, numCols, 1);
    for (int64_t row = 1; row < numRows; row *= 2) {
      Basis b(rank, 0);
      b[rowDim] = static_cast<int32_t>(row);
      int64_t phase = (row / attr.getPerPhase()) % attr.getMaxPhase();
      b[colDim] = static_cast<int32_t>((attr.getVec() * phase) % numCols);
      offset.push_back(b);
    }
    for (unsigned i = 2; i < rank; ++i)
      appendIdentity(offset, rank, order[i], perCTA[order[i]], 1);
  }
  // The offsets cover the per-CTA shape exactly: nothing to repeat or cut.
  SmallVector<int64_t> tile(perCTA);
  return finishLayout(std::move(bases), "offset", tile, order, cga, perCTA,
                      shape);
}

//===----------------------------------------------------------------------===//
// Interface implementations and free functions
//===----------------------------------------------------------------------===//

std::optional<LinearLayout>
BlockedAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
std::optional<LinearLayout>
SliceAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
std::optional<LinearLayout>
LinearAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
std::optional<LinearLayout>
SwizzledSharedAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
std::optional<LinearLayout>
StridedAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}

bool tile::layout::isLayoutAttr(Attribute attr) {
  return isa_and_nonnull<DistributedLayoutAttrInterface,
                         SharedLayoutAttrInterface>(attr);
}

std::optional<LinearLayout>
tile::layout::computeLinearLayout(Attribute layout, ArrayRef<int64_t> shape,
                                  std::string *why) {
  if (auto attr = dyn_cast_or_null<BlockedAttr>(layout))
    return blockedToLL(attr, shape, why);
  if (auto attr = dyn_cast_or_null<SliceAttr>(layout))
    return sliceToLL(attr, shape, why);
  if (auto attr = dyn_cast_or_null<LinearAttr>(layout))
    return linearToLL(attr, shape, why);
  if (auto attr = dyn_cast_or_null<SwizzledSharedAttr>(layout))
    return swizzledToLL(attr, shape, why);
  if (auto attr = dyn_cast_or_null<StridedAttr>(layout))
    return detail::stridedToLinearLayout(attr, shape, why);
  if (auto attr = dyn_cast_or_null<ThreadValueAttr>(layout))
    return detail::threadValueToLinearLayout(attr, shape, why);
  if (auto attr = dyn_cast_or_null<NvmmaAttr>(layout))
    return detail::nvmmaToLinearLayout(attr, shape, why);
  if (auto attr = dyn_cast_or_null<DotOperandAttr>(layout))
    return detail::dotOperandToLinearLayout(attr, shape, why);
  if (auto attr = dyn_cast_or_null<NvmmaSharedAttr>(layout))
    return detail::nvmmaSharedToLinearLayout(attr, shape, why);
  // Layouts of other dialects (or later attributes) answer through the
  // interfaces; they must not call back into this function for themselves.
  if (auto attr = dyn_cast_or_null<DistributedLayoutAttrInterface>(layout)) {
    if (auto ll = attr.toLinearLayout(shape))
      return ll;
  } else if (auto attr = dyn_cast_or_null<SharedLayoutAttrInterface>(layout)) {
    if (auto ll = attr.toLinearLayout(shape))
      return ll;
  } else {
    if (why) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "expected a layout attribute (#layout.blocked, #layout.slice, "
            "#layout.linear, #layout.nvmma, #layout.dot_operand, "
            "#layout.swizzled_shared, #layout.nvmma_shared, ...)";
      if (layout)
        os << ", got " << layout;
      *why = s;
    }
    return std::nullopt;
  }
  if (why)
    *why = "the layout does not fit the shape " + shapeToString(shape);
  return std::nullopt;
}

std::optional<LinearLayout>
tile::layout::toLinearLayout(Attribute layout, ArrayRef<int64_t> shape) {
  if (!layout)
    return std::nullopt;
  auto *dialect = layout.getContext()->getLoadedDialect<LayoutDialect>();
  if (!dialect ||
      !isa<BlockedAttr, SliceAttr, LinearAttr, SwizzledSharedAttr, StridedAttr,
           ThreadValueAttr, NvmmaAttr, DotOperandAttr, NvmmaSharedAttr>(layout))
    return computeLinearLayout(layout, shape, nullptr);
  return dialect->getCachedLinearLayout(layout, shape);
}

bool tile::layout::areLayoutsEquivalent(Attribute a, Attribute b,
                                        ArrayRef<int64_t> shape) {
  if (a == b)
    return toLinearLayout(a, shape).has_value();
  std::optional<LinearLayout> la = toLinearLayout(a, shape);
  std::optional<LinearLayout> lb = toLinearLayout(b, shape);
  return la && lb && *la == *lb;
}

LogicalResult tile::layout::verifyLayoutForShape(
    Attribute layout, ArrayRef<int64_t> shape,
    llvm::function_ref<InFlightDiagnostic()> emitError) {
  std::string why;
  if (computeLinearLayout(layout, shape, &why))
    return success();
  return emitError() << why;
}
