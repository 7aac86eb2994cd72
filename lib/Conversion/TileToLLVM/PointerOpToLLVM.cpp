//===- PointerOpToLLVM.cpp - Pointer tensors and reshaping to LLVM -------===//
//
// arange, splat, addptr, load, store: one scalar op per register.
// broadcast and expand_dims: register remapping through the linear layouts
// when every thread already holds its elements, else a shared-memory round
// trip (see ConvertLayoutOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/Utility.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

namespace {

/// The register values of a lowered operand: the struct's members for a
/// tensor, `count` copies of a scalar.
SmallVector<Value> getRegisters(OpBuilder &b, Location loc, Value llValue,
                                size_t count) {
  if (isa<LLVM::LLVMStructType>(llValue.getType()))
    return unpackStruct(b, loc, llValue);
  return SmallVector<Value>(count, llValue);
}

struct ArangeOpConversion : public ConvertOpToLLVMPattern<tl::ArangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ArangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = op.getResult().getType();
    std::optional<LinearLayout> ll =
        TileLLVMTypeConverter::getLinearLayout(type);
    Type llType = getTypeConverter()->convertType(type);
    if (!ll || !llType)
      return failure();
    int32_t start = op.getStart();
    SmallVector<Value> values;
    for (SmallVector<Value> &coords : emitIndices(rewriter, loc, *ll)) {
      Value v = coords[0];
      if (start != 0) {
        if (auto c = getConstantIntValue(v))
          v = i32Const(rewriter, loc, *c + start);
        else
          v = LLVM::AddOp::create(rewriter, loc, v,
                                  i32Const(rewriter, loc, start));
      }
      values.push_back(v);
    }
    rewriter.replaceOp(op, packStruct(rewriter, loc, llType, values));
    return success();
  }
};

struct SplatOpConversion : public ConvertOpToLLVMPattern<tl::SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResult().getType());
    auto llType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(type));
    if (!llType)
      return failure();
    SmallVector<Value> values(llType.getBody().size(), adaptor.getSrc());
    rewriter.replaceOp(op, packStruct(rewriter, op.getLoc(), llType, values));
    return success();
  }
};

/// The element type addresses step by: i1 occupies a byte.
Type getPointeeMemoryType(const TypeConverter &converter, Type ptrLike) {
  auto ptrType = cast<tl::PtrType>(getElementTypeOrSelf(ptrLike));
  Type pointee = ptrType.getPointeeType();
  if (pointee.isInteger(1))
    return IntegerType::get(pointee.getContext(), 8);
  if (isa<tl::PtrType>(pointee))
    return LLVM::LLVMPointerType::get(pointee.getContext(), 1);
  return converter.convertType(pointee);
}

struct AddPtrOpConversion : public ConvertOpToLLVMPattern<tl::AddPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getResult().getType();
    Type llType = getTypeConverter()->convertType(resultType);
    if (!llType)
      return failure();
    Type memType = getPointeeMemoryType(*getTypeConverter(), resultType);
    auto ptrType = LLVM::LLVMPointerType::get(getContext(), 1);
    auto gep = [&](Value ptr, Value offset) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, ptrType, memType, ptr,
                                 ValueRange{offset});
    };
    auto structType = dyn_cast<LLVM::LLVMStructType>(llType);
    if (!structType) {
      rewriter.replaceOp(op, gep(adaptor.getPtr(), adaptor.getOffset()));
      return success();
    }
    size_t n = structType.getBody().size();
    SmallVector<Value> ptrs = getRegisters(rewriter, loc, adaptor.getPtr(), n);
    SmallVector<Value> offs =
        getRegisters(rewriter, loc, adaptor.getOffset(), n);
    if (ptrs.size() != n || offs.size() != n)
      return failure();
    SmallVector<Value> results;
    for (size_t i = 0; i < n; ++i)
      results.push_back(gep(ptrs[i], offs[i]));
    rewriter.replaceOp(op, packStruct(rewriter, loc, llType, results));
    return success();
  }
};

/// How many consecutive registers of a pointer tensor may be accessed as one
/// vector: the layout must hold them consecutively along some dim (checked
/// at compile time); that the pointers are consecutive and aligned is
/// checked at run time (vectorGroupOk).
int getPointerVectorWidth(Type ptrTensorType, Type elemType) {
  auto tensor = dyn_cast<RankedTensorType>(ptrTensorType);
  if (!tensor || !elemType.isIntOrFloat())
    return 1;
  unsigned bits = elemType.getIntOrFloatBitWidth();
  if (bits != 16 && bits != 32 && bits != 64)
    return 1;
  std::optional<LinearLayout> ll =
      TileLLVMTypeConverter::getLinearLayout(tensor);
  if (!ll || ll->getInDimSizeLog2(kRegister) == 0)
    return 1;
  ArrayRef<int32_t> first = ll->getBasis(kRegister, 0);
  for (int d = 0; d < ll->getNumOutDims(); ++d)
    if (first[d] == 1)
      return getVectorWidth(*ll, d, std::min<int>(4, 128 / bits));
  return 1;
}

