//===- ViewLayoutAddress.cpp - Addresses in a view with a CuTe layout -----===//

#include "ViewLayoutAddress.h"

#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

/// CuTe's crd2idx of the 1-D coordinate `c` (i64) in a coalesced mode:
/// leaf i gets (c / (s_0 ... s_{i-1})) % s_i, the last leaf no modulo.
/// Null when every stride is 0.
Value tile::emitModeOffset(OpBuilder &b, Location loc, Value c,
                           ArrayRef<tl::ViewLayoutLeaf> leaves) {
  Value rest = c;
  Value offset;
  for (auto [i, leaf] : llvm::enumerate(leaves)) {
    bool last = i + 1 == leaves.size();
    Value x = rest;
    if (!last) {
      Value size = i64Const(b, loc, leaf.size);
      if (leaf.stride != 0)
        x = LLVM::URemOp::create(b, loc, rest, size);
      rest = LLVM::UDivOp::create(b, loc, rest, size);
    }
    if (leaf.stride == 0)
      continue;
    Value term =
        leaf.stride == 1
            ? x
            : LLVM::MulOp::create(b, loc, x, i64Const(b, loc, leaf.stride))
                  .getResult();
    offset =
        offset ? LLVM::AddOp::create(b, loc, offset, term).getResult() : term;
  }
  return offset;
}

/// Sw<B,M,S>(off + offset): x ^ ((x & Y) >> S), Y = (2^B - 1) << (M +
/// max(0, S)), a left shift for negative S (cute::Swizzle::apply).
Value tile::emitSwizzle(OpBuilder &b, Location loc, Value offset,
                        const tl::ViewLayoutPlan &plan) {
  Value x = offset ? offset : i64Const(b, loc, 0);
  if (plan.swizzleOffset)
    x = LLVM::AddOp::create(b, loc, x, i64Const(b, loc, plan.swizzleOffset));
  if (plan.swizzleBits == 0)
    return x;
  int shift = plan.swizzleShift;
  uint64_t yyy = ((uint64_t(1) << plan.swizzleBits) - 1)
                 << (plan.swizzleBase + std::max(0, shift));
  Value sel = LLVM::AndOp::create(b, loc, x, i64Const(b, loc, int64_t(yyy)));
  Value amount = i64Const(b, loc, shift >= 0 ? shift : -shift);
  Value moved = shift >= 0
                    ? LLVM::LShrOp::create(b, loc, sel, amount).getResult()
                    : LLVM::ShlOp::create(b, loc, sel, amount).getResult();
  return LLVM::XOrOp::create(b, loc, x, moved);
}

Value tile::emitViewLayoutOffset(OpBuilder &b, Location loc,
                                 const tl::ViewLayoutPlan &plan,
                                 ArrayRef<Value> coords) {
  Value offset;
  for (auto [a, c] : llvm::enumerate(coords)) {
    Value term = emitModeOffset(b, loc, c, plan.modes[a]);
    if (!term)
      continue;
    offset =
        offset ? LLVM::AddOp::create(b, loc, offset, term).getResult() : term;
  }
  if (plan.swizzled)
    offset = emitSwizzle(b, loc, offset, plan);
  return offset;
}
