//===- LayoutAttrHelpers.h - Shared syntax helpers of the attrs -*- C++ -*-===//
//
// Private to TileLayoutIR: the `<key = value, ...>` parsing, printing and
// verification helpers that every layout attribute uses (defined in
// LayoutAttrs.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_LAYOUT_IR_LAYOUTATTRHELPERS_H
#define TILE_LIB_DIALECT_LAYOUT_IR_LAYOUTATTRHELPERS_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include <optional>

namespace tile::layout::detail {

/// Parses `<key = value, ...>`, calling `parseValue(key, keyLoc)` for each
/// entry after its `=`. Rejects repeated keys. An empty `<>` is allowed.
ParseResult
parseKeyValueList(AsmParser &parser,
                  llvm::function_ref<ParseResult(StringRef, SMLoc)> parseValue);
/// Parses `[v, v, ...]` of integers in [0, 2^30].
ParseResult parseUnsignedList(AsmParser &parser, StringRef key,
                              SmallVectorImpl<unsigned> &values);
/// Parses a non-negative integer no larger than 2^30.
ParseResult parseUnsigned(AsmParser &parser, StringRef key, unsigned &out);
InFlightDiagnostic unknownKey(AsmParser &parser, SMLoc loc, StringRef key,
                              StringRef attr, StringRef expected);
void printList(AsmPrinter &printer, ArrayRef<unsigned> values);

/// CTA fields of a layout with `rank` dims for a single CTA.
void defaultCTAFields(unsigned rank, SmallVectorImpl<unsigned> &ctasPerCGA,
                      SmallVectorImpl<unsigned> &ctaSplitNum,
                      SmallVectorImpl<unsigned> &ctaOrder);
/// Fills omitted CTA fields with their defaults (and canonicalizes CTAOrder
/// for a single CTA).
void completeCTAFields(unsigned rank, SmallVectorImpl<unsigned> &ctasPerCGA,
                       SmallVectorImpl<unsigned> &ctaSplitNum,
                       SmallVectorImpl<unsigned> &ctaOrder, bool hasCTAs,
                       bool hasSplit, bool hasOrder);
bool isDefaultCTA(ArrayRef<unsigned> ctasPerCGA, ArrayRef<unsigned> ctaSplitNum,
                  ArrayRef<unsigned> ctaOrder);
/// The optional CTA fields (CTAsPerCGA, CTASplitNum, CTAOrder) of a layout
/// attribute's `<key = value, ...>` syntax, collected while its entries are
/// parsed. Each attribute parser hands it every key first:
///   if (std::optional<ParseResult> r = cta.parseField(parser, key))
///     return *r;
/// and, once the list is read, fills the omitted fields with complete().
struct ParsedCTAFields {
  SmallVector<unsigned> ctasPerCGA, ctaSplitNum, ctaOrder;
  bool hasCTAs = false, hasSplit = false, hasOrder = false;

  /// Parses the value of `key` (`[v, ...]`) when `key` names a CTA field;
  /// std::nullopt, with nothing read, when it does not.
  std::optional<ParseResult> parseField(AsmParser &parser, StringRef key);
  /// Whether any CTA field was written.
  bool any() const { return hasCTAs || hasSplit || hasOrder; }
  /// The rank the written fields imply (the first written one's length).
  unsigned writtenRank() const;
  /// completeCTAFields for a layout of `rank` dims.
  void complete(unsigned rank);
};

/// Prints `, CTAsPerCGA = [...], ...` unless the fields are the default.
void printCTAFields(AsmPrinter &printer, ArrayRef<unsigned> ctasPerCGA,
                    ArrayRef<unsigned> ctaSplitNum,
                    ArrayRef<unsigned> ctaOrder);

std::string formatList(ArrayRef<unsigned> values);
LogicalResult checkLength(function_ref<InFlightDiagnostic()> emitError,
                          StringRef name, ArrayRef<unsigned> values,
                          StringRef refName, unsigned rank);
LogicalResult checkPowersOfTwo(function_ref<InFlightDiagnostic()> emitError,
                               StringRef name, ArrayRef<unsigned> values);
LogicalResult checkPermutation(function_ref<InFlightDiagnostic()> emitError,
                               StringRef name, ArrayRef<unsigned> values);
LogicalResult checkCTAFields(function_ref<InFlightDiagnostic()> emitError,
                             StringRef refName, unsigned rank,
                             ArrayRef<unsigned> ctasPerCGA,
                             ArrayRef<unsigned> ctaSplitNum,
                             ArrayRef<unsigned> ctaOrder);

} // namespace tile::layout::detail

#endif // TILE_LIB_DIALECT_LAYOUT_IR_LAYOUTATTRHELPERS_H
