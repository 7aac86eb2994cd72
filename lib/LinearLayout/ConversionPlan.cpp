//===- ConversionPlan.cpp - Classifying conversions, shuffle plans -------===//

#include "tile/LinearLayout/ConversionPlan.h"

#include "F2Basis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace tile;
using llvm::SmallVector;
using llvm::StringRef;

namespace {

const char *const kRegister = "register";
const char *const kLane = "lane";
const char *const kWarp = "warp";
const char *const kBlock = "block";

void setError(std::string *error, const llvm::Twine &msg) {
  if (error)
    *error = msg.str();
}

int32_t valueIn(const SmallVector<std::pair<std::string, int32_t>> &point,
                StringRef name) {
  for (auto &kv : point)
    if (kv.first == name)
      return kv.second;
  return 0;
}

/// Image of one basis of `ll` in a named output dim (0 if either is absent
/// or i is out of range).
int32_t basisIn(const LinearLayout &ll, StringRef inDim, int i,
                StringRef outDim) {
  if (!ll.hasOutDim(outDim) || i >= ll.getInDimSizeLog2(inDim))
    return 0;
  return ll.getBasis(inDim, i, outDim);
}

/// XOR of `masks[i]` over the set bits i of x.
int32_t applyMasks(llvm::ArrayRef<int32_t> masks, int32_t x) {
  int32_t r = 0;
  for (auto [i, m] : llvm::enumerate(masks))
    if ((x >> i) & 1)
      r ^= m;
  return r;
}

/// Every value of the span of `masks`, sorted.
SmallVector<int32_t> spanOf(llvm::ArrayRef<int32_t> masks) {
  SmallVector<int32_t> values = {0};
  for (int32_t m : masks) {
    if (llvm::is_contained(values, m))
      continue;
    size_t n = values.size();
    for (size_t i = 0; i < n; ++i)
      values.push_back(values[i] ^ m);
  }
  llvm::sort(values);
  return values;
}

int rankOf(llvm::ArrayRef<int32_t> masks) {
  F2Basis b;
  int col = 0;
  for (int32_t m : masks)
    b.insert(uint32_t(m), col++);
  return b.rank();
}

} // namespace

llvm::StringRef tile::stringifyConversionKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::None:
    return "none";
  case ConversionKind::RegisterPermutation:
    return "register-permutation";
  case ConversionKind::WarpShuffle:
    return "warp-shuffle";
  case ConversionKind::SharedMemory:
    return "shared-memory";
  case ConversionKind::CrossCTA:
    return "cross-cta";
  }
  return "unknown";
}

std::optional<ConversionAnalysis>
tile::analyzeConversion(const LinearLayout &src, const LinearLayout &dst,
                        std::string *error) {
  const std::string hwDims[] = {kRegister, kLane, kWarp, kBlock};
  for (const LinearLayout *ll : {&src, &dst}) {
    const char *which = ll == &src ? "source" : "destination";
    for (auto &name : ll->getInDimNames())
      if (!llvm::is_contained(hwDims, name)) {
        setError(error, llvm::Twine("the ") + which +
                            " layout has input dim '" + name +
                            "'; expected only register, lane, warp, block");
        return std::nullopt;
      }
  }
  for (const char *dim : {kLane, kWarp, kBlock})
    if (src.getInDimSize(dim) != dst.getInDimSize(dim)) {
      setError(error, llvm::Twine("the layouts have different numbers of ") +
                          dim + "s (" + llvm::Twine(src.getInDimSize(dim)) +
                          " and " + llvm::Twine(dst.getInDimSize(dim)) +
                          "); a conversion keeps the threads of the tensor");
      return std::nullopt;
    }
  if (src.getNumOutDims() != dst.getNumOutDims()) {
    setError(error, "the layouts have different numbers of tensor dims");
    return std::nullopt;
  }
  for (auto &[name, size] : src.getOutDims())
    if (!dst.hasOutDim(name) || dst.getOutDimSize(name) != size) {
      setError(error, "tensor dim '" + name + "' has size " +
                          llvm::Twine(size) +
                          " in the source layout but not in the destination");
      return std::nullopt;
    }
  if (!src.isSurjective()) {
    setError(error, "the source layout does not hold every element of the "
                    "tensor (it is not surjective)");
    return std::nullopt;
  }
  // Canonical input-dim order, so that pre-images prefer the thread's own
  // registers, then lanes of its warp, then other warps.
  auto canonical = [&](const LinearLayout &ll) {
    SmallVector<std::string> order;
    for (auto &d : hwDims)
      if (ll.hasInDim(d))
        order.push_back(d);
    return ll.transposeIns(order);
  };
  std::optional<LinearLayout> map =
      canonical(dst).tryInvertAndCompose(canonical(src), error);
  if (!map)
    return std::nullopt;

  ConversionAnalysis result{ConversionKind::CrossCTA, *map, *map};
  std::optional<LinearLayout> q = map->quotient({kBlock});
  if (!q)
    return result;
  result.reduced = *q;
  result.kind = ConversionKind::SharedMemory;
  q = q->quotient({kWarp});
  if (!q)
    return result;
  result.reduced = *q;
  result.kind = ConversionKind::WarpShuffle;
  q = q->quotient({kLane});
  if (!q)
    return result;
  result.reduced = *q;
  result.kind = q->isTrivialOver({kRegister})
                    ? ConversionKind::None
                    : ConversionKind::RegisterPermutation;
  return result;
}

