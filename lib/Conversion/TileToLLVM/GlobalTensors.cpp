//===- GlobalTensors.cpp - Global tensors as hidden kernel parameters -----===//
//
// tile.global_tensor is memory the launcher allocates for one launch. Before
// the dialect conversion, each op becomes a !tile.ptr parameter appended to
// the kernel (named __global_tensor<N>), with the recipe
//
//   tile.global_tensor = {shape_args = [...], shape = [...],
//                         element_bytes = B, zeroed = true|false}
//
// (per dim: a parameter index, or -1 and the constant in `shape`). The
// launcher allocates prod(shape) * B bytes (256-byte aligned), zeroes them
// when asked, passes the address, and frees the buffer after the launch
// (docs/tile-compile.md). KernelOpToLLVM marks the parameter's type
// "global_tensor" for the metadata.
//
//===----------------------------------------------------------------------===//

#include "TmaLowering.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace tile;

/// The alignment, in bytes, every launcher gives a global tensor.
static constexpr int64_t kGlobalTensorAlignment = 256;

void tile::materializeGlobalTensors(tl::KernelOp kernel) {
  SmallVector<tl::GlobalTensorOp> ops;
  kernel.walk([&](tl::GlobalTensorOp op) { ops.push_back(op); });
  Block &entry = kernel.getBody().front();
  Builder b(kernel.getContext());
  for (auto [n, op] : llvm::enumerate(ops)) {
    SmallVector<int64_t> args, values;
    for (OpFoldResult ofr : op.getMixedShape()) {
      if (auto attr = dyn_cast<Attribute>(ofr)) {
        args.push_back(-1);
        values.push_back(cast<IntegerAttr>(attr).getInt());
      } else {
        // The verifier requires a parameter of the kernel.
        args.push_back(cast<BlockArgument>(cast<Value>(ofr)).getArgNumber());
        values.push_back(0);
      }
    }
    Type pointee = op.getType().getPointeeType();
    int64_t bytes = std::max(8u, pointee.getIntOrFloatBitWidth()) / 8;
    NamedAttrList recipe;
    recipe.append("shape_args", b.getDenseI64ArrayAttr(args));
    recipe.append("shape", b.getDenseI64ArrayAttr(values));
    recipe.append("element_bytes", b.getI64IntegerAttr(bytes));
    recipe.append("zeroed", b.getBoolAttr(op.getZeroed()));
    unsigned index = kernel.getNumArguments();
    auto name = b.getStringAttr("__global_tensor" + std::to_string(n));
    // Appending to a kernel's signature cannot fail for a !tile.ptr.
    // The launcher's buffers are 256-byte aligned: a divisibility promise
    // the access analysis uses like any parameter's.
    (void)kernel.insertArgument(
        index, op.getType(),
        b.getDictionaryAttr(
            {b.getNamedAttr(tl::kGlobalTensorArgAttr,
                            recipe.getDictionary(kernel.getContext())),
             b.getNamedAttr(tl::TileDialect::getDivisibilityAttrName(),
                            b.getI64IntegerAttr(kGlobalTensorAlignment))}),
        NameLoc::get(name, op.getLoc()));
    op.getResult().replaceAllUsesWith(entry.getArgument(index));
    op.erase();
  }
}
