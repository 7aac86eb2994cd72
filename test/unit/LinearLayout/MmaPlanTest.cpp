//===- MmaPlanTest.cpp - MMA plans, checked by simulating the hardware ----===//
//
// Each test builds operand and accumulator layouts, fills A and B with
// distinct values, hands every thread its registers as the layouts say,
// executes the plan with the PTX fragment semantics of mma.sync / wgmma (or
// plain multiply-adds for FMA), and checks every accumulator register of
// every thread against the matrix product at the register's coordinates.
// A wrong register, lane pairing or K order fails here on the CPU.
//
//===----------------------------------------------------------------------===//

#include "tile/LinearLayout/MmaPlan.h"

#include "gtest/gtest.h"

#include <map>
#include <random>

using namespace tile;

namespace {

using Bases = std::vector<LinearLayout::Basis>;

LinearLayout make(Bases reg, Bases lane, Bases warp, int rank = 2) {
  LinearLayout::BasesT bases;
  bases["register"] = std::move(reg);
  bases["lane"] = std::move(lane);
  bases["warp"] = std::move(warp);
  return LinearLayout(std::move(bases), standardOutDimNames(rank));
}

std::vector<int32_t> at(const LinearLayout &ll, int reg, int lane, int warp) {
  llvm::SmallVector<int32_t> ins;
  for (const std::string &n : ll.getInDimNames())
    ins.push_back(n == "register" ? reg : n == "lane" ? lane : warp);
  auto out = ll.apply(ins);
  return {out.begin(), out.end()};
}

/// A dense matrix with small integer values (exact in double).
struct Matrix {
  int rows, cols;
  std::vector<double> v;
  double &operator()(int r, int c) { return v[r * cols + c]; }
};

Matrix random(int rows, int cols, unsigned seed) {
  std::mt19937 gen(seed);
  Matrix m{rows, cols, std::vector<double>(rows * cols)};
  for (double &x : m.v)
    x = int(gen() % 17) - 8;
  return m;
}

/// Registers of every thread: regs[warp][lane][register].
using Regs = std::vector<std::vector<std::vector<double>>>;

Regs distribute(const LinearLayout &ll, Matrix &m) {
  int warps = ll.getInDimSize("warp"), nregs = ll.getInDimSize("register");
  Regs regs(warps, std::vector<std::vector<double>>(32,
                                                     std::vector<double>(nregs)));
  for (int w = 0; w < warps; ++w)
    for (int l = 0; l < 32; ++l)
      for (int r = 0; r < nregs; ++r) {
        auto c = at(ll, r, l, w);
        regs[w][l][r] = m(c[0], c[1]);
      }
  return regs;
}

/// Checks every accumulator register of every thread against A * B.
void checkProduct(const LinearLayout &c, const Regs &acc, Matrix &a,
                  Matrix &b) {
  for (int w = 0; w < c.getInDimSize("warp"); ++w)
    for (int l = 0; l < 32; ++l)
      for (int r = 0; r < c.getInDimSize("register"); ++r) {
        auto x = at(c, r, l, w);
        double want = 0;
        for (int k = 0; k < a.cols; ++k)
          want += a(x[0], k) * b(k, x[1]);
        ASSERT_EQ(acc[w][l][r], want)
            << "warp " << w << " lane " << l << " register " << r;
      }
}

/// Runs an mma.sync plan with the PTX m16n8kK semantics: lane 4g + t holds
/// A elements (row g | g + 8, virtual k t*h + j | K/2 + t*h + j) and B
/// elements (virtual k likewise, column g).
Regs simulateMmaSync(const MmaSyncPlan &plan, const Regs &aRegs,
                     const Regs &bRegs, int cRegCount) {
  int warps = aRegs.size(), instrK = plan.instrK, h = instrK / 8 ? instrK / 8 : 1;
  Regs acc(warps, std::vector<std::vector<double>>(
                      32, std::vector<double>(cRegCount, 0.0)));
  for (const MmaSyncInstr &in : plan.instrs) {
    for (int w = 0; w < warps; ++w) {
      double av[16][32] = {}, bv[32][8] = {};
      for (int l = 0; l < 32; ++l) {
        int g = l / 4, t = l % 4;
        for (int j = 0; j < h; ++j) {
          av[g][t * h + j] = aRegs[w][l][in.aRegs[0 * h + j]];
          av[g + 8][t * h + j] = aRegs[w][l][in.aRegs[1 * h + j]];
          av[g][instrK / 2 + t * h + j] = aRegs[w][l][in.aRegs[2 * h + j]];
          av[g + 8][instrK / 2 + t * h + j] = aRegs[w][l][in.aRegs[3 * h + j]];
          bv[t * h + j][g] = bRegs[w][l][in.bRegs[0 * h + j]];
          bv[instrK / 2 + t * h + j][g] = bRegs[w][l][in.bRegs[1 * h + j]];
        }
      }
      for (int l = 0; l < 32; ++l) {
        int g = l / 4, t = l % 4;
        for (int s = 0; s < 4; ++s) {
          int row = g + (s / 2) * 8, col = 2 * t + s % 2;
          double sum = 0;
          for (int k = 0; k < instrK; ++k)
            sum += av[row][k] * bv[k][col];
          acc[w][l][in.cRegs[s]] += sum;
        }
      }
    }
  }
  for (auto [copy, orig] : plan.duplicateCRegs)
    for (auto &warp : acc)
      for (auto &lane : warp)
        lane[copy] = lane[orig];
  return acc;
}

// Triton's mma v2 layouts for a 2x2-warp 32x32 accumulator, K = 32, kWidth
// 2 (16-bit inputs): registers along N first, then M; warps N-fastest.
TEST(MmaSyncPlan, V2Fp16Warps2x2) {
  LinearLayout c = make({{0, 1}, {8, 0}, {0, 16}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{0, 8}, {16, 0}});
  LinearLayout a = make({{0, 1}, {8, 0}, {0, 8}, {0, 16}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{0, 0}, {16, 0}});
  LinearLayout b = make({{1, 0}, {8, 0}, {16, 0}, {0, 16}},
                        {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}},
                        {{0, 8}, {0, 0}});
  std::string error;
  auto plan = MmaSyncPlan::build(a, b, c, 16, &error);
  ASSERT_TRUE(plan) << error;
  // 2 n tiles per warp x 2 k-steps.
  EXPECT_EQ(plan->instrs.size(), 4u);
  // The first instruction reads the first fragment of each operand.
  EXPECT_EQ(plan->instrs[0].aRegs, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(plan->instrs[0].bRegs, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(plan->instrs[0].cRegs, (std::vector<int>{0, 1, 2, 3}));
  Matrix am = random(32, 32, 1), bm = random(32, 32, 2);
  Regs acc = simulateMmaSync(*plan, distribute(a, am), distribute(b, bm),
                             c.getInDimSize("register"));
  checkProduct(c, acc, am, bm);
}

// kWidth 8 (Triton's DotMMAv2_tile_kwidth8 operands): each lane holds 8
// consecutive K, so instructions take K out of order; A and B agree.
TEST(MmaSyncPlan, V2KWidth8) {
  LinearLayout c = make({{0, 1}, {8, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {});
  LinearLayout a = make({{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}},
                        {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}, {});
  LinearLayout b = make({{1, 0}, {2, 0}, {4, 0}, {32, 0}},
                        {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}}, {});
  std::string error;
  auto plan = MmaSyncPlan::build(a, b, c, 16, &error);
  ASSERT_TRUE(plan) << error;
  EXPECT_EQ(plan->instrs.size(), 4u);
  Matrix am = random(16, 64, 3), bm = random(64, 8, 4);
  Regs acc = simulateMmaSync(*plan, distribute(a, am), distribute(b, bm),
                             c.getInDimSize("register"));
  checkProduct(c, acc, am, bm);
}

// tf32 (m16n8k8, kWidth 1) and i8 (m16n8k32, kWidth 4).
TEST(MmaSyncPlan, Tf32AndInt8) {
  LinearLayout c = make({{0, 1}, {8, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {});
  {
    LinearLayout a = make({{8, 0}, {0, 4}, {0, 8}},
                          {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}}, {});
    LinearLayout b = make({{4, 0}, {8, 0}},
                          {{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}, {});
    std::string error;
    auto plan = MmaSyncPlan::build(a, b, c, 8, &error);
    ASSERT_TRUE(plan) << error;
    EXPECT_EQ(plan->instrs.size(), 2u);
    EXPECT_EQ(plan->instrs[0].aRegs, (std::vector<int>{0, 1, 2, 3}));
    Matrix am = random(16, 16, 5), bm = random(16, 8, 6);
    Regs acc = simulateMmaSync(*plan, distribute(a, am), distribute(b, bm),
                               c.getInDimSize("register"));
    checkProduct(c, acc, am, bm);
  }
  {
    LinearLayout a = make({{0, 1}, {0, 2}, {8, 0}, {0, 16}},
                          {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, {});
    LinearLayout b = make({{1, 0}, {2, 0}, {16, 0}},
                          {{4, 0}, {8, 0}, {0, 1}, {0, 2}, {0, 4}}, {});
    std::string error;
    auto plan = MmaSyncPlan::build(a, b, c, 32, &error);
    ASSERT_TRUE(plan) << error;
    EXPECT_EQ(plan->instrs.size(), 1u);
    Matrix am = random(16, 32, 7), bm = random(32, 8, 8);
    Regs acc = simulateMmaSync(*plan, distribute(a, am), distribute(b, bm),
                               c.getInDimSize("register"));
    checkProduct(c, acc, am, bm);
  }
}

TEST(MmaSyncPlan, RejectsMismatchedLayouts) {
  LinearLayout c = make({{0, 1}, {8, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {});
  // A with kWidth 2 against B with kWidth 8 (K = 32): the same number of K
  // elements per thread, paired differently over the lanes.
  LinearLayout a2 = make({{0, 1}, {8, 0}, {0, 8}, {0, 16}},
                         {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {});
  LinearLayout b8 = make({{1, 0}, {2, 0}, {4, 0}},
                         {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}}, {});
  std::string error;
  EXPECT_FALSE(MmaSyncPlan::build(a2, b8, c, 16, &error));
  EXPECT_EQ(error, "A and B distribute K differently over the lanes (lane 0, "
                   "element 2); give both the same kWidth");
  // B covering K = 16 only.
  LinearLayout b16 = make({{1, 0}, {8, 0}},
                          {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}, {});
  EXPECT_FALSE(MmaSyncPlan::build(a2, b16, c, 16, &error));
  EXPECT_EQ(error, "A holds 8 K elements per thread and row, B 4; give both "
                   "the same kWidth");
  // A blocked accumulator is not an mma fragment.
  LinearLayout blockedC = make({{0, 1}, {0, 2}},
                               {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {});
  EXPECT_FALSE(MmaSyncPlan::build(a2, b8, blockedC, 16, &error));
  EXPECT_EQ(error, "the accumulator: lane bit 0 moves to [0, 4], the "
                   "instruction needs [0, 2]");
}

/// Runs a wgmma plan: each warpgroup's instruction multiplies A rows
/// [origin + aRow, +64) x K-slice by B's K-slice x columns [bCol, +N) into
/// the 64xN fragment (row 16 w + g + 8 ((i >> 1) & 1), column 8 (i >> 2) +
/// 2t + (i & 1) for register i of lane 4g + t of warp w of the group).
Regs simulateWgmma(const WgmmaPlan &plan, const LinearLayout &c, Matrix &a,
                   Matrix &b, const Regs *aRegs) {
  int warps = c.getInDimSize("warp");
  Regs acc(warps, std::vector<std::vector<double>>(
                      32, std::vector<double>(c.getInDimSize("register"), 0)));
  for (int w = 0; w < warps; ++w) {
    llvm::SmallVector<int32_t> o = plan.warpgroupOrigin.apply(
        llvm::ArrayRef<int32_t>{int32_t(w >> 2)});
    for (const WgmmaInstr &in : plan.instrs)
      for (int l = 0; l < 32; ++l) {
        int g = l / 4, t = l % 4;
        for (int i = 0; i < plan.instrN / 2; ++i) {
          int row = 16 * (w & 3) + g + 8 * ((i >> 1) & 1);
          int col = 8 * (i >> 2) + 2 * t + (i & 1);
          double sum = 0;
          for (int k = 0; k < plan.instrK; ++k) {
            double av = a(o[0] + in.aRow + row, in.k + k);
            if (aRegs) {
              // Register A: the mma.sync A fragment of this warp's 16 rows.
              int h = plan.instrK / 8, lk = k % (plan.instrK / 2);
              int srcLane = (row % 8) * 4 + lk / h;
              int slot = (row % 16 >= 8 ? 1 : 0) + (k >= plan.instrK / 2 ? 2 : 0);
              av = (*aRegs)[w][srcLane][in.aRegs[slot * h + lk % h]];
            }
            sum += av * b(in.k + k, o[1] + in.bCol + col);
          }
          acc[w][l][in.cRegs[i]] += sum;
        }
      }
  }
  for (auto [copy, orig] : plan.duplicateCRegs)
    for (auto &warp : acc)
      for (auto &lane : warp)
        lane[copy] = lane[orig];
  return acc;
}

// Triton's MMAv3 accumulator: instrShape [16, 64, 16], 8 warps as [4, 2],
// 128x128: warps 16, 32 along M, then 64 along N; M repeats in registers.
TEST(WgmmaPlan, Warps4x2) {
  Bases reg = {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {64, 0}};
  LinearLayout c = make(reg, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{16, 0}, {32, 0}, {0, 64}});
  std::string error;
  auto plan = WgmmaPlan::build(nullptr, c, 32, 64, 16, &error);
  ASSERT_TRUE(plan) << error;
  // 2 M tiles (registers) x 1 N tile x 2 k-steps.
  EXPECT_EQ(plan->instrs.size(), 4u);
  EXPECT_EQ(plan->instrs[1].aRow, 64);
  EXPECT_EQ(plan->instrs[2].k, 16);
  EXPECT_EQ(plan->instrs[0].cRegs.size(), 32u);
  Matrix am = random(128, 32, 9), bm = random(32, 128, 10);
  Regs acc = simulateWgmma(*plan, c, am, bm, nullptr);
  checkProduct(c, acc, am, bm);
}

// Register A (Triton's DotMMAv3 operand with kWidth 2) against a 64x32
// accumulator, K = 32.
TEST(WgmmaPlan, RegisterA) {
  LinearLayout c = make({{0, 1}, {8, 0}, {0, 8}, {0, 16}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{16, 0}, {32, 0}});
  LinearLayout a = make({{0, 1}, {8, 0}, {0, 8}, {0, 16}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{16, 0}, {32, 0}});
  std::string error;
  auto plan = WgmmaPlan::build(&a, c, 32, 32, 16, &error);
  ASSERT_TRUE(plan) << error;
  EXPECT_EQ(plan->instrs.size(), 2u);
  Matrix am = random(64, 32, 11), bm = random(32, 32, 12);
  Regs aRegs = distribute(a, am);
  Regs acc = simulateWgmma(*plan, c, am, bm, &aRegs);
  checkProduct(c, acc, am, bm);
}

TEST(WgmmaPlan, RejectsWarpsAlongN) {
  LinearLayout c = make({{0, 1}, {8, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{0, 8}, {16, 0}});
  std::string error;
  EXPECT_FALSE(WgmmaPlan::build(nullptr, c, 16, 8, 16, &error));
  EXPECT_NE(error.find("stack along M"), std::string::npos) << error;
}

// FMA: a blocked accumulator with operands holding whole rows / columns.
TEST(FmaPlan, Blocked) {
  // C 16x16 over one warp: 2x4 per thread... lanes 4 along N, 8 along M.
  LinearLayout c = make({{0, 1}, {0, 2}, {8, 0}},
                        {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, {});
  LinearLayout a = make({{0, 1}, {0, 2}, {0, 4}, {8, 0}},
                        {{0, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}}, {});
  LinearLayout b = make({{1, 0}, {2, 0}, {4, 0}, {0, 1}, {0, 2}},
                        {{0, 4}, {0, 8}, {0, 0}, {0, 0}, {0, 0}}, {});
  std::string error;
  auto plan = FmaPlan::build(a, b, c, &error);
  ASSERT_TRUE(plan) << error;
  Matrix am = random(16, 8, 13), bm = random(8, 16, 14);
  Regs ar = distribute(a, am), br = distribute(b, bm);
  Regs acc(1, std::vector<std::vector<double>>(32, std::vector<double>(8)));
  for (int l = 0; l < 32; ++l)
    for (size_t r = 0; r < plan->terms.size(); ++r)
      for (auto [ai, bi] : plan->terms[r])
        acc[0][l][r] += ar[0][l][ai] * br[0][l][bi];
  checkProduct(c, acc, am, bm);
  // A that splits K over lanes cannot feed FMA.
  LinearLayout aSplit = make({{0, 1}, {0, 2}, {8, 0}, {0, 0}},
                             {{0, 4}, {0, 0}, {1, 0}, {2, 0}, {4, 0}}, {});
  EXPECT_FALSE(FmaPlan::build(aSplit, b, c, &error));
}

} // namespace
