// C = A * B in f32 on tensor cores (tf32 inputs, the default precision of
// tile.dot as of tl.dot) with no layout written; any M, N, K and any
// strides (the arguments of examples/matmul.mlir).
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps.

tile.kernel @matmul_tf32(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %c: !tile.ptr<f32>,
                         %m: i32, %n: i32, %k: i32,
                         %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                         %scm: i32, %scn: i32) attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x64xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf32> -> tensor<64x32xf32>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf32> -> tensor<32x64xf32>
    %next = tile.dot %ta, %tb, %sum
            : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}
