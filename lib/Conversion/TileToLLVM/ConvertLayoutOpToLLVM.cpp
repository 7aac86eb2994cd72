//===- ConvertLayoutOpToLLVM.cpp - layout.convert to LLVM ----------------===//
//
// A conversion between two distributed layouts is
//  - nothing, when the linear layouts are equal;
//  - a register permutation, when both give every thread the same elements
//    (equal thread parts, each destination register found among the source
//    registers);
//  - otherwise a shared-memory round trip: store every distinct register at
//    its element's row-major offset, barrier, load the destination registers.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/Utility.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <map>

using namespace tile;
namespace LLVM = mlir::LLVM;

SmallVector<int32_t> tile::getOutShape(const LinearLayout &layout) {
  SmallVector<int32_t> shape;
  for (const auto &[name, size] : layout.getOutDims())
    shape.push_back(size);
  return shape;
}

LinearLayout tile::projectOutputs(const LinearLayout &layout,
                                  ArrayRef<int> srcDimOf,
                                  const LinearLayout::DimSizes &outDims) {
  LinearLayout::BasesT bases;
  for (const auto &[name, dimBases] : layout.getBases()) {
    std::vector<LinearLayout::Basis> projected;
    for (const LinearLayout::Basis &basis : dimBases) {
      LinearLayout::Basis p(outDims.size(), 0);
      for (unsigned d = 0; d < basis.size() && d < srcDimOf.size(); ++d)
        if (srcDimOf[d] >= 0)
          p[srcDimOf[d]] = basis[d];
      projected.push_back(std::move(p));
    }
    bases[name] = std::move(projected);
  }
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

std::optional<ReshapeLayouts>
tile::getReshapeLayouts(Operation *op, RankedTensorType srcType,
                        RankedTensorType dstType) {
  std::optional<LinearLayout> src =
      TileLLVMTypeConverter::getLinearLayout(srcType);
  std::optional<LinearLayout> dst =
      TileLLVMTypeConverter::getLinearLayout(dstType);
  if (!src || !dst)
    return std::nullopt;
  int64_t dstRank = dstType.getRank();
  SmallVector<int> srcDimOf(dstRank);
  if (auto expand = dyn_cast<tl::ExpandDimsOp>(op)) {
    int64_t axis = expand.getAxis();
    if (dstRank != srcType.getRank() + 1 || axis < 0 || axis >= dstRank)
      return std::nullopt;
    for (int64_t d = 0; d < dstRank; ++d)
      srcDimOf[d] = d < axis ? d : d == axis ? -1 : d - 1;
  } else {
    if (dstRank != srcType.getRank())
      return std::nullopt;
    for (int64_t d = 0; d < dstRank; ++d)
      srcDimOf[d] = srcType.getDimSize(d) == 1 && dstType.getDimSize(d) != 1
                        ? -1
                        : int(d);
  }
  if (int64_t(src->getNumOutDims()) != srcType.getRank() ||
      int64_t(dst->getNumOutDims()) != dstRank)
    return std::nullopt;
  return ReshapeLayouts{*src, projectOutputs(*dst, srcDimOf, src->getOutDims())};
}

bool tile::isRegisterOnlyTransfer(const ReshapeLayouts &layouts) {
  return matchRegisters(layouts.src, layouts.dstInSrcSpace).has_value();
}

int64_t tile::getTransferScratchBytes(const LinearLayout &src,
                                      Type elementType) {
  return int64_t(src.getTotalOutDimSize()) * getElementBytes(elementType);
}

Value tile::linearize(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                      ArrayRef<int32_t> shape) {
  Value linear;
  int64_t constPart = 0;
  int64_t stride = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    Value c = coords[d];
    if (auto cst = getConstantIntValue(c)) {
      constPart += *cst * stride;
    } else {
      Value term = stride == 1 ? c
                               : LLVM::MulOp::create(b, loc, c,
                                                     i32Const(b, loc, stride))
                                     .getResult();
      linear =
          linear ? LLVM::AddOp::create(b, loc, linear, term).getResult() : term;
    }
    stride *= shape[d];
  }
  if (!linear)
    return i32Const(b, loc, constPart);
  if (constPart != 0)
    linear = LLVM::AddOp::create(b, loc, linear, i32Const(b, loc, constPart));
  return linear;
}

