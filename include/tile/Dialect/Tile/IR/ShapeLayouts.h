//===- ShapeLayouts.h - Layouts through the shape ops -----------*- C++ -*-===//
//
// The layout rule of each shape op (tile.trans, tile.reshape, tile.join,
// tile.split, tile.cat): the linear layout of its result derived from the
// operand's, such that every thread holds in its registers exactly the
// elements it held before, relabeled. Layout assignment gives results these
// layouts; the lowering then only renumbers registers.
//
// Every rule maps each basis of the operand's layout (the coordinates of
// the element one input bit selects) through the op's map of coordinates,
// which is F2-linear because all extents are powers of two:
//  - trans:   the coordinates are permuted;
//  - reshape: the coordinates are flattened row-major and split again;
//  - join:    a zero is appended, and a new register bit 0 selects the new
//             minor dimension (its basis is [0, ..., 0, 1]);
//  - cat:     a new most significant register bit selects the second
//             operand (its basis is the operand's extent along the axis);
//  - split:   the inverse of join: the register bit whose basis is
//             [0, ..., 0, 1] is removed, and with it the last dimension.
//             Only a layout in which one register bit alone holds the last
//             dimension splits without data movement.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_SHAPELAYOUTS_H
#define TILE_DIALECT_TILE_IR_SHAPELAYOUTS_H

#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Attributes.h"

#include <optional>

namespace tile::tl {

/// Dim `i` of the result is dim `order[i]` of `src`.
LinearLayout transposeLinearLayout(const LinearLayout &src,
                                   ArrayRef<int32_t> order);
/// The row-major reshape of `src` to `shape` (same number of elements);
/// std::nullopt when the element counts differ.
std::optional<LinearLayout> reshapeLinearLayout(const LinearLayout &src,
                                                ArrayRef<int64_t> shape);
/// A new minor dimension of size 2, held by a new register bit 0.
LinearLayout joinLinearLayout(const LinearLayout &src);
/// `src` twice along `axis`, the copy held by a new top register bit.
LinearLayout catLinearLayout(const LinearLayout &src, int64_t axis);
/// The register bit that alone holds the last dimension of size 2 of `src`
/// (its basis is [0, ..., 0, 1] and no other basis has a nonzero last
/// coordinate), or std::nullopt.
std::optional<int> getSplitRegisterBit(const LinearLayout &src);
/// `src` without that register bit and its last dimension; std::nullopt
/// when getSplitRegisterBit finds none.
std::optional<LinearLayout> splitLinearLayout(const LinearLayout &src);
/// The inverse of catLinearLayout: std::nullopt unless one register bit
/// alone holds the top bit of `axis`.
std::optional<LinearLayout> uncatLinearLayout(const LinearLayout &src,
                                              int64_t axis);

/// The linear layout of the results of the shape op `op` (tile.trans,
/// reshape, join, split or cat) that makes it a relabeling of operand 0 in
/// `src` (the linear layout of operand 0's type); std::nullopt when there
/// is none (a split whose last dimension is not one register bit) or `op`
/// is not a shape op.
std::optional<LinearLayout> getRelabeledLayout(Operation *op,
                                               const LinearLayout &src);

/// The result layout attribute under which `op` is a relabeling of an
/// operand in `srcLayout`: a #layout.blocked where the rule keeps a blocked
/// layout blocked (trans, join, split of blocked layouts), else a
/// #layout.linear. Null when there is none.
Attribute inferShapeOpResultLayout(Operation *op, Attribute srcLayout);
/// The operand layout under which `op` is a relabeling that gives its
/// results `resultLayout`; null when there is none (a join or cat whose
/// result layout does not hold the new bit in one register bit).
Attribute inferShapeOpOperandLayout(Operation *op, Attribute resultLayout);

/// True for tile.trans, reshape, join, split and cat.
bool isShapeOp(Operation *op);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_IR_SHAPELAYOUTS_H
