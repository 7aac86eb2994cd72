//===- TileDotOps.cpp - tile.dot and tile.dot_wait -------------------------===//
//
// Verification of the matrix-multiply ops. A dot is checked in three steps:
// the operand kinds (tensors, or shared-memory buffers for wgmma), the shapes
// (M x K times K x N into M x N, with an optional batch dim), and the element
// types (what the tensor cores multiply and accumulate). Layout rules (which
// distributed and shared layouts fit together) are checked last, only when
// the operands carry layouts.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// Shape and element type of a dot operand: a ranked tensor or a shaped
/// buffer (a shared-memory descriptor).
struct OperandShape {
  ArrayRef<int64_t> shape;
  Type elementType;
  bool inMemory = false;
};

std::optional<OperandShape> getOperandShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return OperandShape{tensor.getShape(), tensor.getElementType(), false};
  if (auto memdesc = dyn_cast<layout::MemDescType>(type))
    return OperandShape{memdesc.getShape(), memdesc.getElementType(), true};
  return std::nullopt;
}

bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// Whether tensor cores (or the FMA fallback) multiply `t`.
bool isDotInputType(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || isFp8(t) ||
         t.isSignlessInteger(8);
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}

/// The first use that reads an asynchronous dot's `result` before a
/// tile.dot_wait, following it through region terminators (scf.yield) to
/// the values they forward to (loop-carried arguments, loop and if
/// results); null when every reader is a tile.dot_wait or a dot's
/// accumulator.
OpOperand *findReadBeforeWait(Value result) {
  SmallVector<Value> worklist{result};
  llvm::SmallPtrSet<void *, 8> seen;
  seen.insert(result.getAsOpaquePointer());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<DotWaitOp>(user) ||
          (isa<DotOp>(user) && use.getOperandNumber() == 2))
        continue;
      auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(user);
      if (!terminator) {
        // A function's return hands the value to the caller.
        if (user->hasTrait<OpTrait::IsTerminator>())
          continue;
        return &use;
      }
      SmallVector<Attribute> operands(user->getNumOperands());
      SmallVector<RegionSuccessor> successors;
      terminator.getSuccessorRegions(operands, successors);
      for (const RegionSuccessor &successor : successors) {
        OperandRange forwarded = terminator.getSuccessorOperands(successor);
        ValueRange inputs = successor.getSuccessorInputs();
        unsigned begin = forwarded.getBeginOperandIndex();
        unsigned index = use.getOperandNumber();
        if (index < begin || index - begin >= inputs.size() ||
            index - begin >= forwarded.size())
          continue;
        Value next = inputs[index - begin];
        if (seen.insert(next.getAsOpaquePointer()).second)
          worklist.push_back(next);
      }
    }
  }
  return nullptr;
}

} // namespace

