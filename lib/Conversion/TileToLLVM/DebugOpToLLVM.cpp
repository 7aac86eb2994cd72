//===- DebugOpToLLVM.cpp - tile.print and tile.assert to CUDA calls -------===//
//
// tile.print calls vprintf (the CUDA device printf: a format string and a
// buffer holding the arguments, each at its natural alignment):
//  - a scalar operand prints one line per thread,
//      "pid (X, Y, Z) tid (T) PREFIXVALUE\n";
//  - a tensor operand one line per element, printed by the thread that
//    owns it (the copy whose free layout bits are zero, as for atomics),
//      "pid (X, Y, Z) idx (I, J, ...) PREFIXVALUE\n".
//  With several operands, "(operand N) " follows the prefix. Values print
//  with %d (integers up to 32 bits, sign-extended; i1 as 0/1), %lld (64-bit
//  integers), %f (floats, widened to double) and %p (pointers).
// tile.assert: where some element of the thread's condition is false, the
// thread calls __assertfail(message, file, line, function, 1), which stops
// the kernel with CUDA's device-side assert error. The pass erases the
// asserts that are not enabled before these patterns run.
//
//===----------------------------------------------------------------------===//

#include "DeviceAssert.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

/// The function `name` of `module`, declared with `type` if absent.
static LLVM::LLVMFuncOp getOrDeclareFunction(OpBuilder &b, ModuleOp module,
                                             StringRef name,
                                             LLVM::LLVMFunctionType type) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// The address (generic) of a NUL-terminated constant string global.
