//===- MemoryAccess.cpp - Global and shared memory accesses ---------------===//

#include "tile/Conversion/TileToLLVM/MemoryAccess.h"

#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/Support/FormatVariadic.h"

#include <string>

using namespace tile;
namespace LLVM = mlir::LLVM;

FailureOr<ViewParts> tile::unpackView(OpBuilder &b, Location loc, Value view,
                                      ArrayRef<int64_t> shape) {
  SmallVector<Value> fields = unpackStruct(b, loc, view);
  int64_t rank = shape.size();
  if (int64_t(fields.size()) != 1 + 2 * rank)
    return failure();
  ViewParts parts;
  parts.base = fields[0];
  for (int64_t d = 0; d < rank; ++d) {
    parts.sizes.push_back(ShapedType::isDynamic(shape[d])
                              ? fields[1 + d]
                              : i64Const(b, loc, shape[d]));
    parts.strides.push_back(fields[1 + rank + d]);
  }
  return parts;
}

int64_t tile::getElementBytes(Type type) {
  if (isa<LLVM::LLVMPointerType>(type) || type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
  // Pointers of the tile dialect and anything pointer-like.
  return 8;
}

int tile::getMaxVectorElements(Type elemType) {
  if (!elemType.isIntOrFloat())
    return 1;
  unsigned bits = elemType.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return 1;
  return 128 / bits;
}

//===----------------------------------------------------------------------===//
// Scalar accesses
//===----------------------------------------------------------------------===//

/// The integer type a value of `type` travels as in memory and inline asm.
static Type getMemoryIntType(OpBuilder &b, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return b.getI64Type();
  unsigned bits = std::max(8u, type.getIntOrFloatBitWidth());
  return b.getIntegerType(bits);
}

Value tile::toMemoryInt(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  Type memType = getMemoryIntType(b, type);
  if (type.isInteger(1))
    return LLVM::ZExtOp::create(b, loc, memType, v);
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(b, loc, memType, v);
  if (isa<FloatType>(type))
    return LLVM::BitcastOp::create(b, loc, memType, v);
  return v;
}

Value tile::fromMemoryInt(OpBuilder &b, Location loc, Value v, Type type) {
  if (type.isInteger(1))
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v,
                                intConst(b, loc, v.getType(), 0));
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, v);
  if (isa<FloatType>(type))
    return LLVM::BitcastOp::create(b, loc, type, v);
  return v;
}

/// Inline-asm constraint letter and PTX register width for an access of
/// `bits` bits (8-bit values travel in 16-bit registers).
static std::pair<char, unsigned> asmRegister(unsigned bits) {
  switch (bits) {
  case 8:
  case 16:
    return {'h', 16};
  case 32:
    return {'r', 32};
  default:
    return {'l', 64};
  }
}

static StringRef getStateSpace(Value ptr) {
  auto type = cast<LLVM::LLVMPointerType>(ptr.getType());
  return type.getAddressSpace() == 3 ? "shared" : "global";
}

Value tile::emitLoad(OpBuilder &b, Location loc, Type valueType, Value ptr,
                     Value mask, Value other) {
  Type memType = getMemoryIntType(b, valueType);
  unsigned bits = memType.getIntOrFloatBitWidth();
  unsigned align = std::max(1u, bits / 8);
  std::optional<int64_t> maskConst = getConstantIntValue(mask);
  if (mask && maskConst && *maskConst == 0)
    return other ? other : scalarConst(b, loc, valueType, 0);
  if (!mask || maskConst) {
    Type loadType = valueType.isInteger(1) ? memType : valueType;
    Value loaded = LLVM::LoadOp::create(b, loc, loadType, ptr, align);
    return valueType.isInteger(1) ? fromMemoryInt(b, loc, loaded, valueType)
                                  : loaded;
  }
  auto [letter, regBits] = asmRegister(bits);
  Type regType = b.getIntegerType(regBits);
  Value init =
      other ? toMemoryInt(b, loc, other) : intConst(b, loc, memType, 0);
  if (regBits != bits)
    init = LLVM::ZExtOp::create(b, loc, regType, init);
  std::string asmStr = llvm::formatv("mov.b{0} $0, $3;\n\t@$2 ld.{1}.b{2} $0, "
                                     "[$1];",
                                     regBits, getStateSpace(ptr), bits)
                           .str();
  std::string constraints = llvm::formatv("={0},l,b,{0}", letter).str();
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, regType, ValueRange{ptr, mask, init}, asmStr, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  Value result = asmOp.getResult(0);
  if (regBits != bits)
    result = LLVM::TruncOp::create(b, loc, memType, result);
  return fromMemoryInt(b, loc, result, valueType);
}

