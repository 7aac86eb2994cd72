//===- WgmmaOpToLLVM.cpp - tile.dot on wgmma ------------------------------===//
//
// A dot whose accumulator is in a version 3 #layout.nvmma layout runs on
// wgmma.mma_async: each warpgroup (4 warps stacked along M) multiplies
// 64 x instrN tiles, K instrK at a time. B, and A unless it is in registers,
// are read by the tensor cores straight from shared memory through 64-bit
// matrix descriptors:
//
//   bits  0-13  start address >> 4
//   bits 16-29  leading-dimension byte offset >> 4: between swizzle-width
//               blocks along the contiguous dim (= swizzle bytes x the
//               number of rows of the other dim, as #layout.nvmma_shared
//               stores all rows of one block before the next block)
//   bits 32-45  stride-dimension byte offset >> 4: between groups of 8 rows
//               (= 8 x swizzle bytes)
//   bits 62-63  swizzle: 1 = 128 B, 2 = 64 B, 3 = 32 B
//
// The start address of an instruction's tile is the buffer offset of its
// first element, read off the shared layout's linear form (the element sits
// at a multiple of 8 rows, where the swizzle is the identity). The low
// word (start address >> 4 | leading byte offset) of each operand is
// computed once per dot; each instruction adds its tile's constant byte
// offset / 16 to it (one i32 add, no 64-bit arithmetic: ptxas had kept
// about 6 uniform instructions a descriptor for the per-instruction form).
// The sequence
// per dot is: fence.proxy.async.shared::cta (stores made through ordinary
// st.shared become visible to the tensor cores; left out when only cp.async
// writes the operands, kNoProxyFenceAttr), wgmma.fence, the wgmmas
// chained on the accumulator, wgmma.commit_group, and wgmma.wait_group 0
// unless the dot is `async` (then tile.dot_wait waits).
//
//===----------------------------------------------------------------------===//

#include "DotLowering.h"

#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

/// The byte offset in `d`'s buffer of its element (row, col): where a
/// wgmma tile starting there begins (a descriptor's start address must be
/// a multiple of 16 bytes), or a step of the descriptor's strides.
int64_t getByteOffset(const WgmmaOperandDesc &d, int32_t row, int32_t col,
                      int elemBytes) {
  return int64_t(d.coordsToOffset.apply(llvm::ArrayRef<int32_t>{row, col})[0]) *
         elemBytes;
}

/// Checks a shared-memory operand of a wgmma and describes it.
FailureOr<WgmmaOperandDesc> describeOperand(Value v, bool isA,
                                            std::string *why) {
  auto fail = [&](const Twine &msg) -> FailureOr<WgmmaOperandDesc> {
    if (why)
      *why = msg.str();
    return failure();
  };
  StringRef name = isA ? "A" : "B";
  auto memdesc = cast<layout::MemDescType>(v.getType());
  if (memdesc.getShape().size() != 2)
    return fail("tile.dot: operand " + name + " is a buffer of rank " +
                Twine(memdesc.getShape().size()) +
                "; take one slot with layout.memdesc_index");
  auto shared = dyn_cast<layout::NvmmaSharedAttr>(memdesc.getLayout());
  if (!shared)
    return fail("tile.dot: wgmma reads operand " + name +
                " from shared memory in a #layout.nvmma_shared layout, not " +
                Twine(llvm::isa<Attribute>(memdesc.getLayout()) ? "another "
                                                                 : "") +
                "layout; allocate it with #layout.nvmma_shared");
  int swizzle = shared.getSwizzlingByteWidth();
  if (swizzle == 0)
    return fail("tile.dot: wgmma needs a swizzled #layout.nvmma_shared "
                "(swizzlingByteWidth = 32, 64 or 128) for operand " +
                name);
  Type elem = memdesc.getElementType();
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (shared.getElementBitWidth() != bits)
    return fail("tile.dot: operand " + name + " holds " + Twine(bits) +
                "-bit elements but its layout says elementBitWidth = " +
                Twine(shared.getElementBitWidth()));
  // A (M x K) is K-major when dim 1 is contiguous; B (K x N) when dim 0 is.
  bool dim0Contiguous = shared.getTransposed();
  WgmmaOperandDesc desc;
  desc.swizzleBytes = swizzle;
  desc.mnMajor = isA ? dim0Contiguous : !dim0Contiguous;
  if (desc.mnMajor && bits != 16)
    return fail("tile.dot: wgmma reads " + Twine(bits) + "-bit operand " +
                name + " only K-major (transposed = " +
                Twine(isA ? "false" : "true") +
                "); the tensor cores transpose 16-bit types only");
  ArrayRef<int64_t> shape = memdesc.getShape();
  auto layout = cast<layout::SharedLayoutAttrInterface>(memdesc.getLayout());
  std::optional<LinearLayout> ll = layout.toLinearLayout(shape);
  if (!ll)
    return fail("tile.dot: the layout of operand " + name +
                " does not fit its shape");
  std::optional<LinearLayout> inverse = ll->tryInvert();
  if (!inverse)
    return fail("tile.dot: the layout of operand " + name +
                " is not a one-to-one map of its elements");
  desc.coordsToOffset = *inverse;
  // Read the two strides off the layout: 8 rows of the other dim (stride
  // byte offset) and one swizzle width along the contiguous dim (leading
  // byte offset; unused when the operand is only one block wide).
  int contiguous = dim0Contiguous ? 0 : 1, other = 1 - contiguous;
  int64_t width = int64_t(swizzle) * 8 / bits;
  auto offsetOf = [&](int dim, int32_t step) {
    return getByteOffset(desc, dim == 0 ? step : 0, dim == 1 ? step : 0,
                         bits / 8);
  };
  if (shape[other] < 8)
    return fail("tile.dot: operand " + name + " needs at least 8 rows along "
                "its non-contiguous dim for wgmma, got " +
                Twine(shape[other]));
  desc.strideBytes = offsetOf(other, 8);
  desc.leadingBytes = shape[contiguous] > width
                          ? offsetOf(contiguous, int32_t(width))
                          : int64_t(swizzle) * shape[other];
  if (desc.strideBytes % 16 || desc.leadingBytes % 16 ||
      desc.strideBytes >= (int64_t(1) << 18) ||
      desc.leadingBytes >= (int64_t(1) << 18))
    return fail("tile.dot: the layout of operand " + name +
                " has strides a wgmma descriptor cannot express");
  return desc;
}

