//===- LayoutAttrs.cpp - Layout attribute syntax and verifiers -----------===//
//
// Parsers, printers and verifiers of the layout attributes. Every attribute
// is written as `<key = value, ...>`: keys may come in any order, unknown,
// repeated or missing keys are located errors, and the printer writes the
// canonical order with default-valued optional keys left out.
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrHelpers.h"

#include "tile/CuTe/Eval.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::layout;

//===----------------------------------------------------------------------===//
// Parsing helpers
//===----------------------------------------------------------------------===//

namespace tile::layout::detail {
/// Largest value accepted in a size field; keeps every product of sizes
/// within the int32 range of linear layouts.
constexpr int64_t kMaxFieldValue = int64_t(1) << 30;

/// Parses `<key = value, ...>`, calling `parseValue(key, keyLoc)` for each
/// entry after its `=`. Rejects repeated keys. An empty `<>` is allowed.
ParseResult parseKeyValueList(
    AsmParser &parser,
    llvm::function_ref<ParseResult(StringRef, SMLoc)> parseValue) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  llvm::StringSet<> seen;
  do {
    SMLoc keyLoc = parser.getCurrentLocation();
    std::string key;
    if (parser.parseKeywordOrString(&key))
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(keyLoc) << "'" << key << "' is given twice";
    if (parser.parseEqual() || parseValue(key, keyLoc))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

/// Parses `[v, v, ...]` of integers in [0, kMaxFieldValue].
ParseResult parseUnsignedList(AsmParser &parser, StringRef key,
                              SmallVectorImpl<unsigned> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        if (value < 0 || value > kMaxFieldValue)
          return parser.emitError(loc)
                 << key << " entries must be in [0, 2^30], got " << value;
        values.push_back(static_cast<unsigned>(value));
        return success();
      });
}

/// Parses a non-negative integer no larger than kMaxFieldValue.
ParseResult parseUnsigned(AsmParser &parser, StringRef key, unsigned &out) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  if (value < 0 || value > kMaxFieldValue)
    return parser.emitError(loc)
           << key << " must be in [0, 2^30], got " << value;
  out = static_cast<unsigned>(value);
  return success();
}

InFlightDiagnostic unknownKey(AsmParser &parser, SMLoc loc, StringRef key,
                              StringRef attr, StringRef expected) {
  return parser.emitError(loc) << "unknown key '" << key << "' in #layout."
                               << attr << "; expected one of: " << expected;
}

