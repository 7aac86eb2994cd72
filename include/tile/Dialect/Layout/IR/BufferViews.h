//===- BufferViews.h - The buffer a shared-memory view is of ---*- C++ -*-===//

#ifndef TILE_DIALECT_LAYOUT_IR_BUFFERVIEWS_H
#define TILE_DIALECT_LAYOUT_IR_BUFFERVIEWS_H

#include "mlir/IR/Value.h"

namespace tile::layout {

/// The buffer that shared-memory value `view` is a view of: back through
/// layout.memdesc_index and layout.memdesc_trans to the value they start
/// from (a layout.local_alloc's result, or a block argument).
mlir::Value getViewedBuffer(mlir::Value view);

} // namespace tile::layout

#endif // TILE_DIALECT_LAYOUT_IR_BUFFERVIEWS_H
