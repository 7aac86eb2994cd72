//===- AtomicOpToLLVM.cpp - tile.atomic_rmw and tile.atomic_cas to PTX
//-----===//
//
// Each element of the pointer operand is updated exactly once per program:
//
//  1. Ownership. A layout may hold an element in several registers, lanes
//     or warps (broadcast copies). The free variables of its linear form
//     (LinearLayout::getFreeVariableMasks) name those copies: the copy whose
//     free register, lane and warp bits are all zero is the owner and is the
//     only one that issues the atomic. A scalar pointer is owned by thread 0.
//  2. One PTX instruction per owned register (inline asm, predicated by
//     ownership and the mask): `atom.SEM.SCOPE.global.OP.TYPE`, or
//     `red.SEM.SCOPE.global.OP.TYPE` when the result is unused and the
//     ordering allows it (red has no acquire side). f16/bf16 adds on two
//     consecutive registers whose pointers are proven consecutive and
//     4-byte aligned, with one mask, become one `.f16x2`/`.bf16x2` add.
//     Float max/min are Triton's pair of integer atomics on the bits:
//     signed max (min) where the value's sign bit is clear, unsigned min
//     (max) where it is set.
//  3. The old values reach the copies that did not issue the atomic:
//     registers of the same thread take the owner register, other threads
//     read them from the shared-memory scratch area (the owners store
//     them at their row-major offset between two barriers).
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializeLowering.h"
#include "PointerVectors.h"
#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace tile;
namespace LLVM = mlir::LLVM;

//===----------------------------------------------------------------------===//
// PTX forms
//===----------------------------------------------------------------------===//

/// `.sem.scope` of an atom or red instruction.
static std::string getOrderingSuffix(tl::MemSemantic sem, tl::MemScope scope) {
  return ("." + tl::stringifyMemSemantic(sem) + "." +
          tl::stringifyMemScope(scope))
      .str();
}

/// The `OP.TYPE` part of the instruction for `kind` on `type` (an integer
/// kind for the two halves of a float max/min is chosen by the caller).
static std::string getRMWSuffix(tl::AtomicRMWKind kind, Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  std::string b = "b" + std::to_string(bits);
  std::string s = "s" + std::to_string(bits);
  std::string u = "u" + std::to_string(bits);
  switch (kind) {
  case tl::AtomicRMWKind::add:
    if (type.isF16())
      return "add.noftz.f16";
    if (type.isBF16())
      return "add.noftz.bf16";
    if (isa<FloatType>(type))
      return "add.f" + std::to_string(bits);
    return "add." + u;
  case tl::AtomicRMWKind::max:
    return "max." + s;
  case tl::AtomicRMWKind::min:
    return "min." + s;
  case tl::AtomicRMWKind::umax:
    return "max." + u;
  case tl::AtomicRMWKind::umin:
    return "min." + u;
  case tl::AtomicRMWKind::and_:
    return "and." + b;
  case tl::AtomicRMWKind::or_:
    return "or." + b;
  case tl::AtomicRMWKind::xor_:
    return "xor." + b;
  case tl::AtomicRMWKind::xchg:
    return "exch." + b;
  }
  return "";
}

static char getConstraint(unsigned bits) {
  return bits == 16 ? 'h' : bits == 32 ? 'r' : 'l';
}

