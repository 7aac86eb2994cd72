//===- Combiner.cpp - Combining tuples of scalars -------------------------===//
//
// See Combiner.h.
//
//===----------------------------------------------------------------------===//

#include "Combiner.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/APFloat.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

ScalarTuple CombinerEmitter::operator()(ArrayRef<Value> lhs,
                                        ArrayRef<Value> rhs) const {
  if (kind) {
    Value a = lhs.front(), c = rhs.front();
    bool isFloat = isa<FloatType>(a.getType());
    switch (*kind) {
    case CombineKind::sum:
      return {isFloat ? LLVM::FAddOp::create(b, loc, a, c).getResult()
                      : LLVM::AddOp::create(b, loc, a, c).getResult()};
    case CombineKind::prod:
      return {isFloat ? LLVM::FMulOp::create(b, loc, a, c).getResult()
                      : LLVM::MulOp::create(b, loc, a, c).getResult()};
    case CombineKind::max:
      return {isFloat ? LLVM::MaximumOp::create(b, loc, a, c).getResult()
                      : LLVM::SMaxOp::create(b, loc, a, c).getResult()};
    case CombineKind::min:
      return {isFloat ? LLVM::MinimumOp::create(b, loc, a, c).getResult()
                      : LLVM::SMinOp::create(b, loc, a, c).getResult()};
    }
  }
  IRMapping mapping;
  size_t n = lhs.size();
  for (size_t i = 0; i < n; ++i) {
    mapping.map(body->getArgument(i), lhs[i]);
    mapping.map(body->getArgument(n + i), rhs[i]);
  }
  for (Operation &inner : body->without_terminator())
    b.clone(inner, mapping);
  ScalarTuple result;
  for (Value v : body->getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(v));
  return result;
}

Value CombinerEmitter::identity(Type type) const {
  if (!kind)
    return {};
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    llvm::APFloat value = llvm::APFloat::getZero(sem);
    if (*kind == CombineKind::prod)
      value = llvm::APFloat::getOne(sem);
    else if (*kind == CombineKind::max)
      value = llvm::APFloat::getInf(sem, /*Negative=*/true);
    else if (*kind == CombineKind::min)
      value = llvm::APFloat::getInf(sem, /*Negative=*/false);
    return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(ft, value));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  llvm::APInt value(width, 0);
  if (*kind == CombineKind::prod)
    value = llvm::APInt(width, 1);
  else if (*kind == CombineKind::max)
    value = llvm::APInt::getSignedMinValue(width);
  else if (*kind == CombineKind::min)
    value = llvm::APInt::getSignedMaxValue(width);
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}

ScalarTuple tile::selectTuple(OpBuilder &b, Location loc, Value cond,
                              ArrayRef<Value> t, ArrayRef<Value> f) {
  ScalarTuple result;
  for (auto [x, y] : llvm::zip(t, f))
    result.push_back(
        x == y ? x : LLVM::SelectOp::create(b, loc, cond, x, y).getResult());
  return result;
}
