//===- Eval.cpp - Parser and evaluator of CuTe expressions ----------------===//
//
// A recursive-descent parser over the CuTe notation of Eval.h. Values are
// integers, IntTuples (shapes, coordinates, profiles, possibly with `_`),
// layouts (possibly swizzled), tilers, swizzles and tuples of results.
// Every error carries the 1-based column of the token it is about.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Eval.h"
#include "tile/CuTe/Algebra.h"
#include "tile/CuTe/LayoutTensor.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <cctype>
#include <functional>

using namespace tile;
using namespace tile::cute;

namespace {

constexpr int64_t kMaxLiteral = int64_t(1) << 40;
constexpr int kMaxDepth = 64;

/// A value of the expression language.
struct Value {
  enum class Kind { Tuple, Layout, Tiler, Swizzle, List };
  Kind kind = Kind::Tuple;
  IntTuple tuple;            // Tuple (an integer is a leaf tuple)
  Layout layout;             // Layout
  Tiler tiler{Layout()};     // Tiler
  Swizzle swizzle;           // Swizzle
  std::vector<Value> list;   // List (results such as (layout,offset))
  size_t column = 1;         // where the value starts in the text

  static Value ofTuple(IntTuple t, size_t col) {
    Value v;
    v.kind = Kind::Tuple;
    v.tuple = std::move(t);
    v.column = col;
    return v;
  }
  static Value ofLayout(Layout l, size_t col) {
    Value v;
    v.kind = Kind::Layout;
    v.layout = std::move(l);
    v.column = col;
    return v;
  }
  static Value ofTiler(Tiler t, size_t col) {
    Value v;
    v.kind = Kind::Tiler;
    v.tiler = std::move(t);
    v.column = col;
    return v;
  }
  static Value ofList(std::vector<Value> l, size_t col) {
    Value v;
    v.kind = Kind::List;
    v.list = std::move(l);
    v.column = col;
    return v;
  }
  bool isInt() const { return kind == Kind::Tuple && tuple.isInt(); }
  bool isTuple() const { return kind == Kind::Tuple; }
  bool isLayout() const { return kind == Kind::Layout; }

  std::string str() const {
    switch (kind) {
    case Kind::Tuple:
      return tuple.str();
    case Kind::Layout:
      return toString(layout);
    case Kind::Tiler:
      return tiler.str();
    case Kind::Swizzle:
      return swizzle.str();
    case Kind::List:
      break;
    }
    std::string s = "(";
    for (size_t i = 0; i < list.size(); ++i)
      s += (i ? "," : "") + list[i].str();
    return s + ")";
  }

  const char *kindName() const {
    switch (kind) {
    case Kind::Tuple:
      return tuple.isInt() ? "an integer"
                           : (tuple.isUnderscore() ? "'_'" : "a tuple");
    case Kind::Layout:
      return "a layout";
    case Kind::Tiler:
      return "a tiler";
    case Kind::Swizzle:
      return "a swizzle";
    case Kind::List:
      return "a tuple of results";
    }
    return "a value";
  }
};

llvm::Error errorAt(size_t column, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "column " + llvm::Twine(column) + ": " + msg);
}

class Parser {
public:
  explicit Parser(llvm::StringRef text, bool literalOnly = false)
      : text(text), literalOnly(literalOnly) {}

  llvm::Expected<Value> parseTop() {
    auto v = parseExpr(0);
    if (!v)
      return v.takeError();
    skipSpace();
    if (pos < text.size())
      return errorAt(col(), "unexpected '" + llvm::Twine(text[pos]) +
                                "' after the expression");
    return v;
  }

  llvm::Expected<Layout> parseLayoutOnly() {
    auto v = parseTop();
    if (!v)
      return v.takeError();
    if (!v->isLayout())
      return errorAt(v->column, "expected a layout 'Shape:Stride', got " +
                                    llvm::Twine(v->kindName()));
    return v->layout;
  }

private:
  llvm::StringRef text;
  size_t pos = 0;
  /// Only layout literals (no calls, tilers or tuples of layouts).
  bool literalOnly;

