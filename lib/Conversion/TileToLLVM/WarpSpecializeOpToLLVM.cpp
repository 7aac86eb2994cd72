//===- WarpSpecializeOpToLLVM.cpp - warp_specialize to a dispatch -------===//
//
// A warp-specialized kernel is launched with the warps of all partitions
// (KernelOpToLLVM.cpp: maxntid and tile.num_warps count them, and maxnreg
// is 65536 / threads rounded down to 8 when a partition sets registers).
// The op lowers in two steps:
//  1. during the dialect conversion it stays (legal) and the ops in its
//     regions lower in place; those that use thread ids or synchronize the
//     program ask for their partition here: ids count from the partition's
//     first thread (emitThreadId), and CTA-wide barriers become the
//     partition's named barrier `bar.sync id, threads`, id 1 + the
//     replicas of the partitions before it (emitPartitionBarrier); barrier
//     0 stays the whole CTA's;
//  2. after it, lowerWarpSpecializeOps replaces each op by a dispatch:
//       warp = shfl.sync.idx(tid.x >> 5, lane 0)      (warp-uniform)
//       warp < end(0) ? default : warp < end(1) ? partition 1 : ...
//     each partition's block starts with setmaxnreg.inc/dec.sync.aligned
//     (when its regs differ from the launch count), runs the region's block
//     and branches to what followed the op (the kernel's return): the
//     worker warps leave the kernel when they are done.
// A partition with replicas(N) is one region run by N groups of W warps:
// the dispatch sends all N W warps to it; thread ids count from the
// replica's first warp ((tid - first) mod 32 W), its named barrier is the
// partition's first plus the replica (tile.replica_id, (tid - first) /
// 32 W).
// tile.warp_id is the warp-uniform shfl.sync.idx(emitThreadId >> 5, lane
// 0): the warp's index in its partition (in the program outside one).
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {
constexpr int32_t kThreadsPerWarp = 32;
} // namespace

/// tid.x counted from the first warp of the partition at the builder's
/// insertion point (of its first replica); tid.x outside one.
static Value emitPartitionThreadId(OpBuilder &b, Location loc,
                                   std::optional<tl::WarpPartition> partition) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  if (!partition || partition->getFirstWarp() == 0)
    return tid;
  return LLVM::SubOp::create(
      b, loc, tid,
      i32Const(b, loc, partition->getFirstWarp() * kThreadsPerWarp));
}

Value tile::emitThreadId(OpBuilder &b, Location loc) {
  std::optional<tl::WarpPartition> partition =
      tl::getWarpPartition(b.getInsertionBlock());
  Value tid = emitPartitionThreadId(b, loc, partition);
  if (!partition || partition->getReplicaCount() == 1)
    return tid;
  // Within the replica.
  int32_t threads = partition->getNumWarps() * kThreadsPerWarp;
  if (llvm::isPowerOf2_32(threads))
    return LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, threads - 1));
  return LLVM::URemOp::create(b, loc, tid, i32Const(b, loc, threads));
}

Value tile::emitReplicaIndex(OpBuilder &b, Location loc) {
  std::optional<tl::WarpPartition> partition =
      tl::getWarpPartition(b.getInsertionBlock());
  if (!partition || partition->getReplicaCount() == 1)
    return i32Const(b, loc, 0);
  Value tid = emitPartitionThreadId(b, loc, partition);
  int32_t threads = partition->getNumWarps() * kThreadsPerWarp;
  if (llvm::isPowerOf2_32(threads))
    return LLVM::LShrOp::create(b, loc, tid,
                                i32Const(b, loc, llvm::Log2_32(threads)));
  return LLVM::UDivOp::create(b, loc, tid, i32Const(b, loc, threads));
}

std::optional<std::pair<Value, int32_t>>
tile::emitPartitionBarrier(OpBuilder &b, Location loc) {
  std::optional<tl::WarpPartition> partition =
      tl::getWarpPartition(b.getInsertionBlock());
  if (!partition)
    return std::nullopt;
  int32_t threads = partition->getNumWarps() * kThreadsPerWarp;
  Value id = i32Const(b, loc, partition->getFirstBarrier());
  if (partition->getReplicaCount() != 1)
    id = LLVM::AddOp::create(b, loc, id, emitReplicaIndex(b, loc));
  return std::make_pair(id, threads);
}

