//===- LayoutTransforms.cpp - Restricting, reshaping, fitting layouts -----===//

#include "tile/LinearLayout/LinearLayout.h"

#include "LayoutHelpers.h"

using namespace tile;
using namespace tile::detail;

//===----------------------------------------------------------------------===//
// Restriction, reordering and reshaping
//===----------------------------------------------------------------------===//

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
