//===- LdMatrixPlan.cpp - ldmatrix loads from linear layouts --------------===//

#include "tile/LinearLayout/LdMatrixPlan.h"

#include "llvm/ADT/STLExtras.h"

using namespace tile;
using llvm::SmallVector;

static constexpr llvm::StringLiteral kRegister = "register";
static constexpr llvm::StringLiteral kLane = "lane";
static constexpr llvm::StringLiteral kOffset = "offset";

int32_t LdMatrixPlan::getRegister(int32_t call, int32_t matrix,
                                  int half) const {
  int32_t r = half ? int32_t(1) << wordRegBit : 0;
  for (auto [i, bit] : llvm::enumerate(matrixRegBits))
    if (matrix & (1 << i))
      r |= int32_t(1) << bit;
  for (auto [i, bit] : llvm::enumerate(callRegBits))
    if (call & (1 << i))
      r |= int32_t(1) << bit;
  return r;
}

namespace {
/// One input bit of the map: its dim and bit index.
struct InBit {
  std::string dim;
  int bit;
  bool operator==(const InBit &o) const { return dim == o.dim && bit == o.bit; }
};

/// Tries one form (transposed or not) of ldmatrix on `map`.
std::optional<LdMatrixPlan> tryForm(const LinearLayout &map, bool transpose,
                                    std::string *why) {
  auto offsetOf = [&](const InBit &b) {
    return map.getBasis(b.dim, b.bit, kOffset);
  };
  int numRegBits = map.getInDimSizeLog2(kRegister);
  // The three bits that walk the 8 elements of one row, in order.
  SmallVector<InBit> rowBits;
  std::optional<int> wordBit;
  if (!transpose) {
    for (int j = 0; j < numRegBits && !wordBit; ++j)
      if (offsetOf({kRegister.str(), j}) == 1)
        wordBit = j;
    if (!wordBit) {
      *why = "no register holds the element next to another register's "
             "(offset +1)";
      return std::nullopt;
    }
    rowBits = {{kRegister.str(), *wordBit}, {kLane.str(), 0}, {kLane.str(), 1}};
  } else {
    rowBits = {{kLane.str(), 2}, {kLane.str(), 3}, {kLane.str(), 4}};
  }
  for (auto [i, b] : llvm::enumerate(rowBits))
    if (offsetOf(b) != (1 << i)) {
      *why = b.dim + " bit " + std::to_string(b.bit) + " moves the offset by " +
             std::to_string(offsetOf(b)) + ", not " + std::to_string(1 << i);
      return std::nullopt;
    }
  // Every other bit selects whole rows.
  for (const std::string &dim : map.getInDimNames())
    for (int bit = 0; bit < map.getInDimSizeLog2(dim); ++bit) {
      InBit b{dim, bit};
      if (llvm::is_contained(rowBits, b))
        continue;
      if (offsetOf(b) % 8 != 0) {
        *why = dim + " bit " + std::to_string(bit) + " moves the offset by " +
               std::to_string(offsetOf(b)) + ", which splits a 16-byte row";
        return std::nullopt;
      }
    }
  // The half of the word: the row bit for the plain form; for .trans, the
  // first register bit (it picks the row 2w or 2w+1).
  if (transpose) {
    if (numRegBits == 0) {
      *why = "a thread holds one element; ldmatrix gives it two";
      return std::nullopt;
    }
    wordBit = 0;
  }
  LdMatrixPlan plan;
  plan.transpose = transpose;
  plan.wordRegBit = *wordBit;
  SmallVector<int> rest;
  for (int j = 0; j < numRegBits; ++j)
    if (j != *wordBit)
      rest.push_back(j);
  int numMatrixBits = std::min<int>(2, rest.size());
  plan.numMatrices = 1 << numMatrixBits;
  plan.matrixRegBits.assign(rest.begin(), rest.begin() + numMatrixBits);
  plan.callRegBits.assign(rest.begin() + numMatrixBits, rest.end());

  // The address lane 8j + i supplies: row i of matrix j, i.e. the offset of
  // the thread element with those row bits and the word's first element.
  auto regBasis = [&](int j) { return map.getBasis(kRegister, j, kOffset); };
  auto laneBasis = [&](int j) { return map.getBasis(kLane, j, kOffset); };
  std::vector<LinearLayout::Basis> lanes;
  if (!transpose) // row i: lane bits 2..4 of the destination
    for (int j = 2; j < 5; ++j)
      lanes.push_back({laneBasis(j)});
  else // row i = 2w + half: the word bit, then lane bits 0, 1
    lanes = {{regBasis(*wordBit)}, {laneBasis(0)}, {laneBasis(1)}};
  for (int j = 0; j < 2; ++j) // matrix j: lanes 8..31 (unused lanes: 0)
    lanes.push_back({j < numMatrixBits ? regBasis(plan.matrixRegBits[j]) : 0});
  LinearLayout::BasesT bases;
  bases[kLane.str()] = std::move(lanes);
  for (const std::string &dim : map.getInDimNames()) {
    if (dim == kRegister || dim == kLane)
      continue;
    std::vector<LinearLayout::Basis> list;
    for (int bit = 0; bit < map.getInDimSizeLog2(dim); ++bit)
      list.push_back({map.getBasis(dim, bit, kOffset)});
    bases[dim] = std::move(list);
  }
  plan.addressMap = LinearLayout(std::move(bases),
                                 {{kOffset.str(), map.getOutDimSize(kOffset)}},
                                 /*requireSurjective=*/false);
  return plan;
}
} // namespace

std::optional<LdMatrixPlan> tile::planLdMatrix(const LinearLayout &map,
                                               int elemBits, std::string *why) {
  std::string local;
  if (!why)
    why = &local;
  if (elemBits != 16) {
    *why = "ldmatrix loads 16-bit elements, not " + std::to_string(elemBits) +
           "-bit ones";
    return std::nullopt;
  }
  if (!map.hasOutDim(kOffset) || !map.hasInDim(kRegister) ||
      map.getInDimSize(kLane) != 32) {
    *why = "the map needs register and 32 lane inputs and an offset output";
    return std::nullopt;
  }
  for (const auto &[name, size] : map.getOutDims())
    if (name != kOffset.str() && size != 1) {
      *why = "the map has a non-trivial output dim '" + name + "'";
      return std::nullopt;
    }
  std::string plainWhy, transWhy;
  if (auto plan = tryForm(map, /*transpose=*/false, &plainWhy))
    return plan;
  if (auto plan = tryForm(map, /*transpose=*/true, &transWhy))
    return plan;
  *why = "without .trans: " + plainWhy + "; with .trans: " + transWhy;
  return std::nullopt;
}