/// Emits one atomic instruction on the integers `args` (all of `bits`
/// bits) at the global address `ptr`, where `pred` holds (null: always).
/// Returns the old value (an integer of `bits`; zero where `pred` is
/// false), or null when `wantResult` is false and a `red` was emitted.
static Value emitAtomicAsm(OpBuilder &b, Location loc, StringRef opSuffix,
                           unsigned bits, Value ptr, ArrayRef<Value> args,
                           Value pred, tl::MemSemantic sem, tl::MemScope scope,
                           bool wantResult) {
  std::string ordering = getOrderingSuffix(sem, scope);
  char c = getConstraint(bits);
  bool useRed =
      !wantResult && !opSuffix.starts_with("exch") &&
      !opSuffix.starts_with("cas") &&
      (sem == tl::MemSemantic::relaxed || sem == tl::MemSemantic::release);
  SmallVector<Value> operands;
  std::string asmStr, constraints;
  llvm::raw_string_ostream os(asmStr), cs(constraints);
  if (useRed) {
    // $0: address, $1..: values, last: predicate.
    operands.push_back(ptr);
    llvm::append_range(operands, args);
    cs << "l";
    for (size_t i = 0; i < args.size(); ++i)
      cs << "," << c;
    if (pred) {
      os << "@$" << operands.size() << " ";
      operands.push_back(pred);
      cs << ",b";
    }
    os << "red" << ordering << ".global." << opSuffix << " [$0]";
    for (size_t i = 0; i < args.size(); ++i)
      os << ", $" << i + 1;
    os << ";";
    LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, asmStr,
                              constraints, /*has_side_effects=*/true,
                              /*is_align_stack=*/false,
                              LLVM::tailcallkind::TailCallKind::None,
                              LLVM::AsmDialectAttr(), ArrayAttr());
    return {};
  }
  // $0: old value, $1: address, $2..: values, last: predicate.
  operands.push_back(ptr);
  llvm::append_range(operands, args);
  cs << "=" << c << ",l";
  for (size_t i = 0; i < args.size(); ++i)
    cs << "," << c;
  if (pred) {
    os << "mov.b" << bits << " $0, 0;\n\t@$" << operands.size() + 1 << " ";
    operands.push_back(pred);
    cs << ",b";
  }
  os << "atom" << ordering << ".global." << opSuffix << " $0, [$1]";
  for (size_t i = 0; i < args.size(); ++i)
    os << ", $" << i + 2;
  os << ";";
  Type intType = b.getIntegerType(bits);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, intType, operands, asmStr, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  return asmOp.getResult(0);
}

/// `a & b` of two optional predicates (null: true).
static Value andPred(OpBuilder &b, Location loc, Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return LLVM::AndOp::create(b, loc, x, y);
}

//===----------------------------------------------------------------------===//
// Ownership and result distribution
//===----------------------------------------------------------------------===//

namespace {

/// Which copies of the elements of an atomic's operands issue it.
struct Ownership {
  /// The linear layout of a tensor operand (none for scalars).
  std::optional<LinearLayout> layout;
  /// Registers with any of these bits set are copies of another register.
  int32_t freeRegisters = 0;
  /// Lanes and warps with any of these bits set hold copies only.
  int32_t freeLanes = 0;
  int32_t freeWarps = 0;

  bool isScalar() const { return !layout; }
  /// Some other thread holds a copy of an element this thread owns.
  bool sharedAcrossThreads() const {
    return isScalar() || freeLanes != 0 || freeWarps != 0;
  }
};

Ownership getOwnership(Type ptrType) {
  Ownership own;
  auto tensor = dyn_cast<RankedTensorType>(ptrType);
  if (!tensor)
    return own;
  own.layout = TileLLVMTypeConverter::getLinearLayout(tensor);
  if (!own.layout)
    return own;
  for (auto &[name, mask] : own.layout->getFreeVariableMasks()) {
    if (name == kRegister)
      own.freeRegisters = mask;
    else if (name == kLane)
      own.freeLanes = mask;
    else if (name == kWarp)
      own.freeWarps = mask;
  }
  return own;
}

/// The i1 that is true in the threads that issue the atomics (null: all).
Value emitThreadOwner(OpBuilder &b, Location loc, const Ownership &own) {
  if (own.isScalar()) {
    // The first thread of the program, or of its warp_specialize partition.
    Value tid = emitThreadId(b, loc);
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                                i32Const(b, loc, 0));
  }
  if (!own.freeLanes && !own.freeWarps)
    return {};
  HardwareIds ids = getHardwareIds(b, loc);
  Value bits = i32Const(b, loc, 0);
  if (own.freeLanes)
    bits =
        LLVM::AndOp::create(b, loc, ids.lane, i32Const(b, loc, own.freeLanes));
  if (own.freeWarps) {
    Value w =
        LLVM::AndOp::create(b, loc, ids.warp, i32Const(b, loc, own.freeWarps));
    bits = LLVM::OrOp::create(b, loc, bits, w);
  }
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                              i32Const(b, loc, 0));
}

