//===- SharedMemoryAccess.cpp - Registers to and from shared buffers ------===//
//
// The reg -> mem map of an access is the distributed layout composed with
// the inverse of the buffer's slot layout (planSharedAccess). From it:
//  - ldmatrix, when planLdMatrix finds a plan (16-bit elements);
//  - otherwise one vector ld/st.shared per group of registers that are
//    contiguous and aligned in shared memory (analyzeVectorization), at
//    most 16 bytes and no more than the slot's alignment.
// Each address is the thread part of the map (computed once from the lane
// and warp ids) XOR the compile-time offset of the register.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryAccess.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/LinearLayout/ConversionPlan.h"
#include "tile/LinearLayout/LdMatrixPlan.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {
/// Everything an access needs, derived from the layouts alone.
struct AccessInfo : LocalAccessPlan {
  std::optional<LdMatrixPlan> ldmatrix;
};
} // namespace

/// The largest power of two (at most 16) dividing `bytes`: the alignment
/// every slot of that size has (allocations are aligned to at least 16).
static int64_t getSlotAlignment(int64_t bytes) {
  int64_t align = 16;
  while (align > 1 && bytes % align != 0)
    align /= 2;
  return align;
}

std::optional<LocalAccessPlan>
tile::planLocalAccess(layout::MemDescType mem, const LinearLayout &regs,
                      std::string *why) {
  std::string local;
  if (!why)
    why = &local;
  if (mem.getNumBufferDims() != 0) {
    *why = "the buffer has buffer dims; take one slot first";
    return std::nullopt;
  }
  std::optional<LinearLayout> slot = mem.getSlotLinearLayout();
  if (!slot) {
    *why = "the buffer's layout has no linear form";
    return std::nullopt;
  }
  if ((slot->hasInDim(kBlock) && slot->getInDimSize(kBlock) != 1) ||
      (regs.hasInDim(kBlock) && regs.getInDimSize(kBlock) != 1)) {
    *why = "layouts spread over several CTAs are not supported";
    return std::nullopt;
  }
  int64_t bytes = mem.getElementBytes();
  int elemBits = int(bytes * 8);
  int maxVectorBits =
      int(8 * std::min<int64_t>(16, getSlotAlignment(mem.getSizeInBytes())));
  maxVectorBits = std::max(maxVectorBits, elemBits);
  std::optional<SharedAccessPlan> plan =
      planSharedAccess(regs, *slot, elemBits, why, maxVectorBits);
  if (!plan)
    return std::nullopt;
  LocalAccessPlan result;
  result.offsetMap = plan->map.sublayout(plan->map.getInDimNames(), {"offset"});
  result.vector = plan->vector;
  return result;
}

static std::optional<AccessInfo> analyzeAccess(layout::MemDescType mem,
                                               const LinearLayout &regs,
                                               std::string *why) {
  std::optional<LocalAccessPlan> plan = planLocalAccess(mem, regs, why);
  if (!plan)
    return std::nullopt;
  AccessInfo info;
  static_cast<LocalAccessPlan &>(info) = std::move(*plan);
  int elemBits = int(mem.getElementBytes() * 8);
  if (elemBits == 16 && getSlotAlignment(mem.getSizeInBytes()) == 16)
    info.ldmatrix = planLdMatrix(info.offsetMap, elemBits);
  return info;
}

std::string tile::whyLocalAccessNotLowerable(layout::MemDescType mem,
                                             RankedTensorType tensor) {
  std::optional<LinearLayout> regs =
      TileLLVMTypeConverter::getLinearLayout(tensor);
  if (!regs)
    return "the tensor has no distributed layout that fits its shape";
  std::string why;
  if (!analyzeAccess(mem, *regs, &why))
    return "cannot access the shared buffer " +
           [&] {
             std::string s;
             llvm::raw_string_ostream os(s);
             os << mem;
             return s;
           }() +
           " from registers of this layout: " + why;
  return "";
}

std::optional<LocalLoadKind> tile::getLocalLoadKind(layout::MemDescType mem,
                                                    const LinearLayout &dst) {
  std::optional<AccessInfo> info = analyzeAccess(mem, dst, nullptr);
  if (!info)
    return std::nullopt;
  LocalLoadKind kind;
  kind.vectorElems = info->vector.elems;
  if (info->ldmatrix) {
    kind.ldmatrix = true;
    kind.numMatrices = info->ldmatrix->numMatrices;
    kind.transpose = info->ldmatrix->transpose;
  }
  return kind;
}

