//===- KernelOpToLLVM.cpp - tile.kernel and program ids to LLVM ----------===//

#include "DimQueryConversion.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

/// A CUtensorMap: 128 bytes, 64-byte aligned (the driver's cuda.h).
constexpr unsigned kTmaDescriptorBytes = 128;
constexpr int64_t kTmaDescriptorAlign = 64;

/// The parameter type as the launcher sees it: `ptr<f32>`, `i32`, ...
std::string printArgType(Type type) {
  if (isa<layout::TensorDescType>(type))
    return "tma_descriptor";
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  StringRef ref(text);
  ref.consume_front("!tile.");
  return ref.str();
}

struct KernelOpConversion : public ConvertOpToLLVMPattern<tl::KernelOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::KernelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = op.getContext();
    FunctionType fnType = op.getFunctionType();
    if (fnType.getNumResults() != 0)
      return rewriter.notifyMatchFailure(op, "kernels return nothing");

    TypeConverter::SignatureConversion signature(fnType.getNumInputs());
    for (auto [i, type] : llvm::enumerate(fnType.getInputs())) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted)
        return op.emitOpError() << "parameter " << i << " of type " << type
                                << " has no LLVM form";
      signature.addInputs(i, converted);
    }
    auto llvmType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(ctx), signature.getConvertedTypes());
    auto fn = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                       llvmType, LLVM::Linkage::External);

    // A warp-specialized kernel is launched with every partition's warps;
    // when a partition sets its registers, the launch count is explicit
    // (setmaxnreg moves registers from there).
    int64_t numWarps = op.getNumWarps();
    for (auto ws : op.getBody().getOps<tl::WarpSpecializeOp>()) {
      numWarps = ws.getTotalWarps();
      if (llvm::any_of(ws.getPartitionRegs(), [](int32_t r) { return r; }))
        fn->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                    rewriter.getI32IntegerAttr(ws.getLaunchRegs()));
    }
    fn->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                rewriter.getUnitAttr());
    fn->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                rewriter.getDenseI32ArrayAttr(
                    {int32_t(numWarps * kWarpSize), 1, 1}));
    fn->setAttr(kNumWarpsAttr, rewriter.getI32IntegerAttr(numWarps));
    // A compile-time cluster shape: PTX .explicitcluster and
    // .reqnctapercluster (the metadata passes it on to the launcher).
    if (std::optional<ArrayRef<int32_t>> dims = op.getClusterDims())
      fn->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  rewriter.getDenseI32ArrayAttr(*dims));
    int64_t sharedBytes = 0;
    if (auto attr = op->getAttrOfType<IntegerAttr>(kSharedBytesAttr))
      sharedBytes = attr.getInt();
    fn->setAttr(kSharedBytesAttr, rewriter.getI64IntegerAttr(sharedBytes));
    SmallVector<Attribute> argTypes;
    for (auto [i, type] : llvm::enumerate(fnType.getInputs()))
      argTypes.push_back(rewriter.getStringAttr(
          op.getArgAttr(i, tl::kGlobalTensorArgAttr) ? "global_tensor"
                                                     : printArgType(type)));
    fn->setAttr(kArgTypesAttr, rewriter.getArrayAttr(argTypes));
    // The parameter names the kernel was written with (the parser keeps
    // them in the entry block's argument locations), for the metadata.
    SmallVector<Attribute> argNames;
    for (BlockArgument arg : op.getBody().getArguments()) {
      auto nameLoc = dyn_cast<NameLoc>(arg.getLoc());
      if (!nameLoc)
        break;
      argNames.push_back(nameLoc.getName());
    }
    if (!argNames.empty() && argNames.size() == fnType.getNumInputs())
      fn->setAttr(kArgNamesAttr, rewriter.getArrayAttr(argNames));

    // A divisibility promise on a pointer becomes its alignment. Every
    // promise (integers too) is also listed in `tile.arg_divisibility`, so
    // that the kernel metadata, and through it the launcher, which refuses
    // other values, keeps it.
    SmallVector<int64_t> divisibility(fnType.getNumInputs(), 1);
    bool anyPromise = false;
    for (unsigned i = 0, e = fnType.getNumInputs(); i < e; ++i) {
      std::optional<int64_t> div = op.getArgDivisibility(i);
      if (!div)
        continue;
      divisibility[i] = *div;
      anyPromise = true;
      if (isa<tl::PtrType>(fnType.getInput(i)))
        fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      rewriter.getI64IntegerAttr(*div));
    }
    if (anyPromise)
      fn->setAttr(kArgDivisibilityAttr,
                  rewriter.getDenseI64ArrayAttr(divisibility));

    // A TMA descriptor is a 128-byte CUtensorMap passed by value in the
    // parameter space (`__grid_constant__`, 64-byte aligned); the function
    // sees its generic address. The recipe goes on to the metadata.
    for (unsigned i = 0, e = fnType.getNumInputs(); i < e; ++i) {
      if (!isa<layout::TensorDescType>(fnType.getInput(i)))
        continue;
      fn.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(LLVM::LLVMArrayType::get(
                        rewriter.getI8Type(), kTmaDescriptorBytes)));
      fn.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    rewriter.getI64IntegerAttr(kTmaDescriptorAlign));
      fn.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                    rewriter.getUnitAttr());
      if (Attribute recipe = op.getArgAttr(i, tl::kTmaDescriptorArgAttr))
        fn.setArgAttr(i, tl::kTmaDescriptorArgAttr, recipe);
    }

    // A global tensor's recipe goes on to the metadata too.
    for (unsigned i = 0, e = fnType.getNumInputs(); i < e; ++i)
      if (Attribute recipe = op.getArgAttr(i, tl::kGlobalTensorArgAttr))
        fn.setArgAttr(i, tl::kGlobalTensorArgAttr, recipe);

    rewriter.inlineRegionBefore(op.getBody(), fn.getBody(), fn.end());
    if (failed(rewriter.convertRegionTypes(&fn.getBody(), *getTypeConverter(),
                                           &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<tl::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
    return success();
  }
};

} // namespace

void tile::populateKernelOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<KernelOpConversion, ReturnOpConversion,
               DimQueryConversion<tl::ProgramIdOp, NVVM::BlockIdXOp,
                                  NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               DimQueryConversion<tl::NumProgramsOp, NVVM::GridDimXOp,
                                  NVVM::GridDimYOp, NVVM::GridDimZOp>>(
      converter);
}
