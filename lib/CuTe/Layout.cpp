//===- Layout.cpp - Hierarchical shape:stride layouts ---------------------===//

#include "tile/CuTe/Layout.h"

#include "Arith.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cstdlib>

using namespace tile;
using namespace tile::cute;

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

//===----------------------------------------------------------------------===//
// Swizzle
//===----------------------------------------------------------------------===//

llvm::Expected<Swizzle> Swizzle::get(int bits, int base, int shift) {
  if (bits < 0 || base < 0)
    return makeError("Sw<" + llvm::Twine(bits) + "," + llvm::Twine(base) + "," +
                     llvm::Twine(shift) + ">: B and M must be non-negative");
  if (std::abs(shift) < bits)
    return makeError("Sw<" + llvm::Twine(bits) + "," + llvm::Twine(base) + "," +
                     llvm::Twine(shift) +
                     ">: |S| must be at least B (the XOR-ed bit ranges "
                     "would overlap)");
  if (bits + base + std::abs(shift) > 48)
    return makeError("Sw<" + llvm::Twine(bits) + "," + llvm::Twine(base) + "," +
                     llvm::Twine(shift) + ">: B + M + |S| must be at most 48");
  return Swizzle{bits, base, shift};
}

int64_t Swizzle::apply(int64_t offset) const {
  uint64_t bitMask = (uint64_t(1) << bits) - 1;
  uint64_t yyy = bitMask << (base + std::max(0, shift));
  uint64_t x = static_cast<uint64_t>(offset);
  uint64_t sel = x & yyy;
  uint64_t moved = shift >= 0 ? sel >> shift : sel << -shift;
  return static_cast<int64_t>(x ^ moved);
}

std::string Swizzle::str() const {
  return "Sw<" + std::to_string(bits) + "," + std::to_string(base) + "," +
         std::to_string(shift) + ">";
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

static llvm::Error checkShapeStride(const IntTuple &shape,
                                    const IntTuple &stride) {
  if (shape.isTuple() != stride.isTuple() ||
      (shape.isTuple() && shape.rank() != stride.rank()))
    return makeError("shape " + shape.str() + " and stride " + stride.str() +
                     " are not congruent (they must have the same nesting)");
  if (shape.isUnderscore() || stride.isUnderscore())
    return makeError("'_' cannot be a shape or a stride");
  if (!shape.isTuple()) {
    if (shape.isBasis())
      return makeError("shape " + shape.str() +
                       " must be an integer (scaled bases are strides)");
    if (shape.value() < 1)
      return makeError("shape " + llvm::Twine(shape.value()) +
                       " must be at least 1");
    return llvm::Error::success();
  }
  for (size_t i = 0; i < shape.rank(); ++i)
    if (auto err = checkShapeStride(shape[i], stride[i]))
      return err;
  return llvm::Error::success();
}

llvm::Expected<Layout> Layout::get(IntTuple shape, IntTuple stride) {
  if (auto err = checkShapeStride(shape, stride))
    return std::move(err);
  return Layout(std::move(shape), std::move(stride));
}

Layout Layout::columnMajor(const IntTuple &shape) {
  return Layout(shape, compactColMajor(shape));
}

Layout Layout::rowMajor(const IntTuple &shape) {
  return Layout(shape, compactRowMajor(shape));
}

Layout Layout::concat(llvm::ArrayRef<Layout> modes) {
  std::vector<IntTuple> shapes, strides;
  for (const Layout &l : modes) {
    shapes.push_back(l.shape());
    strides.push_back(l.stride());
  }
  Layout result(IntTuple::tuple(std::move(shapes)),
                IntTuple::tuple(std::move(strides)));
  if (!modes.empty() && modes.front().isSwizzled())
    result = result.withSwizzle(modes.front().swizzle(),
                                modes.front().swizzleOffset());
  return result;
}

Layout Layout::withSwizzle(std::optional<Swizzle> sw, int64_t offset) const {
  Layout l(shp, strd);
  l.swz = sw;
  l.swzOffset = sw ? offset : 0;
  return l;
}

static int64_t innerCosize(const IntTuple &shape, const IntTuple &stride) {
  if (!shape.isTuple()) {
    int64_t d =
        stride.value() < 0 ? arith::satMul(stride.value(), -1) : stride.value();
    return arith::satMul(shape.value() - 1, d);
  }
  int64_t sum = 0;
  for (size_t i = 0; i < shape.rank(); ++i)
    sum = arith::satAdd(sum, innerCosize(shape[i], stride[i]));
  return sum;
}

int64_t Layout::cosize() const {
  int64_t inner = arith::satAdd(innerCosize(shp, strd), 1);
  if (!swz)
    return inner;
  int64_t n = size();
  if (n > (int64_t(1) << 22))
    return arith::satAdd(inner, swzOffset);
  int64_t maxVal = 0;
  for (int64_t i = 0; i < n; ++i)
    maxVal = std::max(maxVal, (*this)(i));
  return maxVal + 1;
}

Layout Layout::mode(size_t i) const {
  return Layout(shp[i], strd[i]).withSwizzle(swz, swzOffset);
}

Layout Layout::take(size_t begin, size_t end) const {
  std::vector<IntTuple> s, d;
  for (size_t i = begin; i < end && i < rank(); ++i) {
    s.push_back(shp[i]);
    d.push_back(strd[i]);
  }
  return Layout(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)))
      .withSwizzle(swz, swzOffset);
}