ConversionKind tile::classifyConversion(const LinearLayout &src,
                                        const LinearLayout &dst) {
  std::string err;
  std::optional<ConversionAnalysis> a = analyzeConversion(src, dst, &err);
  if (!a)
    llvm::reportFatalUsageError(llvm::Twine("classifyConversion: ") + err);
  return a->kind;
}

std::optional<SmallVector<int32_t>>
tile::planRegisterPermutation(const LinearLayout &src, const LinearLayout &dst,
                              std::string *error) {
  std::optional<ConversionAnalysis> a = analyzeConversion(src, dst, error);
  if (!a)
    return std::nullopt;
  if (a->kind != ConversionKind::None &&
      a->kind != ConversionKind::RegisterPermutation) {
    setError(error, "the conversion moves data between threads (" +
                        stringifyConversionKind(a->kind) + ")");
    return std::nullopt;
  }
  SmallVector<int32_t> perm;
  for (int32_t r = 0; r < dst.getInDimSize(kRegister); ++r) {
    SmallVector<std::pair<std::string, int32_t>> in;
    if (a->reduced.hasInDim(kRegister))
      in.push_back({kRegister, r});
    perm.push_back(valueIn(a->reduced.apply(in), kRegister));
  }
  return perm;
}

//===----------------------------------------------------------------------===//
// Warp shuffles
//===----------------------------------------------------------------------===//

int32_t WarpShufflePlan::srcLane(int t, int32_t lane) const {
  return srcLaneXor[t] ^ applyMasks(srcLaneOfLaneBit, lane);
}

int32_t WarpShufflePlan::sendReg(int t, int32_t lane) const {
  return sendRegXor[t] ^ applyMasks(sendRegOfLaneBit, lane);
}

int32_t WarpShufflePlan::dstReg(int t, int32_t lane) const {
  return t ^ applyMasks(dstRegOfLaneBit, lane);
}

SmallVector<int32_t> WarpShufflePlan::sendRegCandidates(int t) const {
  SmallVector<int32_t> values = spanOf(sendRegOfLaneBit);
  for (int32_t &v : values)
    v ^= sendRegXor[t];
  llvm::sort(values);
  return values;
}

SmallVector<int32_t> WarpShufflePlan::dstRegCandidates() const {
  return spanOf(dstRegOfLaneBit);
}