/// The wgmma type of an input element type (f32 inputs multiply as tf32).
std::optional<NVVM::WGMMATypes> getWgmmaType(Type t) {
  if (t.isF16())
    return NVVM::WGMMATypes::f16;
  if (t.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (t.isF32())
    return NVVM::WGMMATypes::tf32;
  if (t.isSignlessInteger(8))
    return NVVM::WGMMATypes::s8;
  if (isa<Float8E4M3FNType>(t))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(t))
    return NVVM::WGMMATypes::e5m2;
  return std::nullopt;
}

Type getElementType(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return t.getElementType();
  return cast<layout::MemDescType>(v.getType()).getElementType();
}

/// The constant part of a descriptor (offsets and swizzle mode).
uint64_t getDescriptorBase(const WgmmaOperandDesc &d) {
  uint64_t mode = d.swizzleBytes == 128 ? 1 : d.swizzleBytes == 64 ? 2 : 3;
  return ((uint64_t(d.leadingBytes) >> 4) & 0x3FFF) << 16 |
         ((uint64_t(d.strideBytes) >> 4) & 0x3FFF) << 32 | mode << 62;
}

/// The low word of the descriptors of a dot's operand `d`: the
/// start-address field (bits 0-13), (`base` (!llvm.ptr<3>) + `origin`
/// elements) >> 4, with the leading byte offset (bits 16-29) or-ed in; an
/// i32 computed once per dot and operand.
Value emitDescriptorLow(OpBuilder &b, Location loc, const WgmmaOperandDesc &d,
                        Value base, Value origin, int elemBytes) {
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  addr = LLVM::AddOp::create(
      b, loc, addr,
      LLVM::MulOp::create(b, loc, origin, i32Const(b, loc, elemBytes)));
  Value field = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, addr, i32Const(b, loc, 4)),
      i32Const(b, loc, 0x3FFF));
  return LLVM::OrOp::create(
      b, loc, field, i32Const(b, loc, int32_t(uint32_t(getDescriptorBase(d)))));
}

/// The descriptor of the tile of `d` starting at (row, col): `low` is the
/// operand's low word (emitDescriptorLow). The tile's byte offset is a
/// multiple of 16 (planWgmmaLowering checks it), so it adds to the low word
/// as a constant: one i32 add an instruction. The start address stays
/// below 2^14 x 16 (shared memory ends below 256 KiB on sm_90), so the add
/// never carries out of bits 0-13.
Value emitDescriptor(OpBuilder &b, Location loc, const WgmmaOperandDesc &d,
                     Value low, int32_t row, int32_t col, int elemBytes) {
  int64_t bytes = getByteOffset(d, row, col, elemBytes);
  if (bytes)
    low =
        LLVM::AddOp::create(b, loc, low, i32Const(b, loc, int32_t(bytes >> 4)));
  Value wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), low);
  uint64_t high = getDescriptorBase(d) >> 32 << 32;
  return LLVM::OrOp::create(b, loc, wide, i64Const(b, loc, int64_t(high)));
}

