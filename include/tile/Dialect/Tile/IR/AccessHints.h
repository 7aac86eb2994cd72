//===- AccessHints.h - cuTile's load/store hints and memory order -*- C++
//-*-===//
//
// The `latency`, `memory_order` and `memory_scope` of a global access
// (tile.load_tile/store_tile, tile.load_at/store_at), read off the op as
// one value, and what each `latency` band asks of the lowering and of the
// software pipeliner. docs/TileLanguage.md ("Hints and memory ordering")
// states the table; the lowering (lib/Conversion/TileToLLVM/
// MemoryOrdering.cpp) and tile-pipeline follow it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_ACCESSHINTS_H
#define TILE_DIALECT_TILE_IR_ACCESSHINTS_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include <optional>

namespace tile::tl {

/// The band a `latency` hint falls in.
enum class LatencyBand {
  /// No hint: the compiler's defaults.
  none,
  /// 1..3: little DRAM traffic, the data is expected to be reused from
  /// cache: loads keep their lines in L1 (`.L1::evict_last`), pipelined
  /// loops get 2 stages.
  low,
  /// 4..7: the defaults (as without a hint).
  medium,
  /// 8..10: heavy streaming traffic, read once: loads bypass L1
  /// (`.L1::no_allocate`) and mark their L2 lines evict-first (an
  /// `.L2::cache_hint` with a `createpolicy.fractional.L2::evict_first`
  /// policy, sm_80+), stores likewise; pipelined loops get 4 stages.
  high,
};

/// The hints of one access: all unset for an op without them.
struct AccessHints {
  std::optional<int64_t> latency;
  /// Unset: weak.
  std::optional<MemSemantic> order;
  /// The scope of a non-weak access (device when not written).
  MemScope scope = MemScope::gpu;

  bool isWeak() const { return !order.has_value(); }
  LatencyBand getBand() const { return getLatencyBand(latency); }
  static LatencyBand getLatencyBand(std::optional<int64_t> latency);
};

/// The hints of `op` (any op; unset for ops that take none).
AccessHints getAccessHints(Operation *op);

/// The most pipeline stages the `latency` band asks for (nullopt: the
/// default rule's kMaxDefaultStages).
std::optional<int64_t> getLatencyStages(LatencyBand band);

/// The custom-syntax keywords of MemScope: block, device, system.
StringRef stringifyMemoryScope(MemScope scope);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_IR_ACCESSHINTS_H
