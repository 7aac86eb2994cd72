//===- LayoutToLinear.cpp - Distributed layouts to #layout.linear ---------===//

#include "tile/Dialect/Layout/Transforms/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinTypes.h"

namespace tile::layout {
#define GEN_PASS_DEF_LAYOUTTOLINEARPASS
#include "tile/Dialect/Layout/Transforms/Passes.h.inc"
} // namespace tile::layout

using namespace tile;
using namespace tile::layout;

namespace {
struct LayoutToLinearPass
    : public tile::layout::impl::LayoutToLinearPassBase<LayoutToLinearPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *ctx = &getContext();

    // Report every tensor whose layout does not fit, at the op using it.
    bool failedAny = false;
    auto checkType = [&](Type type, Operation *op) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !isa_and_nonnull<DistributedLayoutAttrInterface>(
                         tensor.getEncoding()))
        return;
      if (failed(verifyLayoutForShape(
              tensor.getEncoding(), tensor.getShape(), [&]() {
                return op->emitOpError()
                       << "cannot convert the layout of " << tensor << ": ";
              })))
        failedAny = true;
    };
    root->walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        checkType(t, op);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            checkType(arg.getType(), op);
    });
    if (failedAny)
      return signalPassFailure();

    AttrTypeReplacer replacer;
    replacer.addReplacement(
        [ctx](RankedTensorType tensor) -> std::optional<Type> {
          Attribute enc = tensor.getEncoding();
          if (!isa_and_nonnull<DistributedLayoutAttrInterface>(enc) ||
              isa<LinearAttr>(enc))
            return std::nullopt;
          std::optional<LinearLayout> ll =
              toLinearLayout(enc, tensor.getShape());
          if (!ll)
            return std::nullopt;
          return RankedTensorType::get(tensor.getShape(),
                                       tensor.getElementType(),
                                       LinearAttr::get(ctx, *ll));
        });
    replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace
