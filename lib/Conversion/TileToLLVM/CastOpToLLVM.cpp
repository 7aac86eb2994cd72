//===- CastOpToLLVM.cpp - Float conversions to packed PTX cvt ------------===//
//
// The float casts (arith.extf, truncf, sitofp, uitofp, fptosi, fptoui) that
// the generic elementwise lowering would emit one element at a time, or that
// the NVPTX back end cannot select at all (fp8: LLVM has no fp8 type, so
// f8E4M3FN and f8E5M2 registers are i8), become the packed PTX conversions.
// The registers of a thread are taken in pairs (0, 1), (2, 3), ... in
// register order; a pair goes through one cvt, whose 32-bit (f16x2, bf16x2)
// or 16-bit (fp8x2) result holds register 2k in its low half and 2k+1 in its
// high half, so four consecutive fp8 registers fill one 32-bit register. A
// scalar, or the last register of an odd count, is paired with a zero.
//
//   f32 -> f16 / bf16      nvvm.convert.f32x2.to.{f16x2,bf16x2}
//   (cvt.rn.f16x2.f32) f32 -> f8              nvvm.convert.f32x2.to.f8x2 rn
//   satfinite
//                                              (cvt.rn.satfinite.e4m3x2.f32)
//   f16 -> f8              nvvm.convert.f16x2.to.f8x2
//   (cvt.rn.satfinite.e4m3x2.f16x2) bf16 -> f8             bf16 -> f32 (exact),
//   then as f32 f8 -> f16              nvvm.convert.f8x2.to.f16x2
//   (cvt.rn.f16x2.e4m3x2) f8 -> f32 / f64        f8 -> f16, then llvm.fpext per
//   element (exact) f8 -> bf16             f8 -> f16 -> f32 (exact), then
//   packed as f32 -> bf16 int -> f8              sitofp/uitofp to f32, then as
//   f32 f8 -> int              f8 -> f16, then fptosi/fptoui
//
// Conversions to fp8 saturate (.satfinite, as Triton does): finite values
// beyond the largest normal and infinities become +-448 (e4m3) or +-57344
// (e5m2); NaN stays NaN. The fp8 cvt instructions need sm_89 or newer;
// whyElementTypeNotLowerable reports a located error for older targets
// before the conversion runs, and for the element types and ops that have
// no lowering at all (arithmetic on fp8, f64 -> fp8, other small floats).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

//===----------------------------------------------------------------------===//
// What can be lowered
//===----------------------------------------------------------------------===//

