//===- Utility.cpp - Code generation helpers for tile to LLVM ------------===//

#include "tile/Conversion/TileToLLVM/Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

//===----------------------------------------------------------------------===//
// LinearLayoutApplyPlan
//===----------------------------------------------------------------------===//

LinearLayoutApplyPlan LinearLayoutApplyPlan::build(const LinearLayout &layout) {
  LinearLayoutApplyPlan plan;
  plan.inDims = layout.getInDimNames();
  plan.outDims = layout.getOutDimNames();
  for (unsigned o = 0; o < plan.outDims.size(); ++o) {
    // (input dim, shift) -> mask, ordered so the output is deterministic.
    std::map<std::pair<unsigned, int>, uint32_t> groups;
    for (unsigned i = 0; i < plan.inDims.size(); ++i) {
      int numBits = layout.getInDimSizeLog2(plan.inDims[i]);
      for (int bit = 0; bit < numBits; ++bit) {
        uint32_t image =
            uint32_t(layout.getBasis(plan.inDims[i], bit, plan.outDims[o]));
        // Over F2, (x_bit) * image is the XOR of x_bit moved to each set bit
        // of image.
        for (int t = 0; t < 32; ++t)
          if (image & (1u << t))
            groups[{i, t - bit}] |= 1u << bit;
      }
    }
    SmallVector<LinearLayoutTerm> terms;
    for (auto &[key, mask] : groups)
      terms.push_back({key.first, mask, key.second});
    plan.terms.push_back(std::move(terms));
  }
  return plan;
}

static uint32_t shiftBy(uint32_t x, int shift) {
  if (shift >= 32 || shift <= -32)
    return 0;
  return shift >= 0 ? x << shift : x >> -shift;
}

SmallVector<int32_t>
LinearLayoutApplyPlan::evaluate(ArrayRef<int32_t> ins) const {
  SmallVector<int32_t> outs;
  for (const auto &outTerms : terms) {
    uint32_t acc = 0;
    for (const LinearLayoutTerm &t : outTerms)
      acc ^= shiftBy(uint32_t(ins[t.inDim]) & t.mask, t.shift);
    outs.push_back(int32_t(acc));
  }
  return outs;
}

std::optional<int64_t> tile::getConstantIntValue(Value v) {
  if (!v)
    return std::nullopt;
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  if (auto cst = v.getDefiningOp<LLVM::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(cst.getValue()))
      return attr.getValue().getSExtValue();
  return std::nullopt;
}

SmallVector<Value>
tile::applyLinearLayout(OpBuilder &b, Location loc, const LinearLayout &layout,
                        ArrayRef<std::pair<std::string, Value>> ins) {
  LinearLayoutApplyPlan plan = LinearLayoutApplyPlan::build(layout);
  SmallVector<Value> inValues(plan.inDims.size());
  SmallVector<std::optional<int64_t>> inConsts(plan.inDims.size());
  for (unsigned i = 0; i < plan.inDims.size(); ++i) {
    inConsts[i] = 0;
    for (auto &[name, value] : ins) {
      if (name != plan.inDims[i])
        continue;
      inValues[i] = value;
      inConsts[i] = getConstantIntValue(value);
    }
  }
  SmallVector<Value> outs;
  for (const auto &outTerms : plan.terms) {
    uint32_t constAcc = 0;
    Value acc;
    for (const LinearLayoutTerm &t : outTerms) {
      if (inConsts[t.inDim]) {
        constAcc ^= shiftBy(uint32_t(*inConsts[t.inDim]) & t.mask, t.shift);
        continue;
      }
      Value x = inValues[t.inDim];
      Value term = LLVM::AndOp::create(b, loc, x, i32Const(b, loc, t.mask));
      if (t.shift > 0)
        term = LLVM::ShlOp::create(b, loc, term, i32Const(b, loc, t.shift));
      else if (t.shift < 0)
        term = LLVM::LShrOp::create(b, loc, term, i32Const(b, loc, -t.shift));
      acc = acc ? LLVM::XOrOp::create(b, loc, acc, term).getResult() : term;
    }
    if (!acc)
      acc = i32Const(b, loc, int32_t(constAcc));
    else if (constAcc != 0)
      acc = LLVM::XOrOp::create(b, loc, acc, i32Const(b, loc, constAcc));
    outs.push_back(acc);
  }
  return outs;
}

