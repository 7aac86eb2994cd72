//===- Combiner.h - Combining tuples of scalars -----------------*- C++ -*-===//
//
// The scalar combination step shared by the lowerings of tile.reduce and
// tile.scan: a predefined kind (sum, prod, max, min) on one operand, or the
// op's combiner region inlined on tuples of scalars, one per operand.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TILETOLLVM_COMBINER_H
#define LIB_CONVERSION_TILETOLLVM_COMBINER_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"

#include <optional>

namespace tile {

/// One scalar per operand of a multi-operand op.
using ScalarTuple = SmallVector<Value, 2>;

enum class CombineKind { sum, prod, max, min };

/// Emits `combine(a, b)` at the builder's insertion point: the kind (on the
/// first scalar of each tuple; signed for integers, NaN-propagating for
/// floats) or a clone of `body` with its arguments bound to `a` then `b`.
class CombinerEmitter {
public:
  CombinerEmitter(OpBuilder &b, Location loc, std::optional<CombineKind> kind,
                  Block *body)
      : b(b), loc(loc), kind(kind), body(body) {}

  ScalarTuple operator()(ArrayRef<Value> lhs, ArrayRef<Value> rhs) const;

  /// The identity of the kind for `type` (0, 1, -inf / INT_MIN, +inf /
  /// INT_MAX); null without a kind.
  Value identity(Type type) const;

private:
  OpBuilder &b;
  Location loc;
  std::optional<CombineKind> kind;
  Block *body;
};

/// `cond ? t : f`, scalar by scalar.
ScalarTuple selectTuple(OpBuilder &b, Location loc, Value cond,
                        ArrayRef<Value> t, ArrayRef<Value> f);

} // namespace tile

#endif // LIB_CONVERSION_TILETOLLVM_COMBINER_H
