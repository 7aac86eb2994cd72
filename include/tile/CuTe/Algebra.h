//===- Algebra.h - CuTe's layout algebra ------------------------*- C++ -*-===//
//
// The layout algebra of CuTe (CUTLASS include/cute/layout.hpp) on
// tile::cute::Layout, with CuTe's exact semantics for admissible inputs and
// an llvm::Error that says why for inadmissible ones (never a wrong layout):
//
//   coalesce, filter, composition, complement, right_inverse, left_inverse,
//   logical/zipped/tiled/flat divide, logical/zipped/tiled/flat product,
//   blocked/raked product, slice/dice, local_tile, local_partition.
//
// Composition is checked more strictly than CuTe C++ (which only checks
// static values and accepts some carries, NVIDIA/cutlass#3177, #2955): every
// mode of the right operand must divide the left operand's modes
// (`a % d == 0 || d % a == 0` for shapes a and strides d), and the modes of
// the right operand must not carry into each other across a mode boundary of
// the left operand. Admissible inputs give CuTe's result.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CUTE_ALGEBRA_H
#define TILE_CUTE_ALGEBRA_H

#include "tile/CuTe/Layout.h"

#include <utility>

namespace tile {
namespace cute {

/// The second operand of composition, divides and products: a Layout
/// (applied as one 1-D function), a tuple of tilers (applied mode by mode,
/// written `<B0,B1,...>`), or `_` (leave the mode alone). A plain shape
/// `(t0,t1)` is the tile `<t0:1,t1:1>` (see fromShape).
class Tiler {
public:
  enum class Kind : uint8_t { Layout, Tuple, Underscore };

  Tiler(Layout layout) : kind(Kind::Layout), lay(std::move(layout)) {}
  static Tiler tuple(std::vector<Tiler> elems);
  static Tiler underscore();
  /// An integer n is the layout n:1 (1:0 for n == 1); a tuple becomes a
  /// tuple of tilers element by element; `_` stays `_`.
  static Tiler fromShape(const IntTuple &shape);

  Kind getKind() const { return kind; }
  bool isLayout() const { return kind == Kind::Layout; }
  bool isTuple() const { return kind == Kind::Tuple; }
  bool isUnderscore() const { return kind == Kind::Underscore; }
  const Layout &layout() const { return lay; }
  llvm::ArrayRef<Tiler> elems() const { return children; }
  size_t rank() const { return isTuple() ? children.size() : 1; }

