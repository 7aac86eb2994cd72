// A persistent GEMM written without layouts and without partitions: a 1-D
// grid of P programs, program p computing the 128x128 tiles p, p + P, ...
// of C in row-major tile order, each with the k-loop of
// auto_matmul_rm.mlir. In the default compile tile-warp-specialize takes
// the k-loop inside the tile loop: a TMA producer warpgroup and the 8
// consumer warps both run the tile loop and carry the ring's slot and
// phase across tiles, so the producer loads the next tile's first k-steps
// while the consumers store the last one (docs/Passes.md).
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (P,) with any P >= 1 (min(#SMs, tiles) to fill the GPU),
// 8 warps.

tile.kernel @auto_matmul_persistent(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                    %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                    %c: !tile.ptr<f16>,
                                    %m: i32, %n: i32, %k: i32,
                                    %sam: i32 {tile.divisibility = 8 : i64},
                                    %sbk: i32 {tile.divisibility = 8 : i64},
                                    %scm: i32) attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %mr = arith.addi %m, %c127 : i32
  %tm = arith.divsi %mr, %c128 : i32
  %nr = arith.addi %n, %c127 : i32
  %tn = arith.divsi %nr, %c128 : i32
  %tiles = arith.muli %tm, %tn : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  scf.for %t = %pid to %tiles step %np : i32 {
    %pm = arith.divsi %t, %tn : i32
    %pn = arith.remsi %t, %tn : i32
    %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
        -> (tensor<128x128xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero
            : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero
            : !tile.view<?x?xf16> -> tensor<64x128xf16>
      %next = tile.dot %ta, %tb, %sum
              : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    }
    %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  }
  tile.return
}
