//===- LayoutAttrFuzzTest.cpp - Random mutations of layout attributes ----===//
//
// Mutates valid attribute texts many thousands of times and parses them:
// nothing may crash or hang, every rejected input must come with a
// diagnostic, and every accepted one must print and parse back to itself
// and answer toLinearLayout for assorted shapes.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <random>

using namespace tile;
using namespace tile::layout;

namespace {
const char *const kSeeds[] = {
    "#layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], "
    "warpsPerCTA = [2, 2], order = [1, 0]>",
    "#layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], "
    "warpsPerCTA = [2, 2], order = [1, 0], CTAsPerCGA = [2, 4], "
    "CTASplitNum = [2, 2], CTAOrder = [0, 1]>",
    "#layout.slice<dim = 1, parent = #layout.blocked<sizePerThread = [1, 1], "
    "threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>>",
    "#layout.slice<dim = 0, parent = #layout.slice<dim = 2, parent = "
    "#layout.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], "
    "warpsPerCTA = [1, 2, 2], order = [2, 1, 0]>>>",
    "#layout.linear<register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], "
    "[1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []>",
    "#layout.linear<register = [], lane = [[1], [2], [0], [4], [8]], warp = "
    "[[0]], block = [[16]]>",
    "#layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = "
    "[1, 0]>",
    "#layout.swizzled_shared<vec = 1, perPhase = 2, maxPhase = 4, order = "
    "[0, 1, 2], CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1]>",
    "#layout.strided<(4,(2,3)):(2,(1,8))>",
    "#layout.strided<Sw<3,4,3> o (8,64):(64,1)>",
    "#layout.strided<(8,8):(8,1)>",
};

const char kAlphabet[] = "[]<>(),=:#._ -0123456789abcdefghijklmnopqrstuvwxyz"
                         "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const char *const kTokens[] = {"0",
                               "1",
                               "3",
                               "-1",
                               "2147483648",
                               "99999999999999999999",
                               "1073741824",
                               "[]",
                               "[[",
                               "]]",
                               "<",
                               ">",
                               "(",
                               ")",
                               ",",
                               "=",
                               "dim",
                               "parent",
                               "order",
                               "register",
                               "lane",
                               "warp",
                               "block",
                               "vec",
                               "rank",
                               "Sw<3,4,3> o ",
                               "#layout.blocked<",
                               "#layout.linear<",
                               "#layout.slice<dim = 0, parent = ",
                               "CTAsPerCGA = [4, 4]",
                               "\"",
                               "\\",
                               "{",
                               "}",
                               "_"};

std::string mutate(std::string text, std::mt19937 &rng) {
  auto pick = [&](size_t n) {
    return std::uniform_int_distribution<size_t>(0, n - 1)(rng);
  };
  int steps = 1 + pick(3);
  for (int s = 0; s < steps; ++s) {
    size_t pos = text.empty() ? 0 : pick(text.size() + 1);
    switch (pick(6)) {
    case 0: // delete a character
      if (!text.empty() && pos < text.size())
        text.erase(pos, 1);
      break;
    case 1: // insert a character
      text.insert(text.begin() + pos, kAlphabet[pick(sizeof(kAlphabet) - 1)]);
      break;
    case 2: // insert a token
      text.insert(pos, kTokens[pick(std::size(kTokens))]);
      break;
    case 3: { // delete a span
      if (pos < text.size())
        text.erase(pos, 1 + pick(std::min<size_t>(12, text.size() - pos)));
      break;
    }
    case 4: { // duplicate a span
      if (pos < text.size()) {
        std::string span = text.substr(pos, 1 + pick(16));
        text.insert(pos, span);
      }
      break;
    }
    case 5: { // replace a digit run by a token
      size_t d = text.find_first_of("0123456789", pos);
      if (d != std::string::npos) {
        size_t e = text.find_first_not_of("0123456789", d);
        text.replace(d, (e == std::string::npos ? text.size() : e) - d,
                     kTokens[pick(7)]);
      }
      break;
    }
    }
  }
  return text;
}

TEST(LayoutAttrFuzz, MutatedAttributesNeverCrash) {
  MLIRContext ctx;
  ctx.loadDialect<LayoutDialect>();
  unsigned diagnostics = 0;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &) {
    ++diagnostics;
    return success();
  });
  std::mt19937 rng(20261122);
  unsigned accepted = 0, rejected = 0;
  const int kIterations = 20000;
  for (int i = 0; i < kIterations; ++i) {
    std::string text = mutate(kSeeds[i % std::size(kSeeds)], rng);
    unsigned before = diagnostics;
    size_t numRead = 0;
    Attribute attr = parseAttribute(text, &ctx, Type(), &numRead);
    if (!attr) {
      ++rejected;
      EXPECT_GT(diagnostics, before) << "rejected without a message: " << text;
      continue;
    }
    ++accepted;
    // Print, parse back: the same attribute.
    std::string printed;
    llvm::raw_string_ostream os(printed);
    attr.print(os);
    EXPECT_EQ(parseAttribute(printed, &ctx), attr)
        << "input: " << text << "\nprinted: " << printed;
    if (!isLayoutAttr(attr))
      continue;
    // Ask for linear forms at assorted shapes, fitting or not.
    unsigned rank = 1;
    if (auto d = dyn_cast<DistributedLayoutAttrInterface>(attr))
      rank = d.getRank();
    else if (auto s = dyn_cast<SwizzledSharedAttr>(attr))
      rank = s.getOrder().size();
    for (int64_t size : {1, 3, 16, 128}) {
      SmallVector<int64_t> shape(std::min(rank, 6u), size);
      std::string why;
      std::optional<LinearLayout> ll = computeLinearLayout(attr, shape, &why);
      if (!ll)
        EXPECT_FALSE(why.empty()) << text;
      (void)toLinearLayout(attr, shape);
    }
  }
  // The mutations must exercise both paths.
  EXPECT_GT(accepted, 100u);
  EXPECT_GT(rejected, 1000u);
}
} // namespace