// Notation: C = dst.invertAndCompose(src) restricted to (register, lane) of
// one warp, split by input:
//   C(r, l) = (Rr(r) ^ Rl(l), Lr(r) ^ Ll(l))   (source register, lane).
// Round t serves destination register t ^ A(l) in lane l, for a linear
// A: lane -> register chosen below. Lane l then needs source register
// Rr(t) ^ R'(l) of source lane Lr(t) ^ L'(l), with L' = Ll ^ Lr∘A and
// R' = Rl ^ Rr∘A. A source lane s can send only one value per round, so
// every lane reading from s must want the same register: ker L' ⊆ ker R'.
// Then the sender computes its register as M(s ^ Lr(t)) ^ Rr(t) where M
// is R' ∘ (a pseudo-inverse of L'). A is used to make L' injective when
// some destination lanes take their data from source registers (Ll has a
// kernel): such a lane bit is paired with a destination register bit whose
// data comes from a source lane outside the image of Ll.
std::optional<WarpShufflePlan> tile::planWarpShuffle(const LinearLayout &src,
                                                     const LinearLayout &dst,
                                                     int maxSelects,
                                                     std::string *whyNot) {
  std::optional<ConversionAnalysis> a = analyzeConversion(src, dst, whyNot);
  if (!a)
    return std::nullopt;
  if (a->kind == ConversionKind::SharedMemory ||
      a->kind == ConversionKind::CrossCTA) {
    setError(whyNot, "the conversion moves data between warps (" +
                         stringifyConversionKind(a->kind) + ")");
    return std::nullopt;
  }
  // C restricted to registers and lanes of warp 0, block 0 (the others are
  // identical since the warp and block levels were quotiented out or are
  // trivial).
  const LinearLayout &c = a->map;
  int laneBits = dst.getInDimSizeLog2(kLane);
  int dstRegBits = dst.getInDimSizeLog2(kRegister);
  SmallVector<int32_t> Rl, Ll, Rr, Lr;
  for (int i = 0; i < laneBits; ++i) {
    Rl.push_back(basisIn(c, kLane, i, kRegister));
    Ll.push_back(basisIn(c, kLane, i, kLane));
  }
  for (int j = 0; j < dstRegBits; ++j) {
    Rr.push_back(basisIn(c, kRegister, j, kRegister));
    Lr.push_back(basisIn(c, kRegister, j, kLane));
  }

  int srcLaneBits = src.getInDimSizeLog2(kLane);
  int numRounds = dst.getInDimSize(kRegister);
  // Builds the plan for a given A (lane -> register), or nullopt when some
  // source lane would have to send two registers in one round.
  auto planFor =
      [&](const SmallVector<int32_t> &A) -> std::optional<WarpShufflePlan> {
    SmallVector<int32_t> Lp(laneBits), Rp(laneBits);
    for (int i = 0; i < laneBits; ++i) {
      Lp[i] = Ll[i] ^ applyMasks(Lr, A[i]);
      Rp[i] = Rl[i] ^ applyMasks(Rr, A[i]);
    }
    // ker L' must lie in ker R'.
    F2Basis lpSpan;
    for (int i = 0; i < laneBits; ++i) {
      if (lpSpan.insert(uint32_t(Lp[i]), i))
        continue;
      uint64_t combo = 0;
      lpSpan.reduce(uint32_t(Lp[i]), combo);
      uint64_t kernel = combo ^ (uint64_t(1) << i);
      if (applyMasks(Rp, int32_t(kernel)) != 0)
        return std::nullopt;
    }
    // M on source lane bits through the linear projection onto image(L').
    SmallVector<int32_t> M(srcLaneBits, 0);
    for (int b = 0; b < srcLaneBits; ++b) {
      uint64_t combo = 0;
      lpSpan.reduce(uint64_t(1) << b, combo);
      M[b] = applyMasks(Rp, int32_t(combo));
    }
    // The per-round constants are filled in once the plan is chosen.
    WarpShufflePlan plan;
    plan.numRounds = numRounds;
    plan.srcLaneOfLaneBit = Lp;
    plan.sendRegOfLaneBit = M;
    plan.dstRegOfLaneBit = A;
    plan.numSendSelects = (1 << rankOf(M)) - 1;
    plan.numRecvSelects = (1 << rankOf(A)) - 1;
    return plan;
  };

  // A is 0 on the pivot lane bits of Ll; each free lane bit gets 0 or a
  // distinct destination register bit. Every such A is tried (a few
  // thousand at most) and the plan with the fewest selects kept.
  SmallVector<int> freeBits;
  {
    F2Basis image;
    for (int i = 0; i < laneBits; ++i)
      if (!image.insert(uint32_t(Ll[i]), i))
        freeBits.push_back(i);
  }
  std::optional<WarpShufflePlan> best;
  auto better = [](const WarpShufflePlan &a, const WarpShufflePlan &b) {
    int ca = a.numSendSelects + a.numRecvSelects;
    int cb = b.numSendSelects + b.numRecvSelects;
    return ca != cb ? ca < cb : a.numRecvSelects < b.numRecvSelects;
  };
  SmallVector<int32_t> A(laneBits, 0);
  int budget = 20000;
  std::function<void(size_t, int32_t)> search = [&](size_t idx,
                                                    int32_t usedRegs) {
    if (budget <= 0)
      return;
    if (idx == freeBits.size()) {
      --budget;
      if (std::optional<WarpShufflePlan> plan = planFor(A))
        if (!best || better(*plan, *best))
          best = std::move(plan);
      return;
    }
    int i = freeBits[idx];
    for (int j = -1; j < dstRegBits; ++j) {
      if (j >= 0 && ((usedRegs >> j) & 1))
        continue;
      A[i] = j < 0 ? 0 : int32_t(1) << j;
      search(idx + 1, j < 0 ? usedRegs : usedRegs | (int32_t(1) << j));
    }
    A[i] = 0;
  };
  search(0, 0);
  if (!best) {
    setError(whyNot, "two destination lanes need different registers of "
                     "the same source lane in one round");
    return std::nullopt;
  }
  for (int t = 0; t < numRounds; ++t) {
    int32_t lr = applyMasks(Lr, t);
    best->srcLaneXor.push_back(lr);
    best->sendRegXor.push_back(applyMasks(Rr, t) ^
                               applyMasks(best->sendRegOfLaneBit, lr));
  }
  if (best->numSendSelects > maxSelects || best->numRecvSelects > maxSelects) {
    setError(whyNot, "the shuffle plan needs " +
                         llvm::Twine(best->numSendSelects) + " send and " +
                         llvm::Twine(best->numRecvSelects) +
                         " receive selects per round, more than " +
                         llvm::Twine(maxSelects));
    return std::nullopt;
  }
  return best;
}

