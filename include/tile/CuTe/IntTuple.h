//===- IntTuple.h - Nested integer tuples (CuTe IntTuple) -------*- C++ -*-===//
//
// An IntTuple is an integer or a tuple of IntTuples: the shapes, strides and
// coordinates of hierarchical (CuTe) layouts. A coordinate may also hold the
// slicing placeholder `_` (Underscore). Every integer is "static" in CuTe's
// sense: the algebra treats all values as known.
//
// Printing follows CuTe without static markers and without spaces:
// `4`, `(4,(2,3))`, `(2,_)`. A rank-1 tuple prints with its parentheses:
// `(4)` is not the same IntTuple as `4`.
//
// A leaf may also be a scaled basis element (CuTe's ScaledBasis<v, m0, m1,
// ...>): the value v in mode m0, sub-mode m1, ... of a coordinate. Strides
// of coordinate layouts (make_identity_layout) are made of them. They print
// as CuTe prints them, the value then the modes innermost first:
// ScaledBasis<1,1,0> is `1@0@1`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CUTE_INTTUPLE_H
#define TILE_CUTE_INTTUPLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace tile {
namespace cute {

class IntTuple {
public:
  enum class Kind : uint8_t { Int, Tuple, Underscore, Basis };

  /// An integer leaf (implicit, so `IntTuple x = 4;` works).
  IntTuple(int64_t value = 0) : kind(Kind::Int), val(value) {}
  IntTuple(int value) : IntTuple(static_cast<int64_t>(value)) {}
  /// A tuple of the given elements (possibly empty or rank 1).
  static IntTuple tuple(std::vector<IntTuple> elems);
  static IntTuple tuple(std::initializer_list<IntTuple> elems) {
    return tuple(std::vector<IntTuple>(elems));
  }
  /// The slicing placeholder `_`.
  static IntTuple underscore();
  /// The scaled basis element `value` at mode path `modes` (outermost
  /// first; an empty path is the integer `value`).
  static IntTuple basis(int64_t value, std::vector<int> modes);

  Kind getKind() const { return kind; }
  bool isInt() const { return kind == Kind::Int; }
  bool isTuple() const { return kind == Kind::Tuple; }
  bool isUnderscore() const { return kind == Kind::Underscore; }
  bool isBasis() const { return kind == Kind::Basis; }

  /// The value of an integer leaf or the scale of a basis leaf (0 for
  /// others).
  int64_t value() const { return val; }
  /// The mode path of a basis leaf, outermost first (empty for others).
  llvm::ArrayRef<int> basisModes() const { return modes; }
  /// The elements of a tuple (empty for leaves).
  llvm::ArrayRef<IntTuple> elems() const { return children; }

  /// Number of top-level elements: 1 for a leaf.
  size_t rank() const { return isTuple() ? children.size() : 1; }
  /// Mode `i`: the i-th element of a tuple, or the leaf itself for i == 0.
  const IntTuple &operator[](size_t i) const {
    return isTuple() ? children[i] : *this;
  }

  bool operator==(const IntTuple &other) const;
  bool operator!=(const IntTuple &other) const { return !(*this == other); }

  std::string str() const;
  void print(llvm::raw_ostream &os) const;

private:
  Kind kind;
  int64_t val = 0;
  std::vector<IntTuple> children;
  std::vector<int> modes;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const IntTuple &t);

/// 0 for a leaf, 1 + max depth of the elements for a tuple (an empty tuple
/// has depth 1).
int depth(const IntTuple &t);
/// Product of all integer leaves (1 for an empty tuple). Saturates at
/// INT64_MAX instead of overflowing.
int64_t product(const IntTuple &t);
/// Leaves in order, as a flat tuple; a leaf stays a leaf.
IntTuple flatten(const IntTuple &t);
/// The leaves in order.
std::vector<IntTuple> leaves(const IntTuple &t);
/// Same tree profile (a leaf matches a leaf).
bool congruent(const IntTuple &a, const IntTuple &b);
/// `a` is a leaf where `b` may be a subtree, tuples elsewhere match.
bool weaklyCongruent(const IntTuple &a, const IntTuple &b);
/// True if some leaf is `_`.
bool hasUnderscore(const IntTuple &t);
/// True if some leaf is a scaled basis element.
bool hasBasis(const IntTuple &t);
/// The product of each top-level mode: ((2,3),4) -> (6,4).
IntTuple productEach(const IntTuple &t);
/// A tuple with the same profile as `t` where every leaf is `v`.
IntTuple repeatLike(const IntTuple &t, const IntTuple &v);
/// Exclusive prefix products of the leaves, left to right (column major,
/// CuTe's LayoutLeft), with the profile of `shape`; a leaf of extent 1 gets
/// stride 0 as in CuTe. `start` is the first stride.
IntTuple compactColMajor(const IntTuple &shape, int64_t start = 1);
/// The same right to left (row major, CuTe's LayoutRight).
IntTuple compactRowMajor(const IntTuple &shape, int64_t start = 1);

/// Colexicographic coordinate of index `idx` in `shape`: each mode but the
/// last takes idx modulo its size, the last takes what remains. A tuple
/// `idx` is converted mode by mode.
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape);
/// Colexicographic index of a coordinate in a shape (the inverse of
/// idx2crd): crd2idx(idx2crd(i, s), s) == i.
int64_t crd2idx(const IntTuple &coord, const IntTuple &shape);

} // namespace cute
} // namespace tile

#endif // TILE_CUTE_INTTUPLE_H