void tile::emitStore(OpBuilder &b, Location loc, Value value, Value ptr,
                     Value mask) {
  Type memType = getMemoryIntType(b, value.getType());
  unsigned bits = memType.getIntOrFloatBitWidth();
  unsigned align = std::max(1u, bits / 8);
  std::optional<int64_t> maskConst = getConstantIntValue(mask);
  if (mask && maskConst && *maskConst == 0)
    return;
  if (!mask || maskConst) {
    Value stored =
        value.getType().isInteger(1) ? toMemoryInt(b, loc, value) : value;
    LLVM::StoreOp::create(b, loc, stored, ptr, align);
    return;
  }
  auto [letter, regBits] = asmRegister(bits);
  Value v = toMemoryInt(b, loc, value);
  if (regBits != bits)
    v = LLVM::ZExtOp::create(b, loc, b.getIntegerType(regBits), v);
  std::string asmStr =
      llvm::formatv("@$2 st.{0}.b{1} [$0], $1;", getStateSpace(ptr), bits)
          .str();
  std::string constraints = llvm::formatv("l,{0},b", letter).str();
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, ValueRange{ptr, v, mask},
                            asmStr, constraints, /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

//===----------------------------------------------------------------------===//
// Vector accesses
//===----------------------------------------------------------------------===//

// A vector of up to four elements is one `ld.global.vN.bB` (`st`) of them.
// Wider vectors exist only for 8- and 16-bit elements (16 bytes: eight
// halves, sixteen bytes; eight bytes); PTX has no v8/v16 forms of them, so
// they travel as 32-bit words of packed elements (`ld.global.v4.b32`, as
// the hardware's 16-byte access), packed and unpacked inside the asm with
// `mov.b32 {lo, hi}` (and `prmt` for bytes), which ptxas folds into the
// register allocation. 8-bit elements live in 16-bit registers ('h').

/// The integer type an element of `memType` occupies in an inline-asm
/// register (8-bit values travel in 16-bit registers).
static Type getAsmRegType(OpBuilder &b, Type memType) {
  unsigned bits = memType.getIntOrFloatBitWidth();
  return b.getIntegerType(asmRegister(bits).second);
}

/// `v` (of the memory type) widened to its inline-asm register type.
static Value toAsmReg(OpBuilder &b, Location loc, Value v) {
  Type regType = getAsmRegType(b, v.getType());
  if (regType == v.getType())
    return v;
  return LLVM::ZExtOp::create(b, loc, regType, v);
}

/// Whether a vector of `n` elements of `bits` bits travels as packed words.
static bool isPackedVector(unsigned n, unsigned bits) {
  return n > 4 && bits < 32;
}

static std::string asmOperand(unsigned idx) {
  return "$" + std::to_string(idx);
}

/// Prints `@pred ld.global.vN.bB {outs...}, [addr];` for the `outs.size()`
/// consecutive `bits`-bit elements at `addr` (no trailing separator); a
/// vector of more than four elements as packed 32-bit words unpacked into
/// `outs` under the same predicate (16-bit: `mov.b32 {a, b}`; 8-bit: then
/// the high byte of each half shifted down; the high byte of a register is
/// ignored by the caller, which truncates).
static void printVectorLoad(llvm::raw_ostream &os, StringRef pred,
                            ArrayRef<std::string> outs, StringRef addr,
                            unsigned bits) {
  unsigned n = outs.size();
  if (!isPackedVector(n, bits)) {
    os << pred << "ld.global.v" << n << ".b" << bits << " {";
    for (unsigned j = 0; j < n; ++j)
      os << (j ? ", " : "") << outs[j];
    os << "}, " << addr << ";";
    return;
  }
  unsigned words = n * bits / 32;
  os << "{ .reg .b32 %tile_w<" << words << ">;";
  if (bits == 8)
    os << " .reg .b16 %tile_lo, %tile_hi;";
  os << "\n\t" << pred << "ld.global.v" << words << ".b32 {";
  for (unsigned w = 0; w < words; ++w)
    os << (w ? ", " : "") << "%tile_w" << w;
  os << "}, " << addr << ";";
  for (unsigned w = 0; w < words; ++w) {
    if (bits == 16) {
      os << "\n\t" << pred << "mov.b32 {" << outs[2 * w] << ", "
         << outs[2 * w + 1] << "}, %tile_w" << w << ";";
      continue;
    }
    os << "\n\t" << pred << "mov.b32 {%tile_lo, %tile_hi}, %tile_w" << w << ";";
    os << "\n\t" << pred << "mov.b16 " << outs[4 * w] << ", %tile_lo;";
    os << "\n\t" << pred << "shr.u16 " << outs[4 * w + 1] << ", %tile_lo, 8;";
    os << "\n\t" << pred << "mov.b16 " << outs[4 * w + 2] << ", %tile_hi;";
    os << "\n\t" << pred << "shr.u16 " << outs[4 * w + 3] << ", %tile_hi, 8;";
  }
  os << "\n\t}";
}

/// Prints `@pred st.global.vN.bB [addr], {vals...};` (no trailing
/// separator); a vector of more than four elements as packed 32-bit words
/// (16-bit: `mov.b32 w, {a, b}`; 8-bit: two such halves, then `prmt`
/// takes the low byte of each of the four halves).
static void printVectorStore(llvm::raw_ostream &os, StringRef pred,
                             StringRef addr, ArrayRef<std::string> vals,
                             unsigned bits) {
  unsigned n = vals.size();
  if (!isPackedVector(n, bits)) {
    os << pred << "st.global.v" << n << ".b" << bits << " " << addr << ", {";
    for (unsigned j = 0; j < n; ++j)
      os << (j ? ", " : "") << vals[j];
    os << "};";
    return;
  }
  unsigned words = n * bits / 32;
  os << "{ .reg .b32 %tile_w<" << words << ">;";
  if (bits == 8)
    os << " .reg .b32 %tile_x, %tile_y;";
  for (unsigned w = 0; w < words; ++w) {
    if (bits == 16) {
      os << "\n\tmov.b32 %tile_w" << w << ", {" << vals[2 * w] << ", "
         << vals[2 * w + 1] << "};";
      continue;
    }
    os << "\n\tmov.b32 %tile_x, {" << vals[4 * w] << ", " << vals[4 * w + 1]
       << "};";
    os << "\n\tmov.b32 %tile_y, {" << vals[4 * w + 2] << ", " << vals[4 * w + 3]
       << "};";
    os << "\n\tprmt.b32 %tile_w" << w << ", %tile_x, %tile_y, 0x6420;";
  }
  os << "\n\t" << pred << "st.global.v" << words << ".b32 " << addr << ", {";
  for (unsigned w = 0; w < words; ++w)
    os << (w ? ", " : "") << "%tile_w" << w;
  os << "};\n\t}";
}

/// Operand references `$first`, `$first+1`, ... (`n` of them).
static SmallVector<std::string> operandRange(unsigned first, unsigned n) {
  SmallVector<std::string> refs;
  for (unsigned j = 0; j < n; ++j)
    refs.push_back(asmOperand(first + j));
  return refs;
}

Value tile::emitIsAligned(OpBuilder &b, Location loc, Value ptr,
                          int64_t bytes) {
  Type i64 = b.getI64Type();
  Value asInt = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
  Value low = LLVM::AndOp::create(b, loc, asInt, i64Const(b, loc, bytes - 1));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, low,
                              i64Const(b, loc, 0));
}

