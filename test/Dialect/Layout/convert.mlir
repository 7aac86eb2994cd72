// RUN: tile-opt %s -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=FOLD

// layout.convert: syntax, assert_trivial accepted where no data moves, and
// the folds.

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#parent = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#slice = #layout.slice<dim = 1, parent = #parent>
#linear = #layout.linear<register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]]>

// The tutorial's three spellings of one layout: trivial conversions.
// CHECK-LABEL: func.func @trivial
// CHECK: layout.convert %{{.*}} {assert_trivial} : tensor<128xf32, #blocked> -> tensor<128xf32, #slice>
// CHECK: layout.convert %{{.*}} {assert_trivial} : tensor<128xf32, #slice> -> tensor<128xf32, #linear>
// FOLD-LABEL: func.func @trivial
// FOLD: %[[C:.*]] = layout.convert %arg0 {assert_trivial} : tensor<128xf32, #blocked> -> tensor<128xf32, #slice>
// FOLD: layout.convert %[[C]] {assert_trivial} : tensor<128xf32, #slice> -> tensor<128xf32, #linear>
func.func @trivial(%x: tensor<128xf32, #blocked>) -> tensor<128xf32, #linear> {
  %0 = layout.convert %x {assert_trivial} : tensor<128xf32, #blocked> -> tensor<128xf32, #slice>
  %1 = layout.convert %0 {assert_trivial} : tensor<128xf32, #slice> -> tensor<128xf32, #linear>
  return %1 : tensor<128xf32, #linear>
}

// -----

// Registers reorder within a thread: order [0, 1] vs [1, 0] with 2x2
// elements per thread and the same lanes.
#rows = #layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#cols = #layout.linear<register = [[1, 0], [0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []>
// CHECK-LABEL: func.func @register_permutation
// CHECK: layout.convert %{{.*}} {assert_trivial}
func.func @register_permutation(%x: tensor<2x64xf16, #rows>) -> tensor<2x64xf16, #cols> {
  %0 = layout.convert %x {assert_trivial} : tensor<2x64xf16, #rows> -> tensor<2x64xf16, #cols>
  return %0 : tensor<2x64xf16, #cols>
}

// -----

// Broadcast copies: lanes that differ only by an element the thread already
// holds (the lane basis moves by a register basis) are still trivial.
#a = #layout.linear<register = [[1]], lane = [[2]], warp = []>
#b = #layout.linear<register = [[1]], lane = [[3]], warp = []>
// CHECK-LABEL: func.func @same_sets
// CHECK: layout.convert %{{.*}} {assert_trivial}
func.func @same_sets(%x: tensor<4xi32, #a>) -> tensor<4xi32, #b> {
  %0 = layout.convert %x {assert_trivial} : tensor<4xi32, #a> -> tensor<4xi32, #b>
  return %0 : tensor<4xi32, #b>
}

// -----

#a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#b = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>

// Identity conversions fold away; so do round trips.
// FOLD-LABEL: func.func @identity
// FOLD-NOT: layout.convert
// FOLD: return %arg0
func.func @identity(%x: tensor<128x128xf32, #a>) -> tensor<128x128xf32, #a> {
  %0 = layout.convert %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #a>
  return %0 : tensor<128x128xf32, #a>
}

// FOLD-LABEL: func.func @round_trip
// FOLD-NOT: layout.convert
// FOLD: return %arg0
func.func @round_trip(%x: tensor<128x128xf32, #a>) -> tensor<128x128xf32, #a> {
  %0 = layout.convert %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
  %1 = layout.convert %0 : tensor<128x128xf32, #b> -> tensor<128x128xf32, #a>
  return %1 : tensor<128x128xf32, #a>
}

// A chain becomes one conversion.
#c = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [0, 1]>
// FOLD-LABEL: func.func @chain
// FOLD-NEXT: %[[R:.*]] = layout.convert %arg0 : tensor<128x128xf32, #[[A:.*]]> -> tensor<128x128xf32, #[[C:.*]]>
// FOLD-NEXT: return %[[R]]
func.func @chain(%x: tensor<128x128xf32, #a>) -> tensor<128x128xf32, #c> {
  %0 = layout.convert %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
  %1 = layout.convert %0 : tensor<128x128xf32, #b> -> tensor<128x128xf32, #c>
  return %1 : tensor<128x128xf32, #c>
}

// An assert_trivial conversion keeps checking its own source.
#bl = #layout.linear<register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]]>
// FOLD-LABEL: func.func @chain_trivial
// FOLD: %[[X:.*]] = layout.convert %arg0 : tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #{{.*}}>
// FOLD: layout.convert %[[X]] {assert_trivial}
func.func @chain_trivial(%x: tensor<128x128xf32, #a>) -> tensor<128x128xf32, #bl> {
  %0 = layout.convert %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
  %1 = layout.convert %0 {assert_trivial} : tensor<128x128xf32, #b> -> tensor<128x128xf32, #bl>
  return %1 : tensor<128x128xf32, #bl>
}
