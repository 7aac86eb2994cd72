// RUN: tile-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Every diagnostic of the layout attributes and of layout.convert, one case
// each.

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown key 'sizePerThreads' in #layout.blocked; expected one of: sizePerThread, threadsPerWarp, warpsPerCTA, order, CTAsPerCGA, CTASplitNum, CTAOrder}}
"test.use"() {a = #layout.blocked<sizePerThreads = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>} : () -> ()

// -----

// expected-error @+1 {{'order' is given twice}}
"test.use"() {a = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], order = [0]>} : () -> ()

// -----

// expected-error @+1 {{#layout.blocked needs 'warpsPerCTA = [...]'}}
"test.use"() {a = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], order = [0]>} : () -> ()

// -----

// expected-error @+1 {{sizePerThread entries must be in [0, 2^30], got -2}}
"test.use"() {a = #layout.blocked<sizePerThread = [-2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>} : () -> ()

// -----

// expected-error @+1 {{vec must be in [0, 2^30], got 4294967296}}
"test.use"() {a = #layout.swizzled_shared<vec = 4294967296, perPhase = 1, maxPhase = 1, order = [0]>} : () -> ()

// -----

// expected-error @+1 {{unknown key 'axis' in #layout.slice; expected one of: dim, parent}}
"test.use"() {a = #layout.slice<axis = 0, parent = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>} : () -> ()

// -----

// expected-error @+1 {{#layout.slice needs 'dim = <integer>'}}
"test.use"() {a = #layout.slice<parent = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>} : () -> ()

// -----

// expected-error @+1 {{#layout.slice needs 'parent = <distributed layout>'}}
"test.use"() {a = #layout.slice<dim = 0>} : () -> ()

// -----

// expected-error @+1 {{the parent of #layout.slice must be a distributed layout (#layout.blocked, #layout.slice, #layout.linear, #layout.nvmma or #layout.dot_operand), got #layout.swizzled_shared}}
"test.use"() {a = #layout.slice<dim = 0, parent = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>} : () -> ()

// -----

// expected-error @+1 {{unknown key 'lanes' in #layout.linear; expected one of: register, lane, warp, block, rank}}
"test.use"() {a = #layout.linear<register = [], lanes = [[1]], warp = []>} : () -> ()

// -----

// expected-error @+1 {{#layout.linear needs 'warp = [...]' (write [] for none)}}
"test.use"() {a = #layout.linear<register = [], lane = [[1]]>} : () -> ()

// -----

// expected-error @+1 {{this basis of 'lane' has 1 coordinates but the first basis has 2: every basis needs one coordinate per tensor dim}}
"test.use"() {a = #layout.linear<register = [[0, 1]], lane = [[1]], warp = []>} : () -> ()

// -----

// expected-error @+1 {{a basis needs one coordinate per tensor dim, got []}}
"test.use"() {a = #layout.linear<register = [[]], lane = [], warp = []>} : () -> ()

// -----

// expected-error @+1 {{basis coordinates must be in [0, 2^30), got -1}}
"test.use"() {a = #layout.linear<register = [[-1]], lane = [], warp = []>} : () -> ()

// -----

// expected-error @+1 {{rank = 3 disagrees with the bases, which have 1 coordinates}}
"test.use"() {a = #layout.linear<register = [[1]], lane = [], warp = [], rank = 3>} : () -> ()

// -----

// expected-error @+1 {{#layout.swizzled_shared needs 'maxPhase = ...'}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, perPhase = 1, order = [0]>} : () -> ()

// -----

// expected-error @+1 {{unknown key 'phase' in #layout.swizzled_shared}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, phase = 1, maxPhase = 1, order = [0]>} : () -> ()

// -----

// expected-error @+1 {{unexpected token in a CuTe layout; write Shape:Stride, e.g. #layout.strided<(4,(2,3)):(2,(1,8))>}}
"test.use"() {a = #layout.strided<(4,2):[2,1]>} : () -> ()

// -----

// CuTe's scaled-basis strides (coordinate layouts) are not memory layouts;
// MLIR's lexer cannot read them, so the parser says so before it tries.
// expected-error @+1 {{scaled-basis stride '1@0' in a layout attribute: a memory layout maps a coordinate to an offset in elements, so its strides are integers (scaled bases are coordinate layouts, for `tile-layout --eval`); write each mode's stride in elements, e.g. (4,8):(1,4) for a column-major 4x8 tile instead of (4,8):(1@0,1@1)}}
"test.use"() {a = #layout.strided<(4,8):(1@0,1@1)>} : () -> ()

// -----

// expected-error @+1 {{scaled-basis stride '2@0@1' in a layout attribute}}
"test.use"() {a = #layout.tv<tile = (4,8), tv = (32,1):(1,2@0@1)>} : () -> ()

// -----

// expected-error @+1 {{bad CuTe layout '(4,2):(2)'}}
"test.use"() {a = #layout.strided<(4,2):(2)>} : () -> ()

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{sizePerThread is empty: a blocked layout needs at least one dim}}
"test.use"() {a = #layout.blocked<sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []>} : () -> ()

// -----

// expected-error @+1 {{threadsPerWarp has 1 entries but sizePerThread has 2: give one entry per tensor dim}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]>} : () -> ()

// -----

// expected-error @+1 {{warpsPerCTA has 1 entries but sizePerThread has 2}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4], order = [1, 0]>} : () -> ()

// -----

// expected-error @+1 {{order has 3 entries but sizePerThread has 2}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [2, 1, 0]>} : () -> ()

// -----

// expected-error @+1 {{sizePerThread[1] = 3 is not a power of two (1, 2, 4, ...)}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>} : () -> ()

// -----

// expected-error @+1 {{threadsPerWarp[0] = 0 is not a power of two (1, 2, 4, ...)}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [0, 4], warpsPerCTA = [4, 1], order = [1, 0]>} : () -> ()

// -----

// expected-error @+1 {{warpsPerCTA[1] = 6 is not a power of two (1, 2, 4, ...)}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 6], order = [1, 0]>} : () -> ()

// -----

// expected-error @+1 {{order = [1, 1] is not a permutation of 0..1: list each dim exactly once, fastest first}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 1]>} : () -> ()

// -----

// expected-error @+1 {{order = [2, 0] is not a permutation of 0..1}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [2, 0]>} : () -> ()

// -----

// expected-error @+1 {{CTAsPerCGA has 1 entries but sizePerThread has 2}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2]>} : () -> ()

// -----

// expected-error @+1 {{CTASplitNum has 3 entries but sizePerThread has 2}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTASplitNum = [1, 1, 1]>} : () -> ()

// -----

// expected-error @+1 {{CTAOrder has 1 entries but sizePerThread has 2}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTAOrder = [0]>} : () -> ()

// -----

// expected-error @+1 {{CTAsPerCGA[0] = 3 is not a power of two}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [3, 1]>} : () -> ()

// -----

// expected-error @+1 {{CTASplitNum[1] = 5 is not a power of two}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 8], CTASplitNum = [1, 5]>} : () -> ()

// -----

// expected-error @+1 {{CTAOrder = [0, 0] is not a permutation of 0..1}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTAOrder = [0, 0]>} : () -> ()

// -----

// expected-error @+1 {{CTASplitNum[0] = 4 exceeds CTAsPerCGA[0] = 2: a dim cannot be split over more CTAs than it has}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [4, 1]>} : () -> ()

// -----

// expected-error @+1 {{CTAsPerCGA asks for 131072 CTAs; at most 65536 are supported}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [512, 256]>} : () -> ()

// -----

// expected-error @+1 {{the layout's tile along dim 0 is 2147483648 elements; at most 2^30 are supported}}
"test.use"() {a = #layout.blocked<sizePerThread = [1073741824], threadsPerWarp = [2], warpsPerCTA = [1], order = [0]>} : () -> ()

// -----

// expected-error @+1 {{the layout has 131072 threads per warp and 1 warps; at most 65536 of each are supported}}
"test.use"() {a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [512, 256], warpsPerCTA = [1, 1], order = [1, 0]>} : () -> ()

// -----

// expected-error @+1 {{slice dim 2 is out of range for a parent of rank 2: use 0..1}}
"test.use"() {a = #layout.slice<dim = 2, parent = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>} : () -> ()

// -----

// expected-error @+1 {{the parent layout has rank 0: there is no dim to slice}}
"test.use"() {a = #layout.slice<dim = 0, parent = #layout.linear<register = [], lane = [], warp = [], rank = 0>>} : () -> ()

// -----

// expected-error @+1 {{the bases do not cover the shape 4 they imply (they span 2^1 of its 2^2 elements): every element must be owned by some (register, lane, warp, block)}}
"test.use"() {a = #layout.linear<register = [[2]], lane = [], warp = []>} : () -> ()

// -----

// expected-error @+1 {{'lane' has 31 bases; at most 30 are supported}}
"test.use"() {a = #layout.linear<register = [], lane = [[0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [1]], warp = []>} : () -> ()

// -----

// expected-error @+1 {{the bases imply a shape of 2^90 elements; at most 2^62 are supported}}
"test.use"() {a = #layout.linear<register = [[536870912, 536870912, 536870912]], lane = [], warp = []>} : () -> ()

// -----

// expected-error @+1 {{perPhase = 3 is not a power of two (1, 2, 4, ...)}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, perPhase = 3, maxPhase = 1, order = [0]>} : () -> ()

// -----

// expected-error @+1 {{vec = 0 is not a power of two}}
"test.use"() {a = #layout.swizzled_shared<vec = 0, perPhase = 1, maxPhase = 1, order = [0]>} : () -> ()

// -----

// expected-error @+1 {{maxPhase = 6 is not a power of two}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 6, order = [0]>} : () -> ()

// -----

// expected-error @+1 {{order is empty: a shared layout needs at least one dim}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = []>} : () -> ()

// -----

// expected-error @+1 {{order = [0, 2] is not a permutation of 0..1}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 2]>} : () -> ()

// -----

// expected-error @+1 {{CTASplitNum[1] = 2 exceeds CTAsPerCGA[1] = 1}}
"test.use"() {a = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CTASplitNum = [1, 2]>} : () -> ()

//===----------------------------------------------------------------------===//
// layout.convert
//===----------------------------------------------------------------------===//

// -----

#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @no_encoding(%x: tensor<128xf32>) -> tensor<128xf32, #b> {
  // expected-error @+1 {{'layout.convert' op the source type needs a distributed layout encoding (#layout.blocked, #layout.slice, #layout.linear), got 'tensor<128xf32>'}}
  %0 = layout.convert %x : tensor<128xf32> -> tensor<128xf32, #b>
  return %0 : tensor<128xf32, #b>
}

// -----

#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#s = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @shared_result(%x: tensor<128xf32, #b>) -> tensor<128xf32, #s> {
  // expected-error @+1 {{'layout.convert' op the result type needs a distributed layout encoding}}
  %0 = layout.convert %x : tensor<128xf32, #b> -> tensor<128xf32, #s>
  return %0 : tensor<128xf32, #s>
}

// -----

#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @rank_mismatch(%x: tensor<128xf32, #b>) -> tensor<128xf32, #c> {
  // expected-error @+1 {{'layout.convert' op the result layout does not fit: the layout has rank 2 but the shape 128 has rank 1}}
  %0 = layout.convert %x : tensor<128xf32, #b> -> tensor<128xf32, #c>
  return %0 : tensor<128xf32, #c>
}

// -----

#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @not_power_of_two(%x: tensor<100xf32, #b>) -> tensor<100xf32, #b> {
  // expected-error @+1 {{'layout.convert' op the source layout does not fit: dim 0 of the shape 100 is 100: layouts need power-of-two sizes (at most 2^30)}}
  %0 = layout.convert %x : tensor<100xf32, #b> -> tensor<100xf32, #b>
  return %0 : tensor<100xf32, #b>
}

// -----

#l = #layout.linear<register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]]>
func.func @linear_wrong_shape(%x: tensor<256xf32, #l>) -> tensor<256xf32, #l> {
  // expected-error @+1 {{'layout.convert' op the source layout does not fit: the #layout.linear bases describe a tensor of shape 128, not 256: a linear layout is defined for one shape}}
  %0 = layout.convert %x : tensor<256xf32, #l> -> tensor<256xf32, #l>
  return %0 : tensor<256xf32, #l>
}

// -----

#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @shape_mismatch(%x: tensor<128xf32, #b>) -> tensor<64xf32, #b> {
  // expected-error @+1 {{'layout.convert' op requires the same shape for all operands and results}}
  %0 = layout.convert %x : tensor<128xf32, #b> -> tensor<64xf32, #b>
  return %0 : tensor<64xf32, #b>
}

// -----

#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @element_mismatch(%x: tensor<128xf32, #b>) -> tensor<128xf16, #b> {
  // expected-error @+1 {{'layout.convert' op requires the same element type for all operands and results}}
  %0 = layout.convert %x : tensor<128xf32, #b> -> tensor<128xf16, #b>
  return %0 : tensor<128xf16, #b>
}

// -----

// Lanes and warps trade places: data moves between threads.
#a = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.linear<register = [], lane = [[4], [8], [16], [32], [64]], warp = [[1], [2]]>
func.func @not_trivial(%x: tensor<128xf32, #a>) -> tensor<128xf32, #b> {
  // expected-error @+1 {{'layout.convert' op is marked assert_trivial but moves data between threads: the layouts differ in lane, warp}}
  %0 = layout.convert %x {assert_trivial} : tensor<128xf32, #a> -> tensor<128xf32, #b>
  return %0 : tensor<128xf32, #b>
}

// -----

// Each thread holds 2 elements in one layout and 4 in the other.
#a = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @not_trivial_registers(%x: tensor<256xf32, #a>) -> tensor<256xf32, #b> {
  // expected-error @+1 {{'layout.convert' op is marked assert_trivial but moves data between threads: the layouts differ in register, lane, warp (the elements each thread holds differ)}}
  %0 = layout.convert %x {assert_trivial} : tensor<256xf32, #a> -> tensor<256xf32, #b>
  return %0 : tensor<256xf32, #b>
}
