//===- LayoutTable.cpp - Text forms of a linear layout --------------------===//
//
// The table format reproduces the tables of the Gluon layout tutorial:
//
//   2-D   [[ T0:0,  T0:1],        1-D   [  T0:0| T1:0,
//          [ T2:0,  T2:1]]                 T0:1| T1:1]
//
// Each owner (`T<thread>:<register>`, or an offset) is right-aligned to the
// widest owner shown; the owners of one element are joined with `|`; cells
// are separated by `, `; elided rows are a ` ...` line and elided columns a
// `...` cell. Higher ranks are listed one element per line.
//
//===----------------------------------------------------------------------===//

#include "tile/LayoutPrint/LayoutTable.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tile;

namespace {
/// Everything above this many (input point, element) pairs is refused.
constexpr int64_t kMaxTableWork = int64_t(1) << 24;

/// Row-major index of a coordinate.
int64_t linearIndex(ArrayRef<int64_t> coord, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [c, s] : llvm::zip(coord, shape))
    index = index * s + c;
  return index;
}

/// Shown indices of one dim: the range, elided to `max` entries; -1 marks
/// the elision.
SmallVector<int64_t> shownIndices(Range range, unsigned max) {
  SmallVector<int64_t> out;
  int64_t n = range.end - range.begin;
  if (max == 0 || n <= max) {
    for (int64_t i = range.begin; i < range.end; ++i)
      out.push_back(i);
    return out;
  }
  int64_t head = (max + 1) / 2, tail = max / 2;
  for (int64_t i = 0; i < head; ++i)
    out.push_back(range.begin + i);
  out.push_back(-1);
  for (int64_t i = range.end - tail; i < range.end; ++i)
    out.push_back(i);
  return out;
}
} // namespace

std::string LayoutOwners::ownerText(const Owner &o) const {
  std::string s;
  if (showBlock)
    s += "B" + std::to_string(o.block) + ":";
  if (shared)
    return s + std::to_string(o.reg);
  return s + "T" + std::to_string(o.thread) + ":" + std::to_string(o.reg);
}

SmallVector<std::string> LayoutOwners::cellParts(int64_t index) const {
  SmallVector<std::string> parts;
  for (const Owner &o : owners[index])
    parts.push_back(ownerText(o));
  if (parts.empty())
    parts.push_back("-");
  return parts;
}

bool tile::computeLayoutOwners(const LinearLayout &ll, ArrayRef<int64_t> shape,
                               bool shared, const TableOptions &options,
                               LayoutOwners &result, std::string &error) {
  unsigned rank = shape.size();
  int64_t numElements = 1;
  for (int64_t s : shape)
    numElements *= s;
  int64_t numInputs = ll.getTotalInDimSize();
  if (numInputs > kMaxTableWork || numElements > kMaxTableWork) {
    error = "the layout has " + std::to_string(numInputs) +
            " hardware points and " + std::to_string(numElements) +
            " elements: too large for a table; use --format=json";
    return false;
  }

  // The owners of every element: walk all inputs, XOR-ing the bases.
  StringRef firstDim = shared ? "offset" : "register";
  SmallVector<std::string> inDims = ll.getInDimNames();
  std::vector<SmallVector<Owner, 1>> &owners = result.owners;
  owners.assign(numElements, {});
  int64_t warpSize = ll.getInDimSize("lane");
  result.warpSize = warpSize;
  result.numWarps = ll.getInDimSize("warp");
  result.shared = shared;
  SmallVector<int64_t> coord(rank);
  for (int64_t point = 0; point < numInputs; ++point) {
    int64_t rest = point;
    std::fill(coord.begin(), coord.end(), 0);
    int64_t reg = 0, lane = 0, warp = 0, block = 0;
    for (const std::string &d : inDims) {
      int64_t size = ll.getInDimSize(d);
      int64_t value = rest % size;
      rest /= size;
      for (int bit = 0, e = ll.getInDimSizeLog2(d); bit < e; ++bit)
        if (value & (int64_t(1) << bit)) {
          ArrayRef<int32_t> basis = ll.getBasis(d, bit);
          for (unsigned k = 0; k < rank && k < basis.size(); ++k)
            coord[k] ^= basis[k];
        }
      if (d == firstDim)
        reg = value;
      else if (d == "lane")
        lane = value;
      else if (d == "warp")
        warp = value;
      else if (d == "block")
        block = value;
    }
    bool inside = true;
    for (unsigned k = 0; k < rank; ++k)
      inside &= coord[k] < shape[k];
    if (!inside)
      continue;
    int64_t thread = lane + warpSize * warp;
    if (options.threads &&
        (thread < options.threads->begin || thread >= options.threads->end))
      continue;
    owners[linearIndex(coord, shape)].push_back({block, thread, reg});
  }
  for (auto &list : owners)
    llvm::sort(list);
  result.showBlock = ll.getInDimSize("block") > 1;
  return true;
}

