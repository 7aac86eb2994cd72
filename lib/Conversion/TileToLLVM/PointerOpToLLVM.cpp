//===- PointerOpToLLVM.cpp - Pointer tensors and reshaping to LLVM -------===//
//
// arange, splat, addptr: one scalar op per register. assume_multiple:
// the value itself; ptr_to_int: llvm.ptrtoint. load, store: vectors
// of consecutive registers where the recorded access facts prove the
// pointers consecutive (see docs/Vectorization.md), else one scalar access
// per register.
// broadcast and expand_dims: register remapping through the linear layouts
// when every thread already holds its elements, else a shared-memory round
// trip (see ConvertLayoutOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "PointerVectors.h"
#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/Analysis/AccessFacts.h"
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

/// tile.assume_multiple: the promise is used by the access facts before
/// the lowering; the value passes through.
struct AssumeMultipleOpConversion
    : public ConvertOpToLLVMPattern<tl::AssumeMultipleOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AssumeMultipleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getValue());
    return success();
  }
};

struct PtrToIntOpConversion : public ConvertOpToLLVMPattern<tl::PtrToIntOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::PtrToIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, rewriter.getI64Type(),
                                                  adaptor.getPtr());
    return success();
  }
};

/// The AND of the masks of a vector (null ones are true), on top of `ok`
/// (null: true); null when nothing is left.
Value andMasks(OpBuilder &b, Location loc, Value ok, ArrayRef<Value> masks) {
  for (Value mask : masks)
    if (mask)
      ok = ok ? LLVM::AndOp::create(b, loc, ok, mask).getResult() : mask;
  return ok;
}

/// The condition under which a vector of a pointer access runs (null:
/// always) when its mask is not uniform or its alignment not proven.
Value vectorCondition(OpBuilder &b, Location loc, const PointerVectors &vec,
                      ArrayRef<Value> ptrs, ArrayRef<Value> masks,
                      int64_t bytes) {
  Value ok;
  if (!vec.alignmentProven)
    ok = emitIsAligned(b, loc, ptrs[0], bytes * ptrs.size());
  return andMasks(b, loc, ok, masks);
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
    PointerVectors vec = choosePointerVectors(
        op, op.getPtr().getType(), elemType, bool(adaptor.getMask()));
    int v = vec.width;
    if (v > 1 && n % v == 0) {
      int64_t bytes = getElementBytes(elemType);
      for (size_t r0 = 0; r0 < n; r0 += v) {
        auto groupPtrs = ArrayRef<Value>(ptrs).slice(r0, v);
        auto groupMasks = ArrayRef<Value>(masks).slice(r0, v);
        auto groupOthers = ArrayRef<Value>(others).slice(r0, v);
        if (vec.alignmentProven && vec.maskUniform) {
          values.append(emitAlignedVectorLoad(rewriter, loc, elemType,
                                              groupPtrs[0], v, groupMasks[0],
                                              groupOthers));
          continue;
        }
        Value ok =
            vectorCondition(rewriter, loc, vec, groupPtrs, groupMasks, bytes);
        values.append(emitVectorLoad(
            rewriter, loc, elemType, groupPtrs[0],
            ok ? ok : i1Const(rewriter, loc, true), groupMasks, groupOthers));
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
    PointerVectors vec = choosePointerVectors(
        op, op.getPtr().getType(), elemType, bool(adaptor.getMask()));
    int v = vec.width;
    if (v > 1 && n % v == 0) {
      int64_t bytes = getElementBytes(elemType);
      for (size_t r0 = 0; r0 < n; r0 += v) {
        auto groupPtrs = ArrayRef<Value>(ptrs).slice(r0, v);
        auto groupMasks = ArrayRef<Value>(masks).slice(r0, v);
        auto groupValues = ArrayRef<Value>(values).slice(r0, v);
        if (vec.alignmentProven && vec.maskUniform) {
          emitAlignedVectorStore(rewriter, loc, groupValues, groupPtrs[0],
                                 groupMasks[0]);
          continue;
        }
        Value ok =
            vectorCondition(rewriter, loc, vec, groupPtrs, groupMasks, bytes);
        emitVectorStore(rewriter, loc, groupValues, groupPtrs[0],
                        ok ? ok : i1Const(rewriter, loc, true), groupMasks);
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

/// The layout must hold `width` consecutive registers along some dim d
/// (compile time), and the access facts of `op` must prove the pointers
/// consecutive along d over each of them (contiguity). Alignment proven by
/// the facts lets the vector run unconditionally; otherwise one run-time
/// alignment check per vector decides. Pointers not proven consecutive
/// (gathers, pointers the analysis cannot follow) get scalar accesses: a
/// run-time test of every pointer would cost more than it saves.
PointerVectors tile::choosePointerVectors(Operation *op,
                                          Type ptrTensorType, Type elemType,
                                          bool hasMask) {
  PointerVectors result;
  auto tensor = dyn_cast<RankedTensorType>(ptrTensorType);
  if (!tensor || !elemType.isIntOrFloat())
    return result;
  int maxWidth = getMaxVectorElements(elemType);
  if (maxWidth <= 1)
    return result;
  unsigned bits = elemType.getIntOrFloatBitWidth();
  std::optional<LinearLayout> ll =
      TileLLVMTypeConverter::getLinearLayout(tensor);
  if (!ll || ll->getInDimSizeLog2(kRegister) == 0)
    return result;
  std::optional<tl::PointerAccessFacts> facts = tl::getPointerAccessFacts(op);
  if (!facts || int64_t(facts->contiguity.size()) != ll->getNumOutDims())
    return result;
  ArrayRef<int32_t> first = ll->getBasis(kRegister, 0);
  int dim = -1;
  for (int d = 0; d < ll->getNumOutDims(); ++d)
    if (first[d] == 1)
      dim = d;
  if (dim < 0)
    return result;
  int width = getVectorWidth(*ll, dim, maxWidth);
  // Vectors start at multiples of their width along `dim`, and so do the
  // runs of consecutive pointers.
  while (width > 1 && facts->contiguity[dim] % width != 0)
    width /= 2;
  if (width <= 1)
    return result;
  int64_t bytes = bits / 8;
  int proven = width;
  while (proven > 1 && facts->alignment[dim] < proven * bytes)
    proven /= 2;
  result.width = proven > 1 ? proven : width;
  result.alignmentProven = proven > 1;
  result.maskUniform = !hasMask || (!facts->maskConstancy.empty() &&
                                    facts->maskConstancy[dim] %
                                            result.width ==
                                        0);
  return result;
}

void tile::populatePointerOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns
      .add<ArangeOpConversion, SplatOpConversion, AddPtrOpConversion,
           AssumeMultipleOpConversion, PtrToIntOpConversion, LoadOpConversion,
           StoreOpConversion, ReshapeOpConversion<tl::BroadcastOp>,
           ReshapeOpConversion<tl::ExpandDimsOp>>(converter);
}
