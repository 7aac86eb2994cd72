//===- ScaledBasis.cpp - Scaled-basis strides and coordinate layouts ------===//
//
// CuTe's ScaledBasis strides (`1@0`, `1@0@1`) and ArithmeticTuple values:
// the codomain of a layout whose strides are scaled bases is a coordinate,
// not an offset. make_identity_layout builds the layout that maps every
// coordinate to itself; evaluating a layout adds the terms the way CuTe's
// operator+ does (integers add, a scaled basis becomes an ArithmeticTuple
// when added to another one, 0 is the identity).
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Algebra.h"

#include "AlgebraUtils.h"
#include "Arith.h"

#include "llvm/ADT/Twine.h"

#include <functional>
#include <optional>

using namespace tile;
using namespace tile::cute;
using namespace tile::cute::detail;

llvm::Expected<IntTuple> tile::cute::detail::addCodomain(const IntTuple &a,
                                                         const IntTuple &b) {
  if (a.isInt() && b.isInt())
    return IntTuple(arith::wrapAdd(a.value(), b.value()));
  if (a.isInt() && a.value() == 0)
    return b;
  if (b.isInt() && b.value() == 0)
    return a;
  if (a.isInt() || b.isInt())
    return makeError("cannot add the integer " + (a.isInt() ? a : b).str() +
                     " to the coordinate " + (a.isInt() ? b : a).str() +
                     " (a layout must not mix nonzero integer and "
                     "scaled-basis strides)");
  IntTuple ta = a.isBasis() ? asArithmeticTuple(a) : a;
  IntTuple tb = b.isBasis() ? asArithmeticTuple(b) : b;
  std::vector<IntTuple> out;
  size_t n = std::max(ta.rank(), tb.rank());
  for (size_t i = 0; i < n; ++i) {
    IntTuple x = i < ta.rank() ? ta[i] : IntTuple(0);
    IntTuple y = i < tb.rank() ? tb[i] : IntTuple(0);
    auto z = addCodomain(x, y);
    if (!z)
      return z.takeError();
    out.push_back(*z);
  }
  return IntTuple::tuple(std::move(out));
}

IntTuple tile::cute::detail::asArithmeticTuple(const IntTuple &b) {
  if (!b.isBasis())
    return b;
  llvm::ArrayRef<int> modes = b.basisModes();
  IntTuple inner = IntTuple::basis(b.value(), modes.drop_front().vec());
  std::vector<IntTuple> out(modes.front(), IntTuple(0));
  out.push_back(asArithmeticTuple(inner));
  return IntTuple::tuple(std::move(out));
}

/// CuTe's make_basis_like: the basis element of each leaf, its mode path as
/// the path of the leaf in `shape`.
static IntTuple basisLike(const IntTuple &shape, std::vector<int> &path) {
  if (!shape.isTuple())
    return IntTuple::basis(1, path.empty() ? std::vector<int>{0} : path);
  std::vector<IntTuple> out;
  for (size_t i = 0; i < shape.rank(); ++i) {
    path.push_back(static_cast<int>(i));
    out.push_back(basisLike(shape[i], path));
    path.pop_back();
  }
  return IntTuple::tuple(std::move(out));
}

llvm::Expected<Layout> tile::cute::makeIdentityLayout(const IntTuple &shape) {
  if (hasUnderscore(shape))
    return makeError("make_identity_layout: the shape " + shape.str() +
                     " contains '_'");
  for (const IntTuple &l : leaves(shape))
    if (l.value() < 1 || l.value() > kMaxValue)
      return makeError("make_identity_layout: extent " + l.str() +
                       " must be in [1, 2^40]");
  std::vector<int> path;
  if (!shape.isTuple()) // E<> is the integer 1: an integer shape is n:1.
    return Layout(shape, IntTuple(1));
  return Layout(shape, basisLike(shape, path));
}

/// crd2idx on codomain values: a tuple coordinate sums the modes, an
/// integer coordinate on a tuple shape is split colexicographically.
static llvm::Expected<IntTuple>
evalTree(const IntTuple &coord, const IntTuple &shape, const IntTuple &stride) {
  if (coord.isUnderscore())
    return makeError("'_' is not a coordinate here (slice() takes '_')");
  if (!shape.isTuple()) {
    if (coord.isTuple())
      return makeError("coordinate " + coord.str() +
                       " is a tuple but the shape " + shape.str() +
                       " is an integer");
    return scaleStride(stride, coord.value());
  }
  std::vector<IntTuple> crd;
  if (coord.isTuple()) {
    if (coord.rank() != shape.rank())
      return makeError("coordinate " + coord.str() + " has rank " +
                       llvm::Twine(coord.rank()) + " but the shape " +
                       shape.str() + " has rank " + llvm::Twine(shape.rank()));
    crd.assign(coord.elems().begin(), coord.elems().end());
  } else {
    int64_t rest = coord.value();
    for (size_t i = 0; i < shape.rank(); ++i) {
      int64_t n = std::max<int64_t>(product(shape[i]), 1);
      crd.push_back(i + 1 == shape.rank() ? rest : rest % n);
      rest /= n;
    }
  }
  std::optional<IntTuple> sum;
  for (size_t i = 0; i < shape.rank(); ++i) {
    auto v = evalTree(crd[i], shape[i], stride[i]);
    if (!v)
      return v.takeError();
    if (!sum) {
      sum = *v;
      continue;
    }
    auto s = addCodomain(*sum, *v);
    if (!s)
      return s.takeError();
    sum = *s;
  }
  if (!sum)
    return IntTuple(0);
  return *sum;
}

llvm::Expected<IntTuple> tile::cute::evalCoordinate(const IntTuple &coord,
                                                    const Layout &layout) {
  if (!hasBasis(layout.stride())) {
    auto v = layout.eval(coord);
    if (!v)
      return v.takeError();
    return IntTuple(*v);
  }
  return evalTree(coord, layout.shape(), layout.stride());
}

llvm::Expected<IntTuple> tile::cute::coshape(const Layout &layout) {
  // The value at the last coordinate with |strides|, plus 1 in every
  // component (CuTe's coshape).
  std::optional<IntTuple> sum;
  std::vector<IntTuple> shapes = leaves(layout.shape());
  std::vector<IntTuple> strides = leaves(layout.stride());
  for (size_t i = 0; i < shapes.size(); ++i) {
    IntTuple d =
        strides[i].value() < 0 ? scaleStride(strides[i], -1) : strides[i];
    IntTuple term = scaleStride(d, shapes[i].value() - 1);
    if (!sum) {
      sum = term;
      continue;
    }
    auto s = addCodomain(*sum, term);
    if (!s)
      return s.takeError();
    sum = *s;
  }
  IntTuple co = sum ? asArithmeticTuple(*sum) : IntTuple(0);
  std::function<IntTuple(const IntTuple &)> plusOne =
      [&](const IntTuple &t) -> IntTuple {
    if (!t.isTuple())
      return IntTuple(arith::satAdd(t.value(), 1));
    std::vector<IntTuple> out;
    for (const IntTuple &e : t.elems())
      out.push_back(plusOne(e));
    return IntTuple::tuple(std::move(out));
  };
  return plusOne(co);
}
