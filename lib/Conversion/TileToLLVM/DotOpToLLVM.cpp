//===- DotOpToLLVM.cpp - tile.dot to mma.sync, wgmma or FMA ---------------===//
//
// A dot is lowered by the accumulator's layout:
//  - #layout.nvmma version 2: mma.sync.m16n8kK per warp (K = 16 for 16-bit
//    inputs, 8 for tf32, 32 for 8-bit), operands in dot_operand layouts.
//  - #layout.nvmma version 3: wgmma.mma_async per warpgroup (in
//    WgmmaOpToLLVM.cpp).
//  - any other distributed layout: multiply-adds on the CUDA cores, each
//    thread holding whole rows of A and columns of B (dot_operand layouts
//    with a blocked parent); exact for f32 (input_precision = ieee).
// Which registers feed which instruction is decided by MmaSyncPlan /
// FmaPlan from the linear forms (tile/LinearLayout/MmaPlan.h), so this file
// only packs registers into the instruction's operand types and emits it.
// planDotLowering is also what the pass asks, before converting, whether a
// dot can be lowered at all, so that every refusal is a located error.
//
//===----------------------------------------------------------------------===//

#include "DotLowering.h"

#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

Type getOperandElementType(Value v) {
  if (auto tensor = dyn_cast<RankedTensorType>(v.getType()))
    return tensor.getElementType();
  if (auto memdesc = dyn_cast<layout::MemDescType>(v.getType()))
    return memdesc.getElementType();
  return {};
}

/// The K of one mma.sync / wgmma for inputs of `type`.
int getInstrK(Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits == 32 ? 8 : bits == 16 ? 16 : 32;
}

} // namespace

FailureOr<DotLowering> tile::planDotLowering(tl::DotOp op, int computeCapability,
                                             std::string *why) {
  auto fail = [&](const Twine &msg) -> FailureOr<DotLowering> {
    if (why)
      *why = msg.str();
    return failure();
  };
  RankedTensorType cType = op.getC().getType();
  std::optional<LinearLayout> c = TileLLVMTypeConverter::getLinearLayout(cType);
  if (!c)
    return fail("tile.dot: the accumulator has no distributed layout that "
                "fits its shape");
  Type inType = getOperandElementType(op.getA());
  DotLowering lowering;
  lowering.instrK = getInstrK(inType);
  auto nvmma = dyn_cast<layout::NvmmaAttr>(cType.getEncoding());

  auto operandLayout = [&](Value v, StringRef name)
      -> FailureOr<LinearLayout> {
    auto tensor = dyn_cast<RankedTensorType>(v.getType());
    if (!tensor) {
      (void)fail("tile.dot: operand " + name +
                 " in shared memory needs a version 3 #layout.nvmma "
                 "accumulator (wgmma)");
      return failure();
    }
    std::optional<LinearLayout> ll =
        TileLLVMTypeConverter::getLinearLayout(tensor);
    if (!ll) {
      (void)fail("tile.dot: operand " + name +
                 " has no distributed layout that fits its shape");
      return failure();
    }
    return *ll;
  };

  if (!nvmma) {
    // CUDA cores.
    if (isFp8(inType))
      return fail("tile.dot: fp8 inputs need tensor cores; give the result an "
                  "#layout.nvmma layout");
    FailureOr<LinearLayout> a = operandLayout(op.getA(), "A");
    if (failed(a))
      return failure();
    FailureOr<LinearLayout> b = operandLayout(op.getB(), "B");
    if (failed(b))
      return failure();
    std::string error;
    lowering.fma = FmaPlan::build(*a, *b, *c, &error);
    if (!lowering.fma)
      return fail("tile.dot on CUDA cores: " + error +
                  "; use #layout.dot_operand layouts whose parent is the "
                  "result's layout");
    lowering.kind = DotLowering::Kind::Fma;
    return lowering;
  }

  if (inType.isF32() && op.getPrecision() == tl::InputPrecision::ieee)
    return fail("tile.dot: input_precision = ieee multiplies on the CUDA "
                "cores; give the result a blocked layout (tensor cores round "
                "f32 inputs to tf32)");
  if (isFp8(inType) && computeCapability < 89)
    return fail("tile.dot: fp8 tensor-core products need sm_89 or newer; "
                "the target is sm_" +
                Twine(computeCapability));

  if (nvmma.getVersionMajor() == 2) {
    FailureOr<LinearLayout> a = operandLayout(op.getA(), "A");
    if (failed(a))
      return failure();
    FailureOr<LinearLayout> b = operandLayout(op.getB(), "B");
    if (failed(b))
      return failure();
    std::string error;
    lowering.mmaSync = MmaSyncPlan::build(*a, *b, *c, lowering.instrK, &error);
    if (!lowering.mmaSync)
      return fail("tile.dot with mma.sync: " + error);
    lowering.kind = DotLowering::Kind::MmaSync;
    return lowering;
  }

  // Version 3: wgmma.
  if (computeCapability != 90)
    return fail("tile.dot: wgmma (#layout.nvmma version 3) exists on sm_90 "
                "only; the target is sm_" +
                Twine(computeCapability) +
                "; use version 2 (mma.sync)");
  return planWgmmaLowering(op, *c, nvmma, std::move(lowering), why);
}