/// The address of element `j` of the group whose first address is operand
/// `ptrIdx`, in the slow version of a versioned access: `[$ptr+offset]`
/// when the elements are `bytes` apart (`strideIdx` < 0), else `%tile_elt`,
/// which `os` first computes from the stride operand `strideIdx` (a
/// register the slow version declares, see openSlowScope).
static std::string slowElementAddress(llvm::raw_ostream &os, unsigned ptrIdx,
                                      int strideIdx, unsigned j,
                                      unsigned bytes) {
  if (strideIdx < 0)
    return "[$" + std::to_string(ptrIdx) + "+" + std::to_string(j * bytes) +
           "]";
  if (j == 0)
    return "[$" + std::to_string(ptrIdx) + "]";
  os << "mad.lo.s64 %tile_elt, $" << strideIdx << ", " << j << ", $" << ptrIdx
     << ";\n\t";
  return "[%tile_elt]";
}

/// The scope of the slow version's address register (only with a stride).
static void openSlowScope(llvm::raw_ostream &os, int strideIdx) {
  if (strideIdx >= 0)
    os << "{ .reg .b64 %tile_elt;\n\t";
}
static void closeSlowScope(llvm::raw_ostream &os, int strideIdx) {
  if (strideIdx >= 0)
    os << "}\n\t";
}

