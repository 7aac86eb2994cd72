//===- TmaDescriptors.cpp - TMA descriptors as hidden kernel parameters ---===//
//
// A TMA copy reads a 128-byte CUtensorMap that the host builds with
// cuTensorMapEncodeTiled; tile builds it in the launcher, from the kernel's
// own arguments, and passes it as a hidden `__grid_constant__` parameter.
// Before the dialect conversion, for every tile.make_tensor_desc:
//
//   1. trace the view to its tile.make_view: the pointer must be a kernel
//      parameter, each extent and stride a kernel parameter or a constant
//      (the launcher knows nothing else), the last stride 1 when constant;
//   2. check what is known at compile time: constant strides are multiples
//      of 16 bytes, constant extents fit the 2^32 limit of the hardware
//      (views of rank 2 to 5; the rank and the box limits are the
//      !layout.tensordesc verifier's);
//   3. append a parameter of the descriptor's type to the kernel (one per
//      distinct (view, descriptor type)), with the recipe in its `tile.tma`
//      argument attribute, and replace the op by it.
//
// The recipe (docs/Lowering.md, "TMA descriptors"), in the view's dim order:
//   global = P                      the pointer parameter
//   shape_args / shape              per dim: a parameter index, or -1 and
//   stride_args / strides             the constant in the second array
//                                     (strides in elements)
//   stride_scales                     (only when one is not 1) per dim the
//                                     factor of a parameter stride: a
//                                     compact view's stride n1 * 64 is
//                                     parameter n1 times 64
//   element_type = T, box = [.., R, Cb] (one TMA box, 1 on the dims a
//                                     rank-reducing copy drops), swizzle
//                                     = S bytes
// KernelOpToLLVM makes the parameter `byval` 128 bytes, 64-byte aligned and
// `nvvm.grid_constant`; KernelMetadata turns the recipe into the launcher's
// JSON.
//
//===----------------------------------------------------------------------===//

#include "TmaLowering.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

using namespace tile;

namespace {

/// One extent or stride of the view: a kernel parameter (times `scale`) or
/// a constant.
struct Entry {
  int64_t arg = -1;
  int64_t value = 0;
  int64_t scale = 1;
};

/// `value` as a kernel parameter or a constant; fails (with a located
/// diagnostic) otherwise.
FailureOr<Entry> getEntry(tl::MakeTensorDescOp op, Block &entry,
                          OpFoldResult ofr, StringRef what) {
  if (auto attr = dyn_cast<Attribute>(ofr))
    return Entry{-1, cast<IntegerAttr>(attr).getInt()};
  Value value = cast<Value>(ofr);
  if (auto arg = dyn_cast<BlockArgument>(value);
      arg && arg.getOwner() == &entry)
    return Entry{int64_t(arg.getArgNumber()), 0};
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return Entry{-1, constant.getSExtValue()};
  InFlightDiagnostic diag =
      op.emitError() << "the " << what
                     << " of this TMA descriptor's view is computed in the "
                        "kernel; the launcher builds the descriptor from the "
                        "kernel's arguments, so each extent and stride must "
                        "be a kernel parameter or a constant";
  diag.attachNote(value.getLoc()) << "computed here";
  return failure();
}

DenseI64ArrayAttr toArray(Builder &b, ArrayRef<Entry> entries, bool args) {
  SmallVector<int64_t> values;
  for (const Entry &e : entries)
    values.push_back(args ? e.arg : (e.arg >= 0 ? 0 : e.value));
  return b.getDenseI64ArrayAttr(values);
}

/// The scales of the parameter strides, or null when all are 1.
DenseI64ArrayAttr toScales(Builder &b, ArrayRef<Entry> entries) {
  if (llvm::all_of(entries, [](const Entry &e) { return e.scale == 1; }))
    return {};
  SmallVector<int64_t> values;
  for (const Entry &e : entries)
    values.push_back(e.scale);
  return b.getDenseI64ArrayAttr(values);
}

} // namespace

