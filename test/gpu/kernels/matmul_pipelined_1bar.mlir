// examples/matmul_pipelined.mlir with one barrier a k-step: a ring of 4
// slots (4 x 48 KiB), filled 2 k-steps ahead. The barrier in
// layout.async_wait at step kt comes after every warpgroup's dot_wait of
// step kt - 1, so the wgmmas of kt - 2 are done everywhere and their slot,
// (kt + 2) % 4, can take k-tile kt + 2 at once: the copies are issued
// before the wgmmas of step kt, and no second barrier is needed. One slot
// more shared memory than the 3-stage kernel for the same prefetch
// distance. For the benchmark's comparison.
//
// Launch: grid (cdiv(m, 128), cdiv(n, 256)), 8 warps.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]>
#sA = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#sB = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @matmul_pipelined_1bar(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
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
  %bufA = layout.local_alloc : !layout.memdesc<4x128x64xf16, #sA>
  %bufB = layout.local_alloc : !layout.memdesc<4x64x256xf16, #sB>

  // Prologue: k-tiles 0 and 1.
  %a0 = layout.memdesc_index %bufA[%c0] : !layout.memdesc<4x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
  %b0 = layout.memdesc_index %bufB[%c0] : !layout.memdesc<4x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
  tile.async_load_tile %va[%pm, %c0] padding = zero, %a0 : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #sA>
  tile.async_load_tile %vb[%c0, %pn] padding = zero, %b0 : !tile.view<?x?xf16> -> !layout.memdesc<64x256xf16, #sB>
  layout.async_commit_group
  %a1 = layout.memdesc_index %bufA[%c1] : !layout.memdesc<4x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
  %b1 = layout.memdesc_index %bufB[%c1] : !layout.memdesc<4x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
  tile.async_load_tile %va[%pm, %c1] padding = zero, %a1 : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #sA>
  tile.async_load_tile %vb[%c1, %pn] padding = zero, %b1 : !tile.view<?x?xf16> -> !layout.memdesc<64x256xf16, #sB>
  layout.async_commit_group

  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x256xf32, #mma>) : i32 {
    layout.async_wait {num = 1 : i32}
    %nk = arith.addi %kt, %c2 : i32
    %nslot = arith.remui %nk, %c4 : i32
    %na = layout.memdesc_index %bufA[%nslot] : !layout.memdesc<4x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
    %nb = layout.memdesc_index %bufB[%nslot] : !layout.memdesc<4x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
    tile.async_load_tile %va[%pm, %nk] padding = zero, %na : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #sA>
    tile.async_load_tile %vb[%nk, %pn] padding = zero, %nb : !tile.view<?x?xf16> -> !layout.memdesc<64x256xf16, #sB>
    layout.async_commit_group
    %slot = arith.remui %kt, %c4 : i32
    %sa = layout.memdesc_index %bufA[%slot] : !layout.memdesc<4x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
    %sb = layout.memdesc_index %bufB[%slot] : !layout.memdesc<4x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
    %d = tile.dot %sa, %sb, %sum async
         : !layout.memdesc<128x64xf16, #sA>, !layout.memdesc<64x256xf16, #sB>
         -> tensor<128x256xf32, #mma>
    %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma>
    scf.yield %next : tensor<128x256xf32, #mma>
  }
  %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x256xf32, #mma>
  layout.async_wait {num = 0 : i32}
  %out = arith.truncf %done : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
