// C = A * B on Hopper tensor cores, software-pipelined by hand: f16 inputs,
// f32 accumulation, f16 output, any M, N, K; A and B row-major with any
// leading dims that are multiples of 8 and 16-byte aligned bases (the
// tile.divisibility promises below, which let every copy be 16 bytes), C
// with any strides.
//
//   c[i * scm + j * scn] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (cdiv(m, 128), cdiv(n, 256)), 8 warps (two warpgroups, 64
// rows each), on sm_90 (compiled for sm_90a). Program (i, j) computes the
// 128x256 tile (i, j) of C, K 64 at a time, from a ring of 3 slots of
// shared memory (3 x (16 + 32) KiB) that cp.async fills 2 k-steps ahead:
//
//   prologue: copy k-tiles 0 and 1 into slots 0 and 1 (one commit group
//             each; a tile past K reads nothing and is all zeros)
//   step kt:  wait until k-tile kt has landed (at most 1 newer group
//             pending) + barrier; start the wgmmas of k-tile kt (async);
//             wait until at most 1 wgmma group is in flight (kt - 1 done in
//             this warpgroup); barrier (kt - 1 done in every warpgroup, so
//             its slot is free); copy k-tile kt + 2 into it; commit
//   epilogue: wait for the last wgmmas and copies, convert, store.
//
// The two barriers per step order the slots: the one in layout.async_wait
// makes the copies of every thread visible before any warpgroup reads the
// slot, the second keeps a slot from being overwritten while the other
// warpgroup's wgmmas may still read it. Tiles past K and the edges of M
// and N are zero-filled by the copies (cp.async source size) and dropped
// by the store.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]>
#sA = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#sB = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @matmul_pipelined(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %bufA = layout.local_alloc : !layout.memdesc<3x128x64xf16, #sA>
  %bufB = layout.local_alloc : !layout.memdesc<3x64x256xf16, #sB>

  // Prologue: k-tiles 0 and 1.
  %a0 = layout.memdesc_index %bufA[%c0] : !layout.memdesc<3x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
  %b0 = layout.memdesc_index %bufB[%c0] : !layout.memdesc<3x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
  tile.async_load_tile %va[%pm, %c0] padding = zero, %a0 : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #sA>
  tile.async_load_tile %vb[%c0, %pn] padding = zero, %b0 : !tile.view<?x?xf16> -> !layout.memdesc<64x256xf16, #sB>
  layout.async_commit_group
  %a1 = layout.memdesc_index %bufA[%c1] : !layout.memdesc<3x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
  %b1 = layout.memdesc_index %bufB[%c1] : !layout.memdesc<3x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
  tile.async_load_tile %va[%pm, %c1] padding = zero, %a1 : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #sA>
  tile.async_load_tile %vb[%c1, %pn] padding = zero, %b1 : !tile.view<?x?xf16> -> !layout.memdesc<64x256xf16, #sB>
  layout.async_commit_group

  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x256xf32, #mma>) : i32 {
    layout.async_wait {num = 1 : i32}
    %slot = arith.remui %kt, %c3 : i32
    %sa = layout.memdesc_index %bufA[%slot] : !layout.memdesc<3x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
    %sb = layout.memdesc_index %bufB[%slot] : !layout.memdesc<3x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
    %d = tile.dot %sa, %sb, %sum async
         : !layout.memdesc<128x64xf16, #sA>, !layout.memdesc<64x256xf16, #sB>
         -> tensor<128x256xf32, #mma>
    %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma>
    layout.barrier
    %nk = arith.addi %kt, %c2 : i32
    %nslot = arith.remui %nk, %c3 : i32
    %na = layout.memdesc_index %bufA[%nslot] : !layout.memdesc<3x128x64xf16, #sA> -> !layout.memdesc<128x64xf16, #sA>
    %nb = layout.memdesc_index %bufB[%nslot] : !layout.memdesc<3x64x256xf16, #sB> -> !layout.memdesc<64x256xf16, #sB>
    tile.async_load_tile %va[%pm, %nk] padding = zero, %na : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #sA>
    tile.async_load_tile %vb[%nk, %pn] padding = zero, %nb : !tile.view<?x?xf16> -> !layout.memdesc<64x256xf16, #sB>
    layout.async_commit_group
    scf.yield %next : tensor<128x256xf32, #mma>
  }
  %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x256xf32, #mma>
  layout.async_wait {num = 0 : i32}
  %out = arith.truncf %done : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
