//===- PointerVectors.h - Vector groups of pointer accesses ----*- C++ -*-===//
//
// Internal to the TileToLLVM library: how the registers of an access
// through a tensor of pointers (tile.load, tile.store, tile.atomic_rmw)
// group into vectors, read off the layout and the recorded access facts.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TILETOLLVM_POINTERVECTORS_H
#define LIB_CONVERSION_TILETOLLVM_POINTERVECTORS_H

#include "tile/Support/LLVM.h"

namespace tile {

/// How the registers of a pointer-tensor access group into vectors.
struct PointerVectors {
  /// Consecutive registers accessed as one vector (1: scalar accesses).
  int width = 1;
  /// The first pointer of every vector is proven aligned to the vector.
  bool alignmentProven = false;
  /// The mask is proven equal over every vector.
  bool maskUniform = false;
};

/// The layout must hold `width` consecutive registers along some dim d
/// (compile time), and the access facts of `op` must prove the pointers
/// consecutive along d over each of them (contiguity). Alignment proven by
/// the facts lets the vector run unconditionally; otherwise one run-time
/// alignment check per vector decides. Pointers not proven consecutive
/// (gathers, pointers the analysis cannot follow) get scalar accesses.
PointerVectors choosePointerVectors(Operation *op, Type ptrTensorType,
                                    Type elemType, bool hasMask);

} // namespace tile

#endif // LIB_CONVERSION_TILETOLLVM_POINTERVECTORS_H
