//===- IntTuple.cpp - Nested integer tuples -------------------------------===//

#include "tile/CuTe/IntTuple.h"

#include "Arith.h"

#include <algorithm>
#include <limits>

using namespace tile;
using namespace tile::cute;

IntTuple IntTuple::tuple(std::vector<IntTuple> elems) {
  IntTuple t;
  t.kind = Kind::Tuple;
  t.children = std::move(elems);
  return t;
}

IntTuple IntTuple::underscore() {
  IntTuple t;
  t.kind = Kind::Underscore;
  return t;
}

IntTuple IntTuple::basis(int64_t value, std::vector<int> modes) {
  if (modes.empty())
    return IntTuple(value);
  IntTuple t(value);
  t.kind = Kind::Basis;
  t.modes = std::move(modes);
  return t;
}

bool IntTuple::operator==(const IntTuple &other) const {
  if (kind != other.kind)
    return false;
  if (kind == Kind::Int)
    return val == other.val;
  if (kind == Kind::Basis)
    return val == other.val && modes == other.modes;
  return children == other.children;
}

void IntTuple::print(llvm::raw_ostream &os) const {
  switch (kind) {
  case Kind::Int:
    os << val;
    return;
  case Kind::Underscore:
    os << '_';
    return;
  case Kind::Basis:
    // CuTe prints the modes innermost first.
    os << val;
    for (size_t i = modes.size(); i-- > 0;)
      os << '@' << modes[i];
    return;
  case Kind::Tuple:
    os << '(';
    for (size_t i = 0; i < children.size(); ++i) {
      if (i)
        os << ',';
      children[i].print(os);
    }
    os << ')';
    return;
  }
}

std::string IntTuple::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  print(os);
  return s;
}

llvm::raw_ostream &tile::cute::operator<<(llvm::raw_ostream &os,
                                          const IntTuple &t) {
  t.print(os);
  return os;
}

int tile::cute::depth(const IntTuple &t) {
  if (!t.isTuple())
    return 0;
  int d = 0;
  for (const IntTuple &e : t.elems())
    d = std::max(d, depth(e));
  return d + 1;
}

int64_t tile::cute::product(const IntTuple &t) {
  if (t.isInt() || t.isBasis())
    return t.value();
  if (t.isUnderscore())
    return 1;
  int64_t p = 1;
  for (const IntTuple &e : t.elems()) {
    int64_t q = product(e);
    int64_t r;
    if (__builtin_mul_overflow(p, q, &r))
      return std::numeric_limits<int64_t>::max();
    p = r;
  }
  return p;
}

static void collectLeaves(const IntTuple &t, std::vector<IntTuple> &out) {
  if (!t.isTuple()) {
    out.push_back(t);
    return;
  }
  for (const IntTuple &e : t.elems())
    collectLeaves(e, out);
}

std::vector<IntTuple> tile::cute::leaves(const IntTuple &t) {
  std::vector<IntTuple> out;
  collectLeaves(t, out);
  return out;
}

IntTuple tile::cute::flatten(const IntTuple &t) {
  if (!t.isTuple())
    return t;
  return IntTuple::tuple(leaves(t));
}

bool tile::cute::congruent(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() != b.isTuple())
    return false;
  if (!a.isTuple())
    return true;
  if (a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!congruent(a[i], b[i]))
      return false;
  return true;
}

bool tile::cute::weaklyCongruent(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return true;
  if (!b.isTuple() || a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!weaklyCongruent(a[i], b[i]))
      return false;
  return true;
}

bool tile::cute::hasUnderscore(const IntTuple &t) {
  if (t.isUnderscore())
    return true;
  for (const IntTuple &e : t.elems())
    if (hasUnderscore(e))
      return true;
  return false;
}

bool tile::cute::hasBasis(const IntTuple &t) {
  if (t.isBasis())
    return true;
  for (const IntTuple &e : t.elems())
    if (hasBasis(e))
      return true;
  return false;
}

IntTuple tile::cute::productEach(const IntTuple &t) {
  if (!t.isTuple())
    return t;
  std::vector<IntTuple> out;
  for (const IntTuple &e : t.elems())
    out.push_back(product(e));
  return IntTuple::tuple(std::move(out));
}

IntTuple tile::cute::repeatLike(const IntTuple &t, const IntTuple &v) {
  if (!t.isTuple())
    return v;
  std::vector<IntTuple> out;
  for (const IntTuple &e : t.elems())
    out.push_back(repeatLike(e, v));
  return IntTuple::tuple(std::move(out));
}

static IntTuple compactImpl(const IntTuple &shape, int64_t &cur, bool reverse) {
  if (!shape.isTuple()) {
    int64_t s = shape.value();
    IntTuple d = s == 1 ? IntTuple(0) : IntTuple(cur);
    int64_t r;
    cur = __builtin_mul_overflow(cur, s, &r)
              ? std::numeric_limits<int64_t>::max()
              : r;
    return d;
  }
  size_t n = shape.rank();
  std::vector<IntTuple> out(n);
  for (size_t k = 0; k < n; ++k) {
    size_t i = reverse ? n - 1 - k : k;
    out[i] = compactImpl(shape[i], cur, reverse);
  }
  return IntTuple::tuple(std::move(out));
}

IntTuple tile::cute::compactColMajor(const IntTuple &shape, int64_t start) {
  return compactImpl(shape, start, /*reverse=*/false);
}

IntTuple tile::cute::compactRowMajor(const IntTuple &shape, int64_t start) {
  return compactImpl(shape, start, /*reverse=*/true);
}

IntTuple tile::cute::idx2crd(const IntTuple &idx, const IntTuple &shape) {
  if (idx.isTuple()) {
    std::vector<IntTuple> out;
    for (size_t i = 0; i < idx.rank() && i < shape.rank(); ++i)
      out.push_back(idx2crd(idx[i], shape[i]));
    return IntTuple::tuple(std::move(out));
  }
  if (!shape.isTuple())
    return idx;
  int64_t rest = idx.value();
  std::vector<IntTuple> out;
  size_t n = shape.rank();
  for (size_t i = 0; i < n; ++i) {
    if (i + 1 == n) {
      out.push_back(idx2crd(rest, shape[i]));
      break;
    }
    int64_t s = product(shape[i]);
    if (s <= 0)
      s = 1;
    out.push_back(idx2crd(rest % s, shape[i]));
    rest /= s;
  }
  return IntTuple::tuple(std::move(out));
}

int64_t tile::cute::crd2idx(const IntTuple &coord, const IntTuple &shape) {
  if (!coord.isTuple())
    return coord.value();
  if (!shape.isTuple())
    return coord.rank() ? crd2idx(coord[0], shape) : 0;
  int64_t idx = 0, mult = 1;
  for (size_t i = 0; i < coord.rank() && i < shape.rank(); ++i) {
    idx =
        arith::wrapAdd(idx, arith::wrapMul(crd2idx(coord[i], shape[i]), mult));
    mult = arith::wrapMul(mult, product(shape[i]));
  }
  return idx;
}
