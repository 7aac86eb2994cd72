//===- AxisBits.cpp - Where the bits of one axis live ---------------------===//
//
// See AxisBits.h. Every input bit of the layout moves along the axis only
// (an axis bit: its step must be a power of two, distinct from the other
// axis bits'), along other dims only, or nowhere (a broadcast copy).
//
//===----------------------------------------------------------------------===//

#include "AxisBits.h"

#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;

std::optional<AxisBits> tile::analyzeAxisBits(const LinearLayout &layout,
                                              int64_t axis, std::string *why) {
  auto fail = [&](const Twine &msg) -> std::optional<AxisBits> {
    if (why)
      *why = msg.str();
    return std::nullopt;
  };
  int64_t rank = layout.getNumOutDims();
  if (axis < 0 || axis >= rank)
    return fail("the axis is out of range");
  int numBits =
      llvm::Log2_32(layout.getOutDimSize(layout.getOutDimNames()[axis]));
  AxisBits result;
  SmallVector<std::optional<AxisBits::Bit>> bits(numBits);
  for (const auto &[name, dimBases] : layout.getBases()) {
    for (unsigned bit = 0; bit < dimBases.size(); ++bit) {
      const LinearLayout::Basis &basis = dimBases[bit];
      uint32_t step = uint32_t(basis[axis]);
      bool otherDims = false;
      for (int64_t d = 0; d < rank; ++d)
        otherDims |= d != axis && basis[d] != 0;
      if (step == 0)
        continue;
      if (otherDims)
        return fail("the layout mixes the axis with other dims in one basis (" +
                    name + " bit " + Twine(bit) +
                    "); convert the operand to a blocked layout first");
      if (!llvm::isPowerOf2_32(step))
        return fail(name + " bit " + Twine(bit) + " moves along the axis by " +
                    Twine(step) +
                    ", not a power of two; convert the operand to a blocked "
                    "layout first");
      int c = llvm::Log2_32(step);
      if (c >= numBits || bits[c])
        return fail(name + " bit " + Twine(bit) +
                    " repeats an axis step of another bit; convert the "
                    "operand to a blocked layout first");
      AxisBits::Level level;
      if (name == kRegister) {
        level = AxisBits::Level::Register;
        result.regAxisMask |= 1 << bit;
      } else if (name == kLane) {
        level = AxisBits::Level::Lane;
      } else if (name == kWarp) {
        level = AxisBits::Level::Warp;
      } else {
        return fail("the axis is split across the blocks of a cluster; keep "
                    "it within one program");
      }
      bits[c] = AxisBits::Bit{level, int(bit)};
    }
  }
  for (auto [c, bit] : llvm::enumerate(bits)) {
    if (!bit)
      return fail("no hardware bit holds axis step " + Twine(1u << c) +
                  "; the layout does not cover the axis");
    result.bits.push_back(*bit);
  }
  return result;
}