void printList(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// CTA fields of a layout with `rank` dims for a single CTA.
void defaultCTAFields(unsigned rank, SmallVectorImpl<unsigned> &ctasPerCGA,
                      SmallVectorImpl<unsigned> &ctaSplitNum,
                      SmallVectorImpl<unsigned> &ctaOrder) {
  ctasPerCGA.assign(rank, 1);
  ctaSplitNum.assign(rank, 1);
  ctaOrder.clear();
  for (unsigned i = 0; i < rank; ++i)
    ctaOrder.push_back(rank - 1 - i);
}

/// Fills omitted CTA fields with their defaults. A layout that uses a single
/// CTA gets the default CTAOrder too, so that equal layouts are equal
/// attributes however they were written. Fields given with a wrong length
/// are left for the verifier to report.
void completeCTAFields(unsigned rank, SmallVectorImpl<unsigned> &ctasPerCGA,
                       SmallVectorImpl<unsigned> &ctaSplitNum,
                       SmallVectorImpl<unsigned> &ctaOrder, bool hasCTAs,
                       bool hasSplit, bool hasOrder) {
  SmallVector<unsigned> defCTAs, defSplit, defOrder;
  defaultCTAFields(rank, defCTAs, defSplit, defOrder);
  if (!hasCTAs)
    ctasPerCGA = defCTAs;
  if (!hasSplit)
    ctaSplitNum = defSplit;
  if (!hasOrder)
    ctaOrder = defOrder;
  bool singleCTA =
      llvm::all_of(ctasPerCGA, [](unsigned v) { return v == 1; }) &&
      llvm::all_of(ctaSplitNum, [](unsigned v) { return v == 1; });
  if (singleCTA && ctasPerCGA.size() == rank && ctaSplitNum.size() == rank &&
      ctaOrder.size() == rank &&
      std::is_permutation(ctaOrder.begin(), ctaOrder.end(), defOrder.begin()))
    ctaOrder = defOrder;
}

std::optional<ParseResult> ParsedCTAFields::parseField(AsmParser &parser,
                                                       StringRef key) {
  auto list = [&](SmallVectorImpl<unsigned> &out, bool &flag) {
    flag = true;
    return parseUnsignedList(parser, key, out);
  };
  if (key == "CTAsPerCGA")
    return list(ctasPerCGA, hasCTAs);
  if (key == "CTASplitNum")
    return list(ctaSplitNum, hasSplit);
  if (key == "CTAOrder")
    return list(ctaOrder, hasOrder);
  return std::nullopt;
}

unsigned ParsedCTAFields::writtenRank() const {
  return hasCTAs    ? ctasPerCGA.size()
         : hasSplit ? ctaSplitNum.size()
                    : ctaOrder.size();
}

void ParsedCTAFields::complete(unsigned rank) {
  completeCTAFields(rank, ctasPerCGA, ctaSplitNum, ctaOrder, hasCTAs, hasSplit,
                    hasOrder);
}

bool isDefaultCTA(ArrayRef<unsigned> ctasPerCGA, ArrayRef<unsigned> ctaSplitNum,
                  ArrayRef<unsigned> ctaOrder) {
  SmallVector<unsigned> defCTAs, defSplit, defOrder;
  defaultCTAFields(ctasPerCGA.size(), defCTAs, defSplit, defOrder);
  return ctasPerCGA == ArrayRef<unsigned>(defCTAs) &&
         ctaSplitNum == ArrayRef<unsigned>(defSplit) &&
         ctaOrder == ArrayRef<unsigned>(defOrder);
}

void printCTAFields(AsmPrinter &printer, ArrayRef<unsigned> ctasPerCGA,
                    ArrayRef<unsigned> ctaSplitNum,
                    ArrayRef<unsigned> ctaOrder) {
  if (isDefaultCTA(ctasPerCGA, ctaSplitNum, ctaOrder))
    return;
  printer << ", CTAsPerCGA = ";
  printList(printer, ctasPerCGA);
  printer << ", CTASplitNum = ";
  printList(printer, ctaSplitNum);
  printer << ", CTAOrder = ";
  printList(printer, ctaOrder);
}

//===----------------------------------------------------------------------===//
// Verification helpers
//===----------------------------------------------------------------------===//

std::string formatList(ArrayRef<unsigned> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
  return s;
}

LogicalResult checkLength(function_ref<InFlightDiagnostic()> emitError,
                          StringRef name, ArrayRef<unsigned> values,
                          StringRef refName, unsigned rank) {
  if (values.size() == rank)
    return success();
  return emitError() << name << " has " << values.size() << " entries but "
                     << refName << " has " << rank
                     << ": give one entry per tensor dim";
}

LogicalResult checkPowersOfTwo(function_ref<InFlightDiagnostic()> emitError,
                               StringRef name, ArrayRef<unsigned> values) {
  for (auto [i, v] : llvm::enumerate(values))
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitError() << name << "[" << i << "] = " << v
                         << " is not a power of two (1, 2, 4, ...)";
  return success();
}

LogicalResult checkPermutation(function_ref<InFlightDiagnostic()> emitError,
                               StringRef name, ArrayRef<unsigned> values) {
  SmallVector<bool> seen(values.size(), false);
  for (unsigned v : values) {
    if (v >= values.size() || seen[v])
      return emitError() << name << " = " << formatList(values)
                         << " is not a permutation of 0.." << values.size() - 1
                         << ": list each dim exactly once, fastest first";
    seen[v] = true;
  }
  return success();
}

LogicalResult checkCTAFields(function_ref<InFlightDiagnostic()> emitError,
                             StringRef refName, unsigned rank,
                             ArrayRef<unsigned> ctasPerCGA,
                             ArrayRef<unsigned> ctaSplitNum,
                             ArrayRef<unsigned> ctaOrder) {
  if (failed(checkLength(emitError, "CTAsPerCGA", ctasPerCGA, refName, rank)) ||
      failed(
          checkLength(emitError, "CTASplitNum", ctaSplitNum, refName, rank)) ||
      failed(checkLength(emitError, "CTAOrder", ctaOrder, refName, rank)) ||
      failed(checkPowersOfTwo(emitError, "CTAsPerCGA", ctasPerCGA)) ||
      failed(checkPowersOfTwo(emitError, "CTASplitNum", ctaSplitNum)) ||
      failed(checkPermutation(emitError, "CTAOrder", ctaOrder)))
    return failure();
  for (unsigned d = 0; d < rank; ++d)
    if (ctaSplitNum[d] > ctasPerCGA[d])
      return emitError() << "CTASplitNum[" << d << "] = " << ctaSplitNum[d]
                         << " exceeds CTAsPerCGA[" << d
                         << "] = " << ctasPerCGA[d]
                         << ": a dim cannot be split over more CTAs than it "
                            "has";
  uint64_t numCTAs = 1;
  for (unsigned v : ctasPerCGA)
    numCTAs *= v;
  if (numCTAs > (uint64_t(1) << 16))
    return emitError() << "CTAsPerCGA asks for " << numCTAs
                       << " CTAs; at most 65536 are supported";
  return success();
}
} // namespace tile::layout::detail

using namespace tile::layout::detail;

