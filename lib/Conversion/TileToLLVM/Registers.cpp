//===- Registers.cpp - Register values, constants and structs -------------===//

#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

//===----------------------------------------------------------------------===//
// Structs of registers
//===----------------------------------------------------------------------===//

SmallVector<Value> tile::unpackStruct(OpBuilder &b, Location loc,
                                      Value llStruct) {
  auto type = dyn_cast<LLVM::LLVMStructType>(llStruct.getType());
  if (!type)
    return {llStruct};
  SmallVector<Value> elements;
  for (unsigned i = 0, e = type.getBody().size(); i < e; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(b, loc, llStruct, i));
  return elements;
}

Value tile::packStruct(OpBuilder &b, Location loc, Type structType,
                       ValueRange elements) {
  Value result = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, element] : llvm::enumerate(elements))
    result = LLVM::InsertValueOp::create(b, loc, result, element, i);
  return result;
}

void tile::replaceWithRegisters(ConversionPatternRewriter &rewriter,
                                Operation *op, Type llResultType,
                                ValueRange values) {
  if (isa<LLVM::LLVMStructType>(llResultType))
    rewriter.replaceOp(
        op, packStruct(rewriter, op->getLoc(), llResultType, values));
  else
    rewriter.replaceOp(op, values.front());
}

//===----------------------------------------------------------------------===//
// Constants and integer arithmetic
//===----------------------------------------------------------------------===//

std::optional<int64_t> tile::getConstantIntValue(Value v) {
  if (!v)
    return std::nullopt;
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  if (auto cst = v.getDefiningOp<LLVM::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(cst.getValue()))
      return attr.getValue().getSExtValue();
  return std::nullopt;
}

Value tile::intConst(OpBuilder &b, Location loc, Type type, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}
Value tile::i32Const(OpBuilder &b, Location loc, int64_t value) {
  return intConst(b, loc, b.getI32Type(), int32_t(value));
}
Value tile::i64Const(OpBuilder &b, Location loc, int64_t value) {
  return intConst(b, loc, b.getI64Type(), value);
}
Value tile::i1Const(OpBuilder &b, Location loc, bool value) {
  return intConst(b, loc, b.getI1Type(), value);
}

Value tile::scalarConst(OpBuilder &b, Location loc, Type type, double value) {
  if (auto ft = dyn_cast<FloatType>(type))
    return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(ft, value));
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  return intConst(b, loc, type, int64_t(value));
}

Value tile::intCast(OpBuilder &b, Location loc, Value v, Type type,
                    bool isSigned) {
  unsigned from = v.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (from == to)
    return v;
  if (from > to)
    return LLVM::TruncOp::create(b, loc, type, v);
  if (isSigned)
    return LLVM::SExtOp::create(b, loc, type, v);
  return LLVM::ZExtOp::create(b, loc, type, v);
}
