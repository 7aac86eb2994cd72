//===- ConvertTileToLLVM.cpp - The convert-tile-to-llvm pass -------------===//
//
// Checks that every op can be lowered (located diagnostics otherwise),
// chooses how each layout.convert is lowered and sizes the shared-memory
// scratch of each kernel, runs one dialect conversion with the tile patterns
// and the upstream arith/math/cf/scf ones, lowers tile.warp_specialize to a
// dispatch on the warp id, then removes the barriers that guard nothing
// (see "Barrier elision" below and docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#include "DeviceAssert.h"
#include "DotLowering.h"
#include "SharedMemoryAccess.h"
#include "SharedMemoryTransfer.h"
#include "TmaLowering.h"
#include "WarpSpecializeLowering.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/TileToLLVM/MemoryOrdering.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Support/Arch.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/MapVector.h"

namespace tile {
#define GEN_PASS_DEF_CONVERTTILETOLLVMPASS
#include "tile/Conversion/Passes.h.inc"
} // namespace tile

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

//===----------------------------------------------------------------------===//
// What can be lowered
//===----------------------------------------------------------------------===//

/// The lowering of a layout.convert under `strategy` (std::nullopt when its
/// layouts are not lowerable, which whyNotLowerable reports).
static std::optional<ConvertLowering>
getConvertLowering(layout::ConvertOp op, ConvertStrategy strategy) {
  auto srcType = dyn_cast<RankedTensorType>(op.getSrc().getType());
  auto dstType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!srcType || !dstType)
    return std::nullopt;
  std::optional<ReshapeLayouts> layouts =
      getReshapeLayouts(op, srcType, dstType);
  if (!layouts)
    return std::nullopt;
  return planConvertLowering(*layouts, srcType.getElementType(), strategy);
}

/// getScratchBytes with the strategy of layout.convert ops given.
static int64_t getScratchBytes(Operation *op, ConvertStrategy strategy) {
  if (auto convert = dyn_cast<layout::ConvertOp>(op)) {
    std::optional<ConvertLowering> lowering =
        getConvertLowering(convert, strategy);
    return lowering ? lowering->scratchBytes : 0;
  }
  return getScratchBytes(op);
}

int64_t tile::getScratchBytes(Operation *op) {
  if (isa<layout::ConvertOp>(op))
    return ::getScratchBytes(op, ConvertStrategy::Auto);
  if (isa<tl::ReduceOp>(op))
    return getReduceScratchBytes(op);
  if (isa<tl::AtomicRMWOp, tl::AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (isa<tl::ScanOp>(op))
    return getScanScratchBytes(op);
  if (isa<tl::SortOp, tl::TopKOp>(op))
    return getSortScratchBytes(op);
  if (isa<tl::TransOp, tl::ReshapeOp, tl::JoinOp, tl::SplitOp, tl::CatOp>(op))
    return getShapeOpScratchBytes(op);
  if (isa<layout::ConvertOp, tl::BroadcastOp, tl::ExpandDimsOp>(op)) {
    auto srcType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto dstType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!srcType || !dstType)
      return 0;
    std::optional<ReshapeLayouts> layouts =
        getReshapeLayouts(op, srcType, dstType);
    if (!layouts || isRegisterOnlyTransfer(*layouts))
      return 0;
    return getTransferScratchBytes(layouts->src, srcType.getElementType());
  }
  return 0;
}

/// Math ops lowered for f32/f16/bf16 (by this library or upstream).
static bool isSupportedFloatMath(Operation *op, Type elementType) {
  bool narrow =
      elementType.isF32() || elementType.isF16() || elementType.isBF16();
  // Selected by the NVPTX back end for every float type.
  if (isa<math::SqrtOp, math::AbsFOp, math::FmaOp, math::FloorOp,
          math::CeilOp, math::TruncOp, math::RoundOp, math::RoundEvenOp,
          math::CopySignOp, math::RsqrtOp>(op))
    return true;
  // Lowered here through the f32 approximations.
  if (isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
          math::Log2Op, math::Log10Op, math::SinOp, math::CosOp,
          math::TanhOp, math::ErfOp>(op))
    return narrow;
  return false;
}