//===----------------------------------------------------------------------===//
// BlockedAttr
//===----------------------------------------------------------------------===//

BlockedAttr BlockedAttr::get(MLIRContext *ctx, ArrayRef<unsigned> sizePerThread,
                             ArrayRef<unsigned> threadsPerWarp,
                             ArrayRef<unsigned> warpsPerCTA,
                             ArrayRef<unsigned> order) {
  SmallVector<unsigned> ctas, split, ctaOrder;
  defaultCTAFields(sizePerThread.size(), ctas, split, ctaOrder);
  return get(ctx, sizePerThread, threadsPerWarp, warpsPerCTA, order, ctas,
             split, ctaOrder);
}

Attribute BlockedAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<unsigned> spt, tpw, wpc, order;
  bool hasSpt = false, hasTpw = false, hasWpc = false, hasOrder = false;
  ParsedCTAFields cta;
  auto parseValue = [&](StringRef key, SMLoc keyLoc) -> ParseResult {
    if (std::optional<ParseResult> result = cta.parseField(parser, key))
      return *result;
    auto field = [&](SmallVectorImpl<unsigned> &out, bool &flag) {
      flag = true;
      return parseUnsignedList(parser, key, out);
    };
    if (key == "sizePerThread")
      return field(spt, hasSpt);
    if (key == "threadsPerWarp")
      return field(tpw, hasTpw);
    if (key == "warpsPerCTA")
      return field(wpc, hasWpc);
    if (key == "order")
      return field(order, hasOrder);
    return unknownKey(parser, keyLoc, key, "blocked",
                      "sizePerThread, threadsPerWarp, warpsPerCTA, order, "
                      "CTAsPerCGA, CTASplitNum, CTAOrder");
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  for (auto [flag, name] : {std::pair{hasSpt, "sizePerThread"},
                            {hasTpw, "threadsPerWarp"},
                            {hasWpc, "warpsPerCTA"},
                            {hasOrder, "order"}})
    if (!flag) {
      parser.emitError(loc) << "#layout.blocked needs '" << name << " = [...]'";
      return {};
    }
  cta.complete(spt.size());
  return parser.getChecked<BlockedAttr>(loc, parser.getContext(), spt, tpw, wpc,
                                        order, cta.ctasPerCGA, cta.ctaSplitNum,
                                        cta.ctaOrder);
}

void BlockedAttr::print(AsmPrinter &printer) const {
  printer << "<sizePerThread = ";
  printList(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printList(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printList(printer, getWarpsPerCTA());
  printer << ", order = ";
  printList(printer, getOrder());
  printCTAFields(printer, getCTAsPerCGA(), getCTASplitNum(), getCTAOrder());
  printer << '>';
}

LogicalResult BlockedAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<unsigned> sizePerThread,
                                  ArrayRef<unsigned> threadsPerWarp,
                                  ArrayRef<unsigned> warpsPerCTA,
                                  ArrayRef<unsigned> order,
                                  ArrayRef<unsigned> ctasPerCGA,
                                  ArrayRef<unsigned> ctaSplitNum,
                                  ArrayRef<unsigned> ctaOrder) {
  unsigned rank = sizePerThread.size();
  if (rank == 0)
    return emitError() << "sizePerThread is empty: a blocked layout needs at "
                          "least one dim";
  if (failed(checkLength(emitError, "threadsPerWarp", threadsPerWarp,
                         "sizePerThread", rank)) ||
      failed(checkLength(emitError, "warpsPerCTA", warpsPerCTA, "sizePerThread",
                         rank)) ||
      failed(checkLength(emitError, "order", order, "sizePerThread", rank)) ||
      failed(checkPowersOfTwo(emitError, "sizePerThread", sizePerThread)) ||
      failed(checkPowersOfTwo(emitError, "threadsPerWarp", threadsPerWarp)) ||
      failed(checkPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)) ||
      failed(checkPermutation(emitError, "order", order)) ||
      failed(checkCTAFields(emitError, "sizePerThread", rank, ctasPerCGA,
                            ctaSplitNum, ctaOrder)))
    return failure();
  uint64_t warpSize = 1, numWarps = 1;
  for (unsigned d = 0; d < rank; ++d) {
    warpSize *= threadsPerWarp[d];
    numWarps *= warpsPerCTA[d];
    uint64_t tile =
        uint64_t(sizePerThread[d]) * threadsPerWarp[d] * warpsPerCTA[d];
    if (tile > (uint64_t(1) << 30))
      return emitError() << "the layout's tile along dim " << d << " is "
                         << tile << " elements; at most 2^30 are supported";
  }
  if (warpSize > (uint64_t(1) << 16) || numWarps > (uint64_t(1) << 16))
    return emitError() << "the layout has " << warpSize
                       << " threads per warp and " << numWarps
                       << " warps; at most 65536 of each are supported";
  return success();
}