static Value getStringAddress(OpBuilder &b, Location loc, ModuleOp module,
                              StringRef text) {
  std::string data = text.str();
  data.push_back('\0');
  // Reuse a global with the same contents.
  LLVM::GlobalOp global;
  for (auto g : module.getOps<LLVM::GlobalOp>())
    if (g.getSymName().starts_with("tile_str_"))
      if (auto value = dyn_cast_or_null<StringAttr>(g.getValueOrNull()))
        if (value.getValue() == data)
          global = g;
  if (!global) {
    int index = 0;
    std::string name;
    do
      name = "tile_str_" + std::to_string(index++);
    while (module.lookupSymbol(name));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
    global =
        LLVM::GlobalOp::create(b, module.getLoc(), type,
                               /*isConstant=*/true, LLVM::Linkage::Internal,
                               name, b.getStringAttr(data), /*alignment=*/1);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::AddressOfOp::create(b, loc, ptrType, global.getSymName());
}

/// An alloca of `type` at the start of the function around the insertion
/// point (at the insertion point when there is none).
static Value allocaAtEntry(OpBuilder &b, Location loc, Type type) {
  OpBuilder::InsertionGuard guard(b);
  Operation *parent = b.getInsertionBlock()->getParentOp();
  auto fn = dyn_cast<LLVM::LLVMFuncOp>(parent);
  if (!fn)
    fn = parent->getParentOfType<LLVM::LLVMFuncOp>();
  if (fn && !fn.getBody().empty())
    b.setInsertionPointToStart(&fn.getBody().front());
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::AllocaOp::create(b, loc, ptrType, type, i32Const(b, loc, 1),
                                /*alignment=*/8);
}

/// Runs `body` under `cond` (always when null) with an scf.if, which the
/// pipeline lowers to branches after this conversion.
static void emitIf(OpBuilder &b, Location loc, Value cond,
                   llvm::function_ref<void()> body) {
  if (!cond) {
    body();
    return;
  }
  OpBuilder::InsertionGuard guard(b);
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  body();
}

namespace {

/// A value as vprintf takes it, and its conversion specifier.
std::pair<Value, StringRef> toPrintfArg(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return {v, "%p"};
  if (isa<FloatType>(type)) {
    if (!type.isF64())
      v = LLVM::FPExtOp::create(b, loc, b.getF64Type(), v);
    return {v, "%f"};
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits == 64)
    return {v, "%lld"};
  if (bits == 1)
    return {LLVM::ZExtOp::create(b, loc, b.getI32Type(), v), "%d"};
  if (bits < 32)
    v = LLVM::SExtOp::create(b, loc, b.getI32Type(), v);
  return {v, "%d"};
}

/// `text` with every '%' doubled, for a printf format.
std::string escapeFormat(StringRef text) {
  std::string out;
  for (char c : text) {
    out.push_back(c);
    if (c == '%')
      out.push_back('%');
  }
  return out;
}

/// Calls vprintf(format, buffer) with `args` stored in `buffer` (an alloca
/// of the struct of their types).
void emitVprintf(OpBuilder &b, Location loc, ModuleOp module, Value format,
                 Value buffer, Type bufferType, ArrayRef<Value> args) {
  for (auto [i, arg] : llvm::enumerate(args)) {
    Value field =
        LLVM::GEPOp::create(b, loc, buffer.getType(), bufferType, buffer,
                            ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
    LLVM::StoreOp::create(b, loc, arg, field);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  auto fnType = LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrType, ptrType});
  LLVM::LLVMFuncOp fn = getOrDeclareFunction(b, module, "vprintf", fnType);
  LLVM::CallOp::create(b, loc, fn, ValueRange{format, buffer});
}

struct PrintOpConversion : public ConvertOpToLLVMPattern<tl::PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return failure();
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> pids = {
        NVVM::BlockIdXOp::create(rewriter, loc, i32).getResult(),
        NVVM::BlockIdYOp::create(rewriter, loc, i32).getResult(),
        NVVM::BlockIdZOp::create(rewriter, loc, i32).getResult()};
    std::string prefix = escapeFormat(op.getPrefix());
    size_t numArgs = op.getArgs().size();
    if (numArgs == 0) {
      // Only the prefix, once per thread.
      Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, i32);
      SmallVector<Value> args = pids;
      args.push_back(tid);
      Value format = getStringAddress(
          rewriter, loc, module, "pid (%d, %d, %d) tid (%d) " + prefix + "\n");
      SmallVector<Type> types(args.size(), i32);
      auto bufferType =
          LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
      Value buffer = allocaAtEntry(rewriter, loc, bufferType);
      emitVprintf(rewriter, loc, module, format, buffer, bufferType, args);
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      std::string label = prefix;
      if (numArgs > 1)
        label += "(operand " + std::to_string(i) + ") ";
      Value llArg = adaptor.getArgs()[i];
      auto tensor = dyn_cast<RankedTensorType>(arg.getType());
      if (!tensor) {
        Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, i32);
        auto [value, spec] = toPrintfArg(rewriter, loc, llArg);
        SmallVector<Value> args = pids;
        args.push_back(tid);
        args.push_back(value);
        Value format = getStringAddress(
            rewriter, loc, module,
            ("pid (%d, %d, %d) tid (%d) " + label + spec + "\n").str());
        SmallVector<Type> types;
        for (Value a : args)
          types.push_back(a.getType());
        auto bufferType =
            LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
        Value buffer = allocaAtEntry(rewriter, loc, bufferType);
        emitVprintf(rewriter, loc, module, format, buffer, bufferType, args);
        continue;
      }
      std::optional<LinearLayout> ll =
          TileLLVMTypeConverter::getLinearLayout(tensor);
      if (!ll)
        return failure();
      int32_t freeRegs = 0, freeLanes = 0, freeWarps = 0;
      for (auto &[name, mask] : ll->getFreeVariableMasks()) {
        if (name == kRegister)
          freeRegs = mask;
        else if (name == kLane)
          freeLanes = mask;
        else if (name == kWarp)
          freeWarps = mask;
      }
      Value owner;
      if (freeLanes || freeWarps) {
        HardwareIds ids = getHardwareIds(rewriter, loc);
        Value bits = LLVM::OrOp::create(
            rewriter, loc,
            LLVM::AndOp::create(rewriter, loc, ids.lane,
                                i32Const(rewriter, loc, freeLanes)),
            LLVM::AndOp::create(rewriter, loc, ids.warp,
                                i32Const(rewriter, loc, freeWarps)));
        owner = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                     bits, i32Const(rewriter, loc, 0));
      }
      SmallVector<Value> regs = unpackStruct(rewriter, loc, llArg);
      SmallVector<SmallVector<Value>> coords = emitIndices(rewriter, loc, *ll);
      std::string idx = "idx (";
      for (int64_t d = 0; d < tensor.getRank(); ++d)
        idx += d ? ", %d" : "%d";
      idx += ") ";
      Value format;
      Value buffer;
      LLVM::LLVMStructType bufferType;
      for (size_t r = 0; r < regs.size(); ++r) {
        if (int32_t(r) & freeRegs)
          continue;
        auto [value, spec] = toPrintfArg(rewriter, loc, regs[r]);
        SmallVector<Value> args = pids;
        llvm::append_range(args, coords[r]);
        args.push_back(value);
        if (!format) {
          format = getStringAddress(
              rewriter, loc, module,
              ("pid (%d, %d, %d) " + idx + label + spec + "\n").str());
          SmallVector<Type> types;
          for (Value a : args)
            types.push_back(a.getType());
          bufferType =
              LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
          buffer = allocaAtEntry(rewriter, loc, bufferType);
        }
        emitIf(rewriter, loc, owner, [&] {
          emitVprintf(rewriter, loc, module, format, buffer, bufferType, args);
        });
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// The first file:line:col location in `loc`.
std::optional<FileLineColLoc> findFileLoc(Location loc) {
  std::optional<FileLineColLoc> found;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      found = f;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

struct AssertOpConversion : public ConvertOpToLLVMPattern<tl::AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return failure();
    Value cond = adaptor.getCond();
    SmallVector<Value> regs = isa<LLVM::LLVMStructType>(cond.getType())
                                  ? unpackStruct(rewriter, loc, cond)
                                  : SmallVector<Value>{cond};
    // The thread fails when any of its elements is false.
    Value fails;
    for (Value c : regs) {
      Value f =
          LLVM::XOrOp::create(rewriter, loc, c, i1Const(rewriter, loc, true));
      fails =
          fails ? LLVM::OrOp::create(rewriter, loc, fails, f).getResult() : f;
    }
    emitAssertFail(rewriter, loc, op, fails, op.getMessage());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tile::emitAssertFail(OpBuilder &b, Location loc, Operation *op,
                          Value fails, StringRef message) {
  auto module = op->getParentOfType<ModuleOp>();
  std::string file = "unknown";
  unsigned line = 0;
  if (std::optional<FileLineColLoc> fl = findFileLoc(op->getLoc())) {
    file = fl->getFilename().str();
    line = fl->getLine();
  }
  std::string function = "unknown";
  if (auto fn = op->getParentOfType<LLVM::LLVMFuncOp>())
    function = fn.getSymName().str();
  else if (auto kernel = op->getParentOfType<tl::KernelOp>())
    function = kernel.getSymName().str();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  auto fnType = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(b.getContext()),
      {ptrType, ptrType, b.getI32Type(), ptrType, b.getI64Type()});
  LLVM::LLVMFuncOp fn = getOrDeclareFunction(b, module, "__assertfail", fnType);
  emitIf(b, loc, fails, [&] {
    Value text = getStringAddress(b, loc, module, message);
    Value fileName = getStringAddress(b, loc, module, file);
    Value funcName = getStringAddress(b, loc, module, function);
    LLVM::CallOp::create(b, loc, fn,
                         ValueRange{text, fileName, i32Const(b, loc, line),
                                    funcName, i64Const(b, loc, 1)});
  });
}

void tile::populateDebugOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<PrintOpConversion, AssertOpConversion>(converter);
}
