//===- TargetPasses.cpp - tile-attach-ptx and the tile-to-ptx pipeline ----===//

#include "tile/Target/Passes.h"

#include "tile/Conversion/Pipelines.h"
#include "tile/Target/PTX.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Error.h"

namespace tile {
#define GEN_PASS_DEF_ATTACHPTXPASS
#include "tile/Target/Passes.h.inc"
} // namespace tile

using namespace tile;

namespace {
struct AttachPTXPass : public tile::impl::AttachPTXPassBase<AttachPTXPass> {
  using AttachPTXPassBase::AttachPTXPassBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    registerTargetTranslations(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (optLevel > 3) {
      // The option's value (an Option streams as nothing).
      module.emitError() << "tile-attach-ptx: opt-level must be 0 to 3, got "
                         << unsigned(optLevel);
      return signalPassFailure();
    }
    llvm::Expected<std::string> ptx = translateToPTX(module, arch, optLevel);
    if (!ptx) {
      module.emitError() << "tile-attach-ptx: "
                         << llvm::toString(ptx.takeError());
      return signalPassFailure();
    }
    module->setAttr(kPTXAttrName, StringAttr::get(&getContext(), *ptx));
  }
};

struct TileToPTXPipelineOptions
    : public PassPipelineOptions<TileToPTXPipelineOptions> {
  Option<std::string> arch{*this, "arch", llvm::cl::desc("The GPU: sm_80+"),
                           llvm::cl::init("sm_90")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("Optimization level (0-3)"),
                            llvm::cl::init(3)};
};
} // namespace

void tile::buildTileToPTXPipeline(OpPassManager &pm, StringRef arch,
                                  unsigned optLevel) {
  TileToLLVMOptions options;
  options.arch = arch.str();
  options.optLevel = optLevel;
  buildTileToLLVMPipeline(pm, options);
  AttachPTXPassOptions attach;
  attach.arch = arch.str();
  attach.optLevel = optLevel;
  pm.addPass(createAttachPTXPass(attach));
}

void tile::registerTargetPassesAndPipelines() {
  registerAttachPTXPass();
  PassPipelineRegistration<TileToPTXPipelineOptions>(
      "tile-to-ptx",
      "Lower tile kernels to LLVM + NVVM and attach their PTX to the module "
      "as the `tile.ptx` attribute",
      [](OpPassManager &pm, const TileToPTXPipelineOptions &options) {
        buildTileToPTXPipeline(pm, options.arch, options.optLevel);
      });
}
