// test/gpu/kernels/auto_matmul_rm.mlir with 64x128x64 tiles and 4 warps,
// asking for warp specialization with the loop's attribute: the consumers
// are one warpgroup (setmaxnreg 240), so a slot is released by the first
// thread right after its dot_wait, without a partition barrier
// (arrive_barrier nosync); 4 slots of 24 KiB.
//
// Launch: grid (cdiv(m, 64), cdiv(n, 128)), 4 warps (8 with the producer).

tile.kernel @auto_matmul_ws_1wg(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %c: !tile.ptr<f16>,
                            %m: i32, %n: i32, %k: i32,
                            %sam: i32 {tile.divisibility = 8 : i64},
                            %sbk: i32 {tile.divisibility = 8 : i64},
                            %scm: i32, %scn: i32) attributes {num_warps = 4 : i32} {
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
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<64x64xf16>, tensor<64x128xf16> -> tensor<64x128xf32>
    scf.yield %next : tensor<64x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<64x128xf32> to tensor<64x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<64x128xf16>, !tile.view<?x?xf16>
  tile.return
}