/// Gives every register the old value of its element: `old` holds it for
/// the owned registers (null elsewhere).
SmallVector<Value> distributeResults(OpBuilder &b, Location loc,
                                     const Ownership &own, Value threadOwner,
                                     ArrayRef<Value> old, Type elemType) {
  if (!own.sharedAcrossThreads()) {
    // Copies are registers of the same thread: take the owner's.
    std::map<SmallVector<int32_t>, Value> byCoords;
    for (auto [r, v] : llvm::enumerate(old))
      if (v)
        byCoords[getRegisterCoords(*own.layout, r)] = v;
    SmallVector<Value> result;
    for (size_t r = 0; r < old.size(); ++r)
      result.push_back(old[r] ? old[r]
                              : byCoords[getRegisterCoords(*own.layout, r)]);
    return result;
  }
  // Through the scratch area: owners store, everyone loads.
  Value smem = getScratchPtr(b, loc);
  int64_t bytes = getElementBytes(elemType);
  auto addressOf = [&](Value linear) -> Value {
    Value off = LLVM::MulOp::create(b, loc, linear, i32Const(b, loc, bytes));
    return LLVM::GEPOp::create(b, loc, smem.getType(), b.getI8Type(), smem,
                               ValueRange{off});
  };
  emitBarrier(b, loc);
  if (own.isScalar()) {
    emitStore(b, loc, old[0], smem, threadOwner);
    emitBarrier(b, loc);
    return {emitLoad(b, loc, elemType, smem)};
  }
  SmallVector<int32_t> shape = getOutShape(*own.layout);
  SmallVector<SmallVector<Value>> coords = emitIndices(b, loc, *own.layout);
  for (size_t r = 0; r < old.size(); ++r)
    if (old[r])
      emitStore(b, loc, old[r], addressOf(linearize(b, loc, coords[r], shape)),
                threadOwner);
  emitBarrier(b, loc);
  SmallVector<Value> result;
  for (size_t r = 0; r < old.size(); ++r)
    result.push_back(emitLoad(b, loc, elemType,
                              addressOf(linearize(b, loc, coords[r], shape))));
  return result;
}

