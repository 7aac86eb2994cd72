//===- ConversionPlanTest.cpp - Conversion planning, checked by simulation ===//

#include "tile/LinearLayout/ConversionPlan.h"

#include "RandomLayouts.h"

#include "gtest/gtest.h"

#include <map>

using namespace tile;
using tile::testing::LayoutGen;
using Named = llvm::SmallVector<std::pair<std::string, int32_t>>;

namespace {

/// A single-CTA blocked layout with Triton's semantics.
LinearLayout blocked(llvm::ArrayRef<int32_t> shape, llvm::ArrayRef<int32_t> spt,
                     llvm::ArrayRef<int32_t> tpw, llvm::ArrayRef<int32_t> wpc,
                     llvm::ArrayRef<unsigned> order) {
  LinearLayout ll = identityStandardND("register", spt, order) *
                    identityStandardND("lane", tpw, order) *
                    identityStandardND("warp", wpc, order);
  LinearLayout::DimSizes want;
  for (unsigned d : order)
    want.push_back({"dim" + std::to_string(d), shape[d]});
  ll = ensureLayoutNotSmallerThan(ll, want);
  ll = ensureLayoutNotLargerThan(ll, want);
  return ll.transposeOuts(standardOutDimNames(shape.size()));
}

/// Flat tensor index of the element a layout puts at a hardware point.
int64_t element(const LinearLayout &ll, int32_t reg, int32_t lane,
                int32_t warp) {
  Named in;
  for (auto &n : ll.getInDimNames())
    in.push_back({n, n == "register" ? reg
                     : n == "lane"   ? lane
                     : n == "warp"   ? warp
                                     : 0});
  int64_t idx = 0;
  int shift = 0;
  auto outs = ll.apply(in);
  // Index in a fixed dim order (dim0 minor) so layouts with different out
  // orders agree.
  std::map<std::string, int32_t> byName(outs.begin(), outs.end());
  for (auto &[name, v] : byName) {
    idx |= int64_t(v) << shift;
    shift += ll.getOutDimSizeLog2(name);
  }
  return idx;
}

/// Random distributed layout over `outs`: `regBits` register, `laneBits`
/// lane and `warpBits` warp bits; `zeros` of them (random positions) are
/// broadcasts. The others get a random basis of the tensor space (unit
/// vectors, or with `mix` XORs of them).
LinearLayout randomDistributed(LayoutGen &gen,
                               const LinearLayout::DimSizes &outs, int regBits,
                               int laneBits, int warpBits, int zeros,
                               bool mix) {
  int n = 0;
  for (auto &d : outs)
    n += llvm::Log2_32(d.second);
  int total = regBits + laneBits + warpBits;
  // Tensor basis vectors, packed.
  std::vector<uint64_t> vecs;
  for (int b = 0; b < n; ++b)
    vecs.push_back(uint64_t(1) << b);
  if (mix)
    for (int t = 0; t < 2 * n; ++t) {
      int i = gen.uniform(0, n - 1), j = gen.uniform(0, n - 1);
      if (i != j)
        vecs[i] ^= vecs[j];
    }
  std::shuffle(vecs.begin(), vecs.end(), gen.rng);
  std::vector<uint64_t> slots(vecs.begin(), vecs.end());
  for (int z = 0; z < zeros; ++z)
    slots.insert(slots.begin() + gen.uniform(0, slots.size()), 0);
  EXPECT_EQ(int(slots.size()), total);
  auto unpack = [&](uint64_t v) {
    LinearLayout::Basis b;
    for (auto &d : outs) {
      int bits = llvm::Log2_32(d.second);
      b.push_back(int32_t(v & ((1u << bits) - 1)));
      v >>= bits;
    }
    return b;
  };
  LinearLayout::BasesT bases;
  int pos = 0;
  for (auto [name, count] : {std::pair<const char *, int>{"register", regBits},
                             {"lane", laneBits},
                             {"warp", warpBits}}) {
    auto &dst = bases[name];
    for (int i = 0; i < count; ++i)
      dst.push_back(unpack(slots[pos++]));
  }
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/true);
}

/// A copy of `ll` whose bases of `dims` are shuffled among those dims.
LinearLayout shuffleBases(LayoutGen &gen, const LinearLayout &ll,
                          llvm::ArrayRef<std::string> dims) {
  std::vector<LinearLayout::Basis> pool;
  for (auto &d : dims)
    for (int i = 0; i < ll.getInDimSizeLog2(d); ++i)
      pool.push_back(ll.getBasis(d, i).vec());
  std::shuffle(pool.begin(), pool.end(), gen.rng);
  LinearLayout::BasesT bases = ll.getBases();
  size_t pos = 0;
  for (auto &d : dims)
    for (auto &b : bases[d])
      b = pool[pos++];
  return LinearLayout(std::move(bases), ll.getOutDims(), false);
}

/// Checks a register permutation by simulation.
void checkRegisterPermutation(const LinearLayout &src, const LinearLayout &dst,
                              llvm::ArrayRef<int32_t> perm) {
  ASSERT_EQ(int(perm.size()), dst.getInDimSize("register"));
  for (int32_t w = 0; w < dst.getInDimSize("warp"); ++w)
    for (int32_t l = 0; l < dst.getInDimSize("lane"); ++l)
      for (int32_t r = 0; r < dst.getInDimSize("register"); ++r) {
        ASSERT_LT(perm[r], src.getInDimSize("register"));
        ASSERT_EQ(element(src, perm[r], l, w), element(dst, r, l, w))
            << "reg " << r << " lane " << l << " warp " << w;
      }
}