std::string tile::whyDotNotLowerable(tl::DotOp op, int computeCapability) {
  std::string why;
  if (failed(planDotLowering(op, computeCapability, &why)))
    return why;
  return "";
}

unsigned tile::getDotPTXVersion(tl::DotOp op) {
  // fp8 mma.sync (m16n8k32 with e4m3/e5m2 inputs) arrived in PTX ISA 8.4.
  auto nvmma = dyn_cast<layout::NvmmaAttr>(op.getType().getEncoding());
  if (nvmma && nvmma.getVersionMajor() == 2 &&
      isFp8(getOperandElementType(op.getA())))
    return 84;
  return 0;
}

namespace {

/// Packs `count` registers of `elemType` into one 32-bit operand of an
/// mma.sync: vector<2xf16> for f16, i32 otherwise.
Value packOperand(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                  Type elemType) {
  if (regs.size() == 1 && elemType.isF32())
    return LLVM::BitcastOp::create(b, loc, b.getI32Type(), regs[0]);
  // Registers have the converted type (fp8 lives in i8 registers).
  auto vecType = VectorType::get({int64_t(regs.size())}, regs.front().getType());
  Value vec = LLVM::UndefOp::create(b, loc, vecType);
  for (auto [i, r] : llvm::enumerate(regs))
    vec = LLVM::InsertElementOp::create(b, loc, vec, r, i32Const(b, loc, i));
  if (elemType.isF16())
    return vec;
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(), vec);
}

std::optional<NVVM::MMATypes> getMmaType(Type t) {
  if (t.isF16())
    return NVVM::MMATypes::f16;
  if (t.isBF16())
    return NVVM::MMATypes::bf16;
  if (t.isF32())
    return NVVM::MMATypes::tf32;
  if (t.isSignlessInteger(8))
    return NVVM::MMATypes::s8;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(t))
    return NVVM::MMATypes::e5m2;
  return std::nullopt;
}

/// Emits the instructions of an mma.sync plan; `acc` holds the
/// accumulator registers on entry and the results on exit.
LogicalResult emitMmaSync(OpBuilder &b, Location loc, const MmaSyncPlan &plan,
                          ArrayRef<Value> aRegs, ArrayRef<Value> bRegs,
                          Type aElem, Type bElem, SmallVectorImpl<Value> &acc) {
  Type accElem = acc.front().getType();
  std::optional<NVVM::MMATypes> aType = getMmaType(aElem);
  std::optional<NVVM::MMATypes> bType = getMmaType(bElem);
  if (!aType || !bType)
    return failure();
  int perReg = 32 / aElem.getIntOrFloatBitWidth();
  auto structType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(4, accElem));
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (accElem.isInteger(32))
    overflow = NVVM::MMAIntOverflow::satfinite;
  for (const MmaSyncInstr &instr : plan.instrs) {
    SmallVector<Value> aOps, bOps, cOps;
    for (size_t i = 0; i < instr.aRegs.size(); i += perReg) {
      SmallVector<Value> regs;
      for (int j = 0; j < perReg; ++j)
        regs.push_back(aRegs[instr.aRegs[i + j]]);
      aOps.push_back(packOperand(b, loc, regs, aElem));
    }
    for (size_t i = 0; i < instr.bRegs.size(); i += perReg) {
      SmallVector<Value> regs;
      for (int j = 0; j < perReg; ++j)
        regs.push_back(bRegs[instr.bRegs[i + j]]);
      bOps.push_back(packOperand(b, loc, regs, bElem));
    }
    for (int r : instr.cRegs)
      cOps.push_back(acc[r]);
    if (isFp8(aElem)) {
      // MLIR 22's nvvm.mma.sync does not take e4m3/e5m2: inline PTX.
      auto name = [](Type t) {
        return isa<Float8E4M3FNType>(t) ? "e4m3" : "e5m2";
      };
      std::string text = std::string("mma.sync.aligned.m16n8k32.row.col.f32.") +
                         name(aElem) + "." + name(bElem) +
                         ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, "
                         "{$10, $11, $12, $13};";
      SmallVector<Value> operands(aOps);
      operands.append(bOps);
      operands.append(cOps);
      auto asmOp = LLVM::InlineAsmOp::create(
          b, loc, structType, operands, text,
          "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3", /*has_side_effects=*/false,
          /*is_align_stack=*/false, LLVM::TailCallKind::None,
          LLVM::AsmDialectAttr(), ArrayAttr());
      for (auto [i, r] : llvm::enumerate(instr.cRegs))
        acc[r] = LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i);
      continue;
    }
    auto mma = NVVM::MmaOp::create(
        b, loc, structType, aOps, bOps, cOps,
        ArrayRef<int64_t>{16, 8, plan.instrK}, std::nullopt, overflow,
        std::array<NVVM::MMATypes, 2>{*aType, *bType},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    for (auto [i, r] : llvm::enumerate(instr.cRegs))
      acc[r] = LLVM::ExtractValueOp::create(b, loc, mma.getRes(), i);
  }
  for (auto [copy, orig] : plan.duplicateCRegs)
    acc[copy] = acc[orig];
  return success();
}

