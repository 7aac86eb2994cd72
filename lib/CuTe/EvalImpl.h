//===- EvalImpl.h - Internals shared by the CuTe evaluator ------*- C++ -*-===//
//
// The value type of the expression language and the call interface of its
// functions, shared by EvalParser.cpp (syntax) and EvalFunctions.cpp (the
// function table). Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CUTE_EVALIMPL_H
#define TILE_LIB_CUTE_EVALIMPL_H

#include "tile/CuTe/Algebra.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tile {
namespace cute {
namespace eval {

constexpr int64_t kMaxLiteral = int64_t(1) << 40;
constexpr int kMaxDepth = 64;

/// A value of the expression language.
struct Value {
  enum class Kind { Tuple, Layout, Tiler, Swizzle, List, ElementType };
  Kind kind = Kind::Tuple;
  IntTuple tuple;          // Tuple (an integer is a leaf tuple)
  Layout layout;           // Layout
  Tiler tiler{Layout()};   // Tiler
  Swizzle swizzle;         // Swizzle
  std::vector<Value> list; // List (results such as (layout,offset))
  std::string typeName;    // ElementType (`f16`, `uint32_t`), of
  int64_t typeBits = 0;    // this many bits (CuTe's sizeof_bits)
  size_t column = 1;       // where the value starts in the text

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
    case Kind::ElementType:
      return typeName;
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
      return tuple.isInt()          ? "an integer"
             : tuple.isUnderscore() ? "'_'"
             : tuple.isBasis()      ? "a scaled basis"
                                    : "a tuple";
    case Kind::Layout:
      return "a layout";
    case Kind::Tiler:
      return "a tiler";
    case Kind::Swizzle:
      return "a swizzle";
    case Kind::List:
      return "a tuple of results";
    case Kind::ElementType:
      return "an element type";
    }
    return "a value";
  }
};

/// The size in bits (CuTe's sizeof_bits) of an element type named as CuTe
/// (`uint16_t`, `half_t`, `bfloat16_t`, `float_e4m3_t`) or as MLIR (`i16`,
/// `f16`, `bf16`, `f8E4M3FN`); nullopt for another name.
std::optional<int64_t> getElementTypeBits(llvm::StringRef name);

/// An error at a 1-based column: "column N: msg".
llvm::Error errorAt(size_t column, const llvm::Twine &msg);

/// A value used as a tiler: a layout, a tiler, or a shape (<t:1,...>).
llvm::Expected<Tiler> toTiler(const Value &v);

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
    std::string want = lo == hi
                           ? std::to_string(lo)
                           : std::to_string(lo) + " to " + std::to_string(hi);
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
      return errorAt(args[i].column, name + ": argument " + llvm::Twine(i + 1) +
                                         " must be a layout, got " +
                                         args[i].kindName());
    return args[i].layout;
  }
  llvm::Expected<IntTuple> tuple(size_t i, bool allowUnderscore,
                                 bool allowBasis = false) const {
    if (!args[i].isTuple() ||
        (!allowUnderscore && hasUnderscore(args[i].tuple)))
      return errorAt(args[i].column,
                     name + ": argument " + llvm::Twine(i + 1) +
                         " must be an integer or a tuple of integers, got " +
                         (args[i].isTuple() ? llvm::Twine("'_'")
                                            : llvm::Twine(args[i].kindName())));
    if (!allowBasis && hasBasis(args[i].tuple))
      return errorAt(args[i].column,
                     name + ": argument " + llvm::Twine(i + 1) +
                         " must be an integer or a tuple of integers, got "
                         "the scaled-basis elements of " +
                         args[i].tuple.str());
    return args[i].tuple;
  }
  llvm::Expected<int64_t> integer(size_t i) const {
    if (!args[i].isInt())
      return errorAt(args[i].column, name + ": argument " + llvm::Twine(i + 1) +
                                         " must be an integer, got " +
                                         args[i].kindName());
    return args[i].tuple.value();
  }
  llvm::Expected<Tiler> tiler(size_t i) const {
    auto t = toTiler(args[i]);
    if (!t) {
      // toTiler's message carries the column already.
      std::string msg = llvm::toString(t.takeError());
      if (llvm::StringRef(msg).starts_with("column "))
        msg = msg.substr(msg.find(": ") + 2);
      return errorAt(args[i].column,
                     name + ": argument " + llvm::Twine(i + 1) + ": " + msg);
    }
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

/// CuTe's functions by name.
const llvm::StringMap<Fn> &functions();

} // namespace eval
} // namespace cute
} // namespace tile

#endif // TILE_LIB_CUTE_EVALIMPL_H