bool tile::computeShownGrid(ArrayRef<int64_t> shape,
                            const TableOptions &options,
                            SmallVectorImpl<int64_t> &shownRows,
                            SmallVectorImpl<int64_t> &shownCols,
                            std::string &error) {
  unsigned rank = shape.size();
  Range rows{0, shape[0]};
  if (options.rows)
    rows = *options.rows;
  Range cols{0, rank == 2 ? shape[1] : 1};
  if (options.cols) {
    if (rank != 2) {
      error = "--cols needs a 2-D shape";
      return false;
    }
    cols = *options.cols;
  }
  if (rows.end > shape[0] || (rank == 2 && cols.end > shape[1])) {
    error = "--rows/--cols reach beyond the shape";
    return false;
  }
  SmallVector<int64_t> r = shownIndices(rows, options.maxRows);
  shownRows.assign(r.begin(), r.end());
  SmallVector<int64_t> c =
      rank == 2 ? shownIndices(cols, options.maxCols) : SmallVector<int64_t>{0};
  shownCols.assign(c.begin(), c.end());
  return true;
}

bool tile::printLayoutTable(raw_ostream &os, const LinearLayout &ll,
                            ArrayRef<int64_t> shape, bool shared,
                            const TableOptions &options, std::string &error) {
  LayoutOwners result;
  if (!computeLayoutOwners(ll, shape, shared, options, result, error))
    return false;
  auto cellParts = [&](int64_t index) { return result.cellParts(index); };
  unsigned rank = shape.size();
  int64_t numElements = result.owners.size();

  if (rank > 2 || rank == 0) {
    // A listing: one element per line, `[i, j, k]: owners`.
    for (int64_t index = 0; index < numElements; ++index) {
      int64_t rest = index;
      SmallVector<int64_t> c(rank);
      for (int k = rank - 1; k >= 0; --k) {
        c[k] = rest % shape[k];
        rest /= shape[k];
      }
      os << '[';
      llvm::interleaveComma(c, os);
      os << "]: ";
      llvm::interleave(cellParts(index), os, "|");
      os << '\n';
    }
    return true;
  }

  SmallVector<int64_t> shownRows, shownCols;
  if (!computeShownGrid(shape, options, shownRows, shownCols, error))
    return false;

  // Width of one owner: the widest among the shown cells.
  size_t width = 0;
  for (int64_t r : shownRows)
    for (int64_t c : shownCols)
      if (r >= 0 && c >= 0)
        for (const std::string &p : cellParts(rank == 2 ? r * shape[1] + c : r))
          width = std::max(width, p.size());
  auto cellText = [&](int64_t index) {
    std::string s;
    for (auto [i, p] : llvm::enumerate(cellParts(index))) {
      if (i)
        s += '|';
      s.append(width - std::min(width, p.size()), ' ');
      s += p;
    }
    return s;
  };

  for (auto [i, r] : llvm::enumerate(shownRows)) {
    bool first = i == 0, last = i + 1 == shownRows.size();
    if (r < 0) {
      os << " ...\n";
      continue;
    }
    if (rank == 1) {
      os << (first ? "[ " : "  ") << cellText(r) << (last ? "]" : ",") << '\n';
      continue;
    }
    os << (first ? "[[" : " [");
    for (auto [j, c] : llvm::enumerate(shownCols)) {
      if (j)
        os << ", ";
      if (c < 0)
        os << "...";
      else
        os << cellText(r * shape[1] + c);
    }
    os << (last ? "]]" : "],") << '\n';
  }
  return true;
}

void tile::printLayoutJson(raw_ostream &os, const LinearLayout &ll,
                           ArrayRef<int64_t> shape, bool shared) {
  os << "{\"shape\": [";
  llvm::interleaveComma(shape, os);
  os << "], \"bases\": {";
  SmallVector<StringRef> dims;
  if (shared)
    dims = {"offset", "block"};
  else
    dims = {"register", "lane", "warp", "block"};
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      os << ", ";
    os << '"' << d << "\": [";
    for (int b = 0, e = ll.getInDimSizeLog2(d); b < e; ++b) {
      if (b)
        os << ", ";
      os << '[';
      llvm::interleaveComma(ll.getBasis(d, b), os);
      os << ']';
    }
    os << ']';
  }
  os << "}}\n";
}

Attribute tile::parseLayoutAttr(MLIRContext &ctx, StringRef text,
                                std::string &error) {
  llvm::raw_string_ostream os(error);
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    if (!error.empty())
      os << "\n";
    if (auto loc = dyn_cast<FileLineColLoc>(diag.getLocation()))
      os << "column " << loc.getColumn() << ": ";
    os << diag.str();
    for (Diagnostic &note : diag.getNotes())
      os << "\nnote: " << note.str();
    return mlir::success();
  });
  size_t numRead = 0;
  Attribute attr = parseAttribute(text, &ctx, Type(), &numRead);
  if (!attr) {
    if (error.empty())
      os << "cannot parse the layout attribute";
    if (!text.trim().starts_with("#"))
      os << "\nnote: write a layout attribute, e.g. '#layout.blocked<"
            "sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], "
            "order = [0]>'";
    return {};
  }
  if (!text.drop_front(numRead).trim().empty()) {
    os << "unexpected text after the attribute: '"
       << text.drop_front(numRead).trim() << "'";
    return {};
  }
  if (!layout::isLayoutAttr(attr)) {
    os << "'" << text.trim()
       << "' is not a layout attribute (#layout.blocked, #layout.slice, "
          "#layout.linear, #layout.swizzled_shared, #layout.strided)";
    return {};
  }
  return attr;
}