static std::string describeType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Why a value of `type` cannot be lowered ("" if it can).
static std::string whyTypeNotLowerable(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    if (isa<TensorType>(type))
      return "unranked tensors cannot be lowered";
    return "";
  }
  if (!tensor.getEncoding())
    return "tensor has no layout; write one or run layout assignment";
  if (!TileLLVMTypeConverter::getLinearLayout(tensor))
    return "the layout of " + describeType(type) +
           " is not a distributed layout that fits its shape";
  if (tensor.getElementType().isIndex())
    return "tensors of index cannot be lowered; use i32 or i64 elements";
  return "";
}

std::string tile::whyNotLowerable(Operation *op) {
  for (Type type : op->getResultTypes())
    if (std::string why = whyTypeNotLowerable(type); !why.empty())
      return why;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (std::string why = whyTypeNotLowerable(arg.getType()); !why.empty())
          return why;

  StringRef dialect = op->getName().getDialectNamespace();
  if (isTmaOrMBarrierOp(op))
    return whyTmaOpNotLowerable(op);
  if (dialect == "tile") {
    if (isa<tl::ReduceOp>(op))
      return whyReduceNotLowerable(op);
    if (isa<tl::ScanOp>(op))
      return whyScanNotLowerable(op);
    if (isa<tl::SortOp, tl::TopKOp>(op))
      return whySortNotLowerable(op);
    if (isa<tl::KernelOp, tl::ReturnOp, tl::ProgramIdOp, tl::NumProgramsOp,
            tl::MakeViewOp, tl::LoadTileOp, tl::StoreTileOp, tl::LoadAtOp,
            tl::StoreAtOp, tl::ArangeOp, tl::SplatOp, tl::AddPtrOp,
            tl::BroadcastOp, tl::ExpandDimsOp, tl::LoadOp, tl::StoreOp,
            tl::YieldOp, tl::DotOp, tl::DotWaitOp, tl::AtomicRMWOp,
            tl::AtomicCASOp, tl::PrintOp, tl::AssertOp, tl::WarpSpecializeOp,
            tl::TransOp, tl::ReshapeOp, tl::JoinOp, tl::SplitOp, tl::CatOp,
            tl::AssumeMultipleOp, tl::PtrToIntOp, tl::ClusterCtaRankOp,
            tl::ClusterIdOp, tl::NumClustersOp, tl::ClusterArriveOp,
            tl::ClusterWaitOp, tl::WarpIdOp, tl::ReplicaIdOp>(op))
      return "";
    if (isa<tl::AsyncLoadTileOp, tl::AsyncLoadAtOp>(op))
      return whyAsyncCopyNotLowerable(op);
    return "op '" + op->getName().getStringRef().str() +
           "' is not supported by convert-tile-to-llvm yet";
  }
  if (dialect == "layout") {
    if (isa<layout::ConvertOp, layout::BarrierOp, layout::MemDescIndexOp,
            layout::MemDescTransOp, layout::AsyncCommitGroupOp,
            layout::AsyncWaitOp, layout::WarpAnyOp>(op))
      return "";
    if (isa<layout::AsyncCopyGlobalToLocalOp>(op))
      return whyAsyncCopyNotLowerable(op);
    if (auto alloc = dyn_cast<layout::LocalAllocOp>(op)) {
      if (!op->getParentOfType<tl::KernelOp>())
        return "layout.local_alloc must be inside a tile.kernel (shared "
               "memory is allocated per kernel)";
      if (Value src = alloc.getSrc())
        return whyLocalAccessNotLowerable(
            alloc.getType(), cast<RankedTensorType>(src.getType()));
      return "";
    }
    if (auto load = dyn_cast<layout::LocalLoadOp>(op))
      return whyLocalAccessNotLowerable(load.getSrc().getType(),
                                        load.getType());
    if (auto store = dyn_cast<layout::LocalStoreOp>(op))
      return whyLocalAccessNotLowerable(store.getDst().getType(),
                                        store.getSrc().getType());
    return "op '" + op->getName().getStringRef().str() +
           "' is not supported by convert-tile-to-llvm";
  }
  if (dialect == "arith") {
    if (auto cst = dyn_cast<arith::ConstantOp>(op))
      if (isa<RankedTensorType>(cst.getType()) &&
          !isa<SplatElementsAttr>(cst.getValue()))
        return "only splat tensor constants can be lowered; build other "
               "tensors with tile.arange and elementwise ops";
    return "";
  }
  if (dialect == "math") {
    Type element = getElementTypeOrSelf(op->getResult(0).getType());
    if (isa<FloatType>(element)) {
      if (isSupportedFloatMath(op, element))
        return "";
      return "'" + op->getName().getStringRef().str() + "' on " +
             describeType(element) +
             " is not supported by the NVPTX lowering (f32, f16 and bf16 "
             "have exp, exp2, expm1, log, log2, log10, sin, cos, tanh, erf, "
             "sqrt, rsqrt, abs, fma, rounding and copysign)";
    }
    if (isa<math::AbsIOp, math::CountLeadingZerosOp,
            math::CountTrailingZerosOp, math::CtPopOp>(op))
      return "";
    return "'" + op->getName().getStringRef().str() +
           "' is not supported by the NVPTX lowering";
  }
  if (isa<scf::ForOp, scf::IfOp, scf::YieldOp, scf::WhileOp,
          scf::ConditionOp>(op))
    return "";
  if (dialect == "cf" || dialect == "llvm" || dialect == "nvvm" ||
      dialect == "index" || isa<ModuleOp, UnrealizedConversionCastOp>(op))
    return "";
  return "op '" + op->getName().getStringRef().str() +
         "' is not supported by convert-tile-to-llvm";
}

