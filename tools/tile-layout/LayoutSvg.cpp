//===- LayoutSvg.cpp - Pictures of a layout -------------------------------===//
//
// An SVG grid of the table format's cells (LayoutTable.cpp): same cells,
// same elision, plus color and a legend. Every coordinate is an integer and
// nothing depends on the environment, so the output is deterministic.
//
// Each cell is
//
//   <g class="cell" data-coord="R,C"><rect .../>
//     <text class="owner">T33:2|T97:2</text><text class="sub">w1|w3</text>
//     <title>...</title></g>
//
// where the owner text is the table's cell without its alignment padding;
// elided rows and columns are <text class="elided">...</text>.
//
//===----------------------------------------------------------------------===//

#include "LayoutSvg.h"

#include "tile/CuTe/IntTuple.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace tile;

namespace {
constexpr int kCharWidth = 7;
constexpr int kCellHeight = 34;
constexpr int kSwatch = 18;
constexpr int kNumBanks = 32;
constexpr int64_t kMaxCuteCells = int64_t(1) << 16;

std::string escape(StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string hsl(int64_t hue, int64_t saturation, int64_t lightness) {
  return "hsl(" + std::to_string(hue) + "," + std::to_string(saturation) +
         "%," + std::to_string(lightness) + "%)";
}

/// The hue of `i` of `n` (a power of two): the n hues 360 * k / n, stepped
/// by an odd stride near 3n/8 so that neighbors (lanes 0 and 1, banks 0 and
/// 1) get far-apart hues.
int64_t spreadHue(int64_t i, int64_t n) {
  int64_t stride = n >= 8 ? (n * 3 / 8) | 1 : 1;
  return (i * stride % n) * 360 / n;
}

/// The fill of thread `thread`: hue by lane, lightness by warp (4 levels).
std::string threadColor(int64_t thread, int64_t warpSize) {
  int64_t lane = thread % warpSize, warp = thread / warpSize;
  return hsl(spreadHue(lane, warpSize), 70, 86 - 12 * (warp % 4));
}

std::string bankColor(int64_t bank) {
  return hsl(spreadHue(bank, kNumBanks), 70, 78);
}

/// The bank of an element at `offset` (in elements of `bits` bits).
int64_t bankOf(int64_t offset, unsigned bits) {
  return (offset * bits / 32) % kNumBanks;
}

struct Canvas {
  std::string body;
  int width = 0, height = 0;
  void text(int x, int y, StringRef cls, StringRef content,
            StringRef anchor = "middle", int size = 11) {
    body += "<text class=\"" + cls.str() + "\" x=\"" + std::to_string(x) +
            "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" + anchor.str() +
            "\" font-size=\"" + std::to_string(size) + "\">" + escape(content) +
            "</text>\n";
    width = std::max<int>(
        width, anchor == "start" ? x + int(content.size()) * kCharWidth + 4
                                 : x + int(content.size()) * kCharWidth / 2);
    height = std::max(height, y + 6);
  }
  void rect(int x, int y, int w, int h, StringRef fill, StringRef extra = "") {
    body += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
            "\" width=\"" + std::to_string(w) + "\" height=\"" +
            std::to_string(h) + "\" fill=\"" + fill.str() + "\"" +
            (extra.empty() ? "" : " " + extra.str()) + "/>\n";
    width = std::max(width, x + w + 1);
    height = std::max(height, y + h + 1);
  }
};

/// Writes the canvas as an SVG document, or an XHTML page holding it.
void emitPicture(raw_ostream &os, const Canvas &canvas, int numCells,
                 const SvgOptions &svg) {
  int width = canvas.width + 6, height = canvas.height + 6;
  if (svg.html)
    os << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n"
          "<head><meta charset=\"utf-8\"/><title>"
       << escape(svg.caption) << "</title></head>\n<body>\n";
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " "
     << height << "\" font-family=\"monospace\" data-cells=\"" << numCells
     << "\">\n"
     << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height
     << "\" fill=\"white\"/>\n"
     << canvas.body << "</svg>\n";
  if (svg.html)
    os << "</body>\n</html>\n";
}
} // namespace

bool tile::printLayoutSvg(raw_ostream &os, const LinearLayout &ll,
                          ArrayRef<int64_t> shape, bool shared,
                          const TableOptions &options, const SvgOptions &svg,
                          std::string &error) {
  LayoutOwners owners;
  if (!computeLayoutOwners(ll, shape, shared, options, owners, error))
    return false;
  unsigned rank = shape.size();
  bool listing = rank == 0 || rank > 2;
  SmallVector<int64_t> rows, cols;
  if (listing) {
    // Higher ranks: the table's listing, one element per row.
    for (int64_t i = 0, e = owners.owners.size(); i < e; ++i)
      rows.push_back(i);
    cols.push_back(0);
  } else if (!computeShownGrid(shape, options, rows, cols, error)) {
    return false;
  }
  auto indexOf = [&](int64_t r, int64_t c) {
    return rank == 2 ? r * shape[1] + c : r;
  };
  auto coordText = [&](int64_t r, int64_t c, StringRef sep) {
    if (rank == 2)
      return std::to_string(r) + sep.str() + std::to_string(c);
    if (rank == 1)
      return std::to_string(r);
    SmallVector<std::string> parts(rank);
    int64_t rest = r;
    for (int k = rank - 1; k >= 0; --k) {
      parts[k] = std::to_string(rest % shape[k]);
      rest /= shape[k];
    }
    return llvm::join(parts, sep);
  };

  // The second line of a cell: warps, or banks.
  auto subText = [&](int64_t index) {
    SmallVector<std::string> parts;
    for (const Owner &o : owners.owners[index]) {
      std::string s = shared
                          ? "b" + std::to_string(bankOf(o.reg, svg.elementBits))
                          : "w" + std::to_string(o.thread / owners.warpSize);
      if (!llvm::is_contained(parts, s))
        parts.push_back(s);
    }
    return llvm::join(parts, "|");
  };

  // Geometry: every cell as wide as the widest text shown.
  size_t maxChars = 5;
  for (int64_t r : rows)
    for (int64_t c : cols)
      if (r >= 0 && c >= 0) {
        int64_t index = indexOf(r, c);
        maxChars =
            std::max({maxChars, llvm::join(owners.cellParts(index), "|").size(),
                      subText(index).size()});
      }
  bool anyCopies = llvm::any_of(
      owners.owners, [](const auto &list) { return list.size() > 1; });
  int cellWidth = int(maxChars) * kCharWidth + (anyCopies ? 24 : 10);
  size_t labelChars = 3;
  for (int64_t r : rows)
    if (r >= 0)
      labelChars =
          std::max(labelChars, listing ? coordText(r, 0, ",").size() + 2
                                       : std::to_string(r).size());
  int x0 = int(labelChars) * kCharWidth + 14, y0 = 44;

  Canvas canvas;
  std::string caption = svg.caption;
  canvas.text(6, 16, "caption", caption, "start", 12);
  // Column headers (2-D only).
  if (rank == 2)
    for (auto [j, c] : llvm::enumerate(cols))
      canvas.text(x0 + int(j) * cellWidth + cellWidth / 2, y0 - 8,
                  c < 0 ? "elided" : "index",
                  c < 0 ? "..." : std::to_string(c));
  int numCells = 0;
  for (auto [i, r] : llvm::enumerate(rows)) {
    int y = y0 + int(i) * kCellHeight;
    if (r < 0) {
      canvas.text(x0 - 8, y + 21, "elided", "...", "end");
      continue;
    }
    std::string label =
        listing ? "[" + coordText(r, 0, ",") + "]" : std::to_string(r);
    canvas.text(x0 - 8, y + 21, "index", label, "end");
    for (auto [j, c] : llvm::enumerate(cols)) {
      int x = x0 + int(j) * cellWidth;
      if (c < 0) {
        canvas.text(x + cellWidth / 2, y + 21, "elided", "...");
        continue;
      }
      int64_t index = indexOf(r, c);
      ArrayRef<Owner> list = owners.owners[index];
      std::string fill = "white";
      if (!list.empty())
        fill = shared ? bankColor(bankOf(list.front().reg, svg.elementBits))
                      : threadColor(list.front().thread, owners.warpSize);
      bool copies = list.size() > 1;
      ++numCells;
      canvas.body +=
          "<g class=\"cell\" data-coord=\"" + coordText(r, c, ",") + "\">\n";
      canvas.rect(x, y, cellWidth, kCellHeight, fill,
                  copies ? "stroke=\"black\" stroke-width=\"2\" "
                           "stroke-dasharray=\"4,2\""
                         : "stroke=\"#555\" stroke-width=\"1\"");
      int center = x + cellWidth / 2 - (anyCopies ? 7 : 0);
      canvas.text(center, y + 15, "owner",
                  llvm::join(owners.cellParts(index), "|"));
      canvas.text(center, y + 28, "sub", subText(index), "middle", 9);
      if (copies)
        canvas.text(x + cellWidth - 3, y + 10, "copies",
                    "x" + std::to_string(list.size()), "end", 8);
      canvas.body += "<title>element [" + coordText(r, c, ", ") +
                     "]: " + escape(llvm::join(owners.cellParts(index), " ")) +
                     "</title>\n</g>\n";
    }
  }

  // The legend.
  int y = y0 + int(rows.size()) * kCellHeight + 24;
  canvas.body += "<g id=\"legend\">\n";
  auto line = [&](StringRef text) {
    canvas.text(6, y, "legend", text, "start");
    y += 16;
  };
  std::string ws = std::to_string(owners.warpSize);
  if (shared) {
    std::string bits = std::to_string(svg.elementBits);
    line("Legend: each cell is an element of the tensor, [row, column] as "
         "labeled.");
    line("Top: the element's offset in the shared buffer, in elements of " +
         bits + " bits" + (owners.showBlock ? " (B<block>: per CTA)" : "") +
         ".");
    line("Bottom and fill: its bank b = (offset * " + bits +
         " / 32) mod 32, of 32 banks of 4 bytes; the swizzle spreads a "
         "column over the banks.");
  } else {
    line("Legend: each cell is an element of the tensor, [row, column] as "
         "labeled.");
    line("Top: the threads and registers holding it, T<thread>:<register>, "
         "thread = lane + " +
         ws + " * warp" + (owners.showBlock ? ", B<block>: the CTA" : "") +
         ". Bottom: the warp(s), w<warp>.");
    line("Fill: the first owner's thread: hue = lane (neighbors far apart), "
         "lightness = warp (4 levels, repeating).");
    line("Dashed border and xN: broadcast copies, the element is held by N "
         "threads.");
  }
  line("'-': no owner among the threads shown; '...': rows or columns "
       "elided.");
  y += 4;
  if (shared) {
    canvas.text(6, y + 13, "legend", "bank", "start");
    for (int b = 0; b < kNumBanks; ++b) {
      int x = 60 + b * (kSwatch + 4);
      canvas.rect(x, y, kSwatch, kSwatch, bankColor(b), "stroke=\"#555\"");
      canvas.text(x + kSwatch / 2, y + kSwatch + 11, "legend",
                  std::to_string(b), "middle", 8);
    }
    y += kSwatch + 20;
  } else {
    canvas.text(6, y + 13, "legend", "lane", "start");
    for (int64_t l = 0; l < owners.warpSize; ++l) {
      int x = 60 + int(l) * (kSwatch + 4);
      canvas.rect(x, y, kSwatch, kSwatch, threadColor(l, owners.warpSize),
                  "stroke=\"#555\"");
      canvas.text(x + kSwatch / 2, y + kSwatch + 11, "legend",
                  std::to_string(l), "middle", 8);
    }
    y += kSwatch + 20;
    canvas.text(6, y + 13, "legend", "warp", "start");
    for (int64_t w = 0; w < std::min<int64_t>(owners.numWarps, 4); ++w) {
      int x = 60 + int(w) * (kSwatch + 4);
      canvas.rect(x, y, kSwatch, kSwatch,
                  threadColor(w * owners.warpSize, owners.warpSize),
                  "stroke=\"#555\"");
      canvas.text(x + kSwatch / 2, y + kSwatch + 11, "legend",
                  std::to_string(w), "middle", 8);
    }
    y += kSwatch + 20;
  }
  canvas.body += "</g>\n";

  emitPicture(os, canvas, numCells, svg);
  return true;
}

bool tile::printCuteSvg(raw_ostream &os, const cute::Layout &layout,
                        const SvgOptions &svg, std::string &error) {
  int64_t size = layout.size();
  if (size > kMaxCuteCells) {
    error = "the layout has " + std::to_string(size) +
            " elements: too large for a picture (at most " +
            std::to_string(kMaxCuteCells) + "); use --format=table";
    return false;
  }
  // CuTe's print_layout grid: mode 0 down, mode 1 (modes 1.. grouped,
  // colex) across; cell (m, n) is layout(m + n * rows).
  size_t rank = layout.rank();
  int64_t rows = rank >= 2 ? cute::product(layout.shape()[0]) : size;
  int64_t cols = rank >= 2 ? size / std::max<int64_t>(rows, 1) : 1;
  // Nested modes are outlined every `inner` rows (columns): the size of the
  // mode's first sub-mode; with rank > 2 every mode-1 size.
  auto innerOf = [](const cute::IntTuple &mode) -> int64_t {
    return mode.isTuple() && mode.rank() > 1 ? cute::product(mode[0]) : 0;
  };
  int64_t rowInner =
      rank >= 2 ? innerOf(layout.shape()[0]) : innerOf(layout.shape());
  int64_t colInner = rank == 2  ? innerOf(layout.shape()[1])
                     : rank > 2 ? cute::product(layout.shape()[1])
                                : 0;
  size_t maxChars = 3;
  for (int64_t i = 0; i < size; ++i)
    maxChars = std::max(maxChars, std::to_string(layout(i)).size());
  int cellWidth = int(maxChars) * kCharWidth + 14, cellHeight = 24;
  int x0 = int(std::to_string(rows).size()) * kCharWidth + 14, y0 = 44;

  Canvas canvas;
  canvas.text(6, 16, "caption", svg.caption, "start", 12);
  for (int64_t n = 0; n < cols; ++n)
    canvas.text(x0 + int(n) * cellWidth + cellWidth / 2, y0 - 8, "index",
                std::to_string(n));
  int numCells = 0;
  for (int64_t m = 0; m < rows; ++m) {
    int y = y0 + int(m) * cellHeight;
    canvas.text(x0 - 8, y + 16, "index", std::to_string(m), "end");
    for (int64_t n = 0; n < cols; ++n) {
      int x = x0 + int(n) * cellWidth;
      int64_t value = layout(m + n * rows);
      ++numCells;
      canvas.body += "<g class=\"cell\" data-coord=\"" + std::to_string(m) +
                     "," + std::to_string(n) + "\">\n";
      canvas.rect(x, y, cellWidth, cellHeight,
                  hsl(spreadHue(((value % 8) + 8) % 8, 8), 60, 84),
                  "stroke=\"#555\" stroke-width=\"1\"");
      canvas.text(x + cellWidth / 2, y + 16, "owner", std::to_string(value));
      canvas.body += "</g>\n";
    }
  }
  // The outlines of the modes: the grid, and the nested sub-modes.
  int gridWidth = int(cols) * cellWidth, gridHeight = int(rows) * cellHeight;
  auto line = [&](int x1, int y1, int x2, int y2) {
    canvas.body += "<line class=\"mode\" x1=\"" + std::to_string(x1) +
                   "\" y1=\"" + std::to_string(y1) + "\" x2=\"" +
                   std::to_string(x2) + "\" y2=\"" + std::to_string(y2) +
                   "\" stroke=\"black\" stroke-width=\"3\"/>\n";
  };
  canvas.rect(x0, y0, gridWidth, gridHeight, "none",
              "class=\"mode\" stroke=\"black\" stroke-width=\"3\"");
  for (int64_t m = rowInner; rowInner && m < rows; m += rowInner)
    line(x0, y0 + int(m) * cellHeight, x0 + gridWidth,
         y0 + int(m) * cellHeight);
  for (int64_t n = colInner; colInner && n < cols; n += colInner)
    line(x0 + int(n) * cellWidth, y0, x0 + int(n) * cellWidth, y0 + gridHeight);

  int y = y0 + gridHeight + 24;
  canvas.body += "<g id=\"legend\">\n";
  auto legendLine = [&](StringRef text) {
    canvas.text(6, y, "legend", text, "start");
    y += 16;
  };
  legendLine("Legend: CuTe's print_layout grid: row m is coordinate m of "
             "mode 0, column n coordinate n of mode 1" +
             std::string(rank > 2 ? " (modes 1.. grouped, colex)" : "") + ".");
  legendLine("Each cell shows the index layout(m + n * " +
             std::to_string(rows) + ")" +
             (layout.isSwizzled() ? ", after the swizzle" : "") +
             "; fill: index mod 8.");
  legendLine("Thick lines: the outline of the modes and of their nested "
             "sub-modes.");
  canvas.body += "</g>\n";
  emitPicture(os, canvas, numCells, svg);
  return true;
}
