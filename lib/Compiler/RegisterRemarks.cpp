//===- RegisterRemarks.cpp - Spills and occupancy, said at the source -----===//

#include "RegisterRemarks.h"

#include "tile/Dialect/Tile/Analysis/RegisterPressure.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Support/Arch.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"

#include <algorithm>

using namespace mlir;
using namespace tile;

namespace {
/// Records the estimate of every kernel; changes nothing.
class RecordRegisterPressurePass
    : public PassWrapper<RecordRegisterPressurePass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RecordRegisterPressurePass)

  explicit RecordRegisterPressurePass(
      std::vector<KernelPressureEstimate> &estimates)
      : estimates(estimates) {}

  StringRef getArgument() const override {
    return "tile-record-register-pressure";
  }
  StringRef getDescription() const override {
    return "Keep each kernel's tile-level register estimate for the "
           "assembler's report (tile-compile's register remarks)";
  }

  void runOnOperation() override {
    getOperation().walk([&](tl::KernelOp kernel) {
      tl::RegisterPressure pressure = tl::estimateRegisterPressure(kernel);
      KernelPressureEstimate estimate{kernel.getSymName().str(),
                                      kernel.getLoc()};
      estimate.peak = pressure.peak;
      kernel.walk([&](tl::WarpSpecializeOp ws) {
        for (int32_t regs : ws.getPartitionRegs())
          estimate.setsRegisterBudget |= regs != 0;
      });
      if (pressure.peakOp)
        estimate.peakLoc = pressure.peakOp->getLoc();
      constexpr size_t kTensorsNamed = 4;
      // The largest few, and none that is a small part of the whole.
      for (const tl::LiveTensor &live : pressure.live) {
        if (estimate.tensors.size() == kTensorsNamed ||
            live.registers * 16 < pressure.peak || live.registers < 4)
          break;
        estimate.tensors.push_back(
            {live.value.getLoc(), live.value.getType(), live.registers});
      }
      estimates.push_back(std::move(estimate));
    });
    markAllAnalysesPreserved();
  }

private:
  std::vector<KernelPressureEstimate> &estimates;
};

/// The per-SM resources of an architecture that bound resident blocks.
struct SMLimits {
  unsigned registers = 65536;
  unsigned threads = 2048;
  unsigned blocks = 32;
  uint64_t sharedBytes = 233472;
};

SMLimits getSMLimits(StringRef arch) {
  unsigned cc = parseComputeCapability(arch).value_or(90);
  SMLimits limits;
  if (cc == 80 || cc == 87) {
    limits.sharedBytes = 167936;
  } else if (cc == 86 || cc == 89) {
    limits.threads = 1536;
    limits.blocks = cc == 86 ? 16 : 24;
    limits.sharedBytes = 102400;
  }
  return limits;
}

/// The driver reserves this much shared memory per resident block.
constexpr uint64_t kSharedReservedPerBlock = 1024;
/// Registers are allocated per warp, in units of this many.
constexpr unsigned kRegisterUnitPerWarp = 256;
/// Registers a kernel needs beyond its tensors (addresses, indices, loop
/// counters, predicates), allowed for before calling a count too high.
constexpr int64_t kScalarRegisterAllowance = 32;
} // namespace

std::unique_ptr<Pass> tile::createRecordRegisterPressurePass(
    std::vector<KernelPressureEstimate> &estimates) {
  return std::make_unique<RecordRegisterPressurePass>(estimates);
}

BlocksPerSM tile::computeBlocksPerSM(StringRef arch, unsigned threadsPerBlock,
                                     uint64_t sharedBytes, unsigned registers) {
  SMLimits limits = getSMLimits(arch);
  BlocksPerSM result;
  if (threadsPerBlock == 0)
    return result;
  unsigned warps = (threadsPerBlock + 31) / 32;
  unsigned perWarp = (std::max(registers, 1u) * 32 + kRegisterUnitPerWarp - 1) /
                     kRegisterUnitPerWarp * kRegisterUnitPerWarp;
  result.byRegisters = (limits.registers / perWarp) / warps;
  unsigned byThreads = limits.threads / threadsPerBlock;
  unsigned byShared = limits.blocks;
  if (sharedBytes > 0)
    byShared = limits.sharedBytes / (sharedBytes + kSharedReservedPerBlock);
  result.byOthers = std::min({limits.blocks, byThreads, byShared});
  return result;
}