  size_t col() const { return pos + 1; }
  void skipSpace() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool peek(char c) {
    skipSpace();
    return pos < text.size() && text[pos] == c;
  }
  bool consume(char c) {
    if (!peek(c))
      return false;
    ++pos;
    return true;
  }
  llvm::Error expect(char c) {
    if (consume(c))
      return llvm::Error::success();
    skipSpace();
    if (pos >= text.size())
      return errorAt(col(), "expected '" + llvm::Twine(c) +
                                "' but the expression ended");
    return errorAt(col(), "expected '" + llvm::Twine(c) + "' but found '" +
                              llvm::Twine(text[pos]) + "'");
  }
  bool atIdentStart() {
    skipSpace();
    return pos < text.size() &&
           (std::isalpha(static_cast<unsigned char>(text[pos])) ||
            (text[pos] == '_' && pos + 1 < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[pos + 1])) ||
              text[pos + 1] == '_')));
  }
  llvm::StringRef ident() {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[pos])) ||
            text[pos] == '_'))
      ++pos;
    return text.slice(start, pos);
  }
  /// True if the next word is `o` (the composition operator).
  bool peekCompose() {
    skipSpace();
    if (pos >= text.size() || text[pos] != 'o')
      return false;
    return pos + 1 >= text.size() ||
           !(std::isalnum(static_cast<unsigned char>(text[pos + 1])) ||
             text[pos + 1] == '_');
  }

  llvm::Expected<int64_t> parseInt() {
    skipSpace();
    size_t start = pos;
    bool neg = false;
    if (pos < text.size() && text[pos] == '-') {
      neg = true;
      ++pos;
    }
    if (pos >= text.size() || !std::isdigit(static_cast<unsigned char>(text[pos])))
      return errorAt(start + 1, "expected an integer");
    int64_t v = 0;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
      v = v * 10 + (text[pos] - '0');
      ++pos;
      if (v > kMaxLiteral)
        return errorAt(start + 1, "integer is too large (the limit is 2^40)");
    }
    return neg ? -v : v;
  }

  /// expr := primary [':' primary] ['o' ...] for swizzles.
  llvm::Expected<Value> parseExpr(int depth) {
    if (depth > kMaxDepth)
      return errorAt(col(), "expression is nested too deeply");
    auto v = parsePrimary(depth);
    if (!v)
      return v.takeError();
    if (peek(':')) {
      size_t colonCol = col();
      ++pos;
      if (!v->isTuple())
        return errorAt(colonCol, "the shape before ':' must be an integer or "
                                 "a tuple, got " +
                                     llvm::Twine(v->kindName()));
      auto stride = parsePrimary(depth + 1);
      if (!stride)
        return stride.takeError();
      if (!stride->isTuple())
        return errorAt(stride->column, "the stride after ':' must be an "
                                       "integer or a tuple, got " +
                                           llvm::Twine(stride->kindName()));
      auto l = Layout::get(v->tuple, stride->tuple);
      if (!l)
        return errorAt(v->column, llvm::toString(l.takeError()));
      return Value::ofLayout(*l, v->column);
    }
    if (v->kind == Value::Kind::Swizzle && peekCompose()) {
      ++pos;
      auto rhs = parseExpr(depth + 1);
      if (!rhs)
        return rhs.takeError();
      int64_t offset = 0;
      if (rhs->isInt()) {
        offset = rhs->tuple.value();
        if (!peekCompose())
          return errorAt(col(), "expected 'o' and a layout after the "
                                "swizzle offset");
        ++pos;
        rhs = parseExpr(depth + 1);
        if (!rhs)
          return rhs.takeError();
      }
      if (!rhs->isLayout())
        return errorAt(rhs->column, "expected a layout after 'o', got " +
                                        llvm::Twine(rhs->kindName()));
      if (rhs->layout.isSwizzled())
        return errorAt(rhs->column, "a layout can be composed with only "
                                    "one swizzle");
      return Value::ofLayout(rhs->layout.withSwizzle(v->swizzle, offset),
                             v->column);
    }
    return v;
  }

  llvm::Expected<Value> parsePrimary(int depth) {
    if (depth > kMaxDepth)
      return errorAt(col(), "expression is nested too deeply");
    skipSpace();
    size_t start = col();
    if (pos >= text.size())
      return errorAt(start, "expected a value but the expression ended");
    char c = text[pos];
    if (c == '(')
      return parseTuple(depth);
    if (c == '<') {
      if (literalOnly)
        return errorAt(start, "expected a layout 'Shape:Stride', not a tiler");
      return parseTiler(depth);
    }
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      auto i = parseInt();
      if (!i)
        return i.takeError();
      return Value::ofTuple(IntTuple(*i), start);
    }
    if (atIdentStart())
      return parseCall(depth);
    if (c == '_') {
      ++pos;
      return Value::ofTuple(IntTuple::underscore(), start);
    }
    return errorAt(start, "unexpected '" + llvm::Twine(c) + "'");
  }

  llvm::Expected<Value> parseTuple(int depth) {
    size_t start = col();
    ++pos; // '('
    std::vector<Value> elems;
    if (!consume(')')) {
      while (true) {
        auto e = parseExpr(depth + 1);
        if (!e)
          return e.takeError();
        elems.push_back(std::move(*e));
        if (consume(','))
          continue;
        if (auto err = expect(')'))
          return std::move(err);
        break;
      }
    }
    bool allTuples = true, allLayouts = true;
    for (const Value &e : elems) {
      allTuples &= e.isTuple();
      allLayouts &= e.isLayout();
    }
    if (allTuples) {
      std::vector<IntTuple> t;
      for (Value &e : elems)
        t.push_back(std::move(e.tuple));
      return Value::ofTuple(IntTuple::tuple(std::move(t)), start);
    }
    if (literalOnly)
      return errorAt(start, "a shape or stride may only contain integers "
                            "and tuples of integers");
    if (allLayouts) {
      std::vector<Layout> ls;
      for (Value &e : elems)
        ls.push_back(e.layout);
      return Value::ofLayout(Layout::concat(ls), start);
    }
    return Value::ofList(std::move(elems), start);
  }

  llvm::Expected<Value> parseTiler(int depth) {
    size_t start = col();
    ++pos; // '<'
    std::vector<Tiler> elems;
    while (true) {
      auto e = parseExpr(depth + 1);
      if (!e)
        return e.takeError();
      auto t = toTiler(*e);
      if (!t)
        return t.takeError();
      elems.push_back(std::move(*t));
      if (consume(','))
        continue;
      if (auto err = expect('>'))
        return std::move(err);
      break;
    }
    return Value::ofTiler(Tiler::tuple(std::move(elems)), start);
  }