int32_t tile::getLocalRegisterOffset(const LinearLayout &offsetMap,
                                     int32_t reg) {
  int32_t off = 0;
  for (int bit = 0; bit < offsetMap.getInDimSizeLog2(kRegister); ++bit)
    if (reg & (1 << bit))
      off ^= offsetMap.getBasis(kRegister, bit, "offset");
  return off;
}

Value tile::emitLocalThreadOffset(OpBuilder &b, Location loc,
                                  const LinearLayout &map,
                                  const HardwareIds &ids) {
  LinearLayout thread = map.hasInDim(kRegister) ? getThreadPart(map) : map;
  return applyLinearLayout(b, loc, thread,
                           {{kLane.str(), ids.lane},
                            {kWarp.str(), ids.warp},
                            {kBlock.str(), ids.block}})[0];
}

Value tile::emitLocalElementAddress(OpBuilder &b, Location loc, Value base,
                                    Value threadOffset, int32_t constOffset,
                                    int64_t bytes) {
  Value offset = threadOffset;
  if (constOffset != 0) {
    if (auto t = getConstantIntValue(threadOffset))
      offset = i32Const(b, loc, int32_t(*t) ^ constOffset);
    else
      offset = LLVM::XOrOp::create(b, loc, threadOffset,
                                   i32Const(b, loc, constOffset));
  }
  if (bytes != 1)
    offset = LLVM::MulOp::create(b, loc, offset, i32Const(b, loc, bytes));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{offset});
}



