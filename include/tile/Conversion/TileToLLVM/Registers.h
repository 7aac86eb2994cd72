//===- Registers.h - Register values, constants and structs -----*- C++ -*-===//
//
// The values a thread holds, in the LLVM dialect: integer and float
// constants (and reading one back), integer casts, and the struct of
// registers that stands for a distributed tensor after conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_REGISTERS_H
#define TILE_CONVERSION_TILETOLLVM_REGISTERS_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace tile {

//===----------------------------------------------------------------------===//
// Structs of registers
//===----------------------------------------------------------------------===//

SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value llStruct);
Value packStruct(OpBuilder &b, Location loc, Type structType,
                 ValueRange elements);
/// Replaces `op`, whose converted result type is `llResultType`, with the
/// registers it produced: packed into the struct for a tensor result, the
/// single value for a scalar one.
void replaceWithRegisters(ConversionPatternRewriter &rewriter, Operation *op,
                          Type llResultType, ValueRange values);

//===----------------------------------------------------------------------===//
// Constants and integer arithmetic (LLVM dialect)
//===----------------------------------------------------------------------===//

Value intConst(OpBuilder &b, Location loc, Type type, int64_t value);
Value i32Const(OpBuilder &b, Location loc, int64_t value);
Value i64Const(OpBuilder &b, Location loc, int64_t value);
Value i1Const(OpBuilder &b, Location loc, bool value);
/// A zero (or the given float value) of a scalar LLVM-compatible type.
Value scalarConst(OpBuilder &b, Location loc, Type type, double value);
/// Sign-extends or truncates an integer to `type`.
Value intCast(OpBuilder &b, Location loc, Value v, Type type,
              bool isSigned = true);

/// The constant value of `v` if it is an integer constant (llvm or arith).
std::optional<int64_t> getConstantIntValue(Value v);

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_REGISTERS_H