public:
  static llvm::Expected<Tiler> toTiler(const Value &v) {
    switch (v.kind) {
    case Value::Kind::Layout:
      return Tiler(v.layout);
    case Value::Kind::Tiler:
      return v.tiler;
    case Value::Kind::Tuple:
      for (const IntTuple &l : leaves(v.tuple))
        if (l.isInt() && l.value() < 1)
          return errorAt(v.column, "a tile size must be at least 1, got " +
                                       llvm::Twine(l.value()));
      return Tiler::fromShape(v.tuple);
    default:
      return errorAt(v.column, "expected a tiler (a layout, a shape or "
                               "<...>), got " +
                                   llvm::Twine(v.kindName()));
    }
  }

private:
  llvm::Expected<Value> parseCall(int depth);
};

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

using Args = std::vector<Value>;

struct CallContext {
  llvm::StringRef name;
  size_t column;
  std::vector<int64_t> templateArgs;
  Args args;

  llvm::Error error(const llvm::Twine &msg) const {
    return errorAt(column, name + ": " + msg);
  }
  llvm::Error arity(size_t lo, size_t hi) const {
    if (args.size() >= lo && args.size() <= hi)
      return llvm::Error::success();
    std::string want = lo == hi ? std::to_string(lo)
                                : std::to_string(lo) + " to " +
                                      std::to_string(hi);
    return error("expected " + want + " argument" + (hi == 1 ? "" : "s") +
                 ", got " + llvm::Twine(args.size()));
  }
  llvm::Error noTemplate() const {
    if (templateArgs.empty())
      return llvm::Error::success();
    return error("takes no <...> arguments");
  }
  llvm::Expected<Layout> layout(size_t i) const {
    if (!args[i].isLayout())
      return errorAt(args[i].column, name + ": argument " +
                                         llvm::Twine(i + 1) +
                                         " must be a layout, got " +
                                         args[i].kindName());
    return args[i].layout;
  }
  llvm::Expected<IntTuple> tuple(size_t i, bool allowUnderscore) const {
    if (!args[i].isTuple() ||
        (!allowUnderscore && hasUnderscore(args[i].tuple)))
      return errorAt(args[i].column,
                     name + ": argument " + llvm::Twine(i + 1) +
                         " must be an integer or a tuple of integers, got " +
                         (args[i].isTuple() ? llvm::Twine("'_'")
                                            : llvm::Twine(args[i].kindName())));
    return args[i].tuple;
  }
  llvm::Expected<int64_t> integer(size_t i) const {
    if (!args[i].isInt())
      return errorAt(args[i].column, name + ": argument " +
                                         llvm::Twine(i + 1) +
                                         " must be an integer, got " +
                                         args[i].kindName());
    return args[i].tuple.value();
  }
  llvm::Expected<Tiler> tiler(size_t i) const {
    auto t = Parser::toTiler(args[i]);
    if (!t)
      return errorAt(args[i].column, name + ": argument " +
                                         llvm::Twine(i + 1) + ": " +
                                         llvm::toString(t.takeError()));
    return t;
  }
  /// A flat list of integers: an integer or a flat tuple.
  llvm::Expected<std::vector<int64_t>> intList(size_t i) const {
    auto t = tuple(i, false);
    if (!t)
      return t.takeError();
    std::vector<int64_t> out;
    if (t->isInt()) {
      out.push_back(t->value());
      return out;
    }
    for (const IntTuple &e : t->elems()) {
      if (!e.isInt())
        return errorAt(args[i].column, name + ": argument " +
                                           llvm::Twine(i + 1) +
                                           " must be a flat tuple");
      out.push_back(e.value());
    }
    return out;
  }
  /// Wraps an algebra error with the column and the function name.
  template <typename T> llvm::Expected<T> wrap(llvm::Expected<T> r) const {
    if (!r) {
      std::string msg = llvm::toString(r.takeError());
      if (!llvm::StringRef(msg).starts_with(name.str() + ":"))
        msg = name.str() + ": " + msg;
      return errorAt(column, msg);
    }
    return r;
  }
};