/// Runs a shuffle plan on simulated registers (each holding its element
/// index) and checks every destination register gets its element once.
void checkShufflePlan(const LinearLayout &src, const LinearLayout &dst,
                      const WarpShufflePlan &plan) {
  int lanes = dst.getInDimSize("lane");
  int regs = dst.getInDimSize("register");
  ASSERT_EQ(plan.numRounds, regs);
  EXPECT_EQ(int(plan.sendRegCandidates(0).size()), plan.numSendSelects + 1);
  EXPECT_EQ(int(plan.dstRegCandidates().size()), plan.numRecvSelects + 1);
  for (int32_t w = 0; w < dst.getInDimSize("warp"); ++w) {
    std::vector<std::vector<int>> written(lanes, std::vector<int>(regs, 0));
    for (int t = 0; t < plan.numRounds; ++t) {
      std::vector<int64_t> sent(lanes);
      for (int s = 0; s < lanes; ++s) {
        int32_t reg = plan.sendReg(t, s);
        ASSERT_GE(reg, 0);
        ASSERT_LT(reg, src.getInDimSize("register"));
        EXPECT_TRUE(llvm::is_contained(plan.sendRegCandidates(t), reg));
        sent[s] = element(src, reg, s, w);
      }
      for (int l = 0; l < lanes; ++l) {
        int32_t from = plan.srcLane(t, l);
        ASSERT_GE(from, 0);
        ASSERT_LT(from, lanes);
        int32_t reg = plan.dstReg(t, l);
        ASSERT_LT(reg, regs);
        EXPECT_TRUE(llvm::is_contained(plan.dstRegCandidates(), reg ^ t));
        ++written[l][reg];
        ASSERT_EQ(sent[from], element(dst, reg, l, w))
            << "round " << t << " lane " << l << " warp " << w;
      }
    }
    for (auto &lane : written)
      for (int count : lane)
        EXPECT_EQ(count, 1);
  }
  // The library's own check agrees with the simulation.
  std::string why;
  EXPECT_TRUE(verifyWarpShufflePlan(src, dst, plan, &why)) << why;
  int local = 0;
  for (int t = 0; t < plan.numRounds; ++t) {
    bool allOwn = true;
    for (int l = 0; l < lanes; ++l)
      allOwn &= plan.srcLane(t, l) == l;
    EXPECT_EQ(plan.isLocalRound(t), allOwn) << "round " << t;
    local += allOwn;
  }
  EXPECT_EQ(plan.numShuffles(), plan.numRounds - local);
}

/// Simulates a shared-memory round trip through the plan's maps, one
/// iteration at a time.
void checkSharedPlan(const LinearLayout &src, const LinearLayout &dst,
                     const SharedMemoryPlan &plan) {
  ASSERT_TRUE(plan.scratch.isInvertible());
  int64_t size = plan.scratch.getInDimSize("offset");
  EXPECT_EQ(plan.numIterations, plan.scratch.getInDimSize("iteration"));
  auto placeOf = [](const LinearLayout &map, int32_t r, int32_t l, int32_t w) {
    Named in;
    for (auto &n : map.getInDimNames())
      in.push_back({n, n == "register" ? r
                       : n == "lane"   ? l
                       : n == "warp"   ? w
                                       : 0});
    Named out = map.apply(in);
    int32_t it = 0;
    for (auto &kv : out)
      if (kv.first == "iteration")
        it = kv.second;
    return std::make_pair(out[0].second, it);
  };
  std::vector<int64_t> mem;
  for (int it = 0; it < plan.numIterations; ++it) {
    mem.assign(size, -1);
    for (int32_t w = 0; w < src.getInDimSize("warp"); ++w)
      for (int32_t l = 0; l < src.getInDimSize("lane"); ++l)
        for (int32_t r = 0; r < src.getInDimSize("register"); ++r) {
          auto [off, i] = placeOf(plan.storeMap, r, l, w);
          // The iteration depends on the register only.
          ASSERT_EQ(i, placeOf(plan.storeMap, r, 0, 0).second);
          if (i != it)
            continue;
          ASSERT_LT(off, size);
          mem[off] = element(src, r, l, w);
        }
    for (int32_t w = 0; w < dst.getInDimSize("warp"); ++w)
      for (int32_t l = 0; l < dst.getInDimSize("lane"); ++l)
        for (int32_t r = 0; r < dst.getInDimSize("register"); ++r) {
          auto [off, i] = placeOf(plan.loadMap, r, l, w);
          ASSERT_EQ(i, placeOf(plan.loadMap, r, 0, 0).second);
          if (i == it) {
            ASSERT_EQ(mem[off], element(dst, r, l, w));
          }
        }
  }
  EXPECT_GE(plan.storeWavefronts, plan.idealStoreWavefronts);
  EXPECT_GE(plan.loadWavefronts, plan.idealLoadWavefronts);
  // The vectors are what they claim: register bits -> offsets 1, 2, 4, ...
  for (auto *va : {&plan.storeVector, &plan.loadVector}) {
    const LinearLayout &map =
        va == &plan.storeVector ? plan.storeMap : plan.loadMap;
    EXPECT_EQ(va->elems, 1 << va->regBits.size());
    for (auto [i, bit] : llvm::enumerate(va->regBits))
      EXPECT_EQ(map.getBasis("register", bit, "offset"), 1 << i);
  }
}

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

