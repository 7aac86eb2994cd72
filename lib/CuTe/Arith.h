//===- Arith.h - Overflow-safe integer helpers for the CuTe library -------===//
//
// User input may hold values whose products overflow int64; signed overflow
// is undefined behaviour, so arithmetic on unchecked values goes through
// these helpers: saturating for bounds (sizes, cosizes) and wrapping for
// evaluation of layouts the caller has not range-checked.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CUTE_ARITH_H
#define TILE_LIB_CUTE_ARITH_H

#include <cstdint>
#include <limits>

namespace tile {
namespace cute {
namespace arith {

inline int64_t satMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return (a < 0) != (b < 0) ? std::numeric_limits<int64_t>::min()
                              : std::numeric_limits<int64_t>::max();
  return r;
}

inline int64_t satAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return a < 0 ? std::numeric_limits<int64_t>::min()
                 : std::numeric_limits<int64_t>::max();
  return r;
}

inline int64_t wrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) *
                              static_cast<uint64_t>(b));
}

inline int64_t wrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) +
                              static_cast<uint64_t>(b));
}

} // namespace arith
} // namespace cute
} // namespace tile

#endif // TILE_LIB_CUTE_ARITH_H