/// `mask & !vectorOk` (the scalar fallback's predicate), or !vectorOk.
static Value fallbackPredicate(OpBuilder &b, Location loc, Value mask,
                               Value notVector) {
  if (!mask)
    return notVector;
  if (std::optional<int64_t> c = getConstantIntValue(mask))
    return *c ? notVector : i1Const(b, loc, false);
  return LLVM::AndOp::create(b, loc, mask, notVector);
}

/// Runs a side-effecting asm block whose outputs are `n` registers holding
/// values of `memType` and returns them as values of `elemType` (the tail
/// every predicated load emitter shares).
static SmallVector<Value> emitLoadAsm(OpBuilder &b, Location loc, Type elemType,
                                      Type memType, unsigned n,
                                      ValueRange operands, StringRef asmStr,
                                      StringRef constraints) {
  Type regType = getAsmRegType(b, memType);
  auto structType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(n, regType));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, structType, operands, asmStr, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  SmallVector<Value> results;
  for (unsigned j = 0; j < n; ++j) {
    Value v = LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), j);
    if (regType != memType)
      v = LLVM::TruncOp::create(b, loc, memType, v);
    results.push_back(fromMemoryInt(b, loc, v, elemType));
  }
  return results;
}

SmallVector<Value> tile::emitVectorLoad(OpBuilder &b, Location loc,
                                        Type elemType, Value ptr,
                                        Value vectorOk, ArrayRef<Value> masks,
                                        ArrayRef<Value> others) {
  unsigned n = masks.size();
  Type memType = getMemoryIntType(b, elemType);
  unsigned bits = memType.getIntOrFloatBitWidth();
  auto [letter, regBits] = asmRegister(bits);
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  // Operands: n outputs, then ptr, vectorOk, n fallback predicates (mask_j
  // and not vectorOk), n defaults. At most one of the vector access and
  // each scalar one runs; no branch.
  unsigned ptrIdx = n, okIdx = n + 1, predIdx = n + 2, defIdx = 2 * n + 2;
  for (unsigned j = 0; j < n; ++j)
    os << "mov.b" << regBits << " $" << j << ", $" << defIdx + j << ";\n\t";
  printVectorLoad(os, "@" + asmOperand(okIdx) + " ", operandRange(0, n),
                  "[" + asmOperand(ptrIdx) + "]", bits);
  for (unsigned j = 0; j < n; ++j)
    os << "\n\t@$" << predIdx + j << " ld.global.b" << bits << " $" << j
       << ", [$" << ptrIdx << "+" << j * bits / 8 << "];";
  std::string constraints;
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string("=") + letter + ",";
  constraints += "l,b";
  for (unsigned j = 0; j < n; ++j)
    constraints += ",b";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;

  Value notVector =
      LLVM::XOrOp::create(b, loc, vectorOk, i1Const(b, loc, true));
  SmallVector<Value> operands{ptr, vectorOk};
  for (unsigned j = 0; j < n; ++j)
    operands.push_back(fallbackPredicate(b, loc, masks[j], notVector));
  for (unsigned j = 0; j < n; ++j)
    operands.push_back(toAsmReg(b, loc,
                                others[j] ? toMemoryInt(b, loc, others[j])
                                          : intConst(b, loc, memType, 0)));
  return emitLoadAsm(b, loc, elemType, memType, n, operands, asmStr,
                     constraints);
}