LogicalResult tile::materializeTmaDescriptors(tl::KernelOp kernel) {
  SmallVector<tl::MakeTensorDescOp> ops;
  kernel.walk([&](tl::MakeTensorDescOp op) { ops.push_back(op); });
  if (ops.empty())
    return success();
  Block &entry = kernel.getBody().front();
  Builder b(kernel.getContext());
  // (view, type) -> the parameter that replaces them.
  llvm::MapVector<std::pair<Value, Type>, BlockArgument> params;
  bool ok = true;
  for (tl::MakeTensorDescOp op : ops) {
    auto type = cast<layout::TensorDescType>(op.getType());
    auto key = std::make_pair(op.getView(), Type(type));
    if (auto it = params.find(key); it != params.end()) {
      op.getResult().replaceAllUsesWith(it->second);
      op.erase();
      continue;
    }
    auto view = op.getView().getDefiningOp<tl::MakeViewOp>();
    if (!view) {
      op.emitError() << "the view of a TMA descriptor must be made by "
                        "tile.make_view in this kernel (the launcher builds "
                        "the descriptor from its pointer, extents and "
                        "strides)";
      ok = false;
      continue;
    }
    auto ptr = dyn_cast<BlockArgument>(view.getPtr());
    if (!ptr || ptr.getOwner() != &entry) {
      InFlightDiagnostic diag =
          op.emitError() << "the pointer of this TMA descriptor's view must "
                            "be a kernel parameter (the launcher builds the "
                            "descriptor from it); make the view from the "
                            "parameter and move the offset into the copies' "
                            "coordinates (a view of one more dim for a batch "
                            "or head slice, copied at [b, row, col])";
      diag.attachNote(view.getLoc()) << "the view is made here";
      ok = false;
      continue;
    }
    int64_t elementBytes = type.getElementBytes();
    SmallVector<Entry> shape, strides;
    bool entriesOk = true;
    for (auto [d, ofr] : llvm::enumerate(view.getMixedShape())) {
      FailureOr<Entry> e =
          getEntry(op, entry, ofr, "extent of dim " + std::to_string(d));
      entriesOk &= succeeded(e);
      shape.push_back(succeeded(e) ? *e : Entry());
    }
    SmallVector<OpFoldResult> mixedStrides = view.getMixedStrides();
    std::optional<tl::ViewLayoutPlan> plan =
        tl::getViewLayoutPlan(view.getViewType());
    if (plan && plan->isPlainStrided()) {
      // A CuTe layout of one leaf per mode: its static strides.
      for (const auto &leaves : plan->modes)
        strides.push_back(Entry{-1, leaves.front().stride});
    } else if (mixedStrides.empty()) {
      // Compact row major: the stride of dim d is the product of the
      // extents right of it, which the recipe can say when at most one of
      // them is a parameter (then times the product of the others).
      int64_t rank = shape.size();
      strides.assign(rank, Entry{-1, 1});
      for (int64_t d = rank - 2; d >= 0; --d) {
        Entry next = shape[d + 1], right = strides[d + 1];
        if (next.arg >= 0 && right.arg >= 0) {
          op.emitError()
              << "the stride of dim " << d
              << " of this compact TMA descriptor's view is a product of "
                 "several extent parameters, which a descriptor recipe "
                 "cannot say; give tile.make_view explicit strides";
          entriesOk = false;
          break;
        }
        if (next.arg >= 0)
          strides[d] = Entry{next.arg, 0, right.value};
        else if (right.arg >= 0)
          strides[d] = Entry{right.arg, 0, right.scale * next.value};
        else
          strides[d] = Entry{-1, right.value * next.value};
      }
    } else {
      for (auto [d, ofr] : llvm::enumerate(mixedStrides)) {
        FailureOr<Entry> e =
            getEntry(op, entry, ofr, "stride of dim " + std::to_string(d));
        entriesOk &= succeeded(e);
        strides.push_back(succeeded(e) ? *e : Entry());
      }
    }
    if (!entriesOk) {
      ok = false;
      continue;
    }
    int64_t rank = strides.size();
    if (strides[rank - 1].arg < 0 && strides[rank - 1].value != 1) {
      op.emitError() << "the view's last dim has stride "
                     << strides[rank - 1].value
                     << "; TMA copies need it contiguous (stride 1): use "
                        "ordinary loads, or view the data with its contiguous "
                        "dim last";
      ok = false;
      continue;
    }
    bool stridesOk = true;
    for (int64_t d = 0; d + 1 < rank; ++d) {
      const Entry &e = strides[d];
      int64_t bytes = (e.arg < 0 ? e.value : e.scale) * elementBytes;
      // A parameter times a scale that makes it 16-byte aligned whatever
      // it is, or the launcher checks it.
      if (e.arg >= 0 || bytes % 16 == 0)
        continue;
      op.emitError() << "the view's dim " << d << " has stride " << e.value
                     << " elements (" << bytes
                     << " bytes), which is not a multiple of 16 bytes as TMA "
                        "requires; pad the rows to a multiple of "
                     << 16 / std::gcd<int64_t>(16, elementBytes)
                     << " elements or use ordinary loads";
      stridesOk = false;
    }
    if (!stridesOk) {
      ok = false;
      continue;
    }
    bool extentsOk = true;
    for (auto [d, e] : llvm::enumerate(shape))
      if (e.arg < 0 && (e.value < 1 || e.value > (int64_t(1) << 32))) {
        op.emitError() << "the view's dim " << d << " has extent " << e.value
                       << "; TMA extents must be in 1..2^32";
        extentsOk = false;
      }
    if (!extentsOk) {
      ok = false;
      continue;
    }

    SmallVector<int64_t> box = type.getBoxShape();
    NamedAttrList recipe;
    recipe.append("global", b.getI64IntegerAttr(ptr.getArgNumber()));
    recipe.append("shape_args", toArray(b, shape, true));
    recipe.append("shape", toArray(b, shape, false));
    recipe.append("stride_args", toArray(b, strides, true));
    recipe.append("strides", toArray(b, strides, false));
    if (DenseI64ArrayAttr scales = toScales(b, strides))
      recipe.append("stride_scales", scales);
    recipe.append("element_type", TypeAttr::get(type.getElementType()));
    recipe.append("box", b.getDenseI64ArrayAttr(box));
    recipe.append("swizzle", b.getI64IntegerAttr(type.getSwizzleBytes()));
    unsigned index = kernel.getNumArguments();
    auto name = b.getStringAttr("__tma_desc" + std::to_string(params.size()));
    if (failed(kernel.insertArgument(
            index, type,
            b.getDictionaryAttr(
                b.getNamedAttr(tl::kTmaDescriptorArgAttr,
                               recipe.getDictionary(kernel.getContext()))),
            NameLoc::get(name, op.getLoc())))) {
      op.emitError() << "could not add the TMA descriptor parameter";
      ok = false;
      continue;
    }
    BlockArgument param = entry.getArgument(index);
    params[key] = param;
    op.getResult().replaceAllUsesWith(param);
    op.erase();
  }
  return success(ok);
}