//===----------------------------------------------------------------------===//
// Distributed tensors
//===----------------------------------------------------------------------===//

HardwareIds tile::getHardwareIds(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  HardwareIds ids;
  ids.lane = LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, kWarpSize - 1));
  ids.warp = LLVM::LShrOp::create(b, loc, tid,
                                  i32Const(b, loc, llvm::Log2_32(kWarpSize)));
  ids.block = i32Const(b, loc, 0);
  return ids;
}

SmallVector<int32_t> tile::getRegisterCoords(const LinearLayout &layout,
                                             int32_t reg) {
  SmallVector<int32_t> ins;
  for (const std::string &name : layout.getInDimNames())
    ins.push_back(name == kRegister ? reg : 0);
  return layout.apply(ins);
}

LinearLayout tile::getThreadPart(const LinearLayout &layout) {
  LinearLayout::BasesT bases;
  for (const auto &[name, dimBases] : layout.getBases())
    if (name != kRegister)
      bases[name] = dimBases;
  return LinearLayout(std::move(bases), layout.getOutDims(),
                      /*requireSurjective=*/false);
}

/// Bits that the thread part of output dim `o` may set.
static uint32_t possibleBits(const LinearLayoutApplyPlan &plan, unsigned o) {
  uint32_t bits = 0;
  for (const LinearLayoutTerm &t : plan.terms[o])
    bits |= shiftBy(t.mask, t.shift);
  return bits;
}

SmallVector<SmallVector<Value>> tile::emitIndices(OpBuilder &b, Location loc,
                                                  const LinearLayout &layout) {
  HardwareIds ids = getHardwareIds(b, loc);
  LinearLayout thread = getThreadPart(layout);
  SmallVector<Value> threadCoords = applyLinearLayout(
      b, loc, thread,
      {{kLane.str(), ids.lane}, {kWarp.str(), ids.warp},
       {kBlock.str(), ids.block}});
  LinearLayoutApplyPlan plan = LinearLayoutApplyPlan::build(thread);
  int32_t numRegs = layout.getInDimSize(kRegister);
  SmallVector<SmallVector<Value>> result;
  for (int32_t r = 0; r < numRegs; ++r) {
    SmallVector<int32_t> regCoords = getRegisterCoords(layout, r);
    SmallVector<Value> coords;
    for (unsigned d = 0; d < regCoords.size(); ++d) {
      Value t = threadCoords[d];
      uint32_t c = uint32_t(regCoords[d]);
      if (c == 0) {
        coords.push_back(t);
      } else if (auto tc = getConstantIntValue(t)) {
        coords.push_back(i32Const(b, loc, int32_t(uint32_t(*tc) ^ c)));
      } else if ((possibleBits(plan, d) & c) == 0) {
        // Disjoint bits: XOR is an addition, which folds into addressing.
        coords.push_back(LLVM::AddOp::create(b, loc, t, i32Const(b, loc, c)));
      } else {
        coords.push_back(LLVM::XOrOp::create(b, loc, t, i32Const(b, loc, c)));
      }
    }
    result.push_back(std::move(coords));
  }
  return result;
}

/// A basis flattened to one integer (output dims concatenated, first dim in
/// the low bits).
static uint64_t flattenCoords(const LinearLayout &layout,
                              ArrayRef<int32_t> coords) {
  uint64_t flat = 0;
  int shift = 0;
  auto outDims = layout.getOutDims();
  for (unsigned d = 0; d < outDims.size(); ++d) {
    flat |= uint64_t(uint32_t(coords[d])) << shift;
    shift += llvm::Log2_32(uint32_t(outDims[d].second));
  }
  return flat;
}

