//===- LinearLayout.cpp - F2-linear maps between named index spaces ------===//

#include "tile/LinearLayout/LinearLayout.h"

#include "F2Basis.h"
#include "LayoutHelpers.h"

#include <algorithm>

using namespace tile;
using namespace tile::detail;

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
