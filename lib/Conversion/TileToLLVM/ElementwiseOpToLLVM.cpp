//===- ElementwiseOpToLLVM.cpp - arith and math on tensors to LLVM -------===//
//
// An elementwise op on tensors becomes the same op on scalars, once per
// register (scalar operands are reused for every register); the scalar ops
// are then lowered by the upstream arith/math patterns in the same
// conversion. The math functions the NVPTX back end cannot select on its own
// (exp, log, sin, ...) are lowered here for f32 with the PTX approximate
// instructions; f16 and bf16 compute in f32. fp8 values (i8 registers) are
// only moved, selected and bitcast here; their conversions are in
// CastOpToLLVM.cpp.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace tile;
namespace LLVM = mlir::LLVM;

namespace {

//===----------------------------------------------------------------------===//
// Elementwise ops on tensors
//===----------------------------------------------------------------------===//

bool hasTensorOperandOrResult(Operation *op) {
  auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(TileLLVMTypeConverter &converter)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), kTileBenefit,
                          &converter.getContext()) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() ||
        op->getNumRegions() != 0 || !hasTensorOperandOrResult(op))
      return failure();
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect != "arith" && dialect != "math")
      return failure();
    Location loc = op->getLoc();

    // Number of registers: from any tensor result or operand.
    int64_t numRegs = -1;
    for (Type t : llvm::concat<const Type>(op->getResultTypes(),
                                           op->getOperandTypes()))
      if (auto tensor = dyn_cast<RankedTensorType>(t)) {
        numRegs = TileLLVMTypeConverter::getNumRegisters(tensor);
        break;
      }
    if (numRegs <= 0)
      return failure();

    SmallVector<SmallVector<Value>> operandRegs;
    for (auto [original, converted] :
         llvm::zip(op->getOperands(), operands)) {
      if (isa<RankedTensorType>(original.getType())) {
        SmallVector<Value> regs = unpackStruct(rewriter, loc, converted);
        if (int64_t(regs.size()) != numRegs)
          return failure();
        operandRegs.push_back(std::move(regs));
      } else {
        operandRegs.push_back(SmallVector<Value>(numRegs, converted));
      }
    }
    SmallVector<Type> scalarResultTypes;
    SmallVector<Type> resultTypes;
    for (Type t : op->getResultTypes()) {
      Type element = getElementTypeOrSelf(t);
      if (element.isIndex())
        return failure();
      // fp8 has no LLVM type: the ops that may see it (select, bitcast) work
      // on its i8 registers.
      if (isFp8Type(element))
        element = getTypeConverter()->convertType(element);
      scalarResultTypes.push_back(element);
      Type converted = getTypeConverter()->convertType(t);
      if (!converted)
        return failure();
      resultTypes.push_back(converted);
    }

    SmallVector<SmallVector<Value>> resultRegs(op->getNumResults());
    for (int64_t r = 0; r < numRegs; ++r) {
      OperationState state(loc, op->getName());
      for (auto &regs : operandRegs)
        state.addOperands(regs[r]);
      state.addTypes(scalarResultTypes);
      state.propertiesAttr = op->getPropertiesAsAttribute();
      for (NamedAttribute attr : op->getDiscardableAttrs())
        state.addAttribute(attr.getName(), attr.getValue());
      Operation *scalar = rewriter.create(state);
      for (auto [i, result] : llvm::enumerate(scalar->getResults()))
        resultRegs[i].push_back(result);
    }
    SmallVector<Value> results;
    for (auto [i, type] : llvm::enumerate(resultTypes))
      results.push_back(packStruct(rewriter, loc, type, resultRegs[i]));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// The value of an arith.constant element as the LLVM constant attribute of
/// its lowered type: fp8 values become their bits as an i8.
Attribute getLLVMConstantValue(Attribute value) {
  auto floatAttr = dyn_cast<FloatAttr>(value);
  if (!floatAttr || !isFp8Type(floatAttr.getType()))
    return value;
  APInt bits = floatAttr.getValue().bitcastToAPInt();
  return IntegerAttr::get(IntegerType::get(value.getContext(), 8), bits);
}

/// arith.constant with an fp8 scalar value (LLVM has no fp8 type).
struct Fp8ConstantOpConversion
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  Fp8ConstantOpConversion(TileLLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, kTileBenefit) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isFp8Type(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
        op, rewriter.getI8Type(), getLLVMConstantValue(op.getValue()));
    return success();
  }
};

/// arith.constant with a splat tensor value.
struct SplatConstantOpConversion
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  SplatConstantOpConversion(TileLLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, kTileBenefit) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return rewriter.notifyMatchFailure(op, "only splat tensors");
    auto llType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    Type elemType = getTypeConverter()->convertType(type.getElementType());
    if (!llType || !elemType || type.getElementType().isIndex())
      return failure();
    Attribute value = getLLVMConstantValue(dense.getSplatValue<Attribute>());
    Value scalar =
        LLVM::ConstantOp::create(rewriter, op.getLoc(), elemType, value);
    SmallVector<Value> regs(llType.getBody().size(), scalar);
    rewriter.replaceOp(op, packStruct(rewriter, op.getLoc(), llType, regs));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Math functions on f32 (and f16/bf16 through f32)
