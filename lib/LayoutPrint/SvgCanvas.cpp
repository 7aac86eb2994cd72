//===- SvgCanvas.cpp - Drawing layouts as SVG -----------------------------===//

#include "SvgCanvas.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace tile;
using namespace tile::svg;

std::string svg::escape(StringRef text) {
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

std::string svg::hsl(int64_t hue, int64_t saturation, int64_t lightness) {
  return "hsl(" + std::to_string(hue) + "," + std::to_string(saturation) +
         "%," + std::to_string(lightness) + "%)";
}

// The n hues 360 * k / n, stepped by an odd stride near 3n/8 so that
// neighbors (lanes 0 and 1, banks 0 and 1) get far-apart hues.
int64_t svg::spreadHue(int64_t i, int64_t n) {
  int64_t stride = n >= 8 ? (n * 3 / 8) | 1 : 1;
  return (i * stride % n) * 360 / n;
}

std::string svg::threadColor(int64_t thread, int64_t warpSize) {
  int64_t lane = thread % warpSize, warp = thread / warpSize;
  return hsl(spreadHue(lane, warpSize), 70, 86 - 12 * (warp % 4));
}

std::string svg::bankColor(int64_t bank) {
  return hsl(spreadHue(bank, kNumBanks), 70, 78);
}

int64_t svg::bankOf(int64_t offset, unsigned bits) {
  return (offset * bits / 32) % kNumBanks;
}

void Canvas::text(int x, int y, StringRef cls, StringRef content,
                  StringRef anchor, int size) {
  body += "<text class=\"" + cls.str() + "\" x=\"" + std::to_string(x) +
          "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" + anchor.str() +
          "\" font-size=\"" + std::to_string(size) + "\">" + escape(content) +
          "</text>\n";
  width = std::max<int>(width, anchor == "start"
                                   ? x + int(content.size()) * kCharWidth + 4
                                   : x + int(content.size()) * kCharWidth / 2);
  height = std::max(height, y + 6);
}

void Canvas::rect(int x, int y, int w, int h, StringRef fill, StringRef extra) {
  body += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
          "\" width=\"" + std::to_string(w) + "\" height=\"" +
          std::to_string(h) + "\" fill=\"" + fill.str() + "\"" +
          (extra.empty() ? "" : " " + extra.str()) + "/>\n";
  width = std::max(width, x + w + 1);
  height = std::max(height, y + h + 1);
}

void svg::emitPicture(raw_ostream &os, const Canvas &canvas, int numCells,
                      const SvgOptions &options) {
  int width = canvas.width + 6, height = canvas.height + 6;
  if (options.html)
    os << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n"
          "<head><meta charset=\"utf-8\"/><title>"
       << escape(options.caption) << "</title></head>\n<body>\n";
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " "
     << height << "\" font-family=\"monospace\" data-cells=\"" << numCells
     << "\">\n"
     << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height
     << "\" fill=\"white\"/>\n"
     << canvas.body << "</svg>\n";
  if (options.html)
    os << "</body>\n</html>\n";
}

//===----------------------------------------------------------------------===//
// The owner grid
//===----------------------------------------------------------------------===//

bool OwnerGrid::build(const LayoutOwners &owners, ArrayRef<int64_t> shape,
                      const TableOptions &options, unsigned elementBits,
                      std::optional<OwnerGrid> &grid, std::string &error) {
  grid.emplace(OwnerGrid{owners, shape, {}, {}, false, elementBits});
  unsigned rank = shape.size();
  grid->listing = rank == 0 || rank > 2;
  if (grid->listing) {
    // Higher ranks: the table's listing, one element per row.
    for (int64_t i = 0, e = owners.owners.size(); i < e; ++i)
      grid->rows.push_back(i);
    grid->cols.push_back(0);
    return true;
  }
  return computeShownGrid(shape, options, grid->rows, grid->cols, error);
}

int64_t OwnerGrid::indexOf(int64_t r, int64_t c) const {
  return shape.size() == 2 ? r * shape[1] + c : r;
}

std::string OwnerGrid::coordText(int64_t r, int64_t c, StringRef sep) const {
  unsigned rank = shape.size();
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
}

std::string OwnerGrid::subText(int64_t index) const {
  SmallVector<std::string> parts;
  for (const Owner &o : owners.owners[index]) {
    std::string s = owners.shared
                        ? "b" + std::to_string(bankOf(o.reg, elementBits))
                        : "w" + std::to_string(o.thread / owners.warpSize);
    if (!llvm::is_contained(parts, s))
      parts.push_back(s);
  }
  return llvm::join(parts, "|");
}

int OwnerGrid::cellWidth(int extraChars) const {
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
  return int(maxChars + extraChars) * kCharWidth + (anyCopies ? 24 : 10);
}

int OwnerGrid::labelWidth() const {
  size_t labelChars = 3;
  for (int64_t r : rows)
    if (r >= 0)
      labelChars =
          std::max(labelChars, listing ? coordText(r, 0, ",").size() + 2
                                       : std::to_string(r).size());
  return int(labelChars) * kCharWidth + 14;
}

int svg::drawOwnerGrid(
    Canvas &canvas, const OwnerGrid &grid, int x0, int y0, int cellWidth,
    int leftPad,
    llvm::function_ref<void(Canvas &, int64_t, int, int, int)> decorate) {
  const LayoutOwners &owners = grid.owners;
  bool anyCopies = llvm::any_of(
      owners.owners, [](const auto &list) { return list.size() > 1; });
  // Column headers (2-D only).
  if (grid.shape.size() == 2)
    for (auto [j, c] : llvm::enumerate(grid.cols))
      canvas.text(x0 + int(j) * cellWidth + cellWidth / 2, y0 - 8,
                  c < 0 ? "elided" : "index",
                  c < 0 ? "..." : std::to_string(c));
  int numCells = 0;
  for (auto [i, r] : llvm::enumerate(grid.rows)) {
    int y = y0 + int(i) * kCellHeight;
    if (r < 0) {
      canvas.text(x0 - 8, y + 21, "elided", "...", "end");
      continue;
    }
    std::string label = grid.listing ? "[" + grid.coordText(r, 0, ",") + "]"
                                     : std::to_string(r);
    canvas.text(x0 - 8, y + 21, "index", label, "end");
    for (auto [j, c] : llvm::enumerate(grid.cols)) {
      int x = x0 + int(j) * cellWidth;
      if (c < 0) {
        canvas.text(x + cellWidth / 2, y + 21, "elided", "...");
        continue;
      }
      int64_t index = grid.indexOf(r, c);
      ArrayRef<Owner> list = owners.owners[index];
      std::string fill = "white";
      if (!list.empty())
        fill = owners.shared
                   ? bankColor(bankOf(list.front().reg, grid.elementBits))
                   : threadColor(list.front().thread, owners.warpSize);
      bool copies = list.size() > 1;
      ++numCells;
      canvas.body += "<g class=\"cell\" data-coord=\"" +
                     grid.coordText(r, c, ",") + "\">\n";
      canvas.rect(x, y, cellWidth, kCellHeight, fill,
                  copies ? "stroke=\"black\" stroke-width=\"2\" "
                           "stroke-dasharray=\"4,2\""
                         : "stroke=\"#555\" stroke-width=\"1\"");
      int center = x + (cellWidth + leftPad) / 2 - (anyCopies ? 7 : 0);
      canvas.text(center, y + 15, "owner",
                  llvm::join(owners.cellParts(index), "|"));
      canvas.text(center, y + 28, "sub", grid.subText(index), "middle", 9);
      if (copies)
        canvas.text(x + cellWidth - 3, y + 10, "copies",
                    "x" + std::to_string(list.size()), "end", 8);
      if (decorate)
        decorate(canvas, index, x, y, cellWidth);
      canvas.body += "<title>element [" + grid.coordText(r, c, ", ") +
                     "]: " + escape(llvm::join(owners.cellParts(index), " ")) +
                     "</title>\n</g>\n";
    }
  }
  return numCells;
}

void svg::drawThreadSwatches(Canvas &canvas, int &y, int64_t warpSize,
                             int64_t numWarps) {
  canvas.text(6, y + 13, "legend", "lane", "start");
  for (int64_t l = 0; l < warpSize; ++l) {
    int x = 60 + int(l) * (kSwatch + 4);
    canvas.rect(x, y, kSwatch, kSwatch, threadColor(l, warpSize),
                "stroke=\"#555\"");
    canvas.text(x + kSwatch / 2, y + kSwatch + 11, "legend", std::to_string(l),
                "middle", 8);
  }
  y += kSwatch + 20;
  canvas.text(6, y + 13, "legend", "warp", "start");
  for (int64_t w = 0; w < std::min<int64_t>(numWarps, 4); ++w) {
    int x = 60 + int(w) * (kSwatch + 4);
    canvas.rect(x, y, kSwatch, kSwatch, threadColor(w * warpSize, warpSize),
                "stroke=\"#555\"");
    canvas.text(x + kSwatch / 2, y + kSwatch + 11, "legend", std::to_string(w),
                "middle", 8);
  }
  y += kSwatch + 20;
}
