//===- SplitTiles.cpp - Split tiles above the register budget -------------===//
//
// Placeholder created with the CMake wiring; the pass lands with its tests.
//
//===----------------------------------------------------------------------===//