LogicalResult DotOp::verify() {
  std::optional<OperandShape> a = getOperandShape(getA().getType());
  std::optional<OperandShape> b = getOperandShape(getB().getType());
  if (!a)
    return emitOpError() << "operand A must be a ranked tensor or a "
                            "!layout.memdesc, got "
                         << getA().getType();
  if (!b)
    return emitOpError() << "operand B must be a ranked tensor or a "
                            "!layout.memdesc, got "
                         << getB().getType();
  RankedTensorType c = getC().getType();
  int64_t rank = c.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "multiplies matrices of rank 2, or 3 with a "
                            "leading batch dim; the accumulator has rank "
                         << rank;
  if (int64_t(a->shape.size()) != rank || int64_t(b->shape.size()) != rank)
    return emitOpError() << "A (rank " << a->shape.size() << "), B (rank "
                         << b->shape.size() << ") and C (rank " << rank
                         << ") must have the same rank";

  // Shapes: [batch x] M x K times [batch x] K x N into [batch x] M x N.
  int64_t mDim = rank - 2, nDim = rank - 1;
  int64_t m = c.getDimSize(mDim), n = c.getDimSize(nDim);
  int64_t k = a->shape[nDim];
  if (a->shape[mDim] != m || b->shape[nDim] != n || b->shape[mDim] != k ||
      (rank == 3 && (a->shape[0] != c.getDimSize(0) ||
                     b->shape[0] != c.getDimSize(0)))) {
    return emitOpError() << "shapes do not multiply: A is "
                         << formatShape(a->shape) << ", B is "
                         << formatShape(b->shape) << ", C is "
                         << formatShape(c.getShape()) << "; A must be "
                         << (rank == 3 ? "BxMxK" : "MxK") << ", B "
                         << (rank == 3 ? "BxKxN" : "KxN") << " and C "
                         << (rank == 3 ? "BxMxN" : "MxN");
  }
  for (int64_t size : {m, n, k})
    if (ShapedType::isDynamic(size) || size < 1)
      return emitOpError("needs static, positive M, N and K");

  // Element types.
  Type aType = a->elementType, bType = b->elementType;
  Type accType = c.getElementType();
  if (!isDotInputType(aType) || !isDotInputType(bType))
    return emitOpError() << "multiplies f16, bf16, f32, f8E4M3FN, f8E5M2 or "
                            "i8 elements, not "
                         << (isDotInputType(aType) ? bType : aType)
                         << "; convert the operand with arith.extf/truncf";
  if (aType != bType && !(isFp8(aType) && isFp8(bType)))
    return emitOpError() << "A and B must have the same element type (two "
                            "fp8 kinds may differ), got "
                         << aType << " and " << bType
                         << "; convert one of them";
  if (aType.isSignlessInteger(8)) {
    if (!accType.isSignlessInteger(32))
      return emitOpError() << "i8 inputs accumulate in i32, not " << accType;
  } else if (!accType.isF32()) {
    return emitOpError() << "float inputs accumulate in f32, not " << accType
                         << "; truncate the result after the dot";
  }
  if (getInputPrecision() && !aType.isF32())
    return emitOpError() << "input_precision applies to f32 inputs only; "
                            "remove it for "
                         << aType;

  // Layouts: all or none.
  bool aHasLayout = a->inMemory ||
                    cast<RankedTensorType>(getA().getType()).getEncoding();
  bool bHasLayout = b->inMemory ||
                    cast<RankedTensorType>(getB().getType()).getEncoding();
  bool cHasLayout = bool(c.getEncoding());
  if (aHasLayout != cHasLayout || bHasLayout != cHasLayout) {
    // A shared-memory operand always has a layout (its buffer's), so only
    // one fix exists then: name it instead of offering "none".
    if (!cHasLayout && (a->inMemory || b->inMemory))
      return emitOpError(
          "an operand in shared memory needs an accumulator with a layout: "
          "give C (and the result) a wgmma accumulator layout such as "
          "#layout.nvmma<versionMajor = 3, ...>, or load the operand into "
          "registers (layout.local_load) and leave every layout to layout "
          "assignment");
    return emitOpError("give layouts to all of A, B and C or to none (layout "
                       "assignment chooses them)");
  }

  // An asynchronous dot's result is written by the tensor cores until a
  // tile.dot_wait takes it: it may only reach a tile.dot_wait or the
  // accumulator of another dot (wgmma chains on it), also through region
  // terminators (scf.yield carrying it to the next iteration or out of the
  // loop, where the same holds). Any other reader would see registers still
  // being written.
  if (getAsync()) {
    if (OpOperand *early = findReadBeforeWait(getResult())) {
      InFlightDiagnostic diag =
          emitOpError() << "result is read by '" << early->getOwner()->getName()
                        << "' before a tile.dot_wait: an asynchronous dot "
                           "may still be writing it; pass it through "
                           "tile.dot_wait (pendings = 0) and use the value "
                           "tile.dot_wait returns, or drop 'async'";
      diag.attachNote(early->getOwner()->getLoc()) << "read here";
      return diag;
    }
  }
  return success();
}

void DotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A dot reads the shared-memory buffers it takes; on tensors it is pure.
  for (OpOperand &operand : getOperation()->getOpOperands())
    if (isa<layout::MemDescType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
}

LogicalResult DotWaitOp::verify() {
  // The attribute is signless; read it as the signed value written.
  int32_t pendings = static_cast<int32_t>(getPendings());
  if (pendings < 0)
    return emitOpError() << "pendings must be >= 0, got " << pendings;
  return success();
}

LogicalResult DotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value v : operands)
    inferredReturnTypes.push_back(v.getType());
  return success();
}