bool WarpShufflePlan::isLocalRound(int t) const {
  if (srcLaneXor[t] != 0)
    return false;
  for (auto [i, m] : llvm::enumerate(srcLaneOfLaneBit))
    if (m != (int32_t(1) << i))
      return false;
  return true;
}

int WarpShufflePlan::numShuffles() const {
  int n = 0;
  for (int t = 0; t < numRounds; ++t)
    n += isLocalRound(t) ? 0 : 1;
  return n;
}

namespace {
/// The element `ll` puts at a hardware point, as (out-dim name, coordinate)
/// pairs sorted by name, so that layouts with different out-dim orders
/// compare equal.
SmallVector<std::pair<std::string, int32_t>>
elementAt(const LinearLayout &ll, int32_t reg, int32_t lane, int32_t warp,
          int32_t block) {
  SmallVector<std::pair<std::string, int32_t>> in;
  for (const std::string &n : ll.getInDimNames())
    in.push_back({n, n == kRegister ? reg
                     : n == kLane   ? lane
                     : n == kWarp   ? warp
                                    : block});
  SmallVector<std::pair<std::string, int32_t>> out = ll.apply(in);
  llvm::sort(out);
  return out;
}
} // namespace

bool tile::verifyWarpShufflePlan(const LinearLayout &src,
                                 const LinearLayout &dst,
                                 const WarpShufflePlan &plan,
                                 std::string *error) {
  int32_t lanes = dst.getInDimSize(kLane);
  int32_t srcRegs = src.getInDimSize(kRegister);
  int32_t dstRegs = dst.getInDimSize(kRegister);
  if (src.getInDimSize(kLane) != lanes) {
    setError(error, "the layouts have different lane sizes");
    return false;
  }
  if (plan.numRounds != dstRegs ||
      int(plan.srcLaneXor.size()) != plan.numRounds ||
      int(plan.sendRegXor.size()) != plan.numRounds) {
    setError(error, "the plan has " + llvm::Twine(plan.numRounds) +
                        " rounds for " + llvm::Twine(dstRegs) +
                        " destination registers");
    return false;
  }
  for (int32_t block = 0; block < dst.getInDimSize(kBlock); ++block)
    for (int32_t warp = 0; warp < dst.getInDimSize(kWarp); ++warp) {
      SmallVector<int> written(size_t(lanes) * dstRegs, 0);
      for (int t = 0; t < plan.numRounds; ++t)
        for (int32_t lane = 0; lane < lanes; ++lane) {
          // Every lane sends (its value may go unread): in range too.
          int32_t own = plan.sendReg(t, lane);
          if (own < 0 || own >= srcRegs) {
            setError(error, "round " + llvm::Twine(t) + ": lane " +
                                llvm::Twine(lane) +
                                " sends a register out of range");
            return false;
          }
          int32_t from = plan.srcLane(t, lane);
          int32_t dstReg = plan.dstReg(t, lane);
          if (from < 0 || from >= lanes || dstReg < 0 || dstReg >= dstRegs) {
            setError(error, "round " + llvm::Twine(t) + " of lane " +
                                llvm::Twine(lane) +
                                " reads a lane or writes a register out of "
                                "range");
            return false;
          }
          int32_t sent = plan.sendReg(t, from);
          if (elementAt(src, sent, from, warp, block) !=
              elementAt(dst, dstReg, lane, warp, block)) {
            setError(error, "round " + llvm::Twine(t) + ": lane " +
                                llvm::Twine(lane) + " of warp " +
                                llvm::Twine(warp) +
                                " receives the wrong element for register " +
                                llvm::Twine(dstReg));
            return false;
          }
          ++written[size_t(lane) * dstRegs + dstReg];
        }
      if (llvm::any_of(written, [](int n) { return n != 1; })) {
        setError(error, "some destination register is written zero or "
                        "several times");
        return false;
      }
    }
  return true;
}