//===----------------------------------------------------------------------===//
// Barrier elision
//===----------------------------------------------------------------------===//
//
// The lowering puts a barrier before every use of the shared scratch (so the
// previous user is done with it) and one between the stores and the loads of
// a round trip. A barrier is redundant when, on every path that reaches it,
// no shared memory was touched since the previous barrier or the kernel's
// start: then no thread can be racing with what follows. A forward "may be
// dirty" analysis over the lowered kernel finds those: a shared-memory access
// (or anything that might be one) makes the state dirty, a barrier makes it
// clean; paths join by OR; scf.for/scf.while bodies are analysed with their
// back edges until the state is stable (so a use at the top of a loop body
// keeps the barrier that orders it after the previous iteration's use), and
// multi-block regions by a fixpoint over their blocks. Ops the analysis does
// not understand count as shared-memory accesses, and regions of unknown ops
// start dirty. Removing a barrier whose incoming state is clean leaves every
// state unchanged, so all of them are removed at once.

namespace {

/// True for a pointer that may address shared memory (shared or generic).
bool mayBeSharedPointer(Type type) {
  auto ptr = dyn_cast<LLVM::LLVMPointerType>(type);
  return ptr && (ptr.getAddressSpace() == 0 || ptr.getAddressSpace() == 3);
}

/// True when the PTX of an inline asm may touch shared memory or
/// synchronize: it names the shared state space, a barrier, a fence, an
/// atomic or asynchronous copy, or a load/store without a global, local,
/// const or param state space.
bool asmMayTouchSharedMemory(StringRef asmText) {
  for (StringRef word : {"shared", "bar", "fence", "atom", "red.", "cp.",
                         "ldmatrix", "stmatrix", "wgmma", "tensormap"})
    if (asmText.contains(word))
      return true;
  for (StringRef op : {"ld.", "st."}) {
    size_t pos = 0;
    while ((pos = asmText.find(op, pos)) != StringRef::npos) {
      pos += op.size();
      StringRef rest = asmText.substr(pos);
      if (!rest.starts_with("global") && !rest.starts_with("local") &&
          !rest.starts_with("const") && !rest.starts_with("param"))
        return true;
    }
  }
  return false;
}

/// True when `op` (without regions) may access shared memory.
bool mayTouchSharedMemory(Operation *op) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return mayBeSharedPointer(load.getAddr().getType());
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return mayBeSharedPointer(store.getAddr().getType());
  if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op))
    return mayBeSharedPointer(rmw.getPtr().getType());
  if (auto cas = dyn_cast<LLVM::AtomicCmpXchgOp>(op))
    return mayBeSharedPointer(cas.getPtr().getType());
  if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
    return llvm::any_of(op->getOperandTypes(), mayBeSharedPointer) ||
           asmMayTouchSharedMemory(inlineAsm.getAsmString());
  // Control flow, and register-to-register warp communication.
  if (op->hasTrait<OpTrait::IsTerminator>() ||
      isa<NVVM::ShflOp, NVVM::VoteSyncOp>(op))
    return false;
  if (isMemoryEffectFree(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &effect : instances) {
    if (isa<MemoryEffects::Allocate, MemoryEffects::Free>(effect.getEffect()))
      continue;
    Value value = effect.getValue();
    if (!value || mayBeSharedPointer(value.getType()))
      return true;
  }
  return false;
}

