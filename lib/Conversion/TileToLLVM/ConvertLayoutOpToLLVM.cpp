//===- ConvertLayoutOpToLLVM.cpp - layout.convert to LLVM ----------------===//
//
// A conversion between two distributed layouts is, from cheapest to most
// expensive:
//  - nothing, when the linear layouts are equal;
//  - a register permutation, when both give every thread the same elements
//    (equal thread parts, each destination register found among the source
//    registers);
//  - warp shuffles (WarpShuffleConvert.cpp), when data moves only between
//    lanes of a warp, planWarpShuffle finds a plan and the cost model
//    (ConversionPlan.h) rates it no dearer than shared memory;
//  - otherwise a shared-memory round trip: store every distinct register at
//    its place in a swizzled scratch layout, barrier, load the destination
//    registers (the plain row-major round trip when no plan checks out).
// The convert-strategy option (or a kernel's tile.convert_strategy
// attribute) forces shared memory or shuffles.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "tile/LinearLayout/ConversionPlan.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/ADT/StringSwitch.h"

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

/// The address of element `offset` (i32) of `bytes`-byte elements in the
/// shared-memory scratch area at `smem`.
static Value getScratchAddress(OpBuilder &b, Location loc, Value smem,
                               Value offset, int64_t bytes) {
  Value byteOffset =
      bytes == 1
          ? offset
          : LLVM::MulOp::create(b, loc, offset, i32Const(b, loc, bytes))
                .getResult();
  return LLVM::GEPOp::create(b, loc, smem.getType(), b.getI8Type(), smem,
                             ValueRange{byteOffset});
}