/// The PTX type name of a wgmma input.
StringRef getPtxTypeName(Type t) {
  if (t.isF16())
    return "f16";
  if (t.isBF16())
    return "bf16";
  if (t.isF32())
    return "tf32";
  if (t.isSignlessInteger(8))
    return "s8";
  if (isa<Float8E4M3FNType>(t))
    return "e4m3";
  return "e5m2";
}

/// Packs a register-A fragment (a0..a3, `instrK / 8` elements each for
/// 16-bit types) into four 32-bit registers.
SmallVector<Value> packRegisterA(OpBuilder &b, Location loc,
                                 ArrayRef<Value> regs, ArrayRef<int> indices,
                                 Type elem) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  int perReg = 32 / bits;
  SmallVector<Value> packed;
  for (size_t i = 0; i < indices.size(); i += perReg) {
    if (perReg == 1) {
      packed.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(),
                                               regs[indices[i]]));
      continue;
    }
    auto vecType = VectorType::get({perReg}, regs[indices[i]].getType());
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (int j = 0; j < perReg; ++j)
      vec = LLVM::InsertElementOp::create(b, loc, vec, regs[indices[i + j]],
                                          i32Const(b, loc, j));
    packed.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), vec));
  }
  return packed;
}

/// wgmma with A in registers (MLIR 22's nvvm.wgmma.mma_async takes A only
/// as a descriptor): inline PTX with the accumulators tied in and out.
SmallVector<Value> emitRegisterAWgmma(OpBuilder &b, Location loc,
                                      const WgmmaPlan &plan,
                                      ArrayRef<Value> acc, ArrayRef<Value> a,
                                      Value descB, Type aElem, bool bMnMajor) {
  int n = acc.size();
  Type accType = acc.front().getType();
  bool isFloat = accType.isF32();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
     << "wgmma.mma_async.sync.aligned.m64n" << plan.instrN << "k"
     << plan.instrK << "." << (isFloat ? "f32" : "s32") << "."
     << getPtxTypeName(aElem) << "." << getPtxTypeName(aElem)
     << (isFloat ? "" : ".satfinite") << " {";
  for (int i = 0; i < n; ++i)
    os << (i ? ", " : "") << "$" << i;
  os << "}, {";
  for (int i = 0; i < 4; ++i)
    os << (i ? ", " : "") << "$" << (2 * n + i);
  // Integer types take no input scales; imm-trans-b exists for 16-bit
  // types only.
  os << "}, $" << (2 * n + 4) << ", p" << (isFloat ? ", 1, 1" : "");
  if (aElem.getIntOrFloatBitWidth() == 16)
    os << ", " << (bMnMajor ? 1 : 0);
  os << ";\n}";
  std::string constraints;
  for (int i = 0; i < n; ++i)
    constraints += std::string(i ? "," : "") + (isFloat ? "=f" : "=r");
  for (int i = 0; i < n; ++i)
    constraints += "," + std::to_string(i);
  constraints += ",r,r,r,r,l";
  SmallVector<Value> operands(acc.begin(), acc.end());
  operands.append(a.begin(), a.end());
  operands.push_back(descB);
  auto resultType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(n, accType));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
  SmallVector<Value> results;
  for (int i = 0; i < n; ++i)
    results.push_back(
        LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return results;
}

} // namespace