//===----------------------------------------------------------------------===//
// Cost model
//===----------------------------------------------------------------------===//

int64_t tile::estimateWarpShuffleCost(const WarpShufflePlan &plan,
                                      int elemBits,
                                      const ConversionCostModel &model) {
  int64_t pieces = elemBits > 32 ? (elemBits + 31) / 32 : 1;
  int64_t selects = int64_t(plan.numRounds) *
                    (plan.numSendSelects + plan.numRecvSelects);
  return pieces * (model.shuffle * plan.numShuffles() + model.select * selects);
}

/// Registers of `ll` that hold distinct elements in one thread:
/// 2^rank of its register bases.
static int64_t distinctRegisters(const LinearLayout &ll) {
  F2Basis basis;
  for (int i = 0; i < ll.getInDimSizeLog2(kRegister); ++i) {
    uint64_t packed = 0;
    int shift = 0;
    for (auto &[name, size] : ll.getOutDims()) {
      packed |= uint64_t(uint32_t(ll.getBasis(kRegister, i, name))) << shift;
      shift += ll.getOutDimSizeLog2(name);
    }
    basis.insert(packed, i);
  }
  return int64_t(1) << basis.rank();
}

int64_t tile::estimateSharedMemoryCost(const SharedMemoryPlan &plan,
                                       const LinearLayout &src,
                                       const LinearLayout &dst,
                                       const ConversionCostModel &model) {
  int64_t stores =
      std::max<int64_t>(1, distinctRegisters(src) / plan.storeVector.elems);
  int64_t loads = std::max<int64_t>(1, dst.getInDimSize(kRegister) /
                                           plan.loadVector.elems);
  return model.wavefront * (stores * std::max(1, plan.storeWavefronts) +
                            loads * std::max(1, plan.loadWavefronts)) +
         model.barrier * 2 * plan.numIterations;
}
