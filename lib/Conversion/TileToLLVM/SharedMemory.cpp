//===- SharedMemory.cpp - The dynamic shared memory and barriers ----------===//

#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/Registers.h"

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
