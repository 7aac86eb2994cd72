//===- LinearLayout.h - F2-linear maps between named index spaces --------===//
//
// A LinearLayout is a linear map over the field F2 = {0, 1} from named input
// dimensions (hardware indices: "register", "lane", "warp", "block" for
// distributed layouts, "offset", "block" for shared memory) to named output
// dimensions (tensor coordinates "dim0", "dim1", ...). Every dimension has a
// power-of-two size. The map is stored by its bases: bases[in][i] is the
// image of the input point with in = 2^i and every other input 0, written as
// one coordinate per output dimension. The image of any other point is the
// XOR of the bases of its set bits.
//
// The order of input and output dimensions is significant: it is the
// minor-to-major order used when dimensions are flattened or reshaped.
//
// This library has no MLIR dependency; it uses LLVM's ADT and Support only.
// Operations that need a precondition come in two forms: a checked `try...`
// form returning std::nullopt (or failure text), and an unchecked form whose
// precondition the caller has established. A violated precondition in an
// unchecked form is a fatal usage error (llvm::reportFatalUsageError), never
// a silently wrong result.
//
// Limits: every dim has at most 2^30 points, and the total numbers of input
// bits and of output bits are each at most 62 (so that the linear algebra
// works on one machine word per vector).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LINEARLAYOUT_LINEARLAYOUT_H
#define TILE_LINEARLAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tile {

class LinearLayout {
public:
  /// One basis: the image of one input bit, one value per output dim.
  using Basis = std::vector<int32_t>;
  /// Bases of every input dim, in input-dim order.
  using BasesT = llvm::MapVector<std::string, std::vector<Basis>,
                                 llvm::StringMap<unsigned>>;
  /// (name, size) pairs.
  using DimSizes = std::vector<std::pair<std::string, int32_t>>;

  /// The layout with no input and no output dims (the unit of operator*).
  LinearLayout() = default;

  /// Builds a layout from bases and explicit output dims (names and sizes,
  /// in order). Returns std::nullopt and sets `error` if a size is not a
  /// power of two, a basis has the wrong length, or a basis value is out of
  /// range of its output dim; with `requireSurjective`, also if some output
  /// point is not reached.
  static std::optional<LinearLayout> tryCreate(BasesT bases, DimSizes outDims,
                                               bool requireSurjective,
                                               std::string *error = nullptr);

  /// As tryCreate, with each output size inferred as the smallest power of
  /// two above every basis value in that dim (at least 1).
  static std::optional<LinearLayout>
  tryCreate(BasesT bases, llvm::ArrayRef<std::string> outDimNames,
            std::string *error = nullptr);

  /// Unchecked forms of the above (the caller guarantees validity).
  LinearLayout(BasesT bases, DimSizes outDims, bool requireSurjective);
  LinearLayout(BasesT bases, llvm::ArrayRef<std::string> outDimNames);

  /// Checked direct product (see operator*): fails if a merged dim would
  /// exceed the size limits.
  static std::optional<LinearLayout> tryProduct(const LinearLayout &lhs,
                                                const LinearLayout &rhs,
                                                std::string *error = nullptr);

