//===- MmaPlan.cpp - Which registers feed each matrix instruction ---------===//
//
// Each plan reads the layouts at lane 0 of warp 0: there a register's
// coordinates are its register part alone. The thread part (lanes and warps)
// is checked separately against what the instruction expects, so that for
// every other thread the same registers hold the same fragment positions.
//
// For an mma.sync accumulator, lane bits 0-1 must move the column by 2 and
// 4 and lane bits 2-4 the row by 1, 2, 4 (the PTX fragment: lane 4g + t holds
// row g, columns 2t and 2t + 1). A register's (row mod 16 >= 8, column odd)
// picks c0..c3. A and B are grouped by row (column) and sorted by K; k-step s
// of an instruction takes elements [s E, (s + 1) E) of each group, E =
// instrK / 4, the first half into a0/a1 (b0), the second into a2/a3 (b1).
//
//===----------------------------------------------------------------------===//

#include "tile/LinearLayout/MmaPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

using namespace tile;

namespace {

constexpr const char *kRegister = "register";
constexpr const char *kLane = "lane";
constexpr const char *kWarp = "warp";

/// The coordinates of (register, lane, warp), every other input 0.
std::vector<int32_t> coordsAt(const LinearLayout &ll, int32_t reg,
                              int32_t lane = 0, int32_t warp = 0) {
  llvm::SmallVector<int32_t> ins;
  for (const std::string &name : ll.getInDimNames()) {
    if (name == kRegister)
      ins.push_back(reg);
    else if (name == kLane)
      ins.push_back(lane);
    else if (name == kWarp)
      ins.push_back(warp);
    else
      ins.push_back(0);
  }
  llvm::SmallVector<int32_t> out = ll.apply(ins);
  return std::vector<int32_t>(out.begin(), out.end());
}

std::vector<int32_t> basisOf(const LinearLayout &ll, llvm::StringRef dim,
                             int bit) {
  llvm::ArrayRef<int32_t> b = ll.getBasis(dim, bit);
  return std::vector<int32_t>(b.begin(), b.end());
}

std::string formatCoords(llvm::ArrayRef<int32_t> c) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(c, os);
  os << "]";
  return s;
}

bool fail(std::string *error, const llvm::Twine &why) {
  if (error)
    *error = why.str();
  return false;
}

/// Checks that lane bit i of `ll` maps to `expected[i]` (a coordinate per
/// output dim) for the bits where `expected[i]` is given.
bool checkLanes(const LinearLayout &ll,
                llvm::ArrayRef<std::optional<std::vector<int32_t>>> expected,
                llvm::StringRef what, std::string *error) {
  if (ll.getInDimSize(kLane) != 32)
    return fail(error, llvm::Twine(what) + " must use the 32 lanes of a warp");
  for (auto [i, want] : llvm::enumerate(expected)) {
    if (!want)
      continue;
    std::vector<int32_t> got = basisOf(ll, kLane, i);
    if (got != *want)
      return fail(error, llvm::Twine(what) + ": lane bit " + llvm::Twine(i) + " moves to " +
                             formatCoords(got) + ", the instruction needs " +
                             formatCoords(*want));
  }
  return true;
}

/// A coordinate vector with `value` in output dim `dim` and 0 elsewhere.
std::vector<int32_t> unit(int rank, int dim, int32_t value) {
  std::vector<int32_t> v(rank, 0);
  v[dim] = value;
  return v;
}

/// The lane pattern of an mma accumulator: columns 2, 4 then rows 1, 2, 4.
std::vector<std::optional<std::vector<int32_t>>>
accumulatorLanes(int rank, int mDim, int nDim) {
  return {unit(rank, nDim, 2), unit(rank, nDim, 4), unit(rank, mDim, 1),
          unit(rank, mDim, 2), unit(rank, mDim, 4)};
}