  /// `<3:3,(2,4):(1,8)>`, a layout, or `_`.
  std::string str() const;

private:
  Tiler() : kind(Kind::Underscore) {}
  Kind kind;
  Layout lay;
  std::vector<Tiler> children;
};

/// Every operation refuses layouts whose size, cosize or strides exceed
/// 2^40 (so that no intermediate product overflows); this is that check,
/// with `op` naming the operation in the message. Scaled-basis strides are
/// refused unless `allowBasis` (only composition, coalesce and the divides
/// take them, as in CuTe).
llvm::Error checkLayoutBounds(const Layout &layout, llvm::StringRef op,
                              bool allowBasis = false);

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

/// Flattens shape and stride (depth <= 1).
Layout flatten(const Layout &layout);
/// Slices the modes where `coord` has `_` (CuTe slice): `coord` is matched
/// against the shape; an integer drops its mode, `_` keeps it, a tuple
/// containing `_` is sliced recursively and its kept modes spliced in.
llvm::Expected<Layout> slice(const IntTuple &coord, const Layout &layout);
/// The complement of slice: keeps the modes where `coord` is an integer.
llvm::Expected<Layout> dice(const IntTuple &coord, const Layout &layout);
/// slice() plus the offset of the coordinate with every `_` as 0. For a
/// swizzled layout the offset goes into the result's swizzle offset and the
/// returned offset is 0, as in CuTe.
llvm::Expected<std::pair<Layout, int64_t>> sliceAndOffset(const IntTuple &coord,
                                                          const Layout &layout);

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

/// The simplest layout equal to `layout` as a function on [0, size):
/// depth <= 1, a single mode unwrapped, `1:0` if everything has size 1.
Layout coalesce(const Layout &layout);
/// Coalesces the sub-layouts at the leaves of `profile`; modes past its rank
/// are kept. An error if the profile does not fit the layout.
llvm::Expected<Layout> coalesce(const Layout &layout, const IntTuple &profile);
/// Size-1 for every stride-0 mode, then coalesce (CuTe filter).
Layout filter(const Layout &layout);
/// filter at the leaves of `profile`; modes past its rank are kept.
llvm::Expected<Layout> filter(const Layout &layout, const IntTuple &profile);
/// Replaces the extent of every stride-0 mode by 1 (CuTe filter_zeros).
Layout filterZeros(const Layout &layout);

/// R = A o B with R(c) = A(B(c)) for every c in B's domain and shape of R
/// compatible with B. `a` may be swizzled (the swizzle is kept).
llvm::Expected<Layout> composition(const Layout &a, const Layout &b);
/// Composition with a tiler: a tuple applies mode by mode and drops the
/// modes of `a` it does not reach (CuTe C++), `_` keeps the mode.
llvm::Expected<Layout> composition(const Layout &a, const Tiler &b);
/// A swizzle composed with a layout: `Sw o b`.
Layout composition(const Swizzle &sw, const Layout &b);

/// The layout of the "repeats" of `a` within [0, cotarget): ordered,
/// disjoint from the image of `a` (but at 0), cosize((a, R)) >= cotarget.
/// `cotarget` is an integer or a shape (its size is used). An error if `a`
/// is not injective up to stride-0 modes.
llvm::Expected<Layout> complement(const Layout &a, const IntTuple &cotarget);
/// complement(a, cosize(filter(a))).
llvm::Expected<Layout> complement(const Layout &a);

/// R with a(R(i)) == i for i < size(R), as large as CuTe makes it; `1:0` if
/// `a` has no stride-1 mode. CuTe's construction: coalesce, sort the modes
/// by stride, keep each mode whose stride is the extent reached so far with
/// the prefix product of its position as stride, coalesce.
llvm::Expected<Layout> rightInverse(const Layout &a);
/// CuTe's quasi-inverse: a(R(a(i))) == a(i), i.e. R(a(i)) == i for an
/// injective `a`. Offsets outside the image of `a` are covered by modes of
/// stride 0 (left_inverse(4:2) is (2,4):(0,1)). An error if a stride is not
/// a multiple of the extent of the smaller ones (CuTe's static assert) or
/// negative.
llvm::Expected<Layout> leftInverse(const Layout &a);
/// The stride-0 leaves of `a` with the strides of a column-major layout of
/// its flattened shape: a(R(i)) == 0 (CuTe nullspace); `1:0` if none.
llvm::Expected<Layout> nullspace(const Layout &a);

/// a o (b, complement(b, shape(a))), or by mode for tuple tilers (modes of
/// `a` past the tiler are kept).
llvm::Expected<Layout> logicalDivide(const Layout &a, const Tiler &b);
/// ((tiles...),(rests...)).
llvm::Expected<Layout> zippedDivide(const Layout &a, const Tiler &b);
/// ((tiles...),rest0,rest1,...).
llvm::Expected<Layout> tiledDivide(const Layout &a, const Tiler &b);
/// (tile0,tile1,...,rest0,rest1,...).
llvm::Expected<Layout> flatDivide(const Layout &a, const Tiler &b);

/// (a, complement(a, size(a)*cosize(b)) o b), or by mode for tuples.
llvm::Expected<Layout> logicalProduct(const Layout &a, const Tiler &b);
llvm::Expected<Layout> zippedProduct(const Layout &a, const Tiler &b);
llvm::Expected<Layout> tiledProduct(const Layout &a, const Tiler &b);
llvm::Expected<Layout> flatProduct(const Layout &a, const Tiler &b);
/// Rank-sensitive products: each element of `b` becomes a block `a`
/// (blocked: a inner) or the blocks are interleaved (raked: b inner); the
/// result has rank max(rank a, rank b), mode i being (a_i, (a* o b)_i) as
/// CuTe zips them (not coalesced).
llvm::Expected<Layout> blockedProduct(const Layout &a, const Layout &b);
llvm::Expected<Layout> rakedProduct(const Layout &a, const Layout &b);

/// Inner partition: zipped_divide(a, tiler) with the rest mode sliced at
/// `coord` (an integer slices the whole rest mode as 1-D; a tuple is padded
/// with `_` to the rest rank). Returns the tile and its offset.
llvm::Expected<std::pair<Layout, int64_t>>
localTile(const Layout &a, const Tiler &tiler, const IntTuple &coord);
/// Outer partition: zipped_divide(a, product_each(shape(thr))) with the
/// tile mode sliced at thr's (inverted) coordinate of `threadIdx`. Returns
/// the thread's layout and its offset.
llvm::Expected<std::pair<Layout, int64_t>>
localPartition(const Layout &a, const Layout &thr, int64_t threadIdx);

/// sliceAndOffset, localTile and localPartition for layouts whose strides
/// may be scaled bases (coordinate layouts such as make_identity_layout):
/// the offset is the codomain value at the sliced coordinate, an integer
/// for integer strides or a coordinate such as (4,16) (CuTe's
/// ArithmeticTuple). The int64_t forms refuse scaled-basis layouts.
llvm::Expected<std::pair<Layout, IntTuple>>
sliceAndCoordinate(const IntTuple &coord, const Layout &layout);
llvm::Expected<std::pair<Layout, IntTuple>>
localTileCoordinate(const Layout &a, const Tiler &tiler, const IntTuple &coord);
llvm::Expected<std::pair<Layout, IntTuple>>
localPartitionCoordinate(const Layout &a, const Layout &thr, int64_t threadIdx);

/// Repeats `block` until it fills `targetShape` (CuTe tile_to_shape): the
/// block is padded to rank(targetShape) and blocked_product-ed with a
/// layout of ceil_div(targetShape, block shape) repeats in column-major
/// order (or in the mode order `order`, e.g. (2,1) repeats along mode 1
/// first). The block extents must divide the target's. A swizzled block
/// keeps its swizzle (the usual way to build a swizzled shared buffer).
llvm::Expected<Layout> tileToShape(const Layout &block,
                                   const IntTuple &targetShape,
                                   const IntTuple &order = IntTuple::tuple({}));
/// A compact layout of `shape` whose strides increase in the order given by
/// `order` (same profile as shape; ties keep mode order). CuTe's
/// make_ordered_layout.
llvm::Expected<Layout> makeOrderedLayout(const IntTuple &shape,
                                         const IntTuple &order);
/// The number of elements that are contiguous in both `a` and `b` for the
/// same logical index (CuTe max_common_vector): how wide a vector copy
/// from b's storage to a's can be.
llvm::Expected<int64_t> maxCommonVector(const Layout &a, const Layout &b);

/// Reinterprets a layout of elements as a layout of N-element groups (CuTe
/// upcast<N>): the extent of a stride-1 mode is divided by N, and every
/// other nonzero stride is divided by N (rounding up to 1 for strides
/// below N, which then shrink their mode). An error if a division is not
/// exact. downcast<N> is the inverse: stride-1 extents and other strides
/// are multiplied by N.
llvm::Expected<Layout> upcast(const Layout &layout, int64_t n);
llvm::Expected<Layout> downcast(const Layout &layout, int64_t n);

/// The layout of the elements contiguous in both `a` and `b` (CuTe
/// max_common_layout): right_inverse(b) restricted to the leading stride-1
/// mode of coalesce(a o right_inverse(b)), `1:0` if there is none.
llvm::Expected<Layout> maxCommonLayout(const Layout &a, const Layout &b);
/// The layout of `layout` reinterpreted from elements of `oldBits` to
/// elements of `newBits` (CuTe recast_layout<Old,New>): upcast by the
/// reduced ratio's numerator, downcast by its denominator.
llvm::Expected<Layout> recastLayout(const Layout &layout, int64_t oldBits,
                                    int64_t newBits);
/// A column-major, ordered layout of `n` elements (or fewer) of `shape`
/// that evenly divides it (CuTe domain_distribute): the gcd of each flat
/// extent with what remains of n, coalesced.
llvm::Expected<Layout> domainDistribute(const IntTuple &shape, int64_t n);

//===----------------------------------------------------------------------===//
// Scaled-basis strides (coordinate layouts)
//===----------------------------------------------------------------------===//

/// The layout mapping each coordinate of `shape` to itself, with
/// scaled-basis strides (CuTe make_identity_layout): (4,8) gives
/// (4,8):(1@0,1@1); an integer n gives n:1.
llvm::Expected<Layout> makeIdentityLayout(const IntTuple &shape);
/// The value of `layout` at a coordinate: an integer for integer strides,
/// else a scaled basis element (`3@1`) or an ArithmeticTuple (`(1,(2,3))`),
/// as CuTe's crd2idx computes it.
llvm::Expected<IntTuple> evalCoordinate(const IntTuple &coord,
                                        const Layout &layout);

/// One past the largest value in each component of the codomain (CuTe
/// coshape): cosize for integer strides, a tuple for scaled-basis strides
/// (coshape of make_identity_layout((4,8)) is (4,8)).
llvm::Expected<IntTuple> coshape(const Layout &layout);

/// shape(complement(tiler, shape)): the number of tiles per mode.
llvm::Expected<IntTuple> ceilDiv(const IntTuple &shape, const Layout &tiler);

} // namespace cute
} // namespace tile

#endif // TILE_CUTE_ALGEBRA_H