class BarrierElision {
public:
  /// Analyses `func` (entry state clean for a kernel, dirty otherwise) and
  /// erases the redundant barriers; returns how many.
  int run(LLVM::LLVMFuncOp func) {
    if (func.getBody().empty())
      return 0;
    bool kernel = func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
    visitRegion(func.getBody(), /*dirty=*/!kernel);
    int removed = 0;
    for (auto [barrier, dirty] : dirtyBefore)
      if (!dirty) {
        barrier->erase();
        ++removed;
      }
    return removed;
  }

private:
  /// The state after `op`, given the state before it.
  bool visitOp(Operation *op, bool dirty) {
    if (isa<NVVM::Barrier0Op>(op)) {
      dirtyBefore[op] |= dirty;
      return false;
    }
    if (op->getNumRegions() == 0)
      return dirty || mayTouchSharedMemory(op);
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      // Entry of the body: before the loop, or after an iteration.
      bool entry = dirty;
      while (true) {
        bool exit = visitRegion(forOp.getRegion(), entry);
        if ((dirty || exit) == entry)
          return entry;
        entry = dirty || exit;
      }
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      bool entry = dirty;
      while (true) {
        bool afterCondition = visitRegion(whileOp.getBefore(), entry);
        bool afterBody = visitRegion(whileOp.getAfter(), afterCondition);
        if ((dirty || afterBody) == entry)
          return afterCondition;
        entry = dirty || afterBody;
      }
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      bool thenExit = visitRegion(ifOp.getThenRegion(), dirty);
      bool elseExit = ifOp.getElseRegion().empty()
                          ? dirty
                          : visitRegion(ifOp.getElseRegion(), dirty);
      return thenExit || elseExit;
    }
    // Unknown region semantics: anything may have happened before and
    // inside.
    for (Region &region : op->getRegions())
      visitRegion(region, /*dirty=*/true);
    return true;
  }

  /// Runs the blocks of `region` to a fixpoint; returns the state where
  /// control leaves the region (OR over its exiting blocks).
  bool visitRegion(Region &region, bool entryDirty) {
    if (region.empty())
      return entryDirty;
    llvm::DenseMap<Block *, bool> in, out;
    in[&region.front()] = entryDirty;
    bool changed = true;
    while (changed) {
      changed = false;
      for (Block &block : region) {
        bool state = in.lookup(&block);
        for (Operation &op : block)
          state = visitOp(&op, state);
        auto [it, inserted] = out.try_emplace(&block, state);
        if (!inserted) {
          if (it->second == state)
            continue;
          it->second = state;
        }
        for (Block *succ : block.getSuccessors()) {
          bool &succIn = in[succ];
          if (state && !succIn) {
            succIn = true;
            changed = true;
          }
        }
      }
    }
    bool exit = false;
    for (Block &block : region)
      if (block.getNumSuccessors() == 0)
        exit |= out.lookup(&block);
    return exit;
  }

  /// Per barrier: whether shared memory may have been touched since the
  /// previous barrier on some path reaching it (OR over every visit; the
  /// visits' states only grow, so this is the fixpoint's).
  llvm::MapVector<Operation *, bool> dirtyBefore;
};

} // namespace

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// Kernel attribute that overrides the convert-strategy option.
constexpr llvm::StringLiteral kConvertStrategyAttr = "tile.convert_strategy";

