//===- LinearLayout.cpp - F2-linear maps between named index spaces ------===//

#include "tile/LinearLayout/LinearLayout.h"

#include "F2Basis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tile;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

namespace {

constexpr int kMaxDimLog2 = 30;
constexpr int kMaxTotalBits = 62;

bool isPow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }
int log2Of(int64_t x) { return llvm::Log2_64(uint64_t(x)); }

void setError(std::string *error, const llvm::Twine &msg) {
  if (error)
    *error = msg.str();
}

[[noreturn]] void fatal(StringRef what, const std::string &msg) {
  llvm::reportFatalUsageError(llvm::Twine("LinearLayout::") + what + ": " +
                              msg);
}

template <typename T>
T unwrap(std::optional<T> v, StringRef what, const std::string &msg) {
  if (!v)
    fatal(what, msg);
  return std::move(*v);
}

/// Position of `name` in a (name, size) list, or -1.
int findDim(const LinearLayout::DimSizes &dims, StringRef name) {
  for (auto [i, d] : llvm::enumerate(dims))
    if (d.first == name)
      return i;
  return -1;
}

/// Bit offsets of each output dim when a point is packed into one word, the
/// first output dim in the lowest bits.
SmallVector<int> outBitOffsets(const LinearLayout::DimSizes &outDims) {
  SmallVector<int> offs;
  int total = 0;
  for (auto &d : outDims) {
    offs.push_back(total);
    total += log2Of(d.second);
  }
  return offs;
}

uint64_t packPoint(ArrayRef<int32_t> point, ArrayRef<int> offsets) {
  uint64_t v = 0;
  for (auto [i, x] : llvm::enumerate(point))
    v |= uint64_t(uint32_t(x)) << offsets[i];
  return v;
}

