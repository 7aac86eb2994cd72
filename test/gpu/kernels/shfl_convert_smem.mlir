// The kernels of shfl_convert.mlir forced to shared memory.
//
// Kernels of test/gpu/cases_shuffle.py: each loads an m x n tile in layout
// #a, converts it to #b and stores it (out = in, elementwise): a wrong
// shuffle or scratch plan moves elements to the wrong place. Launch: grid
// (cdiv(m, TM), cdiv(n, TN)) for a TM x TN tile. Every convert goes
// through the swizzled shared-memory round trip (tile.convert_strategy =
// "shared"), the reference the shuffles are compared with.

#a_rows_f32_smem = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#b_rows_f32_smem = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

#a_rows_f16_smem = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#b_rows_f16_smem = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

#a_rows_i64_smem = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#b_rows_i64_smem = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

#a_t8x4_f32_smem = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#b_t8x4_f32_smem = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]>

#a_t16_f32_smem = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#b_t16_f32_smem = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>

#a_t16_f16_smem = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#b_t16_f16_smem = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>

// [1, 4] -> [1, 1] along each warp's row: 4 rounds, 3 + 3 selects (auto picks shuffles too)
tile.kernel @rows_f32_smem(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32) attributes {num_warps = 4 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<4x128xf32, #a_rows_f32_smem>
  %u = layout.convert %t : tensor<4x128xf32, #a_rows_f32_smem> -> tensor<4x128xf32, #b_rows_f32_smem>
  tile.store_tile %u, %out[%i, %j] : tensor<4x128xf32, #b_rows_f32_smem>, !tile.view<?x?xf32>
  tile.return
}

// f16, [1, 8] -> [1, 2]: 8 rounds of widened 32-bit shuffles (auto prefers shared memory)
tile.kernel @rows_f16_smem(%src: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32) attributes {num_warps = 4 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf16> -> tensor<4x256xf16, #a_rows_f16_smem>
  %u = layout.convert %t : tensor<4x256xf16, #a_rows_f16_smem> -> tensor<4x256xf16, #b_rows_f16_smem>
  tile.store_tile %u, %out[%i, %j] : tensor<4x256xf16, #b_rows_f16_smem>, !tile.view<?x?xf16>
  tile.return
}

// i64: every round shuffles two 32-bit halves (auto picks shuffles too)
tile.kernel @rows_i64_smem(%src: !tile.ptr<i64> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<i64> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32) attributes {num_warps = 4 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<i64> -> !tile.view<?x?xi64>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<i64> -> !tile.view<?x?xi64>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xi64> -> tensor<4x128xi64, #a_rows_i64_smem>
  %u = layout.convert %t : tensor<4x128xi64, #a_rows_i64_smem> -> tensor<4x128xi64, #b_rows_i64_smem>
  tile.store_tile %u, %out[%i, %j] : tensor<4x128xi64, #b_rows_i64_smem>, !tile.view<?x?xi64>
  tile.return
}

// each warp transposes an 8 x 4 tile: one shuffle, no selects (auto picks shuffles)
tile.kernel @t8x4_f32_smem(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32) attributes {num_warps = 4 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<32x4xf32, #a_t8x4_f32_smem>
  %u = layout.convert %t : tensor<32x4xf32, #a_t8x4_f32_smem> -> tensor<32x4xf32, #b_t8x4_f32_smem>
  tile.store_tile %u, %out[%i, %j] : tensor<32x4xf32, #b_t8x4_f32_smem>, !tile.view<?x?xf32>
  tile.return
}

// [1, 4] <-> [4, 1] 16 x 16 in one warp: auto prefers shared memory, forced to shuffles here
tile.kernel @t16_f32_smem(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32) attributes {num_warps = 1 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<16x16xf32, #a_t16_f32_smem>
  %u = layout.convert %t : tensor<16x16xf32, #a_t16_f32_smem> -> tensor<16x16xf32, #b_t16_f32_smem>
  tile.store_tile %u, %out[%i, %j] : tensor<16x16xf32, #b_t16_f32_smem>, !tile.view<?x?xf32>
  tile.return
}

// the same in f16
tile.kernel @t16_f16_smem(%src: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                   %dst: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32) attributes {num_warps = 1 : i32, tile.convert_strategy = "shared"} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf16> -> tensor<16x16xf16, #a_t16_f16_smem>
  %u = layout.convert %t : tensor<16x16xf16, #a_t16_f16_smem> -> tensor<16x16xf16, #b_t16_f16_smem>
  tile.store_tile %u, %out[%i, %j] : tensor<16x16xf16, #b_t16_f16_smem>, !tile.view<?x?xf16>
  tile.return
}
