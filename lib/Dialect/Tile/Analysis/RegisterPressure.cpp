//===- RegisterPressure.cpp - Registers a kernel's tensors need -----------===//
//
// For each block, a backward scan from its live-out set: at each op, the
// tensors live there are those live after it, its results and its operands
// (a value counts at its definition and at its last use). An op with
// regions passes what is live after it (less its own results) into the
// blocks of its regions, where those values stay live throughout; the
// blocks' own live-in values come from mlir::Liveness.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Analysis/RegisterPressure.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace tile;
using namespace tile::tl;

std::optional<int64_t>
tile::tl::getTensorRegistersPerThread(RankedTensorType type) {
  if (!type.getEncoding())
    return std::nullopt;
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  if (!ll || !ll->hasInDim("register"))
    return std::nullopt;
  int log2 = std::min(ll->getInDimSizeLog2("register"), 40);
  Type element = type.getElementType();
  int64_t words = 1;
  if (isa<PtrType>(element) ||
      (element.isIntOrFloat() && element.getIntOrFloatBitWidth() > 32))
    words = 2;
  return (int64_t(1) << log2) * words;
}

namespace {
using ValueSet = llvm::SetVector<Value>;

class PressureScan {
public:
  explicit PressureScan(KernelOp kernel) : liveness(kernel) {}

  void scanBlock(Block &block, const ValueSet &around) {
    ValueSet live;
    for (Value value : liveness.getLiveOut(&block))
      live.insert(value);
    for (Operation &op : llvm::reverse(block)) {
      ValueSet after = live;
      for (Value result : op.getResults())
        live.remove(result);
      for (Value operand : op.getOperands())
        live.insert(operand);
      // Values an op's regions use from outside are live up to the op.
      op.walk([&](Operation *nested) {
        if (nested == &op)
          return;
        for (Value operand : nested->getOperands())
          if (!op.isAncestor(operand.getParentRegion()->getParentOp()))
            live.insert(operand);
      });

      ValueSet atOp = around;
      atOp.insert(after.begin(), after.end());
      atOp.insert(live.begin(), live.end());
      for (Value result : op.getResults())
        atOp.insert(result);
      record(&op, atOp);

      if (op.getNumRegions() == 0)
        continue;
      ValueSet inner = around;
      for (Value value : after)
        if (value.getDefiningOp() != &op)
          inner.insert(value);
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          scanBlock(nested, inner);
    }
  }

  RegisterPressure take() { return std::move(best); }

private:
  int64_t registersOf(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return 0;
    // A broadcast or a splat repeats registers it already has: count its
    // source (a splat's is one scalar, not a tensor).
    if (Operation *def = value.getDefiningOp()) {
      if (isa<BroadcastOp, ExpandDimsOp>(def))
        return registersOf(def->getOperand(0));
      if (isa<SplatOp>(def))
        return 1;
      if (auto constant = dyn_cast<arith::ConstantOp>(def))
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
            dense && dense.isSplat())
          return 1;
    }
    auto [it, inserted] = cache.try_emplace(type.getAsOpaquePointer(), 0);
    if (inserted)
      it->second = getTensorRegistersPerThread(type).value_or(0);
    return it->second;
  }

  void record(Operation *op, const ValueSet &values) {
    int64_t total = 0;
    for (Value value : values)
      total += registersOf(value);
    if (total <= best.peak)
      return;
    best.peak = total;
    best.peakOp = op;
    best.live.clear();
    for (Value value : values)
      if (int64_t regs = registersOf(value))
        best.live.push_back({value, regs});
    llvm::stable_sort(best.live, [](const LiveTensor &a, const LiveTensor &b) {
      return a.registers > b.registers;
    });
  }

  Liveness liveness;
  llvm::DenseMap<const void *, int64_t> cache;
  RegisterPressure best;
};
} // namespace

RegisterPressure tile::tl::estimateRegisterPressure(KernelOp kernel) {
  PressureScan scan(kernel);
  for (Block &block : kernel.getBody())
    scan.scanBlock(block, {});
  return scan.take();
}