llvm::StringMap<int32_t> tile::getBroadcastMasks(const LinearLayout &layout) {
  // Gaussian elimination over F2 on the flattened bases, in order:
  // pivots[k] is a vector of the span whose highest set bit is k.
  uint64_t pivots[64] = {};
  llvm::StringMap<int32_t> masks;
  for (const auto &[name, dimBases] : layout.getBases()) {
    int32_t mask = 0;
    for (unsigned bit = 0; bit < dimBases.size(); ++bit) {
      uint64_t v = flattenCoords(layout, dimBases[bit]);
      for (int k = 63; k >= 0 && v; --k)
        if (((v >> k) & 1) && pivots[k])
          v ^= pivots[k];
      if (v == 0)
        mask |= 1 << bit;
      else
        pivots[63 - llvm::countl_zero(v)] = v;
    }
    masks[name] = mask;
  }
  return masks;
}

/// Bases of `dim`, padded with zero bases to `numBits`.
static std::vector<LinearLayout::Basis>
paddedBases(const LinearLayout &layout, StringRef dim, unsigned numBits) {
  std::vector<LinearLayout::Basis> bases;
  if (layout.hasInDim(dim))
    bases = layout.getBases().lookup(dim.str());
  while (bases.size() < numBits)
    bases.push_back(LinearLayout::Basis(layout.getNumOutDims(), 0));
  return bases;
}

std::optional<SmallVector<unsigned>>
tile::matchRegisters(const LinearLayout &src, const LinearLayout &dst) {
  if (src.getOutDims() != dst.getOutDims())
    return std::nullopt;
  for (StringRef dim : {kLane, kWarp, kBlock}) {
    unsigned bits = std::max(src.getInDimSizeLog2(dim),
                             dst.getInDimSizeLog2(dim));
    if (paddedBases(src, dim, bits) != paddedBases(dst, dim, bits))
      return std::nullopt;
  }
  llvm::DenseMap<uint64_t, unsigned> srcRegs;
  int32_t numSrc = src.getInDimSize(kRegister);
  for (int32_t r = 0; r < numSrc; ++r)
    srcRegs.try_emplace(flattenCoords(src, getRegisterCoords(src, r)), r);
  SmallVector<unsigned> map;
  int32_t numDst = dst.getInDimSize(kRegister);
  for (int32_t r = 0; r < numDst; ++r) {
    auto it = srcRegs.find(flattenCoords(dst, getRegisterCoords(dst, r)));
    if (it == srcRegs.end())
      return std::nullopt;
    map.push_back(it->second);
  }
  return map;
}

//===----------------------------------------------------------------------===//
// Structs of registers
//===----------------------------------------------------------------------===//

SmallVector<Value> tile::unpackStruct(OpBuilder &b, Location loc,
                                      Value llStruct) {
  auto type = dyn_cast<LLVM::LLVMStructType>(llStruct.getType());
  if (!type)
    return {llStruct};
  SmallVector<Value> elements;
  for (unsigned i = 0, e = type.getBody().size(); i < e; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(b, loc, llStruct, i));
  return elements;
}

Value tile::packStruct(OpBuilder &b, Location loc, Type structType,
                       ValueRange elements) {
  Value result = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, element] : llvm::enumerate(elements))
    result = LLVM::InsertValueOp::create(b, loc, result, element, i);
  return result;
}

void tile::replaceWithRegisters(ConversionPatternRewriter &rewriter,
                                Operation *op, Type llResultType,
                                ValueRange values) {
  if (isa<LLVM::LLVMStructType>(llResultType))
    rewriter.replaceOp(op, packStruct(rewriter, op->getLoc(), llResultType,
                                      values));
  else
    rewriter.replaceOp(op, values.front());
}

//===----------------------------------------------------------------------===//
// Constants and integer arithmetic
//===----------------------------------------------------------------------===//

