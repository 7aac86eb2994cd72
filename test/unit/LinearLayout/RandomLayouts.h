//===- RandomLayouts.h - Random linear layouts for property tests ---------===//

#ifndef TILE_TEST_UNIT_LINEARLAYOUT_RANDOMLAYOUTS_H
#define TILE_TEST_UNIT_LINEARLAYOUT_RANDOMLAYOUTS_H

#include "tile/LinearLayout/LinearLayout.h"

#include <ostream>
#include <random>

namespace tile {
/// For GoogleTest messages and value printing.
inline std::ostream &operator<<(std::ostream &os, const LinearLayout &ll) {
  return os << ll.toString();
}
} // namespace tile

namespace tile::testing {

/// Seeded generator of random layouts and points.
class LayoutGen {
public:
  explicit LayoutGen(uint32_t seed) : rng(seed) {}

  int uniform(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  }

  /// Random (name, log2 size) dims taken from `names`, in a random subset
  /// and order, with total log2 size at most `maxTotal`.
  LinearLayout::DimSizes randomDims(llvm::ArrayRef<std::string> names,
                                    int minDims, int maxTotal, int maxEach) {
    std::vector<std::string> pool(names.begin(), names.end());
    std::shuffle(pool.begin(), pool.end(), rng);
    int n = uniform(minDims, pool.size());
    LinearLayout::DimSizes dims;
    int total = 0;
    for (int i = 0; i < n; ++i) {
      int log2 = uniform(0, std::min(maxEach, maxTotal - total));
      total += log2;
      dims.push_back({pool[i], int32_t(1) << log2});
    }
    return dims;
  }

  /// A random basis for the given output dims.
  LinearLayout::Basis randomPoint(const LinearLayout::DimSizes &dims) {
    LinearLayout::Basis b;
    for (auto &d : dims)
      b.push_back(uniform(0, d.second - 1));
    return b;
  }

  /// A random layout with the given dims. With `sparse`, bases are often
  /// zero or single-bit, like real distributed layouts.
  LinearLayout randomLayout(const LinearLayout::DimSizes &ins,
                            const LinearLayout::DimSizes &outs,
                            bool sparse = false) {
    LinearLayout::BasesT bases;
    for (auto &[name, size] : ins) {
      auto &b = bases[name];
      for (int32_t s = 1; s < size; s *= 2) {
        LinearLayout::Basis v = randomPoint(outs);
        if (sparse && uniform(0, 1)) {
          std::fill(v.begin(), v.end(), 0);
          if (!outs.empty() && uniform(0, 3)) {
            int j = uniform(0, outs.size() - 1);
            if (outs[j].second > 1)
              v[j] = 1 << uniform(0, llvm::Log2_32(outs[j].second) - 1);
          }
        }
        b.push_back(v);
      }
    }
    return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
  }

  LinearLayout randomLayout(bool sparse = false) {
    static const std::string inNames[] = {"register", "lane", "warp", "block"};
    static const std::string outNames[] = {"dim0", "dim1", "dim2"};
    return randomLayout(randomDims(inNames, 0, 12, 6),
                        randomDims(outNames, 0, 10, 6), sparse);
  }

  /// A random surjective layout onto `outs` (retries random layouts with
  /// enough input bits).
  LinearLayout randomSurjective(const LinearLayout::DimSizes &outs,
                                llvm::ArrayRef<std::string> inNames) {
    int outBits = 0;
    for (auto &d : outs)
      outBits += llvm::Log2_32(d.second);
    for (;;) {
      LinearLayout::DimSizes ins = randomDims(inNames, 1, outBits + 3, 8);
      int inBits = 0;
      for (auto &d : ins)
        inBits += llvm::Log2_32(d.second);
      if (inBits < outBits)
        continue;
      LinearLayout ll = randomLayout(ins, outs, uniform(0, 1));
      if (ll.isSurjective())
        return ll;
    }
  }

  /// A random invertible layout from `ins` to `outs` (equal total sizes).
  LinearLayout randomInvertible(const LinearLayout::DimSizes &ins,
                                const LinearLayout::DimSizes &outs) {
    for (;;) {
      LinearLayout ll = randomLayout(ins, outs);
      if (ll.isInjective() && ll.isSurjective())
        return ll;
    }
  }

  /// A random point of the input space, in input-dim order.
  llvm::SmallVector<int32_t> randomInput(const LinearLayout &ll) {
    llvm::SmallVector<int32_t> x;
    for (auto &name : ll.getInDimNames())
      x.push_back(uniform(0, ll.getInDimSize(name) - 1));
    return x;
  }

  std::mt19937 rng;
};

} // namespace tile::testing

#endif // TILE_TEST_UNIT_LINEARLAYOUT_RANDOMLAYOUTS_H
