//===- EvalFunctions.cpp - The functions of the CuTe evaluator ------------===//
//
// CuTe's functions by their CuTe names, each checking its arguments and
// turning the library's errors into "column N: name: ..." messages.
//
//===----------------------------------------------------------------------===//

#include "EvalImpl.h"

#include "tile/CuTe/LayoutTensor.h"

using namespace tile;
using namespace tile::cute;
using namespace tile::cute::eval;

namespace {

Value layoutValue(const CallContext &c, Layout l) {
  return Value::ofLayout(std::move(l), c.column);
}
Value tupleValue(const CallContext &c, IntTuple t) {
  return Value::ofTuple(std::move(t), c.column);
}

/// Selects a sub-value by the <I...> template arguments.
llvm::Expected<Value> selectMode(const CallContext &c, Value v) {
  for (int64_t idx : c.templateArgs) {
    size_t r = v.isLayout() ? v.layout.rank() : v.tuple.rank();
    if (idx < 0 || static_cast<size_t>(idx) >= r)
      return c.error("mode " + llvm::Twine(idx) + " is out of range for " +
                     v.str() + " of rank " + llvm::Twine(r));
    if (v.isLayout())
      v = Value::ofLayout(v.layout.mode(idx), v.column);
    else
      v = Value::ofTuple(v.tuple[idx], v.column);
  }
  return v;
}

llvm::Expected<Value> layoutOrTupleArg(const CallContext &c) {
  if (auto err = c.arity(1, 1))
    return std::move(err);
  const Value &v = c.args[0];
  if (!v.isLayout() && !v.isTuple())
    return errorAt(v.column, c.name + ": expected a layout or a tuple, got " +
                                 v.kindName());
  return selectMode(c, v);
}

/// `name(L)` or `name(L, profile)`: `whole` on the layout, or `byProfile`
/// (which may fail) with the profile.
template <typename F, typename G> Fn layoutWithProfile(F whole, G byProfile) {
  return [whole, byProfile](const CallContext &c) -> llvm::Expected<Value> {
    if (auto err = c.noTemplate())
      return std::move(err);
    if (auto err = c.arity(1, 2))
      return std::move(err);
    auto l = c.layout(0);
    if (!l)
      return l.takeError();
    if (c.args.size() == 1)
      return layoutValue(c, whole(*l));
    auto p = c.tuple(1, false);
    if (!p)
      return p.takeError();
    auto r = c.wrap(byProfile(*l, *p));
    if (!r)
      return r.takeError();
    return layoutValue(c, *r);
  };
}

template <typename F> Fn layoutUnary(F f) {
  return [f](const CallContext &c) -> llvm::Expected<Value> {
    if (auto err = c.noTemplate())
      return std::move(err);
    if (auto err = c.arity(1, 1))
      return std::move(err);
    auto a = c.layout(0);
    if (!a)
      return a.takeError();
    auto r = c.wrap(llvm::Expected<Layout>(f(*a)));
    if (!r)
      return r.takeError();
    return layoutValue(c, *r);
  };
}

template <typename F> Fn layoutTiler(F f) {
  return [f](const CallContext &c) -> llvm::Expected<Value> {
    if (auto err = c.noTemplate())
      return std::move(err);
    if (auto err = c.arity(2, 2))
      return std::move(err);
    auto a = c.layout(0);
    if (!a)
      return a.takeError();
    auto b = c.tiler(1);
    if (!b)
      return b.takeError();
    auto r = c.wrap(f(*a, *b));
    if (!r)
      return r.takeError();
    return layoutValue(c, *r);
  };
}

Value pairValue(const CallContext &c, const Layout &l, const IntTuple &off) {
  return Value::ofList(
      {Value::ofLayout(l, c.column), Value::ofTuple(off, c.column)}, c.column);
}

Value viewValue(const CallContext &c, const LayoutView &v) {
  std::vector<IntTuple> valid(v.validShape.begin(), v.validShape.end());
  IntTuple vs = valid.size() == 1 && !v.layout.shape().isTuple()
                    ? valid[0]
                    : IntTuple::tuple(valid);
  return Value::ofList({Value::ofLayout(v.layout, c.column),
                        Value::ofTuple(IntTuple(v.offset), c.column),
                        Value::ofTuple(vs, c.column)},
                       c.column);
}

/// CuTe's IntTuple ceil_div: elementwise for two tuples (missing divisors
/// are 1), a tuple by an integer divides mode by mode carrying the rest.
llvm::Expected<IntTuple> ceilDivTuple(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() && b.isTuple()) {
    if (b.rank() > a.rank())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "the divisor " + b.str() +
                                         " has more modes than " + a.str());
    std::vector<IntTuple> out;
    for (size_t i = 0; i < a.rank(); ++i) {
      if (i >= b.rank()) {
        out.push_back(a[i]);
        continue;
      }
      auto e = ceilDivTuple(a[i], b[i]);
      if (!e)
        return e.takeError();
      out.push_back(*e);
    }
    return IntTuple::tuple(std::move(out));
  }
  if (a.isTuple()) {
    int64_t rest = b.value();
    std::vector<IntTuple> out;
    for (const IntTuple &e : a.elems()) {
      int64_t n = product(e);
      if (n < 1)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "extent " + std::to_string(n) +
                                           " must be at least 1");
      out.push_back(IntTuple((n + rest - 1) / rest));
      rest = (rest + n - 1) / n;
    }
    return IntTuple::tuple(std::move(out));
  }
  int64_t d = product(b), n = a.value();
  return IntTuple((n + d - 1) / d);
}

} // namespace

