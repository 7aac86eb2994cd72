// C = A * B in integers with no layout written: i8 inputs, i32
// accumulation and output; any M, N, K and any strides of A (M x K), B
// (K x N) and C, as in examples/matmul.mlir. A column-major B (sbk = 1,
// sbn = K: K contiguous) is the order 8-bit tensor cores read; other
// orders are transposed on their way into the operand layouts.
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps.

tile.kernel @matmul_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %c: !tile.ptr<i32>,
                       %m: i32, %n: i32, %k: i32,
                       %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                       %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<i8> -> !tile.view<?x?xi8>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<i8> -> !tile.view<?x?xi8>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<i32> -> !tile.view<?x?xi32>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0> : tensor<128x128xi32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xi32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xi8> -> tensor<128x64xi8>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xi8> -> tensor<64x128xi8>
    %next = tile.dot %ta, %tb, %sum
            : tensor<128x64xi8>, tensor<64x128xi8> -> tensor<128x128xi32>
    scf.yield %next : tensor<128x128xi32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xi32>, !tile.view<?x?xi32>
  tile.return
}
