//===- MBarrierOpToLLVM.cpp - mbarrier ops to NVVM ------------------------===//
//
// An mbarrier is the 8 bytes at its buffer's shared address (!llvm.ptr<3>).
// The ops are program-level; one thread (tid.x == 0, a PTX predicate)
// performs the single-thread operations:
//   layout.init_barrier    -> @p nvvm.mbarrier.init, nvvm.fence.mbarrier.init,
//                             bar.sync (every thread sees it initialized)
//   layout.barrier_expect  -> @p nvvm.mbarrier.arrive.expect_tx
//   layout.arrive_barrier  -> bar.sync (the CTA's work before it is done;
//                             not with `nosync`),
//                             @p mbarrier.arrive.shared::cta.b64 _, [bar], N
//                             (inline PTX: NVVM's arrive has no predicate);
//                             with `cta %r`: mapa.shared::cluster of the
//                             address to program r, then @p
//                             mbarrier.arrive.shared::cluster (release,
//                             CTA scope: no GPU-wide MEMBAR)
//                             with `per_warpgroup`: no bar.sync, and the
//                             predicate is (thread id % 128) == 0 (the
//                             partition's thread id), one arrival per
//                             warpgroup
//   layout.wait_barrier    -> nvvm.mbarrier.try_wait.parity (every thread;
//                             the op loops until the phase completed); in
//                             a kernel with asserts enabled, the same loop
//                             in inline PTX that gives up after 10 s of
//                             %globaltimer, then __assertfail (a device
//                             assert naming the wait, not a hang)
//   layout.inval_barrier   -> bar.sync, @p mbarrier.inval.shared::cta.b64
//                             (inline PTX, same reason)
//
//===----------------------------------------------------------------------===//

#include "DeviceAssert.h"
#include "TmaLowering.h"
#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

/// The suspend-time hint of each mbarrier.try_wait (ns), as Triton's.
constexpr int64_t kTryWaitTicks = 10000000;

/// `@$0 <ptx>` with the predicate as $0, the mbarrier's 32-bit shared
/// address as $1 and `extra` after it; with `predicateWhole` false, `ptx`
/// places the predicate itself.
void emitPredicatedPtx(OpBuilder &b, Location loc, StringRef ptx, Value pred,
                       Value barrier, ValueRange extra, StringRef extraCons,
                       bool predicateWhole = true) {
  SmallVector<Value> operands{pred, barrier};
  operands.append(extra.begin(), extra.end());
  std::string asmText = ((predicateWhole ? "@$0 " : "") + ptx).str();
  std::string constraints = ("b,r" + extraCons).str();
  Value addr32 = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), barrier);
  operands[1] = addr32;
  LLVM::InlineAsmOp::create(b, loc, Type(), operands, asmText, constraints,
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// Whether this thread is the first of its warpgroup (128 threads), in
/// the partition's numbering (warpgroups are whole in every partition that
/// runs wgmma).
Value emitIsWarpgroupLeader(OpBuilder &b, Location loc) {
  Value tid = emitThreadId(b, loc);
  Value lane = LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, 127));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, lane,
                              i32Const(b, loc, 0));
}