//===----------------------------------------------------------------------===//
// SliceAttr
//===----------------------------------------------------------------------===//

Attribute SliceAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  unsigned dim = 0;
  Attribute parent;
  bool hasDim = false;
  SMLoc parentLoc;
  auto parseValue = [&](StringRef key, SMLoc keyLoc) -> ParseResult {
    if (key == "dim") {
      hasDim = true;
      return parseUnsigned(parser, "dim", dim);
    }
    if (key == "parent") {
      parentLoc = parser.getCurrentLocation();
      return parser.parseAttribute(parent);
    }
    return unknownKey(parser, keyLoc, key, "slice", "dim, parent");
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  if (!hasDim) {
    parser.emitError(loc) << "#layout.slice needs 'dim = <integer>'";
    return {};
  }
  if (!parent) {
    parser.emitError(loc)
        << "#layout.slice needs 'parent = <distributed layout>'";
    return {};
  }
  auto distributed = dyn_cast<DistributedLayoutAttrInterface>(parent);
  if (!distributed) {
    parser.emitError(parentLoc)
        << "the parent of #layout.slice must be a distributed layout "
           "(#layout.blocked, #layout.slice, #layout.linear, #layout.nvmma or "
           "#layout.dot_operand), got "
        << parent;
    return {};
  }
  return parser.getChecked<SliceAttr>(loc, parser.getContext(), dim,
                                      distributed);
}

void SliceAttr::print(AsmPrinter &printer) const {
  printer << "<dim = " << getDim() << ", parent = ";
  printer.printAttribute(getParent());
  printer << '>';
}

LogicalResult SliceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned dim,
                                DistributedLayoutAttrInterface parent) {
  if (!parent)
    return emitError() << "#layout.slice needs a parent layout";
  unsigned parentRank = parent.getRank();
  if (parentRank == 0)
    return emitError() << "the parent layout has rank 0: there is no dim to "
                          "slice";
  if (dim >= parentRank)
    return emitError() << "slice dim " << dim
                       << " is out of range for a parent of rank " << parentRank
                       << ": use 0.." << parentRank - 1;
  return success();
}

//===----------------------------------------------------------------------===//
// LinearAttr
//===----------------------------------------------------------------------===//

namespace {
constexpr StringLiteral kLinearInDims[] = {"register", "lane", "warp", "block"};
} // namespace