Value tile::intConst(OpBuilder &b, Location loc, Type type, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, type,
                                  b.getIntegerAttr(type, value));
}
Value tile::i32Const(OpBuilder &b, Location loc, int64_t value) {
  return intConst(b, loc, b.getI32Type(), int32_t(value));
}
Value tile::i64Const(OpBuilder &b, Location loc, int64_t value) {
  return intConst(b, loc, b.getI64Type(), value);
}
Value tile::i1Const(OpBuilder &b, Location loc, bool value) {
  return intConst(b, loc, b.getI1Type(), value);
}

Value tile::scalarConst(OpBuilder &b, Location loc, Type type, double value) {
  if (auto ft = dyn_cast<FloatType>(type))
    return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(ft, value));
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  return intConst(b, loc, type, int64_t(value));
}

Value tile::intCast(OpBuilder &b, Location loc, Value v, Type type,
                    bool isSigned) {
  unsigned from = v.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (from == to)
    return v;
  if (from > to)
    return LLVM::TruncOp::create(b, loc, type, v);
  if (isSigned)
    return LLVM::SExtOp::create(b, loc, type, v);
  return LLVM::ZExtOp::create(b, loc, type, v);
}

//===----------------------------------------------------------------------===//
// Shared memory, barriers, shuffles
//===----------------------------------------------------------------------===//

void tile::declareSharedMemory(OpBuilder &b, ModuleOp module) {
  if (module.lookupSymbol(kSharedMemorySymbol))
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/false,
                         LLVM::Linkage::External, kSharedMemorySymbol,
                         /*value=*/Attribute(), /*alignment=*/16,
                         /*addrSpace=*/3);
}

Value tile::getSharedMemoryPtr(OpBuilder &b, Location loc, int64_t offset) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base =
      LLVM::AddressOfOp::create(b, loc, ptrType, kSharedMemorySymbol);
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

void tile::emitBarrier(OpBuilder &b, Location loc) {
  NVVM::Barrier0Op::create(b, loc);
}

Value tile::emitShuffleXor(OpBuilder &b, Location loc, Value value,
                           unsigned laneMask) {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  auto shfl32 = [&](Value v) -> Value {
    return NVVM::ShflOp::create(b, loc, v.getType(), i32Const(b, loc, -1), v,
                                i32Const(b, loc, laneMask),
                                i32Const(b, loc, kWarpSize - 1),
                                NVVM::ShflKind::bfly, UnitAttr());
  };
  if (type.isF32() || type.isInteger(32))
    return shfl32(value);
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value asInt = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
    Value shuffled = emitShuffleXor(b, loc, asInt, laneMask);
    return LLVM::IntToPtrOp::create(b, loc, type, shuffled);
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value asInt = isa<FloatType>(type)
                    ? LLVM::BitcastOp::create(b, loc, intType, value).getResult()
                    : value;
  Value result;
  if (bits == 64) {
    Value lo = LLVM::TruncOp::create(b, loc, i32, asInt);
    Value hi = LLVM::TruncOp::create(
        b, loc, i32, LLVM::LShrOp::create(b, loc, asInt, i64Const(b, loc, 32)));
    lo = LLVM::ZExtOp::create(b, loc, intType, shfl32(lo));
    hi = LLVM::ZExtOp::create(b, loc, intType, shfl32(hi));
    result = LLVM::OrOp::create(
        b, loc, lo, LLVM::ShlOp::create(b, loc, hi, i64Const(b, loc, 32)));
  } else {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
    result = LLVM::TruncOp::create(b, loc, intType, shfl32(wide));
  }
  if (isa<FloatType>(type))
    result = LLVM::BitcastOp::create(b, loc, type, result);
  return result;
}