const llvm::StringMap<Fn> &tile::cute::eval::functions() {
  static const llvm::StringMap<Fn> table = [] {
    llvm::StringMap<Fn> m;
    // Queries.
    m["size"] = [](const CallContext &c) -> llvm::Expected<Value> {
      auto v = layoutOrTupleArg(c);
      if (!v)
        return v.takeError();
      int64_t n = v->isLayout() ? v->layout.size() : product(v->tuple);
      return tupleValue(c, n);
    };
    m["cosize"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto v = selectMode(c, c.args[0]);
      if (!v)
        return v.takeError();
      if (hasBasis(v->layout.stride())) {
        auto co = c.wrap(coshape(v->layout.inner()));
        if (!co)
          return co.takeError();
        return tupleValue(c, product(*co));
      }
      return tupleValue(c, v->layout.cosize());
    };
    m["coshape"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto v = selectMode(c, c.args[0]);
      if (!v)
        return v.takeError();
      if (v->layout.isSwizzled())
        return c.error("the coshape of a swizzled layout is not supported");
      auto co = c.wrap(coshape(v->layout));
      if (!co)
        return co.takeError();
      return tupleValue(c, *co);
    };
    m["rank"] = [](const CallContext &c) -> llvm::Expected<Value> {
      auto v = layoutOrTupleArg(c);
      if (!v)
        return v.takeError();
      return tupleValue(
          c, int64_t(v->isLayout() ? v->layout.rank() : v->tuple.rank()));
    };
    m["depth"] = [](const CallContext &c) -> llvm::Expected<Value> {
      auto v = layoutOrTupleArg(c);
      if (!v)
        return v.takeError();
      return tupleValue(
          c, int64_t(v->isLayout() ? v->layout.depth() : depth(v->tuple)));
    };
    m["shape"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto v = selectMode(c, c.args[0]);
      if (!v)
        return v.takeError();
      return tupleValue(c, v->layout.shape());
    };
    m["stride"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto v = selectMode(c, c.args[0]);
      if (!v)
        return v.takeError();
      return tupleValue(c, v->layout.stride());
    };
    Fn get = [](const CallContext &c) -> llvm::Expected<Value> {
      return layoutOrTupleArg(c);
    };
    m["get"] = get;
    m["layout"] = get;
    // select<I...>(L): the modes I..., in that order (CuTe select).
    m["select"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      if (c.templateArgs.empty())
        return c.error("expected select<I...>(layout)");
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      std::vector<IntTuple> sh, st;
      for (int64_t i : c.templateArgs) {
        if (i < 0 || static_cast<size_t>(i) >= l->rank())
          return c.error("mode " + llvm::Twine(i) + " is out of range for " +
                         toString(*l) + " of rank " + llvm::Twine(l->rank()));
        sh.push_back(l->shape()[i]);
        st.push_back(l->stride()[i]);
      }
      return layoutValue(c, Layout(IntTuple::tuple(std::move(sh)),
                                   IntTuple::tuple(std::move(st)))
                                .withSwizzle(l->swizzle(), l->swizzleOffset()));
    };
    // group<B,E>(L): modes [B,E) become one mode (CuTe group).
    m["group"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      if (c.templateArgs.size() != 2)
        return c.error("expected group<B,E>(layout)");
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      int64_t b = c.templateArgs[0], e = c.templateArgs[1];
      size_t r = l->shape().isTuple() ? l->rank() : 1;
      if (b < 0 || e <= b || static_cast<size_t>(e) > r)
        return c.error("modes [" + llvm::Twine(b) + "," + llvm::Twine(e) +
                       ") are out of range for rank " + llvm::Twine(r));
      std::vector<IntTuple> sh, st, gs, gd;
      for (size_t i = 0; i < r; ++i) {
        IntTuple si = l->shape()[i], di = l->stride()[i];
        if (i >= static_cast<size_t>(b) && i < static_cast<size_t>(e)) {
          gs.push_back(si);
          gd.push_back(di);
          if (i + 1 == static_cast<size_t>(e)) {
            sh.push_back(IntTuple::tuple(gs));
            st.push_back(IntTuple::tuple(gd));
          }
          continue;
        }
        sh.push_back(si);
        st.push_back(di);
      }
      return layoutValue(c, Layout(IntTuple::tuple(std::move(sh)),
                                   IntTuple::tuple(std::move(st)))
                                .withSwizzle(l->swizzle(), l->swizzleOffset()));
    };
    // make_layout_like(L): a compact layout of L's shape whose strides
    // follow the order of L's, stride-0 modes kept (CuTe make_layout_like).
    m["make_layout_like"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      if (hasBasis(l->stride()))
        return c.error(toString(*l) + " has scaled-basis strides");
      Layout z = filterZeros(l->inner());
      auto o = c.wrap(makeOrderedLayout(z.shape(), l->stride()));
      if (!o)
        return o.takeError();
      return layoutValue(c, Layout(l->shape(), o->stride()));
    };
    m["product_each"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto t = c.tuple(0, false);
      if (!t)
        return t.takeError();
      return tupleValue(c, productEach(*t));
    };
    m["take"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      if (c.templateArgs.size() != 2)
        return c.error("expected take<B,E>(layout)");
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      int64_t b = c.templateArgs[0], e = c.templateArgs[1];
      if (b < 0 || e < b || static_cast<size_t>(e) > l->rank())
        return c.error("modes [" + llvm::Twine(b) + "," + llvm::Twine(e) +
                       ") are out of range for rank " + llvm::Twine(l->rank()));
      return layoutValue(c, l->take(b, e));
    };
    m["flatten"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(1, 1))
        return std::move(err);
      if (c.args[0].isTuple())
        return tupleValue(c, flatten(c.args[0].tuple));
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      return layoutValue(c, flatten(*l));
    };
    // Coordinates.
    m["crd2idx"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 3))
        return std::move(err);
      auto crd = c.tuple(0, false);
      if (!crd)
        return crd.takeError();
      if (c.args.size() == 2 && c.args[1].isLayout()) {
        auto r = c.wrap(evalCoordinate(*crd, c.args[1].layout));
        if (!r)
          return r.takeError();
        return tupleValue(c, *r);
      }
      auto shape = c.tuple(1, false);
      if (!shape)
        return shape.takeError();
      IntTuple stride = compactColMajor(*shape);
      if (c.args.size() == 3) {
        auto s = c.tuple(2, false);
        if (!s)
          return s.takeError();
        stride = *s;
      }
      auto l = c.wrap(Layout::get(*shape, stride));
      if (!l)
        return l.takeError();
      auto r = c.wrap(l->eval(*crd));
      if (!r)
        return r.takeError();
      return tupleValue(c, *r);
    };
    m["idx2crd"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 3))
        return std::move(err);
      if (c.args.size() == 2 && c.args[1].isLayout()) {
        auto i = c.integer(0);
        if (!i)
          return i.takeError();
        const Layout &l = c.args[1].layout;
        return tupleValue(c, idx2crdInverse(*i, l.shape(), l.stride()));
      }
      auto idx = c.tuple(0, false);
      if (!idx)
        return idx.takeError();
      auto shape = c.tuple(1, false);
      if (!shape)
        return shape.takeError();
      auto chk = c.wrap(Layout::get(*shape, compactColMajor(*shape)));
      if (!chk)
        return chk.takeError();
      if (c.args.size() == 3) {
        auto stride = c.tuple(2, false);
        if (!stride)
          return stride.takeError();
        auto l = c.wrap(Layout::get(*shape, *stride));
        if (!l)
          return l.takeError();
        if (!idx->isInt())
          return c.error("the index must be an integer");
        return tupleValue(c, idx2crdInverse(idx->value(), *shape, *stride));
      }
      if (idx->isTuple() && !weaklyCongruent(*idx, *shape))
        return c.error("coordinate " + idx->str() +
                       " does not match the shape " + shape->str());
      return tupleValue(c, idx2crd(*idx, *shape));
    };
    // Algebra.
    m["coalesce"] = layoutWithProfile(
        [](const Layout &l) { return coalesce(l); },
        [](const Layout &l, const IntTuple &p) { return coalesce(l, p); });
    m["filter"] = layoutWithProfile(
        [](const Layout &l) { return filter(l); },
        [](const Layout &l, const IntTuple &p) { return filter(l, p); });
    m["nullspace"] = layoutUnary([](const Layout &l) { return nullspace(l); });
    m["filter_zeros"] =
        layoutUnary([](const Layout &l) { return filterZeros(l); });
    m["right_inverse"] =
        layoutUnary([](const Layout &l) { return rightInverse(l); });
    m["left_inverse"] =
        layoutUnary([](const Layout &l) { return leftInverse(l); });
    m["composition"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 2))
        return std::move(err);
      if (c.args[0].kind == Value::Kind::Swizzle) {
        auto b = c.layout(1);
        if (!b)
          return b.takeError();
        if (b->isSwizzled())
          return c.error("a layout can be composed with only one swizzle");
        return layoutValue(c, composition(c.args[0].swizzle, *b));
      }
      auto a = c.layout(0);
      if (!a)
        return a.takeError();
      auto b = c.tiler(1);
      if (!b)
        return b.takeError();
      auto r = c.wrap(composition(*a, *b));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["complement"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(1, 2))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      llvm::Expected<Layout> r = Layout();
      if (c.args.size() == 1) {
        r = complement(*l);
      } else {
        auto m = c.tuple(1, false);
        if (!m)
          return m.takeError();
        r = complement(*l, *m);
      }
      auto w = c.wrap(std::move(r));
      if (!w)
        return w.takeError();
      return layoutValue(c, *w);
    };
    m["logical_divide"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return logicalDivide(a, b); });
    m["zipped_divide"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return zippedDivide(a, b); });
    m["tiled_divide"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return tiledDivide(a, b); });
    m["flat_divide"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return flatDivide(a, b); });
    m["logical_product"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return logicalProduct(a, b); });
    m["zipped_product"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return zippedProduct(a, b); });
    m["tiled_product"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return tiledProduct(a, b); });
    m["flat_product"] = layoutTiler(
        [](const Layout &a, const Tiler &b) { return flatProduct(a, b); });
    auto ranked = [](bool raked) -> Fn {
      return [raked](const CallContext &c) -> llvm::Expected<Value> {
        if (auto err = c.noTemplate())
          return std::move(err);
        if (auto err = c.arity(2, 2))
          return std::move(err);
        auto a = c.layout(0);
        if (!a)
          return a.takeError();
        auto b = c.layout(1);
        if (!b)
          return b.takeError();
        auto r = c.wrap(raked ? rakedProduct(*a, *b) : blockedProduct(*a, *b));
        if (!r)
          return r.takeError();
        return layoutValue(c, *r);
      };
    };
    m["blocked_product"] = ranked(false);
    m["raked_product"] = ranked(true);
    m["tile_to_shape"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 3))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto s = c.tuple(1, false);
      if (!s)
        return s.takeError();
      IntTuple order = IntTuple::tuple({});
      if (c.args.size() == 3) {
        auto o = c.tuple(2, false);
        if (!o)
          return o.takeError();
        order = *o;
      }
      auto r = c.wrap(tileToShape(*l, *s, order));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["make_ordered_layout"] =
        [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 2))
        return std::move(err);
      auto s = c.tuple(0, false);
      if (!s)
        return s.takeError();
      auto o = c.tuple(1, false);
      if (!o)
        return o.takeError();
      auto r = c.wrap(makeOrderedLayout(*s, *o));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["max_common_layout"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 2))
        return std::move(err);
      auto a = c.layout(0);
      if (!a)
        return a.takeError();
      auto b = c.layout(1);
      if (!b)
        return b.takeError();
      auto r = c.wrap(maxCommonLayout(*a, *b));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["recast_layout"] = [](const CallContext &c) -> llvm::Expected<Value> {
      // recast_layout<Old,New>(L) or recast_layout(Old, New, L): element
      // types (i16, uint16_t, f16, ...) or their sizes in bits.
      int64_t bits[2];
      size_t layoutArg = 0;
      if (c.templateArgs.size() == 2 && c.args.size() == 1) {
        bits[0] = c.templateArgs[0];
        bits[1] = c.templateArgs[1];
      } else if (c.templateArgs.empty() && c.args.size() == 3) {
        for (int i = 0; i < 2; ++i) {
          const Value &a = c.args[i];
          if (a.kind == Value::Kind::ElementType)
            bits[i] = a.typeBits;
          else if (a.isInt())
            bits[i] = a.tuple.value();
          else
            return errorAt(a.column,
                           "recast_layout: argument " + llvm::Twine(i + 1) +
                               " is " + a.kindName() +
                               "; expected an element type (i16, f32, "
                               "uint16_t, ...) or its size in bits");
        }
        layoutArg = 2;
      } else {
        return c.error("expected recast_layout<OldType,NewType>(layout) or "
                       "recast_layout(OldType, NewType, layout), the element "
                       "types named as CuTe (uint16_t, half_t, float) or "
                       "MLIR (i16, f16, bf16, f32, f8E4M3FN) names them, or "
                       "their sizes in bits (CuTe's sizeof_bits)");
      }
      auto l = c.layout(layoutArg);
      if (!l)
        return l.takeError();
      auto r = c.wrap(recastLayout(*l, bits[0], bits[1]));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["domain_distribute"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 2))
        return std::move(err);
      IntTuple shape;
      if (c.args[0].isLayout()) {
        shape = c.args[0].layout.shape();
      } else {
        auto s = c.tuple(0, false);
        if (!s)
          return s.takeError();
        shape = *s;
      }
      auto n = c.integer(1);
      if (!n)
        return n.takeError();
      auto r = c.wrap(domainDistribute(shape, *n));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["max_common_vector"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 2))
        return std::move(err);
      auto a = c.layout(0);
      if (!a)
        return a.takeError();
      auto b = c.layout(1);
      if (!b)
        return b.takeError();
      auto r = c.wrap(maxCommonVector(*a, *b));
      if (!r)
        return r.takeError();
      return tupleValue(c, *r);
    };
    auto castFn = [](bool up) -> Fn {
      return [up](const CallContext &c) -> llvm::Expected<Value> {
        if (c.templateArgs.size() != 1)
          return c.error(llvm::Twine("expected ") +
                         (up ? "upcast" : "downcast") + "<N>(layout)");
        if (auto err = c.arity(1, 1))
          return std::move(err);
        auto l = c.layout(0);
        if (!l)
          return l.takeError();
        auto r = c.wrap(up ? upcast(*l, c.templateArgs[0])
                           : downcast(*l, c.templateArgs[0]));
        if (!r)
          return r.takeError();
        return layoutValue(c, *r);
      };
    };
    m["upcast"] = castFn(true);
    m["downcast"] = castFn(false);
    m["ceil_div"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(2, 2))
        return std::move(err);
      auto s = c.tuple(0, false);
      if (!s)
        return s.takeError();
      for (const IntTuple &l : leaves(*s))
        if (l.value() < 1)
          return c.error("extent " + llvm::Twine(l.value()) +
                         " must be at least 1");
      if (product(*s) > kMaxLiteral)
        return c.error("the shape " + s->str() + " is too large");
      if (c.args[1].isLayout()) {
        auto r = c.wrap(ceilDiv(*s, c.args[1].layout));
        if (!r)
          return r.takeError();
        return tupleValue(c, *r);
      }
      auto t = c.tuple(1, false);
      if (!t)
        return t.takeError();
      for (const IntTuple &l : leaves(*t))
        if (l.value() < 1)
          return c.error("divisor " + llvm::Twine(l.value()) +
                         " must be at least 1");
      if (product(*t) > kMaxLiteral)
        return c.error("the divisor " + t->str() + " is too large");
      auto r = c.wrap(ceilDivTuple(*s, *t));
      if (!r)
        return r.takeError();
      return tupleValue(c, *r);
    };
    // Slicing and partitioning.
    auto sliceFn = [](int which) -> Fn {
      return [which](const CallContext &c) -> llvm::Expected<Value> {
        if (auto err = c.noTemplate())
          return std::move(err);
        if (auto err = c.arity(2, 2))
          return std::move(err);
        auto crd = c.tuple(0, true);
        if (!crd)
          return crd.takeError();
        auto l = c.layout(1);
        if (!l)
          return l.takeError();
        if (which == 0) {
          auto r = c.wrap(slice(*crd, *l));
          if (!r)
            return r.takeError();
          return layoutValue(c, *r);
        }
        if (which == 1) {
          auto r = c.wrap(dice(*crd, *l));
          if (!r)
            return r.takeError();
          return layoutValue(c, *r);
        }
        auto r = c.wrap(sliceAndCoordinate(*crd, *l));
        if (!r)
          return r.takeError();
        return pairValue(c, r->first, r->second);
      };
    };
    m["slice"] = sliceFn(0);
    m["dice"] = sliceFn(1);
    m["slice_and_offset"] = sliceFn(2);
    m["local_tile"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(3, 3))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto t = c.tiler(1);
      if (!t)
        return t.takeError();
      auto crd = c.tuple(2, true);
      if (!crd)
        return crd.takeError();
      auto r = c.wrap(localTileCoordinate(*l, *t, *crd));
      if (!r)
        return r.takeError();
      return pairValue(c, r->first, r->second);
    };
    m["local_partition"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(3, 3))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto thr = c.layout(1);
      if (!thr)
        return thr.takeError();
      auto idx = c.integer(2);
      if (!idx)
        return idx.takeError();
      auto r = c.wrap(localPartitionCoordinate(*l, *thr, *idx));
      if (!r)
        return r.takeError();
      return pairValue(c, r->first, r->second);
    };
    // Construction.
    m["make_layout"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (c.args.empty())
        return c.error("expected at least one argument");
      bool allLayouts = true;
      for (const Value &v : c.args)
        allLayouts &= v.isLayout();
      if (allLayouts) {
        // CuTe's make_layout(L) wraps L into a rank-1 layout: (L).
        std::vector<Layout> ls;
        for (const Value &v : c.args)
          ls.push_back(v.layout);
        return layoutValue(c, Layout::concat(ls));
      }
      if (auto err = c.arity(1, 2))
        return std::move(err);
      auto shape = c.tuple(0, false);
      if (!shape)
        return shape.takeError();
      auto chk = c.wrap(Layout::get(*shape, compactColMajor(*shape)));
      if (!chk)
        return chk.takeError();
      if (c.args.size() == 1)
        return layoutValue(c, *chk);
      auto stride = c.tuple(1, false, /*allowBasis=*/true);
      if (!stride)
        return stride.takeError();
      auto l = c.wrap(Layout::get(*shape, *stride));
      if (!l)
        return l.takeError();
      return layoutValue(c, *l);
    };
    m["make_identity_layout"] =
        [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(1, 1))
        return std::move(err);
      auto shape = c.tuple(0, false);
      if (!shape)
        return shape.takeError();
      auto r = c.wrap(makeIdentityLayout(*shape));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    auto major = [](bool right) -> Fn {
      return [right](const CallContext &c) -> llvm::Expected<Value> {
        if (auto err = c.arity(1, 1))
          return std::move(err);
        auto shape = c.tuple(0, false);
        if (!shape)
          return shape.takeError();
        auto chk = c.wrap(Layout::get(*shape, compactColMajor(*shape)));
        if (!chk)
          return chk.takeError();
        return layoutValue(c, right ? Layout::rowMajor(*shape)
                                    : Layout::columnMajor(*shape));
      };
    };
    m["make_layout_left"] = major(false);
    m["make_layout_right"] = major(true);
    m["make_tile"] = [](const CallContext &c) -> llvm::Expected<Value> {
      std::vector<Tiler> ts;
      for (size_t i = 0; i < c.args.size(); ++i) {
        auto t = c.tiler(i);
        if (!t)
          return t.takeError();
        ts.push_back(*t);
      }
      return Value::ofTiler(Tiler::tuple(std::move(ts)), c.column);
    };
    // LayoutTensor operations.
    m["tile"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(3, 3))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto sizes = c.intList(1);
      if (!sizes)
        return sizes.takeError();
      auto coords = c.intList(2);
      if (!coords)
        return coords.takeError();
      auto r = c.wrap(tileLayout(*l, *sizes, *coords));
      if (!r)
        return r.takeError();
      return viewValue(c, *r);
    };
    m["vectorize"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(2, 2))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto widths = c.intList(1);
      if (!widths)
        return widths.takeError();
      auto r = c.wrap(vectorizeLayout(*l, *widths));
      if (!r)
        return r.takeError();
      return Value::ofList({Value::ofLayout(r->vectors, c.column),
                            Value::ofLayout(r->elements, c.column)},
                           c.column);
    };
    m["distribute"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.arity(3, 3))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      auto thr = c.layout(1);
      if (!thr)
        return thr.takeError();
      auto tid = c.integer(2);
      if (!tid)
        return tid.takeError();
      auto r = c.wrap(distributeLayout(*l, *thr, *tid));
      if (!r)
        return r.takeError();
      return viewValue(c, *r);
    };
    return m;
  }();
  return table;
}
