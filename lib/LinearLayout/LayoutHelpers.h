//===- LayoutHelpers.h - Internal helpers of the LinearLayout library -----===//
//
// Packing of points into words, dim lookups, error plumbing. Private to
// lib/LinearLayout.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_LINEARLAYOUT_LAYOUTHELPERS_H
#define TILE_LIB_LINEARLAYOUT_LAYOUTHELPERS_H

#include "tile/LinearLayout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

namespace tile::detail {

using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

inline constexpr int kMaxDimLog2 = 30;
inline constexpr int kMaxTotalBits = 62;

inline bool isPow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }
inline int log2Of(int64_t x) { return llvm::Log2_64(uint64_t(x)); }

inline void setError(std::string *error, const llvm::Twine &msg) {
  if (error)
    *error = msg.str();
}

[[noreturn]] inline void fatal(StringRef what, const std::string &msg) {
  llvm::reportFatalUsageError(llvm::Twine("LinearLayout::") + what + ": " +
                              msg);
}

template <typename T>
inline T unwrap(std::optional<T> v, StringRef what, const std::string &msg) {
  if (!v)
    fatal(what, msg);
  return std::move(*v);
}

/// Position of `name` in a (name, size) list, or -1.
inline int findDim(const LinearLayout::DimSizes &dims, StringRef name) {
  for (auto [i, d] : llvm::enumerate(dims))
    if (d.first == name)
      return i;
  return -1;
}

/// Bit offsets of each output dim when a point is packed into one word, the
/// first output dim in the lowest bits.
inline SmallVector<int> outBitOffsets(const LinearLayout::DimSizes &outDims) {
  SmallVector<int> offs;
  int total = 0;
  for (auto &d : outDims) {
    offs.push_back(total);
    total += log2Of(d.second);
  }
  return offs;
}

inline uint64_t packPoint(ArrayRef<int32_t> point, ArrayRef<int> offsets) {
  uint64_t v = 0;
  for (auto [i, x] : llvm::enumerate(point))
    v |= uint64_t(uint32_t(x)) << offsets[i];
  return v;
}

inline std::vector<int32_t> unpackPoint(uint64_t v,
                                        const LinearLayout::DimSizes &dims) {
  std::vector<int32_t> out;
  int off = 0;
  for (auto &d : dims) {
    int bits = log2Of(d.second);
    out.push_back(int32_t((v >> off) & ((uint64_t(1) << bits) - 1)));
    off += bits;
  }
  return out;
}

/// Checks the names in `order` are a permutation of `names`.
inline bool isPermutation(ArrayRef<std::string> order,
                          ArrayRef<std::string> names) {
  if (order.size() != names.size())
    return false;
  llvm::StringSet<> seen;
  for (auto &n : order)
    if (!seen.insert(n).second)
      return false;
  return llvm::all_of(names, [&](auto &n) { return seen.contains(n); });
}

inline std::string joinNames(ArrayRef<std::string> names) {
  std::string s = "[";
  for (auto [i, n] : llvm::enumerate(names)) {
    if (i)
      s += ", ";
    s += n;
  }
  return s + "]";
}

/// Splits a flat list of bases (minor to major) into dims of the given
/// sizes.
inline LinearLayout::BasesT splitBases(ArrayRef<LinearLayout::Basis> flat,
                                       const LinearLayout::DimSizes &dims) {
  LinearLayout::BasesT bases;
  size_t pos = 0;
  for (auto &d : dims) {
    int n = log2Of(d.second);
    bases[d.first] = std::vector<LinearLayout::Basis>(flat.begin() + pos,
                                                      flat.begin() + pos + n);
    pos += n;
  }
  return bases;
}

inline std::optional<std::string>
checkNewDims(const LinearLayout::DimSizes &dims, int wantLog2, StringRef kind) {
  int total = 0;
  llvm::StringSet<> seen;
  for (auto &d : dims) {
    if (!isPow2(d.second) || log2Of(d.second) > kMaxDimLog2)
      return (llvm::Twine(kind) + " dim '" + d.first + "' has size " +
              llvm::Twine(d.second) +
              ", which is not a power of two in [1, 2^30]")
          .str();
    if (!seen.insert(d.first).second)
      return (llvm::Twine(kind) + " dim '" + d.first + "' appears twice").str();
    total += log2Of(d.second);
  }
  if (total != wantLog2)
    return (llvm::Twine("the new ") + kind + " dims have total size 2^" +
            llvm::Twine(total) + " but the layout has 2^" +
            llvm::Twine(wantLog2))
        .str();
  return std::nullopt;
}

} // namespace tile::detail

#endif // TILE_LIB_LINEARLAYOUT_LAYOUTHELPERS_H