/// The register values of a lowered operand: the struct's members for a
/// tensor, `count` copies of a scalar.
SmallVector<Value> getOperandRegisters(OpBuilder &b, Location loc, Value v,
                                       size_t count) {
  if (isa<LLVM::LLVMStructType>(v.getType()))
    return unpackStruct(b, loc, v);
  return SmallVector<Value>(count, v);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// The per-register operands of an atomic after ownership: `pred` is null
/// where the register does not issue it.
struct AtomicRegisters {
  size_t n = 0;
  SmallVector<Value> ptrs, masks;
  SmallVector<bool> owned;
};

AtomicRegisters prepareRegisters(OpBuilder &b, Location loc,
                                 const Ownership &own, Value llPtr,
                                 Value llMask) {
  AtomicRegisters regs;
  auto structType = dyn_cast<LLVM::LLVMStructType>(llPtr.getType());
  regs.n = structType ? structType.getBody().size() : 1;
  regs.ptrs = getOperandRegisters(b, loc, llPtr, regs.n);
  if (llMask)
    regs.masks = getOperandRegisters(b, loc, llMask, regs.n);
  regs.masks.resize(regs.n);
  for (size_t r = 0; r < regs.n; ++r)
    regs.owned.push_back((int32_t(r) & own.freeRegisters) == 0);
  return regs;
}

struct AtomicRMWOpConversion : public ConvertOpToLLVMPattern<tl::AtomicRMWOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type ptrType = op.getPtr().getType();
    Type llResultType = getTypeConverter()->convertType(op.getType());
    Type elemType = getTypeConverter()->convertType(op.getElementType());
    if (!llResultType || !elemType)
      return failure();
    Ownership own = getOwnership(ptrType);
    if (isa<RankedTensorType>(ptrType) && !own.layout)
      return failure();
    AtomicRegisters regs = prepareRegisters(
        rewriter, loc, own, adaptor.getPtr(), adaptor.getMask());
    SmallVector<Value> vals =
        getOperandRegisters(rewriter, loc, adaptor.getVal(), regs.n);
    if (regs.ptrs.size() != regs.n || vals.size() != regs.n)
      return failure();
    bool wantResult = !op.getResult().use_empty();
    Value threadOwner = emitThreadOwner(rewriter, loc, own);
    tl::AtomicRMWKind kind = op.getKind();
    unsigned bits = elemType.getIntOrFloatBitWidth();
    auto issue = [&](StringRef suffix, unsigned width, Value ptr, Value v,
                     Value pred) {
      return emitAtomicAsm(rewriter, loc, suffix, width, ptr, {v}, pred,
                           op.getSem(), op.getScope(), wantResult);
    };

    // Packed f16x2 / bf16x2 adds on pairs of registers.
    int pairWidth = 1;
    if (kind == tl::AtomicRMWKind::add &&
        (elemType.isF16() || elemType.isBF16()) && !own.isScalar() &&
        (own.freeRegisters & 1) == 0 && regs.n % 2 == 0) {
      PointerVectors vec =
          choosePointerVectors(op, ptrType, elemType, bool(adaptor.getMask()));
      if (vec.width >= 2 && vec.alignmentProven && vec.maskUniform)
        pairWidth = 2;
    }

    SmallVector<Value> old(regs.n);
    for (size_t r = 0; r < regs.n; r += pairWidth) {
      if (!regs.owned[r])
        continue;
      Value pred = andPred(rewriter, loc, threadOwner, regs.masks[r]);
      if (pairWidth == 2) {
        Type i32 = rewriter.getI32Type();
        Value lo = LLVM::ZExtOp::create(rewriter, loc, i32,
                                        toMemoryInt(rewriter, loc, vals[r]));
        Value hi = LLVM::ZExtOp::create(
            rewriter, loc, i32, toMemoryInt(rewriter, loc, vals[r + 1]));
        hi =
            LLVM::ShlOp::create(rewriter, loc, hi, i32Const(rewriter, loc, 16));
        Value packed = LLVM::OrOp::create(rewriter, loc, lo, hi);
        std::string suffix =
            elemType.isF16() ? "add.noftz.f16x2" : "add.noftz.bf16x2";
        Value res = issue(suffix, 32, regs.ptrs[r], packed, pred);
        if (res) {
          Type i16 = rewriter.getI16Type();
          Value l = LLVM::TruncOp::create(rewriter, loc, i16, res);
          Value h = LLVM::TruncOp::create(
              rewriter, loc, i16,
              LLVM::LShrOp::create(rewriter, loc, res,
                                   i32Const(rewriter, loc, 16)));
          old[r] = fromMemoryInt(rewriter, loc, l, elemType);
          old[r + 1] = fromMemoryInt(rewriter, loc, h, elemType);
        }
        continue;
      }
      Value v = toMemoryInt(rewriter, loc, vals[r]);
      bool floatMinMax =
          isa<FloatType>(elemType) &&
          (kind == tl::AtomicRMWKind::max || kind == tl::AtomicRMWKind::min);
      if (!floatMinMax) {
        Value res =
            issue(getRMWSuffix(kind, elemType), bits, regs.ptrs[r], v, pred);
        if (res)
          old[r] = fromMemoryInt(rewriter, loc, res, elemType);
        continue;
      }
      // Triton's float max/min: integer atomics on the bits, chosen by the
      // sign of the value.
      Value nonNeg =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sge, v,
                               intConst(rewriter, loc, v.getType(), 0));
      Value neg = LLVM::XOrOp::create(rewriter, loc, nonNeg,
                                      i1Const(rewriter, loc, true));
      std::string w = std::to_string(bits);
      bool isMax = kind == tl::AtomicRMWKind::max;
      Value a = issue((isMax ? "max.s" : "min.s") + w, bits, regs.ptrs[r], v,
                      andPred(rewriter, loc, pred, nonNeg));
      Value c = issue((isMax ? "min.u" : "max.u") + w, bits, regs.ptrs[r], v,
                      andPred(rewriter, loc, pred, neg));
      if (a && c)
        old[r] = fromMemoryInt(
            rewriter, loc, LLVM::SelectOp::create(rewriter, loc, nonNeg, a, c),
            elemType);
    }

    SmallVector<Value> results;
    if (wantResult)
      results =
          distributeResults(rewriter, loc, own, threadOwner, old, elemType);
    else
      results.assign(regs.n, scalarConst(rewriter, loc, elemType, 0));
    replaceWithRegisters(rewriter, op, llResultType, results);
    return success();
  }
};

