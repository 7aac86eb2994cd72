//===- Layout.h - Hierarchical shape:stride layouts (CuTe) ------*- C++ -*-===//
//
// A Layout is a pair (Shape, Stride) of congruent IntTuples: a function from
// coordinates to integer offsets, written `Shape:Stride`, e.g.
// `(4,(2,3)):(2,(1,8))`. Any coordinate compatible with the shape may be
// used: a 1-D index, an R-D coordinate, or the natural hierarchical one, all
// converted colexicographically (leftmost fastest).
//
// A Layout may be composed with a Swizzle<B,M,S> and an offset (CuTe's
// ComposedLayout `Sw<B,M,S> o off o L`): it then maps c to
// Sw(off + L(c)). The algebra acts on the inner layout L and keeps the
// swizzle and the offset, as CuTe does.
//
// The algebra (Algebra.h) follows CuTe's C++ semantics, with all integers
// treated as static. This library has no MLIR dependency.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CUTE_LAYOUT_H
#define TILE_CUTE_LAYOUT_H

#include "tile/CuTe/IntTuple.h"

#include "llvm/Support/Error.h"

#include <optional>

namespace tile {
namespace cute {

/// CuTe's Swizzle<B,M,S>: keeps the M lowest bits, and XORs the B bits at
/// [M, M+B) with the B bits at [M+S, M+S+B) (S > 0), or the other way
/// around for S < 0. Requires B >= 0, M >= 0, |S| >= B.
struct Swizzle {
  int bits = 0;
  int base = 0;
  int shift = 0;

  /// Checks the parameters.
  static llvm::Expected<Swizzle> get(int bits, int base, int shift);
  int64_t apply(int64_t offset) const;
  bool operator==(const Swizzle &o) const {
    return bits == o.bits && base == o.base && shift == o.shift;
  }
  bool operator!=(const Swizzle &o) const { return !(*this == o); }
  /// `Sw<B,M,S>`.
  std::string str() const;
};

class Layout {
public:
  /// The trivial layout `1:0`.
  Layout() : shp(1), strd(0) {}
  /// Unchecked: `shape` and `stride` must be congruent, leaves integers,
  /// shapes >= 1.
  Layout(IntTuple shape, IntTuple stride)
      : shp(std::move(shape)), strd(std::move(stride)) {}
  /// Checked constructor: congruent, integer leaves, shapes >= 1.
  static llvm::Expected<Layout> get(IntTuple shape, IntTuple stride);
  /// Column-major (CuTe's default, LayoutLeft) compact layout of a shape.
  static Layout columnMajor(const IntTuple &shape);
  /// Row-major (LayoutRight) compact layout of a shape.
  static Layout rowMajor(const IntTuple &shape);
  /// Concatenation (L0, L1, ...) as one layout of rank n (make_layout).
  static Layout concat(llvm::ArrayRef<Layout> modes);

  const IntTuple &shape() const { return shp; }
  const IntTuple &stride() const { return strd; }

  /// The swizzle this layout is composed with, if any.
  const std::optional<Swizzle> &swizzle() const { return swz; }
  int64_t swizzleOffset() const { return swzOffset; }
  bool isSwizzled() const { return swz.has_value(); }
  /// The same layout composed with `sw` after adding `offset`.
  Layout withSwizzle(std::optional<Swizzle> sw, int64_t offset = 0) const;
  /// The inner shape:stride layout, without swizzle.
  Layout inner() const { return Layout(shp, strd); }

  size_t rank() const { return shp.rank(); }
  int depth() const { return cute::depth(shp); }
  int64_t size() const { return product(shp); }
  /// One past the largest offset (of the inner layout, plus the swizzle's
  /// effect when swizzled); Sum (s_i - 1) |d_i| + 1.
  int64_t cosize() const;
  /// Mode `i` as a layout (keeps the swizzle).
  Layout mode(size_t i) const;
  /// Modes [begin, end) as a layout (CuTe's take<B,E>).
  Layout take(size_t begin, size_t end) const;

  /// Evaluates at a 1-D index (no range check).
  int64_t operator()(int64_t idx) const;
  /// Evaluates at a coordinate; an error if it does not fit the shape.
  llvm::Expected<int64_t> eval(const IntTuple &coord) const;

  bool operator==(const Layout &o) const {
    return shp == o.shp && strd == o.strd && swz == o.swz &&
           swzOffset == o.swzOffset;
  }
  bool operator!=(const Layout &o) const { return !(*this == o); }

private:
  IntTuple shp, strd;
  std::optional<Swizzle> swz;
  int64_t swzOffset = 0;
};

/// `Shape:Stride`, `Sw<B,M,S> o Shape:Stride` or `Sw<B,M,S> o off o ...`
/// (CuTe notation, no spaces inside the layout, no static markers).
std::string toString(const Layout &layout);
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Layout &layout);

/// The offset of a coordinate (1-D, R-D or natural) in a shape:stride pair:
/// the inner product of the natural coordinate with the stride.
llvm::Expected<int64_t> crd2idx(const IntTuple &coord, const IntTuple &shape,
                                const IntTuple &stride);
llvm::Expected<int64_t> crd2idx(const IntTuple &coord, const Layout &layout);
/// The inverting idx2crd of CuTe's Layout::get_hier_coord (and Mojo's
/// Layout.idx2crd): per leaf (idx / d) % s, 0 where d == 0. Inverts a
/// compact layout.
IntTuple idx2crdInverse(int64_t idx, const IntTuple &shape,
                        const IntTuple &stride);

} // namespace cute
} // namespace tile

#endif // TILE_CUTE_LAYOUT_H
