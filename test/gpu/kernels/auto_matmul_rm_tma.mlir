// test/gpu/kernels/auto_matmul_rm.mlir with the allow_tma hint on both
// loads: no layout written, and tile-pipeline makes the loop a TMA ring
// (3 slots, one mbarrier each, asynchronous wgmma reading the slots)
// instead of a cp.async pipeline (docs/Passes.md, tile-pipeline). The
// 2-D twin of examples/auto/matmul_batched.mlir's @matmul_batched_tma,
// for bench/matmul_batched.py's equal-FLOPs comparison. The loop says
// tile.warp_specialize = false: tile-warp-specialize (on by default) would
// otherwise take it first, and this kernel is the GPU test of the 2-D ring.
//
//   c[i * scm + j * scn] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps.

tile.kernel @auto_matmul_rm_tma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f16>,
                                %m: i32, %n: i32, %k: i32,
                                %sam: i32 {tile.divisibility = 8 : i64},
                                %sbk: i32 {tile.divisibility = 8 : i64},
                                %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero {allow_tma}
          : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero {allow_tma}
          : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = false}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
