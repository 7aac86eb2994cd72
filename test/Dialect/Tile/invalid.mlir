// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the tile dialect.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// expected-error @+1 {{!tile.ptr points to integer or floating-point elements, not 'index'}}
func.func private @ptr_of_index(!tile.ptr<index>)

// -----

// expected-error @+1 {{!tile.view must have rank >= 1}}
func.func private @view_rank0(!tile.view<f32>)

// -----

// expected-error @+1 {{!tile.view holds integer or floating-point elements, not '!tile.ptr<f32>'}}
func.func private @view_of_ptrs(!tile.view<4x!tile.ptr<f32>>)

// -----

// expected-error @+1 {{the layout parameter of !tile.view must be a memory layout such as #layout.strided<...>, got 5 : i64}}
func.func private @view_bad_layout(!tile.view<4xf32, 5 : i64>)

// -----

// A distributed layout says where elements live in registers, not in memory.
// expected-error @+1 {{the layout parameter of !tile.view must be a memory layout}}
func.func private @view_distributed_layout(!tile.view<128xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{dimension #1 of the view is 8 but mode #1 of the layout #layout.strided<(4,4):(4,1)> has size 4}}
func.func private @view_layout_shape(!tile.view<4x8xf32, #layout.strided<(4,4):(4,1)>>)

// -----

// expected-error @+1 {{has 2 top-level modes but the view has rank 1}}
func.func private @view_layout_rank(!tile.view<16xf32, #layout.strided<(4,4):(4,1)>>)

// -----

//===----------------------------------------------------------------------===//
// Kernels and their parameters
//===----------------------------------------------------------------------===//

// expected-error @+1 {{kernels return no values}}
tile.kernel @results() -> i32 {
  tile.return
}

// -----

// expected-error @+1 {{parameter #1 has type 'tensor<4xf32>'; kernel parameters are scalars}}
tile.kernel @tensor_param(%a: i32, %b: tensor<4xf32>) {
  tile.return
}

// -----

// expected-error @+1 {{num_warps must be a power of two from 1 to 32}}
tile.kernel @bad_warps() attributes {num_warps = 3 : i32} {
  tile.return
}

// -----

// expected-error @+1 {{num_warps = 4294967296 : i64 does not fit in 32 bits}}
tile.kernel @huge_warps() attributes {num_warps = 4294967296} {
  tile.return
}

// -----

// expected-error @+1 {{a kernel needs a body}}
tile.kernel @no_body()

// -----

// expected-error @+1 {{'function_type' is given by the kernel's name and signature; remove it from the attribute dictionary}}
tile.kernel @typed(%x: i32) attributes {function_type = (i32) -> ()} {
  tile.return
}

// -----

// expected-error @+1 {{unknown argument attribute 'tile.alignment' on argument #0}}
tile.kernel @unknown_arg_attr(%p: !tile.ptr<f32> {tile.alignment = 16 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power-of-two integer}}
tile.kernel @divisibility_not_pow2(%p: !tile.ptr<f32> {tile.divisibility = 12 : i64}) {
  tile.return
}

// -----

// 2^40: LLVM's largest alignment is 2^32 (issue 15: the translation
// rejected it with no location).
// expected-error @+1 {{'tile.kernel' op 'tile.divisibility' of argument #0 is 1099511627776, above the largest alignment PTX represents, 2147483648 (2^31); promise at most that (16 is what vectorized access needs)}}
tile.kernel @divisibility_too_large(%p: !tile.ptr<f32> {tile.divisibility = 1099511627776 : i64}) {
  tile.return
}

// -----

// 2^32: LLVM takes it, ptxas does not ("Constant overflow"; found by
// test/fuzz/tile-compile-mutations.py).
// expected-error @+1 {{'tile.divisibility' of argument #1 is 4294967296, above the largest alignment PTX represents, 2147483648 (2^31)}}
tile.kernel @divisibility_2_32(%q: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %p: !tile.ptr<f32> {tile.divisibility = 4294967296 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' on argument #0 of type 'f32': only !tile.ptr and integer parameters can carry it}}
tile.kernel @divisibility_on_float(%x: f32 {tile.divisibility = 16 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' is only meaningful on the parameters of a tile.kernel}}
func.func @divisibility_on_func(%p: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  return
}

// -----

func.func @return_outside_kernel() {
  // expected-error @+1 {{expects parent op 'tile.kernel'}}
  tile.return
}

// -----

//===----------------------------------------------------------------------===//
// Kernel-wide checks: shapes, layouts against num_warps, elementwise layouts
//===----------------------------------------------------------------------===//

tile.kernel @dynamic_tensor(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %i = arith.constant 0 : i32
  // expected-error @+1 {{has a dynamic dimension #0; tiles in a kernel have static shapes}}
  %t = tile.load_tile %v[%i] : !tile.view<?xf32> -> tensor<?xf32>
  tile.return
}

// -----

tile.kernel @not_pow2() {
  // expected-error @+1 {{dimension #1 of 'tensor<4x48xf32>' is 48, not a power of two; tile dimensions must be powers of two: use 64 and mask or pad the extra elements}}
  %c = arith.constant dense<0.0> : tensor<4x48xf32>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @warps_mismatch() attributes {num_warps = 8 : i32} {
  // expected-error @+1 {{spans 4 warps but the kernel has num_warps = 8; make the product of warpsPerCTA equal 8}}
  %0 = tile.arange 0, 128 : tensor<128xi32, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>
tile.kernel @lanes_mismatch() {
  // expected-error @+1 {{has 16 threads per warp; a warp has 32 threads: make the product of threadsPerWarp 32}}
  %0 = tile.arange 0, 64 : tensor<64xi32, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @layout_rank_mismatch() {
  // expected-error @+1 {{layout of 'tensor<4x32xf32, #layout.blocked}}
  %c = arith.constant dense<0.0> : tensor<4x32xf32, #l>
  tile.return
}

// -----

tile.kernel @encoding_not_layout() {
  // expected-error @+1 {{the encoding "rows" of 'tensor<128xf32, "rows">' is not a layout attribute}}
  %c = arith.constant dense<0.0> : tensor<128xf32, "rows">
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @elementwise_layouts() {
  %x = arith.constant dense<1.0> : tensor<128xf32, #a>
  %e = arith.constant dense<2> : tensor<128xi32, #b>
  // math.fpowi only checks shapes upstream; the kernel checks layouts.
  // expected-error @+1 {{operands have different layouts; insert layout.convert}}
  %y = math.fpowi %x, %e : tensor<128xf32, #a>, tensor<128xi32, #b>
  tile.return
}

// -----

//===----------------------------------------------------------------------===//
// tile.make_view
//===----------------------------------------------------------------------===//

tile.kernel @view_pointee(%p: !tile.ptr<f16>) {
  // expected-error @+1 {{pointer to 'f16' cannot view elements of type 'f32'}}
  %v = tile.make_view %p, shape [4] : !tile.ptr<f16> -> !tile.view<4xf32>
  tile.return
}

// -----

tile.kernel @view_shape_rank(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{shape has 1 entries but the view '!tile.view<4x4xf32>' has rank 2}}
  %v = tile.make_view %p, shape [4] : !tile.ptr<f32> -> !tile.view<4x4xf32>
  tile.return
}

// -----

tile.kernel @view_static_for_dynamic(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{shape entry #0 is the constant 4 but the view type has '?' there}}
  %v = tile.make_view %p, shape [4] : !tile.ptr<f32> -> !tile.view<?xf32>
  tile.return
}

// -----

tile.kernel @view_dynamic_for_static(%p: !tile.ptr<f32>, %n: i32) {
  // expected-error @+1 {{shape entry #0 is a value but the view type has the static extent 4}}
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<4xf32>
  tile.return
}

// -----

tile.kernel @view_static_mismatch(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{shape entry #0 is 8 but the view type has 4}}
  %v = tile.make_view %p, shape [8] : !tile.ptr<f32> -> !tile.view<4xf32>
  tile.return
}

// -----

tile.kernel @view_strides_rank(%p: !tile.ptr<f32>, %n: i32) {
  // expected-error @+1 {{strides has 1 entries but the view has rank 2}}
  %v = tile.make_view %p, shape [%n, 4], strides [1] : !tile.ptr<f32> -> !tile.view<?x4xf32>
  tile.return
}

// -----

#s = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
tile.kernel @view_layout_and_strides(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{which fixes the strides; drop the `strides` list or the layout}}
  %v = tile.make_view %p, shape [16, 16], strides [16, 1] : !tile.ptr<f32> -> !tile.view<16x16xf32, #s>
  tile.return
}

// -----

tile.kernel @view_index_type(%p: !tile.ptr<f32>, %n: i16) {
  // expected-error @+1 {{operand #1 must be variadic of i32, i64 or index}}
  %v = tile.make_view %p, shape [%n : i16] : !tile.ptr<f32> -> !tile.view<?xf32>
  tile.return
}

// -----

//===----------------------------------------------------------------------===//
// tile.load_tile / tile.store_tile
//===----------------------------------------------------------------------===//

tile.kernel @tile_index_count(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{has 1 indices but the view '!tile.view<64x64xf32>' has rank 2; give one index per view dimension}}
  %t = tile.load_tile %v[%i] : !tile.view<64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @tile_element_type(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{result element type 'f16' differs from the view's element type 'f32'}}
  %t = tile.load_tile %v[%i] : !tile.view<64xf32> -> tensor<16xf16>
  tile.return
}

// -----

tile.kernel @tile_rank(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{result 'tensor<16xf32>' has rank 1 but the view has rank 2; a tile has the view's rank}}
  %t = tile.load_tile %v[%i, %i] : !tile.view<64x64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @tile_order_length(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{order has 3 entries but the view has rank 2}}
  %t = tile.load_tile %v[%i, %i] order = [2, 1, 0] : !tile.view<64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @tile_order_not_permutation(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %t = arith.constant dense<1.0> : tensor<16x16xf32>
  // expected-error @+1 {{order [1, 1] is not a permutation of 0..1}}
  tile.store_tile %t, %v[%i, %i] order = [1, 1] : tensor<16x16xf32>, !tile.view<64x64xf32>
  tile.return
}

// -----

// An entry equal to the rank (the verifier must reject it without reading
// past the end of anything).
tile.kernel @tile_order_axis_equals_rank(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{'tile.load_tile' op order [0, 2] is not a permutation of 0..1; each view axis must appear exactly once}}
  %t = tile.load_tile %v[%i, %i] order = [0, 2] : !tile.view<64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @tile_order_axis_equals_rank_store(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64, 64] : !tile.ptr<f32> -> !tile.view<64x64x64xf32>
  %t = arith.constant dense<1.0> : tensor<4x4x4xf32>
  // expected-error @+1 {{'tile.store_tile' op order [3, 1, 0] is not a permutation of 0..2; each view axis must appear exactly once}}
  tile.store_tile %t, %v[%i, %i, %i] order = [3, 1, 0] : tensor<4x4x4xf32>, !tile.view<64x64x64xf32>
  tile.return
}

// -----

tile.kernel @tile_order_repeated_zero(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{order [0, 0] is not a permutation of 0..1}}
  %t = tile.load_tile %v[%i, %i] order = [0, 0] : !tile.view<64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @tile_order_negative(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{order [-1, 0] is not a permutation of 0..1}}
  %t = tile.load_tile %v[%i, %i] order = [-1, 0] : !tile.view<64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @tile_order_string(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{order must be "C", "F" or a permutation such as [1, 0], got "A"}}
  %t = tile.load_tile %v[%i] order = "A" : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @tile_padding_keyword(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{padding must be zero, nan, pos_inf, neg_inf or undetermined, got 'one'}}
  %t = tile.load_tile %v[%i] padding = one : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @store_tile_element_type(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %t = arith.constant dense<1> : tensor<16xi32>
  // expected-error @+1 {{value element type 'i32' differs from the view's element type 'f32'}}
  tile.store_tile %t, %v[%i] : tensor<16xi32>, !tile.view<64xf32>
  tile.return
}

// -----

//===----------------------------------------------------------------------===//
// tile.load_at / tile.store_at
//===----------------------------------------------------------------------===//

tile.kernel @at_offset_count(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  // expected-error @+1 {{has 3 offsets but the view '!tile.view<64x64xf32>' has rank 2; give one offset per view dimension}}
  %t = tile.load_at %v[%i, %i, %i] : !tile.view<64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @store_at_rank(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %t = arith.constant dense<1.0> : tensor<2x2x2xf32>
  // expected-error @+1 {{value 'tensor<2x2x2xf32>' has rank 3 but the view has rank 2}}
  tile.store_at %t, %v[%i, %i] : tensor<2x2x2xf32>, !tile.view<64x64xf32>
  tile.return
}

// -----

//===----------------------------------------------------------------------===//
// tile.arange
//===----------------------------------------------------------------------===//

func.func @arange_rank() {
  // expected-error @+1 {{result must be a 1-D tensor}}
  %0 = tile.arange 0, 16 : tensor<4x4xi32>
  return
}

// -----

func.func @arange_empty() {
  // expected-error @+1 {{end (4) must be greater than start (4)}}
  %0 = tile.arange 4, 4 : tensor<1xi32>
  return
}

// -----

func.func @arange_size() {
  // expected-error @+1 {{result has 16 elements but [0, 32) holds 32}}
  %0 = tile.arange 0, 32 : tensor<16xi32>
  return
}

// -----

func.func @arange_pow2() {
  // expected-error @+1 {{end - start = 12 is not a power of two}}
  %0 = tile.arange 4, 16 : tensor<12xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tile.splat / tile.addptr / tile.broadcast / tile.expand_dims
//===----------------------------------------------------------------------===//

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{result element type is the operand type}}
  %0 = "tile.splat"(%x) : (f32) -> tensor<16xf16>
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @addptr_layouts(%p: tensor<128x!tile.ptr<f32>, #a>, %o: tensor<128xi32, #b>) {
  // expected-error @+1 {{operands have different layouts; insert layout.convert}}
  %0 = tile.addptr %p, %o : tensor<128x!tile.ptr<f32>, #a>, tensor<128xi32, #b>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<16xf32>) {
  // expected-error @+1 {{operand rank 1 differs from result rank 2; add size-1 dimensions with tile.expand_dims first}}
  %0 = tile.broadcast %x : tensor<16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @broadcast_non_unit(%x: tensor<2x16xf32>) {
  // expected-error @+1 {{dimension #0 of size 2 cannot be broadcast to 4; only dimensions of size 1 are expanded}}
  %0 = tile.broadcast %x : tensor<2x16xf32> -> tensor<4x16xf32>
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
func.func @broadcast_layout(%x: tensor<1x16xf32, #a>) {
  // expected-error @+1 {{broadcast keeps the layout: insert layout.convert before or after it}}
  %0 = tile.broadcast %x : tensor<1x16xf32, #a> -> tensor<4x16xf32, #b>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{axis 2 is out of range for an operand of rank 1; it must be in [0, 1]}}
  %0 = tile.expand_dims %x {axis = 2 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  return
}

// -----

func.func @expand_dims_shape(%x: tensor<16xf32>) {
  // expected-error @+1 {{result shape must be the operand's with a 1 inserted at axis 0: expected 'tensor<1x16xf32>'}}
  %0 = tile.expand_dims %x {axis = 0 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @expand_dims_missing_layout(%x: tensor<16xf32>) {
  // expected-error @+1 {{operand and result must both have layouts or both have none}}
  %0 = tile.expand_dims %x {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32, #a>
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @expand_dims_wrong_slice(%x: tensor<16xf32, #layout.slice<dim = 1, parent = #a>>) {
  // expected-error @+1 {{operand layout must be #layout.slice<dim = 0, parent = #layout.blocked}}
  %0 = tile.expand_dims %x {axis = 0 : i32} : tensor<16xf32, #layout.slice<dim = 1, parent = #a>> -> tensor<1x16xf32, #a>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tile.load / tile.store
//===----------------------------------------------------------------------===//

func.func @load_not_ptr(%p: tensor<16xi32>) {
  // expected-error @+1 {{expected !tile.ptr or a tensor of !tile.ptr, got 'tensor<16xi32>'}}
  %0 = tile.load %p : tensor<16xi32>
  return
}

// -----

func.func @load_result(%p: tensor<16x!tile.ptr<f32>>) {
  // expected-error @+1 {{result type 'tensor<16xf16>' must be 'tensor<16xf32>': the pointee type with the pointer operand's shape and layout}}
  %0 = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<16x!tile.ptr<f32>>) -> tensor<16xf16>
  return
}

// -----

func.func @load_mask_shape(%p: tensor<16x!tile.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{mask has type 'tensor<8xi1>' but must be 'tensor<16xi1>': i1 with the pointer operand's shape and layout}}
  %0 = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<16x!tile.ptr<f32>>, tensor<8xi1>) -> tensor<16xf32>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<16x!tile.ptr<f32>>, %o: tensor<16xf32>) {
  // expected-error @+1 {{`other` is only meaningful with a mask}}
  %0 = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<16x!tile.ptr<f32>>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @load_other_type(%p: tensor<16x!tile.ptr<f32>>, %m: tensor<16xi1>, %o: tensor<16xf16>) {
  // expected-error @+1 {{other has type 'tensor<16xf16>' but must be the result type 'tensor<16xf32>'}}
  %0 = "tile.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<16x!tile.ptr<f32>>, tensor<16xi1>, tensor<16xf16>) -> tensor<16xf32>
  return
}

// -----

func.func @store_value(%p: tensor<16x!tile.ptr<f32>>, %v: tensor<16xi32>) {
  // expected-error @+1 {{value has type 'tensor<16xi32>' but must be 'tensor<16xf32>'}}
  "tile.store"(%p, %v) : (tensor<16x!tile.ptr<f32>>, tensor<16xi32>) -> ()
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @store_mask_layout(%p: tensor<128x!tile.ptr<f32>, #a>, %v: tensor<128xf32, #a>, %m: tensor<128xi1>) {
  // expected-error @+1 {{mask has type 'tensor<128xi1>' but must be 'tensor<128xi1, #layout.blocked}}
  "tile.store"(%p, %v, %m) : (tensor<128x!tile.ptr<f32>, #a>, tensor<128xf32, #a>, tensor<128xi1>) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// tile.reduce / tile.yield
//===----------------------------------------------------------------------===//

func.func @reduce_axis(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{axis 2 is out of range for an operand of rank 2; it must be in [0, 1]}}
  %0 = tile.reduce sum %x {axis = 2 : i32} : tensor<4x16xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_unknown_kind(%x: tensor<16xf32>) {
  // expected-error @+1 {{unknown reduction 'prod'; use sum, max, min or a combiner region}}
  %0 = tile.reduce prod %x {axis = 0 : i32} : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_no_kind(%x: tensor<16xf32>) {
  // expected-error @+1 {{needs a kind (sum, max, min) or a combiner region}}
  %0 = tile.reduce %x {axis = 0 : i32} : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_kind_and_combiner(%x: tensor<16xf32>) {
  // expected-error @+1 {{has both a kind and a combiner region}}
  %0 = tile.reduce sum %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  } : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_pointers(%x: tensor<16x!tile.ptr<f32>>) {
  // expected-error @+1 {{sum, max and min reduce integers or floats, not '!tile.ptr<f32>'; use a combiner region}}
  %0 = tile.reduce max %x {axis = 0 : i32} : tensor<16x!tile.ptr<f32>> -> !tile.ptr<f32>
  return
}

// -----

func.func @reduce_1d_to_tensor(%x: tensor<16xf32>) {
  // expected-error @+1 {{reducing a 1-D tensor gives a scalar: the result type must be 'f32'}}
  %0 = tile.reduce sum %x {axis = 0 : i32} : tensor<16xf32> -> tensor<1xf32>
  return
}

// -----

func.func @reduce_shape(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{result type 'tensor<16xf32>' must be the operand type without dimension #1: expected shape [4] of 'f32'}}
  %0 = tile.reduce sum %x {axis = 1 : i32} : tensor<4x16xf32> -> tensor<16xf32>
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @reduce_layout(%x: tensor<4x32xf32, #a>) {
  // expected-error @+1 {{result layout must be #layout.slice<dim = 1, parent = #layout.blocked}}
  %0 = tile.reduce sum %x {axis = 1 : i32} : tensor<4x32xf32, #a> -> tensor<4xf32, #layout.slice<dim = 0, parent = #a>>
  return
}

// -----

#a = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @reduce_layout_from_nothing(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{the operand has no layout, so the result has none either}}
  %0 = tile.reduce sum %x {axis = 1 : i32} : tensor<4x32xf32> -> tensor<4xf32, #layout.slice<dim = 1, parent = #a>>
  return
}

// -----

func.func @reduce_combiner_args(%x: tensor<16xf32>) {
  // expected-error @+1 {{the combiner block must take two arguments of the element type: ^bb0(%a: 'f32', %b: 'f32')}}
  %0 = tile.reduce %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32):
    tile.yield %a : f32
  } : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_yield_type(%x: tensor<16xf32>) {
  %0 = tile.reduce %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 0 : i32
    // expected-error @+1 {{must yield one value of the element type 'f32'}}
    tile.yield %c : i32
  } : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_combiner_tensor(%x: tensor<16xf32>) {
  %0 = tile.reduce %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{uses a tensor inside a tile.reduce combiner; the combiner works on scalars}}
    %t = tile.splat %a : f32 -> tensor<16xf32>
    tile.yield %a : f32
  } : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_combiner_effects(%x: tensor<16xf32>, %p: !tile.ptr<f32>) {
  %0 = tile.reduce %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{has side effects; a tile.reduce combiner must be free of side effects}}
    %l = tile.load %p : !tile.ptr<f32>
    tile.yield %l : f32
  } : tensor<16xf32> -> f32
  return
}

// -----

// The order of combination is unspecified: a combiner that is one
// non-commutative op of its two arguments is rejected, in either order.
func.func @reduce_combiner_not_commutative(%x: tensor<16xf32>) {
  %0 = tile.reduce %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'arith.subf' op is not commutative, but a tile.reduce combiner combines elements in an unspecified order; use an associative and commutative combiner}}
    %d = arith.subf %a, %b : f32
    tile.yield %d : f32
  } : tensor<16xf32> -> f32
  return
}

// -----

func.func @reduce_combiner_not_commutative_swapped(%x: tensor<16xi32>) {
  %0 = tile.reduce %x {axis = 0 : i32} combiner {
  ^bb0(%a: i32, %b: i32):
    // expected-error @+1 {{'arith.divsi' op is not commutative}}
    %d = arith.divsi %b, %a : i32
    tile.yield %d : i32
  } : tensor<16xi32> -> i32
  return
}

// -----

func.func @yield_outside_reduce(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of 'tile.reduce, tile.scan'}}
  tile.yield %x : f32
}

// -----

// A TV layout of 64 threads needs more threads than a kernel of 1 warp has
// (one of fewer threads than the kernel is replicated: tv-replicate.mlir).
tile.kernel @tv_threads(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %v = tile.make_view %p, shape [16, 16] : !tile.ptr<f32> -> !tile.view<16x16xf32>
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'tile.load_tile' op layout #layout.tv<threads = (16,4):(4,1), values = (1,4)> of 'tensor<16x16xf32, #layout.tv<threads = (16,4):(4,1), values = (1,4)>>' distributes over 64 threads but the kernel has num_warps = 1 (32 threads); give the TV layout a thread mode of at most 32 threads (or raise the kernel's num_warps)}}
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<16x16xf32> -> tensor<16x16xf32, #layout.tv<threads = (16,4):(4,1), values = (1,4)>>
  tile.return
}

// -----

tile.kernel @assume_not_power_of_two(%s: i32) {
  // expected-error @below {{'tile.assume_multiple' op divisor must be a power of two (1, 2, 4, ...); got 12}}
  %x = tile.assume_multiple %s, 12 : i32
  tile.return
}

// -----

tile.kernel @assume_float(%f: f32) {
  // expected-error @below {{'tile.assume_multiple' op operand #0 must be}}
  %x = tile.assume_multiple %f, 4 : f32
  tile.return
}
