//===- LLVM.h - Import common MLIR and LLVM names into tile ----*- C++ -*-===//
//
// Everything in the project lives in namespace `tile` (dialects in
// `tile::layout` and `tile::tl`). This header makes the MLIR and LLVM names
// used everywhere available there unqualified, as mlir/Support/LLVM.h does
// for namespace mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_LLVM_H
#define TILE_SUPPORT_LLVM_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Support/LogicalResult.h"

namespace tile {
// Every name mlir/Support/LLVM.h brings into namespace mlir (ArrayRef,
// SmallVector, StringRef, DenseMap, cast/isa/dyn_cast, ...).
using namespace mlir;
} // namespace tile

#endif // TILE_SUPPORT_LLVM_H
