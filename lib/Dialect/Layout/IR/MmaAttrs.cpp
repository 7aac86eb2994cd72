//===- MmaAttrs.cpp - The tensor-core layout attributes -------------------===//
//
// Syntax, verifiers and linear forms of #layout.nvmma (the mma.sync / wgmma
// accumulator), #layout.dot_operand (the operands of a dot) and
// #layout.nvmma_shared (the TMA/wgmma shared-memory layout). The linear
// forms are built by the LinearLayout library (tile/LinearLayout/
// MmaLayouts.h); this file checks the parameters and hands them over.
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrHelpers.h"
#include "LayoutConversionsDetail.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::layout;
using namespace tile::layout::detail;

namespace {
unsigned product(ArrayRef<unsigned> values) {
  unsigned p = 1;
  for (unsigned v : values)
    p *= v;
  return p;
}

CTAFields ctaFields(ArrayRef<unsigned> ctas, ArrayRef<unsigned> split,
                    ArrayRef<unsigned> order) {
  return CTAFields{ctas, split, order};
}
} // namespace

//===----------------------------------------------------------------------===//
// NvmmaAttr
//===----------------------------------------------------------------------===//

NvmmaAttr NvmmaAttr::get(MLIRContext *ctx, unsigned versionMajor,
                         unsigned versionMinor, ArrayRef<unsigned> warpsPerCTA,
                         ArrayRef<unsigned> instrShape) {
  SmallVector<unsigned> ctas, split, ctaOrder;
  defaultCTAFields(warpsPerCTA.size(), ctas, split, ctaOrder);
  return get(ctx, versionMajor, versionMinor, warpsPerCTA, instrShape,
             ArrayRef<unsigned>(ctas), ArrayRef<unsigned>(split),
             ArrayRef<unsigned>(ctaOrder));
}

Attribute NvmmaAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  unsigned major = 0, minor = 0;
  SmallVector<unsigned> warps, instr;
  bool hasMajor = false, hasMinor = false, hasWarps = false, hasInstr = false;
  ParsedCTAFields cta;
  auto parseValue = [&](StringRef key, SMLoc keyLoc) -> ParseResult {
    if (std::optional<ParseResult> result = cta.parseField(parser, key))
      return *result;
    auto scalar = [&](unsigned &out, bool &flag) {
      flag = true;
      return parseUnsigned(parser, key, out);
    };
    auto list = [&](SmallVectorImpl<unsigned> &out, bool &flag) {
      flag = true;
      return parseUnsignedList(parser, key, out);
    };
    if (key == "versionMajor")
      return scalar(major, hasMajor);
    if (key == "versionMinor")
      return scalar(minor, hasMinor);
    if (key == "warpsPerCTA")
      return list(warps, hasWarps);
    if (key == "instrShape")
      return list(instr, hasInstr);
    return unknownKey(parser, keyLoc, key, "nvmma",
                      "versionMajor, versionMinor, warpsPerCTA, instrShape, "
                      "CTAsPerCGA, CTASplitNum, CTAOrder");
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  for (auto [flag, name] : {std::pair{hasMajor, "versionMajor = 2|3"},
                            {hasWarps, "warpsPerCTA = [...]"},
                            {hasInstr, "instrShape = [...]"}})
    if (!flag) {
      parser.emitError(loc) << "#layout.nvmma needs '" << name << "'";
      return {};
    }
  cta.complete(warps.size());
  // The generated (non-template) getChecked: the storage class is only
  // complete in LayoutAttrs.cpp.
  return NvmmaAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(), major, minor,
      ArrayRef<unsigned>(warps), ArrayRef<unsigned>(instr),
      ArrayRef<unsigned>(cta.ctasPerCGA), ArrayRef<unsigned>(cta.ctaSplitNum),
      ArrayRef<unsigned>(cta.ctaOrder));
}

void NvmmaAttr::print(AsmPrinter &printer) const {
  printer << "<versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printList(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printList(printer, getInstrShape());
  printCTAFields(printer, getCTAsPerCGA(), getCTASplitNum(), getCTAOrder());
  printer << '>';
}