/// The ldmatrix instructions of `plan`.
static void emitLdMatrix(OpBuilder &b, Location loc, const LdMatrixPlan &plan,
                         const LinearLayout &offsetMap, Value base,
                         const HardwareIds &ids, Type llElemType,
                         MutableArrayRef<Value> result) {
  MLIRContext *ctx = b.getContext();
  Value threadOffset = emitLocalThreadOffset(b, loc, plan.addressMap, ids);
  Type i32 = b.getI32Type();
  Type resType = plan.numMatrices == 1
                     ? i32
                     : LLVM::LLVMStructType::getLiteral(
                           ctx, SmallVector<Type>(plan.numMatrices, i32));
  auto halves = VectorType::get({2}, b.getI16Type());
  for (int32_t call = 0; call < plan.getNumCalls(); ++call) {
    int32_t constOffset =
        getLocalRegisterOffset(offsetMap, plan.getRegister(call, 0, 0));
    Value addr = emitLocalElementAddress(b, loc, base, threadOffset, constOffset, 2);
    Value loaded = NVVM::LdMatrixOp::create(
        b, loc, resType, addr, plan.numMatrices,
        plan.transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (int32_t j = 0; j < plan.numMatrices; ++j) {
      Value word =
          plan.numMatrices == 1
              ? loaded
              : LLVM::ExtractValueOp::create(b, loc, loaded, j).getResult();
      Value pair = LLVM::BitcastOp::create(b, loc, halves, word);
      for (int half = 0; half < 2; ++half) {
        Value v = LLVM::ExtractElementOp::create(b, loc, pair,
                                                 i32Const(b, loc, half));
        result[plan.getRegister(call, j, half)] =
            fromMemoryInt(b, loc, v, llElemType);
      }
    }
  }
}

FailureOr<SmallVector<Value>>
tile::emitLocalLoad(OpBuilder &b, Location loc, layout::MemDescType mem,
                    Value base, const LinearLayout &dst, Type llElemType) {
  std::optional<AccessInfo> info = analyzeAccess(mem, dst, nullptr);
  if (!info)
    return failure();
  HardwareIds ids = getHardwareIds(b, loc);
  int32_t numRegs = dst.getInDimSize(kRegister);
  SmallVector<Value> result(numRegs);
  if (info->ldmatrix) {
    emitLdMatrix(b, loc, *info->ldmatrix, info->offsetMap, base, ids,
                 llElemType, result);
    return result;
  }
  int64_t bytes = mem.getElementBytes();
  Type memType = b.getIntegerType(bytes * 8);
  // Registers at offset 0 from another: loaded once.
  int32_t dupMask = 0;
  for (int bit = 0; bit < info->offsetMap.getInDimSizeLog2(kRegister); ++bit)
    if (info->offsetMap.getBasis(kRegister, bit, "offset") == 0)
      dupMask |= 1 << bit;
  Value threadOffset = emitLocalThreadOffset(b, loc, info->offsetMap, ids);
  const VectorAccess &vector = info->vector;
  for (int32_t r = 0; r < numRegs; ++r) {
    if (!vector.isStart(r) || (r & dupMask))
      continue;
    Value addr = emitLocalElementAddress(b, loc, base, threadOffset,
                                    getLocalRegisterOffset(info->offsetMap, r), bytes);
    SmallVector<int32_t> regs = vector.registers(r);
    if (regs.size() == 1) {
      Value v = LLVM::LoadOp::create(b, loc, memType, addr, bytes);
      result[r] = fromMemoryInt(b, loc, v, llElemType);
      continue;
    }
    auto vecType = VectorType::get({int64_t(regs.size())}, memType);
    Value vec =
        LLVM::LoadOp::create(b, loc, vecType, addr, bytes * regs.size());
    for (auto [i, reg] : llvm::enumerate(regs)) {
      Value v =
          LLVM::ExtractElementOp::create(b, loc, vec, i32Const(b, loc, i));
      result[reg] = fromMemoryInt(b, loc, v, llElemType);
    }
  }
  for (int32_t r = 0; r < numRegs; ++r)
    if (r & dupMask)
      result[r] = result[r & ~dupMask];
  return result;
}

LogicalResult tile::emitLocalStore(OpBuilder &b, Location loc,
                                   layout::MemDescType mem, Value base,
                                   const LinearLayout &src,
                                   ArrayRef<Value> regs) {
  std::optional<AccessInfo> info = analyzeAccess(mem, src, nullptr);
  if (!info || int64_t(regs.size()) != src.getInDimSize(kRegister))
    return failure();
  int64_t bytes = mem.getElementBytes();
  Type memType = b.getIntegerType(bytes * 8);
  HardwareIds ids = getHardwareIds(b, loc);
  Value threadOffset = emitLocalThreadOffset(b, loc, info->offsetMap, ids);
  // A register whose element another register of the thread holds is not
  // stored again.
  int32_t broadcast = getBroadcastMasks(src).lookup(kRegister);
  const VectorAccess &vector = info->vector;
  for (int32_t r = 0; r < int32_t(regs.size()); ++r) {
    if (!vector.isStart(r) || (r & broadcast))
      continue;
    Value addr = emitLocalElementAddress(b, loc, base, threadOffset,
                                    getLocalRegisterOffset(info->offsetMap, r), bytes);
    SmallVector<int32_t> group = vector.registers(r);
    if (group.size() == 1) {
      LLVM::StoreOp::create(b, loc, toMemoryInt(b, loc, regs[r]), addr, bytes);
      continue;
    }
    auto vecType = VectorType::get({int64_t(group.size())}, memType);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (auto [i, reg] : llvm::enumerate(group))
      vec = LLVM::InsertElementOp::create(
          b, loc, vec, toMemoryInt(b, loc, regs[reg]), i32Const(b, loc, i));
    LLVM::StoreOp::create(b, loc, vec, addr, bytes * group.size());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

FailureOr<int64_t> tile::allocateSharedMemory(Operation *kernel,
                                              int64_t scratchBytes) {
  Builder builder(kernel->getContext());
  SmallVector<SharedAllocation> allocations;
  int64_t offset = llvm::alignTo(scratchBytes, 16);
  kernel->walk([&](layout::LocalAllocOp op) {
    int64_t bytes = op.getType().getSizeInBytes();
    int64_t align =
        std::clamp<int64_t>(int64_t(llvm::PowerOf2Ceil(bytes)), 16, 1024);
    offset = llvm::alignTo(offset, align);
    op->setAttr(kSharedOffsetAttr, builder.getI64IntegerAttr(offset));
    // A buffer allocated in a replicated partition is each replica's own:
    // replica r's copy is r x (bytes rounded up to the alignment) further
    // (the lowering of layout.local_alloc adds it).
    int64_t copies = 1;
    if (std::optional<tl::WarpPartition> partition = tl::getWarpPartition(op))
      copies = partition->getReplicaCount();
    int64_t span = copies > 1 ? int64_t(llvm::alignTo(bytes, align)) : bytes;
    if (copies > 1)
      op->setAttr(kSharedReplicaStrideAttr, builder.getI64IntegerAttr(span));
    allocations.push_back({op, offset, span * copies});
    offset += span * copies;
  });
  int64_t total = llvm::alignTo(offset, 16);
  if (total <= kMaxSharedBytes)
    return total;
  InFlightDiagnostic diag =
      kernel->emitError()
      << "the kernel needs " << total
      << " bytes of shared memory, more than the " << kMaxSharedBytes
      << " (227 KiB) a CTA can have: " << scratchBytes
      << " bytes of scratch for layout conversions and reductions, and "
      << allocations.size()
      << " layout.local_alloc buffer(s); use fewer slots or smaller tiles";
  for (const SharedAllocation &a : allocations)
    diag.attachNote(a.op->getLoc()) << "this buffer takes " << a.bytes
                                    << " bytes (at offset " << a.offset << ")";
  return failure();
}
