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

} // namespace tile::cute::detail

#endif // TILE_LIB_CUTE_ALGEBRAUTILS_H
