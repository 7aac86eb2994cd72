//===- LayoutDialect.cpp - The layout dialect -----------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

#include <map>
#include <mutex>

using namespace tile;
using namespace tile::layout;

/// Linear forms already computed, by (attribute, shape). Passes may run on
/// several threads, hence the lock.
struct LayoutDialect::LinearLayoutCache {
  std::mutex mutex;
  std::map<std::pair<const void *, std::vector<int64_t>>,
           std::optional<LinearLayout>>
      entries;
};

#include "tile/Dialect/Layout/IR/LayoutDialect.cpp.inc"

namespace {
/// Prints layouts as #blocked, #slice, ... aliases at the top of a module.
struct LayoutOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedAttr>(attr))
      os << "blocked";
    else if (isa<SliceAttr>(attr))
      os << "slice";
    else if (isa<LinearAttr>(attr))
      os << "linear";
    else if (isa<SwizzledSharedAttr>(attr))
      os << "shared";
    else if (isa<StridedAttr>(attr))
      os << "strided";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void LayoutDialect::initialize() {
  llCache = std::make_unique<LinearLayoutCache>();
  registerAttributes();
  registerTypes();
  addInterfaces<LayoutOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Layout/IR/LayoutOps.cpp.inc"
      >();
}

std::optional<LinearLayout>
LayoutDialect::getCachedLinearLayout(Attribute layout,
                                     ArrayRef<int64_t> shape) {
  std::pair<const void *, std::vector<int64_t>> key{
      layout.getAsOpaquePointer(),
      std::vector<int64_t>(shape.begin(), shape.end())};
  {
    std::lock_guard<std::mutex> lock(llCache->mutex);
    auto it = llCache->entries.find(key);
    if (it != llCache->entries.end())
      return it->second;
  }
  std::optional<LinearLayout> ll = computeLinearLayout(layout, shape, nullptr);
  std::lock_guard<std::mutex> lock(llCache->mutex);
  llCache->entries.emplace(std::move(key), ll);
  return ll;
}