struct AtomicCASOpConversion : public ConvertOpToLLVMPattern<tl::AtomicCASOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type ptrType = op.getPtr().getType();
    Type llResultType = getTypeConverter()->convertType(op.getType());
    Type elemType = getTypeConverter()->convertType(op.getElementType());
    if (!llResultType || !elemType)
      return failure();
    Ownership own = getOwnership(ptrType);
    if (isa<RankedTensorType>(ptrType) && !own.layout)
      return failure();
    AtomicRegisters regs =
        prepareRegisters(rewriter, loc, own, adaptor.getPtr(), Value());
    SmallVector<Value> cmps =
        getOperandRegisters(rewriter, loc, adaptor.getCmp(), regs.n);
    SmallVector<Value> vals =
        getOperandRegisters(rewriter, loc, adaptor.getVal(), regs.n);
    if (regs.ptrs.size() != regs.n || vals.size() != regs.n ||
        cmps.size() != regs.n)
      return failure();
    bool wantResult = !op.getResult().use_empty();
    Value threadOwner = emitThreadOwner(rewriter, loc, own);
    unsigned bits = elemType.getIntOrFloatBitWidth();
    std::string suffix = "cas.b" + std::to_string(bits);
    SmallVector<Value> old(regs.n);
    for (size_t r = 0; r < regs.n; ++r) {
      if (!regs.owned[r])
        continue;
      Value res = emitAtomicAsm(rewriter, loc, suffix, bits, regs.ptrs[r],
                                {toMemoryInt(rewriter, loc, cmps[r]),
                                 toMemoryInt(rewriter, loc, vals[r])},
                                threadOwner, op.getSem(), op.getScope(),
                                /*wantResult=*/true);
      old[r] = fromMemoryInt(rewriter, loc, res, elemType);
    }
    SmallVector<Value> results;
    if (wantResult)
      results =
          distributeResults(rewriter, loc, own, threadOwner, old, elemType);
    else
      results.assign(regs.n, scalarConst(rewriter, loc, elemType, 0));
    replaceWithRegisters(rewriter, op, llResultType, results);
    return success();
  }
};

} // namespace

int64_t tile::getAtomicScratchBytes(Operation *op) {
  if (!isa<tl::AtomicRMWOp, tl::AtomicCASOp>(op) ||
      op->getResult(0).use_empty())
    return 0;
  Type type = op->getResult(0).getType();
  int64_t bytes = getElementBytes(getElementTypeOrSelf(type));
  Ownership own = getOwnership(op->getOperand(0).getType());
  if (own.isScalar())
    return isa<RankedTensorType>(type) ? 0 : bytes;
  if (!own.sharedAcrossThreads())
    return 0;
  return own.layout->getTotalOutDimSize() * bytes;
}

std::string tile::whyAtomicNotLowerable(Operation *op, int computeCapability) {
  auto rmw = dyn_cast<tl::AtomicRMWOp>(op);
  if (!rmw || !rmw.getElementType().isBF16() || computeCapability >= 90)
    return "";
  return "atomic add of bf16 needs sm_90 or newer "
         "(atom.global.add.noftz.bf16); the target is sm_" +
         std::to_string(computeCapability) +
         ": accumulate in f32 or compile with --arch=sm_90";
}

void tile::populateAtomicOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(converter);
}
