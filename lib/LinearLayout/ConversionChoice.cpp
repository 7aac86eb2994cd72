//===- ConversionChoice.cpp - How a layout conversion is carried out -----===//
//
// Moved out of the layout.convert lowering so that every tool that shows the
// choice computes it the same way (ConversionChoice.h).
//
//===----------------------------------------------------------------------===//

#include "tile/LinearLayout/ConversionChoice.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tile;

static constexpr llvm::StringLiteral kRegister = "register";
static constexpr llvm::StringLiteral kLane = "lane";
static constexpr llvm::StringLiteral kWarp = "warp";
static constexpr llvm::StringLiteral kBlock = "block";
static constexpr int kWarpSize = 32;

//===----------------------------------------------------------------------===//
// Registers of a thread
//===----------------------------------------------------------------------===//

SmallVector<int32_t> tile::getRegisterCoords(const LinearLayout &layout,
                                             int32_t reg) {
  SmallVector<int32_t> ins;
  for (const std::string &name : layout.getInDimNames())
    ins.push_back(name == kRegister ? reg : 0);
  return layout.apply(ins);
}

uint64_t tile::flattenCoords(const LinearLayout &layout,
                             ArrayRef<int32_t> coords) {
  uint64_t flat = 0;
  int shift = 0;
  auto outDims = layout.getOutDims();
  for (unsigned d = 0; d < outDims.size(); ++d) {
    flat |= uint64_t(uint32_t(coords[d])) << shift;
    shift += llvm::Log2_32(uint32_t(outDims[d].second));
  }
  return flat;
}

/// Bases of `dim`, padded with zero bases to `numBits`.
static std::vector<LinearLayout::Basis>
paddedBases(const LinearLayout &layout, StringRef dim, unsigned numBits) {
  std::vector<LinearLayout::Basis> bases;
  if (layout.hasInDim(dim))
    bases = layout.getBases().lookup(dim.str());
  while (bases.size() < numBits)
    bases.push_back(LinearLayout::Basis(layout.getNumOutDims(), 0));
  return bases;
}

std::optional<SmallVector<unsigned>>
tile::matchRegisters(const LinearLayout &src, const LinearLayout &dst) {
  if (src.getOutDims() != dst.getOutDims())
    return std::nullopt;
  for (StringRef dim : {kLane, kWarp, kBlock}) {
    unsigned bits =
        std::max(src.getInDimSizeLog2(dim), dst.getInDimSizeLog2(dim));
    if (paddedBases(src, dim, bits) != paddedBases(dst, dim, bits))
      return std::nullopt;
  }
  llvm::DenseMap<uint64_t, unsigned> srcRegs;
  int32_t numSrc = src.getInDimSize(kRegister);
  for (int32_t r = 0; r < numSrc; ++r)
    srcRegs.try_emplace(flattenCoords(src, getRegisterCoords(src, r)), r);
  SmallVector<unsigned> map;
  int32_t numDst = dst.getInDimSize(kRegister);
  for (int32_t r = 0; r < numDst; ++r) {
    auto it = srcRegs.find(flattenCoords(dst, getRegisterCoords(dst, r)));
    if (it == srcRegs.end())
      return std::nullopt;
    map.push_back(it->second);
  }
  return map;
}

//===----------------------------------------------------------------------===//
// Checking a shared-memory plan
//===----------------------------------------------------------------------===//

int32_t tile::applyNamed(const LinearLayout &layout,
                         ArrayRef<std::pair<std::string, int32_t>> ins,
                         StringRef name) {
  SmallVector<std::pair<std::string, int32_t>> full;
  for (const std::string &dim : layout.getInDimNames()) {
    int32_t v = 0;
    for (auto &[n, x] : ins)
      if (n == dim)
        v = x;
    full.push_back({dim, v});
  }
  for (auto &[n, x] : layout.apply(full))
    if (n == name)
      return x;
  return 0;
}

/// Checks that `map` ((register, lane, warp, block) -> scratch inputs)
/// followed by `scratch` is `layout`. All three are linear over F2, so it is
/// enough to compare them on every input bit.
static bool verifyScratchMap(const LinearLayout &layout,
                             const LinearLayout &map,
                             const LinearLayout &scratch) {
  SmallVector<std::string> ins = layout.getInDimNames();
  for (const std::string &dim : ins) {
    for (int bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit) {
      SmallVector<std::pair<std::string, int32_t>> named;
      for (const std::string &d : ins)
        named.push_back({d, d == dim ? (1 << bit) : 0});
      SmallVector<std::pair<std::string, int32_t>> mid;
      for (const std::string &d : scratch.getInDimNames())
        mid.push_back({d, map.hasOutDim(d) ? applyNamed(map, named, d) : 0});
      if (scratch.apply(mid) != layout.apply(named))
        return false;
    }
  }
  return true;
}

/// Checks that the vector's registers step through offsets 1, 2, 4, ... and
/// every other input bit moves the offset by a multiple of the vector size,
/// so each vector is contiguous and aligned.
static bool verifyVector(const LinearLayout &map, const VectorAccess &vector) {
  if (vector.elems != (1 << vector.regBits.size()))
    return false;
  for (const std::string &dim : map.getInDimNames())
    for (int bit = 0; bit < map.getInDimSizeLog2(dim); ++bit) {
      int32_t offset = applyNamed(map, {{dim, 1 << bit}}, "offset");
      int32_t iteration = map.hasOutDim("iteration")
                              ? applyNamed(map, {{dim, 1 << bit}}, "iteration")
                              : 0;
      auto it = llvm::find(vector.regBits, bit);
      if (dim == kRegister && it != vector.regBits.end()) {
        if (offset != (1 << (it - vector.regBits.begin())) || iteration != 0)
          return false;
      } else if (offset % vector.elems != 0) {
        return false;
      }
    }
  return true;
}