std::vector<int32_t> unpackPoint(uint64_t v,
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
bool isPermutation(ArrayRef<std::string> order, ArrayRef<std::string> names) {
  if (order.size() != names.size())
    return false;
  llvm::StringSet<> seen;
  for (auto &n : order)
    if (!seen.insert(n).second)
      return false;
  return llvm::all_of(names, [&](auto &n) { return seen.contains(n); });
}

std::string joinNames(ArrayRef<std::string> names) {
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
LinearLayout::BasesT splitBases(ArrayRef<LinearLayout::Basis> flat,
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

std::optional<std::string> checkNewDims(const LinearLayout::DimSizes &dims,
                                        int wantLog2, StringRef kind) {
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

} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

std::optional<LinearLayout> LinearLayout::tryCreate(BasesT bases,
                                                    DimSizes outDims,
                                                    bool requireSurjective,
                                                    std::string *error) {
  llvm::StringSet<> seen;
  int outBits = 0;
  for (auto &[name, size] : outDims) {
    if (!seen.insert(name).second) {
      setError(error, "output dim '" + name + "' appears twice");
      return std::nullopt;
    }
    if (!isPow2(size) || log2Of(size) > kMaxDimLog2) {
      setError(error, "output dim '" + name + "' has size " +
                          llvm::Twine(size) +
                          ", which is not a power of two in [1, 2^30]");
      return std::nullopt;
    }
    outBits += log2Of(size);
  }
  if (outBits > kMaxTotalBits) {
    setError(error, "the output dims have 2^" + llvm::Twine(outBits) +
                        " points in total; at most 2^62 are supported");
    return std::nullopt;
  }
  int inBits = 0;
  for (auto &[inDim, inBases] : bases) {
    if (inBases.size() > size_t(kMaxDimLog2)) {
      setError(error, "input dim '" + inDim + "' has " +
                          llvm::Twine(inBases.size()) +
                          " bases; at most 30 are supported");
      return std::nullopt;
    }
    inBits += inBases.size();
    for (auto [i, basis] : llvm::enumerate(inBases)) {
      if (basis.size() != outDims.size()) {
        setError(error, "basis " + llvm::Twine(i) + " of input dim '" + inDim +
                            "' has " + llvm::Twine(basis.size()) +
                            " values but there are " +
                            llvm::Twine(outDims.size()) + " output dims");
        return std::nullopt;
      }
      for (auto [j, v] : llvm::enumerate(basis)) {
        if (v < 0 || v >= outDims[j].second) {
          setError(error, "basis " + llvm::Twine(i) + " of input dim '" +
                              inDim + "' has value " + llvm::Twine(v) +
                              " in output dim '" + outDims[j].first +
                              "', outside [0, " +
                              llvm::Twine(outDims[j].second) + ")");
          return std::nullopt;
        }
      }
    }
  }
  if (inBits > kMaxTotalBits) {
    setError(error, "the input dims have 2^" + llvm::Twine(inBits) +
                        " points in total; at most 2^62 are supported");
    return std::nullopt;
  }
  LinearLayout result;
  result.bases = std::move(bases);
  result.outDims = std::move(outDims);
  if (requireSurjective && !result.isSurjective()) {
    setError(error, "the layout is not surjective: some output point is "
                    "reached by no input (" +
                        result.toString() + ")");
    return std::nullopt;
  }
  return result;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(BasesT bases, ArrayRef<std::string> outDimNames,
                        std::string *error) {
  DimSizes outDims;
  for (auto [j, name] : llvm::enumerate(outDimNames)) {
    int64_t maxValue = 0;
    for (auto &[inDim, inBases] : bases) {
      for (auto [i, basis] : llvm::enumerate(inBases)) {
        if (basis.size() != outDimNames.size()) {
          setError(error, "basis " + llvm::Twine(i) + " of input dim '" +
                              inDim + "' has " + llvm::Twine(basis.size()) +
                              " values but there are " +
                              llvm::Twine(outDimNames.size()) + " output dims");
          return std::nullopt;
        }
        if (basis[j] < 0) {
          setError(error, "basis " + llvm::Twine(i) + " of input dim '" +
                              inDim + "' has negative value " +
                              llvm::Twine(basis[j]));
          return std::nullopt;
        }
        maxValue = std::max<int64_t>(maxValue, basis[j]);
      }
    }
    int64_t size = int64_t(llvm::NextPowerOf2(uint64_t(maxValue)));
    if (size > (int64_t(1) << kMaxDimLog2)) {
      setError(error, "output dim '" + name + "' would need size " +
                          llvm::Twine(size) + "; at most 2^30 is supported");
      return std::nullopt;
    }
    outDims.push_back({name, int32_t(size)});
  }
  return tryCreate(std::move(bases), std::move(outDims),
                   /*requireSurjective=*/false, error);
}

LinearLayout::LinearLayout(BasesT bases, DimSizes outDims,
                           bool requireSurjective) {
  std::string err;
  *this = unwrap(
      tryCreate(std::move(bases), std::move(outDims), requireSurjective, &err),
      "LinearLayout", err);
}

LinearLayout::LinearLayout(BasesT bases, ArrayRef<std::string> outDimNames) {
  std::string err;
  *this = unwrap(tryCreate(std::move(bases), outDimNames, &err), "LinearLayout",
                 err);
}

LinearLayout LinearLayout::identity1D(int32_t size, StringRef inDim,
                                      StringRef outDim) {
  if (!isPow2(size) || log2Of(size) > kMaxDimLog2)
    fatal("identity1D", "size " + std::to_string(size) +
                            " is not a power of two in [1, 2^30]");
  BasesT bases;
  auto &b = bases[inDim.str()];
  for (int32_t v = 1; v < size; v *= 2)
    b.push_back({v});
  LinearLayout ll;
  ll.bases = std::move(bases);
  ll.outDims = {{outDim.str(), size}};
  return ll;
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef inDim,
                                   StringRef outDim, int32_t outDimSize) {
  if (!isPow2(size) || log2Of(size) > kMaxDimLog2 || !isPow2(outDimSize) ||
      log2Of(outDimSize) > kMaxDimLog2)
    fatal("zeros1D", "sizes " + std::to_string(size) + " and " +
                         std::to_string(outDimSize) +
                         " must be powers of two in [1, 2^30]");
  BasesT bases;
  bases[inDim.str()] = std::vector<Basis>(log2Of(size), Basis{0});
  LinearLayout ll;
  ll.bases = std::move(bases);
  ll.outDims = {{outDim.str(), outDimSize}};
  return ll;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

SmallVector<std::string> LinearLayout::getInDimNames() const {
  SmallVector<std::string> names;
  for (auto &kv : bases)
    names.push_back(kv.first);
  return names;
}

SmallVector<std::string> LinearLayout::getOutDimNames() const {
  SmallVector<std::string> names;
  for (auto &d : outDims)
    names.push_back(d.first);
  return names;
}

LinearLayout::DimSizes LinearLayout::getInDims() const {
  DimSizes dims;
  for (auto &[name, b] : bases)
    dims.push_back({name, int32_t(1) << b.size()});
  return dims;
}

bool LinearLayout::hasInDim(StringRef inDim) const {
  return bases.find(inDim.str()) != bases.end();
}

bool LinearLayout::hasOutDim(StringRef outDim) const {
  return findDim(outDims, outDim) >= 0;
}

int LinearLayout::getInDimSizeLog2(StringRef inDim) const {
  auto it = bases.find(inDim.str());
  return it == bases.end() ? 0 : int(it->second.size());
}

int32_t LinearLayout::getInDimSize(StringRef inDim) const {
  return int32_t(1) << getInDimSizeLog2(inDim);
}

int32_t LinearLayout::getOutDimSize(StringRef outDim) const {
  int i = findDim(outDims, outDim);
  return i < 0 ? 1 : outDims[i].second;
}

int LinearLayout::getOutDimSizeLog2(StringRef outDim) const {
  return log2Of(getOutDimSize(outDim));
}

int LinearLayout::getTotalInDimSizeLog2() const {
  int total = 0;
  for (auto &kv : bases)
    total += kv.second.size();
  return total;
}

int32_t LinearLayout::getTotalInDimSize() const {
  int log2 = getTotalInDimSizeLog2();
  if (log2 > kMaxDimLog2)
    fatal("getTotalInDimSize", "the total size 2^" + std::to_string(log2) +
                                   " does not fit; use the Log2 form");
  return int32_t(1) << log2;
}

int LinearLayout::getTotalOutDimSizeLog2() const {
  int total = 0;
  for (auto &d : outDims)
    total += log2Of(d.second);
  return total;
}

int32_t LinearLayout::getTotalOutDimSize() const {
  int log2 = getTotalOutDimSizeLog2();
  if (log2 > kMaxDimLog2)
    fatal("getTotalOutDimSize", "the total size 2^" + std::to_string(log2) +
                                    " does not fit; use the Log2 form");
  return int32_t(1) << log2;
}

ArrayRef<int32_t> LinearLayout::getBasis(StringRef inDim, int i) const {
  auto it = bases.find(inDim.str());
  if (it == bases.end() || i < 0 || size_t(i) >= it->second.size())
    fatal("getBasis", "no basis " + std::to_string(i) + " for input dim '" +
                          inDim.str() + "'");
  return it->second[i];
}

int32_t LinearLayout::getBasis(StringRef inDim, int i, StringRef outDim) const {
  int j = findDim(outDims, outDim);
  if (j < 0)
    fatal("getBasis", "no output dim '" + outDim.str() + "'");
  return getBasis(inDim, i)[j];
}

namespace {
/// All bases packed, in input-dim and bit order, inserted into an F2Basis.
/// Returns the per-column "independent of earlier columns" flags.
SmallVector<bool> insertColumns(const LinearLayout &ll, F2Basis &span) {
  SmallVector<int> offs = outBitOffsets(ll.getOutDims());
  SmallVector<bool> pivots;
  int col = 0;
  for (auto &[inDim, inBases] : ll.getBases())
    for (auto &b : inBases)
      pivots.push_back(span.insert(packPoint(b, offs), col++));
  return pivots;
}
} // namespace

bool LinearLayout::isSurjective() const {
  F2Basis span;
  insertColumns(*this, span);
  return span.rank() == getTotalOutDimSizeLog2();
}

bool LinearLayout::isInjective() const {
  F2Basis span;
  insertColumns(*this, span);
  return span.rank() == getTotalInDimSizeLog2();
}

SmallVector<std::pair<std::string, int32_t>>
LinearLayout::apply(ArrayRef<std::pair<std::string, int32_t>> ins) const {
  if (ins.size() != bases.size())
    fatal("apply", "got " + std::to_string(ins.size()) + " input values for " +
                       std::to_string(bases.size()) + " input dims");
  SmallVector<int32_t> ordered(bases.size(), 0);
  SmallVector<bool> given(bases.size(), false);
  for (auto &[name, value] : ins) {
    auto it = bases.find(name);
    if (it == bases.end())
      fatal("apply", "no input dim '" + name + "'");
    size_t idx = it - bases.begin();
    if (given[idx])
      fatal("apply", "input dim '" + name + "' given twice");
    given[idx] = true;
    ordered[idx] = value;
  }
  SmallVector<int32_t> out = apply(ArrayRef<int32_t>(ordered));
  SmallVector<std::pair<std::string, int32_t>> result;
  for (auto [i, d] : llvm::enumerate(outDims))
    result.push_back({d.first, out[i]});
  return result;
}

SmallVector<int32_t> LinearLayout::apply(ArrayRef<int32_t> ins) const {
  if (ins.size() != bases.size())
    fatal("apply", "got " + std::to_string(ins.size()) + " input values for " +
                       std::to_string(bases.size()) + " input dims");
  SmallVector<int32_t> out(outDims.size(), 0);
  for (auto [idx, kv] : llvm::enumerate(bases)) {
    int32_t x = ins[idx];
    if (x < 0 || (int64_t(x) >> kv.second.size()) != 0)
      fatal("apply", "value " + std::to_string(x) + " of input dim '" +
                         kv.first + "' is out of range");
    for (auto [i, b] : llvm::enumerate(kv.second))
      if ((x >> i) & 1)
        for (size_t j = 0; j < out.size(); ++j)
          out[j] ^= b[j];
  }
  return out;
}

SmallVector<std::pair<std::string, int32_t>>
LinearLayout::getFreeVariableMasks() const {
  F2Basis span;
  SmallVector<bool> pivots = insertColumns(*this, span);
  SmallVector<std::pair<std::string, int32_t>> masks;
  size_t col = 0;
  for (auto &[inDim, inBases] : bases) {
    int32_t mask = 0;
    for (size_t i = 0; i < inBases.size(); ++i, ++col)
      if (!pivots[col])
        mask |= int32_t(1) << i;
    masks.push_back({inDim, mask});
  }
  return masks;
}

int LinearLayout::getNumConsecutiveInOut() const {
  if (bases.empty() || outDims.empty())
    return 1;
  return getNumConsecutiveInOut(bases.begin()->first, outDims.front().first);
}

int LinearLayout::getNumConsecutiveInOut(StringRef inDim,
                                         StringRef outDim) const {
  auto it = bases.find(inDim.str());
  int j = findDim(outDims, outDim);
  if (it == bases.end() || j < 0)
    return 1;
  const std::vector<Basis> &in = it->second;
  int k = 0;
  for (; size_t(k) < in.size(); ++k) {
    bool unit = true;
    for (size_t o = 0; o < outDims.size(); ++o)
      unit &= in[k][o] == (int(o) == j ? (int32_t(1) << k) : 0);
    if (!unit)
      break;
  }
  // Every other basis must keep the low k bits of outDim clear, or the run
  // is not aligned (and may overlap another run).
  int32_t lowBits = 0;
  for (auto &[name, inBases] : bases)
    for (auto [i, b] : llvm::enumerate(inBases))
      if (!(name == it->first && int(i) < k))
        lowBits |= b[j];
  while (k > 0 && (lowBits & ((int32_t(1) << k) - 1)) != 0)
    --k;
  return 1 << k;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

std::optional<LinearLayout> LinearLayout::tryProduct(const LinearLayout &lhs,
                                                     const LinearLayout &rhs,
                                                     std::string *error) {
  DimSizes outDims = lhs.outDims;
  for (auto &d : rhs.outDims) {
    int i = findDim(outDims, d.first);
    if (i < 0) {
      outDims.push_back(d);
      continue;
    }
    int log2 = log2Of(outDims[i].second) + log2Of(d.second);
    if (log2 > kMaxDimLog2) {
      setError(error, "the product's output dim '" + d.first +
                          "' would have size 2^" + llvm::Twine(log2) +
                          "; at most 2^30 is supported");
      return std::nullopt;
    }
    outDims[i].second = int32_t(1) << log2;
  }
  // Rewrites a basis of `ll` in the product's output dims; rhs values of a
  // shared output dim are shifted past lhs's extent.
  auto convert = [&](const LinearLayout &ll, const Basis &b, bool isRhs) {
    Basis nb(outDims.size(), 0);
    for (auto [j, d] : llvm::enumerate(ll.outDims)) {
      int i = findDim(outDims, d.first);
      int shift = isRhs ? lhs.getOutDimSizeLog2(d.first) : 0;
      nb[i] = b[j] << shift;
    }
    return nb;
  };
  BasesT bases;
  for (auto &[name, b] : lhs.bases) {
    auto &dst = bases[name];
    for (auto &v : b)
      dst.push_back(convert(lhs, v, false));
  }
  for (auto &[name, b] : rhs.bases) {
    auto &dst = bases[name];
    if (dst.size() + b.size() > size_t(kMaxDimLog2)) {
      setError(error, "the product's input dim '" + name +
                          "' would have size 2^" +
                          llvm::Twine(dst.size() + b.size()) +
                          "; at most 2^30 is supported");
      return std::nullopt;
    }
    for (auto &v : b)
      dst.push_back(convert(rhs, v, true));
  }
  return tryCreate(std::move(bases), std::move(outDims),
                   /*requireSurjective=*/false, error);
}

LinearLayout tile::operator*(LinearLayout lhs, LinearLayout rhs) {
  std::string err;
  return unwrap(LinearLayout::tryProduct(lhs, rhs, &err), "operator*", err);
}

LinearLayout &LinearLayout::operator*=(LinearLayout rhs) {
  *this = *this * std::move(rhs);
  return *this;
}

std::optional<LinearLayout>
LinearLayout::tryCompose(const LinearLayout &outer) const {
  std::string err;
  return tryCompose(outer, &err);
}

std::optional<LinearLayout> LinearLayout::tryCompose(const LinearLayout &outer,
                                                     std::string *error) const {
  SmallVector<std::string> outNames = getOutDimNames();
  SmallVector<std::string> outerIn = outer.getInDimNames();
  if (!isPermutation(outNames, outerIn)) {
    setError(error, "compose: the output dims " + joinNames(outNames) +
                        " are not the outer layout's input dims " +
                        joinNames(outerIn));
    return std::nullopt;
  }
  for (auto &d : outDims) {
    if (d.second > outer.getInDimSize(d.first)) {
      setError(error, "compose: output dim '" + d.first + "' has size " +
                          llvm::Twine(d.second) +
                          " but the outer layout's input dim has size " +
                          llvm::Twine(outer.getInDimSize(d.first)));
      return std::nullopt;
    }
  }
  BasesT newBases;
  for (auto &[name, inBases] : bases) {
    auto &dst = newBases[name];
    for (auto &b : inBases) {
      SmallVector<std::pair<std::string, int32_t>> point;
      for (auto [j, d] : llvm::enumerate(outDims))
        point.push_back({d.first, b[j]});
      Basis nb;
      for (auto &kv : outer.apply(point))
        nb.push_back(kv.second);
      dst.push_back(std::move(nb));
    }
  }
  return tryCreate(std::move(newBases), outer.outDims,
                   /*requireSurjective=*/false, error);
}

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  std::string err;
  return unwrap(tryCompose(outer, &err), "compose", err);
}

std::optional<LinearLayout>
LinearLayout::tryInvertAndCompose(const LinearLayout &outer) const {
  std::string err;
  return tryInvertAndCompose(outer, &err);
}

std::optional<LinearLayout>
LinearLayout::tryInvertAndCompose(const LinearLayout &outer,
                                  std::string *error) const {
  SmallVector<std::string> outNames = getOutDimNames();
  SmallVector<std::string> outerOut = outer.getOutDimNames();
  if (!isPermutation(outNames, outerOut)) {
    setError(error, "invertAndCompose: the output dims " + joinNames(outNames) +
                        " differ from the outer layout's output dims " +
                        joinNames(outerOut));
    return std::nullopt;
  }
  for (auto &d : outDims) {
    if (d.second > outer.getOutDimSize(d.first)) {
      setError(error, "invertAndCompose: output dim '" + d.first +
                          "' has size " + llvm::Twine(d.second) +
                          ", larger than the outer layout's " +
                          llvm::Twine(outer.getOutDimSize(d.first)));
      return std::nullopt;
    }
  }
  if (!outer.isSurjective()) {
    setError(error, "invertAndCompose: the outer layout is not surjective, "
                    "so some points have no pre-image");
    return std::nullopt;
  }
  // Pack every point in outer's output-dim order.
  SmallVector<int> outerOffs = outBitOffsets(outer.outDims);
  auto packThis = [&](const Basis &b) {
    uint64_t v = 0;
    for (auto [j, d] : llvm::enumerate(outDims))
      v |= uint64_t(uint32_t(b[j]))
           << outerOffs[findDim(outer.outDims, d.first)];
    return v;
  };
  F2Basis span;
  insertColumns(outer, span);
  DimSizes outerIns = outer.getInDims();
  SmallVector<int> colOffs;
  int col = 0;
  for (auto &d : outerIns) {
    colOffs.push_back(col);
    col += log2Of(d.second);
  }

  BasesT newBases;
  for (auto &[name, inBases] : bases) {
    auto &dst = newBases[name];
    // An input dim with identical bases in both layouts maps by identity.
    auto oit = outer.bases.find(name);
    bool identical =
        oit != outer.bases.end() && oit->second.size() == inBases.size();
    for (size_t i = 0; identical && i < inBases.size(); ++i)
      identical = packThis(inBases[i]) == packPoint(oit->second[i], outerOffs);
    for (auto [i, b] : llvm::enumerate(inBases)) {
      uint64_t pre;
      if (identical) {
        pre = uint64_t(1) << (colOffs[oit - outer.bases.begin()] + int(i));
      } else {
        std::optional<uint64_t> sol = span.solve(packThis(b));
        if (!sol) {
          // Unreachable: outer is surjective.
          setError(error, "invertAndCompose: no pre-image found");
          return std::nullopt;
        }
        pre = *sol;
      }
      dst.push_back(unpackPoint(pre, outerIns));
    }
  }
  return tryCreate(std::move(newBases), std::move(outerIns),
                   /*requireSurjective=*/false, error);
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  std::string err;
  return unwrap(tryInvertAndCompose(outer, &err), "invertAndCompose", err);
}

namespace {
LinearLayout identityOnOutDims(const LinearLayout &ll) {
  LinearLayout id;
  for (auto &d : ll.getOutDims())
    id *= LinearLayout::identity1D(d.second, d.first, d.first);
  return id;
}
} // namespace

std::optional<LinearLayout> LinearLayout::tryPseudoinvert() const {
  std::string err;
  return tryPseudoinvert(&err);
}

std::optional<LinearLayout>
LinearLayout::tryPseudoinvert(std::string *error) const {
  if (!isSurjective()) {
    setError(error,
             "pseudoinvert: the layout is not surjective: " + toString());
    return std::nullopt;
  }
  return identityOnOutDims(*this).tryInvertAndCompose(*this, error);
}

LinearLayout LinearLayout::pseudoinvert() const {
  if (!isSurjective())
    fatal("pseudoinvert", "the layout is not surjective: " + toString());
  return identityOnOutDims(*this).invertAndCompose(*this);
}

std::optional<LinearLayout> LinearLayout::tryInvert() const {
  std::string err;
  return tryInvert(&err);
}

std::optional<LinearLayout> LinearLayout::tryInvert(std::string *error) const {
  if (!isSurjective() || !isInjective()) {
    setError(error, "invert: the layout is not invertible (it must be "
                    "injective and surjective): " +
                        toString());
    return std::nullopt;
  }
  return tryPseudoinvert(error);
}

LinearLayout LinearLayout::invert() const {
  if (!isSurjective() || !isInjective())
    fatal("invert", "the layout is not invertible: " + toString());
  return pseudoinvert();
}

LinearLayout LinearLayout::sublayout(ArrayRef<std::string> inDims,
                                     ArrayRef<std::string> outDimNames) const {
  SmallVector<int> keep;
  DimSizes newOut;
  for (auto [j, d] : llvm::enumerate(outDims))
    if (llvm::is_contained(outDimNames, d.first)) {
      keep.push_back(j);
      newOut.push_back(d);
    }
  LinearLayout ll;
  for (auto &[name, inBases] : bases) {
    if (!llvm::is_contained(inDims, name))
      continue;
    auto &dst = ll.bases[name];
    for (auto &b : inBases) {
      Basis nb;
      for (int j : keep)
        nb.push_back(b[j]);
      dst.push_back(std::move(nb));
    }
  }
  ll.outDims = std::move(newOut);
  return ll;
}

int32_t LinearLayout::getOutBitMask(ArrayRef<std::string> inDims,
                                    StringRef outDim) const {
  int j = findDim(outDims, outDim);
  if (j < 0)
    return 0;
  int32_t mask = 0;
  for (auto &[name, inBases] : bases)
    if (llvm::is_contained(inDims, name))
      for (auto &b : inBases)
        mask |= b[j];
  return mask;
}

bool LinearLayout::sublayoutIsZero(ArrayRef<std::string> inDims,
                                   ArrayRef<std::string> outDimNames) const {
  LinearLayout sub = sublayout(inDims, outDimNames);
  for (auto &kv : sub.bases)
    for (auto &b : kv.second)
      if (llvm::any_of(b, [](int32_t v) { return v != 0; }))
        return false;
  return true;
}

std::optional<LinearLayout>
LinearLayout::tryTransposeIns(ArrayRef<std::string> newOrder,
                              std::string *error) const {
  SmallVector<std::string> names = getInDimNames();
  if (!isPermutation(newOrder, names)) {
    setError(error, "transposeIns: " + joinNames(newOrder) +
                        " is not a permutation of the input dims " +
                        joinNames(names));
    return std::nullopt;
  }
  LinearLayout ll;
  for (auto &n : newOrder)
    ll.bases[n] = bases.find(n)->second;
  ll.outDims = outDims;
  return ll;
}

LinearLayout LinearLayout::transposeIns(ArrayRef<std::string> newOrder) const {
  std::string err;
  return unwrap(tryTransposeIns(newOrder, &err), "transposeIns", err);
}

std::optional<LinearLayout>
LinearLayout::tryTransposeOuts(ArrayRef<std::string> newOrder,
                               std::string *error) const {
  SmallVector<std::string> names = getOutDimNames();
  if (!isPermutation(newOrder, names)) {
    setError(error, "transposeOuts: " + joinNames(newOrder) +
                        " is not a permutation of the output dims " +
                        joinNames(names));
    return std::nullopt;
  }
  SmallVector<int> perm;
  LinearLayout ll;
  for (auto &n : newOrder) {
    perm.push_back(findDim(outDims, n));
    ll.outDims.push_back(outDims[perm.back()]);
  }
  for (auto &[name, inBases] : bases) {
    auto &dst = ll.bases[name];
    for (auto &b : inBases) {
      Basis nb;
      for (int j : perm)
        nb.push_back(b[j]);
      dst.push_back(std::move(nb));
    }
  }
  return ll;
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<std::string> newOrder) const {
  std::string err;
  return unwrap(tryTransposeOuts(newOrder, &err), "transposeOuts", err);
}

std::optional<LinearLayout>
LinearLayout::tryReshapeIns(const DimSizes &newInDims,
                            std::string *error) const {
  if (auto err = checkNewDims(newInDims, getTotalInDimSizeLog2(), "input")) {
    setError(error, "reshapeIns: " + *err);
    return std::nullopt;
  }
  std::vector<Basis> flat;
  for (auto &kv : bases)
    flat.insert(flat.end(), kv.second.begin(), kv.second.end());
  LinearLayout ll;
  ll.bases = splitBases(flat, newInDims);
  ll.outDims = outDims;
  return ll;
}

LinearLayout LinearLayout::reshapeIns(const DimSizes &newInDims) const {
  std::string err;
  return unwrap(tryReshapeIns(newInDims, &err), "reshapeIns", err);
}

std::optional<LinearLayout>
LinearLayout::tryReshapeOuts(const DimSizes &newOutDims,
                             std::string *error) const {
  if (auto err = checkNewDims(newOutDims, getTotalOutDimSizeLog2(), "output")) {
    setError(error, "reshapeOuts: " + *err);
    return std::nullopt;
  }
  SmallVector<int> offs = outBitOffsets(outDims);
  LinearLayout ll;
  for (auto &[name, inBases] : bases) {
    auto &dst = ll.bases[name];
    for (auto &b : inBases)
      dst.push_back(unpackPoint(packPoint(b, offs), newOutDims));
  }
  ll.outDims = newOutDims;
  return ll;
}

LinearLayout LinearLayout::reshapeOuts(const DimSizes &newOutDims) const {
  std::string err;
  return unwrap(tryReshapeOuts(newOutDims, &err), "reshapeOuts", err);
}

LinearLayout LinearLayout::flattenIns(StringRef name) const {
  int log2 = getTotalInDimSizeLog2();
  if (log2 > kMaxDimLog2)
    fatal("flattenIns",
          "the flattened dim would have size 2^" + std::to_string(log2));
  return reshapeIns({{name.str(), int32_t(1) << log2}});
}

LinearLayout LinearLayout::flattenOuts(StringRef name) const {
  int log2 = getTotalOutDimSizeLog2();
  if (log2 > kMaxDimLog2)
    fatal("flattenOuts",
          "the flattened dim would have size 2^" + std::to_string(log2));
  return reshapeOuts({{name.str(), int32_t(1) << log2}});
}

LinearLayout LinearLayout::renameInDim(StringRef oldName,
                                       StringRef newName) const {
  if (oldName == newName)
    return *this;
  if (hasInDim(newName))
    fatal("renameInDim", "input dim '" + newName.str() + "' already exists");
  LinearLayout ll;
  bool found = false;
  for (auto &[name, inBases] : bases) {
    if (name == oldName) {
      ll.bases[newName.str()] = inBases;
      found = true;
    } else {
      ll.bases[name] = inBases;
    }
  }
  if (!found)
    ll.bases[newName.str()] = {};
  ll.outDims = outDims;
  return ll;
}

bool LinearLayout::isTrivialOver(ArrayRef<std::string> dims) const {
  for (auto &dim : dims) {
    auto it = bases.find(dim);
    int j = findDim(outDims, dim);
    int inLog2 = it == bases.end() ? 0 : int(it->second.size());
    int outLog2 = j < 0 ? 0 : log2Of(outDims[j].second);
    if (inLog2 != outLog2)
      return false;
    if (inLog2 == 0)
      continue;
    for (auto &[name, inBases] : bases) {
      for (auto [i, b] : llvm::enumerate(inBases)) {
        if (name == dim) {
          for (auto [o, v] : llvm::enumerate(b))
            if (v != (int(o) == j ? (int32_t(1) << i) : 0))
              return false;
        } else if (b[j] != 0) {
          return false;
        }
      }
    }
  }
  return true;
}

std::optional<LinearLayout>
LinearLayout::quotient(ArrayRef<std::string> dims) const {
  if (!isTrivialOver(dims))
    return std::nullopt;
  SmallVector<std::string> ins, outs;
  for (auto &n : getInDimNames())
    if (!llvm::is_contained(dims, n))
      ins.push_back(n);
  for (auto &n : getOutDimNames())
    if (!llvm::is_contained(dims, n))
      outs.push_back(n);
  return sublayout(ins, outs);
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(StringRef inDim) const {
  LinearLayout ll = *this;
  auto it = ll.bases.find(inDim.str());
  if (it == ll.bases.end())
    return ll;
  llvm::erase_if(it->second, [](const Basis &b) {
    return llvm::all_of(b, [](int32_t v) { return v == 0; });
  });
  return ll;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (outDims != other.outDims || bases.size() != other.bases.size())
    return false;
  for (auto [a, b] : llvm::zip(bases, other.bases))
    if (a.first != b.first || a.second != b.second)
      return false;
  return true;
}

std::string LinearLayout::toString() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

void LinearLayout::print(llvm::raw_ostream &os) const {
  os << "{";
  for (auto [k, kv] : llvm::enumerate(bases)) {
    if (k)
      os << ", ";
    os << kv.first << " = [";
    for (auto [i, b] : llvm::enumerate(kv.second)) {
      if (i)
        os << ", ";
      os << "[";
      llvm::interleaveComma(b, os);
      os << "]";
    }
    os << "]";
  }
  os << "} -> {";
  for (auto [j, d] : llvm::enumerate(outDims)) {
    if (j)
      os << ", ";
    os << d.first << " : " << d.second;
  }
  os << "}";
}

llvm::hash_code tile::hash_value(const LinearLayout &ll) {
  llvm::hash_code h = llvm::hash_value(ll.getNumInDims());
  for (auto &[name, inBases] : ll.getBases()) {
    h = llvm::hash_combine(h, llvm::StringRef(name));
    for (auto &b : inBases)
      h = llvm::hash_combine(h, llvm::hash_combine_range(b.begin(), b.end()));
  }
  for (auto &[name, size] : ll.getOutDims())
    h = llvm::hash_combine(h, llvm::StringRef(name), size);
  return h;
}

llvm::raw_ostream &tile::operator<<(llvm::raw_ostream &os,
                                    const LinearLayout &ll) {
  ll.print(os);
  return os;
}

//===----------------------------------------------------------------------===//
// Free functions
//===----------------------------------------------------------------------===//

SmallVector<std::string> tile::standardOutDimNames(int rank) {
  SmallVector<std::string> names;
  for (int i = 0; i < rank; ++i)
    names.push_back("dim" + std::to_string(i));
  return names;
}

LinearLayout tile::identityStandardND(StringRef inDim, ArrayRef<int32_t> shape,
                                      ArrayRef<unsigned> order) {
  if (shape.size() != order.size())
    fatal("identityStandardND", "shape and order have different ranks");
  SmallVector<bool> seen(shape.size(), false);
  LinearLayout ll;
  for (unsigned d : order) {
    if (d >= shape.size() || seen[d])
      fatal("identityStandardND", "order is not a permutation");
    seen[d] = true;
    ll *= LinearLayout::identity1D(shape[d], inDim, "dim" + std::to_string(d));
  }
  // With rank 0 there is no input dim yet; keep `inDim` of size 1.
  if (!ll.hasInDim(inDim))
    ll = ll.renameInDim(inDim, inDim);
  return ll.transposeOuts(standardOutDimNames(shape.size()));
}

LinearLayout
tile::ensureLayoutNotLargerThan(const LinearLayout &layout,
                                const LinearLayout::DimSizes &shape,
                                bool broadcastRegisters) {
  LinearLayout::DimSizes outDims = layout.getOutDims();
  SmallVector<int32_t> masks;
  for (auto &d : outDims) {
    int i = findDim(shape, d.first);
    if (i >= 0 && shape[i].second < d.second) {
      if (!isPow2(shape[i].second))
        fatal("ensureLayoutNotLargerThan",
              "wanted size of '" + d.first + "' is not a power of two");
      d.second = shape[i].second;
    }
    masks.push_back(d.second - 1);
  }
  LinearLayout::BasesT bases;
  for (auto &[name, inBases] : layout.getBases()) {
    auto &dst = bases[name];
    for (auto &b : inBases) {
      LinearLayout::Basis nb(b);
      bool wasZero = llvm::all_of(b, [](int32_t v) { return v == 0; });
      for (size_t j = 0; j < nb.size(); ++j)
        nb[j] &= masks[j];
      bool isZero = llvm::all_of(nb, [](int32_t v) { return v == 0; });
      if (!broadcastRegisters && name == "register" && isZero && !wasZero)
        continue;
      dst.push_back(std::move(nb));
    }
  }
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

LinearLayout
tile::ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                 const LinearLayout::DimSizes &shape,
                                 StringRef inDim) {
  LinearLayout ll = layout;
  for (auto &[name, size] : shape) {
    int32_t actual = ll.getOutDimSize(name);
    if (actual >= size)
      continue;
    if (!isPow2(size))
      fatal("ensureLayoutNotSmallerThan",
            "wanted size of '" + name + "' is not a power of two");
    ll *= LinearLayout::identity1D(size / actual, inDim, name);
  }
  return ll;
}
