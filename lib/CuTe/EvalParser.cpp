//===- EvalParser.cpp - Parser of CuTe expressions ------------------------===//
//
// A recursive-descent parser over the CuTe notation of Eval.h. Values are
// integers, IntTuples (shapes, coordinates, profiles, possibly with `_`),
// layouts (possibly swizzled), tilers, swizzles and tuples of results.
// Every error carries the 1-based column of the token it is about.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Eval.h"

#include "EvalImpl.h"

#include "llvm/ADT/StringSwitch.h"

#include <cctype>

using namespace tile;
using namespace tile::cute;
using namespace tile::cute::eval;

llvm::Error tile::cute::eval::errorAt(size_t column, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "column " + llvm::Twine(column) + ": " + msg);
}

llvm::Expected<Tiler> tile::cute::eval::toTiler(const Value &v) {
  switch (v.kind) {
  case Value::Kind::Layout:
    return Tiler(v.layout);
  case Value::Kind::Tiler:
    return v.tiler;
  case Value::Kind::Tuple:
    for (const IntTuple &l : leaves(v.tuple))
      if (l.isBasis())
        return errorAt(v.column, "a tile size must be an integer, got the "
                                 "scaled basis " +
                                     l.str());
      else if (l.isInt() && l.value() < 1)
        return errorAt(v.column, "a tile size must be at least 1, got " +
                                     llvm::Twine(l.value()));
    return Tiler::fromShape(v.tuple);
  default:
    return errorAt(v.column, "expected a tiler (a layout, a shape or "
                             "<...>), got " +
                                 llvm::Twine(v.kindName()));
  }
}

namespace {

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
    while (pos < text.size() &&
           std::isspace(static_cast<unsigned char>(text[pos])))
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
    if (pos >= text.size() ||
        !std::isdigit(static_cast<unsigned char>(text[pos])))
      return errorAt(start + 1, "expected an integer");
    int64_t v = 0;
    while (pos < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[pos]))) {
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
      if (!peek('@'))
        return Value::ofTuple(IntTuple(*i), start);
      // A scaled basis element v@m0@m1...: CuTe prints the modes innermost
      // first, so the path is the list reversed.
      if (literalOnly)
        return errorAt(col(), "scaled-basis strides ('" + llvm::Twine(*i) +
                                  "@...') describe coordinates, not memory; "
                                  "a layout attribute needs integer strides");
      std::vector<int> path;
      while (consume('@')) {
        skipSpace();
        size_t modeCol = col();
        auto m = parseInt();
        if (!m)
          return m.takeError();
        if (*m < 0 || *m > 64)
          return errorAt(modeCol, "basis mode " + llvm::Twine(*m) +
                                      " must be in [0, 64]");
        path.insert(path.begin(), static_cast<int>(*m));
      }
      return Value::ofTuple(IntTuple::basis(*i, std::move(path)), start);
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

private:
  llvm::Expected<Value> parseCall(int depth);
};

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
  // An element type (`i16`, `uint16_t`), as recast_layout takes it.
  if (std::optional<int64_t> bits = getElementTypeBits(name);
      bits && it == fns.end()) {
    Value v;
    v.kind = Value::Kind::ElementType;
    v.typeName = name.str();
    v.typeBits = *bits;
    v.column = start;
    return v;
  }
  if (it == fns.end())
    return errorAt(start, "unknown function '" + name +
                              "' (see docs/CuTe.md for the list)");
  CallContext ctx;
  ctx.name = it->first();
  ctx.column = start;
  if (consume('<')) {
    while (true) {
      // A template argument is an integer or an element type's name, which
      // stands for its size in bits (recast_layout<uint16_t,uint32_t>).
      skipSpace();
      size_t argStart = pos;
      if (pos < text.size() &&
          (std::isalpha(static_cast<unsigned char>(text[pos])) ||
           text[pos] == '_')) {
        llvm::StringRef type = ident();
        std::optional<int64_t> bits = getElementTypeBits(type);
        if (!bits)
          return errorAt(argStart + 1,
                         "unknown element type '" + type +
                             "' (write its size in bits, or one of i8, i16, "
                             "i32, i64, f16, bf16, f32, f64, f8E4M3FN, "
                             "f8E5M2, uint16_t, half_t, float, ...)");
        ctx.templateArgs.push_back(*bits);
        if (consume(','))
          continue;
        if (auto err = expect('>'))
          return std::move(err);
        break;
      }
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

std::optional<int64_t>
tile::cute::eval::getElementTypeBits(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<int64_t>>(name)
      .Cases({"i1", "uint1b_t", "bin1_t"}, 1)
      .Cases({"i4", "int4b_t", "uint4b_t", "f4E2M1FN", "float_e2m1_t"}, 4)
      .Cases({"i8", "int8_t", "uint8_t", "f8E4M3FN", "f8E5M2", "float_e4m3_t",
              "float_e5m2_t", "char", "bool"},
             8)
      .Cases({"i16", "int16_t", "uint16_t", "f16", "bf16", "half_t",
              "bfloat16_t", "half", "__half", "__nv_bfloat16"},
             16)
      .Cases({"i32", "int32_t", "uint32_t", "f32", "float", "tf32",
              "tfloat32_t", "int"},
             32)
      .Cases({"i64", "int64_t", "uint64_t", "f64", "double"}, 64)
      .Cases({"uint128_t", "i128"}, 128)
      .Default(std::nullopt);
}

llvm::Expected<std::string>
tile::cute::evaluateExpression(llvm::StringRef text) {
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