SmallVector<Value> tile::transferThroughSharedMemory(OpBuilder &b,
                                                     Location loc,
                                                     const LinearLayout &src,
                                                     ArrayRef<Value> srcRegs,
                                                     const LinearLayout &dst,
                                                     Type elementType) {
  SmallVector<int32_t> shape = getOutShape(src);
  int64_t bytes = getElementBytes(elementType);
  Value smem = getScratchPtr(b, loc);
  auto addressOf = [&](ArrayRef<Value> coords) {
    return getScratchAddress(b, loc, smem,
                             linearize(b, loc, coords, shape), bytes);
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

//===----------------------------------------------------------------------===//
// Planned (swizzled, vectorized) shared-memory round trip
//===----------------------------------------------------------------------===//

/// Offsets (elements, i32) in the scratch of every register through `map`:
/// the thread part once, the register part as a constant.
static SmallVector<Value> emitScratchOffsets(OpBuilder &b, Location loc,
                                             const LinearLayout &map,
                                             const HardwareIds &ids) {
  LinearLayout thread = getThreadPart(map);
  SmallVector<std::string> outs = map.getOutDimNames();
  unsigned offsetDim = llvm::find(outs, "offset") - outs.begin();
  Value threadOffset = applyLinearLayout(
      b, loc, thread,
      {{kLane.str(), ids.lane}, {kWarp.str(), ids.warp},
       {kBlock.str(), ids.block}})[offsetDim];
  int32_t numRegs = map.getInDimSize(kRegister);
  SmallVector<Value> offsets;
  for (int32_t r = 0; r < numRegs; ++r) {
    int32_t c = applyNamed(map, {{kRegister.str(), r}}, "offset");
    if (c == 0)
      offsets.push_back(threadOffset);
    else if (auto t = getConstantIntValue(threadOffset))
      offsets.push_back(i32Const(b, loc, int32_t(*t) ^ c));
    else
      offsets.push_back(
          LLVM::XOrOp::create(b, loc, threadOffset, i32Const(b, loc, c)));
  }
  return offsets;
}



static SmallVector<Value>
transferWithPlan(OpBuilder &b, Location loc, const SharedMemoryPlan &plan,
                 const LinearLayout &src, ArrayRef<Value> srcRegs,
                 const LinearLayout &dst, Type elementType) {
  int64_t bytes = getElementBytes(elementType);
  Type memType = b.getIntegerType(bytes * 8);
  Value smem = getScratchPtr(b, loc);
  auto addressOf = [&](Value offset) {
    return getScratchAddress(b, loc, smem, offset, bytes);
  };

  emitBarrier(b, loc);
  HardwareIds ids = getHardwareIds(b, loc);
  int32_t srcBroadcast = getBroadcastMasks(src).lookup(kRegister);
  SmallVector<Value> storeOffsets =
      emitScratchOffsets(b, loc, plan.storeMap, ids);
  const VectorAccess &sv = plan.storeVector;
  for (int32_t r = 0; r < int32_t(srcRegs.size()); ++r) {
    if (!sv.isStart(r) || (r & srcBroadcast))
      continue;
    Value addr = addressOf(storeOffsets[r]);
    SmallVector<int32_t> regs = sv.registers(r);
    if (regs.size() == 1) {
      LLVM::StoreOp::create(b, loc, toMemoryInt(b, loc, srcRegs[r]), addr,
                            bytes);
      continue;
    }
    auto vecType = VectorType::get({int64_t(regs.size())}, memType);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (auto [i, reg] : llvm::enumerate(regs))
      vec = LLVM::InsertElementOp::create(b, loc, vec,
                                          toMemoryInt(b, loc, srcRegs[reg]),
                                          i32Const(b, loc, i));
    LLVM::StoreOp::create(b, loc, vec, addr, bytes * regs.size());
  }
  emitBarrier(b, loc);

  int32_t numDst = dst.getInDimSize(kRegister);
  SmallVector<Value> result(numDst);
  SmallVector<Value> loadOffsets = emitScratchOffsets(b, loc, plan.loadMap, ids);
  const VectorAccess &lv = plan.loadVector;
  for (int32_t r = 0; r < numDst; ++r) {
    if (!lv.isStart(r))
      continue;
    Value addr = addressOf(loadOffsets[r]);
    SmallVector<int32_t> regs = lv.registers(r);
    if (regs.size() == 1) {
      Value v = LLVM::LoadOp::create(b, loc, memType, addr, bytes);
      result[r] = fromMemoryInt(b, loc, v, elementType);
      continue;
    }
    auto vecType = VectorType::get({int64_t(regs.size())}, memType);
    Value vec = LLVM::LoadOp::create(b, loc, vecType, addr,
                                     bytes * regs.size());
    for (auto [i, reg] : llvm::enumerate(regs)) {
      Value v = LLVM::ExtractElementOp::create(b, loc, vec,
                                               i32Const(b, loc, i));
      result[reg] = fromMemoryInt(b, loc, v, elementType);
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Choosing the strategy
//===----------------------------------------------------------------------===//

ConvertLowering tile::planConvertLowering(const ReshapeLayouts &layouts,
                                          Type elementType,
                                          ConvertStrategy strategy) {
  return chooseConversion(layouts.src, layouts.dstInSrcSpace,
                          int(getElementBytes(elementType)) * 8, strategy);
}

namespace {

struct ConvertOpConversion : public ConvertOpToLLVMPattern<layout::ConvertOp> {
  ConvertOpConversion(TileLLVMTypeConverter &converter,
                      const ConvertStrategyMap *strategies)
      : ConvertOpToLLVMPattern(converter), strategies(strategies) {}

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
    ConvertStrategy strategy = ConvertStrategy::Auto;
    if (strategies)
      strategy = strategies->lookup(op.getOperation());
    // The same choice the pass sized the scratch for: it depends only on the
    // layouts, the element size and the strategy.
    ConvertLowering lowering =
        planConvertLowering(*layouts, srcType.getElementType(), strategy);
    SmallVector<Value> dstRegs;
    if (lowering.kind == ConvertLowering::Kind::Shuffle)
      dstRegs = emitWarpShuffleConversion(rewriter, loc, *lowering.shufflePlan,
                                          srcRegs);
    else if (lowering.sharedPlan)
      dstRegs = transferWithPlan(rewriter, loc, *lowering.sharedPlan,
                                 layouts->src, srcRegs, layouts->dstInSrcSpace,
                                 elemType);
    else
      dstRegs = transferThroughSharedMemory(rewriter, loc, layouts->src,
                                            srcRegs, layouts->dstInSrcSpace,
                                            elemType);
    if (llvm::any_of(dstRegs, [](Value v) { return !v; }))
      return rewriter.notifyMatchFailure(op, "incomplete conversion plan");
    rewriter.replaceOp(op, packStruct(rewriter, loc, llType, dstRegs));
    return success();
  }

private:
  const ConvertStrategyMap *strategies;
};

} // namespace

void tile::populateConvertLayoutOpToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ConvertStrategyMap *strategies) {
  patterns.add<ConvertOpConversion>(converter, strategies);
}

void tile::populateConvertLayoutOpToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  populateConvertLayoutOpToLLVMPatterns(converter, patterns, nullptr);
}