/// lane 0's `value`, in every lane: a value the compiler sees as the same
/// across the warp (setmaxnreg and named barriers are .aligned; a branch on
/// it is uniform).
static Value broadcastLane0(OpBuilder &b, Location loc, Value value) {
  return NVVM::ShflOp::create(
      b, loc, b.getI32Type(), i32Const(b, loc, -1), value, i32Const(b, loc, 0),
      i32Const(b, loc, kThreadsPerWarp - 1), NVVM::ShflKind::idx, UnitAttr());
}

namespace {

struct WarpIdOpConversion : public ConvertOpToLLVMPattern<tl::WarpIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::WarpIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value tid = emitThreadId(rewriter, loc);
    Value warp = LLVM::LShrOp::create(
        rewriter, loc, tid,
        i32Const(rewriter, loc, llvm::Log2_32(kThreadsPerWarp)));
    rewriter.replaceOp(op, broadcastLane0(rewriter, loc, warp));
    return success();
  }
};

struct ReplicaIdOpConversion
    : public ConvertOpToLLVMPattern<tl::ReplicaIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ReplicaIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<tl::WarpPartition> partition = tl::getWarpPartition(op);
    if (!partition || partition->getReplicaCount() == 1) {
      rewriter.replaceOp(op, i32Const(rewriter, loc, 0));
      return success();
    }
    rewriter.replaceOp(
        op, broadcastLane0(rewriter, loc, emitReplicaIndex(rewriter, loc)));
    return success();
  }
};

} // namespace

void tile::populateWarpIdOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<WarpIdOpConversion, ReplicaIdOpConversion>(converter);
}

/// Lowers one op: see the file comment, step 2.
static void lowerWarpSpecialize(tl::WarpSpecializeOp op) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  Block *block = op->getBlock();
  Block *after = block->splitBlock(std::next(op->getIterator()));

  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value warp = LLVM::LShrOp::create(
      b, loc, tid, i32Const(b, loc, llvm::Log2_32(kThreadsPerWarp)));
  Value uniform = broadcastLane0(b, loc, warp);

  int32_t launchRegs = op.getLaunchRegs();
  unsigned numPartitions = op.getNumPartitions();
  SmallVector<Block *> entries;
  for (unsigned i = 0; i < numPartitions; ++i) {
    Region &region = op.getPartition(i);
    Block *body = &region.front();
    body->moveBefore(after);
    OpBuilder inner = OpBuilder::atBlockBegin(body);
    int32_t regs = op.getPartitionRegs(i);
    if (regs != 0 && regs != launchRegs)
      NVVM::SetMaxRegisterOp::create(
          inner, loc, regs,
          regs > launchRegs ? NVVM::SetMaxRegisterAction::increase
                            : NVVM::SetMaxRegisterAction::decrease);
    inner.setInsertionPointToEnd(body);
    LLVM::BrOp::create(inner, loc, ValueRange(), after);
    entries.push_back(body);
  }

  // The dispatch: partition i when warp < its end, tested in order.
  Block *test = block;
  for (unsigned i = 0; i + 1 < numPartitions; ++i) {
    OpBuilder tb = OpBuilder::atBlockEnd(test);
    if (test == block)
      tb.setInsertionPoint(op);
    Value end = i32Const(tb, loc, op.getPartitionFirstWarp(i + 1));
    Value inside =
        LLVM::ICmpOp::create(tb, loc, LLVM::ICmpPredicate::ult, uniform, end);
    Block *next = entries[i + 1];
    if (i + 2 < numPartitions) {
      next = new Block();
      next->insertBefore(entries[i + 1]);
    }
    LLVM::CondBrOp::create(tb, loc, inside, entries[i], ValueRange(), next,
                           ValueRange());
    test = next;
  }
  op->erase();
}

void tile::lowerWarpSpecializeOps(ModuleOp module) {
  SmallVector<tl::WarpSpecializeOp> ops;
  module.walk([&](tl::WarpSpecializeOp op) { ops.push_back(op); });
  for (tl::WarpSpecializeOp op : ops)
    lowerWarpSpecialize(op);
}
