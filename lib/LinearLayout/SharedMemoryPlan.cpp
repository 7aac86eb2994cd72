//===- SharedMemoryPlan.cpp - Vectorization, banks, scratch layouts ------===//

#include "tile/LinearLayout/ConversionPlan.h"

#include "F2Basis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <set>

using namespace tile;
using llvm::SmallVector;
using llvm::StringRef;

namespace {

const char *const kRegister = "register";
const char *const kLane = "lane";
const char *const kWarp = "warp";
const char *const kBlock = "block";
const char *const kOffset = "offset";
const char *const kIteration = "iteration";

constexpr int kBankBits = 32;
constexpr int kNumBanks = 32;
constexpr int kWavefrontBits = kBankBits * kNumBanks; // 1024

void setError(std::string *error, const llvm::Twine &msg) {
  if (error)
    *error = msg.str();
}

bool isPow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

/// Lanes served together in one phase of a warp-wide access of
/// `vectorBits` per lane.
int phaseLanes(int vectorBits, int numLanes) {
  int lanes = vectorBits <= kBankBits ? numLanes : kWavefrontBits / vectorBits;
  return std::max(1, std::min(lanes, numLanes));
}

/// Packs the image of one basis (values in `ll`'s out dims) into a word,
/// the first out dim lowest.
uint64_t pack(const LinearLayout &ll, llvm::ArrayRef<int32_t> b) {
  uint64_t v = 0;
  int shift = 0;
  for (auto [j, d] : llvm::enumerate(ll.getOutDims())) {
    v |= uint64_t(uint32_t(b[j])) << shift;
    shift += llvm::Log2_32(d.second);
  }
  return v;
}

LinearLayout::Basis unpack(const LinearLayout::DimSizes &dims, uint64_t v) {
  LinearLayout::Basis b;
  for (auto &d : dims) {
    int bits = llvm::Log2_32(d.second);
    b.push_back(int32_t(v & ((uint64_t(1) << bits) - 1)));
    v >>= bits;
  }
  return b;
}

/// Packed images of the bases of one input dim (the first `limit`).
SmallVector<uint64_t> images(const LinearLayout &ll, StringRef inDim,
                             int limit = 64) {
  SmallVector<uint64_t> v;
  for (int i = 0; i < std::min(limit, ll.getInDimSizeLog2(inDim)); ++i)
    v.push_back(pack(ll, ll.getBasis(inDim, i)));
  return v;
}

} // namespace

//===----------------------------------------------------------------------===//
// Vectorization
//===----------------------------------------------------------------------===//

VectorAccess tile::analyzeVectorization(const LinearLayout &regToMem,
                                        int elemBits, int maxBits) {
  VectorAccess result;
  if (elemBits <= 0 || regToMem.getNumOutDims() == 0 ||
      !regToMem.hasInDim(kRegister))
    return result;
  int maxK = 0;
  while ((int64_t(elemBits) << (maxK + 1)) <= maxBits)
    ++maxK;
  int numOut = regToMem.getNumOutDims();
  int numRegs = regToMem.getInDimSizeLog2(kRegister);
  auto isUnit = [&](llvm::ArrayRef<int32_t> b, int i) {
    if (b[0] != (int32_t(1) << i))
      return false;
    for (int o = 1; o < numOut; ++o)
      if (b[o] != 0)
        return false;
    return true;
  };
  SmallVector<int> bits;
  for (int i = 0; i < maxK; ++i) {
    int found = -1;
    for (int j = 0; j < numRegs && found < 0; ++j)
      if (!llvm::is_contained(bits, j) &&
          isUnit(regToMem.getBasis(kRegister, j), i))
        found = j;
    if (found < 0)
      break;
    bits.push_back(found);
  }
  // Alignment: every other basis keeps the low bits of the offset clear.
  while (!bits.empty()) {
    int32_t mask = (int32_t(1) << bits.size()) - 1;
    bool aligned = true;
    for (auto &[name, inBases] : regToMem.getBases())
      for (auto [j, b] : llvm::enumerate(inBases))
        if (!(name == kRegister && llvm::is_contained(bits, int(j))) &&
            (b[0] & mask) != 0)
          aligned = false;
    if (aligned)
      break;
    bits.pop_back();
  }
  result.elems = 1 << bits.size();
  result.regBits = std::move(bits);
  return result;
}