std::vector<std::vector<int32_t>> LinearAttr::getBases(StringRef inDim) const {
  ArrayRef<int32_t> flat = llvm::StringSwitch<ArrayRef<int32_t>>(inDim)
                               .Case("register", getRegisterBases())
                               .Case("lane", getLaneBases())
                               .Case("warp", getWarpBases())
                               .Case("block", getBlockBases())
                               .Default({});
  std::vector<std::vector<int32_t>> bases;
  unsigned rank = getRank();
  if (rank == 0)
    return bases;
  for (size_t i = 0; i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
  return bases;
}

SmallVector<int64_t> LinearAttr::getImpliedShape() const {
  SmallVector<int64_t> shape(getRank(), 1);
  for (ArrayRef<int32_t> flat :
       {getRegisterBases(), getLaneBases(), getWarpBases(), getBlockBases()})
    for (auto [i, v] : llvm::enumerate(flat))
      if (v > 0)
        shape[i % getRank()] = std::max<int64_t>(
            shape[i % getRank()], llvm::PowerOf2Ceil(uint64_t(v) + 1));
  return shape;
}

LinearLayout LinearAttr::getLinearLayout() const {
  LinearLayout::BasesT bases;
  for (StringRef inDim : kLinearInDims)
    bases.insert({inDim.str(), getBases(inDim)});
  SmallVector<int64_t> shape = getImpliedShape();
  LinearLayout::DimSizes outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.push_back({"dim" + std::to_string(d), int32_t(size)});
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

LinearAttr LinearAttr::get(MLIRContext *ctx, const LinearLayout &ll) {
  unsigned rank = ll.getNumOutDims();
  SmallVector<SmallVector<int32_t>> flat(4);
  for (auto [i, inDim] : llvm::enumerate(kLinearInDims)) {
    if (!ll.hasInDim(inDim))
      continue;
    for (int b = 0, e = ll.getInDimSizeLog2(inDim); b < e; ++b)
      llvm::append_range(flat[i], ll.getBasis(inDim, b));
  }
  return get(ctx, rank, flat[0], flat[1], flat[2], flat[3]);
}

Attribute LinearAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<SmallVector<int32_t>> flat(4);
  SmallVector<bool> given(4, false);
  std::optional<unsigned> rank;
  std::optional<unsigned> explicitRank;
  auto parseValue = [&](StringRef key, SMLoc keyLoc) -> ParseResult {
    if (key == "rank") {
      unsigned r;
      if (parseUnsigned(parser, "rank", r))
        return failure();
      explicitRank = r;
      return success();
    }
    auto *it = llvm::find(kLinearInDims, key);
    if (it == std::end(kLinearInDims))
      return unknownKey(parser, keyLoc, key, "linear",
                        "register, lane, warp, block, rank");
    size_t which = it - std::begin(kLinearInDims);
    given[which] = true;
    return parser.parseCommaSeparatedList(
        AsmParser::Delimiter::Square, [&]() -> ParseResult {
          SMLoc basisLoc = parser.getCurrentLocation();
          unsigned count = 0;
          if (parser.parseCommaSeparatedList(
                  AsmParser::Delimiter::Square, [&]() -> ParseResult {
                    SMLoc valueLoc = parser.getCurrentLocation();
                    int64_t v;
                    if (parser.parseInteger(v))
                      return failure();
                    if (v < 0 || v >= (int64_t(1) << 30))
                      return parser.emitError(valueLoc)
                             << "basis coordinates must be in [0, 2^30), got "
                             << v;
                    flat[which].push_back(int32_t(v));
                    ++count;
                    return success();
                  }))
            return failure();
          if (count == 0)
            return parser.emitError(basisLoc)
                   << "a basis needs one coordinate per tensor dim, got []";
          if (!rank)
            rank = count;
          if (count != *rank)
            return parser.emitError(basisLoc)
                   << "this basis of '" << key << "' has " << count
                   << " coordinates but the first basis has " << *rank
                   << ": every basis needs one coordinate per tensor dim";
          return success();
        });
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  for (unsigned i = 0; i < 3; ++i)
    if (!given[i]) {
      parser.emitError(loc) << "#layout.linear needs '" << kLinearInDims[i]
                            << " = [...]' (write [] for none)";
      return {};
    }
  if (explicitRank && rank && *explicitRank != *rank) {
    parser.emitError(loc) << "rank = " << *explicitRank
                          << " disagrees with the bases, which have " << *rank
                          << " coordinates";
    return {};
  }
  unsigned finalRank = rank ? *rank : explicitRank.value_or(1);
  return parser.getChecked<LinearAttr>(loc, parser.getContext(), finalRank,
                                       flat[0], flat[1], flat[2], flat[3]);
}

void LinearAttr::print(AsmPrinter &printer) const {
  printer << '<';
  bool noBases = true;
  for (auto [i, inDim] : llvm::enumerate(kLinearInDims)) {
    auto bases = getBases(inDim);
    noBases &= bases.empty();
    if (inDim == "block" && bases.empty())
      continue;
    if (i != 0)
      printer << ", ";
    printer << inDim << " = [";
    llvm::interleaveComma(bases, printer, [&](const std::vector<int32_t> &b) {
      printer << '[';
      llvm::interleaveComma(b, printer);
      printer << ']';
    });
    printer << ']';
  }
  // Without any basis the rank cannot be read off the bases.
  if (noBases && getRank() != 1)
    printer << ", rank = " << getRank();
  printer << '>';
}

namespace {
/// Rank over F2 of `vectors`, each a bit mask.
unsigned rankOverF2(SmallVector<uint64_t> vectors) {
  unsigned rank = 0;
  for (unsigned bit = 0; bit < 64; ++bit) {
    uint64_t mask = uint64_t(1) << bit;
    auto pivot = llvm::find_if(vectors, [&](uint64_t v) { return v & mask; });
    if (pivot == vectors.end())
      continue;
    uint64_t p = *pivot;
    vectors.erase(pivot);
    for (uint64_t &v : vectors)
      if (v & mask)
        v ^= p;
    ++rank;
  }
  return rank;
}
} // namespace

LogicalResult LinearAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rank, ArrayRef<int32_t> registerBases,
                                 ArrayRef<int32_t> laneBases,
                                 ArrayRef<int32_t> warpBases,
                                 ArrayRef<int32_t> blockBases) {
  ArrayRef<int32_t> all[] = {registerBases, laneBases, warpBases, blockBases};
  SmallVector<int64_t> shape(rank, 1);
  for (auto [i, flat] : llvm::enumerate(all)) {
    if (rank == 0) {
      if (!flat.empty())
        return emitError() << "a rank-0 linear layout has no coordinates";
      continue;
    }
    if (flat.size() % rank != 0)
      return emitError() << "the " << kLinearInDims[i] << " bases do not have "
                         << rank << " coordinates each";
    if (flat.size() / rank > 30)
      return emitError() << "'" << kLinearInDims[i] << "' has "
                         << flat.size() / rank
                         << " bases; at most 30 are supported";
    for (auto [j, v] : llvm::enumerate(flat)) {
      if (v < 0)
        return emitError() << "basis " << j / rank << " of '"
                           << kLinearInDims[i]
                           << "' has the negative coordinate " << v;
      if (v > 0)
        shape[j % rank] = std::max<int64_t>(
            shape[j % rank], llvm::PowerOf2Ceil(uint64_t(v) + 1));
    }
  }
  // Every element of the implied shape must be owned by someone: the bases,
  // as bit vectors over the concatenated coordinate bits, span everything.
  unsigned totalBits = 0;
  SmallVector<unsigned> shift;
  for (int64_t s : shape) {
    shift.push_back(totalBits);
    totalBits += llvm::Log2_64(s);
  }
  if (totalBits > 62)
    return emitError() << "the bases imply a shape of 2^" << totalBits
                       << " elements; at most 2^62 are supported";
  SmallVector<uint64_t> vectors;
  for (ArrayRef<int32_t> flat : all)
    for (size_t b = 0; rank && b + rank <= flat.size(); b += rank) {
      uint64_t v = 0;
      for (unsigned d = 0; d < rank; ++d)
        v |= uint64_t(flat[b + d]) << shift[d];
      vectors.push_back(v);
    }
  unsigned spanned = rankOverF2(vectors);
  if (spanned != totalBits) {
    std::string shapeText;
    llvm::raw_string_ostream os(shapeText);
    llvm::interleave(shape, os, "x");
    return emitError() << "the bases do not cover the shape " << shapeText
                       << " they imply (they span 2^" << spanned << " of its 2^"
                       << totalBits
                       << " elements): every element must be owned by some "
                          "(register, lane, warp, block)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SwizzledSharedAttr
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  bool hasVec = false, hasPerPhase = false, hasMaxPhase = false;
  bool hasOrder = false;
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
    if (key == "vec")
      return scalar(vec, hasVec);
    if (key == "perPhase")
      return scalar(perPhase, hasPerPhase);
    if (key == "maxPhase")
      return scalar(maxPhase, hasMaxPhase);
    if (key == "order")
      return list(order, hasOrder);
    return unknownKey(parser, keyLoc, key, "swizzled_shared",
                      "vec, perPhase, maxPhase, order, CTAsPerCGA, "
                      "CTASplitNum, CTAOrder");
  };
  if (parseKeyValueList(parser, parseValue))
    return {};
  for (auto [flag, name] : {std::pair{hasVec, "vec"},
                            {hasPerPhase, "perPhase"},
                            {hasMaxPhase, "maxPhase"},
                            {hasOrder, "order"}})
    if (!flag) {
      parser.emitError(loc)
          << "#layout.swizzled_shared needs '" << name << " = ...'";
      return {};
    }
  cta.complete(order.size());
  return parser.getChecked<SwizzledSharedAttr>(
      loc, parser.getContext(), vec, perPhase, maxPhase, order, cta.ctasPerCGA,
      cta.ctaSplitNum, cta.ctaOrder);
}

void SwizzledSharedAttr::print(AsmPrinter &printer) const {
  printer << "<vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printList(printer, getOrder());
  printCTAFields(printer, getCTAsPerCGA(), getCTASplitNum(), getCTAOrder());
  printer << '>';
}

LogicalResult SwizzledSharedAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned vec,
    unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order,
    ArrayRef<unsigned> ctasPerCGA, ArrayRef<unsigned> ctaSplitNum,
    ArrayRef<unsigned> ctaOrder) {
  for (auto [value, name] :
       {std::pair{vec, "vec"}, {perPhase, "perPhase"}, {maxPhase, "maxPhase"}})
    if (value == 0 || !llvm::isPowerOf2_32(value))
      return emitError() << name << " = " << value
                         << " is not a power of two (1, 2, 4, ...)";
  if (order.empty())
    return emitError() << "order is empty: a shared layout needs at least "
                          "one dim";
  if (failed(checkPermutation(emitError, "order", order)) ||
      failed(checkCTAFields(emitError, "order", order.size(), ctasPerCGA,
                            ctaSplitNum, ctaOrder)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// StridedAttr
//===----------------------------------------------------------------------===//

// The MLIR lexer hands the body over as tokens; the parser rebuilds the CuTe
// text from them and lets the CuTe library parse it.
/// Reads tokens up to the `>` closing the attribute body and writes them as
/// CuTe text: integers, `(`, `)`, `,`, `:`, `<`, `>`, `_`, `Sw` and `o`.
/// MLIR's lexer cannot read CuTe's scaled-basis strides (`1@0`): before it
/// tries, a layout parser looks at the source text of the integer token at
/// `loc` and, if a `@` follows it, reports where and what to write instead.
static LogicalResult refuseScaledBasis(AsmParser &parser, SMLoc loc) {
  const char *p = loc.getPointer();
  if (!p)
    return success();
  const char *begin = p;
  if (*p == '-')
    ++p;
  if (!llvm::isDigit(*p))
    return success();
  while (llvm::isDigit(*p))
    ++p;
  if (*p != '@')
    return success();
  while (*p == '@' || llvm::isDigit(*p))
    ++p;
  return parser.emitError(loc)
         << "scaled-basis stride '" << StringRef(begin, p - begin)
         << "' in a layout attribute: a memory layout maps a coordinate to "
            "an offset in elements, so its strides are integers (scaled "
            "bases are coordinate layouts, for `tile-layout --eval`); write "
            "each mode's stride in elements, e.g. (4,8):(1,4) for a "
            "column-major 4x8 tile instead of (4,8):(1@0,1@1)";
}

static ParseResult parseCuteTokens(AsmParser &parser, std::string &text) {
  int depth = 0;
  while (true) {
    if (succeeded(parser.parseOptionalGreater())) {
      if (depth == 0)
        return success();
      --depth;
      text += '>';
      continue;
    }
    if (succeeded(parser.parseOptionalLess())) {
      ++depth;
      text += '<';
    } else if (succeeded(parser.parseOptionalLParen())) {
      text += '(';
    } else if (succeeded(parser.parseOptionalRParen())) {
      text += ')';
    } else if (succeeded(parser.parseOptionalComma())) {
      text += ',';
    } else if (succeeded(parser.parseOptionalColon())) {
      text += ':';
    } else {
      SMLoc loc = parser.getCurrentLocation();
      if (failed(refuseScaledBasis(parser, loc)))
        return failure();
      int64_t value;
      OptionalParseResult integer = parser.parseOptionalInteger(value);
      if (integer.has_value()) {
        if (failed(*integer))
          return failure();
        text += std::to_string(value);
        continue;
      }
      StringRef keyword;
      if (succeeded(parser.parseOptionalKeyword(&keyword))) {
        if (keyword == "o")
          text += " o ";
        else
          text += keyword.str();
        continue;
      }
      return parser.emitError(loc)
             << "unexpected token in a CuTe layout; write Shape:Stride, e.g. "
                "#layout.strided<(4,(2,3)):(2,(1,8))>";
    }
  }
}

Attribute StridedAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::string text;
  if (parser.parseLess() || parseCuteTokens(parser, text))
    return {};
  llvm::Expected<cute::Layout> layout = cute::parseLayout(text);
  if (!layout) {
    parser.emitError(loc) << "bad CuTe layout '" << text
                          << "': " << llvm::toString(layout.takeError());
    return {};
  }
  return parser.getChecked<StridedAttr>(loc, parser.getContext(),
                                        cute::toString(*layout));
}

void StridedAttr::print(AsmPrinter &printer) const {
  printer << '<' << getText() << '>';
}

StridedAttr StridedAttr::get(MLIRContext *ctx, const cute::Layout &layout) {
  return get(ctx, cute::toString(layout));
}

namespace {

/// Reads the tokens of a CuTe layout (integers, `(`, `)`, `,`, `:`) up to a
/// `,` outside parentheses or the `>` closing the attribute, which are left
/// to the caller.
ParseResult parseLayoutTokens(AsmParser &parser, std::string &text) {
  int depth = 0;
  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    if (depth == 0 && !text.empty()) {
      // Stop before a top-level ',' or the closing '>'.
      if (succeeded(parser.parseOptionalComma())) {
        // Put it back by recording that the caller consumed it.
        text += '\x01';
        return success();
      }
    }
    if (succeeded(parser.parseOptionalGreater())) {
      text += '\x02';
      return success();
    }
    if (succeeded(parser.parseOptionalLParen())) {
      ++depth;
      text += '(';
    } else if (succeeded(parser.parseOptionalRParen())) {
      if (depth == 0)
        return parser.emitError(loc, "unbalanced ')' in a CuTe layout");
      --depth;
      text += ')';
    } else if (succeeded(parser.parseOptionalComma())) {
      text += ',';
    } else if (succeeded(parser.parseOptionalColon())) {
      text += ':';
    } else {
      if (failed(refuseScaledBasis(parser, loc)))
        return failure();
      int64_t value;
      OptionalParseResult integer = parser.parseOptionalInteger(value);
      if (!integer.has_value())
        return parser.emitError(loc)
               << "unexpected token in a CuTe layout; write Shape:Stride, "
                  "e.g. ((2,4),(2,2)):((8,1),(4,16))";
      if (failed(*integer))
        return failure();
      text += std::to_string(value);
    }
  }
}

/// `(e0, e1, ...)` or a single integer.
ParseResult parseIntTuple(AsmParser &parser, SmallVectorImpl<int64_t> &out) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseCommaSeparatedList(
            [&] { return parser.parseInteger(out.emplace_back()); }) ||
        parser.parseRParen())
      return failure();
    return success();
  }
  return parser.parseInteger(out.emplace_back());
}