/// Checks the lanes of an mma.sync operand: lane bits 2-4 move its non-K
/// dim `keepDim` by 1, 2, 4 (the fragment's g), lane bits 0-1 move along K
/// only (t).
bool checkOperandLanes(const LinearLayout &ll, int rank, int keepDim,
                       int batch, llvm::StringRef what, std::string *error) {
  std::vector<std::optional<std::vector<int32_t>>> lanes = {
      std::nullopt, std::nullopt, unit(rank, keepDim, 1),
      unit(rank, keepDim, 2), unit(rank, keepDim, 4)};
  if (!checkLanes(ll, lanes, what, error))
    return false;
  for (int bit = 0; bit < 2; ++bit) {
    std::vector<int32_t> lb = basisOf(ll, kLane, bit);
    if (lb[keepDim] != 0 || (batch >= 0 && lb[batch] != 0))
      return fail(error, llvm::Twine(what) + ": lane bit " + llvm::Twine(bit) +
                             " must move along K only");
  }
  return true;
}

/// Registers of an operand grouped by their non-K key, each group sorted by
/// K. Duplicate coordinates (broadcast registers) are kept once.
struct KGroups {
  std::map<std::vector<int32_t>, std::vector<std::pair<int32_t, int>>> groups;
  /// The K extent of one group (all groups have the same).
  size_t length = 0;
};

/// Groups the registers of `ll` by `keyOf(coords)`, ordered by coords[kDim].
template <typename KeyFn>
std::optional<KGroups> groupByK(const LinearLayout &ll, int kDim, KeyFn keyOf,
                                llvm::StringRef what, std::string *error) {
  KGroups result;
  std::map<std::vector<int32_t>, int> seen;
  for (int r = 0, e = ll.getInDimSize(kRegister); r < e; ++r) {
    std::vector<int32_t> c = coordsAt(ll, r);
    if (!seen.emplace(c, r).second)
      continue;
    std::optional<std::vector<int32_t>> key = keyOf(c);
    if (!key) {
      fail(error, llvm::Twine(what) + ": register " + llvm::Twine(r) + " holds " +
                      formatCoords(c) +
                      ", which is not where the instruction fragment puts it");
      return std::nullopt;
    }
    result.groups[*key].push_back({c[kDim], r});
  }
  for (auto &[key, list] : result.groups)
    llvm::sort(list);
  if (result.groups.empty()) {
    fail(error, llvm::Twine(what) + " has no registers");
    return std::nullopt;
  }
  result.length = result.groups.begin()->second.size();
  for (auto &[key, list] : result.groups) {
    if (list.size() != result.length) {
      fail(error, llvm::Twine(what) + ": threads hold K runs of different lengths");
      return std::nullopt;
    }
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].first != result.groups.begin()->second[i].first) {
        fail(error, llvm::Twine(what) + ": threads hold different K positions in "
                           "different rows");
        return std::nullopt;
      }
  }
  return result;
}

/// The K offset lane `t` (0..3) adds: the XOR of lane bits 0 and 1's K.
int32_t laneK(const LinearLayout &ll, int kDim, int t) {
  int32_t k = 0;
  for (int bit = 0; bit < 2; ++bit)
    if (t & (1 << bit))
      k ^= ll.getBasis(kLane, bit)[kDim];
  return k;
}

/// Checks that thread t of A and of B read the same K at every position of
/// their sorted K runs (so the hardware's K pairing multiplies matching
/// elements).
bool checkSameK(const LinearLayout &a, const KGroups &aGroups, int aKDim,
                const LinearLayout &b, const KGroups &bGroups, int bKDim,
                std::string *error) {
  if (aGroups.length != bGroups.length)
    return fail(error, "A holds " + llvm::Twine(aGroups.length) +
                           " K elements per thread and row, B " +
                           llvm::Twine(bGroups.length) +
                           "; give both the same kWidth");
  const auto &aList = aGroups.groups.begin()->second;
  const auto &bList = bGroups.groups.begin()->second;
  for (int t = 0; t < 4; ++t)
    for (size_t p = 0; p < aList.size(); ++p)
      if ((aList[p].first ^ laneK(a, aKDim, t)) !=
          (bList[p].first ^ laneK(b, bKDim, t)))
        return fail(error, "A and B distribute K differently over the lanes "
                           "(lane " +
                               llvm::Twine(t) + ", element " + llvm::Twine(p) +
                               "); give both the same kWidth");
  return true;
}