int tile::largestVectorization(const LinearLayout &regToMem, int elemBits,
                               int maxBits) {
  return analyzeVectorization(regToMem, elemBits, maxBits).elems;
}

//===----------------------------------------------------------------------===//
// Bank conflicts
//===----------------------------------------------------------------------===//

int tile::idealWavefronts(int vectorBits, int numLanes) {
  int lanes = phaseLanes(vectorBits, numLanes);
  return (numLanes + lanes - 1) / lanes;
}

int tile::countBankConflicts(const LinearLayout &regLayout,
                             const LinearLayout &sharedLayout, int elemBits,
                             int vectorElems) {
  if (!isPow2(elemBits) || elemBits > 128 || !sharedLayout.hasInDim(kOffset))
    return -1;
  std::optional<LinearLayout> map = regLayout.tryInvertAndCompose(sharedLayout);
  if (!map)
    return -1;
  SmallVector<std::string> ins = map->getInDimNames();
  LinearLayout mem = map->sublayout(ins, {kOffset});
  VectorAccess va = analyzeVectorization(mem, elemBits, 128);
  int vec = va.elems;
  if (vectorElems != 0) {
    if (!isPow2(vectorElems) || vectorElems > va.elems)
      return -1;
    vec = vectorElems;
  }
  int numLanes = regLayout.getInDimSize(kLane);
  if (numLanes > 1024)
    return -1;
  int64_t accBits = int64_t(vec) * elemBits;
  int lanesPerPhase = phaseLanes(int(accBits), numLanes);
  int total = 0;
  for (int phase = 0; phase < numLanes; phase += lanesPerPhase) {
    std::map<int64_t, std::set<int64_t>> wordsOfBank;
    for (int lane = phase; lane < std::min(numLanes, phase + lanesPerPhase);
         ++lane) {
      SmallVector<std::pair<std::string, int32_t>> in;
      for (auto &n : ins)
        in.push_back({n, n == kLane ? lane : 0});
      int64_t offset = mem.apply(in)[0].second;
      int64_t first = offset * elemBits / kBankBits;
      int64_t last = (offset * elemBits + accBits - 1) / kBankBits;
      for (int64_t w = first; w <= last; ++w)
        wordsOfBank[w % kNumBanks].insert(w);
    }
    size_t worst = 0;
    for (auto &kv : wordsOfBank)
      worst = std::max(worst, kv.second.size());
    total += int(worst);
  }
  return total;
}

std::optional<SharedAccessPlan>
tile::planSharedAccess(const LinearLayout &regLayout,
                       const LinearLayout &sharedLayout, int elemBits,
                       std::string *error, int maxVectorBits) {
  if (!isPow2(elemBits) || elemBits > 128) {
    setError(error, "element size " + llvm::Twine(elemBits) +
                        " bits: expected a power of two up to 128");
    return std::nullopt;
  }
  if (!isPow2(maxVectorBits) || maxVectorBits > 128) {
    setError(error, "maximum vector size " + llvm::Twine(maxVectorBits) +
                        " bits: expected a power of two up to 128");
    return std::nullopt;
  }
  if (!sharedLayout.hasInDim(kOffset)) {
    setError(error, "the shared layout has no 'offset' input dim");
    return std::nullopt;
  }
  std::optional<LinearLayout> map =
      regLayout.tryInvertAndCompose(sharedLayout, error);
  if (!map)
    return std::nullopt;
  SharedAccessPlan plan;
  plan.map = *map;
  plan.vector = analyzeVectorization(
      map->sublayout(map->getInDimNames(), {kOffset}), elemBits, maxVectorBits);
  plan.wavefronts =
      countBankConflicts(regLayout, sharedLayout, elemBits, plan.vector.elems);
  if (plan.wavefronts < 0) {
    setError(error, "the bank conflicts of the access cannot be counted");
    return std::nullopt;
  }
  plan.idealWavefronts = idealWavefronts(plan.vector.elems * elemBits,
                                         regLayout.getInDimSize(kLane));
  return plan;
}