FailureOr<DotLowering> tile::planWgmmaLowering(tl::DotOp op,
                                               const LinearLayout &c,
                                               layout::NvmmaAttr nvmma,
                                               DotLowering lowering,
                                               std::string *why) {
  auto fail = [&](const Twine &msg) -> FailureOr<DotLowering> {
    if (why)
      *why = msg.str();
    return failure();
  };
  ArrayRef<unsigned> instr = nvmma.getInstrShape();
  if (instr.size() != 3)
    return fail("tile.dot: a version 3 #layout.nvmma needs instrShape = "
                "[16, N, K]");
  Type aElem = getElementType(op.getA());
  if (int(instr[2]) != lowering.instrK)
    return fail("tile.dot: instrShape K = " + Twine(instr[2]) +
                " does not match the inputs; " + Twine(aElem.getIntOrFloatBitWidth()) +
                "-bit inputs need K = " + Twine(lowering.instrK));
  if (!isa<layout::MemDescType>(op.getB().getType()))
    return fail("tile.dot: wgmma reads B from shared memory; pass a "
                "!layout.memdesc (layout.local_alloc) in a "
                "#layout.nvmma_shared layout");
  int64_t k = cast<layout::MemDescType>(op.getB().getType()).getShape()[0];
  std::optional<LinearLayout> aRegs;
  if (auto aTensor = dyn_cast<RankedTensorType>(op.getA().getType())) {
    // Register A: the mma.sync A fragment of each warp's 16 rows.
    aRegs = TileLLVMTypeConverter::getLinearLayout(aTensor);
    if (!aRegs)
      return fail("tile.dot: operand A has no distributed layout that fits "
                  "its shape");
  } else {
    FailureOr<WgmmaOperandDesc> a = describeOperand(op.getA(), true, why);
    if (failed(a))
      return failure();
    lowering.aDesc = *a;
  }
  FailureOr<WgmmaOperandDesc> bDesc = describeOperand(op.getB(), false, why);
  if (failed(bDesc))
    return failure();
  lowering.bDesc = *bDesc;
  std::string error;
  lowering.wgmma = WgmmaPlan::build(aRegs ? &*aRegs : nullptr, c, k, instr[1],
                                    instr[2], &error);
  if (!lowering.wgmma)
    return fail("tile.dot with wgmma: " + error);
  // Each instruction's descriptor is the operand's start plus its tile's
  // byte offset / 16 (emitDescriptor): the offsets must be multiples of 16.
  int elemBytes = aElem.getIntOrFloatBitWidth() / 8;
  for (const WgmmaInstr &instr : lowering.wgmma->instrs) {
    auto check = [&](const WgmmaOperandDesc &d, StringRef name, int32_t row,
                     int32_t col) {
      int64_t bytes = getByteOffset(d, row, col, elemBytes);
      if (bytes % 16 == 0)
        return true;
      if (why)
        *why =
            ("tile.dot: the wgmma tile at (" + Twine(row) + ", " + Twine(col) +
             ") of operand " + name + " starts " + Twine(bytes) +
             " bytes into its buffer, not a multiple of 16; use a "
             "#layout.nvmma_shared layout")
                .str();
      return false;
    };
    if (lowering.aDesc && !check(*lowering.aDesc, "A", instr.aRow, instr.k))
      return failure();
    if (!check(*lowering.bDesc, "B", instr.k, instr.bCol))
      return failure();
  }
  lowering.kind = DotLowering::Kind::Wgmma;
  return lowering;
}