using Fn = std::function<llvm::Expected<Value>(const CallContext &)>;

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

Value pairValue(const CallContext &c, const Layout &l, int64_t off) {
  return Value::ofList({Value::ofLayout(l, c.column),
                        Value::ofTuple(IntTuple(off), c.column)},
                       c.column);
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
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "the divisor " + b.str() + " has more modes than " + a.str());
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

const llvm::StringMap<Fn> &functions() {
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
      return tupleValue(c, v->layout.cosize());
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
                       ") are out of range for rank " +
                       llvm::Twine(l->rank()));
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
        auto r = c.wrap(c.args[1].layout.eval(*crd));
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
    m["coalesce"] = [](const CallContext &c) -> llvm::Expected<Value> {
      if (auto err = c.noTemplate())
        return std::move(err);
      if (auto err = c.arity(1, 2))
        return std::move(err);
      auto l = c.layout(0);
      if (!l)
        return l.takeError();
      if (c.args.size() == 1)
        return layoutValue(c, coalesce(*l));
      auto p = c.tuple(1, false);
      if (!p)
        return p.takeError();
      auto r = c.wrap(coalesce(*l, *p));
      if (!r)
        return r.takeError();
      return layoutValue(c, *r);
    };
    m["filter"] = layoutUnary([](const Layout &l) { return filter(l); });
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
    m["max_common_vector"] =
        [](const CallContext &c) -> llvm::Expected<Value> {
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
        auto r = c.wrap(sliceAndOffset(*crd, *l));
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
      auto r = c.wrap(localTile(*l, *t, *crd));
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
      auto r = c.wrap(localPartition(*l, *thr, *idx));
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
        if (c.args.size() == 1)
          return layoutValue(c, c.args[0].layout);
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
      auto stride = c.tuple(1, false);
      if (!stride)
        return stride.takeError();
      auto l = c.wrap(Layout::get(*shape, *stride));
      if (!l)
        return l.takeError();
      return layoutValue(c, *l);
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

llvm::Expected<Value> Parser::parseCall(int depth) {
  size_t start = col();
  llvm::StringRef name = ident();
  // A swizzle Sw<B,M,S>.
  if (name == "Sw") {
    if (auto err = expect('<'))
      return std::move(err);
    int params[3];
    for (int i = 0; i < 3; ++i) {
      if (i)
        if (auto err = expect(','))
          return std::move(err);
      auto v = parseInt();
      if (!v)
        return v.takeError();
      if (*v < -64 || *v > 64)
        return errorAt(start, "swizzle parameter " + llvm::Twine(*v) +
                                  " is out of range");
      params[i] = static_cast<int>(*v);
    }
    if (auto err = expect('>'))
      return std::move(err);
    auto sw = Swizzle::get(params[0], params[1], params[2]);
    if (!sw)
      return errorAt(start, llvm::toString(sw.takeError()));
    Value v;
    v.kind = Value::Kind::Swizzle;
    v.swizzle = *sw;
    v.column = start;
    return v;
  }
  if (literalOnly)
    return errorAt(start, "expected a layout 'Shape:Stride' (or a swizzled "
                          "'Sw<B,M,S> o Shape:Stride'), found '" +
                              name + "'");
  const auto &fns = functions();
  auto it = fns.find(name);
  if (it == fns.end())
    return errorAt(start, "unknown function '" + name +
                              "' (see docs/CuTe.md for the list)");
  CallContext ctx;
  ctx.name = it->first();
  ctx.column = start;
  if (consume('<')) {
    while (true) {
      auto v = parseInt();
      if (!v)
        return v.takeError();
      ctx.templateArgs.push_back(*v);
      if (consume(','))
        continue;
      if (auto err = expect('>'))
        return std::move(err);
      break;
    }
  }
  if (auto err = expect('('))
    return std::move(err);
  if (!consume(')')) {
    while (true) {
      auto a = parseExpr(depth + 1);
      if (!a)
        return a.takeError();
      ctx.args.push_back(std::move(*a));
      if (consume(','))
        continue;
      if (auto err = expect(')'))
        return std::move(err);
      break;
    }
  }
  return it->second(ctx);
}

} // namespace

llvm::Expected<std::string> tile::cute::evaluateExpression(llvm::StringRef text) {
  Parser p(text);
  auto v = p.parseTop();
  if (!v)
    return v.takeError();
  return v->str();
}

llvm::Expected<Layout> tile::cute::parseLayout(llvm::StringRef text) {
  Parser p(text, /*literalOnly=*/true);
  return p.parseLayoutOnly();
}