void printIntTuple(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '(';
  llvm::interleave(values, printer, ",");
  printer << ')';
}

} // namespace

//===----------------------------------------------------------------------===//
// #layout.tv syntax
//===----------------------------------------------------------------------===//

Attribute ThreadValueAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef key;
  if (parser.parseLess() || parser.parseKeyword(&key) || parser.parseEqual())
    return {};
  // `warps = N >` after a ',' (the replication over N warps).
  auto parseWarps = [&](int64_t &warps) -> ParseResult {
    SMLoc at = parser.getCurrentLocation();
    if (parser.parseKeyword("warps") || parser.parseEqual() ||
        parser.parseInteger(warps) || parser.parseGreater())
      return failure();
    if (warps < 1)
      return parser.emitError(at)
             << "warps = " << warps << " in #layout.tv is not positive";
    return success();
  };
  auto finish = [](std::string &text) {
    char end = text.back();
    text.pop_back();
    return end;
  };
  if (key == "tile") {
    SmallVector<int64_t> tile;
    std::string text;
    if (parseIntTuple(parser, tile) || parser.parseComma() ||
        parser.parseKeyword("tv") || parser.parseEqual() ||
        parseLayoutTokens(parser, text))
      return {};
    int64_t warps = 0;
    if (finish(text) == '\x01' && parseWarps(warps))
      return {};
    llvm::Expected<cute::Layout> layout = cute::parseLayout(text);
    if (!layout) {
      parser.emitError(loc) << "bad CuTe layout '" << text
                            << "': " << llvm::toString(layout.takeError());
      return {};
    }
    return parser.getChecked<ThreadValueAttr>(loc, parser.getContext(), tile,
                                              cute::toString(*layout), "",
                                              ArrayRef<int64_t>(), warps);
  }
  if (key == "threads") {
    std::string text;
    SmallVector<int64_t> values;
    if (parseLayoutTokens(parser, text))
      return {};
    if (finish(text) != '\x01') {
      parser.emitError(parser.getCurrentLocation(),
                       "expected ', values = (...)' after the thread layout");
      return {};
    }
    int64_t warps = 0;
    if (parser.parseKeyword("values") || parser.parseEqual() ||
        parseIntTuple(parser, values))
      return {};
    if (succeeded(parser.parseOptionalComma()) && parseWarps(warps))
      return {};
    if (!warps && parser.parseGreater())
      return {};
    llvm::Expected<cute::Layout> layout = cute::parseLayout(text);
    if (!layout) {
      parser.emitError(loc) << "bad CuTe layout '" << text
                            << "': " << llvm::toString(layout.takeError());
      return {};
    }
    return parser.getChecked<ThreadValueAttr>(
        loc, parser.getContext(), ArrayRef<int64_t>(), "",
        cute::toString(*layout), values, warps);
  }
  parser.emitError(loc) << "expected 'tile = (...), tv = L' or 'threads = L, "
                           "values = (...)' in #layout.tv, got '"
                        << key << "'";
  return {};
}

void ThreadValueAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (!getThreads().empty()) {
    printer << "threads = " << getThreads() << ", values = ";
    printIntTuple(printer, getValues());
  } else {
    printer << "tile = ";
    printIntTuple(printer, getTile());
    printer << ", tv = " << getTv();
  }
  if (getWarps())
    printer << ", warps = " << getWarps();
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Interface methods that are plain accessors
//===----------------------------------------------------------------------===//

static unsigned product(ArrayRef<unsigned> values) {
  unsigned p = 1;
  for (unsigned v : values)
    p *= v;
  return p;
}

unsigned BlockedAttr::getWarpSize() const {
  return product(getThreadsPerWarp());
}
unsigned BlockedAttr::getNumWarps() const { return product(getWarpsPerCTA()); }
unsigned BlockedAttr::getNumCTAs() const { return product(getCTAsPerCGA()); }
unsigned BlockedAttr::getRank() const { return getSizePerThread().size(); }

unsigned SliceAttr::getWarpSize() const { return getParent().getWarpSize(); }
unsigned SliceAttr::getNumWarps() const { return getParent().getNumWarps(); }
unsigned SliceAttr::getNumCTAs() const { return getParent().getNumCTAs(); }
unsigned SliceAttr::getRank() const { return getParent().getRank() - 1; }

static unsigned numBases(ArrayRef<int32_t> flat, unsigned rank) {
  return rank ? flat.size() / rank : 0;
}
unsigned LinearAttr::getRank() const { return getNumDims(); }
unsigned LinearAttr::getWarpSize() const {
  return 1u << numBases(getLaneBases(), getRank());
}
unsigned LinearAttr::getNumWarps() const {
  return 1u << numBases(getWarpBases(), getRank());
}
unsigned LinearAttr::getNumCTAs() const {
  return 1u << numBases(getBlockBases(), getRank());
}

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Layout/IR/LayoutAttrs.cpp.inc"

#include "tile/Dialect/Layout/IR/LayoutAttrInterfaces.cpp.inc"

void LayoutDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/Layout/IR/LayoutAttrs.cpp.inc"
      >();
}