/// One term of an FMA dot: acc + a * b in the accumulator's type.
Value emitMultiplyAdd(OpBuilder &b, Location loc, Value acc, Value x,
                      Value y) {
  Type accType = acc.getType();
  if (isa<IntegerType>(accType)) {
    x = LLVM::SExtOp::create(b, loc, accType, x);
    y = LLVM::SExtOp::create(b, loc, accType, y);
    return LLVM::AddOp::create(b, loc, acc,
                               LLVM::MulOp::create(b, loc, x, y));
  }
  if (x.getType() != accType) {
    x = LLVM::FPExtOp::create(b, loc, accType, x);
    y = LLVM::FPExtOp::create(b, loc, accType, y);
  }
  return LLVM::FMAOp::create(b, loc, x, y, acc);
}

struct DotOpConversion : public ConvertOpToLLVMPattern<tl::DotOp> {
  DotOpConversion(TileLLVMTypeConverter &converter, int computeCapability)
      : ConvertOpToLLVMPattern(converter),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(tl::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    FailureOr<DotLowering> lowering =
        planDotLowering(op, computeCapability, &why);
    if (failed(lowering))
      return rewriter.notifyMatchFailure(op, why);
    Type llResultType = getTypeConverter()->convertType(op.getType());
    if (!llResultType)
      return failure();
    SmallVector<Value> acc = unpackStruct(rewriter, loc, adaptor.getC());
    Type aElem = getOperandElementType(op.getA());
    Type bElem = getOperandElementType(op.getB());

    switch (lowering->kind) {
    case DotLowering::Kind::Fma: {
      SmallVector<Value> aRegs = unpackStruct(rewriter, loc, adaptor.getA());
      SmallVector<Value> bRegs = unpackStruct(rewriter, loc, adaptor.getB());
      for (auto [r, terms] : llvm::enumerate(lowering->fma->terms))
        for (auto [ai, bi] : terms)
          acc[r] = emitMultiplyAdd(rewriter, loc, acc[r], aRegs[ai], bRegs[bi]);
      break;
    }
    case DotLowering::Kind::MmaSync: {
      SmallVector<Value> aRegs = unpackStruct(rewriter, loc, adaptor.getA());
      SmallVector<Value> bRegs = unpackStruct(rewriter, loc, adaptor.getB());
      if (failed(emitMmaSync(rewriter, loc, *lowering->mmaSync, aRegs, bRegs,
                             aElem, bElem, acc)))
        return rewriter.notifyMatchFailure(op, "no mma.sync for these types");
      break;
    }
    case DotLowering::Kind::Wgmma:
      if (failed(emitWgmma(rewriter, loc, op, adaptor.getA(), adaptor.getB(),
                           *lowering, acc)))
        return rewriter.notifyMatchFailure(op, "wgmma emission failed");
      break;
    }
    replaceWithRegisters(rewriter, op, llResultType, acc);
    return success();
  }

  int computeCapability;
};

/// tile.dot_wait: wgmma.wait_group with the tensors' registers tied through
/// it; a no-op in kernels without wgmma (mma.sync and FMA are synchronous).
struct DotWaitOpConversion : public ConvertOpToLLVMPattern<tl::DotWaitOp> {
  DotWaitOpConversion(TileLLVMTypeConverter &converter, bool usesWgmma)
      : ConvertOpToLLVMPattern(converter), usesWgmma(usesWgmma) {}

  LogicalResult
  matchAndRewrite(tl::DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!usesWgmma) {
      rewriter.replaceOp(op, adaptor.getOperands());
      return success();
    }
    // Registers of every tensor operand, flattened; pointers pass as i64.
    SmallVector<Value> regs;
    SmallVector<size_t> counts;
    for (Value v : adaptor.getOperands()) {
      if (isa<LLVM::LLVMStructType>(v.getType())) {
        SmallVector<Value> parts = unpackStruct(rewriter, loc, v);
        counts.push_back(parts.size());
        regs.append(parts);
      } else {
        counts.push_back(0);
      }
    }
    SmallVector<Value> waited =
        emitWgmmaWait(rewriter, loc, op.getPendings(), regs);
    SmallVector<Value> results;
    size_t next = 0;
    for (auto [v, count] : llvm::zip(adaptor.getOperands(), counts)) {
      if (count == 0) {
        results.push_back(v);
        continue;
      }
      results.push_back(packStruct(
          rewriter, loc, v.getType(),
          ArrayRef<Value>(waited).slice(next, count)));
      next += count;
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  bool usesWgmma;
};

} // namespace

void tile::populateDotOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       int computeCapability, bool usesWgmma) {
  patterns.add<DotOpConversion>(converter, computeCapability);
  patterns.add<DotWaitOpConversion>(converter, usesWgmma);
}
