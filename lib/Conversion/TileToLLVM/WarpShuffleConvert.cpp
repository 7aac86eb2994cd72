//===- WarpShuffleConvert.cpp - layout.convert through warp shuffles ------===//
//
// Placeholder created with the CMake wiring; the lowering lands with its
// tests.
//
//===----------------------------------------------------------------------===//
