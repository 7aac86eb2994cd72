//===- WarpShuffle.cpp - Exchanging registers within a warp ---------------===//

#include "tile/Conversion/TileToLLVM/WarpShuffle.h"

#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

Value tile::emitShuffleXor(OpBuilder &b, Location loc, Value value,
                           unsigned laneMask) {
  return emitShuffle(b, loc, value, NVVM::ShflKind::bfly,
                     i32Const(b, loc, laneMask));
}

Value tile::emitShuffle(OpBuilder &b, Location loc, Value value,
                        NVVM::ShflKind kind, Value laneArg) {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  // PTX's clamp: 0 for `up` (lanes below the delta keep their value), the
  // last lane for the other modes.
  int clamp = kind == NVVM::ShflKind::up ? 0 : kWarpSize - 1;
  auto shfl32 = [&](Value v) -> Value {
    return NVVM::ShflOp::create(b, loc, v.getType(), i32Const(b, loc, -1), v,
                                laneArg, i32Const(b, loc, clamp), kind,
                                UnitAttr());
  };
  if (type.isF32() || type.isInteger(32))
    return shfl32(value);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value asInt = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
    Value shuffled = emitShuffle(b, loc, asInt, kind, laneArg);
    return LLVM::IntToPtrOp::create(b, loc, type, shuffled);
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value asInt =
      isa<FloatType>(type)
          ? LLVM::BitcastOp::create(b, loc, intType, value).getResult()
          : value;
  Value result;
  if (bits == 64) {
    Value lo = LLVM::TruncOp::create(b, loc, i32, asInt);
    Value hi = LLVM::TruncOp::create(
        b, loc, i32, LLVM::LShrOp::create(b, loc, asInt, i64Const(b, loc, 32)));
    lo = LLVM::ZExtOp::create(b, loc, intType, shfl32(lo));
    hi = LLVM::ZExtOp::create(b, loc, intType, shfl32(hi));
    result = LLVM::OrOp::create(
        b, loc, lo, LLVM::ShlOp::create(b, loc, hi, i64Const(b, loc, 32)));
  } else {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
    result = LLVM::TruncOp::create(b, loc, intType, shfl32(wide));
  }
  if (isa<FloatType>(type))
    result = LLVM::BitcastOp::create(b, loc, type, result);
  return result;
}