void tile::emitVectorStore(OpBuilder &b, Location loc, ArrayRef<Value> values,
                           Value ptr, Value vectorOk, ArrayRef<Value> masks,
                           Value elementStrideBytes) {
  unsigned n = values.size();
  Type memType = getMemoryIntType(b, values.front().getType());
  unsigned bits = memType.getIntOrFloatBitWidth();
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  // Operands: ptr, n values, vectorOk, n fallback predicates (mask_j and
  // not vectorOk)[, the element stride in bytes]. No branch.
  unsigned valIdx = 1, okIdx = n + 1, predIdx = n + 2;
  int strideIdx = elementStrideBytes ? int(2 * n + 2) : -1;
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  printVectorStore(os, "@" + asmOperand(okIdx) + " ", "[$0]",
                   operandRange(valIdx, n), bits);
  os << "\n\t";
  openSlowScope(os, strideIdx);
  for (unsigned j = 0; j < n; ++j) {
    std::string addr = slowElementAddress(os, 0, strideIdx, j, bits / 8);
    os << "@$" << predIdx + j << " st.global.b" << bits << " " << addr << ", $"
       << valIdx + j << ";" << (j + 1 < n ? "\n\t" : "");
  }
  if (strideIdx >= 0)
    os << "\n\t}";
  std::string constraints = "l";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;
  constraints += ",b";
  for (unsigned j = 0; j < n; ++j)
    constraints += ",b";
  if (elementStrideBytes)
    constraints += ",l";
  Value notVector =
      LLVM::XOrOp::create(b, loc, vectorOk, i1Const(b, loc, true));
  SmallVector<Value> operands{ptr};
  for (Value v : values)
    operands.push_back(toAsmReg(b, loc, toMemoryInt(b, loc, v)));
  operands.push_back(vectorOk);
  for (unsigned j = 0; j < n; ++j)
    operands.push_back(fallbackPredicate(b, loc, masks[j], notVector));
  if (elementStrideBytes)
    operands.push_back(elementStrideBytes);
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, asmStr, constraints,
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

SmallVector<Value> tile::emitAlignedVectorLoad(OpBuilder &b, Location loc,
                                               Type elemType, Value ptr,
                                               unsigned n, Value mask,
                                               ArrayRef<Value> others) {
  Type memType = getMemoryIntType(b, elemType);
  unsigned bits = memType.getIntOrFloatBitWidth();
  std::optional<int64_t> maskConst = getConstantIntValue(mask);
  if (mask && maskConst && *maskConst == 0) {
    SmallVector<Value> results;
    for (unsigned j = 0; j < n; ++j)
      results.push_back(others[j] ? others[j]
                                  : scalarConst(b, loc, elemType, 0));
    return results;
  }
  SmallVector<Value> results;
  if (!mask || maskConst) {
    // Nothing to predicate: an ordinary aligned load that LLVM and ptxas
    // may schedule, combine or remove like any other.
    auto vecType = VectorType::get({int64_t(n)}, memType);
    Value loaded =
        LLVM::LoadOp::create(b, loc, vecType, ptr, /*alignment=*/n * bits / 8);
    for (unsigned j = 0; j < n; ++j) {
      Value v =
          LLVM::ExtractElementOp::create(b, loc, loaded, i32Const(b, loc, j));
      results.push_back(fromMemoryInt(b, loc, v, elemType));
    }
    return results;
  }
  auto [letter, regBits] = asmRegister(bits);
  // Operands: n outputs, ptr, mask, n defaults.
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  for (unsigned j = 0; j < n; ++j)
    os << "mov.b" << regBits << " $" << j << ", $" << n + 2 + j << ";\n\t";
  printVectorLoad(os, "@" + asmOperand(n + 1) + " ", operandRange(0, n),
                  "[" + asmOperand(n) + "]", bits);
  std::string constraints;
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string("=") + letter + ",";
  constraints += "l,b";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;
  SmallVector<Value> operands{ptr, mask};
  for (unsigned j = 0; j < n; ++j)
    operands.push_back(toAsmReg(b, loc,
                                others[j] ? toMemoryInt(b, loc, others[j])
                                          : intConst(b, loc, memType, 0)));
  return emitLoadAsm(b, loc, elemType, memType, n, operands, asmStr,
                     constraints);
}

void tile::emitAlignedVectorStore(OpBuilder &b, Location loc,
                                  ArrayRef<Value> values, Value ptr,
                                  Value mask) {
  unsigned n = values.size();
  Type memType = getMemoryIntType(b, values.front().getType());
  unsigned bits = memType.getIntOrFloatBitWidth();
  std::optional<int64_t> maskConst = getConstantIntValue(mask);
  if (mask && maskConst && *maskConst == 0)
    return;
  if (!mask || maskConst) {
    auto vecType = VectorType::get({int64_t(n)}, memType);
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (unsigned j = 0; j < n; ++j)
      vec = LLVM::InsertElementOp::create(
          b, loc, vec, toMemoryInt(b, loc, values[j]), i32Const(b, loc, j));
    LLVM::StoreOp::create(b, loc, vec, ptr, /*alignment=*/n * bits / 8);
    return;
  }
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  // Operands: ptr, n values, mask.
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  printVectorStore(os, "@" + asmOperand(n + 1) + " ", "[$0]",
                   operandRange(1, n), bits);
  std::string constraints = "l";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;
  constraints += ",b";
  SmallVector<Value> operands{ptr};
  for (Value v : values)
    operands.push_back(toAsmReg(b, loc, toMemoryInt(b, loc, v)));
  operands.push_back(mask);
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, asmStr, constraints,
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// The operand list and its constraints for an inline-asm block, built
/// together so that operand numbers stay right.
namespace {
struct AsmOperands {
  SmallVector<Value> values;
  std::string constraints;
  unsigned numOutputs = 0;

  void addOutputs(unsigned n, char letter) {
    for (unsigned j = 0; j < n; ++j) {
      constraints += (constraints.empty() ? "=" : ",=");
      constraints += letter;
    }
    numOutputs += n;
  }
  /// Adds an input; returns its operand number.
  unsigned add(Value v, char letter) {
    constraints += constraints.empty() ? "" : ",";
    constraints += letter;
    values.push_back(v);
    return numOutputs + values.size() - 1;
  }
};
} // namespace

static Value trueIfNull(OpBuilder &b, Location loc, Value v) {
  return v ? v : i1Const(b, loc, true);
}

namespace {
/// Operand indices of the groups of a versioned access: per group its
/// pointer, the fast side's predicate and the slow side's vector predicate;
/// per element the slow side's scalar predicate.
struct VersionedGroupOperands {
  SmallVector<unsigned> ptr, fast, slowOk, slow;
};
} // namespace

static VersionedGroupOperands
addVersionedGroupOperands(OpBuilder &b, Location loc, AsmOperands &ops,
                          ArrayRef<VersionedGroup> groups, unsigned width) {
  VersionedGroupOperands result;
  for (const VersionedGroup &g : groups) {
    result.ptr.push_back(ops.add(g.ptr, 'l'));
    result.fast.push_back(ops.add(trueIfNull(b, loc, g.fastMask), 'b'));
    result.slowOk.push_back(ops.add(g.slowVectorOk, 'b'));
    Value notVector =
        LLVM::XOrOp::create(b, loc, g.slowVectorOk, i1Const(b, loc, true));
    for (unsigned j = 0; j < width; ++j)
      result.slow.push_back(
          ops.add(fallbackPredicate(b, loc, g.slowMasks[j], notVector), 'b'));
  }
  return result;
}

/// The branch structure of a versioned access: the fast version's vector
/// access of every group when operand `okIdx` holds, else per group the
/// slow version's vector access (where its own vector condition holds) and
/// its element accesses, `elementAccess(g, j, address)`.
static void emitVersionedBody(
    llvm::raw_ostream &os, unsigned okIdx, int strideIdx,
    const VersionedGroupOperands &groupOps, unsigned numGroups, unsigned width,
    unsigned elemBytes,
    llvm::function_ref<void(unsigned g, unsigned pred)> vectorAccess,
    llvm::function_ref<void(unsigned g, unsigned j, StringRef addr)>
        elementAccess) {
  os << "@!$" << okIdx << " bra TILE_SLOW_${:uid};\n\t";
  for (unsigned g = 0; g < numGroups; ++g)
    vectorAccess(g, groupOps.fast[g]);
  os << "bra TILE_DONE_${:uid};\n\tTILE_SLOW_${:uid}:\n\t";
  openSlowScope(os, strideIdx);
  for (unsigned g = 0; g < numGroups; ++g) {
    vectorAccess(g, groupOps.slowOk[g]);
    for (unsigned j = 0; j < width; ++j) {
      std::string addr =
          slowElementAddress(os, groupOps.ptr[g], strideIdx, j, elemBytes);
      elementAccess(g, j, addr);
    }
  }
  closeSlowScope(os, strideIdx);
  os << "TILE_DONE_${:uid}:";
}

SmallVector<Value> tile::emitVersionedVectorLoad(
    OpBuilder &b, Location loc, Type elemType, unsigned width, Value fastOk,
    ArrayRef<VersionedGroup> groups, ArrayRef<Value> others,
    Value elementStrideBytes) {
  unsigned n = groups.size() * width;
  Type memType = getMemoryIntType(b, elemType);
  unsigned bits = memType.getIntOrFloatBitWidth();
  auto [letter, regBits] = asmRegister(bits);
  AsmOperands ops;
  ops.addOutputs(n, letter);
  unsigned okIdx = ops.add(fastOk, 'b');
  SmallVector<unsigned> defIdx;
  VersionedGroupOperands groupOps =
      addVersionedGroupOperands(b, loc, ops, groups, width);
  int strideIdx =
      elementStrideBytes ? int(ops.add(elementStrideBytes, 'l')) : -1;
  for (unsigned i = 0; i < n; ++i)
    defIdx.push_back(ops.add(toAsmReg(b, loc,
                                      others[i] ? toMemoryInt(b, loc, others[i])
                                                : intConst(b, loc, memType, 0)),
                             letter));
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  for (unsigned i = 0; i < n; ++i)
    os << "mov.b" << regBits << " $" << i << ", $" << defIdx[i] << ";\n\t";
  auto vectorAccess = [&](unsigned g, unsigned pred) {
    printVectorLoad(os, "@" + asmOperand(pred) + " ",
                    operandRange(g * width, width),
                    "[" + asmOperand(groupOps.ptr[g]) + "]", bits);
    os << "\n\t";
  };
  emitVersionedBody(os, okIdx, strideIdx, groupOps, groups.size(), width,
                    bits / 8, vectorAccess,
                    [&](unsigned g, unsigned j, StringRef addr) {
                      os << "@$" << groupOps.slow[g * width + j]
                         << " ld.global.b" << bits << " $" << g * width + j
                         << ", " << addr << ";\n\t";
                    });
  return emitLoadAsm(b, loc, elemType, memType, n, ops.values, asmStr,
                     ops.constraints);
}
