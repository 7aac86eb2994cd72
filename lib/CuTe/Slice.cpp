//===- Slice.cpp - Slicing and partitioning of layouts --------------------===//

#include "tile/CuTe/Algebra.h"

#include "llvm/ADT/Twine.h"

using namespace tile;
using namespace tile::cute;

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Checks that `coord` fits `shape` (a tuple coordinate needs a tuple mode
/// of the same rank; integers and `_` fit anything).
static llvm::Error checkCoord(const IntTuple &coord, const IntTuple &shape,
                              const char *op) {
  if (!coord.isTuple())
    return llvm::Error::success();
  if (!shape.isTuple() || coord.rank() != shape.rank())
    return makeError(llvm::Twine(op) + ": coordinate " + coord.str() +
                     " does not match the shape " + shape.str() + " (rank " +
                     llvm::Twine(coord.rank()) + " vs " +
                     llvm::Twine(shape.isTuple() ? shape.rank() : 1) + ")");
  for (size_t i = 0; i < coord.rank(); ++i)
    if (auto err = checkCoord(coord[i], shape[i], op))
      return err;
  return llvm::Error::success();
}

/// CuTe's slice on one IntTuple; `keep` selects `_` (slice) or integers
/// (dice). Returns the kept elements to splice into the parent.
static void sliceInto(const IntTuple &c, const IntTuple &t, bool dice,
                      std::vector<IntTuple> &out) {
  if (c.isTuple()) {
    for (size_t i = 0; i < c.rank(); ++i) {
      const IntTuple &ci = c[i];
      if (ci.isTuple()) {
        std::vector<IntTuple> sub;
        sliceInto(ci, t[i], dice, sub);
        // A sub-tuple contributes its kept elements as one tuple, which
        // CuTe's filter_tuple concatenates into the parent.
        for (IntTuple &e : sub)
          out.push_back(std::move(e));
      } else if (ci.isUnderscore() != dice) {
        out.push_back(t[i]);
      }
    }
    return;
  }
  if (c.isUnderscore() != dice)
    out.push_back(t);
}

static IntTuple sliceTuple(const IntTuple &c, const IntTuple &t, bool dice) {
  if (!c.isTuple())
    return c.isUnderscore() != dice ? t : IntTuple::tuple({});
  std::vector<IntTuple> out;
  sliceInto(c, t, dice, out);
  return IntTuple::tuple(std::move(out));
}

static IntTuple zeroUnderscores(const IntTuple &c) {
  if (c.isUnderscore())
    return IntTuple(0);
  if (!c.isTuple())
    return c;
  std::vector<IntTuple> out;
  for (const IntTuple &e : c.elems())
    out.push_back(zeroUnderscores(e));
  return IntTuple::tuple(std::move(out));
}

llvm::Expected<Layout> tile::cute::slice(const IntTuple &coord,
                                         const Layout &layout) {
  if (auto err = checkCoord(coord, layout.shape(), "slice"))
    return std::move(err);
  return Layout(sliceTuple(coord, layout.shape(), false),
                sliceTuple(coord, layout.stride(), false))
      .withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

llvm::Expected<Layout> tile::cute::dice(const IntTuple &coord,
                                        const Layout &layout) {
  if (auto err = checkCoord(coord, layout.shape(), "dice"))
    return std::move(err);
  return Layout(sliceTuple(coord, layout.shape(), true),
                sliceTuple(coord, layout.stride(), true))
      .withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

llvm::Expected<std::pair<Layout, int64_t>>
tile::cute::sliceAndOffset(const IntTuple &coord, const Layout &layout) {
  if (hasBasis(layout.stride()))
    return makeError("slice: " + toString(layout) +
                     " has scaled-basis strides, so its offset is a "
                     "coordinate (use sliceAndCoordinate)");
  auto s = slice(coord, layout);
  if (!s)
    return s.takeError();
  auto off = crd2idx(zeroUnderscores(coord), layout.shape(), layout.stride());
  if (!off)
    return makeError("slice: " + llvm::toString(off.takeError()));
  if (layout.isSwizzled())
    return std::make_pair(
        s->withSwizzle(layout.swizzle(), layout.swizzleOffset() + *off),
        int64_t(0));
  return std::make_pair(*s, *off);
}

/// `_` repeated n times (a single `_` for n == 1).
static IntTuple repeatUnderscore(size_t n) {
  if (n == 1)
    return IntTuple::underscore();
  return IntTuple::tuple(std::vector<IntTuple>(n, IntTuple::underscore()));
}

/// Pads a tuple coordinate with `_` to rank n (CuTe append<N>(c, _)).
static llvm::Expected<IntTuple> padCoord(const IntTuple &coord, size_t n,
                                         const char *op) {
  if (!coord.isTuple())
    return coord;
  if (coord.rank() > n)
    return makeError(llvm::Twine(op) + ": coordinate " + coord.str() +
                     " has rank " + llvm::Twine(coord.rank()) +
                     " but there are only " + llvm::Twine(n) + " modes");
  if (n == 1)
    return coord.rank() == 1 ? coord[0] : IntTuple::underscore();
  std::vector<IntTuple> e(coord.elems().begin(), coord.elems().end());
  while (e.size() < n)
    e.push_back(IntTuple::underscore());
  return IntTuple::tuple(std::move(e));
}

llvm::Expected<std::pair<Layout, IntTuple>>
tile::cute::sliceAndCoordinate(const IntTuple &coord, const Layout &layout) {
  if (!hasBasis(layout.stride())) {
    auto r = sliceAndOffset(coord, layout);
    if (!r)
      return r.takeError();
    return std::make_pair(r->first, IntTuple(r->second));
  }
  if (layout.isSwizzled())
    return makeError("slice: a swizzled layout with scaled-basis strides is "
                     "not supported");
  auto s = slice(coord, layout);
  if (!s)
    return s.takeError();
  auto off = evalCoordinate(zeroUnderscores(coord), layout);
  if (!off)
    return makeError("slice: " + llvm::toString(off.takeError()));
  return std::make_pair(*s, *off);
}

/// The zipped divide of local_tile and the coordinate that slices it.
static llvm::Expected<std::pair<Layout, IntTuple>>
localTileSlice(const Layout &a, const Tiler &tiler, const IntTuple &coord) {
  auto zd = zippedDivide(a, tiler);
  if (!zd)
    return makeError("local_tile: " + llvm::toString(zd.takeError()));
  size_t r0 = zd->shape()[0].rank(), r1 = zd->shape()[1].rank();
  auto c = padCoord(coord, r1, "local_tile");
  if (!c)
    return c.takeError();
  return std::make_pair(*zd, IntTuple::tuple({repeatUnderscore(r0), *c}));
}

llvm::Expected<std::pair<Layout, int64_t>>
tile::cute::localTile(const Layout &a, const Tiler &tiler,
                      const IntTuple &coord) {
  auto s = localTileSlice(a, tiler, coord);
  if (!s)
    return s.takeError();
  return sliceAndOffset(s->second, s->first);
}

llvm::Expected<std::pair<Layout, IntTuple>>
tile::cute::localTileCoordinate(const Layout &a, const Tiler &tiler,
                                const IntTuple &coord) {
  auto s = localTileSlice(a, tiler, coord);
  if (!s)
    return s.takeError();
  return sliceAndCoordinate(s->second, s->first);
}

/// The zipped divide of local_partition and the coordinate that slices it.
static llvm::Expected<std::pair<Layout, IntTuple>>
localPartitionSlice(const Layout &a, const Layout &thr, int64_t threadIdx) {
  if (thr.isSwizzled())
    return makeError("local_partition: the thread layout " + toString(thr) +
                     " must not be swizzled");
  if (auto err = checkLayoutBounds(thr, "local_partition"))
    return std::move(err);
  if (threadIdx < 0 || threadIdx >= thr.size())
    return makeError("local_partition: thread index " + llvm::Twine(threadIdx) +
                     " is outside the thread layout " + toString(thr) +
                     " of size " + llvm::Twine(thr.size()));
  IntTuple hier = idx2crdInverse(threadIdx, thr.shape(), thr.stride());
  auto back = crd2idx(hier, thr.shape(), thr.stride());
  if (!back || *back != threadIdx) {
    if (!back)
      llvm::consumeError(back.takeError());
    return makeError("local_partition: the thread layout " + toString(thr) +
                     " does not map any coordinate to thread index " +
                     llvm::Twine(threadIdx) +
                     " (it must be a compact bijection onto [0, size))");
  }
  // The flat coordinate: one 1-D coordinate per top-level mode.
  IntTuple coord;
  if (thr.shape().isTuple()) {
    std::vector<IntTuple> e;
    for (size_t i = 0; i < thr.rank(); ++i)
      e.push_back(cute::crd2idx(hier[i], thr.shape()[i]));
    coord = IntTuple::tuple(std::move(e));
  } else {
    coord = IntTuple(cute::crd2idx(hier, thr.shape()));
  }
  Tiler tiler = Tiler::fromShape(productEach(thr.shape()));
  auto zd = zippedDivide(a, tiler);
  if (!zd)
    return makeError("local_partition: " + llvm::toString(zd.takeError()));
  size_t r0 = zd->shape()[0].rank(), r1 = zd->shape()[1].rank();
  auto c = padCoord(coord, r0, "local_partition");
  if (!c)
    return c.takeError();
  return std::make_pair(*zd, IntTuple::tuple({*c, repeatUnderscore(r1)}));
}

llvm::Expected<std::pair<Layout, int64_t>>
tile::cute::localPartition(const Layout &a, const Layout &thr,
                           int64_t threadIdx) {
  auto s = localPartitionSlice(a, thr, threadIdx);
  if (!s)
    return s.takeError();
  return sliceAndOffset(s->second, s->first);
}

llvm::Expected<std::pair<Layout, IntTuple>>
tile::cute::localPartitionCoordinate(const Layout &a, const Layout &thr,
                                     int64_t threadIdx) {
  auto s = localPartitionSlice(a, thr, threadIdx);
  if (!s)
    return s.takeError();
  return sliceAndCoordinate(s->second, s->first);
}
