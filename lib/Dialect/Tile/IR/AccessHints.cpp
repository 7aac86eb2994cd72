//===- AccessHints.cpp - cuTile's load/store hints and memory order -------===//
//
// cuTile's ct.load/ct.store keyword arguments beyond the tile itself:
//  - `latency = N` (1..10): how heavy the DRAM traffic of the access is;
//    it picks a band (AccessHints.h) that the lowering turns into cache
//    hints and tile-pipeline into a stage count.
//  - `memory_order` (weak, relaxed, acquire for loads; weak, relaxed,
//    release for stores) and `memory_scope` (block, device, system): the
//    PTX memory-consistency qualifiers of the access. They reuse the
//    atomics' MemSemantic and MemScope enums; weak is the absence of an
//    order, and a non-weak access without a scope is device-scoped.
// This file holds their custom syntax, their verifier and the band table.
//
//===----------------------------------------------------------------------===//

#include "AccessHintSyntax.h"

#include "tile/Dialect/Tile/IR/AccessHints.h"

using namespace tile;
using namespace tile::tl;

static constexpr StringLiteral kLatency = "latency";
static constexpr StringLiteral kMemoryOrder = "memory_order";
static constexpr StringLiteral kMemoryScope = "memory_scope";
static constexpr StringLiteral kAllowTma = "allow_tma";

//===----------------------------------------------------------------------===//
// Bands
//===----------------------------------------------------------------------===//

LatencyBand AccessHints::getLatencyBand(std::optional<int64_t> latency) {
  if (!latency)
    return LatencyBand::none;
  if (*latency <= 3)
    return LatencyBand::low;
  if (*latency <= 7)
    return LatencyBand::medium;
  return LatencyBand::high;
}

std::optional<int64_t> tile::tl::getLatencyStages(LatencyBand band) {
  switch (band) {
  case LatencyBand::low:
    return 2;
  case LatencyBand::high:
    return 4;
  case LatencyBand::none:
  case LatencyBand::medium:
    return std::nullopt;
  }
  return std::nullopt;
}

AccessHints tile::tl::getAccessHints(Operation *op) {
  AccessHints hints;
  if (auto latency = op->getAttrOfType<IntegerAttr>(kLatency))
    hints.latency = latency.getInt();
  if (auto order = op->getAttrOfType<MemSemanticAttr>(kMemoryOrder))
    hints.order = order.getValue();
  if (auto scope = op->getAttrOfType<MemScopeAttr>(kMemoryScope))
    hints.scope = scope.getValue();
  return hints;
}

StringRef tile::tl::stringifyMemoryScope(MemScope scope) {
  switch (scope) {
  case MemScope::cta:
    return "block";
  case MemScope::gpu:
    return "device";
  case MemScope::sys:
    return "system";
  }
  return "device";
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

ParseResult tile::tl::parseAccessHints(OpAsmParser &parser,
                                       OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  bool seenLatency = false, seenOrder = false, seenScope = false;
  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    auto once = [&](bool &seen, StringRef name) -> ParseResult {
      if (seen)
        return parser.emitError(loc) << "'" << name << "' given twice";
      seen = true;
      return parser.parseEqual();
    };
    if (succeeded(parser.parseOptionalKeyword(kLatency))) {
      int64_t latency;
      if (once(seenLatency, kLatency) || parser.parseInteger(latency))
        return failure();
      result.addAttribute(kLatency, parser.getBuilder().getI32IntegerAttr(
                                        static_cast<int32_t>(latency)));
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword(kMemoryOrder))) {
      StringRef keyword;
      if (once(seenOrder, kMemoryOrder))
        return failure();
      SMLoc at = parser.getCurrentLocation();
      if (parser.parseKeyword(&keyword))
        return failure();
      if (keyword == "weak")
        continue;
      std::optional<MemSemantic> order = symbolizeMemSemantic(keyword);
      if (!order || *order == MemSemantic::acq_rel)
        return parser.emitError(at)
               << "memory_order must be weak, relaxed, acquire or release, "
                  "got '"
               << keyword << "'";
      result.addAttribute(kMemoryOrder, MemSemanticAttr::get(ctx, *order));
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword(kMemoryScope))) {
      StringRef keyword;
      if (once(seenScope, kMemoryScope))
        return failure();
      SMLoc at = parser.getCurrentLocation();
      if (parser.parseKeyword(&keyword))
        return failure();
      std::optional<MemScope> scope;
      if (keyword == "block")
        scope = MemScope::cta;
      else if (keyword == "device")
        scope = MemScope::gpu;
      else if (keyword == "system")
        scope = MemScope::sys;
      else
        return parser.emitError(at)
               << "memory_scope must be block, device or system, got '"
               << keyword << "'";
      result.addAttribute(kMemoryScope, MemScopeAttr::get(ctx, *scope));
      continue;
    }
    return success();
  }
}

void tile::tl::printAccessHints(OpAsmPrinter &p, Operation *op) {
  if (auto latency = op->getAttrOfType<IntegerAttr>(kLatency))
    p << " latency = " << latency.getInt();
  if (auto order = op->getAttrOfType<MemSemanticAttr>(kMemoryOrder))
    p << " memory_order = " << stringifyMemSemantic(order.getValue());
  if (auto scope = op->getAttrOfType<MemScopeAttr>(kMemoryScope))
    p << " memory_scope = " << stringifyMemoryScope(scope.getValue());
}

SmallVector<StringRef, 3> tile::tl::getAccessHintAttrNames() {
  return {kLatency, kMemoryOrder, kMemoryScope};
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

LogicalResult tile::tl::verifyAccessHints(Operation *op, bool isLoad) {
  AccessHints hints = getAccessHints(op);
  if (hints.latency && (*hints.latency < 1 || *hints.latency > 10))
    return op->emitOpError()
           << "latency " << *hints.latency
           << " is out of range; the hint is an integer from 1 (little DRAM "
              "traffic) to 10 (heavy), or leave it out";
  if (hints.order) {
    MemSemantic order = *hints.order;
    if (order == MemSemantic::acq_rel)
      return op->emitOpError()
             << "memory_order = acq_rel is for read-modify-write atomics "
                "(tile.atomic_rmw); a "
             << (isLoad ? "load orders with relaxed or acquire"
                        : "store orders with relaxed or release");
    if (isLoad && order == MemSemantic::release)
      return op->emitOpError()
             << "memory_order = release is for stores; a load orders with "
                "weak, relaxed or acquire";
    if (!isLoad && order == MemSemantic::acquire)
      return op->emitOpError()
             << "memory_order = acquire is for loads; a store orders with "
                "weak, relaxed or release";
  } else if (op->hasAttr(kMemoryScope)) {
    return op->emitOpError()
           << "memory_scope = "
           << stringifyMemoryScope(getAccessHints(op).scope)
           << " on a weak access, which has no scope; give memory_order = "
              "relaxed or "
           << (isLoad ? "acquire" : "release") << ", or drop memory_scope";
  }
  if (Attribute tma = op->getAttr(kAllowTma)) {
    if (!isa<UnitAttr>(tma))
      return op->emitOpError()
             << "allow_tma must be a unit attribute ({allow_tma}), got " << tma
             << "; leave it out to forbid TMA";
    if (hints.order)
      return op->emitOpError()
             << "allow_tma with memory_order = "
             << stringifyMemSemantic(*hints.order)
             << ": TMA copies are weak; drop allow_tma or the memory order";
  }
  return success();
}