TEST(ConversionPlan, ClassifyHandChecked) {
  LinearLayout a = blocked({64, 64}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  EXPECT_EQ(classifyConversion(a, a), ConversionKind::None);
  auto perm = planRegisterPermutation(a, a);
  ASSERT_TRUE(perm);
  for (auto [i, p] : llvm::enumerate(*perm))
    EXPECT_EQ(p, int32_t(i));

  // Same threads, registers in another order: the 4 contiguous elements
  // now come last.
  LinearLayout::BasesT b = a.getBases();
  std::rotate(b["register"].begin(), b["register"].begin() + 2,
              b["register"].end());
  LinearLayout permuted(b, a.getOutDims(), true);
  EXPECT_EQ(classifyConversion(a, permuted),
            ConversionKind::RegisterPermutation);
  perm = planRegisterPermutation(a, permuted);
  ASSERT_TRUE(perm);
  checkRegisterPermutation(a, permuted, *perm);
  EXPECT_EQ((*perm)[1], 4); // dst reg 1 is the old reg bit 2.

  // Lanes exchange data inside warps only: rows of a warp transposed.
  LinearLayout w1 = blocked({32, 32}, {1, 4}, {4, 8}, {1, 1}, {1, 0});
  LinearLayout w2 = blocked({32, 32}, {4, 1}, {8, 4}, {1, 1}, {0, 1});
  EXPECT_EQ(classifyConversion(w1, w2), ConversionKind::WarpShuffle);

  // Across warps: 64x64 row-major to column-major blocked.
  LinearLayout rowMajor = blocked({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  LinearLayout colMajor = blocked({64, 64}, {4, 1}, {16, 2}, {1, 4}, {0, 1});
  auto an = analyzeConversion(rowMajor, colMajor);
  ASSERT_TRUE(an);
  EXPECT_EQ(an->kind, ConversionKind::SharedMemory);
  EXPECT_FALSE(planRegisterPermutation(rowMajor, colMajor));
  std::string why;
  EXPECT_FALSE(planWarpShuffle(rowMajor, colMajor, 3, &why));
  EXPECT_NE(why.find("between warps"), std::string::npos) << why;

  // Across CTAs.
  LinearLayout c1 = LinearLayout::identity1D(32, "lane", "dim0") *
                    LinearLayout::identity1D(2, "block", "dim0");
  LinearLayout c2 = LinearLayout::identity1D(2, "block", "dim0") *
                    LinearLayout::identity1D(32, "lane", "dim0");
  c2 = c2.transposeIns({"lane", "block"});
  EXPECT_EQ(classifyConversion(c1, c2), ConversionKind::CrossCTA);
  EXPECT_EQ(stringifyConversionKind(ConversionKind::CrossCTA), "cross-cta");
}

TEST(ConversionPlan, AnalyzeErrors) {
  LinearLayout a = blocked({32, 32}, {1, 4}, {4, 8}, {1, 1}, {1, 0});
  std::string err;
  // Different lane counts.
  LinearLayout b = blocked({32, 32}, {1, 8}, {8, 4}, {1, 1}, {1, 0});
  LinearLayout c = blocked({32, 32}, {1, 8}, {16, 1}, {1, 1}, {1, 0});
  EXPECT_FALSE(analyzeConversion(b, c, &err));
  EXPECT_NE(err.find("different numbers of lanes"), std::string::npos) << err;
  // Different shapes.
  LinearLayout d = blocked({32, 64}, {1, 4}, {4, 8}, {1, 1}, {1, 0});
  EXPECT_FALSE(analyzeConversion(a, d, &err));
  EXPECT_NE(err.find("tensor dim"), std::string::npos) << err;
  // Source does not hold everything.
  LinearLayout partial = LinearLayout::zeros1D(32, "lane", "dim0", 32);
  LinearLayout full = LinearLayout::identity1D(32, "lane", "dim0");
  EXPECT_FALSE(analyzeConversion(partial, full, &err));
  EXPECT_NE(err.find("surjective"), std::string::npos) << err;
  // Unknown input dim.
  LinearLayout off = LinearLayout::identity1D(32, "offset", "dim0");
  EXPECT_FALSE(analyzeConversion(off, full, &err));
  EXPECT_NE(err.find("'offset'"), std::string::npos) << err;
  EXPECT_FALSE(planRegisterPermutation(off, full, &err));
  EXPECT_FALSE(planWarpShuffle(off, full, 3, &err));
  EXPECT_FALSE(planSharedMemoryConversion(off, full, 32, &err));
  // Bad element sizes.
  EXPECT_FALSE(planSharedMemoryConversion(full, full, 12, &err));
  EXPECT_NE(err.find("element size"), std::string::npos) << err;
  EXPECT_FALSE(planSharedMemoryConversion(full, full, 32, &err, 16));
  EXPECT_EQ(countBankConflicts(full, full, 32), -1); // not a shared layout
}

TEST(ConversionPlanDeathTest, ClassifyInvalidIsFatal) {
  LinearLayout full = LinearLayout::identity1D(32, "lane", "dim0");
  LinearLayout off = LinearLayout::identity1D(32, "offset", "dim0");
  EXPECT_DEATH((void)classifyConversion(off, full), "classifyConversion");
  EXPECT_DEATH((void)chooseScratchLayout(full, full, 3), "element size");
}

//===----------------------------------------------------------------------===//
// Warp shuffles
//===----------------------------------------------------------------------===//

TEST(ConversionPlan, ShuffleTransposeInWarp) {
  // A 16x16 i32 tile in one warp: each thread holds a row piece, then a
  // column piece (the case that needs lane-dependent registers).
  LinearLayout src = blocked({16, 16}, {1, 8}, {16, 2}, {1, 1}, {1, 0});
  LinearLayout dst = blocked({16, 16}, {8, 1}, {2, 16}, {1, 1}, {0, 1});
  ASSERT_EQ(classifyConversion(src, dst), ConversionKind::WarpShuffle);
  std::string why;
  auto plan = planWarpShuffle(src, dst, 1 << 10, &why);
  ASSERT_TRUE(plan) << why;
  checkShufflePlan(src, dst, *plan);
  EXPECT_EQ(plan->numRounds, 8);
  // A strict select budget rejects it with a reason.
  if (plan->numSendSelects > 0 || plan->numRecvSelects > 0) {
    EXPECT_FALSE(planWarpShuffle(src, dst, 0, &why));
    EXPECT_NE(why.find("selects"), std::string::npos) << why;
  }
}

TEST(ConversionPlan, ShuffleLanePermutationNeedsNoSelects) {
  // Lanes permuted, registers unchanged: one shuffle per register with a
  // constant register index.
  LinearLayout src = blocked({8, 128}, {1, 4}, {1, 32}, {8, 1}, {1, 0});
  LinearLayout dst = blocked({8, 128}, {1, 4}, {1, 32}, {8, 1}, {1, 0});
  LinearLayout::BasesT b = dst.getBases();
  std::reverse(b["lane"].begin(), b["lane"].end());
  dst = LinearLayout(b, dst.getOutDims(), true);
  ASSERT_EQ(classifyConversion(src, dst), ConversionKind::WarpShuffle);
  auto plan = planWarpShuffle(src, dst);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->numSendSelects, 0);
  EXPECT_EQ(plan->numRecvSelects, 0);
  checkShufflePlan(src, dst, *plan);
  // Lane l reads lane bit-reverse(l).
  for (int l = 0; l < 32; ++l) {
    int rev = 0;
    for (int i = 0; i < 5; ++i)
      rev |= ((l >> i) & 1) << (4 - i);
    EXPECT_EQ(plan->srcLane(0, l), rev);
  }
}

TEST(ConversionPlan, VerifyShufflePlanRejectsBrokenPlans) {
  // sizePerThread [4] -> [1] over one warp: lanes exchange registers.
  LinearLayout src = blocked({128}, {4}, {32}, {1}, {0});
  LinearLayout dst = blocked({128}, {1}, {32}, {1}, {0});
  std::string why;
  auto plan = planWarpShuffle(src, dst, 15, &why);
  ASSERT_TRUE(plan) << why;
  ASSERT_TRUE(verifyWarpShufflePlan(src, dst, *plan, &why)) << why;
  // A wrong source lane.
  WarpShufflePlan wrongLane = *plan;
  wrongLane.srcLaneXor[1] ^= 1;
  EXPECT_FALSE(verifyWarpShufflePlan(src, dst, wrongLane, &why));
  EXPECT_NE(why.find("wrong element"), std::string::npos) << why;
  // A sent register out of range.
  WarpShufflePlan wrongReg = *plan;
  wrongReg.sendRegXor[0] = 4;
  EXPECT_FALSE(verifyWarpShufflePlan(src, dst, wrongReg, &why));
  EXPECT_NE(why.find("out of range"), std::string::npos) << why;
  // Too few rounds.
  WarpShufflePlan short_ = *plan;
  short_.numRounds = 2;
  EXPECT_FALSE(verifyWarpShufflePlan(src, dst, short_, &why));
  EXPECT_NE(why.find("rounds"), std::string::npos) << why;
  // Odd lanes storing each round in the wrong register.
  WarpShufflePlan swapped = *plan;
  swapped.dstRegOfLaneBit[0] ^= 1;
  EXPECT_FALSE(verifyWarpShufflePlan(src, dst, swapped, &why));
  EXPECT_NE(why.find("wrong element"), std::string::npos) << why;
}

TEST(ConversionPlan, ShuffleRoundsStayingInTheLaneAreLocal) {
  // 8x4 tile transposed over the 32 lanes: one round, every lane reads
  // another lane, no selects.
  LinearLayout row = blocked({8, 4}, {1, 1}, {8, 4}, {1, 1}, {1, 0});
  LinearLayout col = blocked({8, 4}, {1, 1}, {8, 4}, {1, 1}, {0, 1});
  auto plan = planWarpShuffle(row, col);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->numRounds, 1);
  EXPECT_FALSE(plan->isLocalRound(0));
  EXPECT_EQ(plan->numShuffles(), 1);
  EXPECT_EQ(plan->numSendSelects + plan->numRecvSelects, 0);
  // A register-only conversion planned as shuffles: every round is local.
  LinearLayout a = blocked({128}, {4}, {32}, {1}, {0});
  LinearLayout::BasesT b = a.getBases();
  std::swap(b["register"][0], b["register"][1]);
  LinearLayout perm(b, a.getOutDims(), true);
  auto local = planWarpShuffle(a, perm);
  ASSERT_TRUE(local);
  EXPECT_EQ(local->numShuffles(), 0);
  checkShufflePlan(a, perm, *local);
}

TEST(ConversionPlan, CostModel) {
  ConversionCostModel model;
  // 8x4 transpose: one shuffle, nothing else.
  LinearLayout row = blocked({8, 4}, {1, 1}, {8, 4}, {1, 1}, {1, 0});
  LinearLayout col = blocked({8, 4}, {1, 1}, {8, 4}, {1, 1}, {0, 1});
  auto plan = planWarpShuffle(row, col);
  ASSERT_TRUE(plan);
  EXPECT_EQ(estimateWarpShuffleCost(*plan, 32), model.shuffle);
  // 64-bit values shuffle two pieces; 16-bit ones one.
  EXPECT_EQ(estimateWarpShuffleCost(*plan, 64), 2 * model.shuffle);
  EXPECT_EQ(estimateWarpShuffleCost(*plan, 16), model.shuffle);
  // Selects count per round and piece.
  LinearLayout src = blocked({128}, {4}, {32}, {1}, {0});
  LinearLayout dst = blocked({128}, {1}, {32}, {1}, {0});
  auto sel = planWarpShuffle(src, dst, 15);
  ASSERT_TRUE(sel);
  int64_t selects =
      int64_t(sel->numRounds) * (sel->numSendSelects + sel->numRecvSelects);
  EXPECT_GT(selects, 0);
  EXPECT_EQ(estimateWarpShuffleCost(*sel, 32),
            model.shuffle * sel->numShuffles() + model.select * selects);
  ConversionCostModel freeSelects;
  freeSelects.select = 0;
  EXPECT_EQ(estimateWarpShuffleCost(*sel, 32, freeSelects),
            model.shuffle * sel->numShuffles());

  // Shared memory: one store per distinct source vector, one load per
  // destination vector, two barriers.
  auto smem = planSharedMemoryConversion(row, col, 32);
  ASSERT_TRUE(smem);
  int64_t stores = 1 / smem->storeVector.elems, loads = 1;
  EXPECT_EQ(estimateSharedMemoryCost(*smem, row, col),
            model.wavefront * (std::max<int64_t>(1, stores) *
                                   smem->storeWavefronts +
                               loads * smem->loadWavefronts) +
                2 * model.barrier);
  // Broadcast source registers are stored once.
  LinearLayout::BasesT bb = src.getBases();
  bb["register"].push_back({0});
  LinearLayout dup(bb, src.getOutDims(), false);
  LinearLayout::BasesT db = dst.getBases();
  db["register"].push_back({0});
  LinearLayout dstDup(db, dst.getOutDims(), false);
  auto a = planSharedMemoryConversion(src, dst, 32);
  auto b = planSharedMemoryConversion(dup, dstDup, 32);
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  int64_t ca = estimateSharedMemoryCost(*a, src, dst);
  int64_t cb = estimateSharedMemoryCost(*b, dup, dstDup);
  // Same stores; the duplicated destination registers are loaded twice.
  int64_t loadsA = dst.getInDimSize("register") / a->loadVector.elems;
  EXPECT_EQ(cb - ca, model.wavefront * loadsA * b->loadWavefronts)
      << "stores " << a->storeVector.elems << "/" << b->storeVector.elems;
  // Cheap shuffles beat the round trip; the 8x4 transpose does.
  EXPECT_LT(estimateWarpShuffleCost(*plan, 32),
            estimateSharedMemoryCost(*smem, row, col));
}

//===----------------------------------------------------------------------===//
// Random conversions of every kind, checked by simulation
//===----------------------------------------------------------------------===//

TEST(ConversionPlanLaws, RandomConversions) {
  LayoutGen gen(42);
  int shuffled = 0, shuffleCases = 0;
  std::map<ConversionKind, int> kinds;
  for (int t = 0; t < 200; ++t) {
    int regBits = gen.uniform(0, 3), laneBits = gen.uniform(2, 5),
        warpBits = gen.uniform(0, 2);
    int zeros = gen.uniform(0, 2) == 0 ? gen.uniform(1, 2) : 0;
    int n = regBits + laneBits + warpBits - zeros;
    if (n < 1)
      continue;
    int d0 = gen.uniform(0, n);
    LinearLayout::DimSizes outs = {{"dim0", 1 << d0}, {"dim1", 1 << (n - d0)}};
    LinearLayout src = randomDistributed(gen, outs, regBits, laneBits, warpBits,
                                         zeros, t % 3 == 0);
    LinearLayout dst;
    switch (t % 4) {
    case 0:
      dst = shuffleBases(gen, src, {"register"});
      break;
    case 1:
      dst = shuffleBases(gen, src, {"register", "lane"});
      break;
    case 2:
      dst = shuffleBases(gen, src, {"register", "lane", "warp"});
      break;
    default: {
      // Independent layout, possibly with a broadcast register.
      int extra = gen.uniform(0, 1);
      dst = randomDistributed(gen, outs, regBits - zeros + extra, laneBits,
                              warpBits, extra, t % 2 == 0);
      break;
    }
    }
    if (!dst.isSurjective())
      continue;
    std::string err;
    auto an = analyzeConversion(src, dst, &err);
    ASSERT_TRUE(an) << err << "\n" << src << "\n" << dst;
    ++kinds[an->kind];
    // C maps each destination point to a source point with the same data.
    for (int32_t w = 0; w < dst.getInDimSize("warp"); ++w)
      for (int32_t l = 0; l < dst.getInDimSize("lane"); ++l)
        for (int32_t r = 0; r < dst.getInDimSize("register"); ++r) {
          Named in = {{"register", r}, {"lane", l}, {"warp", w}};
          Named from = an->map.apply(in);
          auto get = [&](llvm::StringRef n) {
            for (auto &kv : from)
              if (kv.first == n)
                return kv.second;
            return 0;
          };
          ASSERT_EQ(element(src, get("register"), get("lane"), get("warp")),
                    element(dst, r, l, w));
        }
    if (an->kind == ConversionKind::None ||
        an->kind == ConversionKind::RegisterPermutation) {
      auto perm = planRegisterPermutation(src, dst);
      ASSERT_TRUE(perm);
      checkRegisterPermutation(src, dst, *perm);
    }
    if (an->kind != ConversionKind::SharedMemory &&
        an->kind != ConversionKind::CrossCTA) {
      ++shuffleCases;
      auto plan = planWarpShuffle(src, dst, 1 << 10, &err);
      if (plan) {
        ++shuffled;
        checkShufflePlan(src, dst, *plan);
      }
    } else {
      EXPECT_FALSE(planWarpShuffle(src, dst));
    }
    if (an->kind == ConversionKind::WarpShuffle && t % 4 == 0)
      ADD_FAILURE() << "register-only shuffle classified as warp shuffle";
    // Every conversion can go through shared memory.
    for (int bits : {8, 16, 32, 64}) {
      auto plan = planSharedMemoryConversion(src, dst, bits, &err);
      ASSERT_TRUE(plan) << err;
      checkSharedPlan(src, dst, *plan);
      // Half the scratch, when a common register direction allows it.
      auto half = planSharedMemoryConversion(
          src, dst, bits, &err, 128,
          std::max<int64_t>(1, plan->scratchBytes / 2));
      if (half) {
        EXPECT_EQ(half->numIterations, 2);
        checkSharedPlan(src, dst, *half);
      }
    }
  }
  // Each kind shows up, and most in-warp conversions get a shuffle plan.
  EXPECT_GT(kinds[ConversionKind::None], 0);
  EXPECT_GT(kinds[ConversionKind::RegisterPermutation], 0);
  EXPECT_GT(kinds[ConversionKind::WarpShuffle], 0);
  EXPECT_GT(kinds[ConversionKind::SharedMemory], 0);
  EXPECT_GT(shuffled * 10, shuffleCases * 7)
      << shuffled << " of " << shuffleCases;
}

//===----------------------------------------------------------------------===//
// Vectorization and bank conflicts
//===----------------------------------------------------------------------===//

TEST(ConversionPlan, LargestVectorization) {
  auto mk = [](std::vector<LinearLayout::Basis> regs,
               std::vector<LinearLayout::Basis> lanes) {
    LinearLayout::BasesT b;
    b["register"] = regs;
    b["lane"] = lanes;
    return LinearLayout(b, {{"offset", 128}}, false);
  };
  LinearLayout m = mk({{1}, {2}, {4}, {64}}, {{8}});
  EXPECT_EQ(largestVectorization(m, 32), 4);
  EXPECT_EQ(largestVectorization(m, 16), 8);
  EXPECT_EQ(largestVectorization(m, 8), 8);
  EXPECT_EQ(largestVectorization(m, 64), 2);
  EXPECT_EQ(largestVectorization(m, 32, 64), 2);
  EXPECT_EQ(largestVectorization(m, 128), 1);
  // Registers need not be consecutive.
  VectorAccess va = analyzeVectorization(mk({{2}, {64}, {1}}, {{4}}), 32);
  EXPECT_EQ(va.elems, 2 * 2);
  EXPECT_EQ(va.regBits, (llvm::SmallVector<int>{2, 0}));
  // A lane that breaks alignment.
  EXPECT_EQ(largestVectorization(mk({{1}, {2}}, {{1}}), 32), 1);
  EXPECT_EQ(largestVectorization(mk({{1}, {2}}, {{2}}), 32), 2);
  // A duplicate register (broadcast) at offset 1 breaks alignment too.
  EXPECT_EQ(largestVectorization(mk({{1}, {1}}, {}), 32), 1);
  // Agrees with getNumConsecutiveInOut when registers are in order.
  LayoutGen gen(11);
  for (int t = 0; t < 200; ++t) {
    LinearLayout ll = gen.randomLayout({{"register", 1 << gen.uniform(0, 4)},
                                        {"lane", 1 << gen.uniform(0, 3)}},
                                       {{"offset", 256}}, /*sparse=*/true);
    int consec = ll.getNumConsecutiveInOut();
    int vec = largestVectorization(ll, 8, 1 << 10);
    EXPECT_GE(vec, consec) << ll;
  }
}

TEST(ConversionPlan, SharedAccessPlans) {
  LinearLayout rowMajor = identityStandardND("offset", {32, 32}, {1, 0});
  LinearLayout colLanes = identityStandardND("register", {1, 32}, {1, 0}) *
                          identityStandardND("lane", {32, 1}, {1, 0});
  std::string err;
  auto plan = planSharedAccess(colLanes, rowMajor, 32, &err);
  ASSERT_TRUE(plan) << err;
  EXPECT_EQ(plan->vector.elems, 4);
  EXPECT_EQ(plan->vector.regBits, (llvm::SmallVector<int>{0, 1}));
  EXPECT_EQ(plan->wavefronts, 32);
  EXPECT_EQ(plan->idealWavefronts, 4);
  // lane l, register r -> offset 32 l + r.
  EXPECT_EQ(plan->map.apply({{"register", 3}, {"lane", 5}}),
            (Named{{"offset", 32 * 5 + 3}}));
  plan = planSharedAccess(colLanes, rowMajor, 32, &err, 64);
  ASSERT_TRUE(plan) << err;
  EXPECT_EQ(plan->vector.elems, 2);
  EXPECT_FALSE(planSharedAccess(colLanes, rowMajor, 24, &err));
  EXPECT_NE(err.find("element size"), std::string::npos) << err;
  EXPECT_FALSE(planSharedAccess(colLanes, colLanes, 32, &err));
  EXPECT_NE(err.find("no 'offset'"), std::string::npos) << err;
  LinearLayout small = identityStandardND("offset", {16, 32}, {1, 0});
  EXPECT_FALSE(planSharedAccess(colLanes, small, 32, &err));
  EXPECT_FALSE(err.empty());
}

TEST(ConversionPlan, CountBankConflictsHandChecked) {
  // 32x32 f32, row-major shared (offset = 32 row + col).
  LinearLayout rowMajor = identityStandardND("offset", {32, 32}, {1, 0});
  // Lane i reads row i, registers walk the row: each access hits one bank.
  LinearLayout colLanes = identityStandardND("register", {1, 32}, {1, 0}) *
                          identityStandardND("lane", {32, 1}, {1, 0});
  EXPECT_EQ(largestVectorization(colLanes.invertAndCompose(rowMajor).sublayout(
                                     {"register", "lane"}, {"offset"}),
                                 32),
            4);
  EXPECT_EQ(countBankConflicts(colLanes, rowMajor, 32, 1), 32);
  EXPECT_EQ(countBankConflicts(colLanes, rowMajor, 32), 4 * 8);
  // Lanes along the row: conflict-free at every width.
  LinearLayout rowLanes = identityStandardND("lane", {1, 32}, {1, 0}) *
                          identityStandardND("register", {32, 1}, {1, 0});
  EXPECT_EQ(countBankConflicts(rowLanes, rowMajor, 32), 1);
  EXPECT_EQ(idealWavefronts(32), 1);
  EXPECT_EQ(idealWavefronts(64), 2);
  EXPECT_EQ(idealWavefronts(128), 4);
  // 16-bit elements: two lanes share each word, still one wavefront.
  EXPECT_EQ(countBankConflicts(rowLanes, rowMajor, 16, 1), 1);
  // The H01 swizzle (maxPhase 4) spreads a column over 4 banks: 8-way.
  LinearLayout h01(
      [] {
        LinearLayout::BasesT b;
        b["offset"] = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16},
                       {1, 1}, {2, 2}, {4, 0}, {8, 0}, {16, 0}};
        return b;
      }(),
      {{"dim0", 32}, {"dim1", 32}}, true);
  EXPECT_EQ(countBankConflicts(colLanes, h01, 32, 1), 8);
  // Invalid: a vector wider than the layout allows.
  EXPECT_EQ(countBankConflicts(colLanes, rowMajor, 32, 8), -1);
}

