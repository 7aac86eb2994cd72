//===- BarrierUnderBranch.cpp - Barriers that only some warps reach -------===//

#include "tile/Dialect/Layout/IR/BarrierUnderBranch.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace tile;
using namespace tile::layout;

/// The op whose regions run or not by operand `use` (null when it does not
/// decide any).
static Operation *getDecidingOp(OpOperand &use) {
  Operation *user = use.getOwner();
  StringRef name = user->getName().getStringRef();
  unsigned number = use.getOperandNumber();
  if ((name == "scf.if" || name == "scf.index_switch") && number == 0)
    return user;
  if (name == "scf.for" && number < 3)
    return user;
  // The condition of an scf.while (in its `before` region).
  if (name == "scf.condition" && number == 0 && user->getParentOp() &&
      user->getParentOp()->getName().getStringRef() == "scf.while")
    return user->getParentOp();
  return nullptr;
}

std::pair<Operation *, BarrierOp>
tile::layout::findBarrierUnderBranchOn(Value value) {
  SmallVector<Value> worklist{value};
  llvm::DenseSet<Operation *> seen;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      if (Operation *branch = getDecidingOp(use)) {
        BarrierOp barrier;
        branch->walk([&](BarrierOp op) {
          barrier = op;
          return WalkResult::interrupt();
        });
        if (barrier)
          return {branch, barrier};
        continue;
      }
      // Follow the value through computations (not into regions: a
      // loop-carried or yielded value is data, not a branch condition).
      Operation *user = use.getOwner();
      if (user->getNumRegions() == 0 && seen.insert(user).second)
        llvm::append_range(worklist, user->getResults());
    }
  }
  return {nullptr, nullptr};
}

LogicalResult
tile::layout::verifyNoBarrierUnderBranchOn(Operation *source,
                                           StringRef consequence) {
  auto [branch, barrier] = findBarrierUnderBranchOn(source->getResult(0));
  if (!barrier)
    return success();
  StringRef name = source->getName().getStringRef();
  InFlightDiagnostic diag = barrier.emitError()
                            << "layout.barrier under a branch on " << name
                            << ": " << consequence;
  diag.attachNote(branch->getLoc())
      << "this " << branch->getName() << " depends on " << name;
  diag.attachNote(source->getLoc()) << name << " is here";
  return diag;
}