/// Notes at the busiest point and at its largest tensors.
static void attachTensorNotes(InFlightDiagnostic &diag,
                              const KernelPressureEstimate &estimate) {
  if (estimate.peak == 0)
    return;
  if (estimate.peakLoc)
    diag.attachNote(*estimate.peakLoc)
        << "the busiest point: tensors live here hold about " << estimate.peak
        << " registers per thread";
  for (const KernelPressureEstimate::Tensor &tensor : estimate.tensors) {
    // The layout is the one at that line; the shape says which tensor.
    Type shown = tensor.type;
    if (auto ranked = dyn_cast<RankedTensorType>(shown))
      shown = RankedTensorType::get(ranked.getShape(), ranked.getElementType());
    diag.attachNote(tensor.loc)
        << "this " << shown << " holds " << tensor.registers
        << " registers per thread in its layout";
  }
}

void tile::emitRegisterRemarks(StringRef arch, ArrayRef<KernelInfo> kernels,
                               ArrayRef<KernelResourceUsage> usages,
                               ArrayRef<KernelPressureEstimate> estimates) {
  for (const KernelInfo &kernel : kernels) {
    auto usage = llvm::find_if(usages, [&](const KernelResourceUsage &u) {
      return u.kernel == kernel.name;
    });
    if (usage == usages.end() || usage->registers == 0)
      continue;
    auto estimate =
        llvm::find_if(estimates, [&](const KernelPressureEstimate &e) {
          return e.kernel == kernel.name;
        });
    // Kernels written in the LLVM dialect have no tile-level estimate.
    if (estimate == estimates.end())
      continue;

    unsigned spilled = usage->spillStoreBytes + usage->spillLoadBytes;
    if (spilled > 0) {
      InFlightDiagnostic diag =
          emitRemark(estimate->kernelLoc)
          << "kernel '" << kernel.name
          << "' spills registers to local memory: the "
             "assembler used "
          << usage->registers << " registers per thread, "
          << usage->spillStoreBytes << " bytes of spill stores and "
          << usage->spillLoadBytes << " bytes of spill loads";
      if (estimate->peak > 0)
        diag << "; its tensors need about " << estimate->peak
             << " registers per thread at the busiest point";
      diag << " (fix: a smaller tile, a layout with fewer elements per "
              "thread or more warps, or fewer pipeline stages)";
      attachTensorNotes(diag, *estimate);
      continue;
    }

    // A warp-specialized kernel with regs() asked for its register count
    // (the launch budget setmaxnreg redistributes): fewer live tensors
    // would not change it, so there is nothing to say about occupancy.
    if (estimate->setsRegisterBudget)
      continue;
    BlocksPerSM used = computeBlocksPerSM(arch, kernel.threadsPerBlock,
                                          kernel.sharedBytes, usage->registers);
    int64_t expected = estimate->peak + kScalarRegisterAllowance;
    BlocksPerSM assumed =
        computeBlocksPerSM(arch, kernel.threadsPerBlock, kernel.sharedBytes,
                           unsigned(std::min<int64_t>(expected, 255)));
    unsigned possible = std::min(assumed.byRegisters, assumed.byOthers);
    if (estimate->peak == 0 || used.byRegisters >= possible)
      continue;
    InFlightDiagnostic diag =
        emitRemark(estimate->kernelLoc)
        << "kernel '" << kernel.name << "' uses " << usage->registers
        << " registers per thread, which fit " << used.byRegisters
        << " block(s) of " << kernel.threadsPerBlock
        << " threads per SM; its tensors need about " << estimate->peak
        << " at the busiest point, which (with " << kScalarRegisterAllowance
        << " more for addresses and indices) would fit " << possible
        << " (fix: fewer values live at once, e.g. a smaller tile or "
           "reductions before the next load)";
    attachTensorNotes(diag, *estimate);
  }
}