//===----------------------------------------------------------------------===//

constexpr double kLog2E = 1.4426950408889634;
constexpr double kLn2 = 0.6931471805599453;
constexpr double kLog10Of2 = 0.30102999566398120;

Value f32Const(OpBuilder &b, Location loc, double v) {
  return scalarConst(b, loc, b.getF32Type(), v);
}
Value callF32(OpBuilder &b, Location loc, StringRef intrinsic,
              ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr(intrinsic), args)
      .getResult(0);
}
Value fmul(OpBuilder &b, Location loc, Value x, Value y) {
  return LLVM::FMulOp::create(b, loc, x, y);
}
Value fadd(OpBuilder &b, Location loc, Value x, Value y) {
  return LLVM::FAddOp::create(b, loc, x, y);
}
Value fsub(OpBuilder &b, Location loc, Value x, Value y) {
  return LLVM::FSubOp::create(b, loc, x, y);
}
Value fma(OpBuilder &b, Location loc, Value x, Value y, Value z) {
  return LLVM::FMAOp::create(b, loc, x, y, z);
}
Value exp2(OpBuilder &b, Location loc, Value x) {
  return LLVM::Exp2Op::create(b, loc, x); // ex2.approx.f32
}
/// ex2.approx.ftz.f32: subnormal inputs and results flush to zero (signed),
/// which lets ptxas emit one MUFU.EX2 with no range test around it.
Value exp2Ftz(OpBuilder &b, Location loc, Value x) {
  return callF32(b, loc, "llvm.nvvm.ex2.approx.ftz.f32", x);
}
Value lg2(OpBuilder &b, Location loc, Value x) {
  return callF32(b, loc, "llvm.nvvm.lg2.approx.f", x);
}

/// x - k * 2pi with k = rint(x / 2pi), in two steps (Cody-Waite), so that
/// sin.approx/cos.approx see an argument in [-pi, pi].
Value reduceTwoPi(OpBuilder &b, Location loc, Value x) {
  constexpr double kTwoPiHi = 6.28125;
  constexpr double kTwoPiLo = 1.9353071795864769e-3; // 2pi - kTwoPiHi
  Value k = LLVM::RoundEvenOp::create(
      b, loc, fmul(b, loc, x, f32Const(b, loc, 1.0 / (2.0 * M_PI))));
  Value negK = LLVM::FNegOp::create(b, loc, k);
  Value r = fma(b, loc, negK, f32Const(b, loc, kTwoPiHi), x);
  return fma(b, loc, negK, f32Const(b, loc, kTwoPiLo), r);
}

/// |x| < 2^-6: tanh(x) = x - x^3/3 (relative error below 1e-8); otherwise
/// sign(x) * (1 - 2 / (exp(2|x|) + 1)).
Value tanhF32(OpBuilder &b, Location loc, Value x) {
  Value ax = LLVM::FAbsOp::create(b, loc, x);
  Value e = exp2(b, loc, fmul(b, loc, ax, f32Const(b, loc, 2.0 * kLog2E)));
  Value q = LLVM::FDivOp::create(b, loc, f32Const(b, loc, 2.0),
                                 fadd(b, loc, e, f32Const(b, loc, 1.0)));
  Value big = LLVM::CopySignOp::create(
      b, loc, fsub(b, loc, f32Const(b, loc, 1.0), q), x);
  Value x2 = fmul(b, loc, x, x);
  Value small = fma(b, loc, fmul(b, loc, x2, f32Const(b, loc, -1.0 / 3.0)), x,
                    x);
  Value isSmall = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::olt, ax,
                                       f32Const(b, loc, 0.015625));
  return LLVM::SelectOp::create(b, loc, isSmall, small, big);
}

/// Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7).
Value erfF32(OpBuilder &b, Location loc, Value x) {
  Value ax = LLVM::FAbsOp::create(b, loc, x);
  Value t = LLVM::FDivOp::create(
      b, loc, f32Const(b, loc, 1.0),
      fma(b, loc, ax, f32Const(b, loc, 0.3275911), f32Const(b, loc, 1.0)));
  const double a[] = {0.254829592, -0.284496736, 1.421413741, -1.453152027,
                      1.061405429};
  Value poly = f32Const(b, loc, a[4]);
  for (int i = 3; i >= 0; --i)
    poly = fma(b, loc, poly, t, f32Const(b, loc, a[i]));
  poly = fmul(b, loc, poly, t);
  Value negX2 = LLVM::FNegOp::create(b, loc, fmul(b, loc, ax, ax));
  Value e = exp2(b, loc, fmul(b, loc, negX2, f32Const(b, loc, kLog2E)));
  Value y = fsub(b, loc, f32Const(b, loc, 1.0), fmul(b, loc, poly, e));
  return LLVM::CopySignOp::create(b, loc, y, x);
}

template <typename OpTy>
Value emitF32Math(OpBuilder &b, Location loc, Value x);

