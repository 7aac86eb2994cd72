// A chained dot with no layouts written (attention's inner step without the
// softmax): O = f16(Q * K^T) * V for one 128-row block, d = 64, 64 keys.
//
// Launch: grid (cdiv(m, 128)), 8 warps. On sm_90 both dots run on wgmma;
// the second takes its A (the f16 scores) straight from the first one's
// accumulator registers (register-A wgmma), only V goes through shared
// memory. kt is K^T (64 x 64, d rows), row-major; q is m x 64, v 64 x 64,
// o m x 64 (f32).

tile.kernel @dot_chain(%q: !tile.ptr<f16>, %kt: !tile.ptr<f16>, %v: !tile.ptr<f16>,
                       %o: !tile.ptr<f32>, %m: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %vq = tile.make_view %q, shape [%m, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kt, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vv = tile.make_view %v, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vo = tile.make_view %o, shape [%m, 64] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %tk = tile.load_tile %vk[%c0, %c0] : !tile.view<64x64xf16> -> tensor<64x64xf16>
  %tv = tile.load_tile %vv[%c0, %c0] : !tile.view<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<128x64xf32>
  %s = tile.dot %tq, %tk, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
  %out = tile.dot %p, %tv, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}