LogicalResult NvmmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned versionMajor, unsigned versionMinor,
                                ArrayRef<unsigned> warpsPerCTA,
                                ArrayRef<unsigned> instrShape,
                                ArrayRef<unsigned> ctasPerCGA,
                                ArrayRef<unsigned> ctaSplitNum,
                                ArrayRef<unsigned> ctaOrder) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "versionMajor = " << versionMajor
                       << " is not supported: use 2 (mma.sync, sm_80 and "
                          "later) or 3 (wgmma, sm_90a)";
  if (versionMinor != 0)
    return emitError() << "versionMinor = " << versionMinor
                       << " is not supported: use versionMinor = 0";
  unsigned rank = warpsPerCTA.size();
  if (versionMajor == 2 && rank != 2 && rank != 3)
    return emitError() << "warpsPerCTA has " << rank
                       << " entries: #layout.nvmma with versionMajor = 2 "
                          "has rank 2, or 3 with a leading batch dim";
  if (versionMajor == 3 && rank != 2)
    return emitError() << "warpsPerCTA has " << rank
                       << " entries: #layout.nvmma with versionMajor = 3 "
                          "has rank 2 (batched dots use versionMajor = 2)";
  if (failed(checkPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  if (uint64_t(product(warpsPerCTA)) > 65536 ||
      llvm::any_of(warpsPerCTA, [](unsigned w) { return w > 65536; }))
    return emitError() << "warpsPerCTA asks for more than 65536 warps";
  if (versionMajor == 2) {
    SmallVector<unsigned> expected(rank - 2, 1);
    expected.append({16, 8});
    if (instrShape != ArrayRef<unsigned>(expected))
      return emitError() << "instrShape = " << formatList(instrShape)
                         << " is not the mma.sync tile: versionMajor = 2 "
                            "needs instrShape = "
                         << formatList(expected);
  } else {
    if (instrShape.size() != 3)
      return emitError() << "instrShape = " << formatList(instrShape) << " has "
                         << instrShape.size()
                         << " entries: versionMajor = 3 needs [16, N, K] "
                            "(wgmma m64nNkK, 16 rows per warp)";
    if (instrShape[0] != 16)
      return emitError() << "instrShape[0] = " << instrShape[0]
                         << " must be 16 (each warp of a warpgroup holds 16 "
                            "rows of the wgmma's 64)";
    unsigned n = instrShape[1], k = instrShape[2];
    if (n < 8 || n > 256 || n % 8 != 0)
      return emitError() << "instrShape[1] = " << n
                         << " is not a wgmma N: use a multiple of 8 from 8 "
                            "to 256";
    if (k != 8 && k != 16 && k != 32)
      return emitError() << "instrShape[2] = " << k
                         << " is not a wgmma K: use 256 / input bits: 8 "
                            "(tf32), 16 (f16, bf16) or 32 (fp8, i8)";
    if (warpsPerCTA[0] % 4 != 0)
      return emitError() << "warpsPerCTA = " << formatList(warpsPerCTA)
                         << ": wgmma runs on warpgroups of 4 warps stacked "
                            "along M, so warpsPerCTA[0] must be a multiple "
                            "of 4 (e.g. [4, 1])";
  }
  return checkCTAFields(emitError, "warpsPerCTA", rank, ctasPerCGA, ctaSplitNum,
                        ctaOrder);
}

NvmmaParams NvmmaAttr::getParams() const {
  return NvmmaParams{
      getVersionMajor(), getWarpsPerCTA(), getInstrShape(),
      ctaFields(getCTAsPerCGA(), getCTASplitNum(), getCTAOrder())};
}

unsigned NvmmaAttr::getWarpSize() const { return 32; }
unsigned NvmmaAttr::getNumWarps() const { return product(getWarpsPerCTA()); }
unsigned NvmmaAttr::getNumCTAs() const { return product(getCTAsPerCGA()); }
unsigned NvmmaAttr::getRank() const { return getWarpsPerCTA().size(); }

//===----------------------------------------------------------------------===//
// DotOperandAttr
//===----------------------------------------------------------------------===//

Attribute DotOperandAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  unsigned opIdx = 0, kWidth = 0;
  bool hasOpIdx = false, hasKWidth = false;
  Attribute parent;
  SMLoc parentLoc;
  auto parseValue = [&](StringRef key, SMLoc keyLoc) -> ParseResult {
    if (key == "opIdx") {
      hasOpIdx = true;
      return parseUnsigned(parser, key, opIdx);
    }
    if (key == "kWidth") {
      hasKWidth = true;
      return parseUnsigned(parser, key, kWidth);
    }
    if (key == "parent") {
      parentLoc = parser.getCurrentLocation();
      return parser.parseAttribute(parent);
    }
    return unknownKey(parser, keyLoc, key, "dot_operand",
                      "opIdx, parent, kWidth");
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  if (!hasOpIdx) {
    parser.emitError(loc) << "#layout.dot_operand needs 'opIdx = 0|1'";
    return {};
  }
  if (!parent) {
    parser.emitError(loc)
        << "#layout.dot_operand needs 'parent = <#layout.nvmma or "
           "#layout.blocked>'";
    return {};
  }
  auto distributed = dyn_cast<DistributedLayoutAttrInterface>(parent);
  if (!distributed) {
    parser.emitError(parentLoc)
        << "the parent of #layout.dot_operand must be #layout.nvmma or "
           "#layout.blocked, got "
        << parent;
    return {};
  }
  if (!hasKWidth && isa<NvmmaAttr>(parent)) {
    parser.emitError(loc)
        << "#layout.dot_operand with a #layout.nvmma parent needs 'kWidth = "
           "N' (32 / bits of the mma input type: 2 for f16/bf16, 4 for "
           "fp8/i8, 1 for tf32)";
    return {};
  }
  return DotOperandAttr::getChecked([&] { return parser.emitError(loc); },
                                    parser.getContext(), opIdx, distributed,
                                    kWidth);
}

void DotOperandAttr::print(AsmPrinter &printer) const {
  printer << "<opIdx = " << getOpIdx() << ", parent = ";
  printer.printAttribute(getParent());
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << '>';
}

LogicalResult
DotOperandAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       unsigned opIdx, DistributedLayoutAttrInterface parent,
                       unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "opIdx = " << opIdx
                       << " is not an operand of a dot: use 0 (A, M x K) or "
                          "1 (B, K x N)";
  if (!parent)
    return emitError() << "#layout.dot_operand needs a parent layout";
  if (auto mma = dyn_cast<NvmmaAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "kWidth = 0: a dot operand of #layout.nvmma "
                            "needs kWidth = 32 / bits of the mma input type "
                            "(2 for f16/bf16, 4 for fp8/i8, 1 for tf32)";
    if (!llvm::isPowerOf2_32(kWidth) || kWidth > 64)
      return emitError() << "kWidth = " << kWidth
                         << " is not a power of two from 1 to 64 (2 for "
                            "f16/bf16, 4 for fp8/i8, 1 for tf32)";
    if (mma.isHopper() && opIdx == 1)
      return emitError()
             << "operand B of a wgmma (parent versionMajor = 3) is read from "
                "shared memory, not registers: keep B in a "
                "#layout.nvmma_shared buffer (only opIdx = 0 has a register "
                "layout)";
    return success();
  }
  if (auto blocked = dyn_cast<BlockedAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "kWidth = " << kWidth
                         << " is not used with a #layout.blocked parent (the "
                            "FMA path holds all of K per thread): omit "
                            "kWidth";
    if (blocked.getRank() != 2 && blocked.getRank() != 3)
      return emitError() << "the #layout.blocked parent has rank "
                         << blocked.getRank()
                         << "; a dot operand has rank 2, or 3 with a leading "
                            "batch dim";
    return success();
  }
  return emitError() << "the parent of #layout.dot_operand must be "
                        "#layout.nvmma or #layout.blocked, got "
                     << parent;
}

