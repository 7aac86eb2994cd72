// C = A * B on Hopper with TMA and asynchronous wgmma: f16 inputs, f32
// accumulation, f16 output, any M, N, K; A and B row major with row strides
// (sam, sbk, in elements) that are multiples of 8 (16 bytes, as TMA needs;
// the launcher refuses others), and 16-byte aligned.
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps (two warpgroups), on
// sm_90 (compiled for sm_90a). Program (i, j) computes the 128x128 tile (i, j)
// of C, K 64 at a time, through a 3-slot ring of shared-memory buffers:
//
//   - slot s holds the A tile (128x64, one 128-byte swizzled TMA box) and
//     the B tile (64x128, two boxes) of k-steps s, s + 3, ...; TMA loads
//     fill it and complete on the slot's mbarrier (32768 transaction bytes);
//     the parts of a tile past M, N or K arrive as zeros;
//   - the prologue issues the loads of k-steps 0 and 1; step kt waits for
//     its slot's barrier with phase parity (kt / 3) & 1, issues its wgmma
//     asynchronously, waits until only that one is in flight (so step
//     kt - 1's wgmma, which read slot (kt - 1) % 3, is done in this
//     warpgroup), synchronizes the CTA (the other warpgroup too), and only
//     then refills slot (kt + 2) % 3 = (kt - 1) % 3 with the loads of step
//     kt + 2: two loads in flight behind the math.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_tma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %c: !tile.ptr<f16>,
                        %m: i32, %n: i32, %k: i32,
                        %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16>
        -> !layout.tensordesc<128x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x128xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<3x128x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<3x64x128xf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  scf.for %s = %c0 to %c3 step %c1 : i32 {
    %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  }
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c128 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32

  // Prologue: the loads of k-steps 0 and 1 (those that exist).
  scf.for %s = %c0 to %c2 step %c1 : i32 {
    %exists = arith.cmpi slt, %s, %ktiles : i32
    scf.if %exists {
      %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
      %kk = arith.muli %s, %c64 : i32
      layout.barrier_expect %bar, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %bar
          : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %bar
          : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }

  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32, #mma>) : i32 {
    %s = arith.remsi %kt, %c3 : i32
    %round = arith.divsi %kt, %c3 : i32
    %phase = arith.andi %round, %c1 : i32
    %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %bar, %phase : !layout.memdesc<1xi64, #bl>
    %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
    %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
    %d = tile.dot %ta, %tb, %sum async
         : !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<64x128xf16, #nv>
         -> tensor<128x128xf32, #mma>
    %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x128xf32, #mma>
    // Refill the slot step kt - 1 read, with step kt + 2.
    %kn = arith.addi %kt, %c2 : i32
    %more = arith.cmpi slt, %kn, %ktiles : i32
    scf.if %more {
      layout.barrier
      %ns = arith.remsi %kn, %c3 : i32
      %nbar = layout.memdesc_index %bars[%ns] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %na = layout.memdesc_index %sa[%ns] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %nb = layout.memdesc_index %sb[%ns] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
      %kk = arith.muli %kn, %c64 : i32
      layout.barrier_expect %nbar, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %na, %nbar
          : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %nb, %nbar
          : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %next : tensor<128x128xf32, #mma>
  }
  %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x128xf32, #mma>
  %out = arith.truncf %done : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
