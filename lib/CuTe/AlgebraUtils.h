//===- AlgebraUtils.h - Helpers shared by the CuTe algebra files -*- C++ -*-===//
//
// Internal to TileCuTe: error construction, overflow-checked arithmetic and
// the flat (shape, stride) view of a layout used by Algebra.cpp and
// DivideProduct.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CUTE_ALGEBRAUTILS_H
#define TILE_LIB_CUTE_ALGEBRAUTILS_H

#include "tile/CuTe/Layout.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace tile::cute::detail {

inline llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Values beyond this are refused so that no product can overflow int64.
inline constexpr int64_t kMaxValue = int64_t(1) << 40;

/// An error when a * b overflows or leaves [-kMaxValue, kMaxValue].
llvm::Error checkMul(int64_t a, int64_t b, llvm::StringRef what);

/// checkLayoutBounds under the name the algebra uses.
llvm::Error checkRange(const Layout &l, llvm::StringRef what);

/// A flat list of modes (shape, stride).
struct FlatModes {
  std::vector<int64_t> shape, stride;
  size_t size() const { return shape.size(); }
};

/// The leaves of `l` as flat modes; a layout with no modes is 1:0.
FlatModes flatModes(const Layout &l);

/// Flat modes whose strides may be scaled bases (IntTuple leaves).
struct FlatLayout {
  std::vector<int64_t> shape;
  std::vector<IntTuple> stride;
  size_t size() const { return shape.size(); }
};
FlatLayout flatLayout(const Layout &l);
/// The layout of flat modes; one mode unwraps to integers.
Layout fromFlatLayout(const FlatLayout &f);
/// d * k for an integer or scaled-basis stride leaf.
IntTuple scaleStride(const IntTuple &d, int64_t k);
/// CuTe's as_arithmetic_tuple of a scaled basis element: v@m0@... at path
/// (m0, m1, ...) is the tuple with m0 zeros then the element at the rest of
/// the path. Other values are returned unchanged.
IntTuple asArithmeticTuple(const IntTuple &b);
/// CuTe's + on codomain values: integers add, 0 is the identity, scaled
/// bases and ArithmeticTuples add element by element (padded with 0).
llvm::Expected<IntTuple> addCodomain(const IntTuple &a, const IntTuple &b);

} // namespace tile::cute::detail

#endif // TILE_LIB_CUTE_ALGEBRAUTILS_H
