// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the atomics and the debug ops.

func.func @kind_type(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic umax does not take 'f32' elements; it takes i32 or i64; umax/umin compare unsigned integers: use max/min for floats}}
  %0 = tile.atomic_rmw umax %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @and_float(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic and does not take 'f32' elements; it takes i32 or i64; bitcast the values and pointers to integers of the same width}}
  %0 = tile.atomic_rmw and %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @max_f16(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic max does not take 'f16' elements; it takes i32, i64 (signed), f32 or f64; keep the values in f32 for an atomic max/min}}
  %0 = tile.atomic_rmw max %p, %v : !tile.ptr<f16>
  return
}

// -----

func.func @add_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic add does not take 'i16' elements; it takes i32, i64, f16, bf16, f32 or f64; widen the elements to i32}}
  %0 = tile.atomic_rmw add %p, %v : !tile.ptr<i16>
  return
}

// -----

func.func @xchg_f16(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic xchg does not take 'f16' elements; it takes i32, i64, f32 or f64}}
  %0 = tile.atomic_rmw xchg %p, %v : !tile.ptr<f16>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#k = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
func.func @mask_layout(%p: tensor<128x!tile.ptr<i32>, #l>, %v: tensor<128xi32, #l>,
                       %m: tensor<128xi1, #k>) {
  // expected-error @+1 {{'tile.atomic_rmw' op mask has type 'tensor<128xi1, #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>>' but must be 'tensor<128xi1, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>': the pointee type with the pointer operand's shape and layout}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<atomic_rmw_kind add>}>
      : (tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>, tensor<128xi1, #k>) -> tensor<128xi32, #l>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @mask_shape(%p: tensor<128x!tile.ptr<i32>, #l>, %v: tensor<128xi32, #l>,
                      %m: tensor<64xi1, #l>) {
  // A shape mismatch is caught by the Elementwise trait first.
  // expected-error @+1 {{'tile.atomic_rmw' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<atomic_rmw_kind add>}>
      : (tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>, tensor<64xi1, #l>) -> tensor<128xi32, #l>
  return
}

// -----

func.func @value_type(%p: !tile.ptr<i32>, %v: i64) {
  // expected-error @+1 {{'tile.atomic_rmw' op value has type 'i64' but must be 'i32': the pointee type with the pointer operand's shape and layout}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_rmw_kind add>}> : (!tile.ptr<i32>, i64) -> i32
  return
}

// -----

func.func @result_type(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'tile.atomic_rmw' op result has type 'i64' but must be 'i32'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_rmw_kind add>}> : (!tile.ptr<i32>, i32) -> i64
  return
}

// -----

func.func @unknown_kind(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown atomic kind 'nand'; expected add, max, min, umax, umin, and, or, xor or xchg}}
  %0 = tile.atomic_rmw nand %p, %v : !tile.ptr<i32>
  return
}

// -----

func.func @unknown_sem(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown memory ordering 'seq_cst'; expected relaxed, acquire, release or acq_rel}}
  %0 = tile.atomic_rmw add %p, %v sem = seq_cst : !tile.ptr<i32>
  return
}

// -----

func.func @unknown_scope(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown scope 'cluster'; expected cta, gpu or sys}}
  %0 = tile.atomic_rmw add %p, %v scope = cluster : !tile.ptr<i32>
  return
}

// -----

func.func @not_a_pointer(%p: i32, %v: i32) {
  // expected-error @+1 {{expected !tile.ptr or a tensor of !tile.ptr, got 'i32'}}
  %0 = tile.atomic_rmw add %p, %v : i32
  return
}

// -----

func.func @cas_i8(%p: !tile.ptr<i8>, %c: i8, %v: i8) {
  // expected-error @+1 {{'tile.atomic_cas' op atomic_cas does not take 'i8' elements; it takes 16, 32 or 64-bit integers and floats}}
  %0 = tile.atomic_cas %p, %c, %v : !tile.ptr<i8>
  return
}

// -----

func.func @cas_cmp_type(%p: !tile.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{'tile.atomic_cas' op cmp has type 'i64' but must be 'i32': the pointee type with the pointer operand's shape and layout}}
  %0 = "tile.atomic_cas"(%p, %c, %v) : (!tile.ptr<i32>, i64, i32) -> i32
  return
}

// -----

func.func @print_fp8(%x: f8E4M3FN) {
  // expected-error @+1 {{'tile.print' op cannot print operand #0 of type 'f8E4M3FN'; print integers, f16, bf16, f32, f64 or pointers (extend fp8 with arith.extf first)}}
  tile.print "x" %x : f8E4M3FN
  return
}

// -----

func.func @assert_not_i1(%x: i32) {
  // expected-error @+1 {{'tile.assert' op operand #0 must be i1 or tensor of i1, but got 'i32'}}
  tile.assert %x, "bad" : i32
  return
}

// -----

// expected-error @+1 {{'func.func' op 'tile.enable_asserts' is a unit attribute of a tile.kernel or a builtin.module (write {tile.enable_asserts} there)}}
func.func @enable_asserts_misplaced() attributes {tile.enable_asserts} {
  return
}
