//===- SharedMemory.cpp - The dynamic shared memory and barriers ----------===//

#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

void tile::declareSharedMemory(OpBuilder &b, ModuleOp module) {
  if (module.lookupSymbol(kSharedMemorySymbol))
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/false,
                         LLVM::Linkage::External, kSharedMemorySymbol,
                         /*value=*/Attribute(), /*alignment=*/1024,
                         /*addrSpace=*/3);
}

Value tile::getSharedMemoryPtr(OpBuilder &b, Location loc, int64_t offset) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, ptrType, kSharedMemorySymbol);
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

Value tile::getScratchPtr(OpBuilder &b, Location loc) {
  std::optional<tl::WarpPartition> partition =
      tl::getWarpPartition(b.getInsertionBlock());
  auto areas = partition ? partition->op->getAttrOfType<DenseI64ArrayAttr>(
                               kScratchAreasAttr)
                         : DenseI64ArrayAttr();
  if (!areas || areas.size() < 2 * (partition->index + 1))
    return getSharedMemoryPtr(b, loc);
  int64_t offset = areas[2 * partition->index];
  int64_t bytes = areas[2 * partition->index + 1];
  return offsetForReplica(b, loc, getSharedMemoryPtr(b, loc, offset), bytes);
}

Value tile::offsetForReplica(OpBuilder &b, Location loc, Value base,
                             int64_t stride) {
  std::optional<tl::WarpPartition> partition =
      tl::getWarpPartition(b.getInsertionBlock());
  if (!partition || partition->getReplicaCount() == 1 || stride == 0)
    return base;
  Value replicaOffset = LLVM::MulOp::create(
      b, loc, emitReplicaIndex(b, loc), i32Const(b, loc, int32_t(stride)));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{replicaOffset});
}

void tile::emitBarrier(OpBuilder &b, Location loc) {
  // Inside a warp_specialize partition: its named barrier.
  if (auto named = emitPartitionBarrier(b, loc)) {
    NVVM::BarrierOp::create(b, loc, Type(), named->first,
                            i32Const(b, loc, named->second),
                            NVVM::BarrierReductionAttr(), Value());
    return;
  }
  NVVM::Barrier0Op::create(b, loc);
}