  static LinearLayout empty() { return LinearLayout(); }
  /// in -> out, x -> x, for x < size.
  static LinearLayout identity1D(int32_t size, llvm::StringRef inDim,
                                 llvm::StringRef outDim);
  /// in -> out, x -> 0; the output dim has size `outDimSize`.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef inDim,
                              llvm::StringRef outDim, int32_t outDimSize = 1);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  const BasesT &getBases() const { return bases; }
  llvm::SmallVector<std::string> getInDimNames() const;
  llvm::SmallVector<std::string> getOutDimNames() const;
  const DimSizes &getOutDims() const { return outDims; }
  /// (name, size) of every input dim, in order.
  DimSizes getInDims() const;
  bool hasInDim(llvm::StringRef inDim) const;
  bool hasOutDim(llvm::StringRef outDim) const;
  int getNumInDims() const { return bases.size(); }
  int getNumOutDims() const { return outDims.size(); }
  /// Size (a power of two) and log2 size of a dim; 1 and 0 if it is absent.
  int32_t getInDimSize(llvm::StringRef inDim) const;
  int getInDimSizeLog2(llvm::StringRef inDim) const;
  int32_t getOutDimSize(llvm::StringRef outDim) const;
  int getOutDimSizeLog2(llvm::StringRef outDim) const;
  int32_t getTotalInDimSize() const;
  int getTotalInDimSizeLog2() const;
  int32_t getTotalOutDimSize() const;
  int getTotalOutDimSizeLog2() const;
  /// Image of in = 2^i, one value per output dim; or its value in one dim.
  llvm::ArrayRef<int32_t> getBasis(llvm::StringRef inDim, int i) const;
  int32_t getBasis(llvm::StringRef inDim, int i, llvm::StringRef outDim) const;

  bool isSurjective() const;
  bool isInjective() const;
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// Applies the map. `ins` must name every input dim once (any order);
  /// values must be below the dim sizes. Returns values in output-dim order.
  llvm::SmallVector<std::pair<std::string, int32_t>>
  apply(llvm::ArrayRef<std::pair<std::string, int32_t>> ins) const;
  /// Applies the map to a point given in input-dim order.
  llvm::SmallVector<int32_t> apply(llvm::ArrayRef<int32_t> ins) const;

  /// Per input dim, the mask of its bits that are free variables: bits whose
  /// basis is a linear combination of the bases before it (in input-dim and
  /// bit order), zero bases included. Setting a free bit never reaches an
  /// output that cannot be reached without it (broadcast copies).
  llvm::SmallVector<std::pair<std::string, int32_t>>
  getFreeVariableMasks() const;

  /// The largest n (a power of two) such that input values 0..n-1 of the
  /// first input dim map to values 0..n-1 of the first output dim and to 0
  /// in the others, and every other input bit (of any dim) maps to a
  /// multiple of n in the first output dim. Then each aligned group of n
  /// consecutive inputs lands on n consecutive, n-aligned outputs: the
  /// contiguous run of registers usable as one vector. 1 without dims.
  int getNumConsecutiveInOut() const;
  /// Same question for a named input dim and output dim (1 if absent).
  int getNumConsecutiveInOut(llvm::StringRef inDim,
                             llvm::StringRef outDim) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// Direct product. Dims are merged by name (lhs order first, then the new
  /// ones of rhs). For a shared input dim, rhs bases follow lhs bases (rhs is
  /// the more significant part); for a shared output dim, rhs values are
  /// multiplied by the lhs size of that dim.
  friend LinearLayout operator*(LinearLayout lhs, LinearLayout rhs);
  LinearLayout &operator*=(LinearLayout rhs);

  /// outer(this(x)). Requires this's out dim names to be outer's in dim
  /// names (the same set; order may differ) and each of this's out dim sizes
  /// <= the matching outer in dim size. The result has this's input dims and
  /// outer's output dims (with outer's sizes).
  std::optional<LinearLayout> tryCompose(const LinearLayout &outer) const;
  /// As above, with the reason for a failure written to `*error`.
  std::optional<LinearLayout> tryCompose(const LinearLayout &outer,
                                         std::string *error) const;
  LinearLayout compose(const LinearLayout &outer) const;

  /// C with outer(C(x)) = this(x) for every x, where outer must be
  /// surjective and have the same output dim names as this (any order), each
  /// at least as large as this's. C maps this's input dims to outer's input
  /// dims (with outer's sizes). An input dim that this and outer both have,
  /// with identical bases, maps by identity. Every other basis maps to the
  /// pre-image that uses only outer's non-free input bits (the bits that
  /// getFreeVariableMasks does not report), so broadcast copies are never
  /// chosen and earlier input dims (e.g. registers before lanes) are
  /// preferred. The result is linear.
  std::optional<LinearLayout>
  tryInvertAndCompose(const LinearLayout &outer) const;
  std::optional<LinearLayout> tryInvertAndCompose(const LinearLayout &outer,
                                                  std::string *error) const;
  LinearLayout invertAndCompose(const LinearLayout &outer) const;

  /// Inverse of an invertible layout (input and output dims swap roles).
  std::optional<LinearLayout> tryInvert() const;
  std::optional<LinearLayout> tryInvert(std::string *error) const;
  LinearLayout invert() const;

  /// For a surjective layout, a map P from outputs to inputs with
  /// this(P(y)) = y, using non-free input bits only (as invertAndCompose).
  std::optional<LinearLayout> tryPseudoinvert() const;
  std::optional<LinearLayout> tryPseudoinvert(std::string *error) const;
  LinearLayout pseudoinvert() const;

  /// The restriction to the given input dims and projection onto the given
  /// output dims (kept in this layout's order; absent names are ignored).
  LinearLayout sublayout(llvm::ArrayRef<std::string> inDims,
                         llvm::ArrayRef<std::string> outDims) const;
  /// The OR of the bases of `inDims` in `outDim`: the bits of that output
  /// the input dims can set. Where two groups of input dims have disjoint
  /// masks, XOR of their parts equals their sum (so e.g. a per-register
  /// constant can be added to a per-thread base address).
  int32_t getOutBitMask(llvm::ArrayRef<std::string> inDims,
                        llvm::StringRef outDim) const;

  /// True if sublayout(inDims, outDims) maps everything to zero.
  bool sublayoutIsZero(llvm::ArrayRef<std::string> inDims,
                       llvm::ArrayRef<std::string> outDims) const;

  /// Reorders dims; `newOrder` is a permutation of the existing names.
  LinearLayout transposeIns(llvm::ArrayRef<std::string> newOrder) const;
  LinearLayout transposeOuts(llvm::ArrayRef<std::string> newOrder) const;
  std::optional<LinearLayout>
  tryTransposeIns(llvm::ArrayRef<std::string> newOrder,
                  std::string *error = nullptr) const;
  std::optional<LinearLayout>
  tryTransposeOuts(llvm::ArrayRef<std::string> newOrder,
                   std::string *error = nullptr) const;

  /// Flattens the input (output) dims minor-to-major, the first dim being
  /// the most minor, and splits the result into the given dims. Total sizes
  /// must agree, names must be distinct and sizes powers of two.
  LinearLayout reshapeIns(const DimSizes &newInDims) const;
  LinearLayout reshapeOuts(const DimSizes &newOutDims) const;
  std::optional<LinearLayout> tryReshapeIns(const DimSizes &newInDims,
                                            std::string *error = nullptr) const;
  std::optional<LinearLayout>
  tryReshapeOuts(const DimSizes &newOutDims,
                 std::string *error = nullptr) const;

  /// Flattens all input (output) dims into one named dim (reshapeIns/Outs to
  /// a single dim of the total size).
  LinearLayout flattenIns(llvm::StringRef name) const;
  LinearLayout flattenOuts(llvm::StringRef name) const;

  /// Renames an input dim; adds one of size 1 when absent.
  LinearLayout renameInDim(llvm::StringRef oldName,
                           llvm::StringRef newName) const;

  /// True if, for every dim in `dims` present as both an input and an output
  /// dim, the layout is the identity on it and does not mix it with other
  /// dims: its bases are the unit vectors of the same-named output dim, no
  /// other input bit touches that output dim, and the sizes agree. Dims
  /// absent from both sides are ignored; a dim present on one side only
  /// (with size > 1) makes it false.
  bool isTrivialOver(llvm::ArrayRef<std::string> dims) const;
  /// If isTrivialOver(dims), the layout with those input and output dims
  /// removed; otherwise nullopt.
  std::optional<LinearLayout> quotient(llvm::ArrayRef<std::string> dims) const;

  /// The same layout with the zero bases of `inDim` removed (the dim
  /// shrinks accordingly): drops broadcast copies along that dim.
  LinearLayout removeZeroBasesAlongDim(llvm::StringRef inDim) const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// Human-readable dump: one line per input dim with its bases.
  std::string toString() const;
  void print(llvm::raw_ostream &os) const;

