//===- Arch.h - The compute capability of a target name ---------*- C++ -*-===//
//
// Target names are "sm_XY" with an optional "a" or "f" suffix (sm_90a).
// Passes, the lowering and the compile API read the capability off them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_ARCH_H
#define TILE_SUPPORT_ARCH_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tile {

/// XY of "sm_XY", "sm_XYa" or "sm_XYf"; std::nullopt for anything else.
inline std::optional<unsigned> parseComputeCapability(llvm::StringRef arch) {
  if (!arch.consume_front("sm_"))
    return std::nullopt;
  if (!arch.consume_back("a"))
    arch.consume_back("f");
  unsigned cc = 0;
  if (arch.empty() || arch.getAsInteger(10, cc))
    return std::nullopt;
  return cc;
}

} // namespace tile

#endif // TILE_SUPPORT_ARCH_H