struct InitBarrierOpConversion
    : public ConvertOpToLLVMPattern<layout::InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = emitIsIssuingThread(rewriter, loc);
    NVVM::MBarrierInitOp::create(rewriter, loc, adaptor.getBarrier(),
                                 i32Const(rewriter, loc, op.getCount()), pred);
    NVVM::FenceMbarrierInitOp::create(rewriter, loc);
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectOpConversion
    : public ConvertOpToLLVMPattern<layout::BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = emitIsIssuingThread(rewriter, loc);
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, /*res=*/Type(), adaptor.getBarrier(),
        i32Const(rewriter, loc, op.getBytes()),
        NVVM::MemScopeKindAttr::get(rewriter.getContext(),
                                    NVVM::MemScopeKind::CTA),
        rewriter.getBoolAttr(false), pred);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierOpConversion
    : public ConvertOpToLLVMPattern<layout::ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getNosync() && !op.getPerWarpgroup())
      emitBarrier(rewriter, loc);
    Value pred = op.getPerWarpgroup() ? emitIsWarpgroupLeader(rewriter, loc)
                                      : emitIsIssuingThread(rewriter, loc);
    Value count = i32Const(rewriter, loc, op.getCount());
    if (Value cta = adaptor.getCta()) {
      // The barrier's address in the peer's shared memory window, then an
      // arrival there with the default semantics, release at CTA scope (as
      // CUTLASS's ClusterBarrier::arrive(cta_id)): `.release.cluster`
      // makes ptxas put MEMBAR.ALL.GPU before the arrival, which waits for
      // the program's outstanding global writes (its TMA stores) in every
      // consumer k-step (measured 0.62x the throughput of this form's
      // kernel without clusters at 4096^3; bench/RESULTS.md, h12cluster).
      emitPredicatedPtx(
          rewriter, loc,
          "{ .reg .b32 remote; mapa.shared::cluster.u32 remote, $1, $2; "
          "@$0 mbarrier.arrive.shared::cluster.b64 _, [remote], $3; }",
          pred, adaptor.getBarrier(), ValueRange{cta, count}, ",r,r",
          /*predicateWhole=*/false);
    } else {
      emitPredicatedPtx(rewriter, loc,
                        "mbarrier.arrive.shared::cta.b64 _, [$1], $2;", pred,
                        adaptor.getBarrier(), ValueRange{count}, ",r");
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpConversion
    : public ConvertOpToLLVMPattern<layout::WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value parity = LLVM::AndOp::create(rewriter, loc, adaptor.getPhase(),
                                       i32Const(rewriter, loc, 1));
    if (!op->hasAttr(kBoundedWaitAttr)) {
      NVVM::MBarrierTryWaitParityOp::create(
          rewriter, loc, adaptor.getBarrier(), parity,
          i32Const(rewriter, loc, kTryWaitTicks));
      rewriter.eraseOp(op);
      return success();
    }
    // With asserts: the same loop, which gives up once %globaltimer has
    // advanced kBoundedWaitNanoseconds past its start ($0 = 1), and a
    // device assert then instead of a hang.
    std::string asmStr;
    llvm::raw_string_ostream os(asmStr);
    std::string tryWait = "mbarrier.try_wait.parity.shared::cta.b64 P1, "
                          "[$1], $2, " +
                          std::to_string(kTryWaitTicks) + ";\n";
    // The first try reads no timer: a wait that succeeds at once costs what
    // the unbounded one does.
    os << "{\n.reg .pred P1;\n.reg .u64 t0, t1;\n"
       << tryWait << "@P1 bra DONE;\n"
       << "mov.u64 t0, %globaltimer;\n"
       << "WAIT:\n"
       << tryWait << "@P1 bra DONE;\n"
       << "mov.u64 t1, %globaltimer;\n"
       << "sub.u64 t1, t1, t0;\n"
       << "setp.lt.u64 P1, t1, " << kBoundedWaitNanoseconds << ";\n"
       << "@P1 bra WAIT;\n"
       << "mov.u32 $0, 1;\n"
       << "bra END;\n"
       << "DONE:\n"
       << "mov.u32 $0, 0;\n"
       << "END:\n}";
    // The barrier's shared-window address as a 32-bit register.
    Value address = LLVM::PtrToIntOp::create(
        rewriter, loc, rewriter.getI32Type(), adaptor.getBarrier());
    auto asmOp = LLVM::InlineAsmOp::create(
        rewriter, loc, rewriter.getI32Type(), ValueRange{address, parity},
        asmStr, "=r,r,r",
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
        ArrayAttr());
    Value timedOut =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                             asmOp.getResult(0), i32Const(rewriter, loc, 0));
    emitAssertFail(rewriter, loc, op, timedOut,
                   "layout.wait_barrier: the phase it waits for did not "
                   "complete in " +
                       std::to_string(kBoundedWaitNanoseconds / 1'000'000'000) +
                       " s (a wrong phase parity, barrier_expect bytes the "
                       "copies do not deliver, or arrivals that never come)");
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion
    : public ConvertOpToLLVMPattern<layout::InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    emitBarrier(rewriter, loc);
    Value pred = emitIsIssuingThread(rewriter, loc);
    emitPredicatedPtx(rewriter, loc, "mbarrier.inval.shared::cta.b64 [$1];",
                      pred, adaptor.getBarrier(), ValueRange{}, "");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tile::populateMBarrierOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<InitBarrierOpConversion, BarrierExpectOpConversion,
               ArriveBarrierOpConversion, WaitBarrierOpConversion,
               InvalBarrierOpConversion>(converter);
}