bool tile::isFp8Type(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// The element types a tile kernel may compute with or move.
static bool isSupportedFloat(FloatType type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         isFp8Type(type);
}

static std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// The PTX instruction that converts to or from `fp8` (for messages).
static std::string fp8Instruction(Type fp8, Type other, bool toFp8) {
  std::string f8 = isa<Float8E4M3FNType>(fp8) ? "e4m3x2" : "e5m2x2";
  if (!toFp8)
    return "cvt.rn.f16x2." + f8;
  return "cvt.rn.satfinite." + f8 + (other.isF16() ? ".f16x2" : ".f32");
}

std::string tile::whyElementTypeNotLowerable(Operation *op,
                                             int computeCapability) {
  SmallVector<Type> elementTypes;
  for (Type t :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    elementTypes.push_back(getElementTypeOrSelf(t));
  for (Type t : elementTypes)
    if (auto ft = dyn_cast<FloatType>(t); ft && !isSupportedFloat(ft))
      return "element type " + printType(t) +
             " is not supported by the NVPTX lowering; use f16, bf16, f32, "
             "f64, f8E4M3FN or f8E5M2";
  if (!llvm::any_of(elementTypes, isFp8Type))
    return "";

  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect != "arith" && dialect != "math")
    return ""; // Data movement (loads, stores, converts, splats) is bytes.
  if (isa<arith::BitcastOp, arith::ConstantOp, arith::SelectOp>(op))
    return "";
  if (!isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp,
           arith::FPToSIOp, arith::FPToUIOp>(op)) {
    Type fp8 = *llvm::find_if(elementTypes, isFp8Type);
    return "'" + op->getName().getStringRef().str() + "' on " + printType(fp8) +
           " has no GPU instruction; extend to f16 or f32 with arith.extf, "
           "compute there, and convert back with arith.truncf";
  }

  Type src = getElementTypeOrSelf(op->getOperand(0).getType());
  Type dst = getElementTypeOrSelf(op->getResult(0).getType());
  bool toFp8 = isFp8Type(dst);
  Type fp8 = toFp8 ? dst : src;
  Type other = toFp8 ? src : dst;
  if (toFp8 && other.isF64())
    return "'arith.truncf' from f64 to " + printType(fp8) +
           " is not supported (it would round twice); truncate to f32 "
           "first";
  if (computeCapability < 89)
    return "'" + op->getName().getStringRef().str() + "' " +
           (toFp8 ? "to " : "from ") + printType(fp8) +
           " needs sm_89 or newer (" + fp8Instruction(fp8, other, toFp8) +
           "); the target is sm_" + std::to_string(computeCapability);
  return "";
}

//===----------------------------------------------------------------------===//
// Packed conversions of register lists
//===----------------------------------------------------------------------===//

namespace {

/// Calls `convertPair(lo, hi)` on registers (0, 1), (2, 3), ... (the last
/// one of an odd count paired with a zero of its type); it returns a vector
/// of two values, element 0 converted from `lo`. Returns the elements in
/// register order.
SmallVector<Value>
convertPairs(OpBuilder &b, Location loc, ArrayRef<Value> regs,
             llvm::function_ref<Value(Value lo, Value hi)> convertPair) {
  SmallVector<Value> out;
  for (size_t i = 0; i < regs.size(); i += 2) {
    Value lo = regs[i];
    Value hi = i + 1 < regs.size() ? regs[i + 1]
                                   : scalarConst(b, loc, lo.getType(), 0);
    Value pair = convertPair(lo, hi);
    out.push_back(
        LLVM::ExtractElementOp::create(b, loc, pair, i32Const(b, loc, 0)));
    if (i + 1 < regs.size())
      out.push_back(
          LLVM::ExtractElementOp::create(b, loc, pair, i32Const(b, loc, 1)));
  }
  return out;
}

/// vector<2 x T> of (lo, hi).
Value makePair(OpBuilder &b, Location loc, Value lo, Value hi) {
  auto type = VectorType::get({2}, lo.getType());
  Value v = LLVM::PoisonOp::create(b, loc, type);
  v = LLVM::InsertElementOp::create(b, loc, v, lo, i32Const(b, loc, 0));
  return LLVM::InsertElementOp::create(b, loc, v, hi, i32Const(b, loc, 1));
}

/// f32 pairs to f16x2 or bf16x2: cvt.rn.{f16,bf16}x2.f32 d, hi, lo.
SmallVector<Value> f32ToHalf(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                             Type half) {
  auto rn = NVVM::FPRoundingMode::RN;
  auto sat = NVVM::SaturationMode::NONE;
  return convertPairs(b, loc, regs, [&](Value lo, Value hi) -> Value {
    auto type = VectorType::get({2}, half);
    if (half.isF16())
      return NVVM::ConvertF32x2ToF16x2Op::create(b, loc, type, hi, lo,
                                                 /*random_bits=*/Value(), rn,
                                                 sat, /*relu=*/false);
    return NVVM::ConvertF32x2ToBF16x2Op::create(b, loc, type, hi, lo,
                                                /*random_bits=*/Value(), rn,
                                                sat, /*relu=*/false);
  });
}

/// f32 pairs to fp8x2: cvt.rn.satfinite.{e4m3,e5m2}x2.f32 d, hi, lo (the
/// first operand lands in the high byte).
SmallVector<Value> f32ToFp8(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                            Type fp8) {
  auto type = VectorType::get({2}, b.getI8Type());
  return convertPairs(b, loc, regs, [&](Value lo, Value hi) -> Value {
    return NVVM::ConvertF32x2ToF8x2Op::create(
        b, loc, type, hi, lo, NVVM::FPRoundingMode::RN,
        NVVM::SaturationMode::SATFINITE, /*relu=*/false, Type(fp8));
  });
}

/// f16 pairs to fp8x2: cvt.rn.satfinite.{e4m3,e5m2}x2.f16x2 (lane by lane).
SmallVector<Value> f16ToFp8(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                            Type fp8) {
  auto type = VectorType::get({2}, b.getI8Type());
  return convertPairs(b, loc, regs, [&](Value lo, Value hi) -> Value {
    return NVVM::ConvertF16x2ToF8x2Op::create(
        b, loc, type, makePair(b, loc, lo, hi), /*relu=*/false, Type(fp8));
  });
}

/// fp8 pairs to f16x2: cvt.rn.f16x2.{e4m3,e5m2}x2 (lane by lane, exact).
SmallVector<Value> fp8ToF16(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                            Type fp8) {
  auto type = VectorType::get({2}, b.getF16Type());
  return convertPairs(b, loc, regs, [&](Value lo, Value hi) -> Value {
    return NVVM::ConvertF8x2ToF16x2Op::create(
        b, loc, type, makePair(b, loc, lo, hi), /*relu=*/false, Type(fp8));
  });
}

SmallVector<Value> fpext(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                         Type to) {
  SmallVector<Value> out;
  for (Value r : regs)
    out.push_back(r.getType() == to ? r : LLVM::FPExtOp::create(b, loc, to, r));
  return out;
}

/// Float registers of type `from` (fp8 as its i8 registers) to `to`; one of
/// them is fp8, or the conversion is f32 -> f16/bf16. Exact steps first,
/// then one rounding step.
SmallVector<Value> convertFloats(OpBuilder &b, Location loc,
                                 ArrayRef<Value> regs, Type from, Type to) {
  Type f32 = b.getF32Type();
  if (isFp8Type(from)) {
    SmallVector<Value> halves = fp8ToF16(b, loc, regs, from);
    if (to.isF16())
      return halves;
    if (to.isBF16())
      return f32ToHalf(b, loc, fpext(b, loc, halves, f32), to);
    return fpext(b, loc, halves, to);
  }
  if (isFp8Type(to)) {
    if (from.isF16())
      return f16ToFp8(b, loc, regs, to);
    return f32ToFp8(b, loc, fpext(b, loc, regs, f32), to);
  }
  return f32ToHalf(b, loc, regs, to);
}

/// Whether the cast from `from` to `to` (element types) is lowered here.
bool isPackedCast(Type from, Type to, bool isTensor) {
  if (isFp8Type(from) || isFp8Type(to))
    return true;
  return isTensor && from.isF32() && (to.isF16() || to.isBF16());
}

template <typename OpTy>
struct FloatCastOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  FloatCastOpConversion(TileLLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<OpTy>(converter, kTileBenefit + 1) {}
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type srcType = op.getIn().getType();
    Type from = getElementTypeOrSelf(srcType);
    Type to = getElementTypeOrSelf(op.getType());
    bool isTensor = isa<RankedTensorType>(srcType);
    if (!isPackedCast(from, to, isTensor))
      return failure();
    Type llResultType = this->getTypeConverter()->convertType(op.getType());
    if (!llResultType)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> regs = isTensor
                                  ? unpackStruct(rewriter, loc, adaptor.getIn())
                                  : SmallVector<Value>{adaptor.getIn()};

    constexpr bool fromInt = std::is_same_v<OpTy, arith::SIToFPOp> ||
                             std::is_same_v<OpTy, arith::UIToFPOp>;
    constexpr bool toInt = std::is_same_v<OpTy, arith::FPToSIOp> ||
                           std::is_same_v<OpTy, arith::FPToUIOp>;
    Type f16 = rewriter.getF16Type(), f32 = rewriter.getF32Type();
    SmallVector<Value> out;
    if constexpr (fromInt) {
      // Integers reach fp8 through f32 (as torch's conversion does).
      for (Value r : regs) {
        if constexpr (std::is_same_v<OpTy, arith::SIToFPOp>)
          out.push_back(LLVM::SIToFPOp::create(rewriter, loc, f32, r));
        else
          out.push_back(LLVM::UIToFPOp::create(rewriter, loc, f32, r));
      }
      out = convertFloats(rewriter, loc, out, f32, to);
    } else if constexpr (toInt) {
      Type llElement = this->getTypeConverter()->convertType(to);
      for (Value h : convertFloats(rewriter, loc, regs, from, f16)) {
        if constexpr (std::is_same_v<OpTy, arith::FPToSIOp>)
          out.push_back(LLVM::FPToSIOp::create(rewriter, loc, llElement, h));
        else
          out.push_back(LLVM::FPToUIOp::create(rewriter, loc, llElement, h));
      }
    } else {
      if (isa<arith::TruncFOp>(op) && from.isF64())
        return rewriter.notifyMatchFailure(op, "f64 -> fp8 is not lowered");
      out = convertFloats(rewriter, loc, regs, from, to);
    }
    replaceWithRegisters(rewriter, op, llResultType, out);
    return success();
  }
};

} // namespace

void tile::populateCastOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<FloatCastOpConversion<arith::ExtFOp>,
               FloatCastOpConversion<arith::TruncFOp>,
               FloatCastOpConversion<arith::SIToFPOp>,
               FloatCastOpConversion<arith::UIToFPOp>,
               FloatCastOpConversion<arith::FPToSIOp>,
               FloatCastOpConversion<arith::FPToUIOp>>(converter);
}