private:
  BasesT bases;
  DimSizes outDims;
};

LinearLayout operator*(LinearLayout lhs, LinearLayout rhs);
/// Hash consistent with operator== (for caches keyed by layouts).
llvm::hash_code hash_value(const LinearLayout &ll);
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const LinearLayout &ll);

/// "dim0", "dim1", ... for a rank-`rank` tensor.
llvm::SmallVector<std::string> standardOutDimNames(int rank);

/// The product over `order` (fastest dim first) of identity1D(shape[d],
/// inDim, "dim<d>"), with outputs in standard order dim0, dim1, ...
LinearLayout identityStandardND(llvm::StringRef inDim,
                                llvm::ArrayRef<int32_t> shape,
                                llvm::ArrayRef<unsigned> order);

/// Shape fitting (Triton's semantics for a layout tile larger than the
/// tensor). Each output dim of `layout` named in `shape` (name, size) that
/// is larger than the wanted size is cut to that size, every basis value in
/// it reduced modulo the size (for the power-of-two values of distributed
/// layouts: values >= size become 0, i.e. broadcasts). If
/// `broadcastRegisters` is false, "register" bases that this turns into
/// zero vectors are removed instead. Dims absent from `shape` are kept.
LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                       const LinearLayout::DimSizes &shape,
                                       bool broadcastRegisters = true);
/// While an output dim is smaller than wanted, multiplies by
/// identity1D(wanted / actual, inDim, outDim): the tile repeats into more
/// `inDim` bases (registers for distributed layouts). Dims are visited in
/// `shape`'s order.
LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                        const LinearLayout::DimSizes &shape,
                                        llvm::StringRef inDim = "register");

} // namespace tile

#endif // TILE_LINEARLAYOUT_LINEARLAYOUT_H
