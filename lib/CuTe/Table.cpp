//===- Table.cpp - CuTe print_layout tables -------------------------------===//

#include "tile/CuTe/Eval.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile;
using namespace tile::cute;

static int numDigits(int64_t x) {
  int n = x < 0 ? 2 : 1;
  if (x < 0)
    x = -x;
  while (x >= 10) {
    x /= 10;
    ++n;
  }
  return n;
}

std::string tile::cute::formatLayoutTable(const Layout &layout) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << toString(layout) << "\n";
  int64_t rows =
      layout.rank() >= 2 ? product(layout.shape()[0]) : layout.size();
  int64_t cols =
      layout.rank() >= 2 ? layout.size() / std::max<int64_t>(rows, 1) : 1;
  if (layout.size() > (int64_t(1) << 16)) {
    os << "(table omitted: " << layout.size() << " elements)\n";
    return out;
  }
  int64_t maxAbs = 0;
  for (int64_t i = 0; i < layout.size(); ++i) {
    int64_t v = layout(i);
    maxAbs = std::max(maxAbs, v < 0 ? -v * 10 : v);
  }
  // CuTe sizes the cells by the cosize; use the largest value printed so
  // that negative strides and swizzles stay aligned too.
  int width = std::max(numDigits(layout.cosize()), numDigits(maxAbs)) + 2;
  std::string dashes = "+" + std::string(width, '-');
  auto rule = [&] {
    os << "    ";
    for (int64_t n = 0; n < cols; ++n)
      os << dashes;
    os << "+\n";
  };
  os << "    ";
  for (int64_t n = 0; n < cols; ++n)
    os << "  " << llvm::format_decimal(n, width - 2) << " ";
  os << "\n";
  for (int64_t m = 0; m < rows; ++m) {
    rule();
    os << llvm::format_decimal(m, 2) << "  ";
    for (int64_t n = 0; n < cols; ++n)
      os << "| " << llvm::format_decimal(layout(m + n * rows), width - 2)
         << " ";
    os << "|\n";
  }
  rule();
  return out;
}
