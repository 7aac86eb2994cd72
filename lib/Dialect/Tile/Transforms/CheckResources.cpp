//===- CheckResources.cpp - Refuse ops too large for one thread -----------===//
//
// The lowering unrolls every op over the registers of its tensors, so its
// time and memory grow with them. A layout that gives one thread tens of
// thousands of registers (`sizePerThread = [65536]`, or a 1M-element tile
// that tile-split-tiles did not split) is not a program a GPU can run well,
// and compiling it took minutes and gigabytes. This pass runs once every
// tensor has a layout and the split is done, and refuses, with the numbers,
// every op whose tensors need more than `max-registers` 32-bit registers
// per thread together:
//
// 1. For each tensor operand and result: the register count of its linear
//    layout (log2 first, so that absurd layouts do not overflow), times two
//    for 64-bit elements.
// 2. The sum over the op; above the cap, an error at the op naming the
//    largest tensor. One error per kernel: the first op in program order.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LayoutUtils.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/Analysis/RegisterPressure.h"

namespace tile::tl {
#define GEN_PASS_DEF_CHECKRESOURCESPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {
struct CheckResourcesPass
    : public tile::tl::impl::CheckResourcesPassBase<CheckResourcesPass> {
  using CheckResourcesPassBase::CheckResourcesPassBase;

  void runOnOperation() override {
    int64_t cap = maxRegisters;
    WalkResult result = getOperation().getBody().walk([&](Operation *op) {
      int64_t total = 0, largestRegs = 0;
      Type largest;
      auto count = [&](Value value) {
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (!type)
          return;
        std::optional<int64_t> regs = getTensorRegistersPerThread(type);
        if (!regs)
          return;
        total += *regs;
        if (*regs > largestRegs) {
          largestRegs = *regs;
          largest = type;
        }
      };
      for (Value operand : op->getOperands())
        count(operand);
      for (Value res : op->getResults())
        count(res);
      if (total <= cap)
        return WalkResult::advance();
      op->emitError() << "the tensors of this op need " << total
                      << " 32-bit registers per thread (" << largest
                      << " alone needs " << largestRegs
                      << "), above the limit of " << cap
                      << " (a thread has 255 registers; beyond that values "
                         "spill to local memory, and the lowering's time and "
                         "memory grow with the count); use a smaller tile, a "
                         "layout with fewer elements per thread (smaller "
                         "sizePerThread, more threads or warps), or leave "
                         "tile-split-tiles on (--register-budget above 0)";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