/// True (i1) when the group's pointers are consecutive elements starting at
/// an address aligned to the whole group, and every mask holds.
Value vectorGroupOk(OpBuilder &b, Location loc, ArrayRef<Value> ptrs,
                    ArrayRef<Value> masks, int64_t bytes) {
  Type i64 = b.getI64Type();
  Value ok = emitIsAligned(b, loc, ptrs[0], bytes * ptrs.size());
  Value base = LLVM::PtrToIntOp::create(b, loc, i64, ptrs[0]);
  for (size_t j = 1; j < ptrs.size(); ++j) {
    Value expected =
        LLVM::AddOp::create(b, loc, base, i64Const(b, loc, j * bytes));
    Value actual = LLVM::PtrToIntOp::create(b, loc, i64, ptrs[j]);
    Value same = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                      actual, expected);
    ok = LLVM::AndOp::create(b, loc, ok, same);
  }
  for (Value mask : masks)
    if (mask)
      ok = LLVM::AndOp::create(b, loc, ok, mask);
  return ok;
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<tl::LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getResult().getType();
    Type llType = getTypeConverter()->convertType(resultType);
    Type elemType =
        getTypeConverter()->convertType(getElementTypeOrSelf(resultType));
    if (!llType || !elemType)
      return failure();
    auto structType = dyn_cast<LLVM::LLVMStructType>(llType);
    size_t n = structType ? structType.getBody().size() : 1;
    SmallVector<Value> ptrs = getRegisters(rewriter, loc, adaptor.getPtr(), n);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = getRegisters(rewriter, loc, adaptor.getMask(), n);
    if (adaptor.getOther())
      others = getRegisters(rewriter, loc, adaptor.getOther(), n);
    if (ptrs.size() != n || (!masks.empty() && masks.size() != n) ||
        (!others.empty() && others.size() != n))
      return failure();
    masks.resize(n);
    others.resize(n);
    SmallVector<Value> values;
    int v = getPointerVectorWidth(op.getPtr().getType(), elemType);
    if (v > 1 && n % v == 0) {
      int64_t bytes = getElementBytes(elemType);
      for (size_t r0 = 0; r0 < n; r0 += v) {
        auto groupPtrs = ArrayRef<Value>(ptrs).slice(r0, v);
        auto groupMasks = ArrayRef<Value>(masks).slice(r0, v);
        Value ok = vectorGroupOk(rewriter, loc, groupPtrs, groupMasks, bytes);
        values.append(emitVectorLoad(rewriter, loc, elemType, groupPtrs[0], ok,
                                     groupMasks,
                                     ArrayRef<Value>(others).slice(r0, v)));
      }
    } else {
      for (size_t i = 0; i < n; ++i)
        values.push_back(
            emitLoad(rewriter, loc, elemType, ptrs[i], masks[i], others[i]));
    }
    replaceWithRegisters(rewriter, op, llType, values);
    return success();
  }
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<tl::StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value llPtr = adaptor.getPtr();
    auto structType = dyn_cast<LLVM::LLVMStructType>(llPtr.getType());
    size_t n = structType ? structType.getBody().size() : 1;
    SmallVector<Value> ptrs = getRegisters(rewriter, loc, llPtr, n);
    SmallVector<Value> values =
        getRegisters(rewriter, loc, adaptor.getValue(), n);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = getRegisters(rewriter, loc, adaptor.getMask(), n);
    if (values.size() != n || (!masks.empty() && masks.size() != n))
      return failure();
    masks.resize(n);
    Type elemType = values.front().getType();
    int v = getPointerVectorWidth(op.getPtr().getType(), elemType);
    if (v > 1 && n % v == 0) {
      int64_t bytes = getElementBytes(elemType);
      for (size_t r0 = 0; r0 < n; r0 += v) {
        auto groupPtrs = ArrayRef<Value>(ptrs).slice(r0, v);
        auto groupMasks = ArrayRef<Value>(masks).slice(r0, v);
        Value ok = vectorGroupOk(rewriter, loc, groupPtrs, groupMasks, bytes);
        emitVectorStore(rewriter, loc, ArrayRef<Value>(values).slice(r0, v),
                        groupPtrs[0], ok, groupMasks);
      }
    } else {
      for (size_t i = 0; i < n; ++i)
        emitStore(rewriter, loc, values[i], ptrs[i], masks[i]);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// broadcast and expand_dims: each result register takes the source register
/// holding its element, or goes through shared memory.
template <typename OpTy>
struct ReshapeOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getResult().getType());
    std::optional<ReshapeLayouts> layouts =
        getReshapeLayouts(op.getOperation(), srcType, dstType);
    Type llType = this->getTypeConverter()->convertType(dstType);
    if (!layouts || !llType)
      return failure();
    SmallVector<Value> srcRegs = unpackStruct(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> dstRegs;
    if (auto map = matchRegisters(layouts->src, layouts->dstInSrcSpace)) {
      for (unsigned r : *map)
        dstRegs.push_back(srcRegs[r]);
    } else {
      Type elemType =
          this->getTypeConverter()->convertType(srcType.getElementType());
      dstRegs = transferThroughSharedMemory(rewriter, loc, layouts->src,
                                            srcRegs, layouts->dstInSrcSpace,
                                            elemType);
    }
    rewriter.replaceOp(op, packStruct(rewriter, loc, llType, dstRegs));
    return success();
  }
};

} // namespace

void tile::populatePointerOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<ArangeOpConversion, SplatOpConversion, AddPtrOpConversion,
               LoadOpConversion, StoreOpConversion,
               ReshapeOpConversion<tl::BroadcastOp>,
               ReshapeOpConversion<tl::ExpandDimsOp>>(converter);
}
