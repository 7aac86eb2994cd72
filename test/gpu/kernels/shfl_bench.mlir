// Convert-heavy kernels for timing warp shuffles against shared memory
// (test/gpu/cases_shuffle.py checks them and, run as a script with --bench,
// times them; docs/Lowering.md has the numbers).
//
//   acc = x;  repeat iters times: acc = convert(convert(acc) * w) + w
//
// with the multiplication in layout #b and the addition in #a, so that every
// iteration converts #a -> #b -> #a (the two converts cannot be folded away:
// w is loaded in each layout). One TM x TN tile per CTA, grid (cdiv(m, TM),
// cdiv(n, TN)). Each pair is the same kernel with tile.convert_strategy
// "shuffle" and "shared".

// 8 x 4 transposes over each warp's lanes, two registers (auto picks shuffles: 2 rounds, no selects)
#a_t8x4 = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b_t8x4 = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]>

// [1, 4] <-> [1, 1] along rows (auto picks shuffles: 4 rounds, 3 + 3 selects)
#a_rows = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#b_rows = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

// a 16 x 16 transpose in one warp per CTA, [1, 4] <-> [4, 1] (auto picks shared memory: 8 rounds, 7 + 7 selects)
#a_t16 = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#b_t16 = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>

tile.kernel @bench_t8x4_shfl(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %w: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32, %iters: i32)
    attributes {num_warps = 4 : i32, tile.convert_strategy = "shuffle"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %win = tile.make_view %w, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<32x8xf32, #a_t8x4>
  %wa = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<32x8xf32, #a_t8x4>
  %wb = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<32x8xf32, #b_t8x4>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %x) -> (tensor<32x8xf32, #a_t8x4>) : i32 {
    %b = layout.convert %acc : tensor<32x8xf32, #a_t8x4> -> tensor<32x8xf32, #b_t8x4>
    %c = arith.mulf %b, %wb : tensor<32x8xf32, #b_t8x4>
    %d = layout.convert %c : tensor<32x8xf32, #b_t8x4> -> tensor<32x8xf32, #a_t8x4>
    %e = arith.addf %d, %wa : tensor<32x8xf32, #a_t8x4>
    scf.yield %e : tensor<32x8xf32, #a_t8x4>
  }
  tile.store_tile %r, %out[%i, %j] : tensor<32x8xf32, #a_t8x4>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @bench_t8x4_smem(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %w: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32, %iters: i32)
    attributes {num_warps = 4 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %win = tile.make_view %w, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<32x8xf32, #a_t8x4>
  %wa = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<32x8xf32, #a_t8x4>
  %wb = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<32x8xf32, #b_t8x4>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %x) -> (tensor<32x8xf32, #a_t8x4>) : i32 {
    %b = layout.convert %acc : tensor<32x8xf32, #a_t8x4> -> tensor<32x8xf32, #b_t8x4>
    %c = arith.mulf %b, %wb : tensor<32x8xf32, #b_t8x4>
    %d = layout.convert %c : tensor<32x8xf32, #b_t8x4> -> tensor<32x8xf32, #a_t8x4>
    %e = arith.addf %d, %wa : tensor<32x8xf32, #a_t8x4>
    scf.yield %e : tensor<32x8xf32, #a_t8x4>
  }
  tile.store_tile %r, %out[%i, %j] : tensor<32x8xf32, #a_t8x4>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @bench_rows_shfl(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %w: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32, %iters: i32)
    attributes {num_warps = 4 : i32, tile.convert_strategy = "shuffle"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %win = tile.make_view %w, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #a_rows>
  %wa = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #a_rows>
  %wb = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #b_rows>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %x) -> (tensor<4x128xf32, #a_rows>) : i32 {
    %b = layout.convert %acc : tensor<4x128xf32, #a_rows> -> tensor<4x128xf32, #b_rows>
    %c = arith.mulf %b, %wb : tensor<4x128xf32, #b_rows>
    %d = layout.convert %c : tensor<4x128xf32, #b_rows> -> tensor<4x128xf32, #a_rows>
    %e = arith.addf %d, %wa : tensor<4x128xf32, #a_rows>
    scf.yield %e : tensor<4x128xf32, #a_rows>
  }
  tile.store_tile %r, %out[%i, %j] : tensor<4x128xf32, #a_rows>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @bench_rows_smem(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %w: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32, %iters: i32)
    attributes {num_warps = 4 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %win = tile.make_view %w, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #a_rows>
  %wa = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #a_rows>
  %wb = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #b_rows>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %x) -> (tensor<4x128xf32, #a_rows>) : i32 {
    %b = layout.convert %acc : tensor<4x128xf32, #a_rows> -> tensor<4x128xf32, #b_rows>
    %c = arith.mulf %b, %wb : tensor<4x128xf32, #b_rows>
    %d = layout.convert %c : tensor<4x128xf32, #b_rows> -> tensor<4x128xf32, #a_rows>
    %e = arith.addf %d, %wa : tensor<4x128xf32, #a_rows>
    scf.yield %e : tensor<4x128xf32, #a_rows>
  }
  tile.store_tile %r, %out[%i, %j] : tensor<4x128xf32, #a_rows>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @bench_t16_shfl(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %w: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32, %iters: i32)
    attributes {num_warps = 1 : i32, tile.convert_strategy = "shuffle"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %win = tile.make_view %w, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #a_t16>
  %wa = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #a_t16>
  %wb = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #b_t16>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %x) -> (tensor<16x16xf32, #a_t16>) : i32 {
    %b = layout.convert %acc : tensor<16x16xf32, #a_t16> -> tensor<16x16xf32, #b_t16>
    %c = arith.mulf %b, %wb : tensor<16x16xf32, #b_t16>
    %d = layout.convert %c : tensor<16x16xf32, #b_t16> -> tensor<16x16xf32, #a_t16>
    %e = arith.addf %d, %wa : tensor<16x16xf32, #a_t16>
    scf.yield %e : tensor<16x16xf32, #a_t16>
  }
  tile.store_tile %r, %out[%i, %j] : tensor<16x16xf32, #a_t16>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @bench_t16_smem(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %w: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32, %iters: i32)
    attributes {num_warps = 1 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %win = tile.make_view %w, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #a_t16>
  %wa = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #a_t16>
  %wb = tile.load_tile %win[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #b_t16>
  %r = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %x) -> (tensor<16x16xf32, #a_t16>) : i32 {
    %b = layout.convert %acc : tensor<16x16xf32, #a_t16> -> tensor<16x16xf32, #b_t16>
    %c = arith.mulf %b, %wb : tensor<16x16xf32, #b_t16>
    %d = layout.convert %c : tensor<16x16xf32, #b_t16> -> tensor<16x16xf32, #a_t16>
    %e = arith.addf %d, %wa : tensor<16x16xf32, #a_t16>
    scf.yield %e : tensor<16x16xf32, #a_t16>
  }
  tile.store_tile %r, %out[%i, %j] : tensor<16x16xf32, #a_t16>, !tile.view<?x?xf32>
  tile.return
}