unsigned DotOperandAttr::getWarpSize() const {
  return getParent().getWarpSize();
}
unsigned DotOperandAttr::getNumWarps() const {
  return getParent().getNumWarps();
}
unsigned DotOperandAttr::getNumCTAs() const { return getParent().getNumCTAs(); }
unsigned DotOperandAttr::getRank() const { return getParent().getRank(); }

//===----------------------------------------------------------------------===//
// NvmmaSharedAttr
//===----------------------------------------------------------------------===//

NvmmaSharedAttr NvmmaSharedAttr::get(MLIRContext *ctx,
                                     unsigned swizzlingByteWidth,
                                     bool transposed,
                                     unsigned elementBitWidth) {
  return get(ctx, swizzlingByteWidth, transposed, elementBitWidth,
             ArrayRef<unsigned>(), ArrayRef<unsigned>(), ArrayRef<unsigned>());
}

Attribute NvmmaSharedAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  unsigned swizzle = 0, bits = 0;
  bool transposed = false;
  bool hasSwizzle = false, hasTransposed = false, hasBits = false;
  ParsedCTAFields cta;
  auto parseValue = [&](StringRef key, SMLoc keyLoc) -> ParseResult {
    if (std::optional<ParseResult> result = cta.parseField(parser, key))
      return *result;
    if (key == "swizzlingByteWidth") {
      hasSwizzle = true;
      return parseUnsigned(parser, key, swizzle);
    }
    if (key == "elementBitWidth") {
      hasBits = true;
      return parseUnsigned(parser, key, bits);
    }
    if (key == "transposed") {
      hasTransposed = true;
      SMLoc valueLoc = parser.getCurrentLocation();
      if (succeeded(parser.parseOptionalKeyword("true")))
        transposed = true;
      else if (failed(parser.parseOptionalKeyword("false")))
        return parser.emitError(valueLoc)
               << "transposed must be 'true' or 'false'";
      return success();
    }
    return unknownKey(parser, keyLoc, key, "nvmma_shared",
                      "swizzlingByteWidth, transposed, elementBitWidth, "
                      "CTAsPerCGA, CTASplitNum, CTAOrder");
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  for (auto [flag, name] :
       {std::pair{hasSwizzle, "swizzlingByteWidth = 0|32|64|128"},
        {hasBits, "elementBitWidth = 8|16|32"}})
    if (!flag) {
      parser.emitError(loc) << "#layout.nvmma_shared needs '" << name << "'";
      return {};
    }
  (void)hasTransposed; // Optional; false by default.
  if (cta.any()) {
    cta.complete(cta.writtenRank());
    // A single CTA is stored as no CTA fields, whatever the rank.
    if (isDefaultCTA(cta.ctasPerCGA, cta.ctaSplitNum, cta.ctaOrder)) {
      cta.ctasPerCGA.clear();
      cta.ctaSplitNum.clear();
      cta.ctaOrder.clear();
    }
  }
  return NvmmaSharedAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(), swizzle,
      transposed, bits, ArrayRef<unsigned>(cta.ctasPerCGA),
      ArrayRef<unsigned>(cta.ctaSplitNum), ArrayRef<unsigned>(cta.ctaOrder));
}

