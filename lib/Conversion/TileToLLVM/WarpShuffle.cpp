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
  Type type = value.getType();
  Type i32 = b.getI32Type();
  auto shfl32 = [&](Value v) -> Value {
    return NVVM::ShflOp::create(b, loc, v.getType(), i32Const(b, loc, -1), v,
                                i32Const(b, loc, laneMask),
                                i32Const(b, loc, kWarpSize - 1),
                                NVVM::ShflKind::bfly, UnitAttr());
  };
  if (type.isF32() || type.isInteger(32))
    return shfl32(value);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value asInt = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
    Value shuffled = emitShuffleXor(b, loc, asInt, laneMask);
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
