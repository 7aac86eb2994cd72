//===- ViewLayout.cpp - Address plan of a view with a CuTe layout ---------===//
//
// Coalesces each top-level mode of the view's #layout.strided with CuTe's
// coalesce and reads the vector axis and the widest aligned vector off the
// leaves (see ViewLayout.h).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "tile/CuTe/Algebra.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace tile;
using namespace tile::tl;

static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

/// The largest power of two dividing `v` (capped; 0 is divisible by all).
static int64_t powerOf2Divisor(int64_t v) {
  if (v == 0)
    return kMaxDivisibility;
  uint64_t u = v < 0 ? -uint64_t(v) : uint64_t(v);
  return std::min<int64_t>(int64_t(u & -u), kMaxDivisibility);
}

int64_t ViewLayoutPlan::getStrideDivisibility(int64_t a) const {
  int64_t div = kMaxDivisibility;
  for (const ViewLayoutLeaf &leaf : modes[a])
    div = std::min(div, powerOf2Divisor(leaf.stride));
  return div;
}

bool ViewLayoutPlan::isPlainStrided() const {
  return !swizzled && llvm::all_of(modes, [](const auto &leaves) {
    return leaves.size() == 1;
  });
}

std::optional<ViewLayoutPlan> tl::getViewLayoutPlan(ViewType type) {
  auto strided = dyn_cast_or_null<layout::StridedAttr>(type.getLayout());
  if (!strided)
    return std::nullopt;
  cute::Layout layout = strided.getLayout();
  ViewLayoutPlan plan;
  if (const std::optional<cute::Swizzle> &sw = layout.swizzle()) {
    plan.swizzled = true;
    plan.swizzleBits = sw->bits;
    plan.swizzleBase = sw->base;
    plan.swizzleShift = sw->shift;
    plan.swizzleOffset = layout.swizzleOffset();
  }
  cute::Layout inner = layout.inner();
  for (size_t i = 0; i < inner.rank(); ++i) {
    cute::Layout mode = cute::coalesce(inner.mode(i));
    SmallVector<ViewLayoutLeaf> leaves;
    std::vector<cute::IntTuple> shapes = cute::leaves(mode.shape());
    std::vector<cute::IntTuple> strides = cute::leaves(mode.stride());
    for (auto [s, d] : llvm::zip(shapes, strides))
      leaves.push_back({s.value(), d.value()});
    plan.modes.push_back(std::move(leaves));
  }
  int64_t rank = plan.modes.size();
  for (int64_t a = rank - 1; a >= 0 && plan.vectorAxis < 0; --a) {
    const ViewLayoutLeaf &first = plan.modes[a].front();
    if (first.stride == 1 && first.size > 1)
      plan.vectorAxis = a;
  }
  if (plan.vectorAxis < 0)
    return plan;
  int64_t v = kMaxDivisibility;
  for (int64_t a = 0; a < rank; ++a) {
    ArrayRef<ViewLayoutLeaf> leaves = plan.modes[a];
    if (a == plan.vectorAxis) {
      // The run of the first leaf ends at a multiple of its size.
      if (leaves.size() > 1)
        v = std::min(v, powerOf2Divisor(leaves.front().size));
      leaves = leaves.drop_front();
    }
    for (const ViewLayoutLeaf &leaf : leaves)
      if (leaf.size > 1)
        v = std::min(v, powerOf2Divisor(leaf.stride));
  }
  if (plan.swizzled) {
    // The swizzle keeps the low `base` bits of the offset.
    v = std::min(v, int64_t(1) << std::min(plan.swizzleBase, 30));
    v = std::min(v, powerOf2Divisor(plan.swizzleOffset));
  }
  plan.maxVector = v;
  return plan;
}