int64_t tile::getElementBytes(Type type) {
  if (isa<LLVM::LLVMPointerType>(type) || type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
  // Pointers of the tile dialect and anything pointer-like.
  return 8;
}

//===----------------------------------------------------------------------===//
// Memory accesses
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
  Value init = other ? toMemoryInt(b, loc, other)
                     : intConst(b, loc, memType, 0);
  if (regBits != bits)
    init = LLVM::ZExtOp::create(b, loc, regType, init);
  std::string asmStr = llvm::formatv("mov.b{0} $0, $3;\n\t@$2 ld.{1}.b{2} $0, "
                                     "[$1];",
                                     regBits, getStateSpace(ptr), bits)
                           .str();
  std::string constraints =
      llvm::formatv("={0},l,b,{0}", letter).str();
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
    Value stored = value.getType().isInteger(1) ? toMemoryInt(b, loc, value)
                                                : value;
    LLVM::StoreOp::create(b, loc, stored, ptr, align);
    return;
  }
  auto [letter, regBits] = asmRegister(bits);
  Value v = toMemoryInt(b, loc, value);
  if (regBits != bits)
    v = LLVM::ZExtOp::create(b, loc, b.getIntegerType(regBits), v);
  std::string asmStr = llvm::formatv("@$2 st.{0}.b{1} [$0], $1;",
                                     getStateSpace(ptr), bits)
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

int tile::getVectorWidth(const LinearLayout &layout, int dim, int maxWidth) {
  if (dim < 0 || dim >= layout.getNumOutDims())
    return 1;
  int numRegBits = layout.getInDimSizeLog2(kRegister);
  int k = 0;
  // Registers bits 0..k-1 must step by 1, 2, 4, ... along `dim` only.
  while (k < numRegBits && (1 << (k + 1)) <= maxWidth) {
    ArrayRef<int32_t> basis = layout.getBasis(kRegister, k);
    bool unit = true;
    for (int d = 0; d < layout.getNumOutDims(); ++d)
      if (basis[d] != (d == dim ? (1 << k) : 0))
        unit = false;
    if (!unit)
      break;
    ++k;
  }
  // Every other basis must leave the low k bits of `dim` alone, so that the
  // group starts at a multiple of 2^k and XOR acts as addition.
  auto fits = [&](int k) {
    int32_t low = (1 << k) - 1;
    for (const auto &[name, dimBases] : layout.getBases())
      for (unsigned bit = 0; bit < dimBases.size(); ++bit) {
        if (name == kRegister && int(bit) < k)
          continue;
        if (dimBases[bit][dim] & low)
          return false;
      }
    return true;
  };
  while (k > 0 && !fits(k))
    --k;
  return 1 << k;
}

Value tile::emitIsAligned(OpBuilder &b, Location loc, Value ptr,
                          int64_t bytes) {
  Type i64 = b.getI64Type();
  Value asInt = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
  Value low = LLVM::AndOp::create(b, loc, asInt, i64Const(b, loc, bytes - 1));
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, low,
                              i64Const(b, loc, 0));
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

/// Runs a side-effecting asm block whose outputs are `n` words of `memType`
/// and returns them as values of `elemType` (the tail every predicated load
/// emitter shares).
static SmallVector<Value> emitLoadAsm(OpBuilder &b, Location loc,
                                      Type elemType, Type memType, unsigned n,
                                      ValueRange operands, StringRef asmStr,
                                      StringRef constraints) {
  auto structType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(n, memType));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, structType, operands, asmStr, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
  SmallVector<Value> results;
  for (unsigned j = 0; j < n; ++j) {
    Value v = LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), j);
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
  (void)regBits;
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  // Operands: n outputs, then ptr, vectorOk, n fallback predicates (mask_j
  // and not vectorOk), n defaults. At most one of the vector access and
  // each scalar one runs; no branch.
  unsigned ptrIdx = n, okIdx = n + 1, predIdx = n + 2, defIdx = 2 * n + 2;
  for (unsigned j = 0; j < n; ++j)
    os << "mov.b" << bits << " $" << j << ", $" << defIdx + j << ";\n\t";
  os << "@$" << okIdx << " ld.global.v" << n << ".b" << bits << " {";
  for (unsigned j = 0; j < n; ++j)
    os << (j ? ", " : "") << "$" << j;
  os << "}, [$" << ptrIdx << "];";
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
    operands.push_back(others[j] ? toMemoryInt(b, loc, others[j])
                                 : intConst(b, loc, memType, 0));
  return emitLoadAsm(b, loc, elemType, memType, n, operands, asmStr,
                     constraints);
}

