//===- BankConflictCases.cpp - Access patterns to check countBankConflicts ===//
//
// Not part of the build: prints warp-wide shared-memory access patterns
// with the wavefront counts countBankConflicts predicts, one case a line:
//   <name> <bytes per lane> <predicted> <32 byte offsets>
// bank_conflicts.cu runs each pattern on a GPU, and run.sh compares the
// counts measured by Nsight Compute with the predictions (h100-result.txt:
// all 165 agree on an H100). Regenerate cases.txt with, from the root:
//   c++ -std=c++17 -I/usr/lib/llvm-22/include -Iinclude \
//     test/unit/LinearLayout/gpu/BankConflictCases.cpp \
//     build/lib/libTileLinearLayout.a -L/usr/lib/llvm-22/lib -lLLVM \
//     -o /tmp/cases && /tmp/cases > test/unit/LinearLayout/gpu/cases.txt
//
//===----------------------------------------------------------------------===//

#include "tile/LinearLayout/ConversionPlan.h"

#include "../RandomLayouts.h"

#include <iostream>

using namespace tile;

namespace {

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

void emit(const std::string &name, const LinearLayout &regs,
          const LinearLayout &shared, int elemBits, int vec) {
  int predicted = countBankConflicts(regs, shared, elemBits, vec);
  if (predicted < 0)
    return;
  LinearLayout map = regs.invertAndCompose(shared);
  std::cout << name << " " << vec * elemBits / 8 << " " << predicted;
  for (int lane = 0; lane < 32; ++lane) {
    llvm::SmallVector<std::pair<std::string, int32_t>> in;
    for (auto &n : map.getInDimNames())
      in.push_back({n, n == "lane" ? lane : 0});
    int32_t offset = 0;
    for (auto &kv : map.apply(in))
      if (kv.first == "offset")
        offset = kv.second;
    std::cout << " " << int64_t(offset) * elemBits / 8;
  }
  std::cout << "\n";
}

void emitAllWidths(const std::string &name, const LinearLayout &regs,
                   const LinearLayout &shared, int elemBits) {
  LinearLayout map = regs.invertAndCompose(shared);
  int maxVec = largestVectorization(
      map.sublayout(map.getInDimNames(), {"offset"}), elemBits);
  for (int vec = 1; vec <= maxVec; vec *= 2)
    emit(name + "_b" + std::to_string(elemBits) + "_v" + std::to_string(vec),
         regs, shared, elemBits, vec);
}

} // namespace

int main() {
  LinearLayout rowMajor32 = identityStandardND("offset", {32, 32}, {1, 0});
  LinearLayout colLanes = identityStandardND("register", {1, 32}, {1, 0}) *
                          identityStandardND("lane", {32, 1}, {1, 0});
  LinearLayout rowLanes = identityStandardND("lane", {1, 32}, {1, 0}) *
                          identityStandardND("register", {32, 1}, {1, 0});
  for (int bits : {8, 16, 32, 64}) {
    emitAllWidths("col_rowmajor", colLanes, rowMajor32, bits);
    emitAllWidths("row_rowmajor", rowLanes, rowMajor32, bits);
  }
  // Transposes through planned scratch layouts and a naive one.
  LinearLayout naive = identityStandardND("offset", {64, 64}, {1, 0});
  struct Pair {
    const char *name;
    LinearLayout src, dst;
  } pairs[] = {
      {"tr_1x4", blocked({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}),
       blocked({64, 64}, {4, 1}, {16, 2}, {1, 4}, {0, 1})},
      {"tr_4x4", blocked({64, 64}, {4, 4}, {4, 8}, {4, 1}, {1, 0}),
       blocked({64, 64}, {4, 4}, {8, 4}, {1, 4}, {0, 1})},
      {"rows_1x8", blocked({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0}),
       blocked({64, 64}, {1, 8}, {32, 1}, {1, 4}, {1, 0})},
  };
  for (auto &p : pairs)
    for (int bits : {8, 16, 32, 64}) {
      auto plan = planSharedMemoryConversion(p.src, p.dst, bits);
      if (!plan)
        continue;
      std::string n = std::string(p.name) + "_b" + std::to_string(bits);
      emit(n + "_store", p.src, plan->scratch, bits, plan->storeVector.elems);
      emit(n + "_load", p.dst, plan->scratch, bits, plan->loadVector.elems);
      emitAllWidths(n + "_naive_src", p.src, naive, bits);
      emitAllWidths(n + "_naive_dst", p.dst, naive, bits);
    }
  // Random lanes over random swizzle-like shared layouts.
  tile::testing::LayoutGen gen(5);
  for (int t = 0; t < 60; ++t) {
    LinearLayout::DimSizes outs = {{"dim0", 32}, {"dim1", 32}};
    LinearLayout shared = gen.randomInvertible({{"offset", 1024}}, outs);
    LinearLayout regs =
        gen.randomInvertible({{"register", 32}, {"lane", 32}}, outs);
    int bits = 8 << gen.uniform(0, 3);
    emitAllWidths("random" + std::to_string(t), regs, shared, bits);
  }
  return 0;
}