template <> Value emitF32Math<math::ExpOp>(OpBuilder &b, Location loc, Value x) {
  return exp2(b, loc, fmul(b, loc, x, f32Const(b, loc, kLog2E)));
}
template <>
Value emitF32Math<math::ExpM1Op>(OpBuilder &b, Location loc, Value x) {
  Value e = emitF32Math<math::ExpOp>(b, loc, x);
  // Near zero, expm1(x) ~ x + x^2/2 is more accurate than exp(x) - 1.
  Value ax = LLVM::FAbsOp::create(b, loc, x);
  Value small = fma(b, loc, fmul(b, loc, x, x), f32Const(b, loc, 0.5), x);
  Value isSmall = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::olt, ax,
                                       f32Const(b, loc, 1e-3));
  return LLVM::SelectOp::create(b, loc, isSmall, small,
                                fsub(b, loc, e, f32Const(b, loc, 1.0)));
}
template <> Value emitF32Math<math::LogOp>(OpBuilder &b, Location loc, Value x) {
  return fmul(b, loc, lg2(b, loc, x), f32Const(b, loc, kLn2));
}
template <>
Value emitF32Math<math::Log2Op>(OpBuilder &b, Location loc, Value x) {
  return lg2(b, loc, x);
}
template <>
Value emitF32Math<math::Log10Op>(OpBuilder &b, Location loc, Value x) {
  return fmul(b, loc, lg2(b, loc, x), f32Const(b, loc, kLog10Of2));
}
template <> Value emitF32Math<math::SinOp>(OpBuilder &b, Location loc, Value x) {
  return callF32(b, loc, "llvm.nvvm.sin.approx.f", reduceTwoPi(b, loc, x));
}
template <> Value emitF32Math<math::CosOp>(OpBuilder &b, Location loc, Value x) {
  return callF32(b, loc, "llvm.nvvm.cos.approx.f", reduceTwoPi(b, loc, x));
}
template <>
Value emitF32Math<math::TanhOp>(OpBuilder &b, Location loc, Value x) {
  return tanhF32(b, loc, x);
}
template <> Value emitF32Math<math::ErfOp>(OpBuilder &b, Location loc, Value x) {
  return erfF32(b, loc, x);
}
template <>
Value emitF32Math<math::RsqrtOp>(OpBuilder &b, Location loc, Value x) {
  return LLVM::FDivOp::create(b, loc, f32Const(b, loc, 1.0),
                              LLVM::SqrtOp::create(b, loc, x));
}

/// exp and exp2 carrying `afn` (approximate functions, also part of `fast`)
/// take the flush-to-zero ex2, as Triton's exp2 does; without it they keep
/// the IEEE subnormal range (ex2.approx.f32, which ptxas wraps in a range
/// test). Every other function ignores the flag.
template <typename OpTy>
Value emitF32MathWithFlags(OpBuilder &b, Location loc, Value x, bool afn) {
  return emitF32Math<OpTy>(b, loc, x);
}
template <>
Value emitF32MathWithFlags<math::Exp2Op>(OpBuilder &b, Location loc, Value x,
                                         bool afn) {
  return afn ? exp2Ftz(b, loc, x) : exp2(b, loc, x);
}
template <>
Value emitF32MathWithFlags<math::ExpOp>(OpBuilder &b, Location loc, Value x,
                                        bool afn) {
  Value y = fmul(b, loc, x, f32Const(b, loc, kLog2E));
  return afn ? exp2Ftz(b, loc, y) : exp2(b, loc, y);
}

template <typename OpTy>
struct FastMathOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  FastMathOpConversion(TileLLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<OpTy>(converter, kTileBenefit) {}
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!(type.isF32() || type.isF16() || type.isBF16()))
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (!type.isF32())
      x = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF32Type(), x);
    bool afn = false;
    if (auto flags = dyn_cast<arith::ArithFastMathInterface>(op.getOperation()))
      afn = arith::bitEnumContainsAll(flags.getFastMathFlagsAttr().getValue(),
                                      arith::FastMathFlags::afn);
    Value y = emitF32MathWithFlags<OpTy>(rewriter, loc, x, afn);
    if (!type.isF32())
      y = LLVM::FPTruncOp::create(rewriter, loc, type, y);
    rewriter.replaceOp(op, y);
    return success();
  }
};

} // namespace

void tile::populateElementwiseOpToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseOpConversion, SplatConstantOpConversion,
               Fp8ConstantOpConversion,
               FastMathOpConversion<math::ExpOp>,
               FastMathOpConversion<math::Exp2Op>,
               FastMathOpConversion<math::ExpM1Op>,
               FastMathOpConversion<math::LogOp>,
               FastMathOpConversion<math::Log2Op>,
               FastMathOpConversion<math::Log10Op>,
               FastMathOpConversion<math::SinOp>,
               FastMathOpConversion<math::CosOp>,
               FastMathOpConversion<math::TanhOp>,
               FastMathOpConversion<math::ErfOp>,
               FastMathOpConversion<math::RsqrtOp>>(converter);
}