void NvmmaSharedAttr::print(AsmPrinter &printer) const {
  printer << "<swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  printCTAFields(printer, getCTAsPerCGA(), getCTASplitNum(), getCTAOrder());
  printer << '>';
}

LogicalResult NvmmaSharedAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned swizzlingByteWidth,
    bool transposed, unsigned elementBitWidth, ArrayRef<unsigned> ctasPerCGA,
    ArrayRef<unsigned> ctaSplitNum, ArrayRef<unsigned> ctaOrder) {
  if (swizzlingByteWidth != 0 && swizzlingByteWidth != 32 &&
      swizzlingByteWidth != 64 && swizzlingByteWidth != 128)
    return emitError() << "swizzlingByteWidth = " << swizzlingByteWidth
                       << " is not supported: use 0 (no swizzle), 32, 64 or "
                          "128";
  if (elementBitWidth != 8 && elementBitWidth != 16 && elementBitWidth != 32)
    return emitError() << "elementBitWidth = " << elementBitWidth
                       << " is not supported: use 8, 16 or 32 (the bits of "
                          "the element type)";
  if (ctasPerCGA.empty() && ctaSplitNum.empty() && ctaOrder.empty())
    return success();
  if (ctaOrder.size() != 2)
    return emitError() << "CTAOrder has " << ctaOrder.size()
                       << " entries but #layout.nvmma_shared describes 2-D "
                          "tiles: give two entries per CTA field";
  return checkCTAFields(emitError, "CTAOrder", 2, ctasPerCGA, ctaSplitNum,
                        ctaOrder);
}

NvmmaSharedParams NvmmaSharedAttr::getParams() const {
  return NvmmaSharedParams{
      getSwizzlingByteWidth(), getTransposed(), getElementBitWidth(),
      ctaFields(getCTAsPerCGA(), getCTASplitNum(), getCTAOrder())};
}

NvmmaSharedAttr NvmmaSharedAttr::getDefault(MLIRContext *ctx,
                                            ArrayRef<int64_t> shape,
                                            Type elementType,
                                            ArrayRef<unsigned> order) {
  if (!elementType || !elementType.isIntOrFloat())
    return {};
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return {};
  NvmmaSharedParams params = getDefaultNvmmaShared(shape, bits, order);
  return get(ctx, params.swizzlingByteWidth, params.transposed, bits);
}

//===----------------------------------------------------------------------===//
// Linear forms
//===----------------------------------------------------------------------===//

std::optional<LinearLayout> tile::layout::detail::nvmmaToLinearLayout(
    NvmmaAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  return tile::nvmmaToLinearLayout(attr.getParams(), shape, why);
}

std::optional<LinearLayout> tile::layout::detail::dotOperandToLinearLayout(
    DotOperandAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  if (auto mma = dyn_cast<NvmmaAttr>(attr.getParent()))
    return nvmmaDotOperandToLinearLayout(mma.getParams(), attr.getOpIdx(),
                                         attr.getKWidth(), shape, why);
  auto blocked = cast<BlockedAttr>(attr.getParent());
  BlockedParams params{blocked.getSizePerThread(), blocked.getThreadsPerWarp(),
                       blocked.getWarpsPerCTA(), blocked.getOrder(),
                       ctaFields(blocked.getCTAsPerCGA(),
                                 blocked.getCTASplitNum(),
                                 blocked.getCTAOrder())};
  return blockedDotOperandToLinearLayout(params, attr.getOpIdx(), shape, why);
}

std::optional<LinearLayout> tile::layout::detail::nvmmaSharedToLinearLayout(
    NvmmaSharedAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  return tile::nvmmaSharedToLinearLayout(attr.getParams(), shape, why);
}

std::optional<LinearLayout>
NvmmaAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
std::optional<LinearLayout>
DotOperandAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
std::optional<LinearLayout>
NvmmaSharedAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