void tile::emitVectorStore(OpBuilder &b, Location loc, ArrayRef<Value> values,
                           Value ptr, Value vectorOk, ArrayRef<Value> masks) {
  unsigned n = values.size();
  Type memType = getMemoryIntType(b, values.front().getType());
  unsigned bits = memType.getIntOrFloatBitWidth();
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  // Operands: ptr, n values, vectorOk, n fallback predicates (mask_j and
  // not vectorOk). No branch.
  unsigned valIdx = 1, okIdx = n + 1, predIdx = n + 2;
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  os << "@$" << okIdx << " st.global.v" << n << ".b" << bits << " [$0], {";
  for (unsigned j = 0; j < n; ++j)
    os << (j ? ", " : "") << "$" << valIdx + j;
  os << "};";
  for (unsigned j = 0; j < n; ++j)
    os << "\n\t@$" << predIdx + j << " st.global.b" << bits << " [$0+"
       << j * bits / 8 << "], $" << valIdx + j << ";";
  std::string constraints = "l";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;
  constraints += ",b";
  for (unsigned j = 0; j < n; ++j)
    constraints += ",b";
  Value notVector =
      LLVM::XOrOp::create(b, loc, vectorOk, i1Const(b, loc, true));
  SmallVector<Value> operands{ptr};
  for (Value v : values)
    operands.push_back(toMemoryInt(b, loc, v));
  operands.push_back(vectorOk);
  for (unsigned j = 0; j < n; ++j)
    operands.push_back(fallbackPredicate(b, loc, masks[j], notVector));
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, asmStr,
                            constraints, /*has_side_effects=*/true,
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
      Value v = LLVM::ExtractElementOp::create(b, loc, loaded,
                                               i32Const(b, loc, j));
      results.push_back(fromMemoryInt(b, loc, v, elemType));
    }
    return results;
  }
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  // Operands: n outputs, ptr, mask, n defaults.
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  for (unsigned j = 0; j < n; ++j)
    os << "mov.b" << bits << " $" << j << ", $" << n + 2 + j << ";\n\t";
  os << "@$" << n + 1 << " ld.global.v" << n << ".b" << bits << " {";
  for (unsigned j = 0; j < n; ++j)
    os << (j ? ", " : "") << "$" << j;
  os << "}, [$" << n << "];";
  std::string constraints;
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string("=") + letter + ",";
  constraints += "l,b";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;
  SmallVector<Value> operands{ptr, mask};
  for (unsigned j = 0; j < n; ++j)
    operands.push_back(others[j] ? toMemoryInt(b, loc, others[j])
                                 : intConst(b, loc, memType, 0));
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
      vec = LLVM::InsertElementOp::create(b, loc, vec,
                                          toMemoryInt(b, loc, values[j]),
                                          i32Const(b, loc, j));
    LLVM::StoreOp::create(b, loc, vec, ptr, /*alignment=*/n * bits / 8);
    return;
  }
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  // Operands: ptr, n values, mask.
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  os << "@$" << n + 1 << " st.global.v" << n << ".b" << bits << " [$0], {";
  for (unsigned j = 0; j < n; ++j)
    os << (j ? ", " : "") << "$" << 1 + j;
  os << "};";
  std::string constraints = "l";
  for (unsigned j = 0; j < n; ++j)
    constraints += std::string(",") + letter;
  constraints += ",b";
  SmallVector<Value> operands{ptr};
  for (Value v : values)
    operands.push_back(toMemoryInt(b, loc, v));
  operands.push_back(mask);
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, asmStr,
                            constraints, /*has_side_effects=*/true,
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

