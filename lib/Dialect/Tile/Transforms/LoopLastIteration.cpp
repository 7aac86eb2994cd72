//===- LoopLastIteration.cpp - Values only the last iteration yields ------===//
//
// forwardLastIterationYields (LoopLastIteration.h).
//
//===----------------------------------------------------------------------===//

#include "LoopLastIteration.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace tile::tl {

/// Whether `cond` is `iv + step < ub` (signed) of `loop`.
static bool isNotLastIteration(Value cond, scf::ForOp loop) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::slt ||
      loop.getUnsignedCmp() || cmp.getRhs() != loop.getUpperBound())
    return false;
  auto add = cmp.getLhs().getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  Value iv = loop.getInductionVar();
  Value other = add.getLhs() == iv   ? add.getRhs()
                : add.getRhs() == iv ? add.getLhs()
                                     : Value();
  if (!other)
    return false;
  if (other == loop.getStep())
    return true;
  std::optional<int64_t> a = getConstantIntValue(other);
  std::optional<int64_t> b = getConstantIntValue(loop.getStep());
  return a && b && *a == *b;
}

unsigned forwardLastIterationYields(scf::ForOp loop) {
  unsigned replaced = 0;
  Block *body = loop.getBody();
  Operation *loopYield = body->getTerminator();
  for (Operation &op : *body) {
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (!ifOp || ifOp.getElseRegion().empty() ||
        !isNotLastIteration(ifOp.getCondition(), loop))
      continue;
    Operation *elseYield = ifOp.elseBlock()->getTerminator();
    for (auto [k, result] : llvm::enumerate(ifOp.getResults())) {
      if (!result.hasOneUse())
        continue;
      OpOperand &use = *result.getUses().begin();
      if (use.getOwner() != loopYield)
        continue;
      unsigned p = use.getOperandNumber();
      if (!loop.getResult(p).use_empty())
        continue;
      Value arg = loop.getRegionIterArgs()[p];
      if (elseYield->getOperand(k) == arg)
        continue;
      elseYield->setOperand(k, arg);
      ++replaced;
    }
  }
  return replaced;
}

} // namespace tile::tl