/// Checks that the warps of an operand follow C's: along the shared dim
/// (`cDim` of C = `opDim` of the operand) the same offsets, along K none.
bool checkOperandWarps(const LinearLayout &op, int opKeepDim, int opKDim,
                       const LinearLayout &c, int cKeepDim, int batch,
                       int firstBit, llvm::StringRef what,
                       std::string *error) {
  int bits = c.getInDimSizeLog2(kWarp);
  if (op.getInDimSizeLog2(kWarp) != bits)
    return fail(error, llvm::Twine(what) + " and the accumulator use different numbers "
                              "of warps");
  for (int i = firstBit; i < bits; ++i) {
    std::vector<int32_t> cb = basisOf(c, kWarp, i);
    std::vector<int32_t> ob = basisOf(op, kWarp, i);
    bool ok = ob[opKeepDim] == cb[cKeepDim] && ob[opKDim] == 0 &&
              (batch < 0 || ob[batch] == cb[batch]);
    if (!ok)
      return fail(error, llvm::Twine(what) + ": warp bit " + llvm::Twine(i) + " moves to " +
                             formatCoords(ob) +
                             ", which does not follow the accumulator's " +
                             formatCoords(cb));
  }
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

std::optional<MmaSyncPlan> MmaSyncPlan::build(const LinearLayout &a,
                                              const LinearLayout &b,
                                              const LinearLayout &c,
                                              int instrK, std::string *error) {
  int rank = c.getNumOutDims();
  if (rank != 2 && rank != 3) {
    fail(error, "mma.sync needs rank-2 or rank-3 operands");
    return std::nullopt;
  }
  if (a.getNumOutDims() != rank || b.getNumOutDims() != rank) {
    fail(error, "A, B and C must have the same rank");
    return std::nullopt;
  }
  if (instrK != 8 && instrK != 16 && instrK != 32) {
    fail(error, "mma.sync K must be 8, 16 or 32");
    return std::nullopt;
  }
  int batch = rank == 3 ? 0 : -1;
  int mDim = rank - 2, nDim = rank - 1;
  int kA = rank - 1, kB = rank - 2;

  // The accumulator: whole 16x8 fragments.
  if (!checkLanes(c, accumulatorLanes(rank, mDim, nDim), "the accumulator",
                  error))
    return std::nullopt;
  using Key = std::vector<int32_t>; // (batch, m tile, n tile)
  std::map<Key, std::array<int, 4>> tiles;
  MmaSyncPlan plan;
  plan.instrK = instrK;
  std::map<std::vector<int32_t>, int> seen;
  for (int r = 0, e = c.getInDimSize(kRegister); r < e; ++r) {
    std::vector<int32_t> x = coordsAt(c, r);
    if (auto [it, inserted] = seen.emplace(x, r); !inserted) {
      plan.duplicateCRegs.push_back({r, it->second});
      continue;
    }
    int32_t m = x[mDim], n = x[nDim];
    if ((m & 7) || (n & 6)) {
      fail(error, "the accumulator: register " + llvm::Twine(r) + " holds " +
                      formatCoords(x) +
                      ", not a position of an m16n8 fragment at lane 0");
      return std::nullopt;
    }
    Key key = {batch >= 0 ? x[batch] : 0, m >> 4, n >> 3};
    auto [it, inserted] = tiles.try_emplace(key, std::array<int, 4>{-1, -1, -1, -1});
    it->second[((m >> 3) & 1) * 2 + (n & 1)] = r;
  }
  for (auto &[key, regs] : tiles)
    if (llvm::is_contained(regs, -1)) {
      fail(error, "the accumulator's registers do not form whole 16x8 "
                  "tiles");
      return std::nullopt;
    }

  // A: rows g (a0, a2) and g + 8 (a1, a3) per 16-row tile.
  if (!checkOperandLanes(a, rank, mDim, batch, "operand A", error))
    return std::nullopt;
  auto aGroups = groupByK(
      a, kA,
      [&](const std::vector<int32_t> &x) -> std::optional<std::vector<int32_t>> {
        if (x[mDim] & 7)
          return std::nullopt;
        return std::vector<int32_t>{batch >= 0 ? x[batch] : 0, x[mDim] >> 4,
                                    (x[mDim] >> 3) & 1};
      },
      "operand A", error);
  if (!aGroups)
    return std::nullopt;

  // B: column g, K from lanes t.
  if (!checkOperandLanes(b, rank, nDim, batch, "operand B", error))
    return std::nullopt;
  auto bGroups = groupByK(
      b, kB,
      [&](const std::vector<int32_t> &x) -> std::optional<std::vector<int32_t>> {
        if (x[nDim] & 7)
          return std::nullopt;
        return std::vector<int32_t>{batch >= 0 ? x[batch] : 0, x[nDim] >> 3};
      },
      "operand B", error);
  if (!bGroups)
    return std::nullopt;

  int e = instrK / 4;
  int32_t kSize = a.getOutDimSize(a.getOutDimNames()[kA]);
  if (aGroups->length % e != 0 || int32_t(aGroups->length) * 4 != kSize) {
    fail(error, "K = " + llvm::Twine(kSize) +
                    " is not covered by whole mma.sync k-steps of " +
                    llvm::Twine(instrK) + " (each thread must hold " +
                    llvm::Twine(kSize / 4) +
                    " elements of each row of A); pad K to a multiple of " +
                    llvm::Twine(instrK));
    return std::nullopt;
  }
  if (!checkSameK(a, *aGroups, kA, b, *bGroups, kB, error))
    return std::nullopt;
  if (!checkOperandWarps(a, mDim, kA, c, mDim, batch, 0, "operand A", error) ||
      !checkOperandWarps(b, nDim, kB, c, nDim, batch, 0, "operand B", error))
    return std::nullopt;

  int steps = aGroups->length / e;
  auto take = [&](const std::vector<std::pair<int32_t, int>> &list, int from,
                  int count, std::vector<int> &out) {
    for (int i = from; i < from + count; ++i)
      out.push_back(list[i].second);
  };
  for (int s = 0; s < steps; ++s) {
    for (auto &[key, cRegs] : tiles) {
      auto lo = aGroups->groups.find({key[0], key[1], 0});
      auto hi = aGroups->groups.find({key[0], key[1], 1});
      auto bg = bGroups->groups.find({key[0], key[2]});
      if (lo == aGroups->groups.end() || hi == aGroups->groups.end() ||
          bg == bGroups->groups.end()) {
        fail(error, "A or B lacks the rows or columns of accumulator tile " +
                        formatCoords(key));
        return std::nullopt;
      }
      MmaSyncInstr instr;
      int half = e / 2 > 0 ? e / 2 : 1;
      take(lo->second, s * e, half, instr.aRegs);
      take(hi->second, s * e, half, instr.aRegs);
      take(lo->second, s * e + half, half, instr.aRegs);
      take(hi->second, s * e + half, half, instr.aRegs);
      take(bg->second, s * e, half, instr.bRegs);
      take(bg->second, s * e + half, half, instr.bRegs);
      instr.cRegs.assign(cRegs.begin(), cRegs.end());
      plan.instrs.push_back(std::move(instr));
    }
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

std::optional<WgmmaPlan> WgmmaPlan::build(const LinearLayout *a,
                                          const LinearLayout &c, int k,
                                          int instrN, int instrK,
                                          std::string *error) {
  if (c.getNumOutDims() != 2) {
    fail(error, "wgmma needs rank-2 operands");
    return std::nullopt;
  }
  if (instrN < 8 || instrN > 256 || instrN % 8) {
    fail(error, "wgmma N must be a multiple of 8 in [8, 256]");
    return std::nullopt;
  }
  if (k % instrK) {
    fail(error, "K = " + llvm::Twine(k) + " is not a multiple of the wgmma K " +
                    llvm::Twine(instrK));
    return std::nullopt;
  }
  if (!checkLanes(c, accumulatorLanes(2, 0, 1), "the accumulator", error))
    return std::nullopt;
  int warpBits = c.getInDimSizeLog2(kWarp);
  if (warpBits < 2 || basisOf(c, kWarp, 0) != std::vector<int32_t>{16, 0} ||
      basisOf(c, kWarp, 1) != std::vector<int32_t>{32, 0}) {
    fail(error, "the accumulator: the four warps of a warpgroup must stack "
                "along M (warp bases [16, 0], [32, 0])");
    return std::nullopt;
  }
  WgmmaPlan plan;
  plan.instrN = instrN;
  plan.instrK = instrK;
  int slotsPerInstr = instrN / 2;
  std::map<std::pair<int32_t, int32_t>, std::vector<int>> tiles;
  std::map<std::vector<int32_t>, int> seen;
  for (int r = 0, e = c.getInDimSize(kRegister); r < e; ++r) {
    std::vector<int32_t> x = coordsAt(c, r);
    if (auto [it, inserted] = seen.emplace(x, r); !inserted) {
      plan.duplicateCRegs.push_back({r, it->second});
      continue;
    }
    int32_t m = x[0], n = x[1];
    if ((m & 0x37) || (n & 6)) {
      fail(error, "the accumulator: register " + llvm::Twine(r) + " holds " +
                      formatCoords(x) +
                      ", not a position of a wgmma fragment at lane 0");
      return std::nullopt;
    }
    auto [it, inserted] = tiles.try_emplace({m >> 6, n / instrN},
                                            std::vector<int>(slotsPerInstr, -1));
    it->second[((n % instrN) >> 3) * 4 + ((m >> 3) & 1) * 2 + (n & 1)] = r;
  }
  for (auto &[key, regs] : tiles)
    if (llvm::is_contained(regs, -1)) {
      fail(error, "the accumulator's registers do not form whole 64x" +
                      llvm::Twine(instrN) + " wgmma tiles");
      return std::nullopt;
    }

  // Which warpgroup: the warp bits above the first two.
  LinearLayout::BasesT origin;
  std::vector<LinearLayout::Basis> wgBases;
  for (int i = 2; i < warpBits; ++i)
    wgBases.push_back(basisOf(c, kWarp, i));
  origin["warpgroup"] = wgBases;
  plan.warpgroupOrigin =
      LinearLayout(std::move(origin), c.getOutDims(), /*requireSurjective=*/false);

  std::optional<KGroups> aGroups;
  int e = instrK / 4;
  if (a) {
    if (a->getNumOutDims() != 2) {
      fail(error, "wgmma needs rank-2 operands");
      return std::nullopt;
    }
    std::vector<std::optional<std::vector<int32_t>>> aLanes = {
        std::nullopt, std::nullopt, unit(2, 0, 1), unit(2, 0, 2),
        unit(2, 0, 4)};
    if (!checkLanes(*a, aLanes, "operand A", error))
      return std::nullopt;
    // Register-A wgmma takes K in the PTX fragment order only.
    for (int bit = 0; bit < 2; ++bit)
      if (basisOf(*a, kLane, bit) != unit(2, 1, (instrK / 8) << bit)) {
        fail(error, "operand A: lane bit " + llvm::Twine(bit) +
                        " must move K by " + llvm::Twine((instrK / 8) << bit) +
                        " (kWidth = " + llvm::Twine(instrK / 8) +
                        " for register-A wgmma)");
        return std::nullopt;
      }
    aGroups = groupByK(
        *a, 1,
        [&](const std::vector<int32_t> &x)
            -> std::optional<std::vector<int32_t>> {
          if (x[0] & 0x37)
            return std::nullopt;
          return std::vector<int32_t>{x[0] >> 6, (x[0] >> 3) & 1};
        },
        "operand A", error);
    if (!aGroups)
      return std::nullopt;
    if (int(aGroups->length) * 4 != k) {
      fail(error, "operand A: each thread must hold " + llvm::Twine(k / 4) +
                      " elements of each row");
      return std::nullopt;
    }
    if (!checkOperandWarps(*a, 0, 1, c, 0, -1, 0, "operand A", error))
      return std::nullopt;
  }

  for (int s = 0; s < k / instrK; ++s) {
    for (auto &[key, cRegs] : tiles) {
      WgmmaInstr instr;
      instr.aRow = key.first * 64;
      instr.bCol = key.second * instrN;
      instr.k = s * instrK;
      instr.cRegs = cRegs;
      if (aGroups) {
        auto lo = aGroups->groups.find({key.first, 0});
        auto hi = aGroups->groups.find({key.first, 1});
        if (lo == aGroups->groups.end() || hi == aGroups->groups.end()) {
          fail(error, "operand A lacks rows of accumulator tile " +
                          llvm::Twine(key.first));
          return std::nullopt;
        }
        int half = e / 2;
        for (auto [list, from] :
             {std::make_pair(&lo->second, s * e), {&hi->second, s * e},
              {&lo->second, s * e + half}, {&hi->second, s * e + half}})
          for (int i = from; i < from + half; ++i)
            instr.aRegs.push_back((*list)[i].second);
      }
      plan.instrs.push_back(std::move(instr));
    }
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// FMA
//===----------------------------------------------------------------------===//

std::optional<FmaPlan> FmaPlan::build(const LinearLayout &a,
                                      const LinearLayout &b,
                                      const LinearLayout &c,
                                      std::string *error) {
  int rank = c.getNumOutDims();
  if (a.getNumOutDims() != rank || b.getNumOutDims() != rank) {
    fail(error, "A, B and C must have the same rank");
    return std::nullopt;
  }
  int batch = rank == 3 ? 0 : -1;
  int mDim = rank - 2, nDim = rank - 1;
  int kA = rank - 1, kB = rank - 2;
  // Every thread bit must move A along C's rows and B along C's columns,
  // never along K: then a thread holds whole rows of A and columns of B.
  for (llvm::StringRef dim : {llvm::StringRef(kLane), llvm::StringRef(kWarp)}) {
    int bits = c.getInDimSizeLog2(dim);
    if (a.getInDimSizeLog2(dim) != bits || b.getInDimSizeLog2(dim) != bits) {
      fail(error, "A, B and C must use the same threads");
      return std::nullopt;
    }
    for (int i = 0; i < bits; ++i) {
      std::vector<int32_t> cb = basisOf(c, dim, i), ab = basisOf(a, dim, i),
                           bb = basisOf(b, dim, i);
      bool okA = ab[mDim] == cb[mDim] && ab[kA] == 0 &&
                 (batch < 0 || ab[batch] == cb[batch]);
      bool okB = bb[nDim] == cb[nDim] && bb[kB] == 0 &&
                 (batch < 0 || bb[batch] == cb[batch]);
      if (!okA || !okB) {
        fail(error, (okA ? "operand B" : "operand A") + llvm::Twine(": ") +
                        dim + " bit " + llvm::Twine(i) +
                        " does not follow the accumulator (each thread must "
                        "hold whole rows of A and columns of B)");
        return std::nullopt;
      }
    }
  }
  std::map<std::vector<int32_t>, int> aRegs, bRegs;
  for (int r = 0, e = a.getInDimSize(kRegister); r < e; ++r)
    aRegs.emplace(coordsAt(a, r), r);
  for (int r = 0, e = b.getInDimSize(kRegister); r < e; ++r)
    bRegs.emplace(coordsAt(b, r), r);
  int32_t kSize = a.getOutDimSize(a.getOutDimNames()[kA]);
  FmaPlan plan;
  for (int r = 0, e = c.getInDimSize(kRegister); r < e; ++r) {
    std::vector<int32_t> x = coordsAt(c, r);
    std::vector<std::pair<int, int>> terms;
    for (int32_t k = 0; k < kSize; ++k) {
      std::vector<int32_t> ak = x, bk = x;
      ak[kA] = k;
      bk[kB] = k;
      auto ai = aRegs.find(ak), bi = bRegs.find(bk);
      if (ai == aRegs.end() || bi == bRegs.end()) {
        fail(error, llvm::Twine(ai == aRegs.end() ? "operand A" : "operand B") +
                        " does not hold K = " + llvm::Twine(k) +
                        " for accumulator element " + formatCoords(x) +
                        " in the same thread");
        return std::nullopt;
      }
      terms.push_back({ai->second, bi->second});
    }
    plan.terms.push_back(std::move(terms));
  }
  return plan;
}