/// The remark of convert-remarks: the lowering chosen and the costs.
void emitConvertRemark(layout::ConvertOp op, const ConvertLowering &lowering) {
  op.emitRemark() << "layout.convert: "
                  << describeConversionChoice(lowering);
}


struct ConvertTileToLLVMPass
    : public tile::impl::ConvertTileToLLVMPassBase<ConvertTileToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    if (parseComputeCapability(arch).value_or(0) < 80) {
      module.emitError() << "convert-tile-to-llvm: unsupported arch '" << arch
                         << "'; use sm_80 or newer (for example sm_90)";
      return signalPassFailure();
    }
    if (indexBitwidth != 32 && indexBitwidth != 64) {
      module.emitError() << "convert-tile-to-llvm: index-bitwidth must be 32 "
                            "or 64, not "
                         << static_cast<unsigned>(indexBitwidth);
      return signalPassFailure();
    }

    // TMA descriptors and global tensors become hidden kernel parameters
    // (TmaDescriptors.cpp, GlobalTensors.cpp).
    bool ok = true;
    for (auto kernel : module.getOps<tl::KernelOp>()) {
      tl::replicateThreadValueLayouts(kernel);
      ok &= succeeded(materializeTmaDescriptors(kernel));
      materializeGlobalTensors(kernel);
    }
    if (!ok)
      return signalPassFailure();

    // Every op must be lowerable; report all that are not.
    int computeCapability = parseComputeCapability(arch).value_or(0);
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::string why = whyElementTypeNotLowerable(op, computeCapability);
      if (why.empty())
        why = whyNotLowerable(op);
      if (auto dot = dyn_cast<tl::DotOp>(op); dot && why.empty())
        why = whyDotNotLowerable(dot, computeCapability);
      if (why.empty())
        why = whyAtomicNotLowerable(op, computeCapability);
      if (why.empty())
        why = whyAccessHintsNotLowerable(op, computeCapability);
      if (why.empty() && isTmaOrMBarrierOp(op) && computeCapability < 90)
        why = "'" + op->getName().getStringRef().str() +
              "' needs sm_90 or newer (TMA and mbarrier transaction counts); "
              "compile with --arch=sm_90";
      if (why.empty() && computeCapability < 90)
        why = whyClusterNotLowerable(op);
      if (why.empty())
        return WalkResult::advance();
      op->emitError(why);
      ok = false;
      return WalkResult::skip(); // one report per unsupported region
    });
    if (!ok)
      return signalPassFailure();

    std::optional<ConvertStrategy> defaultStrategy =
        parseConvertStrategy(convertStrategy);
    if (!defaultStrategy) {
      module.emitError() << "convert-tile-to-llvm: convert-strategy must be "
                            "auto, shared or shuffle, not '"
                         << convertStrategy << "'";
      return signalPassFailure();
    }

    // The strategy of every layout.convert: the kernel's
    // tile.convert_strategy attribute, else the option. A forced shuffle
    // that is not possible falls back to shared memory with a remark.
    ConvertStrategyMap strategies;
    for (auto kernel : module.getOps<tl::KernelOp>()) {
      ConvertStrategy strategy = *defaultStrategy;
      if (Attribute attr = kernel->getAttr(kConvertStrategyAttr)) {
        auto name = dyn_cast<StringAttr>(attr);
        std::optional<ConvertStrategy> parsed =
            name ? parseConvertStrategy(name.getValue()) : std::nullopt;
        if (!parsed) {
          kernel.emitError() << kConvertStrategyAttr
                             << " must be \"auto\", \"shared\" or "
                                "\"shuffle\"";
          return signalPassFailure();
        }
        strategy = *parsed;
      }
      kernel.walk([&](layout::ConvertOp op) {
        strategies[op] = strategy;
        if (strategy != ConvertStrategy::Shuffle && !convertRemarks)
          return;
        std::optional<ConvertLowering> lowering =
            getConvertLowering(op, strategy);
        if (!lowering)
          return;
        if (convertRemarks)
          emitConvertRemark(op, *lowering);
        else if (lowering->kind == ConvertLowering::Kind::SharedMemory)
          op.emitRemark() << "convert-strategy=shuffle: no warp-shuffle "
                             "lowering for this conversion ("
                          << lowering->whyNotShuffle
                          << "); it goes through shared memory";
      });
    }

    annotateAsyncCopies(module);

    // tile.assert is compiled in only when asked for: the enable-asserts
    // option, or tile.enable_asserts on the kernel or the module. With
    // asserts, an mbarrier wait that never completes fails after 10 s
    // (MBarrierOpToLLVM.cpp) instead of hanging.
    bool moduleAsserts =
        enableAsserts || module->hasAttr(tl::kEnableAssertsAttr);
    module.walk([&](Operation *op) {
      if (!isa<tl::AssertOp, layout::WaitBarrierOp>(op))
        return;
      auto kernel = op->getParentOfType<tl::KernelOp>();
      bool asserts =
          moduleAsserts || (kernel && kernel->hasAttr(tl::kEnableAssertsAttr));
      if (isa<layout::WaitBarrierOp>(op)) {
        if (asserts)
          op->setAttr(kBoundedWaitAttr, UnitAttr::get(ctx));
      } else if (!asserts) {
        op->erase();
      }
    });

    // One scratch area per kernel, as large as the largest user needs:
    // layout.convert, tile.reduce, tile.broadcast and tile.expand_dims all
    // use it from offset 0, one at a time (barriers order them). In a
    // warp-specialized kernel the partitions run at the same time and each
    // synchronizes only its own warps, so each partition (each replica) has
    // an area of its own after the one of the code before the op
    // (kScratchAreasAttr; getScratchPtr). The layout.local_alloc buffers
    // follow, each in its own byte range.
    OpBuilder builder(ctx);
    for (auto kernel : module.getOps<tl::KernelOp>()) {
      // The largest scratch of the ops in `region`, those of a
      // warp_specialize's partitions left out (they have their own areas).
      auto scratchOf = [&](Region &region) {
        int64_t bytes = 0;
        region.walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (isa<tl::WarpSpecializeOp>(op))
            return WalkResult::skip();
          ConvertStrategy strategy =
              strategies.lookup_or(op, ConvertStrategy::Auto);
          bytes = std::max(bytes, ::getScratchBytes(op, strategy));
          return WalkResult::advance();
        });
        return int64_t(llvm::alignTo(bytes, 16));
      };
      int64_t bytes = scratchOf(kernel.getBody());
      kernel.walk([&](tl::WarpSpecializeOp ws) {
        SmallVector<int64_t> areas;
        for (unsigned i = 0, e = ws.getNumPartitions(); i < e; ++i) {
          int64_t partitionBytes = scratchOf(ws.getPartition(i));
          areas.append({bytes, partitionBytes});
          bytes += partitionBytes * ws.getPartitionReplicaCount(i);
        }
        ws->setAttr(kScratchAreasAttr, builder.getDenseI64ArrayAttr(areas));
      });
      FailureOr<int64_t> total = allocateSharedMemory(kernel, bytes);
      if (failed(total))
        return signalPassFailure();
      bytes = *total;
      kernel->setAttr(kSharedBytesAttr, builder.getI64IntegerAttr(bytes));
      if (bytes > 0)
        declareSharedMemory(builder, module);
    }

    mlir::LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(indexBitwidth);
    TileLLVMTypeConverter converter(ctx, options);

    // wgmma and setmaxnreg need the architecture-specific target (sm_90a);
    // the driver reads this attribute when it picks the PTX target. A
    // warp-specialized kernel without wgmma (a TMA producer feeding
    // consumers that read the slots into registers) still moves registers
    // between its partitions when any of them has regs().
    bool usesWgmma = false;
    module.walk([&](tl::DotOp dot) {
      if (auto nvmma = dyn_cast<layout::NvmmaAttr>(
              dot.getType().getEncoding()))
        usesWgmma |= nvmma.getVersionMajor() == 3;
    });
    bool needsArchSpecific = usesWgmma;
    module.walk([&](tl::WarpSpecializeOp ws) {
      int32_t launchRegs = ws.getLaunchRegs();
      for (int32_t regs : ws.getPartitionRegs())
        needsArchSpecific |= regs != 0 && regs != launchRegs;
    });
    if (needsArchSpecific)
      module->setAttr(kTargetArchAttr, builder.getStringAttr("sm_90a"));
    // Instructions newer than the PTX ISA the arch implies (fp8 mma.sync):
    // the driver emits at least this version for the whole module.
    unsigned ptxVersion = 0;
    module.walk([&](tl::DotOp dot) {
      ptxVersion = std::max(ptxVersion, getDotPTXVersion(dot));
    });
    if (ptxVersion)
      module->setAttr(kPTXVersionAttr, builder.getI32IntegerAttr(ptxVersion));

    RewritePatternSet patterns(ctx);
    populateKernelOpToLLVMPatterns(converter, patterns);
    populateClusterOpToLLVMPatterns(converter, patterns);
    populateWarpIdOpToLLVMPatterns(converter, patterns);
    populateWarpVoteOpToLLVMPatterns(converter, patterns);
    populateDotOpToLLVMPatterns(converter, patterns, computeCapability,
                                usesWgmma);
    populateViewOpToLLVMPatterns(converter, patterns);
    populatePointerOpToLLVMPatterns(converter, patterns);
    populateAtomicOpToLLVMPatterns(converter, patterns);
    populateDebugOpToLLVMPatterns(converter, patterns);
    populateElementwiseOpToLLVMPatterns(converter, patterns);
    populateCastOpToLLVMPatterns(converter, patterns);
    populateReduceOpToLLVMPatterns(converter, patterns);
    populateScanOpToLLVMPatterns(converter, patterns);
    populateSortOpToLLVMPatterns(converter, patterns);
    populateShapeOpToLLVMPatterns(converter, patterns);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns, &strategies);
    populateSharedMemoryOpToLLVMPatterns(converter, patterns);
    populateTmaOpToLLVMPatterns(converter, patterns);
    populateMBarrierOpToLLVMPatterns(converter, patterns);
    populateAsyncCopyOpToLLVMPatterns(converter, patterns);
    mlir::arith::populateArithToLLVMConversionPatterns(converter, patterns);
    mlir::populateMathToLLVMConversionPatterns(converter, patterns);
    mlir::cf::populateControlFlowToLLVMConversionPatterns(converter,
                                                          patterns);
    mlir::index::populateIndexToLLVMConversionPatterns(converter, patterns);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalDialect<tl::TileDialect, layout::LayoutDialect,
                             arith::ArithDialect, math::MathDialect,
                             cf::ControlFlowDialect, index::IndexDialect>();
    target.addLegalOp<ModuleOp>();
    // Lowered after the conversion, once its regions are
    // (WarpSpecializeOpToLLVM.cpp); until then it keeps the kernel's warps.
    target.addLegalOp<tl::WarpSpecializeOp>();
    module.walk([&](tl::WarpSpecializeOp op) {
      op->setAttr(tl::kDefaultWarpsAttr,
                  builder.getI32IntegerAttr(op.getPartitionWarps(0)));
    });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    lowerWarpSpecializeOps(module);
    // cuTile's latency and memory_order (MemoryOrdering.cpp).
    if (failed(applyAccessQualifiers(module)))
      return signalPassFailure();

    if (elideBarriers)
      for (auto func : module.getOps<LLVM::LLVMFuncOp>())
        BarrierElision().run(func);
  }
};

} // namespace