//===----------------------------------------------------------------------===//
// Shared-memory scratch layouts
//===----------------------------------------------------------------------===//

TEST(ConversionPlan, Transpose64x64F32IsConflictFree) {
  LinearLayout src = blocked({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  LinearLayout dst = blocked({64, 64}, {4, 1}, {16, 2}, {1, 4}, {0, 1});
  std::string err;
  auto plan = planSharedMemoryConversion(src, dst, 32, &err);
  ASSERT_TRUE(plan) << err;
  checkSharedPlan(src, dst, *plan);
  EXPECT_EQ(plan->scratchBytes, 64 * 64 * 4);
  // No register direction is common, but the stores can be 64-bit (two
  // columns) while the column loads stay conflict-free; 128-bit stores
  // would make the loads 2-way conflicted.
  EXPECT_EQ(plan->storeVector.elems, 2);
  EXPECT_EQ(plan->loadVector.elems, 1);
  EXPECT_EQ(plan->storeWavefronts, plan->idealStoreWavefronts);
  EXPECT_EQ(plan->loadWavefronts, plan->idealLoadWavefronts);
  // A plain row-major scratch has conflicts on the column-major side.
  LinearLayout naive = identityStandardND("offset", {64, 64}, {1, 0});
  EXPECT_GT(countBankConflicts(dst, naive, 32, 1), 1);
  EXPECT_EQ(countBankConflicts(src, plan->scratch, 32), plan->storeWavefronts);
}

TEST(ConversionPlan, TransposeWithCommonVectors) {
  // Each thread holds a 4x4 f32 block in both layouts: 128-bit accesses on
  // both sides, conflict-free.
  LinearLayout src = blocked({64, 64}, {4, 4}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout dst = blocked({64, 64}, {4, 4}, {8, 4}, {1, 4}, {0, 1});
  std::string err;
  auto plan = planSharedMemoryConversion(src, dst, 32, &err);
  ASSERT_TRUE(plan) << err;
  checkSharedPlan(src, dst, *plan);
  EXPECT_EQ(plan->storeVector.elems, 4);
  EXPECT_EQ(plan->loadVector.elems, 4);
  EXPECT_EQ(plan->storeWavefronts, 4);
  EXPECT_EQ(plan->loadWavefronts, 4);

  // f16 rows of 8 per thread on both sides, lanes arranged differently.
  LinearLayout s16 = blocked({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout d16 = blocked({64, 64}, {1, 8}, {32, 1}, {1, 4}, {1, 0});
  plan = planSharedMemoryConversion(s16, d16, 16, &err);
  ASSERT_TRUE(plan) << err;
  checkSharedPlan(s16, d16, *plan);
  EXPECT_EQ(plan->storeVector.elems, 8);
  EXPECT_EQ(plan->loadVector.elems, 8);
  EXPECT_EQ(plan->storeWavefronts, 4);
  EXPECT_EQ(plan->loadWavefronts, 4);
  // With a 64-bit cap the vectors halve.
  plan = planSharedMemoryConversion(s16, d16, 16, &err, 64);
  ASSERT_TRUE(plan) << err;
  EXPECT_EQ(plan->storeVector.elems, 4);
  EXPECT_EQ(plan->storeWavefronts, 2);
  EXPECT_EQ(plan->loadWavefronts, 2);
}

TEST(ConversionPlan, ScratchLimitSplitsIntoIterations) {
  // 128x128 f32 transpose-like conversion where both sides repeat their
  // tile in registers along both dims: 64 KiB at once, or 4 rounds of 16.
  LinearLayout src = blocked({128, 128}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout dst = blocked({128, 128}, {4, 1}, {8, 4}, {1, 4}, {0, 1});
  std::string err;
  auto whole = planSharedMemoryConversion(src, dst, 32, &err);
  ASSERT_TRUE(whole) << err;
  EXPECT_EQ(whole->numIterations, 1);
  EXPECT_EQ(whole->scratchBytes, 128 * 128 * 4);
  auto split = planSharedMemoryConversion(src, dst, 32, &err, 128, 16 * 1024);
  ASSERT_TRUE(split) << err;
  EXPECT_EQ(split->numIterations, 4);
  EXPECT_EQ(split->scratchBytes, 16 * 1024);
  checkSharedPlan(src, dst, *split);
  EXPECT_EQ(split->storeWavefronts, split->idealStoreWavefronts);
  EXPECT_EQ(split->loadWavefronts, split->idealLoadWavefronts);
  // Too small a limit: not enough common register directions.
  EXPECT_FALSE(planSharedMemoryConversion(src, dst, 32, &err, 128, 64));
  EXPECT_NE(err.find("the limit is 64"), std::string::npos) << err;
}

TEST(ConversionPlan, ClusterConversionPerCTA) {
  // 128x64 over 2 CTAs split along dim0; each CTA transposes its 64x64 part.
  LinearLayout cga = LinearLayout::identity1D(2, "block", "dim0") *
                     LinearLayout::identity1D(1, "block", "dim1");
  LinearLayout src = blocked({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}) * cga;
  LinearLayout dst = blocked({64, 64}, {4, 1}, {16, 2}, {1, 4}, {0, 1}) * cga;
  ASSERT_EQ(src.getOutDimSize("dim0"), 128);
  EXPECT_EQ(classifyConversion(src, dst), ConversionKind::SharedMemory);
  std::string err;
  auto plan = planSharedMemoryConversion(src, dst, 32, &err);
  ASSERT_TRUE(plan) << err;
  EXPECT_EQ(plan->scratchBytes, 64 * 64 * 4);
  EXPECT_EQ(plan->scratch.getInDimSize("block"), 2);
  EXPECT_EQ(plan->storeWavefronts, plan->idealStoreWavefronts);
  EXPECT_EQ(plan->loadWavefronts, plan->idealLoadWavefronts);
  auto at = [](const LinearLayout &ll, int32_t r, int32_t l, int32_t w,
               int32_t b) {
    Named in;
    for (auto &n : ll.getInDimNames())
      in.push_back({n, n == "register" ? r
                       : n == "lane"   ? l
                       : n == "warp"   ? w
                                       : b});
    return ll.apply(in);
  };
  auto get = [](const Named &v, llvm::StringRef n) {
    for (auto &kv : v)
      if (kv.first == n)
        return kv.second;
    return 0;
  };
  for (int32_t b = 0; b < 2; ++b) {
    std::vector<Named> mem(64 * 64);
    for (int32_t w = 0; w < 4; ++w)
      for (int32_t l = 0; l < 32; ++l)
        for (int32_t r = 0; r < 32; ++r) {
          Named where = at(plan->storeMap, r, l, w, b);
          ASSERT_EQ(get(where, "block"), b);
          mem[get(where, "offset")] = at(src, r, l, w, b);
        }
    for (int32_t w = 0; w < 4; ++w)
      for (int32_t l = 0; l < 32; ++l)
        for (int32_t r = 0; r < 32; ++r) {
          Named where = at(plan->loadMap, r, l, w, b);
          ASSERT_EQ(get(where, "block"), b);
          ASSERT_EQ(mem[get(where, "offset")], at(dst, r, l, w, b));
        }
  }
  // Different block bases: data crosses CTAs.
  LinearLayout otherCga = LinearLayout::identity1D(1, "block", "dim0") *
                          LinearLayout::identity1D(2, "block", "dim1");
  LinearLayout dst2 =
      blocked({128, 32}, {4, 1}, {16, 2}, {1, 4}, {0, 1}) * otherCga;
  dst2 = dst2.transposeOuts({"dim0", "dim1"});
  EXPECT_FALSE(planSharedMemoryConversion(src, dst2, 32, &err));
  EXPECT_NE(err.find("between CTAs"), std::string::npos) << err;
}

TEST(ConversionPlan, TransposesOfManyShapesAreConflictFree) {
  // Row-major blocked to column-major blocked, several sizes and element
  // widths: both sides conflict-free.
  struct Case {
    int32_t rows, cols;
    int bits;
  };
  for (Case c : {Case{32, 32, 32}, Case{64, 64, 32}, Case{128, 64, 32},
                 Case{64, 64, 16}, Case{64, 128, 8}, Case{32, 64, 64}}) {
    LinearLayout src =
        blocked({c.rows, c.cols}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
    LinearLayout dst =
        blocked({c.rows, c.cols}, {4, 1}, {8, 4}, {1, 4}, {0, 1});
    std::string err;
    auto plan = planSharedMemoryConversion(src, dst, c.bits, &err);
    ASSERT_TRUE(plan) << err;
    checkSharedPlan(src, dst, *plan);
    EXPECT_EQ(plan->storeWavefronts, plan->idealStoreWavefronts)
        << c.rows << "x" << c.cols << " " << c.bits;
    EXPECT_EQ(plan->loadWavefronts, plan->idealLoadWavefronts)
        << c.rows << "x" << c.cols << " " << c.bits;
  }
}

} // namespace

namespace {

// Arbitrary (mostly unsuitable) layout pairs: the planners answer, never
// crash; whatever they return is checked.
TEST(ConversionPlanLaws, ArbitraryInputsNeverCrash) {
  LayoutGen gen(77);
  int planned = 0;
  for (int t = 0; t < 1000; ++t) {
    LinearLayout a = gen.randomLayout(t % 2), b = gen.randomLayout(t % 3 == 0);
    if (t % 5 == 0)
      b = gen.randomLayout(a.getInDims(), a.getOutDims(), true);
    std::string err;
    auto an = analyzeConversion(a, b, &err);
    if (!an) {
      EXPECT_FALSE(err.empty());
    }
    (void)planRegisterPermutation(a, b, &err);
    (void)planWarpShuffle(a, b, gen.uniform(0, 8), &err);
    int bits = 1 << gen.uniform(2, 7);
    auto plan = planSharedMemoryConversion(a, b, bits, &err);
    if (plan) {
      ++planned;
      // Invertible but for broadcast (multicast) CTAs.
      EXPECT_TRUE(plan->scratch.isSurjective());
      auto names = plan->scratch.getOutDimNames();
      EXPECT_TRUE(plan->scratch.sublayout({"offset", "iteration"}, names)
                      .isInjective());
    }
    LinearLayout shared = gen.randomLayout({{"offset", 1 << gen.uniform(0, 8)}},
                                           a.getOutDims(), t % 2);
    int wf = countBankConflicts(a, shared, bits, gen.uniform(0, 4));
    EXPECT_GE(wf, -1);
    (void)largestVectorization(shared, bits);
    (void)largestVectorization(a, bits, gen.uniform(-8, 256));
  }
  EXPECT_GT(planned, 10);
}

} // namespace

namespace {

TEST(ConversionPlan, InputDimOrderDoesNotMatter) {
  // The source broadcasts: lane bit 0 and register bit 1 hold the same
  // element direction. The conversion map must take it from the register
  // whatever order the source lists its dims in.
  LinearLayout::BasesT b;
  b["lane"] = {{1, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 8}};
  b["register"] = {{2, 0}, {1, 0}};
  LinearLayout srcLaneFirst(b, {{"dim0", 4}, {"dim1", 16}}, true);
  LinearLayout src = srcLaneFirst.transposeIns({"register", "lane"});
  LinearLayout::BasesT d;
  d["register"] = {{2, 0}, {1, 0}};
  d["lane"] = {{0, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 8}};
  LinearLayout dst(d, {{"dim0", 4}, {"dim1", 16}}, true);
  auto a1 = analyzeConversion(src, dst);
  auto a2 = analyzeConversion(srcLaneFirst, dst);
  ASSERT_TRUE(a1 && a2);
  EXPECT_EQ(a1->map, a2->map);
  EXPECT_EQ(a1->kind, a2->kind);
  // Destination register 2 comes from source register 2, not lane 1.
  EXPECT_EQ(a1->map.getBasis("register", 1, "register"), 2);
  EXPECT_EQ(a1->map.getBasis("register", 1, "lane"), 0);
  // Lanes with bit 0 set would need a lane-dependent register; like
  // Triton, that is a (select-free) shuffle from the even lane.
  EXPECT_EQ(a1->kind, ConversionKind::WarpShuffle);
  auto plan = planWarpShuffle(srcLaneFirst, dst);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->numSendSelects, 0);
  checkShufflePlan(srcLaneFirst, dst, *plan);
}

} // namespace
