//===- LoopLastIteration.h - What the last iteration yields -*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms. A loop software-pipelined by one
// step in the text (FlashAttention-3's order: iteration j computes what
// iteration j + 1 uses) guards the work for the next step with
// `scf.if (iv + step < ub)` and yields placeholders in the else branch (an
// attention kernel's P = 0 after its last key block). That branch runs only
// in the last iteration, so what it yields into an iteration argument that
// nothing reads after the loop is never read: it may be the argument
// itself, which costs no instruction (a constant costs one a register,
// materialized in every iteration before the branch).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_LOOPLASTITERATION_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_LOOPLASTITERATION_H

#include "tile/Support/LLVM.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tile::tl {

/// In every scf.if directly in `loop`'s body whose condition is
/// `arith.cmpi slt, (iv + step), ub` (the loop's own induction variable,
/// step and upper bound; signed, so that the else branch means iv + step
/// >= ub without wrapping: the last iteration), replaces each else-branch
/// yield operand whose result is only yielded by the loop into an
/// iteration argument whose loop result has no use by that iteration
/// argument. Returns how many operands it replaced.
unsigned forwardLastIterationYields(mlir::scf::ForOp loop);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_LOOPLASTITERATION_H