SmallVector<Value> tile::emitVersionedVectorLoad(
    OpBuilder &b, Location loc, Type elemType, unsigned width, Value fastOk,
    ArrayRef<VersionedGroup> groups, ArrayRef<Value> others) {
  unsigned n = groups.size() * width;
  Type memType = getMemoryIntType(b, elemType);
  unsigned bits = memType.getIntOrFloatBitWidth();
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  AsmOperands ops;
  ops.addOutputs(n, letter);
  unsigned okIdx = ops.add(fastOk, 'b');
  SmallVector<unsigned> defIdx;
  VersionedGroupOperands groupOps =
      addVersionedGroupOperands(b, loc, ops, groups, width);
  for (unsigned i = 0; i < n; ++i)
    defIdx.push_back(ops.add(others[i] ? toMemoryInt(b, loc, others[i])
                                       : intConst(b, loc, memType, 0),
                             letter));
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  for (unsigned i = 0; i < n; ++i)
    os << "mov.b" << bits << " $" << i << ", $" << defIdx[i] << ";\n\t";
  auto vectorAccess = [&](unsigned g, unsigned pred) {
    os << "@$" << pred << " ld.global.v" << width << ".b" << bits << " {";
    for (unsigned j = 0; j < width; ++j)
      os << (j ? ", " : "") << "$" << g * width + j;
    os << "}, [$" << groupOps.ptr[g] << "];\n\t";
  };
  os << "@!$" << okIdx << " bra TILE_SLOW_${:uid};\n\t";
  for (unsigned g = 0; g < groups.size(); ++g)
    vectorAccess(g, groupOps.fast[g]);
  os << "bra TILE_DONE_${:uid};\n\tTILE_SLOW_${:uid}:\n\t";
  for (unsigned g = 0; g < groups.size(); ++g) {
    vectorAccess(g, groupOps.slowOk[g]);
    for (unsigned j = 0; j < width; ++j)
      os << "@$" << groupOps.slow[g * width + j] << " ld.global.b" << bits << " $"
         << g * width + j << ", [$" << groupOps.ptr[g] << "+" << j * bits / 8
         << "];\n\t";
  }
  os << "TILE_DONE_${:uid}:";
  return emitLoadAsm(b, loc, elemType, memType, n, ops.values, asmStr,
                     ops.constraints);
}

void tile::emitVersionedVectorStore(OpBuilder &b, Location loc, unsigned width,
                                    Value fastOk,
                                    ArrayRef<VersionedGroup> groups,
                                    ArrayRef<Value> values) {
  Type memType = getMemoryIntType(b, values.front().getType());
  unsigned bits = memType.getIntOrFloatBitWidth();
  auto [letter, regBits] = asmRegister(bits);
  (void)regBits;
  AsmOperands ops;
  unsigned okIdx = ops.add(fastOk, 'b');
  SmallVector<unsigned> valIdx;
  for (Value v : values)
    valIdx.push_back(ops.add(toMemoryInt(b, loc, v), letter));
  VersionedGroupOperands groupOps =
      addVersionedGroupOperands(b, loc, ops, groups, width);
  std::string asmStr;
  llvm::raw_string_ostream os(asmStr);
  auto vectorAccess = [&](unsigned g, unsigned pred) {
    os << "@$" << pred << " st.global.v" << width << ".b" << bits << " [$"
       << groupOps.ptr[g] << "], {";
    for (unsigned j = 0; j < width; ++j)
      os << (j ? ", " : "") << "$" << valIdx[g * width + j];
    os << "};\n\t";
  };
  os << "@!$" << okIdx << " bra TILE_SLOW_${:uid};\n\t";
  for (unsigned g = 0; g < groups.size(); ++g)
    vectorAccess(g, groupOps.fast[g]);
  os << "bra TILE_DONE_${:uid};\n\tTILE_SLOW_${:uid}:\n\t";
  for (unsigned g = 0; g < groups.size(); ++g) {
    vectorAccess(g, groupOps.slowOk[g]);
    for (unsigned j = 0; j < width; ++j)
      os << "@$" << groupOps.slow[g * width + j] << " st.global.b" << bits << " [$"
         << groupOps.ptr[g] << "+" << j * bits / 8 << "], $"
         << valIdx[g * width + j] << ";\n\t";
  }
  os << "TILE_DONE_${:uid}:";
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, ops.values, asmStr,
                            ops.constraints, /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}