LogicalResult tile::emitWgmma(OpBuilder &b, Location loc, tl::DotOp op,
                              Value a, Value bOperand,
                              const DotLowering &lowering,
                              SmallVectorImpl<Value> &acc) {
  const WgmmaPlan &plan = *lowering.wgmma;
  Type aElem = getElementType(op.getA());
  Type accElem = op.getType().getElementType();
  std::optional<NVVM::WGMMATypes> aType = getWgmmaType(aElem);
  std::optional<NVVM::WGMMATypes> bType =
      getWgmmaType(getElementType(op.getB()));
  NVVM::WGMMATypes dType =
      accElem.isF32() ? NVVM::WGMMATypes::f32 : NVVM::WGMMATypes::s32;
  if (!aType || !bType)
    return failure();
  int elemBytes = aElem.getIntOrFloatBitWidth() / 8;

  // The warpgroup's origin in C, hence in A's rows and B's columns.
  HardwareIds ids = getHardwareIds(b, loc);
  Value warpgroup =
      LLVM::LShrOp::create(b, loc, ids.warp, i32Const(b, loc, 2));
  SmallVector<Value> origin = applyLinearLayout(
      b, loc, plan.warpgroupOrigin, {{"warpgroup", warpgroup}});
  Value zero = i32Const(b, loc, 0);
  Value aOrigin;
  if (lowering.aDesc)
    aOrigin = applyLinearLayout(b, loc, lowering.aDesc->coordsToOffset,
                                {{"dim0", origin[0]}, {"dim1", zero}})[0];
  SmallVector<Value> aRegs;
  if (!lowering.aDesc)
    aRegs = unpackStruct(b, loc, a);
  Value bOrigin =
      applyLinearLayout(b, loc, lowering.bDesc->coordsToOffset,
                        {{"dim0", zero}, {"dim1", origin[1]}})[0];
  // The descriptors' low words, once per dot: each instruction adds its
  // tile's constant offset.
  Value aStart;
  if (lowering.aDesc)
    aStart = emitDescriptorLow(b, loc, *lowering.aDesc, a, aOrigin, elemBytes);
  Value bStart =
      emitDescriptorLow(b, loc, *lowering.bDesc, bOperand, bOrigin, elemBytes);

  // Register A: every instruction's operand registers are packed before
  // wgmma.fence, so that no register the wgmmas read is written between the
  // fence and them (ptxas would otherwise inject a warpgroup.arrive before
  // each one, its C7519 remark).
  SmallVector<SmallVector<Value>> aOpsPerInstr;
  if (!lowering.aDesc)
    for (const WgmmaInstr &instr : plan.instrs)
      aOpsPerInstr.push_back(packRegisterA(b, loc, aRegs, instr.aRegs, aElem));

  if (!op->hasAttr(kNoProxyFenceAttr))
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  auto structType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(plan.instrN / 2, acc.front().getType()));
  NVVM::MMALayout aLayout = lowering.aDesc && lowering.aDesc->mnMajor
                                ? NVVM::MMALayout::col
                                : NVVM::MMALayout::row;
  NVVM::MMALayout bLayout =
      lowering.bDesc->mnMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col;
  for (auto [instrIndex, instr] : llvm::enumerate(plan.instrs)) {
    SmallVector<Value> inputs;
    for (int r : instr.cRegs)
      inputs.push_back(acc[r]);
    Value inouts = packStruct(b, loc, structType, inputs);
    Value descB = emitDescriptor(b, loc, *lowering.bDesc, bStart, instr.k,
                                 instr.bCol, elemBytes);
    if (!lowering.aDesc) {
      SmallVector<Value> results =
          emitRegisterAWgmma(b, loc, plan, inputs, aOpsPerInstr[instrIndex],
                             descB, aElem, lowering.bDesc->mnMajor);
      for (auto [i, r] : llvm::enumerate(instr.cRegs))
        acc[r] = results[i];
      continue;
    }
    Value descA = emitDescriptor(b, loc, *lowering.aDesc, aStart, instr.aRow,
                                 instr.k, elemBytes);
    auto shape = NVVM::MMAShapeAttr::get(b.getContext(), 64, plan.instrN,
                                         plan.instrK);
    NVVM::MMAIntOverflowAttr overflow;
    if (dType == NVVM::WGMMATypes::s32)
      overflow = NVVM::MMAIntOverflowAttr::get(
          b.getContext(), NVVM::MMAIntOverflow::satfinite);
    auto wgmma = NVVM::WgmmaMmaAsyncOp::create(
        b, loc, structType, inouts, descA, descB, shape, *aType, *bType, dType,
        NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
        NVVM::WGMMAScaleIn::one, aLayout, bLayout, overflow);
    for (auto [i, r] : llvm::enumerate(instr.cRegs))
      acc[r] = LLVM::ExtractValueOp::create(b, loc, wgmma.getResults(), i);
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  if (!op.getAsync()) {
    SmallVector<Value> done = emitWgmmaWait(b, loc, 0, acc);
    acc.assign(done.begin(), done.end());
  }
  for (auto [copy, orig] : plan.duplicateCRegs)
    acc[copy] = acc[orig];
  return success();
}

SmallVector<Value> tile::emitWgmmaWait(OpBuilder &b, Location loc,
                                       int pendings, ValueRange values) {
  // The values pass through the wait as tied operands, so that no read of
  // an accumulator can be scheduled before the wait returns.
  SmallVector<Type> types;
  std::string outs, ins;
  for (auto [i, v] : llvm::enumerate(values)) {
    Type t = v.getType();
    char c = t.isF32() ? 'f' : t.isInteger(64) ? 'l' : t.isInteger(32) ? 'r' : 0;
    if (!c)
      return SmallVector<Value>(values); // caller passes only 32/64-bit
    types.push_back(t);
    outs += (i ? ",=" : "=") + std::string(1, c);
    ins += "," + std::to_string(i);
  }
  std::string asmText =
      "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";";
  if (values.empty()) {
    LLVM::InlineAsmOp::create(b, loc, TypeRange{}, ValueRange{}, asmText, "",
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false,
                              LLVM::TailCallKind::None, LLVM::AsmDialectAttr(),
                              ArrayAttr());
    return {};
  }
  Type resultType =
      types.size() == 1
          ? types.front()
          : LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, values, asmText, outs + ins,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
  if (types.size() == 1)
    return {asmOp.getResult(0)};
  SmallVector<Value> results;
  for (size_t i = 0; i < types.size(); ++i)
    results.push_back(
        LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return results;
}