SmallVector<Value> tile::transferThroughSharedMemory(OpBuilder &b,
                                                     Location loc,
                                                     const LinearLayout &src,
                                                     ArrayRef<Value> srcRegs,
                                                     const LinearLayout &dst,
                                                     Type elementType) {
  SmallVector<int32_t> shape = getOutShape(src);
  int64_t bytes = getElementBytes(elementType);
  Value smem = getSharedMemoryPtr(b, loc);
  auto smemType = smem.getType();
  auto addressOf = [&](ArrayRef<Value> coords) -> Value {
    Value linear = linearize(b, loc, coords, shape);
    Value offset =
        bytes == 1 ? linear
                   : LLVM::MulOp::create(b, loc, linear, i32Const(b, loc, bytes))
                         .getResult();
    return LLVM::GEPOp::create(b, loc, smemType, b.getI8Type(), smem,
                               ValueRange{offset});
  };

  // Wait until earlier users of the scratch area are done with it.
  emitBarrier(b, loc);
  int32_t srcBroadcast = getBroadcastMasks(src).lookup(kRegister);
  SmallVector<SmallVector<Value>> srcCoords = emitIndices(b, loc, src);
  for (auto [r, coords] : llvm::enumerate(srcCoords)) {
    if (int32_t(r) & srcBroadcast)
      continue; // another register of this thread holds the same element
    emitStore(b, loc, srcRegs[r], addressOf(coords));
  }
  emitBarrier(b, loc);

  SmallVector<SmallVector<Value>> dstCoords = emitIndices(b, loc, dst);
  // Registers with equal compile-time coordinates hold the same element.
  std::map<SmallVector<int32_t>, Value> loaded;
  SmallVector<Value> result;
  for (auto [r, coords] : llvm::enumerate(dstCoords)) {
    SmallVector<int32_t> key = getRegisterCoords(dst, r);
    auto it = loaded.find(key);
    if (it != loaded.end()) {
      result.push_back(it->second);
      continue;
    }
    Value v = emitLoad(b, loc, elementType, addressOf(coords));
    loaded[key] = v;
    result.push_back(v);
  }
  return result;
}

namespace {

struct ConvertOpConversion : public ConvertOpToLLVMPattern<layout::ConvertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::ConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getResult().getType());
    std::optional<ReshapeLayouts> layouts =
        getReshapeLayouts(op, srcType, dstType);
    Type llType = getTypeConverter()->convertType(dstType);
    if (!layouts || !llType)
      return failure();
    SmallVector<Value> srcRegs = unpackStruct(rewriter, loc, adaptor.getSrc());
    if (auto map = matchRegisters(layouts->src, layouts->dstInSrcSpace)) {
      bool identity = map->size() == srcRegs.size() &&
                      llvm::all_of(llvm::enumerate(*map), [](auto it) {
                        return it.index() == it.value();
                      });
      if (identity && llType == adaptor.getSrc().getType()) {
        rewriter.replaceOp(op, adaptor.getSrc());
        return success();
      }
      SmallVector<Value> dstRegs;
      for (unsigned r : *map)
        dstRegs.push_back(srcRegs[r]);
      rewriter.replaceOp(op, packStruct(rewriter, loc, llType, dstRegs));
      return success();
    }
    Type elemType = getTypeConverter()->convertType(srcType.getElementType());
    SmallVector<Value> dstRegs = transferThroughSharedMemory(
        rewriter, loc, layouts->src, srcRegs, layouts->dstInSrcSpace, elemType);
    rewriter.replaceOp(op, packStruct(rewriter, loc, llType, dstRegs));
    return success();
  }
};

} // namespace

void tile::populateConvertLayoutOpToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertOpConversion>(converter);
}
