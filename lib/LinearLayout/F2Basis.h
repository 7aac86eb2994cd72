//===- F2Basis.h - Incremental Gaussian elimination over GF(2) ------------===//
//
// Vectors over F2 of up to 64 coordinates are packed into one uint64_t. An
// F2Basis holds an echelon form of the span of the vectors inserted so far,
// and for every echelon row the set of inserted vectors ("columns") whose XOR
// it is. That is enough for rank, independence, free variables and solving
// A x = b where A's columns are the inserted vectors: the solution found uses
// only the columns that were independent of the ones inserted before them
// (the pivot columns), so it is the pre-image with all free variables zero.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_LINEARLAYOUT_F2BASIS_H
#define TILE_LIB_LINEARLAYOUT_F2BASIS_H

#include <array>
#include <cstdint>
#include <optional>

namespace tile {

class F2Basis {
public:
  /// Inserts `v`, the column with index `column` (< 64). Returns true if it
  /// was independent of the columns inserted before (a pivot column).
  bool insert(uint64_t v, int column) {
    uint64_t combo = uint64_t(1) << column;
    uint64_t rest = reduce(v, combo);
    if (rest == 0)
      return false;
    int lead = 63 - __builtin_clzll(rest);
    rows[lead] = rest;
    combos[lead] = combo;
    present |= uint64_t(1) << lead;
    ++numRows;
    return true;
  }

  /// Reduces `v` by the rows (highest lead first), XORing the columns used
  /// into `combo`. Returns what is left (0 iff `v` is in the span).
  uint64_t reduce(uint64_t v, uint64_t &combo) const {
    while (uint64_t hit = v & present) {
      int lead = 63 - __builtin_clzll(hit);
      v ^= rows[lead];
      combo ^= combos[lead];
    }
    return v;
  }

  /// The set of pivot columns whose XOR is `v`, or nullopt if `v` is not in
  /// the span.
  std::optional<uint64_t> solve(uint64_t v) const {
    uint64_t combo = 0;
    if (reduce(v, combo) != 0)
      return std::nullopt;
    return combo;
  }

  bool contains(uint64_t v) const {
    uint64_t combo = 0;
    return reduce(v, combo) == 0;
  }

  int rank() const { return numRows; }

private:
  // rows[b] has highest set bit b, when bit b of `present` is set.
  std::array<uint64_t, 64> rows{};
  std::array<uint64_t, 64> combos{};
  uint64_t present = 0;
  int numRows = 0;
};

} // namespace tile

#endif // TILE_LIB_LINEARLAYOUT_F2BASIS_H