//===----------------------------------------------------------------------===//
// Scratch layout
//===----------------------------------------------------------------------===//

// The scratch layout is built as a basis of the tensor space T (F2^n, the
// flattened tensor coordinates): offset bit j maps to the tensor vector
// chosen for it. With element size 2^e bits, offset bit j is address bit
// j + e: bits below 5 are inside a 4-byte word, bits 5..9 pick the bank,
// higher bits the "row" (which 1024-bit line). So:
//   * offset bits 0..k-1: the vector, tensor vectors held in registers of
//     both layouts (common register bases), so one ld/st.shared moves 2^k
//     elements on both sides;
//   * the following bits up to address bit 10: preferably images of lanes
//     that access together (one phase), so that they land in different
//     banks;
//   * the row bits: vectors R with R ∩ (V + U) = 0 for the span U of the
//     lanes of one phase, for the source and for the destination. Then two
//     lanes of a phase that access different rows also differ in their low
//     bits, which (outside the vector) are bank bits: no conflict. Unit
//     vectors are tried first, then XORs of a source lane image with a
//     destination lane image (which lies in neither span when the two lane
//     sets are independent, e.g. transposes), and only then vectors that
//     keep one side conflict-free, or neither.
std::optional<SharedMemoryPlan> tile::planSharedMemoryConversion(
    const LinearLayout &src, const LinearLayout &dst, int elemBits,
    std::string *error, int maxVectorBits, int64_t maxScratchBytes) {
  if (!isPow2(elemBits) || elemBits < 8 || elemBits > 64) {
    setError(error, "element size " + llvm::Twine(elemBits) +
                        " bits: expected 8, 16, 32 or 64");
    return std::nullopt;
  }
  if (!isPow2(maxVectorBits) || maxVectorBits < elemBits ||
      maxVectorBits > 128) {
    setError(error, "maximum vector size " + llvm::Twine(maxVectorBits) +
                        " bits: expected a power of two in [element size, "
                        "128]");
    return std::nullopt;
  }
  const std::string hwDims[] = {kRegister, kLane, kWarp, kBlock};
  for (const LinearLayout *ll : {&src, &dst}) {
    for (auto &name : ll->getInDimNames())
      if (!llvm::is_contained(hwDims, name)) {
        setError(error, "input dim '" + name +
                            "': expected only register, lane, warp, block");
        return std::nullopt;
      }
  }
  if (src.getInDimSize(kLane) != dst.getInDimSize(kLane) ||
      src.getInDimSize(kWarp) != dst.getInDimSize(kWarp)) {
    setError(error, "the layouts have different lane or warp counts");
    return std::nullopt;
  }
  if (src.getNumOutDims() != dst.getNumOutDims()) {
    setError(error, "the layouts have different numbers of tensor dims");
    return std::nullopt;
  }
  for (auto &[name, size] : src.getOutDims())
    if (dst.getOutDimSize(name) != size || !dst.hasOutDim(name)) {
      setError(error, "tensor dim '" + name + "' differs between the layouts");
      return std::nullopt;
    }
  if (!src.isSurjective()) {
    setError(error, "the source layout does not hold every element");
    return std::nullopt;
  }
  // Work with dst's out dims in src's order.
  LinearLayout dstT = dst.transposeOuts(src.getOutDimNames());
  int n = src.getTotalOutDimSizeLog2();
  // Over a cluster, every CTA converts its own part: both layouts must put
  // the same data in each CTA (equal block bases). The scratch then covers
  // the per-CTA data space W, spanned by registers, lanes and warps.
  SmallVector<uint64_t> srcBlocks = images(src, kBlock);
  if (srcBlocks != images(dstT, kBlock)) {
    setError(error, "the conversion moves data between CTAs (the block "
                    "bases differ); not supported by the shared-memory "
                    "planner");
    return std::nullopt;
  }
  F2Basis wSpan;
  {
    int c = 0;
    for (const char *dim : {kRegister, kLane, kWarp})
      for (uint64_t v : images(src, dim))
        wSpan.insert(v, c++ % 64);
    for (uint64_t v : srcBlocks)
      if (v != 0 && wSpan.contains(v)) {
        setError(error, "a block basis of the source overlaps the data of "
                        "one CTA");
        return std::nullopt;
      }
  }
  int rankW = wSpan.rank();
  if (n > 40) {
    setError(error, "the tensor is too large for a shared-memory scratch");
    return std::nullopt;
  }
  int e = llvm::Log2_32(elemBits);
  int maxK = llvm::Log2_32(maxVectorBits / elemBits);
  int numLanes = src.getInDimSize(kLane);

  SmallVector<uint64_t> srcRegs = images(src, kRegister);
  SmallVector<uint64_t> dstRegs = images(dstT, kRegister);

  // Vector: common register images, in source register order.
  SmallVector<uint64_t> vec;
  F2Basis all;
  int col = 0;
  for (uint64_t v : srcRegs) {
    if ((int)vec.size() == maxK)
      break;
    if (v != 0 && llvm::is_contained(dstRegs, v) && all.insert(v, col++))
      vec.push_back(v);
  }
  int k = vec.size();
  // Iterations: further common register directions, until the scratch fits.
  SmallVector<uint64_t> iters;
  if (maxScratchBytes > 0) {
    auto bytesWith = [&](int reps) {
      return std::max<int64_t>(1,
                               (int64_t(1) << (rankW - reps)) * elemBits / 8);
    };
    for (uint64_t v : srcRegs) {
      if (bytesWith(iters.size()) <= maxScratchBytes)
        break;
      if (v != 0 && llvm::is_contained(dstRegs, v) && all.insert(v, col++))
        iters.push_back(v);
    }
    if (bytesWith(iters.size()) > maxScratchBytes) {
      setError(error,
               "the scratch needs " + llvm::Twine(bytesWith(iters.size())) +
                   " bytes even when split over " +
                   llvm::Twine(1 << iters.size()) +
                   " iterations; the limit is " + llvm::Twine(maxScratchBytes));
      return std::nullopt;
    }
  }
  int offsetBits = rankW - int(iters.size());
  int lowBits = std::min(offsetBits, 10 - e);
  // Builds the plan with `extras` (further register directions of one side,
  // the wide side) placed right above the common vector.
  auto build = [&](SmallVector<uint64_t> extras, bool storeWide, F2Basis all,
                   int col) -> std::optional<SharedMemoryPlan> {
    for (uint64_t v : extras)
      all.insert(v, col++ % 64);
    int kx = k + int(extras.size());
    int storeBits = elemBits << (storeWide ? kx : k);
    int loadBits = elemBits << (storeWide ? k : kx);
    SmallVector<uint64_t> srcLanes =
        images(src, kLane, llvm::Log2_32(phaseLanes(storeBits, numLanes)));
    SmallVector<uint64_t> dstLanes =
        images(dstT, kLane, llvm::Log2_32(phaseLanes(loadBits, numLanes)));
    int rowCount = offsetBits - lowBits;

    // Row vectors.
    F2Basis srcSide, dstSide;
    int sc = 0, dc = 0;
    for (auto *part : {&vec, &iters})
      for (uint64_t v : *part) {
        srcSide.insert(v, sc++);
        dstSide.insert(v, dc++);
      }
    // The extras belong to the wide side's vector; for the other side they
    // are bank bits, unless they fall inside a 4-byte word.
    for (auto [i, v] : llvm::enumerate(extras)) {
      bool inWord = k + int(i) + e < 5;
      if (storeWide || inWord)
        srcSide.insert(v, sc++);
      if (!storeWide || inWord)
        dstSide.insert(v, dc++);
    }
    for (uint64_t v : srcLanes)
      srcSide.insert(v, sc++ % 64);
    for (uint64_t v : dstLanes)
      dstSide.insert(v, dc++ % 64);
    SmallVector<uint64_t> rows;
    SmallVector<uint64_t> units;
    for (int b = n - 1; b >= 0; --b)
      if (wSpan.contains(uint64_t(1) << b))
        units.push_back(uint64_t(1) << b);
    // XOR pairs of a source lane direction with a destination one.
    SmallVector<uint64_t> pairs;
    for (uint64_t a : srcLanes)
      for (uint64_t b : dstLanes)
        if (a != 0 && b != 0 && a != b)
          pairs.push_back(a ^ b);
    // Anything in W, last.
    SmallVector<uint64_t> others;
    for (const char *dim : {kRegister, kLane, kWarp}) {
      llvm::append_range(others, images(src, dim));
      llvm::append_range(others, images(dstT, dim));
    }
    // mode 0: conflict-free on both sides; 1: source side; 2: destination
    // side; 3: anything independent.
    for (int mode = 0; mode < 4 && (int)rows.size() < rowCount; ++mode) {
      for (auto *cands : {&units, &pairs, &others}) {
        for (uint64_t c : *cands) {
          if ((int)rows.size() == rowCount)
            break;
          if (c == 0 || all.contains(c))
            continue;
          bool okSrc = !srcSide.contains(c), okDst = !dstSide.contains(c);
          bool ok = mode == 0   ? okSrc && okDst
                    : mode == 1 ? okSrc
                    : mode == 2 ? okDst
                                : true;
          if (!ok)
            continue;
          srcSide.insert(c, sc++ % 64);
          dstSide.insert(c, dc++ % 64);
          all.insert(c, col++ % 64);
          rows.push_back(c);
        }
      }
    }
    // Low bits above the vector: lanes of a phase first, then anything.
    SmallVector<uint64_t> low;
    SmallVector<uint64_t> lowCands;
    llvm::append_range(lowCands, srcLanes);
    llvm::append_range(lowCands, dstLanes);
    llvm::append_range(lowCands, images(src, kLane));
    llvm::append_range(lowCands, images(dstT, kLane));
    for (int b = 0; b < n; ++b)
      if (wSpan.contains(uint64_t(1) << b))
        lowCands.push_back(uint64_t(1) << b);
    // Any vector of W, for layouts whose data space has no unit directions.
    for (const char *dim : {kRegister, kWarp})
      llvm::append_range(lowCands, images(src, dim));
    for (uint64_t c : lowCands) {
      if (kx + (int)low.size() == lowBits)
        break;
      if (c != 0 && all.insert(c, col++ % 64))
        low.push_back(c);
    }
    if (kx + (int)low.size() + (int)rows.size() != offsetBits) {
      setError(error, "internal error: the scratch basis is incomplete");
      return std::nullopt;
    }

    LinearLayout::BasesT bases;
    auto &offs = bases[kOffset];
    for (auto *part : {&vec, &extras, &low, &rows})
      for (uint64_t v : *part)
        offs.push_back(unpack(src.getOutDims(), v));
    auto &itBases = bases[kIteration];
    for (uint64_t v : iters)
      itBases.push_back(unpack(src.getOutDims(), v));
    if (!srcBlocks.empty()) {
      auto &blockBases = bases[kBlock];
      for (uint64_t v : srcBlocks)
        blockBases.push_back(unpack(src.getOutDims(), v));
    }
    std::optional<LinearLayout> scratch = LinearLayout::tryCreate(
        std::move(bases), src.getOutDims(), /*requireSurjective=*/true, error);
    if (!scratch)
      return std::nullopt;

    SharedMemoryPlan plan;
    plan.scratch = *scratch;
    plan.numIterations = 1 << iters.size();
    plan.storeMap = src.invertAndCompose(plan.scratch);
    plan.loadMap = dst.invertAndCompose(plan.scratch);
    for (const LinearLayout *m : {&plan.storeMap, &plan.loadMap})
      if (!m->sublayoutIsZero({kLane, kWarp, kBlock}, {kIteration})) {
        setError(error, "the iteration of an element would depend on its "
                        "lane or warp; use a larger scratch limit");
        return std::nullopt;
      }
    plan.storeVector =
        analyzeVectorization(plan.storeMap, elemBits, maxVectorBits);
    plan.loadVector =
        analyzeVectorization(plan.loadMap, elemBits, maxVectorBits);
    plan.storeWavefronts =
        countBankConflicts(src, plan.scratch, elemBits, plan.storeVector.elems);
    plan.loadWavefronts =
        countBankConflicts(dst, plan.scratch, elemBits, plan.loadVector.elems);
    plan.idealStoreWavefronts =
        idealWavefronts(plan.storeVector.elems * elemBits, numLanes);
    plan.idealLoadWavefronts =
        idealWavefronts(plan.loadVector.elems * elemBits, numLanes);
    plan.scratchBytes =
        std::max<int64_t>(1, (int64_t(1) << offsetBits) * elemBits / 8);
    return plan;
  };

  // One side may use wider vectors than the common ones: its own further
  // register directions go right above the vector (the other side accesses
  // them as separate, narrower vectors). That can cost bank conflicts on the
  // other side, so every width is tried and the cheapest plan kept: fewest
  // wavefronts in total, then fewest instructions.
  auto extrasOf = [&](llvm::ArrayRef<uint64_t> regs) {
    SmallVector<uint64_t> extras;
    F2Basis span = all;
    int c = 0;
    for (uint64_t v : regs) {
      if (k + (int)extras.size() == std::min(maxK, lowBits))
        break;
      if (v != 0 && span.insert(v, c++ % 64))
        extras.push_back(v);
    }
    return extras;
  };
  SmallVector<uint64_t> srcExtras = extrasOf(srcRegs);
  SmallVector<uint64_t> dstExtras = extrasOf(dstRegs);
  std::optional<SharedMemoryPlan> best;
  int64_t bestCost = 0, bestInstrs = 0;
  int64_t srcRegCount = src.getInDimSize(kRegister);
  int64_t dstRegCount = dst.getInDimSize(kRegister);
  for (bool storeWide : {true, false}) {
    SmallVector<uint64_t> extras = storeWide ? srcExtras : dstExtras;
    for (;;) {
      std::optional<SharedMemoryPlan> plan = build(extras, storeWide, all, col);
      if (!plan)
        return std::nullopt;
      int64_t stores = srcRegCount / plan->storeVector.elems;
      int64_t loads = dstRegCount / plan->loadVector.elems;
      int64_t cost =
          stores * plan->storeWavefronts + loads * plan->loadWavefronts;
      int64_t instrs = stores + loads;
      if (!best || cost < bestCost ||
          (cost == bestCost && instrs < bestInstrs)) {
        best = std::move(plan);
        bestCost = cost;
        bestInstrs = instrs;
      }
      if (extras.empty())
        break;
      extras.pop_back();
    }
  }
  return best;
}

LinearLayout tile::chooseScratchLayout(const LinearLayout &src,
                                       const LinearLayout &dst, int elemBits) {
  std::string err;
  std::optional<SharedMemoryPlan> plan =
      planSharedMemoryConversion(src, dst, elemBits, &err);
  if (!plan)
    llvm::reportFatalUsageError(llvm::Twine("chooseScratchLayout: ") + err);
  return plan->scratch;
}