/// Evaluates at a 1-D index; wraps instead of overflowing (callers that
/// need exact values check the range first).
static int64_t evalIndex(int64_t idx, const IntTuple &shape,
                         const IntTuple &stride) {
  if (!shape.isTuple())
    return arith::wrapMul(idx, stride.value());
  int64_t result = 0;
  size_t n = shape.rank();
  for (size_t i = 0; i < n; ++i) {
    if (i + 1 == n) {
      result = arith::wrapAdd(result, evalIndex(idx, shape[i], stride[i]));
      break;
    }
    int64_t s = std::max<int64_t>(product(shape[i]), 1);
    result = arith::wrapAdd(result, evalIndex(idx % s, shape[i], stride[i]));
    idx /= s;
  }
  return result;
}

int64_t Layout::operator()(int64_t idx) const {
  int64_t v = evalIndex(idx, shp, strd);
  return swz ? swz->apply(arith::wrapAdd(v, swzOffset)) : v;
}

llvm::Expected<int64_t> Layout::eval(const IntTuple &coord) const {
  auto v = crd2idx(coord, shp, strd);
  if (!v)
    return v.takeError();
  return swz ? swz->apply(arith::wrapAdd(*v, swzOffset)) : *v;
}

llvm::Expected<int64_t> tile::cute::crd2idx(const IntTuple &coord,
                                            const IntTuple &shape,
                                            const IntTuple &stride) {
  if (coord.isUnderscore())
    return makeError("'_' is not a coordinate here (slice() takes '_')");
  if (!coord.isTuple())
    return evalIndex(coord.value(), shape, stride);
  if (!shape.isTuple())
    return makeError("coordinate " + coord.str() +
                     " is a tuple but the shape " + shape.str() +
                     " is an integer");
  if (coord.rank() != shape.rank())
    return makeError("coordinate " + coord.str() + " has rank " +
                     llvm::Twine(coord.rank()) + " but the shape " +
                     shape.str() + " has rank " + llvm::Twine(shape.rank()));
  int64_t sum = 0;
  for (size_t i = 0; i < coord.rank(); ++i) {
    auto v = crd2idx(coord[i], shape[i], stride[i]);
    if (!v)
      return v.takeError();
    sum = arith::wrapAdd(sum, *v);
  }
  return sum;
}

llvm::Expected<int64_t> tile::cute::crd2idx(const IntTuple &coord,
                                            const Layout &layout) {
  return layout.eval(coord);
}

IntTuple tile::cute::idx2crdInverse(int64_t idx, const IntTuple &shape,
                                    const IntTuple &stride) {
  if (!shape.isTuple()) {
    int64_t d = stride.value();
    if (d == 0 || shape.value() <= 0)
      return IntTuple(0);
    return IntTuple((idx / d) % shape.value());
  }
  std::vector<IntTuple> out;
  for (size_t i = 0; i < shape.rank(); ++i)
    out.push_back(idx2crdInverse(idx, shape[i], stride[i]));
  return IntTuple::tuple(std::move(out));
}

std::string tile::cute::toString(const Layout &layout) {
  std::string s;
  if (layout.isSwizzled()) {
    s += layout.swizzle()->str() + " o ";
    if (layout.swizzleOffset() != 0)
      s += std::to_string(layout.swizzleOffset()) + " o ";
  }
  s += layout.shape().str() + ":" + layout.stride().str();
  return s;
}

llvm::raw_ostream &tile::cute::operator<<(llvm::raw_ostream &os,
                                          const Layout &layout) {
  return os << toString(layout);
}
