//===- AsyncCopyOps.cpp - Asynchronous copies to shared memory ------------===//
//
// The verifier of layout.async_copy_global_to_local: the pointers point to
// the buffer's element type, the buffer is one slot of the pointers' shape,
// and the pointers' distributed layout fits that shape and gives every
// element to one thread (verifyAsyncCopyLayout, shared with
// tile.async_load_tile).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"

using namespace tile;
using namespace tile::layout;

LogicalResult
layout::verifyAsyncCopyLayout(Attribute layout, ArrayRef<int64_t> shape,
                              function_ref<InFlightDiagnostic()> emitError) {
  if (!isa_and_nonnull<DistributedLayoutAttrInterface>(layout))
    return emitError() << "the copy needs a distributed layout "
                          "(#layout.blocked, #layout.linear, ...) that says "
                          "which thread copies which element, not "
                       << layout;
  if (failed(verifyLayoutForShape(layout, shape, [&]() {
        return emitError() << "the copy layout does not fit the buffer: ";
      })))
    return failure();
  std::optional<LinearLayout> ll = toLinearLayout(layout, shape);
  if (!ll)
    return emitError() << "the copy layout " << layout
                       << " has no linear form for this shape";
  for (StringRef dim : {StringRef("lane"), StringRef("warp")}) {
    if (!ll->hasInDim(dim))
      continue;
    for (int i = 0, e = ll->getInDimSizeLog2(dim); i < e; ++i)
      if (llvm::all_of(ll->getBasis(dim, i),
                       [](int32_t c) { return c == 0; })) {
        InFlightDiagnostic diag = emitError();
        diag << "the copy layout " << layout << " gives elements of the ";
        llvm::interleave(shape, diag, "x");
        diag << " tile to several " << dim << "s (bit " << i << " of the "
             << dim << " id moves to no other element), so two threads "
             << "would copy the same element; use a layout with fewer " << dim
             << "s along the dims, or a larger tile";
        return diag;
      }
  }
  return success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto ptrs = cast<RankedTensorType>(getPtrs().getType());
  MemDescType dst = getDst().getType();
  auto ptrType = dyn_cast<PtrLikeTypeInterface>(ptrs.getElementType());
  if (!ptrType || !ptrType.getElementType())
    return emitOpError() << "the pointers " << ptrs
                         << " must be a tensor of typed pointers to global "
                            "memory, for example tensor<64x64x!tile.ptr<f16>>";
  if (unsigned n = dst.getNumBufferDims())
    return emitOpError()
           << "needs one slot, but " << dst << " has " << n
           << " buffer dim(s); take a slot with layout.memdesc_index first";
  if (ptrs.getShape() != dst.getShape() ||
      ptrType.getElementType() != dst.getElementType())
    return emitOpError() << "the pointers " << ptrs << " must point to "
                         << dst.getElementType()
                         << " elements and have the shape of the buffer "
                         << dst;
  return verifyAsyncCopyLayout(ptrs.getEncoding(), ptrs.getShape(),
                               [&]() { return emitOpError(); });
}
