//===- TileTmaOps.cpp - tile.make_tensor_desc
//------------------------------===//
//
// The descriptor's block must match the view in rank and element type; the
// view's provenance (a tile.make_view of kernel parameters and constants)
// and the alignment of its constant strides are checked where the
// descriptor becomes a kernel parameter (convert-tile-to-llvm), which sees
// the kernel.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

LogicalResult MakeTensorDescOp::verify() {
  ViewType view = getView().getType();
  layout::TensorDescType desc = getType();
  if (view.getRank() != int64_t(desc.getShape().size()))
    return emitOpError() << "the view has rank " << view.getRank()
                         << " but the descriptor's block has rank "
                         << desc.getShape().size()
                         << "; the block has one extent per dim of the view "
                            "(1 on dims a copy does not walk)";
  if (view.getElementType() != desc.getElementType())
    return emitOpError() << "the view holds " << view.getElementType()
                         << " but the descriptor's block holds "
                         << desc.getElementType();
  if (view.getLayout()) {
    std::optional<ViewLayoutPlan> plan = getViewLayoutPlan(view);
    if (!plan || !plan->isPlainStrided())
      return emitOpError()
             << "the view's layout " << view.getLayout()
             << " has no TMA descriptor: a descriptor takes one stride per "
                "dim, and this layout has nested modes or a swizzle; copy "
                "through a view whose modes coalesce to one stride each "
                "(or without allow_tma)";
  }
  return success();
}