/// A shared-memory plan for converting `src` to `dst`, checked element by
/// element (one iteration, maps into the scratch that agree with both
/// layouts); std::nullopt to use the plain row-major round trip.
static std::optional<SharedMemoryPlan>
getCheckedPlan(const LinearLayout &src, const LinearLayout &dst, int elemBits) {
  if (!llvm::isPowerOf2_32(elemBits) || elemBits < 8 || elemBits > 64)
    return std::nullopt;
  std::optional<SharedMemoryPlan> plan =
      planSharedMemoryConversion(src, dst, elemBits);
  if (!plan || plan->numIterations != 1 ||
      !plan->storeMap.hasOutDim("offset") || !plan->loadMap.hasOutDim("offset"))
    return std::nullopt;
  if (!verifyScratchMap(src, plan->storeMap, plan->scratch) ||
      !verifyScratchMap(dst, plan->loadMap, plan->scratch) ||
      !verifyVector(plan->storeMap, plan->storeVector) ||
      !verifyVector(plan->loadMap, plan->loadVector))
    return std::nullopt;
  return plan;
}

//===----------------------------------------------------------------------===//
// Choosing the strategy
//===----------------------------------------------------------------------===//

std::optional<ConvertStrategy> tile::parseConvertStrategy(StringRef name) {
  return llvm::StringSwitch<std::optional<ConvertStrategy>>(name)
      .Case("auto", ConvertStrategy::Auto)
      .Case("shared", ConvertStrategy::Shared)
      .Case("shuffle", ConvertStrategy::Shuffle)
      .Default(std::nullopt);
}

/// The most selects per round planWarpShuffle may use (2^4 - 1: a tree over
/// four lane bits); the cost model then weighs them.
static constexpr int kMaxShuffleSelects = 15;

ConversionChoice tile::chooseConversion(const LinearLayout &src,
                                        const LinearLayout &dst, int elemBits,
                                        ConvertStrategy strategy) {
  ConversionChoice lowering;
  if (matchRegisters(src, dst)) {
    lowering.kind = ConversionChoice::Kind::Registers;
    return lowering;
  }
  lowering.sharedPlan = getCheckedPlan(src, dst, elemBits);
  // Without a plan: the row-major round trip of the whole tensor.
  lowering.scratchBytes =
      lowering.sharedPlan
          ? lowering.sharedPlan->scratchBytes
          : int64_t(src.getTotalOutDimSize()) * std::max(elemBits / 8, 1);
  if (lowering.sharedPlan)
    lowering.sharedCost =
        estimateSharedMemoryCost(*lowering.sharedPlan, src, dst);
  if (strategy == ConvertStrategy::Shared)
    return lowering;

  std::string why;
  std::optional<WarpShufflePlan> plan;
  if (src.getInDimSize(kLane) != kWarpSize)
    why = "the layouts do not have " + std::to_string(kWarpSize) + " lanes";
  else if (elemBits > 64)
    why = "elements wider than 64 bits";
  else
    plan = planWarpShuffle(src, dst, kMaxShuffleSelects, &why);
  if (plan && !verifyWarpShufflePlan(src, dst, *plan, &why)) {
    why = "the shuffle plan failed its check (" + why + ")";
    plan.reset();
  }
  if (!plan) {
    lowering.whyNotShuffle = why;
    return lowering;
  }
  lowering.shuffleCost = estimateWarpShuffleCost(*plan, elemBits);
  // Without a checked plan the row-major round trip stores and loads every
  // register one element at a time (one wavefront each at best).
  int64_t sharedCost =
      lowering.sharedCost >= 0
          ? lowering.sharedCost
          : ConversionCostModel().wavefront * (src.getInDimSize(kRegister) +
                                               dst.getInDimSize(kRegister)) +
                2 * ConversionCostModel().barrier;
  if (strategy == ConvertStrategy::Auto && lowering.shuffleCost > sharedCost) {
    lowering.whyNotShuffle = "the shuffles cost " +
                             std::to_string(lowering.shuffleCost) +
                             ", shared memory " + std::to_string(sharedCost);
    return lowering;
  }
  lowering.kind = ConversionChoice::Kind::Shuffle;
  lowering.shufflePlan = std::move(plan);
  lowering.sharedPlan.reset();
  lowering.scratchBytes = 0;
  return lowering;
}

std::string tile::describeConversionChoice(const ConversionChoice &choice) {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (choice.kind) {
  case ConversionChoice::Kind::Registers:
    os << "registers only";
    break;
  case ConversionChoice::Kind::Shuffle: {
    const WarpShufflePlan &plan = *choice.shufflePlan;
    os << "warp shuffles (" << plan.numRounds << " rounds, "
       << plan.numShuffles() << " shuffles, " << plan.numSendSelects
       << " send and " << plan.numRecvSelects
       << " receive selects per round; cost " << choice.shuffleCost
       << ", shared memory " << choice.sharedCost << ")";
    break;
  }
  case ConversionChoice::Kind::SharedMemory:
    os << "shared memory (" << choice.scratchBytes << " bytes";
    if (choice.sharedPlan)
      os << ", vectors of " << choice.sharedPlan->storeVector.elems << "/"
         << choice.sharedPlan->loadVector.elems << " elements; cost "
         << choice.sharedCost;
    os << ")";
    if (!choice.whyNotShuffle.empty())
      os << "; no warp shuffles: " << choice.whyNotShuffle;
    break;
  }
  return text;
}
