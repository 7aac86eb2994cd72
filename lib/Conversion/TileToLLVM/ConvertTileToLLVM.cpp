//===- ConvertTileToLLVM.cpp - The convert-tile-to-llvm pass -------------===//
//
// Checks that every op can be lowered (located diagnostics otherwise), sizes
// the shared-memory scratch of each kernel, then runs one dialect conversion
// with the tile patterns and the upstream arith/math/cf/scf ones.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/Utility.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

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
#include "mlir/Transforms/DialectConversion.h"

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

int64_t tile::getScratchBytes(Operation *op) {
  if (isa<tl::ReduceOp>(op))
    return getReduceScratchBytes(op);
  if (isa<layout::ConvertOp, tl::BroadcastOp, tl::ExpandDimsOp>(op)) {
    auto srcType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto dstType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!srcType || !dstType)
      return 0;
    std::optional<ReshapeLayouts> layouts =
        getReshapeLayouts(op, srcType, dstType);
    if (!layouts || isRegisterOnlyTransfer(*layouts))
      return 0;
    // Only the element size matters for the plan.
    if (isa<layout::ConvertOp>(op))
      return getConvertScratchBytes(layouts->src, layouts->dstInSrcSpace,
                                    srcType.getElementType());
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
    if (auto view = dyn_cast<tl::ViewType>(type); view && view.getLayout())
      return "views with a layout parameter cannot be lowered yet; make the "
             "view with explicit strides";
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
  if (dialect == "tile") {
    if (isa<tl::ReduceOp>(op))
      return whyReduceNotLowerable(op);
    if (isa<tl::KernelOp, tl::ReturnOp, tl::ProgramIdOp, tl::NumProgramsOp,
            tl::MakeViewOp, tl::LoadTileOp, tl::StoreTileOp, tl::LoadAtOp,
            tl::StoreAtOp, tl::ArangeOp, tl::SplatOp, tl::AddPtrOp,
            tl::BroadcastOp, tl::ExpandDimsOp, tl::LoadOp, tl::StoreOp,
            tl::YieldOp>(op))
      return "";
    return "op '" + op->getName().getStringRef().str() +
           "' is not supported by convert-tile-to-llvm yet";
  }
  if (dialect == "layout")
    return isa<layout::ConvertOp>(op)
               ? ""
               : "op '" + op->getName().getStringRef().str() +
                     "' is not supported by convert-tile-to-llvm";
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
// The pass
//===----------------------------------------------------------------------===//

namespace {

/// The compute capability of "sm_XY" / "sm_XYa", or 0.
int parseArch(StringRef arch) {
  if (!arch.consume_front("sm_"))
    return 0;
  arch.consume_back("a");
  int cc = 0;
  if (arch.getAsInteger(10, cc))
    return 0;
  return cc;
}

struct ConvertTileToLLVMPass
    : public tile::impl::ConvertTileToLLVMPassBase<ConvertTileToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    if (parseArch(arch) < 80) {
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

    // Every op must be lowerable; report all that are not.
    bool ok = true;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::string why = whyNotLowerable(op);
      if (why.empty())
        return WalkResult::advance();
      op->emitError(why);
      ok = false;
      return WalkResult::skip(); // one report per unsupported region
    });
    if (!ok)
      return signalPassFailure();

    // One scratch area per kernel, as large as the largest user needs.
    OpBuilder builder(ctx);
    for (auto kernel : module.getOps<tl::KernelOp>()) {
      int64_t bytes = 0;
      kernel.walk([&](Operation *op) {
        bytes = std::max(bytes, getScratchBytes(op));
      });
      bytes = llvm::alignTo(bytes, 16);
      kernel->setAttr(kSharedBytesAttr, builder.getI64IntegerAttr(bytes));
      if (bytes > 0)
        declareSharedMemory(builder, module);
    }

    mlir::LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(indexBitwidth);
    TileLLVMTypeConverter converter(ctx, options);

    RewritePatternSet patterns(ctx);
    populateKernelOpToLLVMPatterns(converter, patterns);
    populateViewOpToLLVMPatterns(converter, patterns);
    populatePointerOpToLLVMPatterns(converter, patterns);
    populateElementwiseOpToLLVMPatterns(converter, patterns);
    populateReduceOpToLLVMPatterns(converter, patterns);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns);
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
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
