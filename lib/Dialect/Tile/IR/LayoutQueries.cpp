//===- LayoutQueries.cpp - What the tile dialect asks of layouts ----------===//

#include "LayoutQueries.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/AttrTypeSubElements.h"

using namespace tile;

std::optional<tl::query::WarpShape>
tl::query::getWarpShape(Attribute encoding) {
  auto layout =
      dyn_cast_or_null<layout::DistributedLayoutAttrInterface>(encoding);
  if (!layout)
    return std::nullopt;
  return WarpShape{layout.getNumWarps(), layout.getWarpSize()};
}

bool tl::query::isDistributedLayout(Attribute encoding) {
  return isa_and_nonnull<layout::DistributedLayoutAttrInterface>(encoding);
}

bool tl::query::isMemoryLayout(Attribute encoding) {
  return isa_and_nonnull<layout::SharedLayoutAttrInterface>(encoding);
}

bool tl::query::isThreadValueLayout(Attribute encoding) {
  return isa_and_nonnull<layout::ThreadValueAttr>(encoding);
}

int64_t tl::query::getNumThreads(Attribute encoding) {
  auto tv = dyn_cast_or_null<layout::ThreadValueAttr>(encoding);
  return tv ? tv.getNumThreads() : 0;
}

std::optional<SmallVector<int64_t>>
tl::query::getMemoryLayoutShape(Attribute layout) {
  if (auto strided = dyn_cast_or_null<layout::StridedAttr>(layout))
    return strided.getModeSizes();
  return std::nullopt;
}

bool tl::query::isLayoutAttr(Attribute attr) {
  return attr && layout::isLayoutAttr(attr);
}

Attribute tl::query::getSliceLayout(Attribute parent, int64_t dim) {
  auto layout = dyn_cast_or_null<layout::DistributedLayoutAttrInterface>(parent);
  if (!layout || dim < 0)
    return {};
  return layout::SliceAttr::get(parent.getContext(), dim, layout);
}

std::optional<std::pair<int64_t, Attribute>>
tl::query::getSliceDimAndParent(Attribute encoding) {
  auto slice = dyn_cast_or_null<layout::SliceAttr>(encoding);
  if (!slice)
    return std::nullopt;
  return std::make_pair(int64_t(slice.getDim()), Attribute(slice.getParent()));
}

LogicalResult tl::query::verifyEncodingForShape(
    Attribute encoding, ArrayRef<int64_t> shape,
    llvm::function_ref<InFlightDiagnostic()> emitError) {
  if (!encoding || !layout::isLayoutAttr(encoding))
    return success();
  return layout::verifyLayoutForShape(encoding, shape, emitError);
}

void tl::replicateThreadValueLayouts(KernelOp kernel) {
  int64_t warps = kernel.getNumWarps();
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](layout::ThreadValueAttr tv) -> std::optional<Attribute> {
        if (int64_t(tv.getNumWarps()) >= warps)
          return std::nullopt;
        return layout::ThreadValueAttr::get(tv.getContext(), tv.getTile(),
                                            tv.getTv(), tv.getThreads(),
                                            tv.getValues(), warps);
      });
  replacer.recursivelyReplaceElementsIn(kernel, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
}
